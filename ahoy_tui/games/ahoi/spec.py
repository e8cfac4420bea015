"""Ahoi behind the lobby's game interface (``games.base``; AHOI-RULES.md, docs/ahoi.md).

``AHOI`` is the registry entry; :class:`AhoiMatch` wraps one
:class:`~ahoy_tui.games.ahoi.game.AhoiGame` with the table option that
changes it: ``memory_aid`` (AH15).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, Sequence

from ahoy_tui.games.ahoi.actions import FirstLook
from ahoy_tui.games.ahoi.bots import BOT_KINDS, make_bot
from ahoy_tui.games.ahoi.events import AhoiEvent
from ahoy_tui.games.ahoi.game import AhoiGame
from ahoy_tui.games.ahoi.replay import project, replay_steps
from ahoy_tui.games.ahoi.rules import awaiting
from ahoy_tui.games.ahoi.state import AhoiPhase, State
from ahoy_tui.games.ahoi.stats import STAT_LINES, game_stats
from ahoy_tui.games.ahoi.view import AhoiView
from ahoy_tui.games.ahoi.wire import WIRE_TYPES
from ahoy_tui.games.base import Bot, Option, Options, ReplayStep, SeatTally, StatLine, check_options, places_by_lowest
from ahoy_tui.games.kit.events import for_viewer

CLOCK_KINDS: tuple[str, ...] = ("turn",)
"""AH14: every decision (first look, turn, placement, action target) runs the turn clock."""

OPTIONS: tuple[Option, ...] = (
    Option("memory_aid", "bool", False,
           doc="AH15: each seat's view lists the values it last saw in every layout (off: memory is the skill)."),
)

TIMEOUT_LOOK = FirstLook((1, 2))
"""What a run-out clock picks for a first look (AH4)."""


class AhoiMatch:
    """One game of Ahoi at a table (a ``games.base.Match``).

    Attributes:
        game: The engine's game (state, RNG, record).
    """

    def __init__(self, seat_names: Sequence[str], options: Mapping[str, object], seed: int) -> None:
        self.game = AhoiGame(list(seat_names), bool(options.get("memory_aid", False)), seed=seed)

    @property
    def state(self) -> State:
        """The engine state (never sent: views only, AH16)."""
        return self.game.state

    @property
    def seats(self) -> list[str]:
        return self.game.seats

    @property
    def over(self) -> bool:
        return self.game.over

    @property
    def in_hand(self) -> bool:
        return self.game.state.in_round

    @property
    def between_hands(self) -> bool:
        return self.game.state.phase is AhoiPhase.NO_ROUND

    @property
    def record(self) -> list[dict]:
        return self.game.record

    @property
    def scores(self) -> tuple[int, ...]:
        return tuple(self.game.state.totals)

    @property
    def places(self) -> tuple[int, ...]:
        """The lowest total wins (AH13)."""
        return places_by_lowest(self.game.state.totals)

    def deal(self) -> list[AhoiEvent]:
        return self.game.deal()

    def act(self, seat: int, action: object) -> list[AhoiEvent]:
        """Raises: IllegalAction with the AH rule the action breaks."""
        return self.game.act(seat, action)

    def legal(self, seat: int) -> list:
        return self.game.legal(seat)

    def view(self, seat: int | None) -> AhoiView:
        return self.game.view(seat)

    def visible(self, events: Sequence[AhoiEvent], seat: int | None) -> list[AhoiEvent]:
        return for_viewer(events, seat)

    def awaiting(self) -> tuple[int, ...]:
        return awaiting(self.game.state)

    def decision_key(self) -> tuple | None:
        """One key for the whole first look (AH4); one per turn step afterwards."""
        s = self.game.state
        if not awaiting(s):
            return None
        if s.phase is AhoiPhase.FIRST_LOOK:
            return (s.round_no, s.phase.value)
        return (s.round_no, s.turn_no, s.phase.value)

    def clock_kind(self) -> str | None:
        return "turn" if awaiting(self.game.state) else None

    def timeout_action(self, seat: int, legal: Sequence[object]) -> object | None:
        """A late first look looks at positions 1 and 2 (AH4); anything else is the autopilot's."""
        if self.game.state.phase is AhoiPhase.FIRST_LOOK and TIMEOUT_LOOK in legal:
            return TIMEOUT_LOOK
        return None

    def is_interrupt(self, action: object) -> bool:
        """Nothing in Ahoi is out of turn („Ahoi“ is called on one's own turn, AH10)."""
        return False

    def auto_pass(self, seat: int, legal: Sequence[object]) -> object | None:
        return None

    def own_events(self, events: Sequence[AhoiEvent], seat: int) -> list[AhoiEvent]:
        """``seat``'s public moves (first look, draw, take, place, discard, Lupe, Fernrohr,
        Tauschen, Ahoi); its private peeks are left out: their values are shown only for a
        moment, never in a log (AH15)."""
        return [e for e in events if e.to is None and e.kind in _OWN_PUBLIC and e.data.get("seat") == seat]


_OWN_PUBLIC = frozenset({"first_look", "draw", "take_discard", "discard", "place", "lupe", "fernrohr",
                         "tauschen", "ahoi"})
"""Public events that are a seat's own move (``own_events``)."""


@dataclass(frozen=True)
class AhoiSpec:
    """Ahoi as the lobby's registry knows it (a ``games.base.GameSpec``)."""

    name: str = "ahoi"
    title: str = "Ahoi"
    min_seats: int = 2
    max_seats: int = 6
    seats_refusal: str = "an Ahoi table has 2 to 6 seats"
    options: tuple[Option, ...] = OPTIONS
    bot_kinds: tuple[str, ...] = BOT_KINDS
    clock_kinds: tuple[str, ...] = CLOCK_KINDS
    wire_types: tuple[type, ...] = WIRE_TYPES
    stat_lines: tuple[StatLine, ...] = STAT_LINES

    def validate_options(self, options: Options | Mapping[str, object]) -> Options:
        return check_options(self.options, options)

    def new_match(self, seat_names: Sequence[str], options: Options, seed: int) -> AhoiMatch:
        return AhoiMatch(seat_names, dict(options), seed)

    def make_bot(self, kind: str, seed: int) -> Bot:
        return make_bot(kind, seed)

    def project(self, record: Sequence[dict], seat: int | None) -> list[dict]:
        return project(record, seat)

    def replay_steps(self, record: Sequence[dict], seat: int) -> list[ReplayStep]:
        """Each line as the seat saw it (``replay.AhoiStep``: its view then, AH16)."""
        return replay_steps(record, seat)

    def stats(self, record: Sequence[dict]) -> list[SeatTally]:
        """Rounds won, „Ahoi“ calls, penalties, actions and matches per seat (``ahoi.stats``).

        Raises:
            ValueError: the record does not replay.
        """
        return game_stats(record)


AHOI = AhoiSpec()

__all__ = ["AHOI", "AhoiSpec", "AhoiMatch", "OPTIONS", "CLOCK_KINDS", "TIMEOUT_LOOK"]

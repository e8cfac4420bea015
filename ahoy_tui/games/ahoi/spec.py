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
from ahoy_tui.games.ahoi.game import AhoiGame
from ahoy_tui.games.ahoi.replay import project, replay_steps
from ahoy_tui.games.ahoi.rules import awaiting
from ahoy_tui.games.ahoi.state import AhoiPhase
from ahoy_tui.games.ahoi.stats import STAT_LINES, game_stats
from ahoy_tui.games.ahoi.wire import WIRE_TYPES
from ahoy_tui.games.base import Option, StatLine
from ahoy_tui.games.kit.spec import KitMatch, KitSpec

CLOCK_KINDS: tuple[str, ...] = ("turn",)
"""AH14: every decision (first look, turn, placement, action target) runs the turn clock."""

OPTIONS: tuple[Option, ...] = (
    Option("memory_aid", "bool", False,
           doc="AH15: each seat's view lists the values it last saw in every layout (off: memory is the skill)."),
)

TIMEOUT_LOOK = FirstLook((1, 2))
"""What a run-out clock picks for a first look (AH4)."""


_OWN_PUBLIC = frozenset({"first_look", "draw", "take_discard", "discard", "place", "lupe", "fernrohr",
                         "tauschen", "ahoi"})
"""Public events that are a seat's own move (``own_events``); its private peeks are left out:
their values are shown only for a moment, never in a log (AH15)."""


class AhoiMatch(KitMatch):
    """One game of Ahoi at a table (a ``games.base.Match``; the pass-through part is the kit's:
    nothing in Ahoi is out of turn, „Ahoi“ is called on one's own turn, AH10).

    Attributes:
        game: The engine's game (state, RNG, record).
    """

    rules_awaiting = staticmethod(awaiting)
    OWN_PUBLIC = _OWN_PUBLIC

    def __init__(self, seat_names: Sequence[str], options: Mapping[str, object], seed: int) -> None:
        self.game = AhoiGame(list(seat_names), bool(options.get("memory_aid", False)), seed=seed)

    @property
    def in_hand(self) -> bool:
        return self.game.state.in_round

    @property
    def between_hands(self) -> bool:
        return self.game.state.phase is AhoiPhase.NO_ROUND

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


@dataclass(frozen=True)
class AhoiSpec(KitSpec):
    """Ahoi as the lobby's registry knows it (a ``games.base.GameSpec``): options, bots,
    projections and replay steps (``replay``: ``AhoiStep``, the seat's view then, AH16) and stats
    (rounds won, „Ahoi“ calls, penalties, actions and matches, ``stats``; ValueError for a record
    that does not replay)."""

    MATCH = AhoiMatch
    BOTS = staticmethod(make_bot)
    PROJECT = staticmethod(project)
    REPLAY_STEPS = staticmethod(replay_steps)
    STATS = staticmethod(game_stats)
    CLI = "ahoy_tui.games.ahoi.cli"

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


AHOI = AhoiSpec()

__all__ = ["AHOI", "AhoiSpec", "AhoiMatch", "OPTIONS", "CLOCK_KINDS", "TIMEOUT_LOOK"]

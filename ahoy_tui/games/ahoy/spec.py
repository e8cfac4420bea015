"""AHOY!! V2 behind the lobby's game interface (``games.base``; RULES.md).

``AHOY`` is the registry entry; :class:`AhoyMatch` wraps one
:class:`ahoy_tui.games.ahoy.game.Game` with the table options that change it:
``limit`` (R15), ``ace_low`` (R2), ``verified_step_in`` (R9.2) and
``reveal`` (the house rule beside R18, ``game.reveal``). The refusal
sentences are the lobby's (tests and docs/lobby-api.md quote them).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, Sequence

from ahoy_tui.games.ahoy import actions as A
from ahoy_tui.games.ahoy.bots import BOT_KINDS, make_bot
from ahoy_tui.games.ahoy.engine import awaiting
from ahoy_tui.games.ahoy.errors import RuleError
from ahoy_tui.games.ahoy.game import Game
from ahoy_tui.games.ahoy.replay import project
from ahoy_tui.games.ahoy.replay_steps import replay_steps
from ahoy_tui.games.ahoy.reveal import reveal_events
from ahoy_tui.games.ahoy.state import LIMIT_PRESETS as _PRESETS_BY_NAME
from ahoy_tui.games.ahoy.state import HandResult, Phase, Settings
from ahoy_tui.games.ahoy.stats import STAT_LINES, game_stats
from ahoy_tui.games.ahoy.view import PlayerView
from ahoy_tui.games.base import IllegalAction, Option, StatLine
from ahoy_tui.games.kit.events import Event
from ahoy_tui.games.kit.spec import KitMatch, KitSpec

LIMIT_PRESETS: tuple[int, ...] = tuple(_PRESETS_BY_NAME.values())
"""The point limits the create-table dialog offers (R15)."""

CLOCK_KINDS: tuple[str, ...] = ("turn", "respond", "step_in", "choose", "exchange", "hands_up", "discard")

#: Which clock each phase runs (R17; the draw uses the turn clock).
PHASE_CLOCK: dict[Phase, str] = {
    Phase.DRAW: "turn", Phase.ACTION: "turn", Phase.RESPOND: "respond", Phase.STEP_IN: "step_in",
    Phase.CHOOSE_PARTNER: "choose", Phase.EXCHANGE: "exchange", Phase.LAY_DOWN: "hands_up",
    Phase.PICK: "hands_up", Phase.DISCARD: "discard",
}

OPTIONS: tuple[Option, ...] = (
    Option("limit", "int", 100, low=20, high=1000,
           refusal="the point limit is 50, 100, 150, 200 or a whole number from 20 to 1000",
           doc="Point limit (R15); presets 50/100/150/200.", presets=LIMIT_PRESETS),
    Option("ace_low", "bool", False, doc="House rule R2: A may stand below 2 in a treasure."),
    Option("verified_step_in", "bool", False, doc="House rule R9.2: only true holders may step in."),
    Option("reveal", "bool", True,
           doc="House rule beside R18: once a hand is over everyone sees its deals (game.reveal)."),
)

WIRE_TYPES: tuple[type, ...] = (A.Draw, A.Offer, A.HandsUp, A.Respond, A.StepIn, A.Pass, A.ChoosePartner,
                                A.Exchange, A.LayDown, A.Pick, A.Discard, A.Ahoy, Event, PlayerView,
                                HandResult, Phase)


_OWN_PUBLIC = frozenset({"offered", "hands_up", "responded", "stepped_in", "passed", "discarded", "ahoy",
                         "drew_nothing"})
"""Public events that are a seat's own move (``own_events``); ``drew``, ``laid_down`` and
``picked`` are left out: the seat's private event says the same with the card."""


class AhoyMatch(KitMatch):
    """One game of AHOY!! V2 at a table (a ``games.base.Match``; the pass-through part is the kit's).

    Attributes:
        game: The engine's game (state, RNG, record).
        reveal: The reveal house rule is on.
    """

    rules_awaiting = staticmethod(awaiting)
    OWN_PUBLIC = _OWN_PUBLIC
    OWN_PRIVATE = True
    """Events addressed to the seat alone are its own: the card drawn, received, laid down, taken or lost."""

    def __init__(self, seat_names: Sequence[str], options: Mapping[str, object], seed: int) -> None:
        settings = Settings(limit=options["limit"], ace_low=options["ace_low"],
                            verified_step_in=options["verified_step_in"])
        self.game = Game(list(seat_names), settings, seed=seed)
        self.reveal = bool(options["reveal"])
        self._history: list[Event] = []

    @property
    def seed(self) -> int | None:
        return self.game.seed

    @property
    def in_hand(self) -> bool:
        return self.game.state.hand_in_progress

    @property
    def between_hands(self) -> bool:
        return self.game.state.phase is Phase.NO_HAND

    def deal(self) -> list[Event]:
        events = self.game.deal()
        self._history.extend(events)
        return events

    def act(self, seat: int, action: A.Action) -> list[Event]:
        """Apply the action; adds the ``reveal`` event when it ends a hand and the option is on.

        Raises:
            IllegalAction: with the engine's rule id and sentence.
        """
        try:
            events = self.game.act(seat, action)
        except RuleError as e:
            raise IllegalAction(e.rule, e.message) from None
        events += reveal_events(self._history, events, self.reveal)
        self._history.extend(events)
        return events

    def decision_key(self) -> tuple | None:
        s = self.game.state
        return (s.hand_no, s.phase, s.active) if awaiting(s) else None

    def clock_kind(self) -> str | None:
        return PHASE_CLOCK.get(self.game.state.phase)

    def timeout_action(self, seat: int, legal: Sequence[A.Action]) -> A.Action | None:
        """A late accept/decline declines (R9.1); a late step-in answer passes (R9.2);
        anything else is the autopilot's choice (R17)."""
        phase = self.game.state.phase
        if phase is Phase.RESPOND:
            return A.Respond(False)
        if phase is Phase.STEP_IN:
            return A.Pass()
        return None

    def is_interrupt(self, action: A.Action) -> bool:
        return isinstance(action, A.Ahoy)

    def auto_pass(self, seat: int, legal: Sequence[A.Action]) -> A.Action | None:
        if (self.game.state.phase is Phase.STEP_IN and seat in awaiting(self.game.state)
                and A.Pass() in legal and not any(isinstance(a, A.Ahoy) for a in legal)):
            return A.Pass()
        return None


@dataclass(frozen=True)
class AhoySpec(KitSpec):
    """AHOY!! V2 as the lobby's registry knows it (a ``games.base.GameSpec``): options, bots,
    projections (``replay.project``), replay steps (``replay_steps.Moment``: the seat's hand, piles
    and counts, R18) and stats (AHOY! calls, HANDS UP!, offers, lies and BIGGEST LOSER, ``stats``)."""

    MATCH = AhoyMatch
    BOTS = staticmethod(make_bot)
    PROJECT = staticmethod(project)
    REPLAY_STEPS = staticmethod(replay_steps)
    STATS = staticmethod(game_stats)
    CLI = "ahoy_tui.games.ahoy.cli"

    name: str = "ahoy"
    title: str = "AHOY!! V2"
    min_seats: int = 2
    max_seats: int = 8
    seats_refusal: str = "a table has 2 to 8 seats"
    options: tuple[Option, ...] = OPTIONS
    bot_kinds: tuple[str, ...] = BOT_KINDS
    clock_kinds: tuple[str, ...] = CLOCK_KINDS
    wire_types: tuple[type, ...] = WIRE_TYPES
    stat_lines: tuple[StatLine, ...] = STAT_LINES


AHOY = AhoySpec()

"""The full game state, settings and phases (DESIGN.md, "The engine").

Only the table that owns a game holds a :class:`State`; everything above the
engine sees views (``view.py``). Piles hold physical card ids (``cards``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from ahoy_tui.games.ahoy.errors import RuleError

#: The limit presets of R15, by name.
LIMIT_PRESETS: dict[str, int] = {"quick": 50, "normal": 100, "long": 150, "night": 200}
HAND_SIZE = 5


class Phase(str, Enum):
    """Where a hand stands; each phase names who may act (R5–R12)."""

    NO_HAND = "no_hand"          # before the first deal, or between hands
    DRAW = "draw"                # active seat draws (R6)
    ACTION = "action"            # active seat offers or plays HANDS UP! (R7, R8)
    RESPOND = "respond"          # addressed seat accepts or declines (R9.1)
    STEP_IN = "step_in"          # others step in or pass (R9.2)
    CHOOSE_PARTNER = "choose_partner"  # offerer picks among steppers (R9.3)
    EXCHANGE = "exchange"        # both traders lock a card (R10)
    LAY_DOWN = "lay_down"        # HANDS UP! target lays cards down (R7)
    PICK = "pick"                # HANDS UP! player picks one (R7)
    DISCARD = "discard"          # active seat discards (R11)
    GAME_OVER = "game_over"      # R15


@dataclass(frozen=True, slots=True)
class Settings:
    """Table settings that change the rules.

    Attributes:
        limit: Point limit, 20..1000 (R15).
        ace_low: House rule: A may stand below 2 in a treasure (R2).
        verified_step_in: House rule: only true holders may step in (R9.2).
        max_reshuffles: Becalm a hand after this many rebuilds (R16); None
            for people's tables.

    Raises:
        RuleError: R15 for a limit outside 20..1000, R16 for a negative or
            non-integer ``max_reshuffles``.
    """

    limit: int = 100
    ace_low: bool = False
    verified_step_in: bool = False
    max_reshuffles: int | None = None

    def __post_init__(self) -> None:
        if isinstance(self.limit, bool) or not isinstance(self.limit, int) or not 20 <= self.limit <= 1000:
            raise RuleError("R15", f"limit must be a whole number from 20 to 1000, not {self.limit!r}")
        m = self.max_reshuffles
        if m is not None and (isinstance(m, bool) or not isinstance(m, int) or m < 0):
            raise RuleError("R16", f"max_reshuffles must be a whole number ≥ 0 or null, not {m!r}")

    def as_dict(self) -> dict:
        """Record header form (RECORDS.md)."""
        return {"limit": self.limit, "ace_low": self.ace_low,
                "verified_step_in": self.verified_step_in, "max_reshuffles": self.max_reshuffles}


@dataclass(frozen=True, slots=True)
class HandResult:
    """A scored hand (R14): ``winner`` is None when becalmed (R16)."""

    hand: int
    winner: int | None
    scores: tuple[int, ...]
    totals: tuple[int, ...]


@dataclass(slots=True)
class State:
    """Everything about one game. Mutated only through ``engine.apply``.

    Piles: ``draw_pile[-1]`` is the top (next card drawn); ``discard[-1]`` is
    the top discard. ``hands[s]`` includes cards laid face down by ``s``
    (``laid_down``) and a card locked for an exchange (``locked``).
    """

    players: int
    settings: Settings
    phase: Phase = Phase.NO_HAND
    hand_no: int = 0
    first_seat: int = -1
    active: int = -1
    hands: list[list[int]] = field(default_factory=list)
    draw_pile: list[int] = field(default_factory=list)
    discard: list[int] = field(default_factory=list)
    totals: list[int] = field(default_factory=list)
    results: list[HandResult] = field(default_factory=list)
    drawn: list[bool] = field(default_factory=list)
    dealt_lock: list[bool] = field(default_factory=list)
    reshuffles: int = 0
    # offer (R8, R9)
    offer_want: int = -1
    offer_give: int = -1
    addressed: int = -1
    step_eligible: tuple[int, ...] = ()
    step_answers: dict[int, bool] = field(default_factory=dict)
    partner: int = -1
    locked: dict[int, int] = field(default_factory=dict)
    # HANDS UP! (R7)
    target: int = -1
    laid_down: list[int] = field(default_factory=list)
    # end (R12, R15)
    ahoy_cards: tuple[int, ...] = ()
    revealed: tuple[tuple[int, ...], ...] | None = None
    winners: tuple[int, ...] = ()
    biggest_losers: tuple[int, ...] = ()

    def copy(self) -> "State":
        """A copy sharing nothing mutable with this state (cheap: lists only)."""
        s = State.__new__(State)
        for name in State.__slots__:  # type: ignore[attr-defined]
            setattr(s, name, getattr(self, name))
        s.hands = [list(h) for h in self.hands]
        s.draw_pile = list(self.draw_pile)
        s.discard = list(self.discard)
        s.totals = list(self.totals)
        s.results = list(self.results)
        s.drawn = list(self.drawn)
        s.dealt_lock = list(self.dealt_lock)
        s.step_answers = dict(self.step_answers)
        s.locked = dict(self.locked)
        s.laid_down = list(self.laid_down)
        return s

    @property
    def hand_in_progress(self) -> bool:
        """True from a deal until AHOY!, becalming or game over."""
        return self.phase not in (Phase.NO_HAND, Phase.GAME_OVER)

    def next_seat(self, seat: int) -> int:
        """The next player in play order (R4)."""
        return (seat + 1) % self.players

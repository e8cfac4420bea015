"""The full Ahoi state, its phases and round results (AHOI-RULES.md).

Only the table that owns a game holds a :class:`State`; everything above the
engine sees views (``view.py``). Piles and layouts hold physical card ids
(``cards``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from ahoy_tui.games.ahoi.events import AhoiEvent

TARGET = 101
"""A total at or above this ends the game (AH13)."""
PENALTY = 5
"""Added to a caller who does not have the lowest sum (AH12)."""


class AhoiPhase(str, Enum):
    """Where a round stands; each phase names who may act (AH4, AH5)."""

    NO_ROUND = "no_round"      # before the first deal, or between rounds
    FIRST_LOOK = "first_look"  # every seat that has not looked picks two positions (AH4)
    TURN = "turn"              # the active seat takes, draws or calls (AH5)
    DRAWN = "drawn"            # the active seat holds a card drawn from the draw pile (AH5.2)
    TAKEN = "taken"            # the active seat holds the taken discard and must place it (AH5.1)
    GAME_OVER = "game_over"    # AH13


@dataclass(frozen=True, slots=True)
class RoundResult:
    """One scored round (AH11, AH12).

    Attributes:
        round: 1-based round number.
        caller: The seat that called „Ahoi“, or None.
        sums: Every layout's sum.
        scores: What each seat added this round (0 for the round's winners).
        totals: Running totals after this round.
    """

    round: int
    caller: int | None
    sums: tuple[int, ...]
    scores: tuple[int, ...]
    totals: tuple[int, ...]


@dataclass
class State:
    """Everything about one game of Ahoi (never sent: views only, AH16).

    Attributes:
        players: Seats, 2..6 (AH1).
        round_no: Rounds dealt so far.
        dealer: This round's dealer (AH3), -1 before the first deal.
        phase: See :class:`AhoiPhase`.
        active: The seat whose turn it is (turn phases), else -1.
        layouts: Per seat, its layout's physical ids, position 1 first (AH2).
        draw_pile: Physical ids, top first.
        discard: Physical ids, bottom first (top is last).
        held: The card the active seat holds (DRAWN, TAKEN), else -1.
        looked: Per seat: has had its first look this round (AH4).
        caller: The seat that called „Ahoi“ this round, or -1 (AH10).
        last_turns: Seats still to take their last turn after the call, in order.
        turn_no: Turns started this round (a decision key).
        totals, results: Running totals and every scored round (AH12).
        revealed: Every layout's values once the round ended (AH11), until the next deal.
        winners, losers: Set when the game ends (AH13).
        memory_aid: The AH15 table option.
        log: This round's events (all visibilities), for views' ``recent``.
        marks: Per seat (and one more for spectators): index in ``log`` where its ``recent`` starts.
        memories: With the memory aid, one ``memory.Memory`` per seat and one for spectators (AH15).
    """

    players: int
    memory_aid: bool = False
    round_no: int = 0
    dealer: int = -1
    phase: AhoiPhase = AhoiPhase.NO_ROUND
    active: int = -1
    layouts: list[list[int]] = field(default_factory=list)
    draw_pile: list[int] = field(default_factory=list)
    discard: list[int] = field(default_factory=list)
    held: int = -1
    looked: list[bool] = field(default_factory=list)
    caller: int = -1
    last_turns: list[int] = field(default_factory=list)
    turn_no: int = 0
    totals: list[int] = field(default_factory=list)
    results: list[RoundResult] = field(default_factory=list)
    revealed: tuple[tuple[int, ...], ...] | None = None
    winners: tuple[int, ...] = ()
    losers: tuple[int, ...] = ()
    log: list[AhoiEvent] = field(default_factory=list)
    marks: list[int] = field(default_factory=list)
    memories: list = field(default_factory=list)

    @property
    def in_round(self) -> bool:
        """A round is being played (first look or turns)."""
        return self.phase not in (AhoiPhase.NO_ROUND, AhoiPhase.GAME_OVER)

"""The baseline Ahoi bot (issue 18).

It remembers what its view showed it (a :class:`~ahoy_tui.games.ahoi.memory.Memory`
fed with the view's ``recent`` events, or the memory aid's ``known`` when the
table has it on, AH15), counts an unknown card as the average of the cards it
has not seen, keeps low cards and places over known equal pairs (AH7, AH8),
looks with Lupe and Fernrohr, swaps its highest card for a known lower one
or an unknown one (Tauschen, AH9), and calls „Ahoi“ (AH10) when its
estimated sum is low and lower than everyone else's.
"""

from __future__ import annotations

import random
from itertools import combinations
from typing import Sequence

from ahoy_tui.games.ahoi import cards as C
from ahoy_tui.games.ahoi.actions import (CallAhoi, DiscardDrawn, DrawCard, Fernrohr, FirstLook, Lupe, Place,
                                        TakeDiscard, Tauschen)
from ahoy_tui.games.ahoi.memory import Memory
from ahoy_tui.games.ahoi.state import AhoiPhase
from ahoy_tui.games.ahoi.view import AhoiView

CALL_AT = 9
"""Call „Ahoi“ at or below this estimated sum..."""
CALL_MARGIN = 4
"""...when also this much below every other layout's estimate."""
TAKE_AT = 3
"""Take a discard of this value or less without a known higher card to replace."""


class BaselineBot:
    """See the module docstring. One bot per seat per game; never raises on a legal list."""

    name = "baseline"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.memory = Memory(None)
        self.round = -1
        self.seen: tuple = ()

    def choose(self, view: AhoiView, legal: Sequence[object]) -> object:
        try:
            self._remember(view)
            return self._decide(view, legal)
        except (KeyError, IndexError, TypeError, ValueError):
            return legal[self.rng.randrange(len(legal))]

    # -- memory ---------------------------------------------------------------------------

    def _remember(self, view: AhoiView) -> None:
        self.memory.seat = view.seat
        if view.round_no != self.round:
            self.round, self.seen = view.round_no, ()
            self.memory.table = [[None] * n for n in view.layout_sizes]
        recent = view.recent
        # asked again before acting (a stale or timed-out decision): the same events come first
        start = len(self.seen) if recent[:len(self.seen)] == self.seen and self.seen else 0
        self.memory.see_all(recent[start:])
        self.seen = recent
        if view.known is not None:
            self.memory.table = [list(row) for row in view.known]
        if [len(r) for r in self.memory.table] != list(view.layout_sizes):
            self.memory.table = [[None] * n for n in view.layout_sizes]

    def _guess(self, view: AhoiView) -> float:
        """The average value of the cards this bot has not seen in a layout or on the discard top."""
        seen = [v for row in self.memory.table for v in row if v is not None]
        if view.discard_top is not None:
            seen.append(view.discard_top)
        if view.held is not None:
            seen.append(view.held)
        rest = C.DECK_SIZE - len(seen)
        return (sum(C.VALUES) - sum(seen)) / rest if rest > 0 else 6.5

    def _estimate(self, seat: int, guess: float) -> float:
        return sum(guess if v is None else v for v in self.memory.table[seat])

    # -- decisions ------------------------------------------------------------------------

    def _decide(self, view: AhoiView, legal: Sequence[object]) -> object:
        if view.phase is AhoiPhase.FIRST_LOOK:
            return next(a for a in legal if isinstance(a, FirstLook))
        me = view.seat
        guess = self._guess(view)
        if view.phase is AhoiPhase.TURN:
            return self._turn(view, legal, me, guess)
        gain, place = self._best_place(me, view.held, guess)
        if view.phase is AhoiPhase.TAKEN or gain > 1.0 or (gain > 0 and view.held is not None and view.held <= 4):
            return place
        act = self._action(view, legal, me, guess)
        return act if act is not None else DiscardDrawn()

    def _turn(self, view: AhoiView, legal: Sequence[object], me: int, guess: float) -> object:
        mine = self._estimate(me, guess)
        others = [self._estimate(s, guess) for s in range(view.players) if s != me]
        if CallAhoi() in legal and mine <= CALL_AT and mine + CALL_MARGIN <= min(others):
            return CallAhoi()
        top = view.discard_top
        if top is not None and TakeDiscard() in legal:
            gain, _ = self._best_place(me, top, guess)
            if gain >= 3 or (top <= TAKE_AT and gain > 0):
                return TakeDiscard()
        return DrawCard()

    def _best_place(self, me: int, card: int | None, guess: float) -> tuple[float, Place]:
        """The placement that lowers the estimated sum most, and by how much (AH7, AH8)."""
        row = self.memory.table[me]
        value = guess if card is None else card
        best: tuple[float, Place] = (-99.0, Place((1,)))
        for p, v in enumerate(row, 1):
            gain = (guess if v is None else v) - value - (0.5 if v is None else 0)
            if gain > best[0]:
                best = (gain, Place((p,)))
        for size in (3, 2):
            for ps in combinations(range(1, len(row) + 1), size):
                vals = {row[p - 1] for p in ps}
                if None not in vals and len(vals) == 1:
                    gain = size * vals.pop() - value
                    if gain > best[0]:
                        best = (gain, Place(ps))
        return best

    def _action(self, view: AhoiView, legal: Sequence[object], me: int, guess: float) -> object | None:
        row = self.memory.table[me]
        unknown_mine = [p for p, v in enumerate(row, 1) if v is None]
        for a in legal:
            if isinstance(a, Lupe) and unknown_mine:
                return Lupe(unknown_mine[0])
        swaps = [a for a in legal if isinstance(a, Tauschen)]
        if swaps:
            return self._swap(swaps, row, guess)
        looks = [a for a in legal if isinstance(a, Fernrohr) and self.memory.table[a.target][a.target_position - 1]
                 is None]
        return looks[self.rng.randrange(len(looks))] if looks else None

    def _swap(self, swaps: list[Tauschen], row: list[int | None], guess: float) -> Tauschen | None:
        """Swap the highest own card away for the lowest card elsewhere (known or estimated)."""
        best, pick = 2.0, None
        for a in swaps:
            mine = row[a.position - 1]
            theirs = self.memory.table[a.target][a.target_position - 1]
            gain = (guess if mine is None else mine) - (guess if theirs is None else theirs)
            if gain > best:
                best, pick = gain, a
        return pick

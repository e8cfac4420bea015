"""The baseline bot, also the autopilot for absent players (RULES.md R17).

It picks the treasure it is closest to, asks for a card it needs (sometimes
bluffing), trades away its least useful card, plays HANDS UP! whenever it
can, steps in when the offered card helps, calls AHOY! as soon as it may,
and discards by usefulness and point value. It sees only its view and the
legal actions.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Sequence

from ahoy_tui.games.ahoy import cards as C
from ahoy_tui.games.ahoy.actions import (Action, Ahoy, ChoosePartner, Discard, Draw, Exchange, HandsUp, LayDown, Offer,
                                         Pass, Pick, Respond, StepIn)
from ahoy_tui.games.ahoy.bots.base import by_kind
from ahoy_tui.games.ahoy.treasure import all_treasures
from ahoy_tui.games.ahoy.view import PlayerView

BLUFF_RATE = 0.2


class BaselineBot:
    """A sensible, deterministic-per-seed policy for every decision."""

    name = "baseline"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    # -- assessment ---------------------------------------------------------------

    def _runs(self, view: PlayerView) -> list[tuple[float, tuple[int, ...]]]:
        """Treasures scored by closeness: held cards minus dead missing cards."""
        held = set(view.hand)
        copies = 1 if view.players <= 4 else 2
        dead = {i for i, k in Counter(view.discard).items() if k >= copies} - held
        scored = []
        for run in all_treasures(view.ace_low):
            if dead.isdisjoint(run):
                scored.append((len(held.intersection(run)) + self.rng.random() * 0.01, run))
        scored.sort(reverse=True)
        return scored

    def _usefulness(self, view: PlayerView) -> dict[int, float]:
        use: dict[int, float] = {i: 0.0 for i in view.hand}
        for score, run in self._runs(view)[:6]:
            for i in run:
                if i in use:
                    use[i] = max(use[i], score)
        if C.JOKER in use:
            use[C.JOKER] = 0.5  # worth keeping for a HANDS UP!, but not much
        return use

    def _worst(self, view: PlayerView, pool: Sequence[int]) -> int:
        use = self._usefulness(view)
        return min(pool, key=lambda i: (use.get(i, 0.0), -C.value(i), i))

    def _needed(self, view: PlayerView) -> list[int]:
        runs = self._runs(view)
        if not runs:
            return []
        best = runs[0][1]
        return [i for i in best if i not in view.hand]

    # -- policy -----------------------------------------------------------------

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        kinds = by_kind(legal)
        if Ahoy in kinds:
            return kinds[Ahoy][0]
        if Draw in kinds:
            return kinds[Draw][0]
        if HandsUp in kinds:
            targets = [a.target for a in kinds[HandsUp]]  # type: ignore[attr-defined]
            best = max(targets, key=lambda t: (view.hand_sizes[t], -view.totals[t], -t))
            return HandsUp(best)
        if Offer in kinds:
            return self._offer(view)
        if Respond in kinds:
            return self._respond(view, kinds[Respond])
        if StepIn in kinds or Pass in kinds:
            if StepIn in kinds and view.offer and view.offer[3] in self._needed(view):
                return StepIn()
            return Pass()
        if ChoosePartner in kinds:
            return kinds[ChoosePartner][self.rng.randrange(len(kinds[ChoosePartner]))]
        if Exchange in kinds:
            pool = [a.card for a in kinds[Exchange]]  # type: ignore[attr-defined]
            return Exchange(self._worst(view, pool))
        if LayDown in kinds:
            use = self._usefulness(view)
            return min(kinds[LayDown], key=lambda a: (sum(use.get(i, 0) for i in a.cards),  # type: ignore
                                                      -sum(C.value(i) for i in a.cards)))  # type: ignore
        if Pick in kinds:
            return kinds[Pick][self.rng.randrange(len(kinds[Pick]))]
        if Discard in kinds:
            pool = [a.card for a in kinds[Discard]]  # type: ignore[attr-defined]
            non_joker = [i for i in pool if i != C.JOKER] or pool
            return Discard(self._worst(view, non_joker))
        return legal[0] if legal else Draw()

    def _offer(self, view: PlayerView) -> Offer:
        needed = self._needed(view)
        give = self._worst(view, [i for i in view.hand if i != C.JOKER] or list(view.hand) or [0])
        if needed and self.rng.random() >= BLUFF_RATE:
            want = self.rng.choice(needed)
        else:
            want = self.rng.randrange(52)
        return Offer(want, give)

    def _respond(self, view: PlayerView, options: list[Action]) -> Action:
        accept = Respond(True)
        if accept in options and view.offer and view.offer[3] in self._needed(view):
            return accept
        if accept in options and self.rng.random() < 0.25:
            return accept
        return Respond(False)

"""Determinized rollouts for the hard bot (RULES.md R2, R6, R18).

A *world* is one way the unseen cards could lie, consistent with what the
seat has seen: the unseen identities (``hard_memory.unseen_pool``) are put in
a weighted random order whose first ``draw_size`` cards stand for the draw
pile and the rest for the other hands. The caller gives the weights: a card
someone claimed to give (R8), or one other seats likely collect, is likelier
in their hands (lower weight); an unseen card without a weight is equally
likely anywhere. In each world the seat's own next draws are played out with
a fast greedy keep policy; a candidate (a card to let go) scores
``gamma ** t`` when a treasure (R2) is complete after ``t`` draws, 0 if not
within the horizon. All candidates share the same worlds (common random
numbers), so differences come from the choice, not the luck.

Hand values: ``W[k]`` is the worth of holding ``k`` of a treasure's four
cards; a treasure with a card nobody can draw any more is worth nothing; a
hand is worth the sum over treasures. The greedy policy drops the card whose
*loss* (what the sum falls by without it) is least, the most points among
equals (R14).
"""

from __future__ import annotations

import random
import time
from collections import Counter
from typing import Iterable, Sequence

from ahoy_tui.games.ahoy import cards as C
from ahoy_tui.games.ahoy.treasure import all_treasures

#: Worth of holding k (index) of a treasure's four cards; 4 is a won hand.
W: tuple[float, ...] = (0.0, 0.002, 0.03, 0.25, 100.0)


class RunIndex:
    """The treasures of one rule set (R2) and, per identity, the ones it is in."""

    def __init__(self, ace_low: bool) -> None:
        self.runs = all_treasures(ace_low)
        self.runs_of: list[tuple[int, ...]] = [() for _ in range(C.IDENTITIES)]
        for r, run in enumerate(self.runs):
            for i in run:
                self.runs_of[i] += (r,)

    def counts(self, hand: Counter) -> list[int]:
        """Per treasure, how many of its identities ``hand`` holds."""
        cnt = [0] * len(self.runs)
        for i, k in hand.items():
            if k > 0:
                for r in self.runs_of[i]:
                    cnt[r] += 1
        return cnt

    def alive(self, hand: Counter, pool: Iterable[int]) -> list[bool]:
        """Per treasure: every card of it is held or still drawable."""
        reach = set(pool) | {i for i, k in hand.items() if k > 0}
        return [reach.issuperset(run) for run in self.runs]

    def loss(self, ident: int, hand: Counter, cnt: list[int], alive: list[bool],
             w: Sequence[float] = ()) -> float:
        """What letting one copy of ``ident`` go costs the hand's value (>= 0), with
        worths ``w`` (default ``W``)."""
        w = w or W
        if hand[ident] > 1:
            return 0.0
        total = 0.0
        for r in self.runs_of[ident]:
            if alive[r]:
                k = cnt[r]
                total += w[k] - w[k - 1]
        return total


_INDEX = {False: RunIndex(False), True: RunIndex(True)}


def run_index(ace_low: bool) -> RunIndex:
    """The shared index for the ``ace_low`` rule (R2)."""
    return _INDEX[ace_low]


def worlds(pool: Sequence[int], weights: dict[int, float], horizon: int, n: int,
           rng: random.Random) -> list[list[int]]:
    """``n`` sampled sequences of the seat's next ``horizon`` draws (identities).

    A weighted random order (Efraimidis–Spirakis keys ``u ** (1 / w)``) of
    ``pool``; identities missing from ``weights`` weigh 1.
    """
    out = []
    h = min(horizon, len(pool))
    for _ in range(n):
        keyed = sorted(((rng.random() ** (1.0 / weights.get(i, 1.0)), i) for i in pool), reverse=True)
        out.append([i for _, i in keyed[:h]])
    return out


def gains(w: Sequence[float]) -> tuple[float, ...]:
    """Gain of the k-th held card of a treasure (``w[k] - w[k-1]``), 0 for k = 0."""
    return (0.0,) + tuple(w[k] - w[k - 1] for k in range(1, 5))


#: ``gains(W)``.
D: tuple[float, ...] = gains(W)
#: Tie-break of the greedy drop: among equal losses, let the most points go (R14).
_PEN: tuple[float, ...] = tuple(-C.VALUES[i] * 1e-6 - i * 1e-9 for i in range(C.IDENTITIES))


def rollout(runs_of: Sequence[tuple[int, ...]], live_of: Sequence[tuple[int, ...]], hand: list[int],
            cnt: list[int], draws: Sequence[int], gamma: float, dups: bool,
            d_of: Sequence[float] = D) -> float:
    """Play ``draws`` into ``hand`` with the greedy drop (both modified in place).

    Args:
        runs_of: Per identity, the treasures it is in; ``live_of`` the live ones.
        hand: Identities held; ``cnt`` per treasure, distinct identities held.
        dups: Two decks: a hand may hold two copies of an identity (R1).
        d_of: ``gains(w)`` of the worths the greedy keep policy uses.

    Returns:
        ``gamma ** t`` when a treasure is complete after draw ``t`` (1-based), else 0.
    """
    g = 1.0
    for d in draws:
        g *= gamma
        if d == C.JOKER:
            continue
        if d not in hand:
            for r in runs_of[d]:
                k = cnt[r] + 1
                cnt[r] = k
                if k == 4:
                    return g
        hand.append(d)
        best_j, best_l = 0, 1e9
        for j, i in enumerate(hand):
            if dups and hand.count(i) > 1:
                loss = _PEN[i]
            else:
                loss = _PEN[i]
                for r in live_of[i]:
                    loss += d_of[cnt[r]]
            if loss < best_l:
                best_j, best_l = j, loss
        drop = hand.pop(best_j)
        if drop not in hand:
            for r in runs_of[drop]:
                cnt[r] -= 1
    return 0.0


def score_drops(idx: RunIndex, hand: Sequence[int], candidates: Sequence[int], pool: Sequence[int],
                weights: dict[int, float], rng: random.Random, n_worlds: int = 32, horizon: int = 10,
                gamma: float = 0.85, deadline: float | None = None,
                w: Sequence[float] = W, first: int | None = None) -> dict[int, float]:
    """Mean rollout score of the hand without each candidate identity.

    Args:
        hand: Own hand (identities).
        candidates: Distinct identities of ``hand`` that may be let go.
        pool: Identities that may still be drawn (with multiplicity).
        deadline: ``time.perf_counter()`` value after which no new world starts.
        w: Worths of holding k of a treasure's cards, for the greedy keep policy.
        first: An identity the seat expects to receive before its draws (the card an
            offer says it gives, R8, R10): the first card of every world, not in ``pool``.

    Returns:
        Candidate → mean of ``gamma ** t`` over the worlds played (0..1).
    """
    base = Counter(hand)
    alive = idx.alive(base, pool)
    live_of = [tuple(r for r in rs if alive[r]) for rs in idx.runs_of]
    dups = len(set(pool) | set(hand)) < len(pool) + len(hand) or len(pool) > C.IDENTITIES
    seqs = worlds(pool, weights, horizon, n_worlds, rng)
    if first is not None:
        seqs = [[first] + seq[:-1] for seq in seqs]
    d_of = D if tuple(w) == W else gains(w)
    starts = {}
    for c in candidates:
        h = list(hand)
        h.remove(c)
        starts[c] = (h, idx.counts(Counter(h)))
    total = {c: 0.0 for c in candidates}
    played = 0
    for seq in seqs:
        if deadline is not None and played and time.perf_counter() > deadline:
            break
        played += 1
        for c, (h, cnt) in starts.items():
            total[c] += rollout(idx.runs_of, live_of, list(h), list(cnt), seq, gamma, dups, d_of)
    return {c: v / max(played, 1) for c, v in total.items()}

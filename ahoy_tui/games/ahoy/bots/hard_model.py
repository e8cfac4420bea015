"""Which treasure each other seat collects, from public evidence (RULES.md R2, R8–R11, R18).

The hard bot's opponent model. A seat that collects a treasure (R2) asks for
its missing cards (R8), steps in or accepts when offered one (R9) and lets go
of cards outside it: what it says it gives, discards (R11), hands over in a
dirty deal (R10), declines or passes on (R9). ``HandMemory`` keeps that
evidence per seat, in the order seen; here it becomes a weight for every
treasure, the chance that it is the seat's best one:

* a treasure with a card that is all on the discard pile is dead (0);
* a *need* of weight ``p`` multiplies the treasures without the card by
  ``1 - p * decay ** age`` (``age``: newer needs of that seat since);
* a *junk* card of factor ``f`` multiplies the treasures with it by
  ``1 - (1 - f) * decay ** age``;
* a card this seat gave the other (still out, R10) multiplies the treasures
  with it by ``out_boost``.

``danger(ident, weights, ...)``: the chance that ``ident`` belongs to the seat's
best treasure and could complete it (no other card of it is in this seat's
own hand): handing it over (R10) feeds that treasure. ``needs_of``: how sure
the evidence is that the seat needs exactly that card (a seat one card short
asks for the same card again and again); the bot mixes the two. Pure functions of the
view and the memory; nothing here reads game state.
"""

from __future__ import annotations

from collections import Counter

from ahoy_tui.games.ahoy import cards as C
from ahoy_tui.games.ahoy.bots.hard_memory import HandMemory
from ahoy_tui.games.ahoy.bots.hard_search import RunIndex
from ahoy_tui.games.ahoy.view import PlayerView


EVIDENCE: dict[str, float] = {
    "claim": 0.8,  # a need: it said it wants the card (R8); the baseline bluffs one offer in five
    "step_in": 1.0,  # a need: it stepped in for the card (R9)
    "accept": 0.6,  # a need: it accepted the card (R9); the baseline also accepts one in four blind
    "give": 0.25,  # junk: it said it gives the card (R8)
    "discard": 0.25,  # junk: it discarded it (R11)
    "given": 0.25,  # junk: it handed it to this seat (R10)
    "pass": 0.5,  # junk: it declined or passed on it (R9): not needed, or already held
}
"""Per kind of evidence (``hard_memory``): a need's weight ``p``, a junk card's factor ``f``."""


def run_weights(v: PlayerView, mem: HandMemory, idx: RunIndex, seat: int, decay: float = 0.8,
                out_boost: float = 2.0, evidence: dict[str, float] = EVIDENCE) -> list[float]:
    """Per treasure of ``idx`` (R2), the chance (sums to 1, or all 0) that it is ``seat``'s best one.

    Args:
        v: This seat's view (the discard pile: dead treasures).
        mem: Its memory of the hand (``needs``, ``junk``, ``out``).
        seat: The other seat, 0..players-1.
        decay: How much an older piece of evidence counts less, per newer one of its kind.
        out_boost: Factor of the treasures with a card this seat gave ``seat`` (R10).
        evidence: Weight per kind of evidence (``EVIDENCE``).
    """
    copies = 1 if v.players <= 4 else 2
    gone = Counter(v.discard)
    dead = {i for i, k in gone.items() if k >= copies}
    w = [0.0 if dead.intersection(run) else 1.0 for run in idx.runs]
    for found, need in ((mem.needs.get(seat, ()), True), (mem.junk.get(seat, ()), False)):
        age = 0
        for ident, kind in reversed(found):
            if ident == C.JOKER:
                continue
            p = evidence[kind]
            fade = decay ** age
            age += 1
            if need:
                miss = 1.0 - p * fade
                inside = set(idx.runs_of[ident])
                for r in range(len(w)):
                    if r not in inside:
                        w[r] *= miss
            else:
                keep = 1.0 - (1.0 - p) * fade
                for r in idx.runs_of[ident]:
                    w[r] *= keep
    for ident, k in mem.out.get(seat, Counter()).items():
        if k > 0 and ident != C.JOKER:
            for r in idx.runs_of[ident]:
                w[r] *= out_boost
    total = sum(w)
    return [x / total for x in w] if total > 0 else w


def danger(ident: int, weights: list[float], idx: RunIndex, hand: Counter) -> float:
    """Chance (0..1) that ``ident`` is in the seat's best treasure and that treasure can still be
    completed: none of its other cards is in ``hand`` (this seat's own, R1 one deck)."""
    if ident == C.JOKER:
        return 0.0
    total = 0.0
    for r in idx.runs_of[ident]:
        if weights[r] and not any(hand[j] for j in idx.runs[r] if j != ident):
            total += weights[r]
    return total


def needs_of(mem: HandMemory, seat: int, decay: float = 0.8,
             evidence: dict[str, float] = EVIDENCE) -> dict[int, float]:
    """Identity → how sure (0..1) the public evidence says ``seat`` needs exactly it: the sum of its
    needs of that card (R8, R9), each weighed by ``evidence`` and ``decay ** age``, at most 1 (a seat
    one card short of a treasure asks for that same card again and again); identities without
    evidence are left out."""
    total: dict[int, float] = {}
    for age, (i, kind) in enumerate(reversed(mem.needs.get(seat, ()))):
        total[i] = total.get(i, 0.0) + evidence[kind] * decay ** age
    return {i: min(1.0, x) for i, x in total.items()}

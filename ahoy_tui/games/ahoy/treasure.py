"""Treasure detection (RULES.md R2).

A treasure is four cards of one suit with consecutive ranks in the order
2..A (Ace high). With the house rule ``ace_low`` the Ace may also stand
below 2 (A 2 3 4). Wrapping (K A 2 3) never counts; a Joker is never part
of one; duplicate identities (two decks) do not break a run.
"""

from __future__ import annotations

from typing import Iterable

from ahoy_tui.games.ahoy.cards import IDENTITIES, JOKER


def _runs(ace_low: bool) -> tuple[tuple[int, int, int, int], ...]:
    runs: list[tuple[int, int, int, int]] = []
    for suit in range(4):
        for low in range(10):  # 2-5 .. J-A
            runs.append(tuple((low + k) * 4 + suit for k in range(4)))  # type: ignore[arg-type]
        if ace_low:
            runs.append((12 * 4 + suit, suit, 4 + suit, 8 + suit))
    return tuple(runs)


RUNS_ACE_HIGH = _runs(False)
RUNS_ACE_LOW = _runs(True)


def all_treasures(ace_low: bool = False) -> tuple[tuple[int, int, int, int], ...]:
    """Every treasure as a tuple of four identities, lowest first (R2)."""
    return RUNS_ACE_LOW if ace_low else RUNS_ACE_HIGH


def treasures_in(cards: Iterable[int], ace_low: bool = False) -> list[tuple[int, int, int, int]]:
    """Every treasure (identities) that the given physical cards hold (R2)."""
    have = {c % IDENTITIES for c in cards}
    have.discard(JOKER)
    if len(have) < 4:
        return []
    return [run for run in all_treasures(ace_low) if have.issuperset(run)]


def is_treasure(idents: list[int], ace_low: bool = False) -> bool:
    """True when exactly these four identities form a treasure (R2)."""
    if len(idents) != 4 or len(set(idents)) != 4:
        return False
    return set(idents) in [set(r) for r in all_treasures(ace_low)] if JOKER not in idents else False

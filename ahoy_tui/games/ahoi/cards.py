"""The 52 cards of Ahoi and their values (AHOI-RULES.md AH1).

Every physical card has an id ``0..51`` (AH1: conservation is testable);
records and views name cards by value only (``0..13``, copies of a value
are interchangeable). Ids run in value order: ``0, 1`` are the two 0s,
``2..49`` four each of 1..12, ``50, 51`` the two 13s.
"""

from __future__ import annotations

from typing import Sequence

DECK_SIZE = 52
LAYOUT_SIZE = 4
"""Cards each layout starts with (AH2)."""

VALUES: tuple[int, ...] = (0, 0) + tuple(v for v in range(1, 13) for _ in range(4)) + (13, 13)
"""``VALUES[id]``: the value of physical card ``id`` (AH1)."""

LUPE = (7, 8)
FERNROHR = (9, 10)
TAUSCHEN = (11, 12)
"""The action cards' values (AH1, AH9)."""


def value(card: int) -> int:
    """The value ``0..13`` of physical card ``card``."""
    return VALUES[card]


def full_deck() -> list[int]:
    """Every physical id, in id order (AH1)."""
    return list(range(DECK_SIZE))


def action_of(v: int) -> str | None:
    """``"lupe"``, ``"fernrohr"``, ``"tauschen"`` for an action card's value, else None (AH9)."""
    if v in LUPE:
        return "lupe"
    if v in FERNROHR:
        return "fernrohr"
    if v in TAUSCHEN:
        return "tauschen"
    return None


def physical(values: Sequence[object], pool: Sequence[int]) -> list[int] | None:
    """Map card values onto distinct physical ids from ``pool`` (copies interchangeable).

    Returns:
        The ids, one per value, or None when ``values`` is not a sub-multiset
        of ``pool``'s values (or holds a non-integer).
    """
    free: dict[int, list[int]] = {}
    for c in sorted(pool, reverse=True):
        free.setdefault(VALUES[c], []).append(c)
    out = []
    for v in values:
        if isinstance(v, bool) or not isinstance(v, int) or not free.get(v):
            return None
        out.append(free[v].pop())
    return out

"""Cards, identities, names and point values (RULES.md R1, R14).

A *physical* card is an ``int`` id: 0..52 for the first deck, 53..105 for
the second. Its *identity* is ``id % 53``: 0..51 are rank + suit
(``rank_index * 4 + suit_index``), 52 is the Joker. Records name identities
(``"10H"``, ``"QS"``, ``"JK"``); with two decks a name stands for either
physical copy.
"""

from __future__ import annotations

from typing import Iterable

from ahoy_tui.games.ahoy.errors import RuleError

RANKS: tuple[str, ...] = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
SUITS: tuple[str, ...] = ("S", "H", "D", "C")
SUIT_SYMBOLS: tuple[str, ...] = ("♠", "♥", "♦", "♣")
JOKER = 52
IDENTITIES = 53
RANK_VALUES: tuple[int, ...] = (2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10, 20)
JOKER_VALUE = 30

NAMES: tuple[str, ...] = tuple(r + s for r in RANKS for s in SUITS) + ("JK",)
_BY_NAME: dict[str, int] = {n: i for i, n in enumerate(NAMES)}
for _i, _n in enumerate(NAMES[:52]):
    _BY_NAME[_n[:-1] + SUIT_SYMBOLS[SUITS.index(_n[-1])]] = _i
_BY_NAME["🃏"] = JOKER

VALUES: tuple[int, ...] = tuple(RANK_VALUES[i // 4] for i in range(52)) + (JOKER_VALUE,)


def identity(card: int) -> int:
    """Identity index 0..52 of a physical card id (R1)."""
    return card % IDENTITIES


def rank_of(ident: int) -> int:
    """Rank index 0..12 (2..A) of a non-Joker identity."""
    return ident // 4


def suit_of(ident: int) -> int:
    """Suit index 0..3 (S, H, D, C) of a non-Joker identity."""
    return ident % 4


def name(ident: int) -> str:
    """ASCII record name of an identity, e.g. ``"10H"`` or ``"JK"``."""
    return NAMES[ident]


def card_name(card: int) -> str:
    """ASCII record name of a physical card's identity."""
    return NAMES[card % IDENTITIES]


def parse(text: object) -> int:
    """Identity index of a card name (ASCII or suit symbol form).

    Raises:
        RuleError: R1 when ``text`` is not a card name.
    """
    if isinstance(text, str):
        ident = _BY_NAME.get(text.strip().upper() if text.isascii() else text.strip())
        if ident is not None:
            return ident
    raise RuleError("R1", f"not a card name: {text!r}")


def value(card: int) -> int:
    """Point value of a physical card or identity (R1, R14)."""
    return VALUES[card % IDENTITIES]


def decks_for(players: int) -> int:
    """Number of 53-card decks for a table size: 1 for 2–4, 2 for 5–8 (R1)."""
    return 1 if players <= 4 else 2


def full_deck(players: int) -> list[int]:
    """All physical card ids of the game for ``players`` seats, sorted (R1)."""
    return list(range(IDENTITIES * decks_for(players)))


def hand_value(cards: Iterable[int]) -> int:
    """Sum of point values of the given physical cards (R14)."""
    return sum(VALUES[c % IDENTITIES] for c in cards)

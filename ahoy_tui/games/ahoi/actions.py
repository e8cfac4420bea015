"""The actions a seat can take in Ahoi (AHOI-RULES.md AH4–AH10; RECORDS.md "Ahoi records").

Every action is a small frozen dataclass; ``KIND`` is its record ``act``
word. Positions are 1-based, left to right, in the layout as it is when the
action is applied (AH2). Class names are unique across games (the lobby's
codec tags types by class name).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Union


@dataclass(frozen=True, slots=True)
class FirstLook:
    """Look at two different own positions before the round's first turn (AH4)."""

    positions: tuple[int, ...]
    KIND: ClassVar[str] = "first_look"


@dataclass(frozen=True, slots=True)
class TakeDiscard:
    """Take the top card of the discard pile; it must be placed (AH5.1)."""

    KIND: ClassVar[str] = "take_discard"


@dataclass(frozen=True, slots=True)
class DrawCard:
    """Draw the top card of the draw pile; only the drawer sees it (AH5.2)."""

    KIND: ClassVar[str] = "draw"


@dataclass(frozen=True, slots=True)
class DiscardDrawn:
    """Discard the card just drawn, face up (AH5.2a)."""

    KIND: ClassVar[str] = "discard"


@dataclass(frozen=True, slots=True)
class Place:
    """Place the held card: one position (AH7) or two or more claimed equal (AH8), any order."""

    positions: tuple[int, ...]
    KIND: ClassVar[str] = "place"


@dataclass(frozen=True, slots=True)
class Lupe:
    """Use a drawn 7 or 8: look at one own card (AH9)."""

    position: int
    KIND: ClassVar[str] = "lupe"


@dataclass(frozen=True, slots=True)
class Fernrohr:
    """Use a drawn 9 or 10: look at one card of another seat's layout (AH9)."""

    target: int
    target_position: int
    KIND: ClassVar[str] = "fernrohr"


@dataclass(frozen=True, slots=True)
class Tauschen:
    """Use a drawn 11 or 12: swap an own card with another seat's, unseen (AH9)."""

    position: int
    target: int
    target_position: int
    KIND: ClassVar[str] = "tauschen"


@dataclass(frozen=True, slots=True)
class CallAhoi:
    """Call „Ahoi“ instead of taking or drawing (AH10)."""

    KIND: ClassVar[str] = "ahoi"


Action = Union[FirstLook, TakeDiscard, DrawCard, DiscardDrawn, Place, Lupe, Fernrohr, Tauschen, CallAhoi]

ACTION_TYPES: tuple[type, ...] = (FirstLook, TakeDiscard, DrawCard, DiscardDrawn, Place, Lupe, Fernrohr,
                                  Tauschen, CallAhoi)
"""Every member of ``Action``, in the order ``legal`` lists kinds."""

BY_KIND: dict[str, type] = {t.KIND: t for t in ACTION_TYPES}
"""Action class by record ``act`` word."""

"""The actions a seat can take (RULES.md R5–R12; RECORDS.md "Actions").

Cards in actions are *identities* (0..52, see ``cards``), as records name
them. Every action is a small frozen dataclass; ``KIND`` is its record
``act`` word. Actions sort deterministically by ``sort_key``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Union


@dataclass(frozen=True, slots=True)
class Draw:
    """Take the top card of the draw pile (R6)."""

    KIND: ClassVar[str] = "draw"


@dataclass(frozen=True, slots=True)
class Offer:
    """Offer to the next player: want one identity, give another (R8)."""

    want: int
    give: int
    KIND: ClassVar[str] = "offer"


@dataclass(frozen=True, slots=True)
class HandsUp:
    """Play HANDS UP! with a Joker against ``target`` (R7)."""

    target: int
    KIND: ClassVar[str] = "hands_up"


@dataclass(frozen=True, slots=True)
class Respond:
    """The addressed player accepts or declines the offer (R9.1)."""

    accept: bool
    KIND: ClassVar[str] = "respond"


@dataclass(frozen=True, slots=True)
class StepIn:
    """Claim the wanted card while the offer is open to the table (R9.2)."""

    KIND: ClassVar[str] = "step_in"


@dataclass(frozen=True, slots=True)
class Pass:
    """Decline to step in (R9.2)."""

    KIND: ClassVar[str] = "pass"


@dataclass(frozen=True, slots=True)
class ChoosePartner:
    """The offerer picks one of two or more who stepped in (R9.3)."""

    partner: int
    KIND: ClassVar[str] = "choose_partner"


@dataclass(frozen=True, slots=True)
class Exchange:
    """Lock the card this trader truly gives in the dirty deal (R10)."""

    card: int
    KIND: ClassVar[str] = "exchange"


@dataclass(frozen=True, slots=True)
class LayDown:
    """The HANDS UP! target lays cards face down, in face-down order (R7)."""

    cards: tuple[int, ...]
    KIND: ClassVar[str] = "lay_down"


@dataclass(frozen=True, slots=True)
class Pick:
    """The HANDS UP! player takes the laid-down card at ``index`` (R7)."""

    index: int
    KIND: ClassVar[str] = "pick"


@dataclass(frozen=True, slots=True)
class Discard:
    """Discard one card face up (R11)."""

    card: int
    KIND: ClassVar[str] = "discard"


@dataclass(frozen=True, slots=True)
class Ahoy:
    """Call AHOY! revealing four treasure cards (R12, R13)."""

    cards: tuple[int, ...]
    KIND: ClassVar[str] = "ahoy"


Action = Union[Draw, Offer, HandsUp, Respond, StepIn, Pass, ChoosePartner, Exchange,
               LayDown, Pick, Discard, Ahoy]

KIND_ORDER: tuple[str, ...] = ("ahoy", "draw", "hands_up", "offer", "respond", "step_in", "pass",
                               "choose_partner", "exchange", "lay_down", "pick", "discard")
_RANK = {k: i for i, k in enumerate(KIND_ORDER)}


def sort_key(action: Action) -> tuple:
    """Deterministic order of actions: by kind, then by arguments."""
    args = tuple(getattr(action, f) for f in action.__slots__)  # type: ignore[attr-defined]
    return (_RANK[action.KIND], tuple(int(a) if isinstance(a, bool) else a for a in args))

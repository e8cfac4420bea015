"""Events with visibility: who may see what a transition did (R18, AH16; DESIGN.md).

Every engine transition yields :class:`Event` values (or a game's subclass
of it). An event is public (``to is None``: every seat and spectators) or
private to the seats in ``to``. :func:`for_viewer` is the only way events
leave an engine for a seat or a spectator. A game whose rules hide a public
event from someone (Ahoi's AH8: everyone but the player) subclasses
:class:`Event` and overrides :meth:`Event.visible_to`.

The lobby's codec tags an event by its class name (``Event``; Ahoi's
``AhoiEvent``) with every init field, so a subclass keeps its own name and
adds fields after these three.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, TypeVar

E = TypeVar("E", bound="Event")


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened.

    Attributes:
        kind: The game's word for it (``"drew"``, ``"offered"``, ``"place"``, ...).
        data: Arguments (seats and positions as ints, cards as the game names them).
        to: ``None`` for the whole table (and spectators), else the seats that may see it.
    """

    kind: str
    data: dict[str, Any]
    to: frozenset[int] | None = None

    def visible_to(self, seat: int | None) -> bool:
        """True when ``seat`` (``None``: a spectator) may see this event (R18, AH16)."""
        return self.to is None or (seat is not None and seat in self.to)

    @classmethod
    def public(cls: type[E], kind: str, **data: Any) -> E:
        """An event the whole table and spectators see."""
        return cls(kind, data, None)

    @classmethod
    def private(cls: type[E], seats: Iterable[int], kind: str, **data: Any) -> E:
        """An event only ``seats`` may see."""
        return cls(kind, data, frozenset(seats))


public = Event.public
"""A public :class:`Event` (R18: every public event is seen by all)."""

private = Event.private
"""An :class:`Event` only the given seats may see."""


def for_viewer(events: Iterable[E], seat: int | None) -> list[E]:
    """The events ``seat`` (``None``: a spectator) may see, in order (R18, AH16)."""
    return [e for e in events if e.visible_to(seat)]

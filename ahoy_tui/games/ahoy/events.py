"""Events every transition yields, each with its visibility (DESIGN.md; R18).

An event is public (``to is None``) or private to a set of seats. Card
values in ``data`` are identities (0..52). ``for_viewer`` is the only way
events leave the engine for a seat or a spectator.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened.

    Attributes:
        kind: e.g. ``"drew"``, ``"offered"``, ``"received"``, ``"ahoy"``.
        data: Arguments (seats as ints, cards as identities).
        to: ``None`` for the whole table (and spectators), else the seats
            that may see it.
    """

    kind: str
    data: dict[str, Any]
    to: frozenset[int] | None = None

    def visible_to(self, seat: int | None) -> bool:
        """True when ``seat`` (``None``: a spectator) may see this event (R18)."""
        return self.to is None or (seat is not None and seat in self.to)


def public(kind: str, **data: Any) -> Event:
    """A public event (R18: every public event is seen by all)."""
    return Event(kind, data, None)


def private(seats: Iterable[int], kind: str, **data: Any) -> Event:
    """An event only ``seats`` may see."""
    return Event(kind, data, frozenset(seats))


def for_viewer(events: Iterable[Event], seat: int | None) -> list[Event]:
    """The events ``seat`` (or a spectator, ``None``) may see, in order (R18)."""
    return [e for e in events if e.to is None or (seat is not None and seat in e.to)]

"""Events every Ahoi transition yields, each with its visibility (AH16; ``games.kit.events``).

An event is public (``to is None``: every seat and spectators), private to
``to``, and never seen by the seats in ``hidden_from`` (AH8: the named cards
are shown to everyone but the player). Card values in ``data`` are values
``0..13``; positions are 1-based.

Kinds and their ``data`` (values only where the event shows them):

* ``deal`` (public): ``round``, ``dealer``, ``sizes``, ``discard`` (top value), ``draw_size``
* ``first_look`` (public): ``seat``, ``positions``; ``peek`` (private to the owner):
  ``seat``, ``owner``, ``positions``, ``values``, ``source`` (``"first_look"``, ``"lupe"``,
  ``"fernrohr"``)
* ``turn`` (public): ``seat``, ``last`` (a last turn after a call, AH10)
* ``take_discard`` (public): ``seat``, ``card``
* ``draw`` (public): ``seat``; ``drawn`` (private): ``seat``, ``card``
* ``discard`` (public): ``seat``, ``card`` (the drawn card, AH5.2a)
* ``place`` (public): ``seat``, ``positions`` (as named), ``source`` (``"draw"`` or
  ``"discard"``), ``card`` (the placed card's value when public, else None), ``matched``
  (None for one position, else True/False), ``position`` (where the new card now lies, None when
  it went to the discard pile), ``removed`` (values that went face up onto the discard pile,
  in position order), ``sizes``
* ``placed_card`` (private to the placer, a drawn card): ``seat``, ``position``, ``card``
* ``shown`` (everyone but the placer, AH8 not matching): ``seat``, ``positions``, ``values``
* ``lupe`` / ``fernrohr`` / ``tauschen`` (public): ``seat``, ``card`` (the action card, now
  on the discard pile) and ``position`` / ``target``, ``target_position`` / all three
* ``ahoi`` (public): ``seat``
* ``round_end`` (public): ``round``, ``caller``, ``layouts`` (every layout's values),
  ``sums``, ``scores``, ``totals`` (AH11, AH12)
* ``game_over`` (public): ``winners``, ``losers``, ``totals`` (AH13)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ahoy_tui.games.kit.events import Event


@dataclass(frozen=True, slots=True)
class AhoiEvent(Event):
    """One thing that happened in Ahoi (a kit :class:`Event` that some seats never see).

    Attributes:
        kind: See the module docstring.
        data: Arguments (seats and positions as ints, cards as values).
        to: None for the whole table and spectators, else the seats that may see it.
        hidden_from: Seats that never see it, even when ``to`` is None (AH8).
    """

    hidden_from: frozenset[int] = field(default_factory=frozenset)

    def visible_to(self, seat: int | None) -> bool:
        """True when ``seat`` (None: a spectator) may see this event (AH16)."""
        if seat is not None and seat in self.hidden_from:
            return False
        return Event.visible_to(self, seat)


public = AhoiEvent.public
"""An event the whole table and spectators see."""


def private(to: int, kind: str, **data: Any) -> AhoiEvent:
    """An event only seat ``to`` sees."""
    return AhoiEvent(kind, data, frozenset((to,)))


def all_but(hidden: int, kind: str, **data: Any) -> AhoiEvent:
    """An event every seat but ``hidden`` (and spectators) see (AH8)."""
    return AhoiEvent(kind, data, None, frozenset((hidden,)))

"""What AHOY!! V2's bots share: the typed bot interface and the legal actions by kind.

Bots never see :class:`~ahoy_tui.games.ahoy.state.State` (R18). Each bot gets its own
``random.Random``; the same seed and inputs give the same choices. The factory
is the package's (``bots.make_bot``, a ``games.kit.bots.BotFactory``).
"""

from __future__ import annotations

from typing import Protocol, Sequence

from ahoy_tui.games.ahoy.actions import Action, Offer
from ahoy_tui.games.ahoy.engine import ALL_OFFERS
from ahoy_tui.games.ahoy.view import PlayerView


class Bot(Protocol):
    """A policy for one seat."""

    name: str

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """Pick one of ``legal`` (non-empty) given ``view``; never raises."""
        ...


def by_kind(legal: Sequence[Action]) -> dict[type, list[Action]]:
    """``legal`` grouped by action type, in order. The offers (R8: every ``Offer`` pair,
    listed last by ``legal_actions``) are left out: ``Offer`` maps to ``[]`` when offering is legal."""
    kinds: dict[type, list[Action]] = {}
    if legal and isinstance(legal[-1], Offer):
        kinds[Offer] = []
        legal = legal[:-len(ALL_OFFERS)]
    for a in legal:
        kinds.setdefault(type(a), []).append(a)
    return kinds

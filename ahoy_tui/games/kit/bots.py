"""The bot factory and the random bot every game has (docs/bots.md).

A bot is a policy for one seat (``games.base.Bot``): it sees that seat's
view and its legal actions only (R18, AH16), and draws chance from its own
``random.Random``, so the same seed and inputs give the same choices.
A game lists its bots once, kind by kind, in a :class:`BotFactory`.
"""

from __future__ import annotations

import random
from typing import Any, Callable, Mapping, Sequence

from ahoy_tui.games.base import Bot


class RandomBot:
    """Chooses uniformly among the legal actions (a yardstick for the others)."""

    name = "random"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, view: Any, legal: Sequence[Any]) -> Any:
        return legal[self.rng.randrange(len(legal))]


class BotFactory:
    """Makes a game's bots by kind: ``make_bot(kind, seed)``.

    Args:
        makers: Bot class (or any callable taking a ``random.Random``) per kind, in the
            order a host is offered them; the first plays an absent person's seat (R17, AH14).

    Attributes:
        kinds: The kinds, in that order (``GameSpec.bot_kinds``).
    """

    def __init__(self, makers: Mapping[str, Callable[[random.Random], Bot]]) -> None:
        self._makers = dict(makers)
        self.kinds: tuple[str, ...] = tuple(self._makers)

    def __call__(self, kind: str, seed: int | None = None) -> Bot:
        """A new bot of ``kind`` with its own ``random.Random(seed)``.

        Raises:
            ValueError: for an unknown kind, naming the kinds there are.
        """
        maker = self._makers.get(kind)
        if maker is None:
            raise ValueError(f"unknown bot {kind!r}; choose from {', '.join(self.kinds)}")
        return maker(random.Random(seed))

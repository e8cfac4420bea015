"""Card games behind one interface (``games.base``) and their registry (docs/games.md).

The lobby imports only this package, never a game's engine or bots.
"""

from ahoy_tui.games.base import GameSpec, IllegalAction, Match, Option, OptionError, Options
from ahoy_tui.games.registry import DEFAULT_GAME, GAMES, UnknownGame, get

__all__ = ["GameSpec", "Match", "Option", "OptionError", "Options", "IllegalAction", "GAMES", "DEFAULT_GAME",
           "UnknownGame", "get"]

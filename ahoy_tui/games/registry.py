"""The games a table can be created for, by name (``TableConfig.game``)."""

from __future__ import annotations

from ahoy_tui.games.ahoi.spec import AHOI
from ahoy_tui.games.ahoy.spec import AHOY
from ahoy_tui.games.base import GameSpec, OptionError

GAMES: dict[str, GameSpec] = {AHOY.name: AHOY, AHOI.name: AHOI}
"""Every game the lobby can seat, by ``GameSpec.name``: AHOY!! V2 and Ahoi."""

DEFAULT_GAME = AHOY.name


class UnknownGame(OptionError):
    """No game of that name is registered; ``str(error)`` is a sentence for the player."""


def get(name: object) -> GameSpec:
    """The game registered as ``name``.

    Raises:
        UnknownGame: for any other name (or a non-string), naming the games there are.
    """
    spec = GAMES.get(name) if isinstance(name, str) else None
    if spec is None:
        raise UnknownGame(f"there is no game {name!r}; the games are {', '.join(GAMES)}")
    return spec

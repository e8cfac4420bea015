"""The games a table can be created for, by name (``TableConfig.game``)."""

from __future__ import annotations

from importlib import import_module
from typing import cast

from ahoy_tui.games.ahoi.spec import AHOI
from ahoy_tui.games.ahoy.spec import AHOY
from ahoy_tui.games.base import GameSpec, OptionError
from ahoy_tui.games.kit.cli import GameCli
from ahoy_tui.games.kit.cli import record_game as kit_record_game

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


def cli_games() -> list[GameSpec]:
    """The games the ``ahoy`` command offers (those with a ``GameSpec.cli``), in registry order."""
    return [spec for spec in GAMES.values() if spec.cli]


def game_cli(spec: GameSpec) -> GameCli:
    """``spec``'s part of the ``ahoy`` command (the module ``spec.cli`` names, imported now)."""
    return cast(GameCli, import_module(str(spec.cli)))


def record_game(text: str) -> GameSpec:
    """The game a record (JSON Lines ``text``) is, from its header's ``game`` or ``format``
    (``kit.cli.record_game``): one the command offers, else the default game."""
    games = {spec.name: spec for spec in cli_games()}
    return games.get(kit_record_game(text, list(games), DEFAULT_GAME), GAMES[DEFAULT_GAME])

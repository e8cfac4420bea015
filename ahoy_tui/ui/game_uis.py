"""The one registry of game UI plug-ins, by the game's name (``TableConfig.game``, ``GameSpec.name``).

A game's UI is a package ``ahoy_tui/ui/games/<name>/`` whose ``__init__``
makes a :class:`~ahoy_tui.ui.game_ui.GameUI` named ``UI``; adding a game is
one line in :data:`GAME_UIS` (and one in ``ahoy_tui.games.registry`` for its
engine). The table screen, replay view, texts, styles, rules and help of a
game are all found here: the app, i18n, the plain-text commands and the
replay viewer ask this module instead of branching on the game.

A table screen (``GameUI.table_screen``, made by
``table_kit.screen.table_screen``) is a
:class:`~ahoy_tui.ui.table_kit.screen.TableScreenBase` made with the table
id: the app hands it every ``TableUpdate``
(``apply_update(update, received)``, the latest as ``update``), the table's
chat (``add_chat``, ``set_chat``) and ``refresh_texts``, and knows no more
of it. A game without an entry gets the AHOY!! V2 UI: only registered games
can be created, so that is a table made by an older or newer server.
"""

from __future__ import annotations

from functools import cache

from ahoy_tui.ui.game_ui import GameUI, load

GAME_UIS: dict[str, str] = {
    "ahoy": "ahoy_tui.ui.games.ahoy:UI",
    "ahoi": "ahoy_tui.ui.games.ahoi:UI",
}
"""Game name -> ``"package:UI"`` of its UI plug-in (a ``GameUI``)."""

DEFAULT_GAME = "ahoy"
"""The UI of a table whose game has no entry (and of ``rules`` without a game)."""


@cache
def game_ui(game: str) -> GameUI:
    """The UI plug-in of ``game`` (the default game's for an unknown name)."""
    return load(GAME_UIS.get(game, GAME_UIS[DEFAULT_GAME]))


def game_uis() -> list[GameUI]:
    """Every registered game's UI plug-in, in registry order."""
    return [game_ui(name) for name in GAME_UIS]


def lobby_help() -> tuple[str, tuple[str, ...]]:
    """The lobby's F1 help: its title key and body keys (what a table is, every game's ``GameUI.summary``
    in registry order, the lobby's keys, the ratings)."""
    summaries = tuple(ui.summary for ui in game_uis() if ui.summary)
    return "help.lobby_title", ("help.lobby", *summaries, "help.lobby_keys", "cm.help")


def rules_text(game: str | None = None) -> str | None:
    """The i18n key of ``game``'s rules in short (None: no such game; no game: the default game's)."""
    if game is None:
        game = DEFAULT_GAME
    return game_ui(game).rules_text if game in GAME_UIS else None


def styles() -> list[str]:
    """The games' own CSS files (relative to ``ahoy_tui/ui/``), in registry order."""
    return [ui.styles for ui in game_uis() if ui.styles]

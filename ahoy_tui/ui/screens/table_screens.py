"""Which screen shows a table, by the table's game (``TableConfig.game``).

A table screen is a Textual ``Screen`` made with the table id that takes
every ``TableUpdate`` (``apply_update(update, received)``, the latest as
``update``) and the table's chat (``add_chat``, ``set_chat``); the app
knows no more of it. Each game
names its screen here as ``"module:Class"``, imported only when a table of
that game is opened (a session that never sits at an Ahoi table never
loads its screen). A game without an entry gets the AHOY!! V2 screen's
waiting room and play: only registered games can be created, so that is a
table made by an older or newer server.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

TABLE_SCREENS: dict[str, str] = {
    "ahoy": "ahoy_tui.ui.screens.table:TableScreen",
    "ahoi": "ahoy_tui.ui.screens.ahoi_table:AhoiTableScreen",
}
"""Game name -> ``"module:Class"`` of its table screen."""

DEFAULT_SCREEN = TABLE_SCREENS["ahoy"]


def table_screen_class(game: str) -> type:
    """The screen class that shows a table of ``game``."""
    module, _, name = TABLE_SCREENS.get(game, DEFAULT_SCREEN).partition(":")
    return getattr(import_module(module), name)


def table_screen(game: str, table_id: str) -> Any:
    """A new screen for table ``table_id`` of ``game``."""
    return table_screen_class(game)(table_id)

"""What a game's UI plug-in names: its table screen, replay view, texts, styles, rules and help.

Each game's UI package (``ahoy_tui/ui/games/<name>/``) makes one
:class:`GameUI` in its ``__init__`` (named ``UI``) and the registry
(``ui.game_uis.GAME_UIS``) lists it under the game's name (``GameSpec.name``).
Modules are named as ``"module:attribute"`` strings and imported only when
used: a session that never sits at an Ahoi table never loads its screen.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import import_module
from typing import Any


def load(ref: str) -> Any:
    """The attribute a ``"package.module:name"`` string names (imported now)."""
    module, _, name = ref.partition(":")
    return getattr(import_module(module), name)


@dataclass(frozen=True)
class GameUI:
    """One game's UI plug-in.

    Attributes:
        name: The game's name (``GameSpec.name``, ``TableConfig.game``).
        table_screen: ``"module:Class"`` of its table screen (a ``table_kit.screen.TableScreenBase``).
        replay_paint: ``"module:Class"`` of its replay painter (``screens.replay_view``: compose, paint,
            say, report; ``title_key``, ``jump_key``, ``hand_word``).
        rules_text: The i18n key of its rules in short, as plain text (``ssh host rules NAME``).
        help_texts: F1 at its table: the help title key, then the body keys (None: the lobby's help).
        summary: The i18n key of the paragraph the lobby's F1 help gives the game (what you aim for and
            the game's own moves, a few lines), or None to leave it out.
        texts: ``"module"`` whose ``TEXTS`` maps ``"en"``, ``"es"`` and ``"de"`` to its texts (merged into
            ``ui.i18n``, every key in all three), or None when its texts are in ``ui.i18n`` itself.
        styles: Its Textual CSS file, relative to ``ahoy_tui/ui/`` (appended to ``ahoy.tcss``), or None.
        key_texts: Its bindings' footer labels, ``(binding action, i18n key)`` pairs merged into
            ``ui.keys.ACTION_TEXT`` (actions every table has are there already).
        waiting_settings: ``"module:function"`` ``(t, config) -> str``: the table's settings in its waiting
            room (``t`` the language's ``tr``, ``config`` the ``TableConfig``), or None for the line every
            game gets (``option_text.settings_line``: the game, the clocks and every option set).
    """

    name: str
    table_screen: str
    replay_paint: str
    rules_text: str
    help_texts: tuple[str, ...] | None = None
    summary: str | None = None
    texts: str | None = None
    styles: str | None = None
    key_texts: tuple[tuple[str, str], ...] = ()
    waiting_settings: str | None = None

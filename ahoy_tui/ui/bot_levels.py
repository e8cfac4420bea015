"""Bot levels as players see them: easy (``random``), normal (``baseline``), hard (issue 17).

The lobby names bots by kind (``GameSpec.bot_kinds``); the UI names them by
level, in this order, in the create-table dialog, the add-bot chooser and
the seat lists.
"""

from __future__ import annotations

from typing import Callable

LEVELS: tuple[str, ...] = ("random", "baseline", "hard")
"""Bot kinds from easiest to hardest."""


def level_word(t: Callable[..., str], kind: str | None) -> str:
    """The translated level of a bot ``kind`` ("easy", "normal", "hard"), or "" for no or an unknown kind."""
    return t(f"level.{kind}") if kind in LEVELS else ""


def bot_tag(t: Callable[..., str], kind: str | None) -> str:
    """A bot's tag in the waiting room: ``bot, hard`` (just ``bot`` for an unknown kind)."""
    word = level_word(t, kind)
    return f"{t('wait.bot')}, {word}" if word else t("wait.bot")


def ring_tag(t: Callable[..., str], kind: str | None) -> str:
    """A bot's word in the seat ring: ``bot`` for the normal level, ``bot hard`` / ``bot easy`` otherwise."""
    word = level_word(t, kind)
    return f"{t('wait.bot')} {word}" if word and kind != "baseline" else t("wait.bot")

"""A game's table options as words: labels, values and a table's settings line (no Textual here).

Labels are the texts ``option.GAME.KEY`` (else the option's ``doc``); a
preset's or choice's label is ``KEY.VALUE`` (``limit.50``), else the value.
The create-table dialog's fields are ``ui.option_fields``.
"""

from __future__ import annotations

from typing import Callable

from ahoy_tui.games.base import Option, OptionValue
from ahoy_tui.games.registry import GAMES
from ahoy_tui.lobby.messages import TableConfig, TableSummary
from ahoy_tui.ui.i18n import tr

CUSTOM = -1
"""The drop-down value of "type a number" for an ``int`` option with presets."""


def field_id(option: Option) -> str:
    """The widget id of ``option``'s field (``c-ace-low``)."""
    return "c-" + option.key.replace("_", "-")


def _text(t: Callable[..., str], key: str, fallback: str, **kw: object) -> str:
    """``t(key)``, or ``fallback`` when the language tables have no such text."""
    text = t(key, **kw)
    return fallback if text == key else text


def option_label(t: Callable[..., str], game: str, option: Option) -> str:
    """What the dialog calls ``option`` of ``game`` in the session's language."""
    return _text(t, f"option.{game}.{option.key}", option.doc or option.key)


def value_label(t: Callable[..., str], option: Option, value: OptionValue) -> str:
    """A preset's or choice's label (``limit.50`` -> "50 — quick"), else the value itself."""
    return _text(t, f"{option.key}.{value}", str(value))


def parse_int(option: Option, preset: object, custom: str) -> int | None:
    """An ``int`` option's value: the preset, or the typed text if it is a whole number in range."""
    if isinstance(preset, int) and preset != CUSTOM:
        return preset
    text = custom.strip()
    if not text.isdigit():
        return None
    value = int(text)
    return value if option.low <= value <= option.high else None


def settings_line(t: Callable[..., str], config: TableConfig) -> str:
    """A table's game and settings in one line (``Game: Ahoi · Clocks: normal · Memory aid ...``): the
    lobby's clocks, its bot pace unless normal, and every option of its game that is on or has a value
    (``config``: a ``TableConfig``)."""
    spec = GAMES.get(config.game)
    parts = [f"{t('create.game')}: {spec.title if spec else config.game}",
             f"{t('create.clocks')}: {t('clock.' + str(config.clocks))}"]
    pace = str(config.bot_pace)
    if pace != "normal":
        parts.append(f"{t('create.bot_pace')}: {t('pace.' + pace)}")
    for o in spec.options if spec else ():
        value = config.option(o.key, o.default)
        if o.kind == "bool":
            if value:
                parts.append(option_label(t, config.game, o))
        else:
            parts.append(f"{option_label(t, config.game, o)}: {value_label(t, o, value)}")
    return " · ".join(parts)


def status_word(lang: str, summary: TableSummary) -> str:
    """A table's status as the lobby lists it, in the game's own words: ``status.GAME.STATUS`` when the game
    has one (Ahoi's ``between_hands`` reads "between rounds"), else ``status.STATUS`` ("between hands")."""
    status = str(summary.status)
    own = f"status.{summary.game}.{status}"
    text = tr(lang, own)
    return text if text != own else tr(lang, f"status.{status}")


def game_word(lang: str, summary: TableSummary) -> str:
    """A table's game as the lobby lists it: ``lobby.game.GAME`` with its limit (``V2 100``, ``Ahoi``), else the
    game's title (``summary``: a ``TableSummary``)."""
    game = str(summary.game)
    key = f"lobby.game.{game}"
    text = tr(lang, key, limit=summary.limit)
    spec = GAMES.get(game)
    return text if text != key else str(spec.title if spec is not None else game)

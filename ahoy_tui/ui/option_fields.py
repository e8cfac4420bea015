"""A game's table options as create-table dialog fields, built from ``GameSpec.options`` alone.

Each :class:`~ahoy_tui.games.base.Option` becomes a field by its kind, so a
new game's options need no dialog code:

- ``bool``: a tick box (``#c-KEY``, ticked when the default is on);
- ``int`` with ``presets``: a drop-down of the presets and "custom", plus a
  line to type any whole number in range (``#c-KEY`` and ``#c-KEY-custom``);
- ``int`` without presets: a line to type the number (``#c-KEY``);
- ``choice``: a drop-down of the choices (``#c-KEY``).

``KEY`` is the option key with ``_`` as ``-`` (``ace_low`` -> ``#c-ace-low``).
Labels are the texts ``option.GAME.KEY`` (else the option's ``doc``); a
preset's or choice's label is ``KEY.VALUE`` (``limit.50``), else the value.
"""

from __future__ import annotations

from typing import Any, Callable, Iterator

from textual.widget import Widget
from textual.widgets import Input, Label, Select

from ahoy_tui.games.base import Option, OptionValue
from ahoy_tui.games.registry import GAMES
from ahoy_tui.ui.widgets.tick_box import TickBox

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
    if preset not in (CUSTOM, None, Select.BLANK):
        return int(preset)  # type: ignore[arg-type]
    text = custom.strip()
    if not text.isdigit():
        return None
    value = int(text)
    return value if option.low <= value <= option.high else None


def grid_fields(t: Callable[..., str], game: str, options: tuple[Option, ...],
                fix: Callable[[str], str]) -> Iterator[Widget]:
    """Label and field pairs for the options that are not tick boxes (a two-column grid)."""
    for o in options:
        if o.kind == "bool":
            continue
        label = fix(option_label(t, game, o))
        if o.kind == "choice":
            yield Label(label)
            yield Select([(fix(value_label(t, o, c)), c) for c in o.choices], value=o.default,
                         allow_blank=False, id=field_id(o), compact=True)
        elif o.presets:
            yield Label(label)
            choices = [(fix(value_label(t, o, v)), v) for v in o.presets]
            yield Select(choices + [(fix(t("limit.custom")), CUSTOM)],
                         value=o.default if o.default in o.presets else CUSTOM, allow_blank=False,
                         id=field_id(o), compact=True)
            yield Label(fix(t("create.custom_value", low=o.low, high=o.high)))
            yield Input(placeholder=f"{o.low}-{o.high}", restrict=r"[0-9]*", max_length=len(str(o.high)),
                        id=field_id(o) + "-custom", compact=True)
        else:
            yield Label(label)
            yield Input(value=str(o.default), placeholder=f"{o.low}-{o.high}", restrict=r"[0-9]*",
                        max_length=len(str(o.high)), id=field_id(o), compact=True)


def tick_fields(t: Callable[..., str], game: str, options: tuple[Option, ...],
                fix: Callable[[str], str]) -> Iterator[Widget]:
    """One tick box per ``bool`` option."""
    for o in options:
        if o.kind == "bool":
            yield TickBox(fix(option_label(t, game, o)), value=bool(o.default), id=field_id(o), compact=True)


def read_options(screen: Any, options: tuple[Option, ...]) -> tuple[dict[str, OptionValue], Option | None]:
    """The values the fields of ``screen`` hold, and the first ``int`` option whose text is no valid number."""
    values: dict[str, OptionValue] = {}
    for o in options:
        widget = screen.query_one("#" + field_id(o))
        if o.kind == "bool":
            values[o.key] = bool(widget.value)
        elif o.kind == "choice":
            values[o.key] = widget.value
        else:
            custom = screen.query_one(f"#{field_id(o)}-custom", Input).value if o.presets else widget.value
            value = parse_int(o, widget.value if o.presets else CUSTOM, custom)
            if value is None:
                return values, o
            values[o.key] = value
    return values, None


def settings_line(t: Callable[..., str], config: Any) -> str:
    """A table's game and settings in one line (``Game: Ahoi · Clocks: normal · Memory aid ...``): the
    lobby's clocks and every option of its game that is on or has a value (``config``: a ``TableConfig``)."""
    spec = GAMES.get(config.game)
    parts = [f"{t('create.game')}: {spec.title if spec else config.game}",
             f"{t('create.clocks')}: {t('clock.' + str(config.clocks))}"]
    for o in spec.options if spec else ():
        value = config.option(o.key, o.default)
        if o.kind == "bool":
            if value:
                parts.append(option_label(t, config.game, o))
        else:
            parts.append(f"{option_label(t, config.game, o)}: {value_label(t, o, value)}")
    return " · ".join(parts)

"""A game's table options as create-table dialog fields, built from ``GameSpec.options`` alone.

Each :class:`~ahoy_tui.games.base.Option` becomes a field by its kind, so a
new game's options need no dialog code:

- ``bool``: a tick box (``#c-KEY``, ticked when the default is on);
- ``int`` with ``presets``: a drop-down of the presets and "custom", plus a
  line to type any whole number in range (``#c-KEY`` and ``#c-KEY-custom``);
- ``int`` without presets: a line to type the number (``#c-KEY``);
- ``choice``: a drop-down of the choices (``#c-KEY``).

``KEY`` is the option key with ``_`` as ``-`` (``ace_low`` -> ``#c-ace-low``).
Labels come from ``ui.option_text``.
"""

from __future__ import annotations

from typing import Any, Callable, Iterator

from textual.widget import Widget
from textual.widgets import Input, Label, Select

from ahoy_tui.games.base import Option, OptionValue
from ahoy_tui.ui.option_text import CUSTOM, field_id, option_label, parse_int, value_label
from ahoy_tui.ui.widgets.tick_box import TickBox


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


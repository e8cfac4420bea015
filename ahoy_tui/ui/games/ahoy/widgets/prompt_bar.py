"""The focused prompt: one question and buttons for exactly the legal choices.

One widget drawn line by line (Textual's line API), not a tree of
``Static`` and ``Button`` children: a new prompt arrives with almost every
table update, and relabelling, showing and hiding child buttons laid the
whole screen out again each time (issue 6, docs/performance.md). Here a new
prompt repaints only the rows whose text changed, and lays out only when
the number of rows changes while the bar's height follows its content.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual import events
from textual.geometry import Region
from textual.message import Message
from textual.reactive import reactive
from textual.strip import Strip

from ahoy_tui.ui.games.ahoy.prompts import Option, Prompt
from ahoy_tui.ui.text import asciify
from ahoy_tui.ui.widgets.rows import RowsWidget

_KEY_NAMES = {"enter": "Enter", "escape": "Esc"}
_GAP = 1  # columns between two buttons


@dataclass(frozen=True)
class _Button:
    """Where one option's button is drawn (content coordinates)."""

    row: int
    x0: int
    x1: int
    index: int


def _styled(text: str, style: Style | None) -> Text:
    """``text`` styled as a span (a row's short path renders spans, not a Text's base style)."""
    out = Text(text)
    if style is not None:
        out.stylize(style)
    return out


class PromptBar(RowsWidget):
    """Draws a :class:`~ahoy_tui.ui.games.ahoy.prompts.Prompt`; posts :class:`PromptBar.Chosen`.

    Rows, top to bottom: the question (wrapped; accent colour when the hand
    waits for this seat), the note (warning colour), then one button per
    option (``y Accept``), wrapped onto more rows when they do not fit.
    An urgent note ("You hold a treasure: AHOY! (a)", ``Prompt.urgent``)
    comes first, bold and reversed between ``★`` marks (``*`` in ASCII
    mode): it stands out in monochrome too, and a two-row prompt (80x24)
    never cuts it off.
    """

    COMPONENT_CLASSES = {"prompt-bar--mine", "prompt-bar--note", "prompt-bar--button", "prompt-bar--ahoy",
                         "prompt-bar--urgent"}
    DEFAULT_CSS = """
    PromptBar > .prompt-bar--mine { color: $accent; text-style: bold; }
    PromptBar > .prompt-bar--note { color: $warning; }
    PromptBar > .prompt-bar--urgent { color: $warning; text-style: bold reverse; }
    PromptBar > .prompt-bar--button { color: $button-foreground; background: $surface; text-style: bold; }
    PromptBar > .prompt-bar--ahoy { color: $button-foreground; background: $surface; text-style: bold reverse; }
    """

    prompt: reactive[Prompt | None] = reactive(None, repaint=False)
    """The prompt to draw."""
    ascii_only: reactive[bool] = reactive(False, repaint=False)
    """ASCII text only."""

    @dataclass
    class Chosen(Message):
        """An option's button was clicked."""

        option: Option

    def __init__(self, **kwargs) -> None:  # noqa: ANN003
        super().__init__(**kwargs)
        self._buttons: list[_Button] = []
        self._drawn: tuple | None = None
        self._styles: tuple[int, dict[str, Style]] | None = None

    # -- what is shown -------------------------------------------------------------
    def watch_prompt(self) -> None:
        self.rebuild()

    def watch_ascii_only(self) -> None:
        self.rebuild()

    @property
    def labels(self) -> list[str]:
        """The buttons' labels, in order (what the player reads)."""
        return [self._label(o) for o in (self.prompt.options if self.prompt else [])]

    def _label(self, option: Option) -> str:
        label = f"{_KEY_NAMES.get(option.key, option.key)} {option.label}"
        return asciify(label) if self.ascii_only else label

    def rebuild(self) -> None:
        """Rebuild the rows for the current prompt; repaint only the rows that differ."""
        width = self.row_width
        if not self.is_mounted or width <= 0:
            return
        p = self.prompt
        fix = asciify if self.ascii_only else (lambda s: s)
        key = (None if p is None else (fix(p.text), p.mine, fix(p.note or ""), p.urgent, tuple(self.labels)), width)
        if key == self._drawn and self._rows:
            return
        self._drawn = key
        rows, self._buttons = self._build(p, width, fix)
        self.set_rows(rows)

    def _style(self, name: str) -> Style:
        """A component style, looked up once per theme."""
        if self._styles is None or self._styles[0] != self.style_generation:
            self._styles = (self.style_generation, {})
        styles = self._styles[1]
        if name not in styles:
            styles[name] = self.get_component_rich_style(f"prompt-bar--{name}")
        return styles[name]

    def _build(self, p: Prompt | None, width: int, fix) -> tuple[list[Strip], list[_Button]]:  # noqa: ANN001
        if p is None:
            return [], []
        rows: list[Strip] = []
        if p.note and p.urgent:
            mark = "*" if self.ascii_only else "★"
            rows += self.wrap(_styled(fix(f"{mark} {p.note} {mark}"), self._style("urgent")))
        if p.text:
            rows += self.wrap(_styled(fix(p.text), self._style("mine") if p.mine else None))
        if p.note and not p.urgent:
            rows += self.wrap(_styled(fix(p.note), self._style("note")))
        buttons: list[_Button] = []
        plain = self._style("button")
        ahoy = self._style("ahoy")
        row: list[Segment] = []
        x = 0
        for i, option in enumerate(p.options):
            label = f" {self._label(option)} "[: width]
            w = cell_len(label)
            if row and x + _GAP + w > width:
                rows.append(Strip(row))
                row, x = [], 0
            if row:
                row.append(Segment(" " * _GAP))
                x += _GAP
            row.append(Segment(label, ahoy if option.key == "a" else plain))
            buttons.append(_Button(len(rows), x, x + w, i))
            x += w
        if row:
            rows.append(Strip(row))
        return rows, buttons

    # -- clicks ------------------------------------------------------------------------
    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None or self.prompt is None:
            return
        for b in self._buttons:
            if b.row == offset.y and b.x0 <= offset.x < b.x1 and b.index < len(self.prompt.options):
                event.stop()
                self.post_message(self.Chosen(self.prompt.options[b.index]))
                return

    def button_at(self, index: int) -> Region | None:
        """Where option ``index``'s button is, in content coordinates (None if not drawn)."""
        for b in self._buttons:
            if b.index == index:
                return Region(b.x0, b.row, b.x1 - b.x0, 1)
        return None

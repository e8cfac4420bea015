"""A widget drawn from a list of rows that repaints only the rows that change.

The table's panels (seats, prompt, log) change a row or two per move. Drawn
with Textual's line API from a list of :class:`~textual.strip.Strip`, a new
list repaints just the rows that differ from the old one, and lays the
screen out only when the number of rows changes while the widget's height
follows its content (issue 6, docs/performance.md).
"""

from __future__ import annotations

from typing import Iterable

from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.geometry import Region, Size
from textual.strip import Strip
from textual.widget import Widget


class RowsWidget(Widget):
    """Content rows from :meth:`set_rows`; subclasses build them in :meth:`rebuild`.

    :meth:`rebuild` is called again when the width or the theme changes.
    """

    def __init__(self, **kwargs) -> None:  # noqa: ANN003
        super().__init__(**kwargs)
        self._rows: list[Strip] = []
        self._base: Style | None = None  # this widget's own colours (Textual recomputes them per call)
        self.style_generation = 0
        """Counts theme/CSS changes (rows drawn with an older one must be drawn again)."""

    # -- for subclasses -----------------------------------------------------------
    def rebuild(self) -> None:
        """Build the rows for the current state and width, then call :meth:`set_rows`."""

    @property
    def row_width(self) -> int:
        """Width of a row in cells (the content area; 0 before the first layout)."""
        return self.content_region.width

    def wrap(self, text: Text, width: int | None = None, wrap: bool = True) -> list[Strip]:
        """``text`` as rows of at most ``width`` cells (default: :attr:`row_width`); one row if not ``wrap``.

        A one-line text that fits takes a short path (no measuring or wrapping).
        """
        width = max(1, self.row_width if width is None else width)
        console = self.app.console
        if "\n" not in text.plain and text.cell_len <= width:
            return [Strip(list(text.render(console, end="")), text.cell_len)]
        options = console.options.update_width(width).update(highlight=False)
        if not wrap:
            options = options.update(no_wrap=True, overflow="ellipsis")
        lines = Segment.split_and_crop_lines(console.render(text, options), width, pad=False,
                                             include_new_lines=False)
        rows = [Strip(line) for line in lines] or [Strip([])]
        return rows if wrap else rows[:1]

    def set_rows(self, rows: Iterable[Strip], region_only: bool = True) -> None:
        """Show ``rows``; repaint the rows that differ (all if not ``region_only``)."""
        rows = list(rows)
        old, self._rows = self._rows, rows
        if len(rows) != len(old) and self.styles.height is not None and self.styles.height.is_auto:
            self.refresh(layout=True)
            return
        if not region_only:
            self.refresh()
            return
        changed = [y for y in range(max(len(rows), len(old)))
                   if y >= len(rows) or y >= len(old) or rows[y] != old[y]]
        if changed:
            self.refresh(Region(0, changed[0], max(1, self.row_width), changed[-1] - changed[0] + 1))

    # -- Textual ------------------------------------------------------------------------
    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._base = None
        self.style_generation += 1
        if self.is_mounted:
            self.call_later(self._restyle)

    def _restyle(self) -> None:
        self._rows = []
        self.rebuild()
        self.refresh()

    def on_resize(self) -> None:
        self.rebuild()
        self.refresh()

    def render_line(self, y: int) -> Strip:
        width = self.row_width
        if self._base is None:
            self._base = self.rich_style
        if y < len(self._rows):
            return self._rows[y].crop_extend(0, width, Style()).apply_style(self._base)
        return Strip.blank(width, self._base)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return max(1, len(self._rows))

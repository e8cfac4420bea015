"""The event log: one plain sentence per projected event (R18).

A fixed-size panel that shows the newest lines, the newest at the bottom.
It is not a scrolling widget on purpose (issue 6, docs/performance.md): a
``RichLog`` grows its virtual size with every line, which lays the whole
screen out again and repaints its scroll bar, for every move of every
player. This panel keeps its size, wraps each sentence once when it
arrives, and repaints only the rows that changed: the new rows while the
panel fills, all of its rows once it is full (they move up). The whole
history stays readable in :class:`~ahoy_tui.ui.screens.log_view.LogScreen`
(key ``e``), narrated from the table screen's events when it opens.
"""

from __future__ import annotations

from collections import deque

from rich.text import Text
from textual.strip import Strip

from ahoy_tui.ui.widgets.rows import RowsWidget

MAX_LINES = 200
"""Sentences kept: enough to fill the tallest panel again after a resize (the whole log is the
table screen's, see ``TableScreen.MAX_EVENTS``)."""


class EventLog(RowsWidget):
    """Append-only sentences; never focused, so keys stay with the table."""

    DEFAULT_CSS = "EventLog { overflow: hidden hidden; }"
    can_focus = False

    def __init__(self, **kwargs) -> None:  # noqa: ANN003
        super().__init__(**kwargs)
        self.entries: deque[Text] = deque(maxlen=MAX_LINES)
        """Every sentence still kept, oldest first (at most :data:`MAX_LINES`)."""

    def add(self, line: Text) -> None:
        """Append one sentence (plain ``Text``, wrapped to the panel's width) and show it."""
        self.entries.append(line)
        height = self.content_region.height
        if self.row_width <= 0 or height <= 0:
            return  # drawn by the first rebuild
        rows = self._rows + self.wrap(line)
        self.set_rows(rows[-height:])

    def clear(self) -> None:
        """Forget every sentence (a new history is coming)."""
        self.entries.clear()
        self.set_rows([])

    def rebuild(self) -> None:
        height = self.content_region.height
        if self.row_width <= 0 or height <= 0:
            return
        rows: list[Strip] = []
        for entry in reversed(self.entries):
            rows[:0] = self.wrap(entry)
            if len(rows) >= height:
                break
        self.set_rows(rows[-height:])

    @property
    def lines(self) -> list[Strip]:
        """Every kept sentence, wrapped at the panel's width (oldest first)."""
        width = max(self.row_width, 10)
        return [strip for entry in self.entries for strip in self.wrap(entry, width)]

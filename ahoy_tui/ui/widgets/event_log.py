"""The event log: one plain sentence per projected event (R18)."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import RichLog

MAX_LINES = 500


class EventLog(RichLog):
    """Append-only sentences; never focused, so keys stay with the table."""

    can_focus = False

    def __init__(self, **kwargs) -> None:  # noqa: ANN003
        super().__init__(wrap=True, markup=False, highlight=False, max_lines=MAX_LINES, min_width=10, **kwargs)

    def add(self, line: Text) -> None:
        """Append one sentence and show the end of the log.

        ``RichLog`` scrolls after the next refresh, which sends a second
        frame for every line; scrolling at once makes it one frame.
        """
        if not self._size_known:
            self.write(line)
            return
        self.write(line, scroll_end=False)
        self.scroll_end(animate=False, immediate=True, x_axis=False)

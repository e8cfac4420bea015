"""A decision clock that ticks once a second only while a clock runs (R17).

With no deadline there is no timer at all: an idle session repaints
nothing and sends nothing (notes/textual-over-ssh.md).
"""

from __future__ import annotations

import time

from rich.text import Text
from textual.reactive import reactive
from textual.timer import Timer

from ahoy_tui.ui.widgets.rows import RowsWidget


class Countdown(RowsWidget):
    """``⏱ 0:23`` until ``deadline`` (a ``time.monotonic()`` value).

    Always 7 cells wide (blank with no clock), so a clock that starts or
    stops never lays the screen out again; a tick repaints one short row.
    """

    DEFAULT_CSS = "Countdown { width: 7; height: 1; }"

    deadline: reactive[float | None] = reactive(None, repaint=False)
    """When the current decision's clock runs out; None: untimed or nothing pending."""
    ascii_only: reactive[bool] = reactive(False, repaint=False)
    """No clock symbol."""

    _timer: Timer | None = None

    def watch_deadline(self, old: float | None, deadline: float | None) -> None:
        if deadline is None:
            if self._timer is not None:
                self._timer.stop()
                self._timer = None
        elif self._timer is None:
            self._timer = self.set_interval(1.0, self._tick)
        self.rebuild()

    def _tick(self) -> None:
        if self.deadline is None or self.deadline - time.monotonic() <= -1:
            if self._timer is not None:
                self._timer.stop()
                self._timer = None
            return
        self.rebuild()

    def watch_ascii_only(self) -> None:
        self.rebuild()

    def rebuild(self) -> None:
        if self.is_mounted and self.row_width > 0:
            self.set_rows(self.wrap(self._text(), wrap=False))

    def _text(self) -> Text:
        if self.deadline is None:
            return Text("")
        left = max(0, int(self.deadline - time.monotonic() + 0.999))
        style = "bold reverse" if left <= 5 else "bold"
        return Text(f"{'' if self.ascii_only else '⏱ '}{left // 60}:{left % 60:02d}", style=style)

"""A decision clock that ticks once a second only while a clock runs (R17).

With no deadline there is no timer at all: an idle session repaints
nothing and sends nothing (notes/textual-over-ssh.md).
"""

from __future__ import annotations

import time

from rich.text import Text
from textual.reactive import reactive
from textual.timer import Timer
from textual.widget import Widget


class Countdown(Widget):
    """``⏱ 0:23`` until ``deadline`` (a ``time.monotonic()`` value)."""

    DEFAULT_CSS = "Countdown { width: auto; height: 1; }"

    deadline: reactive[float | None] = reactive(None)
    """When the current decision's clock runs out; None: untimed or nothing pending."""
    ascii_only: reactive[bool] = reactive(False)
    """No clock symbol."""

    _timer: Timer | None = None

    def watch_deadline(self, old: float | None, deadline: float | None) -> None:
        if deadline is None:
            if self._timer is not None:
                self._timer.stop()
                self._timer = None
        elif self._timer is None:
            self._timer = self.set_interval(1.0, self._tick)
        self.refresh(layout=(old is None) != (deadline is None))

    def _tick(self) -> None:
        if self.deadline is None or self.deadline - time.monotonic() <= -1:
            if self._timer is not None:
                self._timer.stop()
                self._timer = None
            return
        self.refresh()

    def render(self) -> Text:
        if self.deadline is None:
            return Text("")
        left = max(0, int(self.deadline - time.monotonic() + 0.999))
        style = "bold reverse" if left <= 5 else "bold"
        return Text(f"{'' if self.ascii_only else '⏱ '}{left // 60}:{left % 60:02d}", style=style)

    def get_content_width(self, container, viewport) -> int:  # noqa: ANN001
        return 0 if self.deadline is None else 7

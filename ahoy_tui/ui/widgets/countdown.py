"""A decision clock that ticks once a second only while a clock runs (R17).

With no deadline there is no timer at all: an idle session repaints
nothing and sends nothing (notes/textual-over-ssh.md).

When the clock is the player's own (``mine``: the hand waits for them),
the last ``WARN_SECONDS`` turn it red and post one :class:`Countdown.RunningOut`
per decision, so the screen can ring the bell and say the autopilot is
about to decide (R17). Before that, a clock of the player's own that ran
longer than ``ALERT_SECONDS`` posts one :class:`Countdown.ClockAlert` when
it reaches them (the table's turn alerts, ``table_kit.alerts``); the check
rides on the tick the clock makes anyway (no timer of its own).
"""

from __future__ import annotations

from time import monotonic

from rich.text import Text
from textual.message import Message
from textual.reactive import reactive
from textual.timer import Timer

from ahoy_tui.ui.widgets.rows import RowsWidget

WARN_SECONDS = 5
"""Seconds before the autopilot decides at which the player's own clock warns (R17)."""
ALERT_SECONDS = 10
"""Seconds left on the player's own clock at which the turn alerts alert (issue 28.3)."""


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
    mine: reactive[bool] = reactive(False, repaint=False)
    """The clock runs for this player's own decision (the hand waits for them)."""

    _timer: Timer | None = None
    _warned: float | None = None
    _alerted: float | None = None
    _alert_due: bool = False

    class RunningOut(Message):
        """The player's own clock has ``seconds`` (<= ``WARN_SECONDS``) left: the autopilot decides next."""

        def __init__(self, seconds: int) -> None:
            super().__init__()
            self.seconds = seconds

    class ClockAlert(Message):
        """The player's own clock has ``seconds`` (<= ``ALERT_SECONDS``) left; it started with more."""

        def __init__(self, seconds: int) -> None:
            super().__init__()
            self.seconds = seconds

    def watch_deadline(self, old: float | None, deadline: float | None) -> None:
        # a clock that starts with ALERT_SECONDS or less (a step-in window) alerts as the turn, not again
        self._alert_due = deadline is not None and deadline - monotonic() > ALERT_SECONDS + 0.5
        if deadline is None:
            if self._timer is not None:
                self._timer.stop()
                self._timer = None
        elif self._timer is None:
            self._timer = self.set_interval(1.0, self._tick)
        self.rebuild()

    def _tick(self) -> None:
        if self.deadline is None or self.deadline - monotonic() <= -1:
            if self._timer is not None:
                self._timer.stop()
                self._timer = None
            return
        self.rebuild()

    def watch_ascii_only(self) -> None:
        self.rebuild()

    def watch_mine(self) -> None:
        self.rebuild()

    def rebuild(self) -> None:
        if self.is_mounted and self.row_width > 0:
            self.set_rows(self.wrap(self._text(), wrap=False))

    def _text(self) -> Text:
        if self.deadline is None:
            return Text("")
        left = max(0, int(self.deadline - monotonic() + 0.999))
        style = "bold reverse" if left <= WARN_SECONDS else "bold"
        if self._alert_due and self.mine and 0 < left <= ALERT_SECONDS and self._alerted != self.deadline:
            self._alerted = self.deadline
            self.post_message(self.ClockAlert(left))
        if self.mine and left <= WARN_SECONDS:
            style = "bold #ffffff on #c62828"
            if self._warned != self.deadline and left > 0:
                self._warned = self.deadline
                self.post_message(self.RunningOut(left))
        out = Text(f"{'' if self.ascii_only else '⏱ '}{left // 60}:{left % 60:02d}")
        out.stylize(style)  # a span: RowsWidget's short path renders spans, not a Text's base style
        return out

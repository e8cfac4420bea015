"""The top row of a dialog opened over a table: whose move it is and the decision clock (issue 24 #5).

A dialog over the table (log, scores, help, a confirmation ...) hides most
of it; this row keeps in sight what must never be missed behind one: the
table waits for *you* (a bold, reversed "▶ Your move" that reads in
monochrome and ASCII mode too) and the clock running out (R17). It is put
there by :class:`ahoy_tui.ui.table_kit.watch.TableWatch`, never by the
dialog itself. Its background is clear, so the dimmed table title shows
through around it.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Static

from ahoy_tui.ui.widgets.countdown import Countdown


class TurnStrip(Horizontal):
    """One row docked at the top of a dialog screen: the turn alert, then the clock (``Countdown``)."""

    DEFAULT_CSS = """
    TurnStrip { dock: top; height: 1; width: 100%; display: none; }
    TurnStrip.-shown { display: block; }
    TurnStrip > #turn-alert { width: 1fr; height: 1; }
    TurnStrip.-mine > #turn-alert { background: $warning; color: $text; text-style: bold reverse; }
    TurnStrip > Countdown { background: $panel; }
    """

    def compose(self) -> ComposeResult:
        yield Static(id="turn-alert")
        yield Countdown(id="turn-clock")

    def show(self, alert: str, deadline: float | None, mine: bool, clock_mine: bool, ascii_only: bool) -> None:
        """Show ``alert`` (``""``: none; ``mine``: the table waits for this player) and the clock to ``deadline``.

        ``deadline``: ``time.monotonic()`` when the decision clock runs out, None: no clock;
        ``clock_mine``: it is this player's own clock (red in its last seconds). The row
        is hidden while it has neither an alert nor a clock.
        """
        if not self.is_mounted:
            return
        self.query_one("#turn-alert", Static).update(alert)
        self.set_class(mine, "-mine")
        clock = self.query_one(Countdown)
        clock.ascii_only = ascii_only
        clock.deadline = deadline
        clock.mine = clock_mine
        self.set_class(bool(alert) or deadline is not None, "-shown")

    def on_countdown_running_out(self, event: Countdown.RunningOut) -> None:
        """The table's own clock warns (bell, toast); this copy of it stays quiet."""
        event.stop()

    def on_countdown_clock_alert(self, event: Countdown.ClockAlert) -> None:
        """The table's own clock alerts (``table_kit.alerts``); this copy of it stays quiet."""
        event.stop()

"""The whole event log of this table, oldest first (key ``e``).

The table's log panel shows only the newest lines (it never scrolls, see
:mod:`ahoy_tui.ui.widgets.event_log`); this dialog shows the sentences of
every event the table screen keeps (``table.MAX_EVENTS``), scrolled to the
newest. They are the same projected narration (R18): nothing new is shown.
While it is open the table goes on: each redraw of the table adds the new
sentences (``follow_table``, called by ``table_kit.watch.TableWatch``), and the
view stays at the newest unless the player scrolled up to read.
"""

from __future__ import annotations

from typing import Callable, Iterable

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import ModalScreen
from textual.widgets import RichLog

from ahoy_tui.ui.services import services
from ahoy_tui.ui.table_kit.watch import FollowsTable
from ahoy_tui.ui.text import asciify


class LogScreen(ModalScreen[None], FollowsTable):
    """Every kept log sentence; arrows/PgUp/PgDn scroll, Esc or e closes."""

    BINDINGS = [Binding("escape,e,q,enter", "close", "Close")]

    def __init__(self, entries: Iterable[Text] | Callable[[], Iterable[Text]]) -> None:
        """``entries``: the sentences, or a callable giving them now (then the view follows the table)."""
        super().__init__()
        self._source = entries if callable(entries) else None
        self.entries = [entry.copy() for entry in (entries() if callable(entries) else entries)]

    def compose(self) -> ComposeResult:
        app = services(self)
        log = RichLog(wrap=True, markup=False, highlight=False, min_width=10, id="log-box", classes="dialog")
        title = app.t("log.title")
        log.border_title = asciify(title) if app.ascii_only else title
        yield log

    def on_mount(self) -> None:
        self.set_class(self.app.ascii_only, "-ascii")  # type: ignore[attr-defined]
        log = self.query_one(RichLog)
        for entry in self.entries:
            log.write(entry)
        log.scroll_end(animate=False)

    def follow_table(self) -> None:
        """Add the sentences told since (all again if the kept ones moved on); stay at the newest."""
        if self._source is None or not self.is_mounted:
            return
        now = list(self._source())
        plain = [e.plain for e in self.entries]
        if [e.plain for e in now[:len(plain)]] == plain:
            new = now[len(plain):]
        else:
            new = now
            self.query_one(RichLog).clear()
            self.entries = []
        if not new:
            return
        log = self.query_one(RichLog)
        at_end = log.is_vertical_scroll_end
        for entry in new:
            log.write(entry.copy(), scroll_end=at_end)
        self.entries.extend(new)

    def action_close(self) -> None:
        self.dismiss(None)

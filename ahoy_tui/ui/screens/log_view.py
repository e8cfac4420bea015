"""The whole event log of this table, oldest first (key ``e``).

The table's log panel shows only the newest lines (it never scrolls, see
:mod:`ahoy_tui.ui.widgets.event_log`); this dialog shows the sentences of
every event the table screen keeps (``table.MAX_EVENTS``), scrolled to the
newest. They are the same projected narration (R18): nothing new is shown.
"""

from __future__ import annotations

from typing import Any, Iterable

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import ModalScreen
from textual.widgets import RichLog

from ahoy_tui.ui.text import asciify


class LogScreen(ModalScreen[None]):
    """Every kept log sentence; arrows/PgUp/PgDn scroll, Esc or e closes."""

    BINDINGS = [Binding("escape,e,q,enter", "close", "Close")]

    def __init__(self, entries: Iterable[Text]) -> None:
        super().__init__()
        self.entries = [entry.copy() for entry in entries]

    def compose(self) -> ComposeResult:
        app: Any = self.app
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

    def action_close(self) -> None:
        self.dismiss(None)

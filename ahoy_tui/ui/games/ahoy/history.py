"""Every finished hand of this game: winner, hands face up, scores and, when shown, the deals."""

from __future__ import annotations

from typing import Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from ahoy_tui.ui.services import services
from ahoy_tui.ui.games.ahoy.reveal_view import HandBook, reveal_text
from ahoy_tui.ui.games.ahoy.hand_over import hand_over_text
from ahoy_tui.ui.text import asciify


class HistoryScreen(ModalScreen[None]):
    """The hand history (``H`` at the table), newest last; Esc, H or q closes it."""

    BINDINGS = [Binding("escape,enter,q,H", "close", "Close")]

    def __init__(self, names: Sequence[str], book: HandBook) -> None:
        super().__init__()
        self.names = list(names)
        self.hands = list(book.hands)

    def compose(self) -> ComposeResult:
        app = services(self)
        fix = asciify if app.ascii_only else (lambda s: s)
        with VerticalScroll(id="history-box", classes="dialog") as b:
            b.border_title = fix(app.t("hist.title"))
            if not self.hands:
                yield Static(Text(fix(app.t("hist.empty")), style="dim"))
            for h in self.hands:
                yield Static(Text(fix(app.t("hist.hand", hand=h.over.get("hand", "?"))), style="bold reverse"))
                body = hand_over_text(app, self.names, h.over, h.ahoy, hint=False)
                body.append_text(reveal_text(app, self.names, h.reveal))
                body.append("\n")
                yield Static(body)

    def on_mount(self) -> None:
        self.set_class(self.app.ascii_only, "-ascii")  # type: ignore[attr-defined]
        self.query_one("#history-box").scroll_end(animate=False)

    def action_close(self) -> None:
        self.dismiss(None)

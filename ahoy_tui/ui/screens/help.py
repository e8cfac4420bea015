"""Rules in short and the keys, in the session's language."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import ActiveBinding, Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Static

from ahoy_tui.ui.live import built
from ahoy_tui.ui.keys import in_language
from ahoy_tui.ui.text import asciify


class HelpScreen(ModalScreen[None]):
    """Scrollable help; Esc, q or ? closes it."""

    BINDINGS = [Binding("escape,q,question_mark,f1", "close", "Close")]

    @property
    def active_bindings(self) -> dict[str, ActiveBinding]:
        """The keys, as Textual's ``Footer`` shows them, in the session's language (``keys.in_language``)."""
        return in_language(super().active_bindings, self.app)

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help-box", classes="dialog"):
            yield Static(id="help-body")
        yield Footer()

    def on_mount(self) -> None:
        self.refresh_texts()

    def refresh_texts(self) -> None:
        if not built(self, "#help-box", "#help-body"):
            return
        app = self.app
        body = app.t("help.body") + "\n" + app.t("cm.help")  # type: ignore[attr-defined]
        box = self.query_one("#help-box")
        box.border_title = app.t("help.title")  # type: ignore[attr-defined]
        self.query_one("#help-body", Static).update(Text(asciify(body) if app.ascii_only else body))  # type: ignore[attr-defined]
        self.set_class(app.ascii_only, "-ascii")  # type: ignore[attr-defined]
        self.refresh_bindings()

    def action_close(self) -> None:
        self.dismiss(None)

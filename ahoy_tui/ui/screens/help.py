"""Rules in short and the keys, in the session's language."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import ActiveBinding, Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Static

from ahoy_tui.ui.keys import in_language
from ahoy_tui.ui.live import built
from ahoy_tui.ui.reflow import reflow
from ahoy_tui.ui.services import RedrawsTexts
from ahoy_tui.ui.text import asciify


class HelpScreen(ModalScreen[None], RedrawsTexts):
    """Scrollable help; Esc, q or ? closes it.

    Args:
        title: The text key of its title.
        body: The text keys of its body, shown one after another (at a table its game's
            ``GameUI.help_texts``, elsewhere the lobby's ``game_uis.lobby_help()``: ``AhoyApp.action_help``).
    """

    BINDINGS = [Binding("escape,q,question_mark,f1", "close", "Close")]

    def __init__(self, title: str, body: tuple[str, ...]) -> None:
        super().__init__()
        self._title_key = title
        self._body_keys = body

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
        self.call_after_refresh(self.refresh_texts)  # again at the laid-out width

    def on_resize(self) -> None:
        self.call_after_refresh(self.refresh_texts)

    def refresh_texts(self) -> None:
        if not built(self, "#help-box", "#help-body"):
            return
        app = self.app
        box = self.query_one("#help-box")
        width = box.scrollable_content_region.width - 1  # room for the scroll bar that may come
        body = reflow("\n".join(app.t(key) for key in self._body_keys), width)  # type: ignore[attr-defined]
        box.border_title = app.t(self._title_key)  # type: ignore[attr-defined]
        self.query_one("#help-body", Static).update(Text(asciify(body) if app.ascii_only else body))  # type: ignore[attr-defined]
        self.set_class(app.ascii_only, "-ascii")  # type: ignore[attr-defined]
        self.refresh_bindings()

    def action_close(self) -> None:
        self.dismiss(None)

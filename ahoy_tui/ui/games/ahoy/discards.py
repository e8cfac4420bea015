"""The whole discard pile, bottom to top (R11: it is public)."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from ahoy_tui.ui.services import services
from ahoy_tui.ui.text import asciify
from ahoy_tui.ui.games.ahoy.cards import card_text


class DiscardsScreen(ModalScreen[None]):
    """Numbered discards; Esc or x closes."""

    BINDINGS = [Binding("escape,x,q,enter", "close", "Close")]

    def __init__(self, discard: tuple[int, ...]) -> None:
        super().__init__()
        self.discard = discard

    def compose(self) -> ComposeResult:
        app = services(self)
        out = Text()
        for i, ident in enumerate(self.discard):
            out.append(f"{i + 1:>3}. ", style="dim")
            out.append_text(card_text(ident, app.card_styles, app.ascii_only))
            out.append("\n" if (i + 1) % 6 == 0 else "   ")
        with VerticalScroll(id="discards-box", classes="dialog") as box:
            title = app.t("discards.title")
            box.border_title = asciify(title) if app.ascii_only else title
            yield Static(out)

    def on_mount(self) -> None:
        self.set_class(self.app.ascii_only, "-ascii")  # type: ignore[attr-defined]

    def action_close(self) -> None:
        self.dismiss(None)

"""Ask for a private table's code."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label

from ahoy_tui.ui.services import services
from ahoy_tui.ui.live import built
from ahoy_tui.ui.text import asciify, clean


class JoinCodeScreen(ModalScreen[str | None]):
    """Dismisses with the typed code, or None.

    Args:
        title_key: i18n key of the dialog's title (joining by default; watching a private table).
    """

    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, title_key: str = "code.title") -> None:
        super().__init__()
        self.title_key = title_key

    def compose(self) -> ComposeResult:
        app = services(self)
        fix = asciify if app.ascii_only else (lambda s: s)
        with Vertical(id="code-box", classes="dialog") as box:
            box.border_title = fix(app.t(self.title_key))
            yield Label(fix(app.t("code.prompt")))
            inp = Input(max_length=16, id="code-input", compact=True)
            inp.cursor_blink = False
            yield inp
            with Horizontal(classes="dialog-buttons"):
                yield Button(fix(app.t("code.join" if self.title_key == "code.title" else "key.watch")), id="code-join", variant="primary", compact=True)
                yield Button(fix(app.t("cancel")), id="code-cancel", compact=True)

    def on_mount(self) -> None:
        if not built(self, "Input"):
            return
        self.query_one(Input).focus()

    def _done(self) -> None:
        self.dismiss(clean(self.query_one(Input).value, 16).strip() or None)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self._done()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "code-join":
            self._done()
        else:
            self.dismiss(None)

    def action_cancel(self) -> None:
        self.dismiss(None)

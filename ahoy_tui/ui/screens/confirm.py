"""A yes/no question in a small dialog (y or s for "sí" / n, Esc, or the buttons); the footer lists its keys."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from ahoy_tui.hosting.textual_private import set_bindings
from ahoy_tui.ui.services import services
from ahoy_tui.ui.text import asciify


class ConfirmScreen(ModalScreen[bool]):
    """Dismisses with True (yes) or False (no).

    Yes is ``y``, ``s`` (Spanish "sí") or ``j`` (German "ja") in any language; the footer and
    the button show the one of the session's language (``confirm.yes_key``):
    the footer reads ``y <yes>  n <no>`` (the answers' own words, e.g. "y Leave
    n Stay", "s Salir  n Quedarme"); Esc answers no too.
    """

    def __init__(self, title: str, question: str, yes: str, no: str) -> None:
        super().__init__()
        self.title_text, self.question, self.yes, self.no = title, question, yes, no
        app = services(self)
        fix = asciify if app.ascii_only else (lambda s: s)
        shown = app.t("confirm.yes_key")
        hidden = [Binding(k, "answer(True)", show=False) for k in ("y", "s", "j") if k != shown]
        set_bindings(self, [Binding(shown, "answer(True)", fix(yes)), *hidden,
                            Binding("n", "answer(False)", fix(no)),
                            Binding("escape", "answer(False)", show=False)])

    def compose(self) -> ComposeResult:
        app = services(self)
        fix = asciify if app.ascii_only else (lambda s: s)
        with Vertical(id="confirm-box", classes="dialog") as box:
            box.border_title = fix(self.title_text)
            yield Static(Text(fix(self.question)))
            with Horizontal(classes="dialog-buttons"):
                yield Button(fix(f"{self.yes} ({app.t('confirm.yes_key')})"), id="confirm-yes", variant="primary", compact=True)
                yield Button(fix(f"{self.no} (n)"), id="confirm-no", compact=True)

    def on_mount(self) -> None:
        self.set_class(services(self).ascii_only, "-ascii")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(event.button.id == "confirm-yes")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)

"""Pick one seat by its number (the host giving a seat to a bot for good, R17)."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from ahoy_tui.ui.services import services
from ahoy_tui.ui.text import asciify, clean


class PickSeatScreen(ModalScreen[int | None]):
    """Dismisses with the chosen seat index, or None (Esc)."""

    BINDINGS = [*[Binding(str(n), f"pick({n - 1})", show=False) for n in range(1, 9)],
                Binding("escape", "cancel", "Cancel"), Binding("q", "cancel", show=False)]

    def __init__(self, title: str, hint: str, seats: list[tuple[int, str]]) -> None:
        """``seats``: the ``(seat index, name)`` pairs that may be picked."""
        super().__init__()
        self.title_text, self.hint, self.seats = title, hint, seats

    def compose(self) -> ComposeResult:
        app = services(self)
        fix = asciify if app.ascii_only else (lambda s: s)
        body = Text()
        for seat, name in self.seats:
            body.append(f" {seat + 1}. ", style="bold")
            body.append(fix(clean(name, 16)) + "\n")
        body.append("\n" + fix(self.hint), style="dim")
        with Vertical(id="confirm-box", classes="dialog") as box:
            box.border_title = fix(self.title_text)
            yield Static(body)

    def on_mount(self) -> None:
        self.set_class(self.app.ascii_only, "-ascii")  # type: ignore[attr-defined]

    def action_cancel(self) -> None:
        """Esc (or ``q``): no seat is picked; the footer shows it as "esc Cancel" in the session's language."""
        self.dismiss(None)

    def action_pick(self, seat: int) -> None:
        if any(s == seat for s, _ in self.seats):
            self.dismiss(seat)

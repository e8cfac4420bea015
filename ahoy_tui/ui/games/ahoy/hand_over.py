"""The end of a hand: the treasure revealed, every hand face up, the scores (R14), the deals (reveal)."""

from __future__ import annotations

from typing import Any, Callable, Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from ahoy_tui.ui.services import AppServices, services
from ahoy_tui.ui.games.ahoy.reveal_view import reveal_text
from ahoy_tui.ui.text import asciify, clean
from ahoy_tui.ui.games.ahoy.cards import cards_text


def hand_over_text(app: AppServices, names: list[str], data: dict, ahoy: Any, hint: bool = True) -> Text:
    """The hand-over report from the public ``hand_over`` (and ``ahoy``) event data."""
    fix = asciify if app.ascii_only else (lambda s: s)
    styles = app.card_styles
    out = Text()
    winner = data.get("winner")
    if winner is None:
        out.append(fix(app.t("over.becalmed")) + "\n\n", style="bold")
    else:
        out.append(fix(app.t("over.winner", name=clean(names[winner], 16), cards="")), style="bold")
        if ahoy is not None:
            out.append_text(cards_text(ahoy.data.get("cards", []), styles, app.ascii_only))
        out.append("\n\n")
    hands = data.get("hands") or []
    scores = data.get("scores") or []
    totals = data.get("totals") or []
    for i, name in enumerate(names):
        out.append(f"{fix(clean(name, 16)):<16} ", style="bold" if i == winner else "")
        if i < len(hands):
            out.append_text(cards_text(hands[i], styles, app.ascii_only))
        if i < len(scores):
            out.append(f"   +{scores[i]}")
        if i < len(totals):
            out.append(f"  = {totals[i]}", style="bold")
        out.append("\n")
    if hint:
        out.append("\n" + fix(app.t("over.continue")), style="dim")
    return out


class HandOverScreen(ModalScreen[None]):
    """Shown when a hand ends; Enter or Esc continues."""

    BINDINGS = [Binding("escape,enter,space,q", "close", "Close"), Binding("c", "chat", "Chat")]

    def __init__(self, names: Sequence[str], data: dict, ahoy: Any, reveal: dict | None = None,
                 on_chat: Callable[[], None] | None = None) -> None:
        """``names``: the seat names when the hand ended; ``data``: the public ``hand_over`` event data;
        ``ahoy``: the hand's ``ahoy`` event (or None); ``reveal``: the hand's public ``reveal`` event
        data (None: the table reveals nothing); ``on_chat``: types in the table chat (``c``)."""
        super().__init__()
        self.names = list(names)
        self.on_chat = on_chat
        self.data = data
        self.ahoy = ahoy
        self.reveal = reveal

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="over-box", classes="dialog") as b:
            b.border_title = self._title()
            yield Static(id="over-text")
            yield Static(id="over-reveal", classes="reveal")
            yield Static(id="over-hint")

    def _title(self) -> str:
        app = services(self)
        title = app.t("over.title", hand=self.data.get("hand", "?"))
        return asciify(title) if app.ascii_only else title

    def _fill(self) -> None:
        """Put the report, the deals (only with a reveal) and the hint into their rows."""
        if not self.query("#over-text"):  # torn down before its rows mounted (the app is closing)
            return
        app = services(self)
        fix = asciify if app.ascii_only else (lambda s: s)
        self.query_one("#over-text", Static).update(
            hand_over_text(app, self.names, self.data, self.ahoy, hint=self.reveal is None))
        shown = self.reveal is not None
        reveal, hint = self.query_one("#over-reveal", Static), self.query_one("#over-hint", Static)
        reveal.display = hint.display = shown
        if shown:
            reveal.update(reveal_text(app, self.names, self.reveal))
            hint.update(Text("\n" + fix(app.t("over.continue")), style="dim"))

    def show(self, data: dict, ahoy: Any, names: list[str], reveal: dict | None = None) -> None:
        """Show another hand's report in this dialog (the next hand ended while this one was open)."""
        self.data, self.ahoy, self.names, self.reveal = data, ahoy, list(names), reveal
        if self.is_mounted:
            self.query_one("#over-box").border_title = self._title()
            self._fill()

    def on_mount(self) -> None:
        self.set_class(self.app.ascii_only, "-ascii")  # type: ignore[attr-defined]
        self._fill()

    def action_close(self) -> None:
        self.dismiss(None)

    def action_chat(self) -> None:
        """Close the report and type in the table chat (``c``, as at the table)."""
        self.dismiss(None)
        if self.on_chat is not None:
            self.on_chat()

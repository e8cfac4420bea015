"""The offer composer: the card you want and the card you claim to give (R8).

Both are statements: any card may be named, whatever either hand holds. A
preview shows the sentence the table will read. "I want" starts empty (a
default would tell the table your target on a quick Ctrl+S); a line only
you see names the cards your best run still lacks.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Label, Select, Static

from ahoy_tui.game import cards as C
from ahoy_tui.ui.keys import translate_bindings
from ahoy_tui.ui.live import built
from ahoy_tui.ui.text import asciify, card_label, card_text, clean


class OfferScreen(ModalScreen[tuple[int, int] | None]):
    """Dismisses with ``(want, give)`` identities, or None when cancelled."""

    BINDINGS = [Binding("escape", "cancel", "Cancel"), Binding("ctrl+s", "send", "Offer"),
                *[Binding(str(n), f"pick({n - 1})", show=False) for n in range(1, 5)]]

    def __init__(self, me: str, other: str, want: int | None, give: int, needed: tuple[int, ...] = ()) -> None:
        """``want``: None leaves "I want" empty until chosen; ``needed``: the private hint's cards."""
        super().__init__()
        self.me = clean(me, 16)
        self.other = clean(other, 16)
        self.want = want
        self.give = give
        self.needed = tuple(needed)

    @property
    def picks(self) -> tuple[int, ...]:
        """What keys 1–4 put into "I want": the cards the hint names, else your own claimed card (a bluff)."""
        return self.needed or (self.give,)

    def _hint_text(self) -> str:
        app: Any = self.app
        if not self.needed:
            return app.t("offer.no_run", card=card_label(self.give, app.ascii_only))
        return app.t("offer.needed", cards=" ".join(f"{card_label(c, app.ascii_only)} ({i + 1})"
                                                     for i, c in enumerate(self.needed)))

    def action_pick(self, index: int) -> None:
        """Put the hint's ``index``-th card into "I want" (only this seat sees the hint)."""
        if index < len(self.picks):
            self.query_one("#offer-want", Select).value = self.picks[index]

    def _options(self) -> list[tuple[Text, int]]:
        app: Any = self.app
        return [(card_text(i, app.card_styles, app.ascii_only), i) for i in range(C.IDENTITIES)]

    def compose(self) -> ComposeResult:
        app: Any = self.app
        fix = asciify if app.ascii_only else (lambda s: s)
        with Vertical(id="offer-box", classes="dialog") as box:
            box.border_title = fix(app.t("offer.title", name=self.other))
            with Grid(id="offer-grid"):
                yield Label(fix(app.t("offer.want")))
                yield Select(self._options(), value=Select.NULL if self.want is None else self.want,
                             allow_blank=True, prompt=fix(app.t("offer.choose")), id="offer-want", compact=True)
                yield Label(fix(app.t("offer.give")))
                yield Select(self._options(), value=self.give, allow_blank=False, id="offer-give", compact=True)
            yield Static(id="offer-preview")
            yield Static(fix(self._hint_text()), id="offer-hint", classes="hint")
            yield Static(fix(app.t("offer.lie")), classes="hint")
            with Horizontal(classes="dialog-buttons"):
                yield Button(fix(app.t("offer.send")), id="offer-send", variant="primary", compact=True)
                yield Button(fix(app.t("cancel")), id="offer-cancel", compact=True)

    def on_mount(self) -> None:
        if not built(self, "#offer-want"):
            return
        translate_bindings(self, self.app.lang)  # type: ignore[attr-defined]  # the footer under the dialog
        self.set_class(self.app.ascii_only, "-ascii")  # type: ignore[attr-defined]
        self._preview()
        self.query_one("#offer-want", Select).focus()

    def preview_text(self) -> str:
        """The sentence the table will read."""
        app: Any = self.app
        want = "?" if self.want is None else card_label(self.want, app.ascii_only)
        s = app.t("offer.preview", me=self.me, other=self.other, want=want,
                  give=card_label(self.give, app.ascii_only))
        return asciify(s) if app.ascii_only else s

    def _preview(self) -> None:
        self.query_one("#offer-preview", Static).update(Text(self.preview_text(), style="bold"))

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "offer-want":
            self.want = event.value if type(event.value) is int else None  # Select.NULL: nothing chosen
        elif event.select.id == "offer-give" and type(event.value) is int:
            self.give = event.value
        self._preview()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "offer-send":
            self.action_send()
        else:
            self.dismiss(None)

    def action_send(self) -> None:
        """Send, once "I want" names a card (else say so and go to its list)."""
        if self.want is None:
            self.app.notify(self.app.t("offer.need_want"), severity="warning", timeout=3)  # type: ignore[attr-defined]
            self.query_one("#offer-want", Select).focus()
            return
        self.dismiss((self.want, self.give))

    def action_cancel(self) -> None:
        self.dismiss(None)

"""The offer composer: the card you want and the card you claim to give (R8).

Both are statements: any card may be named, whatever either hand holds. A
preview shows the sentence the table will read. "I want" starts empty (a
default would tell the table your target on a quick Ctrl+S); a line only
you see names the cards your best run still lacks, each with its code.

Typing a card code picks that card in the focused field (when a button
has focus: "I'll give" once "I want" names a card, else "I want", so
``3d Tab as`` fills both whether or not the Tab was needed; a code that
moves on sends the next one to the next field at once, even when the keys
arrive together, before the focus has moved): a rank ``2``–``10``, ``j``, ``q``, ``k``,
``a`` and then a suit ``s`` ``h`` ``d`` ``c`` (or its glyph ``♠ ♥ ♦ ♣``),
or ``jk`` for the Joker, in either case; the letters are the same in
Spanish (they are the suits' ASCII-mode letters). A code in the first field
moves on to the second, one in the second to the Send button, so
``o 5d 10h Enter`` makes an offer. A code that is no card says so and is
forgotten; Backspace forgets a half-typed code.

The focused field's label starts with ``▶`` (``>`` in ASCII mode) and is
bold and underlined: it reads without colour (monochrome theme, a terminal
without colours), not only by its background.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, Vertical
from textual.screen import ModalScreen
from textual import events
from textual.widgets import Button, Label, Select, Static

from ahoy_tui.games.ahoy import cards as C
from ahoy_tui.games.ahoy.errors import RuleError
from ahoy_tui.ui.services import services
from ahoy_tui.ui.live import built
from ahoy_tui.ui.text import asciify, clean
from ahoy_tui.ui.games.ahoy.cards import card_label, card_text


_SUIT_KEYS = frozenset("shdc" + "".join(C.SUIT_SYMBOLS))
"""Characters that end a card code (the suits' ASCII letters and glyphs)."""
_PREFIXES = frozenset({"1", "j"} | {r.lower() for r in C.RANKS})
"""Codes typed so far that still wait for more (a rank, or the ``1`` of ``10``)."""


class OfferScreen(ModalScreen[tuple[int, int] | None]):
    """Dismisses with ``(want, give)`` identities, or None when cancelled."""

    BINDINGS = [Binding("escape", "cancel", "Cancel"), Binding("ctrl+s", "send", "Offer")]

    def __init__(self, me: str, other: str, want: int | None, give: int, needed: tuple[int, ...] = ()) -> None:
        """``want``: None leaves "I want" empty until chosen; ``needed``: the private hint's cards."""
        super().__init__()
        self.me = clean(me, 16)
        self.other = clean(other, 16)
        self.want = want
        self.give = give
        self.needed = tuple(needed)
        self.code = ""
        """The card code typed so far (see the module docstring)."""
        self.target: str | None = "offer-want"
        """The id of the field the next code picks in (None: a button has focus, see ``_pick``). Set when a
        code moves on, not when Textual's focus lands (a call later): keys that arrive together (``3das``
        in one packet over SSH) still fill both fields."""

    @property
    def picks(self) -> tuple[int, ...]:
        """The cards the private hint suggests for "I want": those your run lacks, else your own claimed card (a bluff)."""
        return self.needed or (self.give,)

    def _hint_text(self) -> str:
        app = services(self)
        if not self.needed:
            return app.t("offer.no_run", card=card_label(self.give, app.ascii_only), code=C.name(self.give).lower())
        return app.t("offer.needed", cards=" ".join(f"{card_label(c, app.ascii_only)} ({C.name(c).lower()})"
                                                     for c in self.needed))

    def _options(self) -> list[tuple[Text, int]]:
        app = services(self)
        return [(card_text(i, app.card_styles, app.ascii_only), i) for i in range(C.IDENTITIES)]

    def compose(self) -> ComposeResult:
        app = services(self)
        fix = asciify if app.ascii_only else (lambda s: s)
        with Vertical(id="offer-box", classes="dialog") as box:
            box.border_title = fix(app.t("offer.title", name=self.other))
            with Grid(id="offer-grid"):
                yield Label(self._label("offer.want", False), id="offer-want-label")
                yield Select(self._options(), value=Select.NULL if self.want is None else self.want,
                             allow_blank=True, prompt=fix(app.t("offer.choose")), id="offer-want", compact=True)
                yield Label(self._label("offer.give", False), id="offer-give-label")
                yield Select(self._options(), value=self.give, allow_blank=False, id="offer-give", compact=True)
            yield Static(id="offer-preview")
            yield Static(fix(self._hint_text()), id="offer-hint", classes="hint")
            yield Static(fix(app.t("offer.lie")), classes="hint")
            yield Static(fix(app.t("offer.code_help")), id="offer-code", classes="hint")
            with Horizontal(classes="dialog-buttons"):
                yield Button(fix(app.t("offer.send")), id="offer-send", variant="primary", compact=True)
                yield Button(fix(app.t("cancel")), id="offer-cancel", compact=True)

    def _label(self, key: str, focused: bool) -> Text:
        """A field's label: ``▶`` (ASCII ``>``), bold and underlined while its field has focus."""
        app = services(self)
        text = app.t(key)
        if focused:
            text = ("> " if app.ascii_only else "▶ ") + text
            return Text(asciify(text) if app.ascii_only else text, style="bold underline")
        return Text("  " + (asciify(text) if app.ascii_only else text))

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        """The player moved the focus (Tab, click): codes go to the field focused (a button: see ``_pick``)."""
        widget = event.widget
        select = widget if isinstance(widget, Select) else next(
            (a for a in widget.ancestors if isinstance(a, Select)), None)
        if select is not None:
            self.target = select.id
        elif isinstance(widget, Button):
            self.target = None
        self._mark_focus()

    def on_descendant_blur(self, _event: events.DescendantBlur) -> None:
        self.call_after_refresh(self._mark_focus)

    def _mark_focus(self) -> None:
        """Mark the label of the focused field (``_label``)."""
        if not self.is_mounted:
            return
        for field, key in (("offer-want", "offer.want"), ("offer-give", "offer.give")):
            select = self.query_one(f"#{field}", Select)
            focused = self.focused is not None and (self.focused is select or select in self.focused.ancestors)
            self.query_one(f"#{field}-label", Label).update(self._label(key, focused))

    def on_mount(self) -> None:
        if not built(self, "#offer-want"):
            return
        self.set_class(self.app.ascii_only, "-ascii")  # type: ignore[attr-defined]
        self._preview()
        self.query_one("#offer-want", Select).focus()

    def preview_text(self) -> str:
        """The sentence the table will read."""
        app = services(self)
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

    # -- card codes ------------------------------------------------------------------
    def on_key(self, event: events.Key) -> None:
        """Collect a typed card code (an open drop-down keeps its own type-to-search)."""
        if any(select.expanded for select in self.query(Select)):
            return
        if event.key == "backspace" and self.code:
            event.stop()
            self._code_line("offer.code_help")
            self.code = ""
            return
        ch = event.character
        if not ch or len(ch) != 1 or not ch.isprintable() or ch == " ":
            return
        event.stop()
        event.prevent_default()
        self.type_code(ch)

    def type_code(self, ch: str) -> None:
        """Add one typed character to the code; a whole code picks its card in the focused field."""
        code = self.code + (ch.lower() if ch.isascii() else ch)
        if code == "jk" or code[-1] in _SUIT_KEYS:
            self.code = ""
            try:
                ident = C.parse(code)
            except RuleError:
                self._code_line("offer.code_bad", code=code)
                return
            self._pick(ident)
            self._code_line("offer.code_help")
        elif code in _PREFIXES:
            self.code = code
            self._code_line("offer.code_typing", code=code)
        else:
            self.code = ""
            self._code_line("offer.code_bad", code=code)

    def _pick(self, ident: int) -> None:
        """Pick ``ident`` in the field codes go to now (``target``), and move on to the next field."""
        give, want = self.query_one("#offer-give", Select), self.query_one("#offer-want", Select)
        if self.target is not None:
            field = want if self.target == "offer-want" else give
        else:  # a button (or nothing): the field still to fill, in the order the player fills them
            field = give if self.want is not None else want
        field.value = ident
        if field is give:
            self.give = ident
            self.target = None
            self.query_one("#offer-send", Button).focus()
        else:
            self.want = ident
            self.target = "offer-give"  # now, not when the focus lands: the next code may already be queued
            give.focus()
        self._preview()

    def _code_line(self, key: str, **kw: object) -> None:
        app = services(self)
        text = app.t(key, **kw)
        self.query_one("#offer-code", Static).update(Text(asciify(text) if app.ascii_only else text,
                                                          style="bold" if key == "offer.code_bad" else ""))

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

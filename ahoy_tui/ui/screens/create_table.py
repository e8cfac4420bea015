"""The create-table dialog: every lobby setting (docs/lobby-api.md TableConfig), and
the level of bots to fill the other seats with (none, easy, normal, hard; issue 17)."""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Select, Static

from ahoy_tui.games.ahoy import LIMIT_PRESETS
from ahoy_tui.lobby.config import CLOCK_PROFILES
from ahoy_tui.lobby.messages import TableConfig
from ahoy_tui.ui.bot_levels import LEVELS
from ahoy_tui.ui.live import built
from ahoy_tui.ui.text import asciify, clean
from ahoy_tui.ui.widgets.tick_box import TickBox

CLOCKS = ("relaxed", "normal", "blitz", "untimed")
CUSTOM = -1


def parse_limit(preset: int, custom: str) -> int | None:
    """The chosen limit: a preset, or the custom text as a whole number 20..1000 (R15)."""
    if preset != CUSTOM:
        return preset
    text = custom.strip()
    if not text.isdigit():
        return None
    value = int(text)
    return value if 20 <= value <= 1000 else None


def clock_hint(t: Any, profile: str) -> str:
    """What clock ``profile`` means, in seconds per decision (R17), as one sentence of ``t``."""
    secs = CLOCK_PROFILES.get(profile)
    if secs is None:
        return t("clock.hint_untimed")
    return t("clock.hint", turn=int(secs["turn"]), respond=int(secs["respond"]), discard=int(secs["discard"]))


def default_table_name(t: Any, me: str) -> str:
    """"anna's ship" when it fits the 24 characters of a name, else the player's name alone."""
    name = t("create.default_name", name=me)
    return name if len(name) <= 24 else clean(me, 24)


class CreateTableScreen(ModalScreen[Any]):
    """Dismisses with a lobby ``TableConfig``, or None when cancelled.

    Attributes:
        bot_fill: The bot kind chosen to fill the other seats ("" for none),
            read by the dismiss callback (``LobbyScreen._created``).
    """

    bot_fill: str = ""

    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def compose(self) -> ComposeResult:
        app: Any = self.app
        t = app.t
        fix = asciify if app.ascii_only else (lambda s: s)
        with Vertical(id="create-box", classes="dialog") as box:
            box.border_title = fix(t("create.title"))
            with Grid(id="create-grid"):
                yield Label(fix(t("create.name")))
                yield Input(value=clean(default_table_name(t, app.me), 24), max_length=24,
                            id="c-name", compact=True)
                yield Label(fix(t("create.seats")))
                yield Select([(str(n), n) for n in range(2, 9)], value=4, allow_blank=False,
                             id="c-seats", compact=True)
                yield Label(fix(t("create.limit")))
                yield Select([(fix(t(f"limit.{n}")), n) for n in LIMIT_PRESETS] + [(fix(t("limit.custom")), CUSTOM)],
                             value=100, allow_blank=False, id="c-limit", compact=True)
                yield Label(fix(t("create.custom")))
                yield Input(placeholder="20-1000", restrict=r"[0-9]*", max_length=4, id="c-custom",
                            compact=True)
                yield Label(fix(t("create.clocks")))
                yield Select([(fix(t(f"clock.{c}")), c) for c in CLOCKS], value="normal", allow_blank=False,
                             id="c-clocks", compact=True)
                yield Label(fix(t("create.bots")))
                yield Select([(fix(t("level.none")), "")] + [(fix(t(f"level.{k}")), k) for k in LEVELS],
                             value="", allow_blank=False, id="c-bots", compact=True)
            yield Static(fix(clock_hint(t, "normal")), id="c-clock-hint", markup=False)
            yield TickBox(fix(t("create.ace_low")), id="c-ace-low", compact=True)
            yield TickBox(fix(t("create.verified")), id="c-verified", compact=True)
            yield TickBox(fix(t("create.private")), id="c-private", compact=True)
            yield TickBox(fix(t("create.reveal")), value=True, id="c-reveal", compact=True)
            with Horizontal(classes="dialog-buttons"):
                yield Button(fix(t("create.create")), id="c-create", variant="primary", compact=True)
                yield Button(fix(t("cancel")), id="c-cancel", compact=True)

    def on_mount(self) -> None:
        if not built(self, "#c-name"):
            return
        for inp in self.query(Input):
            inp.cursor_blink = False
        self.set_class(self.app.ascii_only, "-ascii")  # type: ignore[attr-defined]
        self.query_one("#c-name", Input).focus()

    def on_select_changed(self, event: Select.Changed) -> None:
        """A preset limit empties the custom field; a clock profile explains itself below."""
        if event.select.id == "c-limit" and event.value != CUSTOM:
            custom = self.query_one("#c-custom", Input)
            if custom.value:
                custom.value = ""
        elif event.select.id == "c-clocks":
            app: Any = self.app
            text = clock_hint(app.t, str(event.value))
            self.query_one("#c-clock-hint", Static).update(asciify(text) if app.ascii_only else text)

    def on_input_changed(self, event: Input.Changed) -> None:
        """Typing a number in the custom field chooses the custom limit (no typing goes unseen)."""
        if event.input.id == "c-custom" and event.value:
            limit = self.query_one("#c-limit", Select)
            if limit.value != CUSTOM:
                limit.value = CUSTOM

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self._create()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "c-create":
            self._create()
        else:
            self.dismiss(None)

    def action_cancel(self) -> None:
        self.dismiss(None)

    def _create(self) -> None:
        app: Any = self.app
        limit = parse_limit(self.query_one("#c-limit", Select).value, self.query_one("#c-custom", Input).value)
        if limit is None:
            app.notify(app.t("create.bad_limit"), severity="warning", timeout=3)
            return
        name = clean(self.query_one("#c-name", Input).value, 24).strip() or default_table_name(app.t, app.me)
        config = TableConfig.make(
            name=name,
            seats=int(self.query_one("#c-seats", Select).value),
            limit=limit,
            ace_low=self.query_one("#c-ace-low", TickBox).value,
            verified_step_in=self.query_one("#c-verified", TickBox).value,
            clocks=str(self.query_one("#c-clocks", Select).value),
            private=self.query_one("#c-private", TickBox).value,
            reveal=self.query_one("#c-reveal", TickBox).value,
        )
        self.bot_fill = str(self.query_one("#c-bots", Select).value or "")
        self.dismiss(config)



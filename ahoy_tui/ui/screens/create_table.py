"""The create-table dialog: the game (AHOY!! V2 or Ahoi, ``games.registry``), its table options
(built from ``GameSpec.options`` by ``ui.option_fields``), every lobby setting (docs/lobby-api.md
TableConfig: clocks, bot pace, private), and the level of bots to fill the other seats with (none, easy,
normal, hard; issue 17)."""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Select, Static

from ahoy_tui.games.registry import DEFAULT_GAME, GAMES
from ahoy_tui.lobby.config import BOT_PACES, CLOCK_PROFILES
from ahoy_tui.lobby.messages import GRACE_DEFAULT, TableConfig
from ahoy_tui.ui.services import services
from ahoy_tui.ui.bot_levels import levels_for, with_strength
from ahoy_tui.ui.live import built
from ahoy_tui.ui.option_fields import grid_fields, read_options, tick_fields
from ahoy_tui.ui.option_text import CUSTOM, field_id
from ahoy_tui.ui.text import asciify, clean
from ahoy_tui.ui.widgets.tick_box import TickBox

CLOCKS = ("relaxed", "normal", "blitz", "untimed")
GRACE_CHOICES = (0, 10, 20, 30, 60)
"""Seconds a dropped player's seat waits for her (``TableConfig.grace``, R17); 0: no wait."""
PACES = tuple(BOT_PACES)  # relaxed, normal, fast


def clock_hint(t: Any, profile: str, game: str = DEFAULT_GAME) -> str:
    """What clock ``profile`` means for ``game``, in seconds per decision (R17, AH14), as one sentence of ``t``:
    the turn, answer and discard clocks when the game has those kinds, else the turn clock for every decision."""
    secs = CLOCK_PROFILES.get(profile)
    if secs is None:
        return t("clock.hint_untimed")
    kinds = GAMES[game].clock_kinds if game in GAMES else ()
    if not {"respond", "discard"} <= set(kinds):
        return t("clock.hint_turn", turn=int(secs["turn"]))
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
        game: The chosen game's registry name; choosing another shows its
            seat range and options instead.
    """

    bot_fill: str = ""

    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self) -> None:
        super().__init__()
        self.game = DEFAULT_GAME

    def _fix(self) -> Any:
        app = services(self)
        return asciify if app.ascii_only else (lambda s: s)

    def compose(self) -> ComposeResult:
        app = services(self)
        t = app.t
        fix = self._fix()
        with Vertical(id="create-box", classes="dialog") as box:
            box.border_title = fix(t("create.title"))
            with Grid(id="create-grid"):
                yield Label(fix(t("create.name")))
                yield Input(value=clean(default_table_name(t, app.me), 24), max_length=24,
                            id="c-name", compact=True)
                yield Label(fix(t("create.game")))
                yield Select([(fix(spec.title), name) for name, spec in GAMES.items()], value=self.game,
                             allow_blank=False, id="c-game", compact=True)
                yield Label(fix(t("create.seats")))
                yield self._seats_select()
            yield Grid(*self._grid_fields(), id="c-option-grid", classes="create-grid")
            with Grid(id="create-grid-lobby", classes="create-grid"):
                yield Label(fix(t("create.clocks")))
                yield Select([(fix(t(f"clock.{c}")), c) for c in CLOCKS], value="normal", allow_blank=False,
                             id="c-clocks", compact=True)
                yield Label(fix(t("create.grace")))
                yield Select([(fix(t("create.grace_none") if g == 0 else f"{g} s"), g) for g in GRACE_CHOICES],
                             value=GRACE_DEFAULT, allow_blank=False, id="c-grace", compact=True)
                yield Label(fix(t("create.bots")))
                yield Select(self._bot_choices(), value="", allow_blank=False, id="c-bots", compact=True)
                yield Label(fix(t("create.bot_pace")))
                yield Select([(fix(t(f"pace.{p}")), p) for p in PACES], value="normal", allow_blank=False,
                             id="c-pace", compact=True)
            yield Static(fix(clock_hint(t, "normal", self.game)), id="c-clock-hint", markup=False)
            yield Vertical(*self._tick_fields(), id="c-option-ticks")
            yield TickBox(fix(t("create.private")), id="c-private", compact=True)
            with Horizontal(classes="dialog-buttons"):
                yield Button(fix(t("create.create")), id="c-create", variant="primary", compact=True)
                yield Button(fix(t("cancel")), id="c-cancel", compact=True)

    def _bot_choices(self) -> list[tuple[str, str]]:
        """None, then the chosen game's bot levels (``GameSpec.bot_kinds``), easiest first, each with its
        measured rating when known ("hard · 2231", issue 30)."""
        app = services(self)
        fix = self._fix()
        return [(fix(app.t("level.none")), "")] + [(fix(with_strength(app.t(f"level.{k}"), self.game, k)), k)
                                                   for k in levels_for(self.game)]

    def _seats_select(self) -> Select:
        spec = GAMES[self.game]
        return Select([(str(n), n) for n in range(spec.min_seats, spec.max_seats + 1)],
                      value=min(max(4, spec.min_seats), spec.max_seats), allow_blank=False, id="c-seats",
                      compact=True)

    def _grid_fields(self) -> list[Any]:
        app = services(self)
        return list(grid_fields(app.t, self.game, GAMES[self.game].options, self._fix()))

    def _tick_fields(self) -> list[Any]:
        app = services(self)
        return list(tick_fields(app.t, self.game, GAMES[self.game].options, self._fix()))

    def on_mount(self) -> None:
        if not built(self, "#c-name"):
            return
        self._quiet_inputs()
        self.set_class(self.app.ascii_only, "-ascii")  # type: ignore[attr-defined]
        self.query_one("#c-name", Input).focus()

    def _quiet_inputs(self) -> None:
        for inp in self.query(Input):
            inp.cursor_blink = False

    async def _show_game(self, game: str) -> None:
        """Show ``game``'s seat range and options instead of the current game's."""
        if game == self.game or game not in GAMES:
            return
        self.game = game
        seats = self.query_one("#c-seats", Select)
        seats.set_options([(str(n), n) for n in range(GAMES[game].min_seats, GAMES[game].max_seats + 1)])
        seats.value = min(max(4, GAMES[game].min_seats), GAMES[game].max_seats)
        bots = self.query_one("#c-bots", Select)
        kept = bots.value if bots.value in levels_for(game) else ""
        bots.set_options(self._bot_choices())
        bots.value = kept
        grid, ticks = self.query_one("#c-option-grid", Grid), self.query_one("#c-option-ticks", Vertical)
        await grid.remove_children()
        await ticks.remove_children()
        await grid.mount_all(self._grid_fields())
        await ticks.mount_all(self._tick_fields())
        self._quiet_inputs()
        self._show_clock_hint()

    def _show_clock_hint(self) -> None:
        """The chosen clock profile's seconds for the chosen game, below the drop-downs."""
        app = services(self)
        text = clock_hint(app.t, str(self.query_one("#c-clocks", Select).value), self.game)
        self.query_one("#c-clock-hint", Static).update(asciify(text) if app.ascii_only else text)

    async def on_select_changed(self, event: Select.Changed) -> None:
        """Another game shows its options; a preset empties its custom field; a clock profile explains itself."""
        sid = event.select.id or ""
        if sid == "c-game":
            await self._show_game(str(event.value))
        elif sid == "c-clocks":
            self._show_clock_hint()
        elif event.value != CUSTOM:
            custom = self.query(f"#{sid}-custom").first(Input) if self.query(f"#{sid}-custom") else None
            if custom is not None and custom.value:
                custom.value = ""

    def on_input_changed(self, event: Input.Changed) -> None:
        """Typing a number in a custom field chooses "custom" for that option (no typing goes unseen)."""
        sid = event.input.id or ""
        if sid.endswith("-custom") and event.value:
            presets = self.query_one("#" + sid.removesuffix("-custom"), Select)
            if presets.value != CUSTOM:
                presets.value = CUSTOM

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
        app = services(self)
        spec = GAMES[self.game]
        options, bad = read_options(self, spec.options)
        if bad is not None:
            app.notify(app.t("create.bad_number", low=bad.low, high=bad.high), severity="warning", timeout=3)
            self.query_one("#" + field_id(bad) + ("-custom" if bad.presets else ""), Input).focus()
            return
        name = clean(self.query_one("#c-name", Input).value, 24).strip() or default_table_name(app.t, app.me)
        config = TableConfig.make(
            spec.name,
            name=name,
            seats=int(self.query_one("#c-seats", Select).value),
            clocks=str(self.query_one("#c-clocks", Select).value),
            private=self.query_one("#c-private", TickBox).value,
            grace=int(self.query_one("#c-grace", Select).value),
            bot_pace=str(self.query_one("#c-pace", Select).value),
            **options,
        )
        self.bot_fill = str(self.query_one("#c-bots", Select).value or "")
        self.dismiss(config)

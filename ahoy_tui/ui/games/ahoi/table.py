"""The Ahoi table: every layout as a row of face-down cards, the piles, whose turn, the prompt, log and chat.

A table-screen kit screen (``table_kit.screen.TableScreenBase``: updates
before the first layout, the decision clock, reconnecting seats, chat,
resize, seat keys, sending actions); the game UI registry picks it for
``game == "ahoi"``. The screen keeps only what it draws: the latest update, the local selection
(``AhoiKeys``) and the peeks still face up (:class:`~ahoy_tui.ui.games.ahoi.presenter.Flash`,
made from the viewer's own ``peek`` and ``shown`` events and turned face
down after ``PEEK_SECONDS``: AH15 with the memory aid off). The presenter
(``ui.games.ahoi.presenter.present``) turns these into text. The waiting room, seats,
leave, autopilot, chat and the decision clock are the kit's.
"""

from __future__ import annotations

import time
from typing import Any, Callable

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Static

from ahoy_tui.lobby.messages import TableUpdate
from ahoy_tui.ui.games.ahoi.presenter import PEEK_SECONDS, AhoiModel, Flash, flashes_after, present
from ahoy_tui.ui.games.ahoi.narrate import line as ahoi_line
from ahoy_tui.ui.games.ahoi.narrate import narrate
from ahoy_tui.ui.i18n import tr
from ahoy_tui.ui.live import built, exiting
from ahoy_tui.ui.games.ahoi.keys import AhoiKeys
from ahoy_tui.ui.games.ahoi.round import AhoiRoundScreen, round_text
from ahoy_tui.ui.table_kit.crew import SEAT_BOT_BINDINGS, TALK_BINDINGS, WAITING_BINDINGS
from ahoy_tui.ui.table_kit.look import Look
from ahoy_tui.ui.table_kit.screen import TableScreenBase, keys_action
from ahoy_tui.ui.table_kit.seats import clock_is_mine, seat_names
from ahoy_tui.ui.text import asciify
from ahoy_tui.ui.widgets.chat_box import ChatBox
from ahoy_tui.ui.widgets.countdown import Countdown
from ahoy_tui.ui.widgets.event_log import EventLog
from ahoy_tui.ui.widgets.key_footer import KeyFooter
from ahoy_tui.ui.widgets.rating_changes import RatingChanges

GAME_ACTIONS = frozenset({"draw", "take", "call", "throw", "use", "number", "mark", "confirm", "move",
                          "ready", "unready", "add_bot", "start", "remove_seat", "autopilot", "seat_to_bot", "rematch",
                          "last_round"})
"""The actions :attr:`AhoiModel.keys` decides; chat, leave, Esc and the log always work."""
PANELS = (("waiting", "panel"), ("ahoi-layouts", "panel"), ("ahoi-piles", ""), ("ahoi-status", ""),
          ("ahoi-mine", "panel"), ("ahoi-prompt", ""))
"""The left column top down: the waiting room, every layout, the piles, whose turn, the own layout, the prompt."""
LOG_KEPT = 200
"""Events the log panel keeps (its lines: ``EventLog.MAX_LINES``)."""


class AhoiTableScreen(TableScreenBase):
    """One Ahoi table, for a seated player or a spectator.

    Attributes:
        keys: The selection and the game keys (``AhoiKeys``).
        flashes: Peeks face up now, newest last.
        model: What is drawn now (None before the first update).
    """

    BINDINGS = [
        Binding("d", "draw", "Draw"),
        Binding("k", "take", "Take discard"),
        Binding("a", "call", "„Ahoi“"),
        Binding("x", "throw", "Discard"),
        Binding("u", "use", "Use"),
        Binding("space", "mark", "Mark"),
        Binding("enter", "confirm", "Confirm"),
        *[Binding(str(n), f"number({n})", show=False) for n in range(1, 7)],
        Binding("up", "move(-1)", show=False, priority=True),  # before a scrolling log or chat takes them
        Binding("down", "move(1)", show=False, priority=True),
        Binding("escape", "back", show=False),
        *WAITING_BINDINGS,
        Binding("h", "last_round", "Last round"),
        *TALK_BINDINGS,
        *SEAT_BOT_BINDINGS,
    ]

    GAME = "ahoi"
    GAME_ACTIONS = GAME_ACTIONS

    def __init__(self, table_id: str) -> None:
        super().__init__(table_id)
        self.keys = AhoiKeys(lambda: self.state.update, self.send, self._paint, self._refuse)
        self.flashes: list[Flash] = []
        self.model: AhoiModel | None = None
        self._round_dialog: AhoiRoundScreen | None = None
        self._titles: tuple[str, bool] | None = None
        self._told: list[Any] = []
        """The newest events the log tells (at most ``LOG_KEPT``), told again in a new language or ASCII mode."""

    def compose_table(self) -> ComposeResult:
        """The left column's panels (:data:`PANELS`, all text), the kit's log and chat on the right."""
        with Horizontal(id="ahoi-game"):
            with Vertical(id="ahoi-left"):
                for panel, classes in PANELS:
                    yield Static(id=panel, classes=classes)
            with Vertical(id="right"):
                yield from self.compose_side()

    def queued_drawn(self, any_queued: bool) -> None:
        self._paint()

    # -- data in ---------------------------------------------------------------------------------
    def take_update(self, update: TableUpdate, received: float) -> None:
        """Its events go to the log and the peeks, then everything is redrawn."""
        if not built(self, EventLog):  # being taken down (the app ends, the player left): widgets go first
            return
        old = self.state.update
        self.state.update = update
        self.keys.reset_for(None if old is None else old.view, update.view)
        events = list(update.events or [])
        app = self.services
        me = None if update.view is None else update.view.seat
        log = self.query_one(EventLog)
        if update.catch_up:
            log.clear()
            self._told = []
        else:
            self._take_flashes(events, me, received)
        self._told = (self._told + events)[-LOG_KEPT:]
        for line in narrate(events[-LOG_KEPT:], seat_names(update), me, app.lang, app.ascii_only):
            log.add(line)
        self._round_over(events, update.catch_up)
        self._paint()

    def away_line(self, update: TableUpdate) -> Callable[[Any], str | None]:
        """An event as the log tells it."""
        me = None if update.view is None else update.view.seat
        lang = self.services.lang
        return lambda e: ahoi_line(e, seat_names(update), me, lang)

    def away_text(self, text: str) -> str:
        return asciify(text) if self.services.ascii_only else text

    def _take_flashes(self, events: list[Any], me: int | None, now: float) -> None:
        """Peeks the viewer was shown become flashes (``ahoi_model.flashes_after``); a timer hides them again."""
        until = now + PEEK_SECONDS
        self.flashes = flashes_after(self.flashes, events, me, until)
        if any(f.until == until for f in self.flashes):  # new ones: face down again when their time is up
            self.set_timer(PEEK_SECONDS + 0.05, self._expire)

    def _expire(self) -> None:
        """Turn the peeks whose time is up face down again."""
        now = time.monotonic()
        kept = [f for f in self.flashes if f.until > now]
        if len(kept) != len(self.flashes):
            self.flashes = kept
            self._paint()

    def _round_over(self, events: list[Any], catch_up: bool) -> None:
        """A round's end opens its reveal; the next deal closes it (AH11)."""
        view = self.state.update.view
        if self._round_dialog is not None and (view is None or view.revealed is None):
            dialog, self._round_dialog = self._round_dialog, None
            if dialog.is_attached and self.app.screen is dialog:
                dialog.dismiss(None)
        if not catch_up and view is not None and view.revealed is not None and view.results and any(
                e.kind == "round_end" for e in events):
            self.action_last_round()

    # -- drawing ---------------------------------------------------------------------------------
    def _flash_map(self) -> dict[tuple[int, int], int]:
        now = time.monotonic()
        return {(f.owner, f.position): f.value for f in self.flashes if f.until > now}

    def redraw(self) -> None:
        """Language, theme or ASCII changed: draw again."""
        self._paint()

    def _paint(self) -> None:
        if not self._ready or exiting(self) or self.state.update is None:
            return
        model = self.model = present(self.state.update, self.look(), self.keys.sel, self._flash_map())
        self.query_one("#table-title", Static).update(model.title)
        playing = model.waiting is None
        self.set_class(playing, "-playing")
        if not playing:
            self.query_one("#waiting", Static).update(model.waiting)
        else:
            layouts = self.query_one("#ahoi-layouts", Static)
            layouts.border_title = model.layouts_title
            layouts.update(model.layouts)
            self.query_one("#ahoi-piles", Static).update(model.piles)
            self.query_one("#ahoi-status", Static).update(model.status)
            mine = self.query_one("#ahoi-mine", Static)
            mine.border_title = model.mine_title
            mine.update(model.mine)
            mine.display = bool(model.mine_title)
        self.query_one("#ahoi-prompt", Static).update(model.prompt)
        look = self.look()
        clock = self.query_one(Countdown)
        clock.ascii_only = look.ascii_only
        clock.deadline = None if self.state.update.remaining is None else self.decision_clock.deadline
        clock.mine = clock_is_mine(self.state.update)
        fix = asciify if look.ascii_only else (lambda s: s)
        chat = self.query_one(ChatBox)
        chat.ascii_only, chat.lang = look.ascii_only, look.lang
        if self._titles != (look.lang, look.ascii_only):
            if self._titles is not None:
                self._retell(look)
            self._titles = (look.lang, look.ascii_only)
            chat.border_title, chat.placeholder = fix(tr(look.lang, "table.chat")), fix(tr(look.lang, "table.chat_placeholder"))
            self.query_one(EventLog).border_title = fix(tr(look.lang, "table.log"))
        self.set_class(look.ascii_only, "-ascii")
        self.refresh_bindings()
        self.query_one(KeyFooter).sync(self.usable_keys())
        self.watch.sync()

    def _retell(self, look: Look) -> None:
        """The log told again in the session's new language or ASCII mode."""
        log = self.query_one(EventLog)
        log.clear()
        me = None if self.state.update.view is None else self.state.update.view.seat
        for line in narrate(self._told, seat_names(self.state.update), me, look.lang, look.ascii_only):
            log.add(line)

    def usable_keys(self) -> frozenset[str]:
        """Game and seat keys only when the presenter offers them."""
        return frozenset() if self.model is None else self.model.keys

    # -- acting ----------------------------------------------------------------------------------
    def _refuse(self) -> None:
        app = self.services
        app.notify(app.t("ahoi.refused"), severity="warning", timeout=2)

    action_draw = keys_action("draw")
    action_take = keys_action("take")
    action_throw = keys_action("throw")
    action_use = keys_action("use")
    action_confirm = keys_action("confirm")

    def action_call(self) -> None:
        """Ask before calling „Ahoi“ (AH10): everyone else gets one more turn, a wrong call costs 5 (AH12)."""
        if not self.keys.can_call():
            self._refuse()
            return
        t = self.services.t
        self.dialogs.confirm(t("ahoi.call.title"), t("ahoi.call.question"), t("ahoi.call.yes"), t("ahoi.call.no"),
                             self._call_answered)

    def _call_answered(self, yes: bool | None) -> None:
        if yes:
            self.keys.call()

    def action_last_round(self) -> None:
        """The last round's reveal: with its cards while they are public (until the next deal), else sums."""
        update = self.state.update
        view = None if update is None else update.view
        if view is None or not view.results:
            return
        app = self.services
        result = view.results[-1]
        over = (view.winners, view.target) if view.winners else None
        body = round_text(result, seat_names(update), view.revealed, app.lang, app.ascii_only,
                          dict(app.card_styles), over)
        title = app.t("ahoi.over.title") if over else app.t(
            "ahoi.reveal.title" if view.revealed is not None else "ahoi.reveal.title_sums", n=result.round)
        ratings = RatingChanges(self.table_id, seat_names(update), id="ahoi-ratings") if over else None
        dialog = AhoiRoundScreen(asciify(title) if app.ascii_only else title, body, ratings)
        if view.revealed is not None:
            self._round_dialog = dialog
        app.push_screen(dialog)

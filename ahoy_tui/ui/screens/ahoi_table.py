"""The Ahoi table: every layout as a row of face-down cards, the piles, whose turn, the prompt, log and chat.

The app hands every ``TableUpdate`` to :meth:`AhoiTableScreen.apply_update`
(``screens.table_screens`` picks this screen for ``game == "ahoi"``). The
screen keeps only what it draws: the latest update, the local selection
(``AhoiKeys``) and the peeks still face up (:class:`~ahoy_tui.ui.ahoi_model.Flash`,
made from the viewer's own ``peek`` and ``shown`` events and turned face
down after ``PEEK_SECONDS``: AH15 with the memory aid off). The presenter
(``ui.ahoi_model.present``) turns these into text. The waiting room, seats,
leave, autopilot, chat and the decision clock are the AHOY table's pieces
(``table_crew.SeatKeys``, ``TableChat``, ``Countdown``, ``ChatBox``, ``KeyFooter``).
"""

from __future__ import annotations

import time
from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Input, Static

from ahoy_tui.ui.ahoi_model import PEEK_SECONDS, AhoiModel, Flash, flashes_after, present
from ahoy_tui.ui.ahoi_narrate import line as ahoi_line
from ahoy_tui.ui.ahoi_narrate import narrate
from ahoy_tui.ui.i18n import tr
from ahoy_tui.ui.live import built, exiting
from ahoy_tui.ui.local_deadline import LocalDeadline
from ahoy_tui.ui.presenter import clock_is_mine, seat_names
from ahoy_tui.ui.reconnecting import away_lines, counted_down, grace_ends
from ahoy_tui.ui.screens.ahoi_keys import AhoiKeys
from ahoy_tui.ui.screens.ahoi_round import AhoiRoundScreen, round_text
from ahoy_tui.ui.widgets.rating_changes import RatingChanges
from ahoy_tui.ui.screens.table_chat import TableChat
from ahoy_tui.ui.screens.table_crew import SeatKeys
from ahoy_tui.ui.screens.table_dialogs import TableDialogs
from ahoy_tui.ui.screens.table_layout import apply_size
from ahoy_tui.ui.screens.table_state import TableState
from ahoy_tui.ui.screens.table_watch import TableWatch, glance_of
from ahoy_tui.ui.table_model import Look
from ahoy_tui.ui.table_record import TableRecord
from ahoy_tui.ui.text import asciify
from ahoy_tui.ui.widgets.chat_box import ChatBox
from ahoy_tui.ui.widgets.countdown import Countdown
from ahoy_tui.ui.widgets.event_log import EventLog
from ahoy_tui.ui.widgets.key_footer import KeyFooter

GAME_ACTIONS = frozenset({"draw", "take", "call", "throw", "use", "number", "mark", "confirm", "move",
                          "ready", "add_bot", "start", "remove_seat", "autopilot", "seat_to_bot", "rematch",
                          "last_round"})
"""The actions :attr:`AhoiModel.keys` decides; chat, leave, Esc and the log always work."""
LOG_KEPT = 200
"""Events the log panel keeps (its lines: ``EventLog.MAX_LINES``)."""


class AhoiTableScreen(Screen[None]):
    """One Ahoi table, for a seated player or a spectator.

    Attributes:
        table_id: The table shown.
        state: The latest update (``TableState``, shared with the seat keys and dialogs).
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
        Binding("r", "ready", "Ready"),
        Binding("r", "rematch", "Rematch"),
        Binding("b", "add_bot", "Add bot"),
        Binding("minus", "remove_seat", "Remove player"),
        Binding("g", "start", "Start"),
        Binding("h", "last_round", "Last round"),
        Binding("c", "chat", "Chat"),
        Binding("q", "leave", "Leave"),
        Binding("z", "autopilot", "Autopilot", show=False),
        Binding("B", "seat_to_bot", "Seat to bot", show=False),
    ]

    HELP_TEXTS = ("ahoi.help.title", "plain.rules_ahoi", "ahoi.help.keys")
    """F1 at this table: Ahoi's rules in short and its keys (``AhoyApp.action_help``)."""

    def __init__(self, table_id: str) -> None:
        super().__init__()
        self.table_id = table_id
        self.state = TableState(table_id)
        app: Any = self.app
        self.dialogs = TableDialogs(app, self.state, TableRecord(), self.action_chat, self._noop)
        self.seat_keys = SeatKeys(self.state, app, self.dialogs)
        self.keys = AhoiKeys(lambda: self.state.update, self.send, self._paint, self._refuse)
        self.flashes: list[Flash] = []
        self.model: AhoiModel | None = None
        self.decision_clock = LocalDeadline()
        self._grace_ends: dict[int, float] = {}
        """Per reconnecting seat, when its grace ends on this process's clock (R17, ``ui/reconnecting``)."""
        self._grace_timer: Any = None
        self.chat = TableChat(self)
        self._ready = False
        self._queued: list[tuple[Any, float]] = []
        self._round_dialog: AhoiRoundScreen | None = None
        self._titles: tuple[str, bool] | None = None
        self._told: list[Any] = []
        """The newest events the log tells (at most ``LOG_KEPT``), told again in a new language or ASCII mode."""
        self.watch = TableWatch(self, lambda: glance_of(self.state.update, self.decision_clock.deadline))
        """The turn and clock on every dialog over this table (``table_watch``)."""

    async def _noop(self, _choice: Any) -> None:
        return None

    def compose(self) -> ComposeResult:
        with Horizontal(id="table-top", classes="title-bar"):
            yield Static(id="table-title")
            yield Countdown(id="clock")
        with Horizontal(id="ahoi-game"):
            with Vertical(id="ahoi-left"):
                yield Static(id="waiting", classes="panel")
                yield Static(id="ahoi-layouts", classes="panel")
                yield Static(id="ahoi-piles")
                yield Static(id="ahoi-status")
                yield Static(id="ahoi-mine", classes="panel")
                yield Static(id="ahoi-prompt")
            with Vertical(id="right"):
                yield EventLog(id="log", classes="panel")
                yield ChatBox(id="table-chat", classes="panel")
        yield KeyFooter()

    def on_mount(self) -> None:
        apply_size(self, *self.app.size)
        self.set_focus(None)
        self.watch.start()
        self.call_after_refresh(self._start)

    def on_resize(self, event: Any) -> None:
        apply_size(self, event.size.width, event.size.height)

    def _start(self) -> None:
        if not built(self, EventLog, KeyFooter, ChatBox):
            return
        self._ready = True
        self.chat.show_pending()
        queued, self._queued = self._queued, []
        for update, received in queued:
            self.apply_update(update, received)
        self._paint()

    @property
    def update(self) -> Any:
        """The latest ``TableUpdate`` (None until the first)."""
        return self.state.update

    def look(self) -> Look:
        app: Any = self.app
        return Look(app.lang, app.ascii_only, app.theme, app.card_styles, app.me, False)

    # -- data in ---------------------------------------------------------------------------------
    def apply_update(self, update: Any, received: float | None = None) -> None:
        """Take a new ``TableUpdate``: its events go to the log and the peeks, then everything is redrawn."""
        received = time.monotonic() if received is None else received
        if not self._ready:
            self._queued.append((update, received))
            return
        if not built(self, EventLog):   # being taken down (the app ends, the player left): widgets go first
            return
        self.decision_clock.take(update.remaining, update.clock_seconds, received)
        self._grace_ends = grace_ends(update, received)
        self._grace_timer_sync()
        old = self.state.update
        self.state.update = update
        self.keys.reset_for(None if old is None else old.view, update.view)
        events = list(update.events or [])
        app: Any = self.app
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
        if update.catch_up and getattr(update, "while_away", ()):
            said = away_lines(update, app.lang, lambda e: ahoi_line(e, seat_names(update), me, app.lang))
            if said:
                app.notify(asciify("\n".join(said)) if app.ascii_only else "\n".join(said), timeout=15)

    def _grace_timer_sync(self) -> None:
        """A 1 s timer while some seat is reconnecting (its grace counts down, R17), none otherwise."""
        timer = getattr(self, "_grace_timer", None)
        if self._grace_ends and timer is None:
            self._grace_timer = self.set_interval(1.0, self._grace_tick)
        elif not self._grace_ends and timer is not None:
            timer.stop()
            self._grace_timer = None

    def _grace_tick(self) -> None:
        """Redraw with each reconnecting seat's grace left now."""
        if not self._grace_ends or self.state.update is None or exiting(self):
            self._grace_ends = {}
            self._grace_timer_sync()
            return
        self.state.update = counted_down(self.state.update, self._grace_ends, time.monotonic())
        self._paint()

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
        self.query_one(KeyFooter).sync()
        self.watch.sync()

    def _retell(self, look: Look) -> None:
        """The log told again in the session's new language or ASCII mode."""
        log = self.query_one(EventLog)
        log.clear()
        me = None if self.state.update.view is None else self.state.update.view.seat
        for line in narrate(self._told, seat_names(self.state.update), me, look.lang, look.ascii_only):
            log.add(line)

    def refresh_texts(self) -> None:
        """Language, theme or ASCII changed: draw again."""
        self._paint()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Game and seat keys only when the presenter offers them; chat, leave and Esc always."""
        if action not in GAME_ACTIONS:
            return True
        return self.model is not None and action in self.model.keys

    # -- acting ----------------------------------------------------------------------------------
    def send(self, action: Any) -> None:
        """Send an action with the current version (stale ones are refused by the lobby)."""
        update = self.state.update
        if update is None:
            return
        app: Any = self.app
        app.run_worker(app.ask(app.lobby.act, self.table_id, action, update.version))

    def _refuse(self) -> None:
        app: Any = self.app
        app.notify(app.t("ahoi.refused"), severity="warning", timeout=2)

    def action_draw(self) -> None:
        self.keys.draw()

    def action_take(self) -> None:
        self.keys.take()

    def action_call(self) -> None:
        """Ask before calling „Ahoi“ (AH10): everyone else gets one more turn, a wrong call costs 5 (AH12)."""
        if not self.keys.can_call():
            self._refuse()
            return
        t = self.app.t  # type: ignore[attr-defined]
        self.dialogs.confirm(t("ahoi.call.title"), t("ahoi.call.question"), t("ahoi.call.yes"), t("ahoi.call.no"),
                             self._call_answered)

    def _call_answered(self, yes: bool | None) -> None:
        if yes:
            self.keys.call()

    def action_throw(self) -> None:
        self.keys.throw()

    def action_use(self) -> None:
        self.keys.use()

    def action_mark(self) -> None:
        self.keys.mark()

    def action_confirm(self) -> None:
        self.keys.confirm()

    def action_number(self, n: int) -> None:
        self.keys.number(n)

    def action_move(self, delta: int) -> None:
        self.keys.move(delta)

    def action_back(self) -> None:
        focused = self.focused
        if focused is not None:
            self.set_focus(None)
            if isinstance(focused, Input):
                return
        self.keys.back()

    async def action_ready(self) -> None:
        await self.seat_keys.ready()

    async def action_rematch(self) -> None:
        await self.seat_keys.rematch()

    async def action_add_bot(self) -> None:
        await self.seat_keys.add_bot()

    async def action_remove_seat(self) -> None:
        await self.seat_keys.remove_seat()

    async def action_start(self) -> None:
        await self.seat_keys.start()

    async def action_leave(self) -> None:
        await self.seat_keys.leave()

    async def action_autopilot(self) -> None:
        await self.seat_keys.autopilot()

    def action_seat_to_bot(self) -> None:
        self.seat_keys.seat_to_bot()

    def action_last_round(self) -> None:
        """The last round's reveal: with its cards while they are public (until the next deal), else sums."""
        update = self.state.update
        view = None if update is None else update.view
        if view is None or not view.results:
            return
        app: Any = self.app
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

    def action_chat(self) -> None:
        self.query_one(ChatBox).focus_input()

    # -- chat ------------------------------------------------------------------------------------
    def add_chat(self, msg: Any) -> None:
        self.chat.add(msg)

    def set_chat(self, messages: list[Any]) -> None:
        self.chat.set(messages)

    async def on_chat_box_said(self, event: ChatBox.Said) -> None:
        event.stop()
        app: Any = self.app
        await app.ask(app.lobby.chat, self.table_id, event.text)

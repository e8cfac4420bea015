"""The table: seats, piles, your hand, the focused prompt, log and table chat.

The app hands every ``TableUpdate`` to :meth:`TableScreen.apply_update`;
the screen asks the presenter (``ui.presenter.present``) for the model of
every panel and assigns it to its widgets (``table_paint``), once per burst
of updates. Keys, clicks and prompt buttons go to small collaborators, each
given the screen's :class:`TableState` and callbacks: ``table_play``
(game decisions, card cursor and marks), ``table_crew`` (waiting room,
leave, autopilot, seat to bot), ``table_pace`` (always pass on step-in,
the autopilot warning, first-game hints) and ``table_dialogs`` (every
dialog, given the data it shows). Every choice offered comes from
``update.legal`` (see ``ui.prompts``).
"""

from __future__ import annotations

import time
from dataclasses import replace
from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Input, Static

from ahoy_tui.ui.compositor import use_frugal_compositor
from ahoy_tui.ui.live import built, exiting
from ahoy_tui.ui.local_deadline import LocalDeadline
from ahoy_tui.ui.narrate import Narrator
from ahoy_tui.ui.presenter import KEY_ACTIONS, hand_model, present, selection_after
from ahoy_tui.ui.reconnecting import away_lines, counted_down, grace_ends
from ahoy_tui.ui.prompts import Prompt
from ahoy_tui.ui.screens.table_chat import TableChat
from ahoy_tui.ui.screens.table_crew import CREW_BINDINGS, SeatKeys
from ahoy_tui.ui.screens.table_dialogs import TableDialogs
from ahoy_tui.ui.screens.table_layout import apply_size
from ahoy_tui.ui.screens.table_pace import PACE_BINDINGS, Pacing
from ahoy_tui.ui.screens.table_paint import TablePainter
from ahoy_tui.ui.screens.table_play import PlayKeys
from ahoy_tui.ui.screens.table_state import TableState
from ahoy_tui.ui.screens.table_watch import TableWatch, glance_of
from ahoy_tui.ui.table_model import Look, TableModel
from ahoy_tui.ui.table_record import TableRecord, narrate
from ahoy_tui.ui.widgets.banner import TableBanner
from ahoy_tui.ui.widgets.chat_box import ChatBox
from ahoy_tui.ui.widgets.countdown import Countdown
from ahoy_tui.ui.widgets.event_log import MAX_LINES as LOG_PANEL_LINES
from ahoy_tui.ui.widgets.event_log import EventLog
from ahoy_tui.ui.widgets.hand_view import HandView
from ahoy_tui.ui.widgets.key_footer import KeyFooter
from ahoy_tui.ui.widgets.piles import Piles
from ahoy_tui.ui.widgets.prompt_bar import PromptBar
from ahoy_tui.ui.widgets.seat_list import SeatList


def _game_key(key: str) -> Any:
    """An ``action_*`` method that runs the prompt's option for ``key`` (``PlayKeys.key``)."""

    def action(self: "TableScreen") -> None:
        self.keys.key(key)

    action.__doc__ = f"Run the prompt's option for {key!r}, if it offers one."
    return action


class TableScreen(Screen[None]):
    """One table, for a seated player or a spectator.

    Attributes:
        table_id: The table shown.
        state: The latest update, the selection and the model shown (``TableState``).
        record: The kept events and hands (``TableRecord``).
        keys: The game keys and card cursor (``PlayKeys``).
        seat_keys: The waiting room and seat keys (``SeatKeys``).
        pacing: Always pass, the autopilot warning, hints (``Pacing``).
        dialogs: Opens the dialogs (``TableDialogs``).
    """

    BINDINGS = [
        Binding("d", "draw", "Draw"),
        Binding("o", "offer", "Offer"),
        Binding("u", "hands_up", "HANDS UP!"),
        Binding("a", "ahoy", "AHOY!"),
        Binding("y", "accept", "Accept"),
        Binding("n", "decline", "Decline"),
        Binding("i", "step_in", "Step in"),
        Binding("p", "pass", "Pass"),
        Binding("enter", "confirm", "Confirm"),
        Binding("space", "mark", "Mark"),
        Binding("left", "move(-1)", show=False),
        Binding("right", "move(1)", show=False),
        *[Binding(str(n), f"number({n})", show=False) for n in range(1, 9)],
        Binding("escape", "back", show=False),
        Binding("r", "ready", "Ready"),
        Binding("r", "rematch", "Rematch"),
        Binding("b", "add_bot", "Add bot"),
        Binding("minus", "remove_seat", "Remove player"),
        Binding("g", "start", "Start"),
        Binding("x", "discards", "Discards"),
        Binding("e", "log", "Log", show=False),
        Binding("s", "scores", "Scores"),
        Binding("c", "chat", "Chat"),
        Binding("q", "leave", "Leave"),
        Binding("v", "profile", "Profile", show=False),
        *CREW_BINDINGS,
        *PACE_BINDINGS,
    ]

    def __init__(self, table_id: str) -> None:
        super().__init__()
        use_frugal_compositor(self)
        self.table_id = table_id
        self.state = TableState(table_id)
        self.record = TableRecord()
        app: Any = self.app
        self.dialogs = TableDialogs(app, self.state, self.record, self.action_chat, self._game_over_closed)
        self.seat_keys = SeatKeys(self.state, app, self.dialogs)
        self.keys = PlayKeys(self.state, app, self.send, self.refresh_texts, self._redraw_hand, self.dialogs,
                             lambda: self.run_worker(self.seat_keys.rematch()))
        self.pacing = Pacing(self.state, app, self.refresh_texts, lambda: app.screen is self)
        self.painter = TablePainter(self, lambda: self.narrated(LOG_PANEL_LINES))
        self._ready = False
        self._queued: list[tuple[Any, float]] = []
        """Updates that arrived before the first layout, each with when it arrived (``time.monotonic()``)."""
        self.decision_clock = LocalDeadline()
        """The decision clock's end on this process's clock (from ``update.remaining``)."""
        self._grace_ends: dict[int, float] = {}
        """Per reconnecting seat, when its grace ends on this process's clock (R17, ``ui/reconnecting``)."""
        self._grace_timer: Any = None
        self._log_pending: list[Any] = []
        self._dirty = False
        self._flush_queued = False
        self.chat = TableChat(self)
        self.watch = TableWatch(self, lambda: glance_of(self.state.update, self.decision_clock.deadline))
        """The turn and clock on every dialog over this table (``table_watch``)."""

    # -- composition ------------------------------------------------------------
    def compose(self) -> ComposeResult:
        with Horizontal(id="table-top", classes="title-bar"):
            yield Static(id="table-title")
            yield Countdown(id="clock")
        with Vertical(id="switch"):
            with Horizontal(id="game"):
                with Vertical(id="left"):
                    yield Static(id="waiting", classes="panel")
                    yield SeatList(id="seats", classes="panel")
                    yield Piles(id="piles")
                    yield TableBanner(id="banner")
                    yield HandView(id="hand", classes="panel")
                    yield PromptBar(id="prompt")
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
        """Compact, normal, wide or tall layout for the new size (``table_layout``)."""
        apply_size(self, event.size.width, event.size.height)

    def _start(self) -> None:
        """Draw the updates that arrived before the first layout."""
        if not built(self, EventLog, PromptBar, KeyFooter):
            return  # the session ended while this screen was being built
        self._ready = True
        self.chat.show_pending()
        queued, self._queued = self._queued, []
        for update, received in queued:
            self.apply_update(update, received)
        if not queued:
            self.refresh_texts()

    # -- data in ------------------------------------------------------------------
    @property
    def update(self) -> Any:
        """The latest ``TableUpdate`` (None until the first)."""
        return self.state.update

    @property
    def view(self) -> Any:
        """The viewer's ``PlayerView`` (None in the waiting room)."""
        return self.state.view

    @property
    def legal(self) -> list[Any]:
        """The viewer's legal actions now (empty for spectators)."""
        return self.state.legal

    @property
    def names(self) -> list[str]:
        """The game's seat names in play order (they stay after people leave a finished game)."""
        return self.state.names

    @property
    def model(self) -> TableModel | None:
        """What the panels show (None before the first update)."""
        return self.state.model

    @property
    def prompt(self) -> Prompt:
        """The focused prompt shown."""
        return self.state.prompt

    def look(self) -> Look:
        """The session's preferences the table is drawn with now."""
        app: Any = self.app
        return Look(app.lang, app.ascii_only, app.theme, app.card_styles, app.me, bool(getattr(app, "auto_pass", False)))

    def _present(self) -> TableModel:
        state = self.state
        return present(state.update, self.look(), state.selection, self.record.facts(), state.model)

    def apply_update(self, update: Any, received: float | None = None) -> None:
        """Take a new ``TableUpdate`` (the app calls this for every one).

        ``received``: ``time.monotonic()`` when it arrived (default: now);
        ``update.remaining`` counts from then (``self.decision_clock``).

        The state (update, selection, model) changes at once; the widgets are
        redrawn once per burst: updates already queued behind this one are
        taken first, then one redraw (a bot's move and its AHOY! are one frame).
        """
        received = time.monotonic() if received is None else received
        if not self._ready:
            self._queued.append((update, received))
            return
        if exiting(self):
            return
        self.decision_clock.take(update.remaining, update.clock_seconds, received)
        self._grace_ends = grace_ends(update, received)
        self._grace_timer_sync()
        catch_up = getattr(update, "catch_up", False)
        if catch_up:
            self._log_pending = []
            self.query_one(EventLog).clear()
        state = self.state
        old_view = state.view
        state.update = update
        events = list(update.events or [])
        self.record.take(events, state.names, catch_up=catch_up)
        app: Any = self.app
        self._log_pending.extend(narrate(events[-LOG_PANEL_LINES:], state.names,
                                         None if update.view is None else update.view.seat,
                                         app.lang, app.ascii_only))
        state.selection = selection_after(old_view, update.view, state.selection)
        state.model = self._present()
        self._dirty = True
        if not self._flush_queued:
            self._flush_queued = True
            self.call_later(self._flush)
        self.dialogs.show_over(events, news=not catch_up, flush=self._flush)
        if catch_up and getattr(update, "while_away", ()):
            me = None if update.view is None else update.view.seat
            narrator = Narrator(state.names, me, app.lang, app.ascii_only)
            lines = away_lines(update, app.lang, lambda e: getattr(narrator.line(e), "plain", None))
            if lines:
                app.notify("\n".join(lines), timeout=15)
        self.dialogs.close_hand_over_for_move()
        self.pacing.drop_stale_warning()
        self.pacing.tell_auto_pass()
        self.pacing.show_hints()

    def _grace_timer_sync(self) -> None:
        """A 1 s timer while some seat is reconnecting (its grace counts down), none otherwise."""
        if self._grace_ends and self._grace_timer is None:
            self._grace_timer = self.set_interval(1.0, self._grace_tick)
        elif not self._grace_ends and self._grace_timer is not None:
            self._grace_timer.stop()
            self._grace_timer = None

    def _grace_tick(self) -> None:
        """Redraw the seat list with each reconnecting seat's grace left now."""
        state = self.state
        if not self._grace_ends or state.update is None or exiting(self):
            self._grace_ends = {}
            self._grace_timer_sync()
            return
        state.update = counted_down(state.update, self._grace_ends, time.monotonic())
        state.model = self._present()
        self._dirty = True
        self._flush()

    def _flush(self) -> None:
        """Redraw the widgets once for the updates taken since the last redraw."""
        self._flush_queued = False
        if not self._dirty or not self.is_attached or exiting(self):
            return
        self._dirty = False
        lines, self._log_pending = self._log_pending[-LOG_PANEL_LINES:], []
        log = self.query_one(EventLog)
        for line in lines:
            log.add(line)
        self._paint()
        self.dialogs.close_stale_offer()

    def refresh_texts(self) -> None:
        """Redraw everything from the latest update (language/theme/ASCII too)."""
        if not self._ready or exiting(self):
            return
        self.state.model = self._present()
        self._paint()

    def _paint(self) -> None:
        """Assign the model to the widgets (presented again if the preferences changed since)."""
        if not self._ready or exiting(self):
            return
        model = self.state.model
        if model is None or model.look != self.look():
            model = self.state.model = self._present()
        self.painter.paint(model)
        self.watch.sync()

    def _redraw_hand(self) -> None:
        """The selection moved: the hand panel only."""
        state = self.state
        model = state.model
        if model is None:
            return
        state.model = replace(model, hand=hand_model(state.view, model.look, state.selection, model.hand))
        if self._ready and not exiting(self):
            self.painter.paint_hand(state.model)

    def narrated(self, last: int | None = None) -> list[Any]:
        """The kept events (the newest ``last``, or all) as the log tells them, each with the names of its time."""
        app: Any = self.app
        view = self.state.view
        return self.record.narrate_kept(None if view is None else view.seat, app.lang, app.ascii_only, last)

    async def _game_over_closed(self, choice: str | None) -> None:
        if choice == "rematch":
            await self.seat_keys.rematch()
        elif choice == "lobby":
            await self.seat_keys.leave()

    # -- acting ------------------------------------------------------------------------
    def send(self, action: Any) -> None:
        """Send an engine action with the current version (stale ones are refused by the lobby)."""
        if self.state.update is None:
            return
        self.pacing.warned_since_move = False
        self.pacing.hide_warning()  # "Autopilot in 5 s" is stale once the player moves
        app: Any = self.app
        app.run_worker(app.ask(app.lobby.act, self.table_id, action, self.state.update.version))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The presenter's ``usable_keys`` decide every table key; chat, leave and Esc always work."""
        return action in self.state.keys if action in KEY_ACTIONS else True

    # -- keys (each one line: the collaborators do the work) ---------------------------------
    action_draw = _game_key("d")
    action_offer = _game_key("o")
    action_hands_up = _game_key("u")
    action_ahoy = _game_key("a")
    action_accept = _game_key("y")
    action_decline = _game_key("n")
    action_step_in = _game_key("i")
    action_pass = _game_key("p")
    action_confirm = _game_key("enter")

    async def action_rematch(self) -> None:
        await self.seat_keys.rematch()

    def action_number(self, n: int) -> None:
        self.keys.number(n)

    def action_move(self, delta: int) -> None:
        self.keys.move(delta)

    def action_mark(self) -> None:
        self.keys.mark()

    def action_back(self) -> None:
        focused = self.focused
        if focused is not None:
            self.set_focus(None)
            if isinstance(focused, Input):
                return  # Esc leaves the chat line first
        self.keys.back()

    async def action_ready(self) -> None:
        await self.seat_keys.ready()

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

    def action_last_hand(self) -> None:
        self.dialogs.last_hand()

    def action_history(self) -> None:
        self.dialogs.history()

    def action_discards(self) -> None:
        self.dialogs.discards()

    def action_log(self) -> None:
        self.dialogs.log()

    def action_scores(self) -> None:
        self.dialogs.scores()

    def action_profile(self) -> None:
        """``v``: profile cards of the seats' players (``screens/profile.py``)."""
        from ahoy_tui.ui.screens.profile import ProfileScreen

        self.app.push_screen(ProfileScreen(self.state.names))

    async def action_auto_pass(self) -> None:
        await self.pacing.toggle_auto_pass()

    def action_toggle_hints(self) -> None:
        self.pacing.toggle_hints()

    def action_chat(self) -> None:
        self.query_one(ChatBox).focus_input()

    # -- widget messages -------------------------------------------------------------------------
    def on_hand_view_card_clicked(self, event: HandView.CardClicked) -> None:
        event.stop()
        self.keys.choose_card(event.index, from_click=True)

    def on_prompt_bar_chosen(self, event: PromptBar.Chosen) -> None:
        event.stop()
        self.keys.run(event.option)

    def on_piles_history_requested(self, event: Piles.HistoryRequested) -> None:
        event.stop()
        self.dialogs.discards()

    def on_countdown_running_out(self, event: Countdown.RunningOut) -> None:
        event.stop()
        self.pacing.running_out(event.seconds)

    def on_unmount(self) -> None:
        """The table screen went (left, or the table closed): its autopilot warning goes too."""
        self.pacing.hide_warning()

    def on_screen_suspend(self) -> None:
        """A dialog opens over the table: its hints go, so none covers the dialog at 80x24."""
        self.pacing.hide_hints()

    # -- chat --------------------------------------------------------------------------------
    def add_chat(self, msg: Any) -> None:
        """One new table chat line (kept until the chat box exists)."""
        self.chat.add(msg)

    def set_chat(self, messages: list[Any]) -> None:
        """Show the table's chat history (on joining or returning: maybe before the chat box exists)."""
        self.chat.set(messages)

    async def on_chat_box_said(self, event: ChatBox.Said) -> None:
        event.stop()
        app: Any = self.app
        await app.ask(app.lobby.chat, self.table_id, event.text)

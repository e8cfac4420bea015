"""The table: seats, piles, your hand, the focused prompt, log and table chat.

The app hands every ``TableUpdate`` to :meth:`TableScreen.apply_update`;
the screen sets its widgets' attributes and turns keys, clicks and prompt
buttons into lobby commands (``act`` with the update's version). Every
choice offered comes from ``update.legal`` (see ``ui.prompts``).

This module holds the screen's state, its bindings and the update flow; the
jobs live in mixins beside it: ``table_draw`` (redrawing the widgets),
``table_play`` (game decisions), ``table_hand`` (card cursor and marks),
``table_wait`` (waiting-room keys), ``table_crew`` (leave, autopilot,
seat to bot, last hand) and ``table_pace`` (always pass on step-in, the
autopilot warning, first-game hints).
"""

from __future__ import annotations

import time
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Static

from ahoy_tui.game.state import Phase
from ahoy_tui.ui.compositor import use_frugal_compositor
from ahoy_tui.ui.live import built, exiting
from ahoy_tui.ui.local_deadline import LocalDeadline
from ahoy_tui.ui.prompts import Prompt
from ahoy_tui.ui.reveal_view import HandBook
from ahoy_tui.ui.screens.table_crew import CREW_ACTIONS, CREW_BINDINGS, CrewActions
from ahoy_tui.ui.screens.table_draw import TableDrawing
from ahoy_tui.ui.screens.table_hand import HandCursor
from ahoy_tui.ui.screens.table_pace import PACE_ACTIONS, PACE_BINDINGS, PaceActions
from ahoy_tui.ui.screens.table_layout import apply_size
from ahoy_tui.ui.screens.table_play import GAME_KEYS, PlayActions
from ahoy_tui.ui.screens.table_wait import WAIT_ACTIONS, WaitingRoomActions
from ahoy_tui.ui.text import clean
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


MAX_EVENTS = 1000
"""Projected events kept per table screen: the whole-log dialog (``e``) and the last hand's report."""


class TableScreen(PlayActions, HandCursor, WaitingRoomActions, CrewActions, PaceActions, TableDrawing,
                  Screen[None]):
    """One table, for a seated player or a spectator.

    Attributes:
        table_id: The table shown.
        update: The latest ``TableUpdate``.
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
        *CREW_BINDINGS,
        *PACE_BINDINGS,
    ]

    def __init__(self, table_id: str) -> None:
        super().__init__()
        use_frugal_compositor(self)
        self.table_id = table_id
        self.update: Any = None
        self.prompt = Prompt("")
        self.sub: str | None = None
        self.cursor: int | None = None
        self.marked: frozenset[int] = frozenset()
        self._all_events: list[Any] = []
        self._event_names: list[tuple[str, ...]] = []
        """Seat names as they were when each kept event arrived (parallel to ``_all_events``)."""
        self.book = HandBook()
        self.warned_since_move = False
        """The autopilot-warning toast was shown since this seat last acted (one per stretch away)."""
        self._shown_over: set[tuple[str, int]] = set()
        self._ready = False
        self._queued: list[tuple[Any, float]] = []
        """Updates that arrived before the first layout, each with when it arrived (``time.monotonic()``)."""
        self.decision_clock = LocalDeadline()
        """The decision clock's end on this process's clock (from ``update.remaining``)."""
        self._texts_key: tuple | None = None
        self._bindings_key: tuple | None = None
        self._log_pending: list[Text] = []
        self._dirty = False
        self._flush_queued = False
        self._title: Text | None = None
        self._assigned: dict[tuple[int, str], Any] = {}
        self._parts: dict[Any, Any] = {}
        self._footer_key: tuple | None = None
        self._pending_chat: list[Any] = []

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
        self.call_after_refresh(self._start)

    def on_resize(self, event: Any) -> None:
        """Compact, normal, wide or tall layout for the new size (``table_layout``)."""
        apply_size(self, event.size.width, event.size.height)

    def _start(self) -> None:
        """Draw the updates that arrived before the first layout."""
        if not built(self, EventLog, PromptBar, KeyFooter):
            return  # the session ended while this screen was being built
        self._ready = True
        if self._pending_chat:
            pending, self._pending_chat = self._pending_chat, []
            self.set_chat(pending)
        queued, self._queued = self._queued, []
        for update, received in queued:
            self.apply_update(update, received)
        if not queued:
            self.refresh_texts()

    # -- data in ------------------------------------------------------------------
    @property
    def app_(self) -> Any:
        return self.app

    @property
    def names(self) -> list[str]:
        """The game's seat names in play order (they stay after people leave a finished game)."""
        if self.update is None:
            return []
        table = self.update.table
        return list(table.players) if table.players else [s.name for s in table.seats]

    @property
    def view(self) -> Any:
        return None if self.update is None else self.update.view

    @property
    def legal(self) -> list[Any]:
        return [] if self.update is None else list(self.update.legal)

    def apply_update(self, update: Any, received: float | None = None) -> None:
        """Take a new ``TableUpdate`` (the app calls this for every one).

        ``received``: ``time.monotonic()`` when it arrived (default: now);
        ``update.remaining`` counts from then (``self.decision_clock``).

        The state (update, cursor, prompt) changes at once; the widgets are
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
        if getattr(update, "catch_up", False):
            self._all_events = []
            self._event_names = []
            self._log_pending = []
            self.query_one(EventLog).clear()
        old_view = self.view
        self.update = update
        events = list(update.events or [])
        self._all_events.extend(events)
        names = tuple(self.names)
        if self._event_names and self._event_names[-1] == names:
            names = self._event_names[-1]  # one shared tuple while the names stay
        self._event_names.extend([names] * len(events))
        self.book.take(events, reset=getattr(update, "catch_up", False))
        if len(self._all_events) > MAX_EVENTS:
            del self._all_events[:-MAX_EVENTS]
            del self._event_names[:-MAX_EVENTS]
        self._log_pending.extend(self._narrate(events[-LOG_PANEL_LINES:]))
        view = update.view
        if old_view is None or view is None or old_view.hand != view.hand or old_view.phase != view.phase:
            self.cursor = None
            self.marked = frozenset()
        if view is None or view.phase is not Phase.ACTION:
            self.sub = None
        self.prompt = self._build_prompt()
        self._dirty = True
        if not self._flush_queued:
            self._flush_queued = True
            self.call_later(self._flush)
        self._maybe_show_over(events, news=not getattr(update, "catch_up", False))
        self.close_hand_over_for_move()
        self.tell_auto_pass()
        self.show_hints()

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
        self.refresh_texts()
        self.close_stale_offer()

    def _is_host(self) -> bool:
        u = self.update
        return u is not None and clean(u.table.host, 16) == clean(self.app_.me, 16)

    # -- over views -----------------------------------------------------------------
    def _maybe_show_over(self, events: list[Any], news: bool = True) -> None:
        """Show the game-over report, or the report of a hand that just ended.

        ``news`` is False for a catch-up (join, watch, reconnect): its events
        are the history, and a hand that ended before is not news (``h``
        shows it). A report still open when the next one comes shows the new
        hand instead: one current report, never a stack.
        """
        view = self.view
        if view is None:
            return
        from ahoy_tui.ui.screens.game_over import GameOverScreen
        from ahoy_tui.ui.screens.hand_over import HandOverScreen

        kinds = {e.kind: e for e in events}
        if any(e.kind == "hand_started" and e.data.get("hand") == 1 for e in events):
            self._shown_over.clear()  # a new game (a rematch) counts its hands from 1 again
        if view.phase is Phase.GAME_OVER and ("game", view.hand_no) not in self._shown_over:
            self._flush()
            self._shown_over.add(("game", view.hand_no))
            self.app.push_screen(GameOverScreen(self), self._game_over_closed)
        elif "hand_over" in kinds and ("hand", kinds["hand_over"].data.get("hand")) not in self._shown_over:
            self._shown_over.add(("hand", kinds["hand_over"].data.get("hand")))
            if not news:
                return
            self._flush()
            over, ahoy = kinds["hand_over"].data, kinds.get("ahoy")
            reveal = kinds["reveal"].data if "reveal" in kinds else None
            open_report = next((s for s in self.app.screen_stack if isinstance(s, HandOverScreen)), None)
            if open_report is not None:
                open_report.show(over, ahoy, self.names, reveal)
            else:
                self.app.push_screen(HandOverScreen(self, over, ahoy, reveal=reveal))

    async def _game_over_closed(self, choice: str | None) -> None:
        if choice == "rematch":
            await self.action_rematch()
        elif choice == "lobby":
            await self.action_leave()

    # -- acting ------------------------------------------------------------------------
    def send(self, action: Any) -> None:
        """Send an engine action with the current version (stale ones are refused by the lobby)."""
        if self.update is None:
            return
        self.warned_since_move = False
        self.app_.run_worker(self.app_.ask(self.app_.lobby.act, self.table_id, action, self.update.version))

    def on_piles_history_requested(self, event: Piles.HistoryRequested) -> None:
        event.stop()
        self.action_discards()

    # -- bindings --------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        waiting = self.view is None
        if action in GAME_KEYS:
            key = GAME_KEYS[action]
            return self._option(key) is not None and self.update is not None
        if action in ("mark",):
            return self.prompt.hand_mode == "lay_down"
        if action in ("move",):
            return self.prompt.hand_mode is not None
        if action == "number":
            return True
        if action == "add_bot" and self.update is not None and self.update.table.status == "game_over":
            return self._is_host() and any(s.kind == "empty" for s in self.update.table.seats)
        if action in WAIT_ACTIONS:
            if not waiting or self.update is None or self.update.table.status != "waiting":
                return False
            if action == "add_bot":  # not on a full table (the key would only be refused)
                return self._is_host() and any(s.kind == "empty" for s in self.update.table.seats)
            if action in ("start", "remove_seat"):
                return self._is_host()
            return any(clean(s.name, 16) == clean(self.app_.me, 16) and s.kind == "person"
                       for s in self.update.table.seats)
        if action == "log":
            return True
        if action in ("discards", "scores"):
            return not waiting
        if action in CREW_ACTIONS:
            return self.crew_check(action)
        if action in PACE_ACTIONS:
            return action == "toggle_hints" or (self.update is not None and self.update.seat is not None)
        return True

    def action_discards(self) -> None:
        from ahoy_tui.ui.screens.discards import DiscardsScreen

        if self.view is not None:
            self.app.push_screen(DiscardsScreen(tuple(self.view.discard)))

    def action_log(self) -> None:
        from ahoy_tui.ui.screens.log_view import LogScreen

        self.app.push_screen(LogScreen(self._narrate_kept()))

    def action_scores(self) -> None:
        from ahoy_tui.ui.screens.scores import ScoresScreen

        if self.view is not None:
            self.app.push_screen(ScoresScreen(self.names, self.view))

    def action_chat(self) -> None:
        self.query_one(ChatBox).focus_input()

    # -- chat --------------------------------------------------------------------------------
    def add_chat(self, msg: Any) -> None:
        if not built(self, ChatBox):
            if not exiting(self):
                self._pending_chat.append(msg)  # shown once the chat box exists (_start)
            return
        self.query_one(ChatBox).add_message(msg)

    def set_chat(self, messages: list[Any]) -> None:
        """Show the table's chat history (on joining or returning: maybe before the chat box exists)."""
        if not built(self, ChatBox):
            if not exiting(self):
                self._pending_chat = list(messages)
            return
        chat = self.query_one(ChatBox)
        chat.clear()
        for m in messages:
            chat.add_message(m)

    async def on_chat_box_said(self, event: ChatBox.Said) -> None:
        event.stop()
        await self.app_.ask(self.app_.lobby.chat, self.table_id, event.text)

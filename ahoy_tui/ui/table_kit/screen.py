"""The table-screen kit: what every game's table screen does, in one base class.

The app knows a table screen only as :class:`TableScreenBase`: made with the
table id, it takes every ``TableUpdate`` (:meth:`TableScreenBase.apply_update`,
the latest as ``update``), the table's chat (``add_chat``, ``set_chat``) and
``refresh_texts`` when the language, theme or ASCII mode changes. A game's
screen subclasses it and fills in what only that game draws:

- :meth:`compose_table` (its panels; :meth:`compose_side` gives the log and chat column);
- :meth:`take_update` (the update's events and model; the kit has already
  set the decision clock and the grace of reconnecting seats);
- :meth:`redraw` (everything from ``state.update`` and the look);
- :meth:`usable_keys` with ``GAME_ACTIONS`` (which keys ``check_action`` asks it about);
- :meth:`away_line` (one event of a catch-up "while you were away" notice);
- ``keys``: its game keys (``number``, ``move``, ``mark``, ``back``).

The kit owns: updates that arrive before the first layout (queued until the
widgets exist), the decision clock on this process's clock, the grace timer
of reconnecting seats (R17), chat, resize, the seat keys (ready, add a bot,
remove a player, start, rematch, leave, autopilot, seat to a bot), the
confirmations and seat picker (``dialogs``), sending an action with the
update's version, key checks and the turn strip over dialogs (``watch``).
"""

from __future__ import annotations

import time
from typing import Any, Callable, Protocol

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Input, Static

from ahoy_tui.lobby.messages import ChatMessage, TableUpdate
from ahoy_tui.ui.game_ui import load
from ahoy_tui.ui.game_uis import game_ui
from ahoy_tui.ui.live import built, exiting
from ahoy_tui.ui.services import AppServices, RedrawsTexts, services
from ahoy_tui.ui.table_kit.alerts import Alert, TableAlerts
from ahoy_tui.ui.table_kit.chat import TableChat
from ahoy_tui.ui.table_kit.crew import SeatKeys
from ahoy_tui.ui.table_kit.deadline import LocalDeadline
from ahoy_tui.ui.table_kit.dialogs import TableDialogs
from ahoy_tui.ui.table_kit.layout import apply_size
from ahoy_tui.ui.table_kit.look import Look
from ahoy_tui.ui.table_kit.reconnecting import away_lines, counted_down, grace_ends
from ahoy_tui.ui.table_kit.state import TableState
from ahoy_tui.ui.table_kit.watch import TableWatch, glance_of
from ahoy_tui.ui.widgets.chat_box import ChatBox, ChatHost
from ahoy_tui.ui.widgets.countdown import Countdown
from ahoy_tui.ui.widgets.event_log import EventLog
from ahoy_tui.ui.widgets.key_footer import KeyFooter


class GameKeys(Protocol):
    """The game keys every table has: a number, the cursor, a mark, Esc."""

    def number(self, n: int) -> None: ...

    def move(self, delta: int) -> None: ...

    def mark(self) -> None: ...

    def back(self) -> None: ...


def keys_action(method: str, *args: Any, doc: str = "") -> Callable[[Any], None]:
    """An ``action_*`` method that calls ``self.keys.<method>(*args)`` (a game key whose work the game's keys do)."""

    def action(self: Any) -> None:
        getattr(self.keys, method)(*args)

    action.__doc__ = doc or f"``keys.{method}``."
    return action


class TableScreenBase(Screen[None], ChatHost, RedrawsTexts):
    """One table of some game, for a seated player or a spectator.

    Attributes:
        table_id: The table shown.
        state: The latest update (``TableState``; a game may keep more in a subclass of it).
        dialogs: Opens the confirmations and the seat picker (a game may add its own dialogs).
        seat_keys: The waiting room and seat keys (``table_kit.crew.SeatKeys``).
        keys: The game's keys (set by the game's screen).
        decision_clock: The decision clock's end on this process's clock (from ``update.remaining``).
        chat: The table chat, kept until the chat box exists.
        watch: The turn and clock on every dialog over this table (``table_kit.watch``).
        alerts: The turn alerts: bell, title, notification (``table_kit.alerts``).
    """

    BINDINGS = [Binding("N", "turn_alerts", "Alerts", show=False)]
    """Keys of every table (a game's ``BINDINGS`` add to these): ``N`` cycles the turn alerts."""

    GAME = ""
    """The game's name (``GameSpec.name``): its plug-in in ``ui.game_uis`` (F1 shows its ``help_texts``)."""
    GAME_ACTIONS: frozenset[str] = frozenset()
    """The actions :meth:`usable_keys` decides; every other action (chat, leave, Esc) always works."""
    AUTO_PASS = False
    """The game has "always pass" (the look carries the session's ``auto_pass``)."""
    READY_WIDGETS: tuple[type, ...] = (EventLog, KeyFooter, ChatBox)
    """Widgets that must exist before queued updates are drawn (else the session ended meanwhile)."""

    keys: GameKeys

    def __init__(self, table_id: str) -> None:
        super().__init__()
        self.table_id = table_id
        self.state = self.new_state(table_id)
        self.dialogs = self.new_dialogs()
        self.seat_keys = SeatKeys(self.state, self.services, self.dialogs)
        self.decision_clock = LocalDeadline()
        self.chat = TableChat(self)
        self.watch = TableWatch(self, lambda: glance_of(self.state.update, self.decision_clock.deadline))
        self.alerts = TableAlerts(self)
        self._ready = False
        self._queued: list[tuple[TableUpdate, float]] = []
        """Updates that arrived before the first layout, each with when it arrived (``time.monotonic()``)."""
        self._grace_ends: dict[int, float] = {}
        """Per reconnecting seat, when its grace ends on this process's clock (R17, ``table_kit.reconnecting``)."""
        self._grace_timer: Timer | None = None

    # -- what a game's screen fills in -----------------------------------------------------------
    def new_state(self, table_id: str) -> TableState:
        """The screen's state object (a game may return a subclass that keeps more)."""
        return TableState(table_id)

    def new_dialogs(self) -> TableDialogs:
        """The dialogs object (a game may return a subclass with its own dialogs)."""
        return TableDialogs(self.services)

    def take_update(self, update: TableUpdate, received: float) -> None:
        """Take a new ``TableUpdate`` (``state.update`` is still the one before) and draw it."""
        raise NotImplementedError

    def redraw(self) -> None:
        """Draw everything from ``state.update`` and the look."""
        raise NotImplementedError

    def grace_redraw(self) -> None:
        """A reconnecting seat's grace counted down a second: draw it (default: everything)."""
        self.redraw()

    def usable_keys(self) -> frozenset[str]:
        """The names among ``GAME_ACTIONS`` usable now."""
        return frozenset()

    def away_line(self, update: TableUpdate) -> Callable[[Any], str | None]:
        """How the catch-up notice tells one event of ``update.while_away`` (None: not told)."""
        return lambda _event: None

    def away_text(self, text: str) -> str:
        """The catch-up notice as shown (a game may asciify it)."""
        return text

    def on_send(self) -> None:
        """The player moved (an action goes to the lobby): a game may drop stale warnings."""

    def alert_for(self, update: TableUpdate) -> Alert | None:
        """The turn alert for ``update``, which starts a decision of this player's (None: no alert).
        Default: "your turn"; a game may say "an offer names you" (``Alert("offer", who=...)``)."""
        return Alert("turn")

    def queued_drawn(self, any_queued: bool) -> None:
        """The first layout took the queued updates: draw once if none did."""
        if not any_queued:
            self.refresh_texts()

    # -- services ---------------------------------------------------------------------------------
    @property
    def services(self) -> AppServices:
        """The session's app, as the services a table uses (``ui.services.AppServices``)."""
        return services(self)

    @property
    def update(self) -> TableUpdate | None:
        """The latest ``TableUpdate`` (None until the first)."""
        return self.state.update

    def look(self) -> Look:
        """The session's preferences the table is drawn with now."""
        app = self.services
        return Look(app.lang, app.ascii_only, app.theme, app.card_styles, app.me,
                    self.AUTO_PASS and app.auto_pass)

    # -- composition --------------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        """The title bar (table name, decision clock), the game's panels (:meth:`compose_table`), the key footer."""
        with Horizontal(id="table-top", classes="title-bar"):
            yield Static(id="table-title")
            yield Countdown(id="clock")
        yield from self.compose_table()
        yield KeyFooter()

    def compose_table(self) -> ComposeResult:
        """The game's panels, with :meth:`compose_side` as their right column."""
        yield from self.compose_side()

    def compose_side(self) -> ComposeResult:
        """The log and the table chat (the right column of every table)."""
        yield EventLog(id="log", classes="panel")
        yield ChatBox(id="table-chat", classes="panel")

    def on_mount(self) -> None:
        apply_size(self, *self.app.size)
        self.set_focus(None)
        self.watch.start()
        self.call_after_refresh(self._start)

    def on_resize(self, event: Any) -> None:
        """Compact, normal, wide or tall layout for the new size (``table_kit.layout``)."""
        apply_size(self, event.size.width, event.size.height)

    def _start(self) -> None:
        """Draw the updates that arrived before the first layout."""
        if not built(self, *self.READY_WIDGETS):
            return  # the session ended while this screen was being built
        self._ready = True
        self.chat.show_pending()
        queued, self._queued = self._queued, []
        for update, received in queued:
            self.apply_update(update, received)
        self.queued_drawn(bool(queued))

    # -- data in ------------------------------------------------------------------------------------
    def apply_update(self, update: TableUpdate, received: float | None = None) -> None:
        """Take a new ``TableUpdate`` (the app calls this for every one).

        ``received``: ``time.monotonic()`` when it arrived (default: now);
        ``update.remaining`` counts from then (``self.decision_clock``).
        Before the first layout it is queued; then the clock and the grace
        of reconnecting seats are set, the game's screen takes it
        (:meth:`take_update`), and a catch-up tells what happened while away.
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
        self.take_update(update, received)
        self.alerts.take(update)
        if update.catch_up and update.while_away:
            app = self.services
            lines = away_lines(update, app.lang, self.away_line(update))
            if lines:
                app.notify(self.away_text("\n".join(lines)), timeout=15)

    def _grace_timer_sync(self) -> None:
        """A 1 s timer while some seat is reconnecting (its grace counts down, R17), none otherwise."""
        if self._grace_ends and self._grace_timer is None:
            self._grace_timer = self.set_interval(1.0, self._grace_tick)
        elif not self._grace_ends and self._grace_timer is not None:
            self._grace_timer.stop()
            self._grace_timer = None

    def _grace_tick(self) -> None:
        """Redraw with each reconnecting seat's grace left now."""
        state = self.state
        if not self._grace_ends or state.update is None or exiting(self):
            self._grace_ends = {}
            self._grace_timer_sync()
            return
        state.update = counted_down(state.update, self._grace_ends, time.monotonic())
        self.grace_redraw()

    def refresh_texts(self) -> None:
        """Language, theme or ASCII changed: draw everything again."""
        if self._ready and not exiting(self):
            self.redraw()

    # -- acting ---------------------------------------------------------------------------------------
    def send(self, action: Any) -> None:
        """Send an engine action with the current version (stale ones are refused by the lobby)."""
        update = self.state.update
        if update is None:
            return
        self.on_send()
        app = self.services
        app.run_worker(app.ask(app.lobby.act, self.table_id, action, update.version))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The game's :meth:`usable_keys` decide its ``GAME_ACTIONS``; chat, leave and Esc always work."""
        return action in self.usable_keys() if action in self.GAME_ACTIONS else True

    # -- keys every table has ---------------------------------------------------------------------------
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

    async def action_unready(self) -> None:
        await self.seat_keys.unready()

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

    def action_chat(self) -> None:
        self.query_one(ChatBox).focus_input()

    def action_turn_alerts(self) -> None:
        """``N``: turn alerts off → bell → bell and title (and notification) → off; kept per identity."""
        app = self.services
        alerts = app.turn_alerts
        mode = alerts.cycle()
        app.save_prefs()
        if mode == "title":
            key = "alerts.notify" if alerts.title_ok and alerts.notify_kind else (
                "alerts.title" if alerts.title_ok else "alerts.no_title")
        else:
            key = f"alerts.{mode}"
        app.notify(app.t(key), timeout=3)

    # -- turn alerts ------------------------------------------------------------------------------------
    def on_countdown_clock_alert(self, event: Any) -> None:
        """The own clock has 10 s left (``Countdown.ClockAlert``)."""
        event.stop()
        self.alerts.clock(event.seconds)

    def on_descendant_blur(self, event: events.DescendantBlur) -> None:
        """Focus left a widget: an alert held while the player typed in the chat goes out now."""
        if self.alerts.held is not None:
            self.call_after_refresh(self.alerts.chat_left)  # once the focus has landed elsewhere

    def on_unmount(self) -> None:
        """The table screen goes: a title saying "your turn" goes back."""
        self.alerts.gone()

    # -- chat ---------------------------------------------------------------------------------------------
    def add_chat(self, msg: ChatMessage) -> None:
        """One new table chat line (kept until the chat box exists)."""
        self.chat.add(msg)

    def set_chat(self, messages: list[ChatMessage]) -> None:
        """Show the table's chat history (on joining or returning: maybe before the chat box exists)."""
        self.chat.set(messages)

    async def on_chat_box_said(self, event: ChatBox.Said) -> None:
        event.stop()
        app = self.services
        await app.ask(app.lobby.chat, self.table_id, event.text)



def table_screen(game: str, table_id: str) -> TableScreenBase:
    """A new screen for table ``table_id`` of ``game`` (its ``GameUI.table_screen``, imported now)."""
    cls: type[TableScreenBase] = load(game_ui(game).table_screen)
    return cls(table_id)

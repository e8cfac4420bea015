"""The table: seats, piles, your hand, the focused prompt, log and table chat.

A table-screen kit screen (``table_kit.screen.TableScreenBase``: updates
before the first layout, the decision clock, reconnecting seats, chat,
resize, seat keys, sending actions). For every ``TableUpdate`` the screen asks the presenter (``ui.games.ahoy.presenter.present``) for the model of
every panel and assigns it to its widgets (``table_paint``), once per burst
of updates. Keys, clicks and prompt buttons go to small collaborators, each
given the screen's :class:`TableState` and callbacks: ``table_play``
(game decisions, card cursor and marks), the kit's ``SeatKeys`` (waiting room,
leave, autopilot, seat to bot), ``table_pace`` (always pass on step-in,
the autopilot warning, first-game hints) and ``table_dialogs`` (every
AHOY dialog, given the data it shows). Every choice offered comes from
``update.legal`` (see ``ui.games.ahoy.prompts``).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Callable

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Static

from ahoy_tui.games.ahoy.state import Phase
from ahoy_tui.hosting.compositor import use_frugal_compositor
from ahoy_tui.lobby.messages import TableUpdate
from ahoy_tui.ui.games.ahoy.dialogs import AhoyDialogs
from ahoy_tui.ui.games.ahoy.model import TableModel
from ahoy_tui.ui.games.ahoy.narrate import Narrator
from ahoy_tui.ui.games.ahoy.pace import PACE_BINDINGS, Pacing
from ahoy_tui.ui.games.ahoy.paint import TablePainter
from ahoy_tui.ui.games.ahoy.play import PlayKeys
from ahoy_tui.ui.games.ahoy.presenter import KEY_ACTIONS, hand_model, present, selection_after
from ahoy_tui.ui.games.ahoy.prompts import Prompt
from ahoy_tui.ui.games.ahoy.record import TableRecord, narrate
from ahoy_tui.ui.games.ahoy.state import AhoyTableState
from ahoy_tui.ui.games.ahoy.widgets.banner import TableBanner
from ahoy_tui.ui.games.ahoy.widgets.hand_view import HandView
from ahoy_tui.ui.games.ahoy.widgets.piles import Piles
from ahoy_tui.ui.games.ahoy.widgets.prompt_bar import PromptBar
from ahoy_tui.ui.games.ahoy.widgets.seat_list import SeatList
from ahoy_tui.ui.live import exiting
from ahoy_tui.ui.table_kit.alerts import Alert
from ahoy_tui.ui.table_kit.crew import SEAT_BOT_BINDINGS, TALK_BINDINGS, WAITING_BINDINGS
from ahoy_tui.ui.table_kit.screen import TableScreenBase, keys_action
from ahoy_tui.ui.widgets.countdown import Countdown
from ahoy_tui.ui.widgets.event_log import EventLog
from ahoy_tui.ui.widgets.event_log import MAX_LINES as LOG_PANEL_LINES
from ahoy_tui.ui.widgets.key_footer import KeyFooter


def _key(key: str) -> Callable[[Any], None]:
    """An ``action_*`` method that runs the prompt's option for ``key`` (``PlayKeys.key``)."""
    return keys_action("key", key, doc=f"Run the prompt's option for {key!r}, if it offers one.")


class TableScreen(TableScreenBase):
    """One AHOY!! V2 table, for a seated player or a spectator.

    Attributes:
        state: The latest update, the selection and the model shown (``AhoyTableState``).
        record: The kept events and hands (``TableRecord``).
        keys: The game keys and card cursor (``PlayKeys``).
        pacing: Always pass, the autopilot warning, hints (``Pacing``).
        dialogs: Opens the dialogs (``AhoyDialogs``).
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
        *WAITING_BINDINGS,
        Binding("x", "discards", "Discards"),
        Binding("e", "log", "Log", show=False),
        Binding("s", "scores", "Scores"),
        *TALK_BINDINGS,
        Binding("v", "profile", "Profile", show=False),
        *SEAT_BOT_BINDINGS,
        Binding("h", "last_hand", "Last hand", show=False),
        Binding("H", "history", "History", show=False),
        *PACE_BINDINGS,
    ]

    GAME = "ahoy"
    GAME_ACTIONS = KEY_ACTIONS
    AUTO_PASS = True
    READY_WIDGETS = (EventLog, PromptBar, KeyFooter)

    state: AhoyTableState
    dialogs: AhoyDialogs

    def __init__(self, table_id: str) -> None:
        super().__init__(table_id)
        use_frugal_compositor(self)
        app = self.services
        self.keys = PlayKeys(self.state, app, self.send, self.refresh_texts, self._redraw_hand, self.dialogs,
                             lambda: self.run_worker(self.seat_keys.rematch()))
        self.pacing = Pacing(self.state, app, self.refresh_texts, lambda: app.screen is self, self.alerts.ring)
        self.painter = TablePainter(self, lambda: self.narrated(LOG_PANEL_LINES))
        self._log_pending: list[Any] = []
        self._dirty = False
        self._flush_queued = False

    def new_state(self, table_id: str) -> AhoyTableState:
        return AhoyTableState(table_id)

    def new_dialogs(self) -> AhoyDialogs:
        """The AHOY dialogs, over the kept events (``self.record``, made here: the dialogs read it)."""
        self.record = TableRecord()
        return AhoyDialogs(self.services, self.state, self.record, self.action_chat, self._game_over_closed)

    # -- composition ------------------------------------------------------------
    def compose_table(self) -> ComposeResult:
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
                    yield from self.compose_side()

    # -- data in ------------------------------------------------------------------
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

    def usable_keys(self) -> frozenset[str]:
        """The presenter's ``usable_keys`` decide every table key."""
        return self.state.keys

    def _present(self) -> TableModel:
        state = self.state
        return present(state.update, self.look(), state.selection, self.record.facts(), state.model)

    def take_update(self, update: TableUpdate, received: float) -> None:
        """The state (update, selection, model) changes at once; the widgets are
        redrawn once per burst: updates already queued behind this one are
        taken first, then one redraw (a bot's move and its AHOY! are one frame)."""
        catch_up = update.catch_up
        if catch_up:
            self._log_pending = []
            self.query_one(EventLog).clear()
        state = self.state
        old_view = state.view
        state.update = update
        events = list(update.events or [])
        self.record.take(events, state.names, catch_up=catch_up)
        app = self.services
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
        self.dialogs.close_hand_over_for_move()
        self.pacing.drop_stale_warning()
        self.pacing.tell_auto_pass()
        self.pacing.show_hints()

    def alert_for(self, update: TableUpdate) -> Alert | None:
        """"An offer names you" with the offerer's name (R9.1; never the cards: the notification may be read
        by anyone near the screen); none for a step-in window the lobby passes for you (always pass, R9.2)."""
        view = update.view
        if view.phase == Phase.RESPOND and view.offer is not None and view.offer[1] == view.seat:
            names = self.state.names
            offerer = view.offer[0]
            return Alert("offer", who=names[offerer] if offerer < len(names) else "")
        if view.phase == Phase.STEP_IN and self.services.auto_pass:
            return None
        return Alert("turn")

    def away_line(self, update: TableUpdate) -> Callable[[Any], str | None]:
        """An event told as the log tells it (``Narrator``), plain."""
        app = self.services
        me = None if update.view is None else update.view.seat
        narrator = Narrator(self.state.names, me, app.lang, app.ascii_only)

        def plain(e: Any) -> str | None:
            line = narrator.line(e)
            return line.plain if line is not None else None

        return plain

    def grace_redraw(self) -> None:
        """Redraw the seat list with each reconnecting seat's grace left now."""
        self.state.model = self._present()
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

    def redraw(self) -> None:
        """Redraw everything from the latest update (language/theme/ASCII too)."""
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
        app = self.services
        view = self.state.view
        return self.record.narrate_kept(None if view is None else view.seat, app.lang, app.ascii_only, last)

    async def _game_over_closed(self, choice: str | None) -> None:
        if choice == "rematch":
            await self.seat_keys.rematch()
        elif choice == "lobby":
            await self.seat_keys.leave()

    # -- acting ------------------------------------------------------------------------
    def on_send(self) -> None:
        """The player moved: "Autopilot in 5 s" is stale."""
        self.pacing.warned_since_move = False
        self.pacing.hide_warning()

    # -- keys (each one line: the collaborators do the work) ---------------------------------
    action_draw = _key("d")
    action_offer = _key("o")
    action_hands_up = _key("u")
    action_ahoy = _key("a")
    action_accept = _key("y")
    action_decline = _key("n")
    action_step_in = _key("i")
    action_pass = _key("p")
    action_confirm = _key("enter")

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
        from ahoy_tui.ui.table_kit.seats import bot_seats

        self.app.push_screen(ProfileScreen(self.state.names, bots=bot_seats(self.state.update)))

    async def action_auto_pass(self) -> None:
        await self.pacing.toggle_auto_pass()

    def action_toggle_hints(self) -> None:
        self.pacing.toggle_hints()

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

"""The table: seats, piles, your hand, the focused prompt, log and table chat.

The app hands every ``TableUpdate`` to :meth:`TableScreen.apply_update`;
the screen sets its widgets' attributes and turns keys, clicks and prompt
buttons into lobby commands (``act`` with the update's version). Every
choice offered comes from ``update.legal`` (see ``ui.prompts``).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Static

from ahoy_tui.game.actions import Offer
from ahoy_tui.game.state import Phase
from ahoy_tui.ui import prompts
from ahoy_tui.ui.keys import translate_bindings
from ahoy_tui.ui.live import built, exiting
from ahoy_tui.ui.narrate import Narrator
from ahoy_tui.ui.prompts import Option, Prompt
from ahoy_tui.ui.screens.table_crew import CREW_ACTIONS, CREW_BINDINGS, CrewActions
from ahoy_tui.ui.text import asciify, clean
from ahoy_tui.ui.widgets.chat_box import ChatBox
from ahoy_tui.ui.widgets.countdown import Countdown
from ahoy_tui.ui.widgets.event_log import EventLog
from ahoy_tui.ui.widgets.hand_view import HandView
from ahoy_tui.ui.widgets.key_footer import KeyFooter
from ahoy_tui.ui.widgets.piles import Piles
from ahoy_tui.ui.widgets.prompt_bar import PromptBar
from ahoy_tui.ui.widgets.seat_list import SeatList, SeatRow

_GAME_KEYS = {"draw": "d", "offer": "o", "hands_up": "u", "ahoy": "a", "accept": "y", "decline": "n",
              "step_in": "i", "pass": "p", "confirm": "enter"}
_WAIT_ACTIONS = {"ready", "add_bot", "start", "remove_seat"}


class TableScreen(CrewActions, Screen[None]):
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
        Binding("b", "add_bot", "Add bot"),
        Binding("minus", "remove_seat", "Remove seat"),
        Binding("g", "start", "Start"),
        Binding("x", "discards", "Discards"),
        Binding("s", "scores", "Scores"),
        Binding("c", "chat", "Chat"),
        Binding("q", "leave", "Leave"),
        *CREW_BINDINGS,
    ]

    def __init__(self, table_id: str) -> None:
        super().__init__()
        self.table_id = table_id
        self.update: Any = None
        self.prompt = Prompt("")
        self.sub: str | None = None
        self.cursor: int | None = None
        self.marked: frozenset[int] = frozenset()
        self._all_events: list[Any] = []
        self._shown_over: set[tuple[str, int]] = set()
        self._ready = False
        self._queued: list[Any] = []
        self._texts_key: tuple | None = None
        self._bindings_key: tuple | None = None
        self._log_pending: list[Text] = []
        self._dirty = False
        self._flush_queued = False
        self._title: Text | None = None
        self._assigned: dict[tuple[int, str], Any] = {}

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
                    yield HandView(id="hand", classes="panel")
                    yield PromptBar(id="prompt")
                with Vertical(id="right"):
                    yield EventLog(id="log", classes="panel")
                    yield ChatBox(id="table-chat", classes="panel")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.set_focus(None)
        self.call_after_refresh(self._start)

    def _start(self) -> None:
        """Draw the updates that arrived before the first layout."""
        if not built(self, EventLog, PromptBar, KeyFooter):
            return  # the session ended while this screen was being built
        self._ready = True
        queued, self._queued = self._queued, []
        for update in queued:
            self.apply_update(update)
        if not queued:
            self.refresh_texts()

    # -- data in ------------------------------------------------------------------
    @property
    def app_(self) -> Any:
        return self.app

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.update.table.seats] if self.update is not None else []

    @property
    def view(self) -> Any:
        return None if self.update is None else self.update.view

    @property
    def legal(self) -> list[Any]:
        return [] if self.update is None else list(self.update.legal)

    def apply_update(self, update: Any) -> None:
        """Take a new ``TableUpdate`` (the app calls this for every one).

        The state (update, cursor, prompt) changes at once; the widgets are
        redrawn once per burst: updates already queued behind this one are
        taken first, then one redraw (a bot's move and its AHOY! are one frame).
        """
        if not self._ready:
            self._queued.append(update)
            return
        if exiting(self):
            return
        if getattr(update, "catch_up", False):
            self._all_events = []
            self._log_pending = []
            self.query_one(EventLog).clear()
        old_view = self.view
        self.update = update
        events = list(update.events or [])
        self._all_events.extend(events)
        self._log_pending.extend(self._narrate(events))
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
        self._maybe_show_over(events)
        self.close_hand_over_for_move()

    def _flush(self) -> None:
        """Redraw the widgets once for the updates taken since the last redraw."""
        self._flush_queued = False
        if not self._dirty or not self.is_attached or exiting(self):
            return
        self._dirty = False
        lines, self._log_pending = self._log_pending, []
        log = self.query_one(EventLog)
        for line in lines:
            log.add(line)
        self.refresh_texts()

    def _put(self, widget: Any, attr: str, value: Any) -> None:
        """Set ``widget.attr`` only when it differs from what this screen set last.

        For attributes that repaint on every assignment (``border_title``,
        reactives with ``always_update``), so an unchanged value costs nothing.
        """
        key = (id(widget), attr)
        if key not in self._assigned or self._assigned[key] != value:
            self._assigned[key] = value
            setattr(widget, attr, value)

    def _narrate(self, events: list[Any]) -> list[Text]:
        narrator = self._narrator()
        return [line for line in map(narrator.line, events) if line is not None]

    def _build_prompt(self) -> Prompt:
        app = self.app_
        if self.view is None:
            return Prompt(app.t("wait.hint_host") if self._is_host() else app.t("wait.hint"))
        prompt = prompts.build(self.view, self.legal, self.names, app.lang, app.ascii_only, self.sub,
                               self.update.table.status)
        mine = self._my_seat_info()
        if mine is not None and mine.autopilot:
            prompt = replace(prompt, note=" ".join(filter(None, (prompt.note, app.t("autopilot.note")))))
        return prompt

    def _narrator(self) -> Narrator:
        app = self.app_
        seat = None if self.view is None else self.view.seat
        return Narrator(self.names, seat, app.lang, app.ascii_only)

    def refresh_texts(self) -> None:
        """Redraw everything from the latest update (language/theme/ASCII too)."""
        if not self._ready or exiting(self):
            return
        app = self.app_
        texts_key = (app.lang, app.ascii_only)
        if texts_key != self._texts_key:
            self._texts_key = texts_key
            translate_bindings(self, app.lang)
            self.set_class(app.ascii_only, "-ascii")
            self._bindings_key = None
        fix = asciify if app.ascii_only else (lambda s: s)
        styles = app.card_styles
        u = self.update
        view = self.view
        title = Text()
        if u is not None:
            title.append(fix(clean(u.table.name, 24)), style="bold")
            if view is not None:
                title.append(fix(f" · {app.t('table.hand', n=view.hand_no)} · {app.t('table.limit', n=view.limit)}"))
                if view.seat is None:
                    title.append(fix(f" · {app.t('table.spectating')}"))
        if title != self._title:
            self._title = title
            self.query_one("#table-title", Static).update(title, layout=False)
        clock = self.query_one(Countdown)
        clock.ascii_only = app.ascii_only
        clock.deadline = None if u is None else u.deadline
        chat = self.query_one(ChatBox)
        self._put(chat, "border_title", fix(app.t("table.chat")))
        chat.placeholder = fix(app.t("table.chat_placeholder"))
        chat.ascii_only = app.ascii_only
        self._put(self.query_one(EventLog), "border_title", fix(app.t("table.log")))
        if view is None:
            self._show("waiting")
            self._draw_waiting()
        else:
            self._show("game")
            self._draw_game(view, styles)
        self.prompt = self._build_prompt()
        bar = self.query_one(PromptBar)
        bar.ascii_only = app.ascii_only
        bar.prompt = self.prompt
        self._draw_hand()
        bindings_key = (tuple(o.key for o in self.prompt.options), self.prompt.hand_mode, self.view is None,
                        None if u is None else (u.table.status, tuple(s.ready for s in u.table.seats)))
        if bindings_key != self._bindings_key:
            self._bindings_key = bindings_key
            self.refresh_bindings()
        # In the same redraw as the prompt bar (also when only check_action results changed):
        # a repaint of one fixed-size line, and only when the shown keys differ.
        self.query_one(KeyFooter).sync()

    def _show(self, part: str) -> None:
        if self.has_class("-playing") != (part == "game"):
            self.set_class(part == "game", "-playing")

    def _is_host(self) -> bool:
        u = self.update
        return u is not None and clean(u.table.host, 16) == clean(self.app_.me, 16)

    def _draw_waiting(self) -> None:
        app = self.app_
        fix = asciify if app.ascii_only else (lambda s: s)
        u = self.update
        out = Text()
        if u is None:
            self.query_one("#waiting", Static).update(out)
            return
        tbl = u.table
        out.append(fix(app.t("wait.title", table=clean(tbl.name, 24))) + "\n\n", style="bold")
        cfg = tbl.config
        out.append(fix(f"{app.t('create.limit')}: {cfg.limit} · {app.t('create.clocks')}: "
                       f"{app.t('clock.' + str(cfg.clocks))}"))
        if cfg.ace_low:
            out.append(fix(f" · {app.t('create.ace_low')}"))
        if cfg.verified_step_in:
            out.append(fix(f" · {app.t('create.verified')}"))
        out.append("\n\n")
        for i, s in enumerate(tbl.seats):
            out.append(f" {i + 1}. ")
            if s.kind == "empty":
                out.append(fix(app.t("wait.empty")) + "\n", style="dim")
                continue
            out.append(fix(clean(s.name, 16)), style="bold")
            tags = []
            if s.kind == "bot":
                tags.append(app.t("wait.bot"))
            else:
                tags.append(app.t("wait.ready") if s.ready else app.t("wait.not_ready"))
                if not s.connected:
                    tags.append(app.t("table.offline"))
            if clean(s.name, 16) == clean(tbl.host, 16):
                tags.append(app.t("wait.host"))
            out.append(fix("  (" + ", ".join(tags) + ")\n"))
        if getattr(tbl, "code", None):
            out.append("\n" + fix(app.t("wait.code", code=clean(tbl.code, 16))) + "\n", style="bold")
        self.query_one("#waiting", Static).update(out)

    def _draw_game(self, view: Any, styles: dict[str, str]) -> None:
        app = self.app_
        u = self.update
        rows = []
        for i, s in enumerate(u.table.seats):
            if s.kind == "bot":
                status = app.t("wait.bot")
            elif s.autopilot:
                status = app.t("table.autopilot")
            elif not s.connected:
                status = app.t("table.offline")
            else:
                status = ""
            in_hand = view.phase not in (Phase.NO_HAND, Phase.GAME_OVER)
            rows.append(SeatRow(
                name=s.name, cards=view.hand_sizes[i] if i < len(view.hand_sizes) else 0,
                total=view.totals[i] if i < len(view.totals) else 0, you=i == view.seat,
                turn=in_hand and i == view.active, waiting=in_hand and i in view.waiting_for, status=status))
        seats = self.query_one(SeatList)
        seats.rows = tuple(rows)
        seats.ascii_only = app.ascii_only
        self._put(seats, "card_styles", styles)
        seats.you_label = app.t("table.you")
        seats.pts_label = app.t("table.pts", n="{n}")
        piles = self.query_one(Piles)
        piles.draw_size = view.draw_size
        piles.discard = tuple(view.discard)
        piles.ascii_only = app.ascii_only
        self._put(piles, "card_styles", styles)
        piles.labels = tuple(asciify(app.t(k)) if app.ascii_only else app.t(k)
                             for k in ("table.draw", "table.discard", "table.empty"))

    def _draw_hand(self) -> None:
        app = self.app_
        hand = self.query_one(HandView)
        view = self.view
        cards = tuple(view.hand) if view is not None else ()
        hand.cards = cards
        hand.highlight = prompts.treasure_hint(cards, bool(view and view.ace_low))
        hand.cursor = self.cursor
        hand.marked = self.marked
        hand.ascii_only = app.ascii_only
        self._put(hand, "card_styles", app.card_styles)
        faded: set[int] = set()
        if view is not None:
            for c in list(view.laid_down) + ([view.locked] if view.locked is not None else []):
                for i, h in enumerate(cards):
                    if h == c and i not in faded:
                        faded.add(i)
                        break
        hand.faded = frozenset(faded)
        self._put(hand, "border_title",
                  (asciify if app.ascii_only else str)(app.t("table.your_hand")) if view and view.seat is not None else "")

    # -- over views -----------------------------------------------------------------
    def _maybe_show_over(self, events: list[Any]) -> None:
        view = self.view
        if view is None:
            return
        from ahoy_tui.ui.screens.game_over import GameOverScreen
        from ahoy_tui.ui.screens.hand_over import HandOverScreen

        kinds = {e.kind: e for e in events}
        if view.phase is Phase.GAME_OVER and ("game", view.hand_no) not in self._shown_over:
            self._flush()
            self._shown_over.add(("game", view.hand_no))
            self.app.push_screen(GameOverScreen(self), self._game_over_closed)
        elif "hand_over" in kinds and ("hand", view.hand_no) not in self._shown_over:
            self._flush()
            self._shown_over.add(("hand", view.hand_no))
            self.app.push_screen(HandOverScreen(self, kinds["hand_over"].data, kinds.get("ahoy")))

    def _game_over_closed(self, choice: str | None) -> None:
        if choice == "rematch":
            self.action_rematch()
        elif choice == "lobby":
            self.action_leave()

    # -- acting ------------------------------------------------------------------------
    def send(self, action: Any) -> None:
        """Send an engine action with the current version (stale ones are refused by the lobby)."""
        if self.update is None:
            return
        self.app_.call_lobby("act", self.table_id, action, self.update.version)

    def _option(self, key: str) -> Option | None:
        return next((o for o in self.prompt.options if o.key == key), None)

    def _run_option(self, opt: Option) -> None:
        if opt.action is not None:
            self.sub = None
            self.send(opt.action)
        elif opt.command == "offer":
            self._open_offer()
        elif opt.command == "hands_up":
            self.sub = "hands_up"
            self.refresh_texts()
        elif opt.command == "back":
            self.sub = None
            self.refresh_texts()
        elif opt.command == "confirm":
            self._confirm_hand()

    def _confirm_hand(self) -> None:
        view = self.view
        if view is None:
            return
        action = prompts.hand_action(self.prompt, view.hand, self.cursor, sorted(self.marked), self.legal)
        if action is None:
            if self.prompt.hand_mode == "lay_down":
                self.app.notify(self.app_.t("p.mark_more", k=self.prompt.lay_k), timeout=2)
            elif self.prompt.hand_mode is not None:
                self.app.notify(self.app_.t("p.pick_first"), timeout=2)
            return
        self.send(action)

    def _open_offer(self) -> None:
        from ahoy_tui.ui.screens.offer import OfferScreen

        view = self.view
        if view is None or view.seat is None:
            return
        other = (view.seat + 1) % view.players
        want, give = prompts.suggest_offer(view.hand, view.ace_low)
        self.app.push_screen(OfferScreen(self.names[view.seat], self.names[other], want, give), self._offered)

    def _offered(self, result: tuple[int, int] | None) -> None:
        if result is None:
            return
        action = Offer(*result)
        if any(a.KIND == "offer" for a in self.legal):
            self.send(action)

    def on_prompt_bar_chosen(self, event: PromptBar.Chosen) -> None:
        event.stop()
        self._run_option(event.option)

    def on_hand_view_card_clicked(self, event: HandView.CardClicked) -> None:
        event.stop()
        self._choose_card(event.index, from_click=True)

    def _choose_card(self, index: int, from_click: bool = False) -> None:
        mode = self.prompt.hand_mode
        view = self.view
        if mode is None or view is None or not 0 <= index < len(view.hand):
            return
        if mode == "lay_down":
            self.marked = self.marked ^ {index} if (index in self.marked or len(self.marked) < self.prompt.lay_k) \
                else self.marked
            self.cursor = index
        else:
            if from_click and self.cursor == index:
                self.cursor = index
                self._draw_hand()
                self._confirm_hand()
                return
            self.cursor = index
        self._draw_hand()

    def on_piles_history_requested(self, event: Piles.HistoryRequested) -> None:
        event.stop()
        self.action_discards()

    # -- bindings --------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        waiting = self.view is None
        if action in _GAME_KEYS:
            key = _GAME_KEYS[action]
            return self._option(key) is not None and self.update is not None
        if action in ("mark",):
            return self.prompt.hand_mode == "lay_down"
        if action in ("move",):
            return self.prompt.hand_mode is not None
        if action == "number":
            return True
        if action in _WAIT_ACTIONS:
            if not waiting or self.update is None or self.update.table.status != "waiting":
                return False
            if action in ("add_bot", "start", "remove_seat"):
                return self._is_host()
            return any(clean(s.name, 16) == clean(self.app_.me, 16) and s.kind == "person"
                       for s in self.update.table.seats)
        if action in ("discards", "scores"):
            return not waiting
        if action in CREW_ACTIONS:
            return self.crew_check(action)
        return True

    def action_draw(self) -> None:
        self._key("d")

    def action_offer(self) -> None:
        self._key("o")

    def action_hands_up(self) -> None:
        self._key("u")

    def action_ahoy(self) -> None:
        self._key("a")

    def action_accept(self) -> None:
        self._key("y")

    def action_decline(self) -> None:
        self._key("n")

    def action_step_in(self) -> None:
        self._key("i")

    def action_pass(self) -> None:
        self._key("p")

    def action_confirm(self) -> None:
        self._key("enter")

    def _key(self, key: str) -> None:
        opt = self._option(key)
        if opt is not None:
            self._run_option(opt)

    def action_number(self, n: int) -> None:
        opt = self._option(str(n))
        if opt is not None:
            self._run_option(opt)
        elif self.prompt.hand_mode is not None:
            self._choose_card(n - 1)

    def action_move(self, delta: int) -> None:
        view = self.view
        if view is None or not view.hand:
            return
        start = -1 if self.cursor is None and delta > 0 else (len(view.hand) if self.cursor is None else self.cursor)
        self.cursor = (start + delta) % len(view.hand)
        self._draw_hand()

    def action_mark(self) -> None:
        if self.cursor is not None:
            self._choose_card(self.cursor)

    def action_back(self) -> None:
        if self.focused is not None:
            self.set_focus(None)
        elif self.sub is not None:
            self.sub = None
            self.refresh_texts()

    def action_discards(self) -> None:
        from ahoy_tui.ui.screens.discards import DiscardsScreen

        if self.view is not None:
            self.app.push_screen(DiscardsScreen(tuple(self.view.discard)))

    def action_scores(self) -> None:
        from ahoy_tui.ui.screens.scores import ScoresScreen

        if self.view is not None:
            self.app.push_screen(ScoresScreen(self.names, self.view))

    def action_chat(self) -> None:
        self.query_one(ChatBox).focus_input()

    def action_ready(self) -> None:
        me = clean(self.app_.me, 16)
        seat = next((s for s in self.update.table.seats if clean(s.name, 16) == me), None)
        self.app_.call_lobby("set_ready", self.table_id, not (seat is not None and seat.ready))

    def action_add_bot(self) -> None:
        self.app_.call_lobby("add_bot", self.table_id, "baseline")

    def action_remove_seat(self) -> None:
        seats = self.update.table.seats
        host = clean(self.update.table.host, 16)
        for i in range(len(seats) - 1, -1, -1):
            if seats[i].kind != "empty" and clean(seats[i].name, 16) != host:
                self.app_.call_lobby("remove_seat", self.table_id, i)
                return

    def action_start(self) -> None:
        self.app_.call_lobby("start", self.table_id)

    def action_rematch(self) -> None:
        self.app_.call_lobby("rematch", self.table_id)

    # -- chat --------------------------------------------------------------------------------
    def add_chat(self, msg: Any) -> None:
        if not built(self, ChatBox):
            return
        self.query_one(ChatBox).add(msg.sender, msg.text, getattr(msg, "system", False))

    def set_chat(self, messages: list[Any]) -> None:
        if not built(self, ChatBox):
            return
        chat = self.query_one(ChatBox)
        chat.clear()
        for m in messages:
            chat.add(m.sender, m.text, getattr(m, "system", False))

    def on_chat_box_said(self, event: ChatBox.Said) -> None:
        event.stop()
        self.app_.call_lobby("chat", self.table_id, event.text)

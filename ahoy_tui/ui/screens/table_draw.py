"""The table's drawing: title, clock, seats, piles, hand, waiting room, prompt bar and key footer.

A mixin of :class:`ahoy_tui.ui.screens.table.TableScreen`; it reads the
screen's ``update``, ``view``, ``cursor``, ``marked`` and ``sub`` and only
sets widget attributes (attributes down), never state the keys act on.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Callable

from rich.text import Text

from ahoy_tui.game.state import Phase
from ahoy_tui.ui import prompts
from ahoy_tui.ui.live import exiting
from ahoy_tui.ui.narrate import Narrator
from ahoy_tui.ui.prompts import Prompt
from ahoy_tui.ui.text import asciify, clean
from ahoy_tui.ui.screens.table_banner import banner_for
from ahoy_tui.ui.widgets.banner import TableBanner
from ahoy_tui.ui.widgets.chat_box import ChatBox
from ahoy_tui.ui.widgets.countdown import Countdown
from ahoy_tui.ui.widgets.event_log import MAX_LINES as LOG_PANEL_LINES
from ahoy_tui.ui.widgets.event_log import EventLog
from ahoy_tui.ui.widgets.hand_view import HandView
from ahoy_tui.ui.widgets.key_footer import KeyFooter
from ahoy_tui.ui.widgets.piles import Piles
from ahoy_tui.ui.widgets.prompt_bar import PromptBar
from ahoy_tui.ui.widgets.seat_list import SeatList, SeatRow


class TableDrawing:
    """Redraws the table's widgets from the latest update, setting each attribute only when it changed."""

    update: Any
    view: Any
    legal: list[Any]
    names: list[str]
    app_: Any
    prompt: Prompt
    sub: str | None
    cursor: int | None
    marked: frozenset[int]
    _ready: bool
    _texts_key: tuple | None
    _bindings_key: tuple | None
    _title: Text | None
    _assigned: dict[tuple[int, str], Any]
    _parts: dict[Any, Any]
    _all_events: list[Any]
    _event_names: list[tuple[str, ...]]
    _footer_key: tuple | None
    _is_host: Callable[[], bool]
    _my_seat_info: Callable[[], Any]
    clock_is_mine: Callable[[], bool]
    query_one: Any
    set_class: Any
    has_class: Any
    refresh_bindings: Any

    def _part(self, key: Any) -> Any:
        """The screen's widget for ``key`` (a widget class or ``#id``), looked up once."""
        widget = self._parts.get(key)
        if widget is None or not widget.is_attached:
            widget = self._parts[key] = self.query_one(key)
        return widget

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
        """Sentences for ``events`` with the seat names of now (for events that just arrived)."""
        narrator = self._narrator()
        return [line for line in map(narrator.line, events) if line is not None]

    def _narrate_kept(self, last: int | None = None) -> list[Text]:
        """Sentences for the kept events (the newest ``last``, or all), each with the names of its time.

        A seat given to a bot keeps its old name in what it did before
        ("bo and anna swapped cards", not the bot's name). Events a catch-up
        brought (join, reconnect) carry the names of the catch-up.
        """
        events, names = self._all_events, self._event_names
        if last is not None:
            events, names = events[-last:], names[-last:]
        seat = None if self.view is None else self.view.seat
        app = self.app_
        narrators: dict[int, Narrator] = {}
        out = []
        for event, at in zip(events, names):
            narrator = narrators.get(id(at))
            if narrator is None:
                narrator = narrators[id(at)] = Narrator(at, seat, app.lang, app.ascii_only)
            line = narrator.line(event)
            if line is not None:
                out.append(line)
        return out

    def names_at(self, event: Any) -> list[str]:
        """The seat names when ``event`` (a kept event) arrived; the names of now if it is not kept."""
        for e, at in zip(reversed(self._all_events), reversed(self._event_names)):
            if e is event:
                return list(at)
        return list(self.names)

    def _build_prompt(self) -> Prompt:
        app = self.app_
        if self.view is None:
            if self.update is not None and self.update.seat is None:
                return Prompt(app.t("wait.hint_watch"))
            return Prompt(app.t("wait.hint_host") if self._is_host() else app.t("wait.hint"))
        status = self.update.table.status
        mine = self._my_seat_info()
        if self.view.phase is Phase.GAME_OVER:
            return self._game_over_prompt(mine)
        prompt = prompts.build(self.view, self.legal, self.names, app.lang, app.ascii_only, self.sub,
                               status, asked=mine is not None and mine.ready)
        if mine is not None and mine.autopilot and status in ("playing", "between_hands"):
            prompt = replace(prompt, note=" ".join(filter(None, (prompt.note, app.t("autopilot.note")))))
        return prompt

    def _game_over_prompt(self, mine: Any) -> Prompt:
        """After the game: rematch, or what the asked-for rematch waits for (another player, who has not asked)."""
        seats = self.update.table.seats
        me = self.update.seat
        others = [s.name for i, s in enumerate(seats) if s.kind == "person" and not s.ready and i != me]
        alone = sum(1 for s in seats if s.kind != "empty") < 2
        return prompts.game_over_prompt(me is not None, mine is not None and mine.ready, self.app_.lang,
                                        others, alone, self._is_host())

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
            if self._texts_key is not None:
                self._renarrate()  # the log panel speaks the new language / ASCII too
            self._texts_key = texts_key
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
                if view.seat is None and u.seat is None:  # (seated after game over: a seat, a spectator's view)
                    title.append(fix(f" · {app.t('table.spectating')}"))
            if u.seat is not None and getattr(app, "auto_pass", False):
                title.append(fix(f" · {app.t('autopass.tag')}"))
        if title != self._title:
            self._title = title
            self._part("#table-title").update(title, layout=False)
        clock = self._part(Countdown)
        clock.ascii_only = app.ascii_only
        clock.deadline = None if u is None else self.decision_clock.deadline
        clock.mine = self.clock_is_mine()
        chat = self._part(ChatBox)
        self._put(chat, "border_title", fix(app.t("table.chat")))
        chat.placeholder = fix(app.t("table.chat_placeholder"))
        chat.ascii_only = app.ascii_only
        chat.lang = app.lang
        self._put(self._part(EventLog), "border_title", fix(app.t("table.log")))
        if view is None:
            self._show("waiting")
            self._draw_waiting()
        else:
            self._show("game")
            self._draw_game(view, styles)
        self.prompt = self._build_prompt()
        bar = self._part(PromptBar)
        bar.ascii_only = app.ascii_only
        bar.prompt = self.prompt
        self._draw_hand()
        bindings_key = (tuple(o.key for o in self.prompt.options), self.prompt.hand_mode, self.view is None,
                        None if u is None else (u.table.status, tuple(s.ready for s in u.table.seats)))
        if bindings_key != self._bindings_key:
            self._bindings_key = bindings_key
            self.refresh_bindings()
        # In the same redraw as the prompt bar (also when only check_action results changed):
        # a repaint of one fixed-size line, and only when the shown keys differ. What the shown
        # keys' check_action reads, besides the bindings key: the host and who sits where.
        footer_key = (bindings_key, texts_key, None if u is None else (
            u.table.host, tuple((s.name, s.kind) for s in u.table.seats)))
        if footer_key != self._footer_key:
            self._footer_key = footer_key
            self._part(KeyFooter).sync()

    def _renarrate(self) -> None:
        """Tell the newest events again in the log panel, in the session's language and alphabet."""
        log = self._part(EventLog)
        log.clear()
        for line in self._narrate_kept(LOG_PANEL_LINES):
            log.add(line)

    def _show(self, part: str) -> None:
        if self.has_class("-playing") != (part == "game"):
            self.set_class(part == "game", "-playing")

    def _draw_waiting(self) -> None:
        app = self.app_
        fix = asciify if app.ascii_only else (lambda s: s)
        u = self.update
        out = Text()
        if u is None:
            self._part("#waiting").update(out)
            return
        tbl = u.table
        out.append(fix(app.t("wait.title", table=clean(tbl.name, 24))) + "\n\n", style="bold")
        cfg = tbl.config
        out.append(fix(f"{app.t('create.limit')}: {cfg.option('limit')} · {app.t('create.clocks')}: "
                       f"{app.t('clock.' + str(cfg.clocks))}"))
        if cfg.option("ace_low"):
            out.append(fix(f" · {app.t('create.ace_low')}"))
        if cfg.option("verified_step_in"):
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
        self._part("#waiting").update(out)

    def _seat_status(self, i: int) -> str:
        """The seat list's word for seat ``i`` of the game: left, bot, autopilot (in play only), offline."""
        app = self.app_
        table = self.update.table
        s = table.seats[i] if i < len(table.seats) else None
        if i in table.gone or s is None or s.kind == "empty":
            return app.t("table.left")
        if s.kind == "bot":
            return app.t("wait.bot")
        if s.autopilot and table.status in ("playing", "between_hands"):
            return app.t("table.autopilot")
        return "" if s.connected else app.t("table.offline")

    def _newcomer_rows(self, players: int) -> list[SeatRow]:
        """Rows for people who sat down after the game ended (they join the rematch), after the game's rows."""
        u = self.update
        rows = []
        for i, s in enumerate(u.table.seats):
            if s.kind != "empty" and (i >= players or i in u.table.gone):
                rows.append(SeatRow(name=s.name, cards=0, total=0, you=i == u.seat,
                                    status=self.app_.t("wait.bot") if s.kind == "bot" else self.app_.t("table.new")))
        return rows

    def _draw_game(self, view: Any, styles: dict[str, str]) -> None:
        app = self.app_
        names = self.names
        in_hand = view.phase not in (Phase.NO_HAND, Phase.GAME_OVER)
        rows = []
        for i in range(view.players):
            rows.append(SeatRow(
                name=names[i] if i < len(names) else "", cards=view.hand_sizes[i] if i < len(view.hand_sizes) else 0,
                total=view.totals[i] if i < len(view.totals) else 0, you=i == view.seat,
                turn=in_hand and i == view.active, waiting=in_hand and i in view.waiting_for,
                status=self._seat_status(i)))
        if view.phase is Phase.GAME_OVER:
            rows.extend(self._newcomer_rows(view.players))
        seats = self._part(SeatList)
        seats.rows = tuple(rows)
        seats.ascii_only = app.ascii_only
        self._put(seats, "card_styles", styles)
        seats.you_label = app.t("table.you")
        seats.pts_label = app.t("table.pts", n="{n}")
        piles = self._part(Piles)
        piles.draw_size = view.draw_size
        piles.discard = tuple(view.discard)
        piles.ascii_only = app.ascii_only
        self._put(piles, "card_styles", styles)
        piles.labels = tuple(asciify(app.t(k)) if app.ascii_only else app.t(k)
                             for k in ("table.draw", "table.discard", "table.empty"))
        banner = self._part(TableBanner)
        key = (view.phase, view.active, view.offer, view.hands_up, view.partner, view.seat, view.players,
               app.lang, app.ascii_only, tuple(names), app.theme)
        if getattr(self, "_banner_key", None) != key:  # most updates leave the banner's sentence as it was
            self._banner_key = key
            line, backs = banner_for(view, names, app.t, app.ascii_only, styles)
            banner.ascii_only = app.ascii_only
            self._put(banner, "card_styles", styles)
            banner.line = line
            banner.backs = backs

    def _draw_hand(self) -> None:
        app = self.app_
        hand = self._part(HandView)
        view = self.view
        cards = tuple(view.hand) if view is not None else ()
        hand.cards = cards
        hand.highlight = prompts.treasure_hint(cards, bool(view and view.ace_low), view.discard if view else (),
                                               prompts.copies_of(view.players) if view else 1)
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
        title = app.t("table.your_hand") if view and view.seat is not None else ""
        if title and hand.highlight:  # the legend of the marks under the cards
            title = f"{title} · {app.t('table.star')}"
        self._put(hand, "border_title", (asciify if app.ascii_only else str)(title))

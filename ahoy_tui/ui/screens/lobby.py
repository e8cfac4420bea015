"""The lobby: tables, pirates online, lobby chat; create, join, watch, join by code.

Every join, leave and new table anywhere reaches every session in the lobby,
so showing a change must cost little (docs/performance.md, issue 6):

* the table list updates only the rows and cells that changed: a row is
  redrawn when its ``(table_id, version)`` changed (``TableSummary.version``),
  the list looked at when ``LobbyChanged.tables_version`` changed;
* the online box draws only the names that fit, then "+N more", and repaints
  only the lines that changed (the count in its title is one line);
* changes are shown at most ``FILL_RATE`` times a second when tables
  changed, ``PRESENCE_RATE`` (less in a crowd: ``PRESENCE_BUDGET``) when
  only players came or went; while a refresh is pending, or a table screen
  or dialog hides the lobby, the app does not even queue the lobby's
  messages (``wants``): the refresh reads the latest state when it runs;
* a hidden lobby drops its rendered lines (it is repainted when shown).
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen, Screen
from textual.timer import Timer
from textual.widgets import DataTable, Static

from ahoy_tui.hosting import textual_private
from ahoy_tui.lobby.messages import LobbyChanged, TableConfig, TableSummary
from ahoy_tui.ui.live import built, exiting
from ahoy_tui.ui.option_text import game_word, status_word
from ahoy_tui.ui.screens.join_code import JoinCodeScreen
from ahoy_tui.ui.services import AppServices, RedrawsTexts, services
from ahoy_tui.ui.text import asciify, clean, cut_keeping_number, plain
from ahoy_tui.ui.widgets.chat_box import ChatBox, ChatHost
from ahoy_tui.ui.widgets.key_footer import KeyFooter
from ahoy_tui.ui.widgets.motd_line import MotdLine
from ahoy_tui.ui.widgets.online_list import OnlineList

if TYPE_CHECKING:
    from ahoy_tui.ui.screens.create_table import CreateTableScreen


FILL_RATE = 4
"""Refreshes of the lobby per second at most when the table list changed."""
PRESENCE_RATE = 1
"""Refreshes per second at most when only players came or went (the online box)."""
PRESENCE_BUDGET = 100
"""About how many such refreshes a second the whole process spends: with N players in the
lobby each refreshes at most every N / PRESENCE_BUDGET seconds (4 s with 400), so a crowd
arriving costs the same whatever its size."""

CHAT_HISTORY_SHOWN = 50
"""Messages of the lobby's chat history (up to 200) written into a new session's chat box.

The box shows 6 lines; every message written is wrapped and rendered at once,
so the whole history nearly doubled a session's start (45 -> 86 ms of CPU with
200 messages): the newest 50 are plenty to scroll back through."""

SEAT_MARK = "★"
"""Marks the status of a table where this player holds a seat (explained by the tables box's subtitle)."""
COLUMNS = ("lobby.col.name", "lobby.col.seats", "lobby.col.limit", "lobby.col.status", "lobby.col.host")
"""Column keys of the table list (also their i18n keys)."""


class LobbyScreen(Screen[None], ChatHost, RedrawsTexts):
    """The first screen after connecting (docs/lobby-api.md: LobbyChanged, lobby chat)."""

    AUTO_FOCUS = "#tables"

    BINDINGS = [
        Binding("n", "new_table", "New table"),
        Binding("j,enter", "join", "Join"),
        Binding("w", "watch", "Watch"),
        Binding("k", "join_code", "Join by code"),
        Binding("g", "my_games", "My games"),
        Binding("L", "leaderboard", "Leaderboard"),
        Binding("v", "profile", "Profile"),
        Binding("c", "chat", "Chat"),
        Binding("O", "operator", "Operator"),
        Binding("escape", "unfocus_chat", show=False),
        Binding("q", "quit", "Quit"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.tables: list[TableSummary] = []
        self.online: list[str] = []
        self._state: LobbyChanged | None = None
        self._tables_version: int | None = None
        """``LobbyChanged.tables_version`` of ``tables`` (None: not known, e.g. ``set_lobby``)."""
        self._shown: dict[str, tuple[Any, ...]] = {}
        self._row_cache: dict[str, tuple[Any, tuple[Any, ...], bool]] = {}
        self._row_form: tuple[Any, ...] = ()
        self._hint = None
        self._lists_stale = False
        self._suspended = False
        self._last_fill = float("-inf")
        self._tokens = float(FILL_RATE)
        self._fill_timer: Timer | None = None
        self._fill_due = 0.0
        self._timer_for_tables = False
        self._tables_changed = False
        self._pending_chat: list[Any] = []
        self._chat_shown = False
        self._seated_ids: frozenset[str] = frozenset()
        self._create_screen: CreateTableScreen | None = None
        """The new-table dialog while it is open (its ``bot_fill`` is read when it closes)."""

    def compose(self) -> ComposeResult:
        yield Static(id="lobby-title", classes="title-bar")
        yield MotdLine(id="motd")
        with Horizontal(id="lobby-top"):
            with Vertical(id="tables-box", classes="panel"):
                yield DataTable(id="tables", cursor_type="row", zebra_stripes=False)
                yield Static(id="no-tables", classes="hint")
            yield OnlineList(id="online", classes="panel")
        yield ChatBox(id="lobby-chat", classes="panel")
        yield KeyFooter(max_rows=2)

    async def on_mount(self) -> None:
        if not self._built():
            return
        await self._ask_seated()
        self._pull()
        self.refresh_texts()
        if self._pending_chat:
            pending, self._pending_chat = self._pending_chat, []
            self.set_chat(pending)

    def _built(self) -> bool:
        """The widgets exist and the app is not ending (a session may end mid-start)."""
        return built(self, "#tables", "#online", ChatBox)

    def refresh_texts(self) -> None:
        if not self._built():
            return
        app = services(self)
        self.set_class(app.ascii_only, "-ascii")
        fix = asciify if app.ascii_only else (lambda s: s)
        line = f"AHOY!! V2 · {app.t('lobby.title', name=clean(app.me, 16))}"
        if not app.keyed:
            line += f" · {app.t('lobby.nickname')}"
        if app.session.operator is not None:
            line += f" · {app.t('lobby.operator')}"
        title = Text(fix(line))
        self.query_one("#lobby-title", Static).update(title)
        self.show_motd()
        self.query_one("#tables-box").border_title = fix(app.t("lobby.tables"))
        chat = self.query_one(ChatBox)
        chat.border_title = fix(app.t("lobby.chat"))
        chat.placeholder = fix(app.t("lobby.chat_placeholder"))
        chat.ascii_only = app.ascii_only
        chat.lang = app.lang
        table = self.query_one("#tables", DataTable)
        table.clear(columns=True)
        self._shown.clear()
        self._row_cache.clear()
        for key in COLUMNS:
            table.add_column(fix(app.t(key)), key=key)
        self._fill()
        self.refresh_bindings()

    def on_resize(self) -> None:
        self._fill()  # the name column's width follows the window
        if self._built():
            textual_private.drop_table_caches(self.query_one("#tables", DataTable))  # a resize makes them stale too

    # -- lobby state -------------------------------------------------------------
    def wants(self, message: Any) -> bool:
        """Does a new ``LobbyChanged`` need a message to this screen? (``AhoyApp._from_lobby``)

        Runs in the lobby's callback, maybe inside another session's handler:
        reads plain attributes only. Not while a table screen or a dialog hides
        the lobby (it refreshes when shown again), nor while a refresh is
        pending that will read the latest state anyway, unless that refresh
        was only for players online and now a table changed.
        """
        if self._suspended:
            return False
        if self._fill_timer is None:
            return True
        return not self._timer_for_tables and self._new_tables(message)

    async def lobby_changed(self) -> None:
        """The app has a newer lobby state (``AhoyApp.lobby_state``): show it when allowed."""
        await self._ask_seated()
        if self._pull():
            self._schedule()

    def set_lobby(self, tables: list[TableSummary], online: list[str]) -> None:
        """Show these tables and names (shared lists: not copied, never changed here).

        Every join and leave anywhere reaches every session, so under a storm
        of them (a game night starting) the lists are refreshed at most
        ``FILL_RATE`` times a second when tables changed and
        ``PRESENCE_RATE`` times when only names did (the first change at
        once), and not at all while a table screen hides the lobby: then
        they are refreshed when it shows again (see docs/performance.md).
        """
        self._state = services(self).lobby_state
        self._take(tables, online, None)
        self._schedule()

    def _pull(self) -> bool:
        """Take the app's latest lobby state if it is new; True if it was."""
        state = services(self).lobby_state
        if state is None or (self._state is not None and state.version == self._state.version):
            return False
        self._state = state
        self._take(state.tables, state.online, state.tables_version)
        return True

    def _new_tables(self, message: Any) -> bool:
        """``message`` (a ``LobbyChanged``) has another table list than the one taken last."""
        return self._tables_version is None or message.tables_version != self._tables_version

    def _take(self, tables: list[TableSummary], online: list[str], tables_version: int | None) -> None:
        self._tables_changed = (self._tables_changed or tables_version is None
                                or tables_version != self._tables_version)
        self._tables_version = tables_version
        self.tables, self.online = tables, online
        self._lists_stale = True

    def _schedule(self) -> None:
        """Refresh now, or when the rate allows (one timer at a time).

        Table changes spend tokens of a bucket (``FILL_RATE`` a second, bursts
        of ``FILL_RATE``), so the first few show at once; a change of the
        players online alone waits until ``1 / PRESENCE_RATE`` seconds (more
        in a crowd: ``PRESENCE_BUDGET``) after the last refresh, so a crowd
        arriving costs each watcher one refresh now and then, not one per
        arrival.
        """
        if exiting(self) or self._suspended or not self._lists_stale:
            return
        now = time.monotonic()
        tokens = self._tokens_at(now)
        for_tables = self._tables_changed
        if for_tables:
            due = now if tokens >= 1 else now + (1 - tokens) / FILL_RATE
        else:
            interval = max(1 / PRESENCE_RATE, len(self.online) / PRESENCE_BUDGET)
            due = max(self._last_fill + interval, now if tokens >= 1 else now + (1 - tokens) / FILL_RATE)
        if now >= due:
            self._fill_now()
            return
        if self._fill_timer is not None:
            if self._fill_due <= due:
                return
            self._fill_timer.stop()
        self._fill_due, self._timer_for_tables = due, for_tables
        self._fill_timer = self.set_timer(due - now, self._fill_later)

    def _tokens_at(self, now: float) -> float:
        return min(float(FILL_RATE), self._tokens + (now - self._last_fill) * FILL_RATE)

    async def _fill_later(self) -> None:
        self._fill_timer = None
        await self._ask_seated()
        self._pull()
        if self._lists_stale and not self._suspended:
            self._fill_now()

    def _fill_now(self) -> None:
        now = time.monotonic()
        self._tokens = max(0.0, self._tokens_at(now) - 1)
        self._last_fill = now
        self._fill()

    def on_screen_suspend(self) -> None:
        self._suspended = True
        if self._fill_timer is not None:
            self._fill_timer.stop()
            self._fill_timer = None
        self.call_later(self._drop_render_caches)

    def _drop_render_caches(self) -> None:
        """Forget rendered lines while a table screen hides the lobby (~350 KiB a session).

        Textual keeps every widget's rendered lines (and the table list its
        rows and cells) for the next repaint; a hidden lobby is repainted
        whole when it shows again, so they only hold memory meanwhile. Not
        under a dialog: the lobby shows through it, dimmed.
        """
        if not self._suspended or exiting(self) or isinstance(self.app.screen, ModalScreen):
            return
        for widget in self.walk_children(with_self=True):
            textual_private.drop_styles_cache(widget)
        if self._built():
            textual_private.drop_table_caches(self.query_one("#tables", DataTable))

    async def on_screen_resume(self) -> None:
        self._suspended = False
        await self._ask_seated()
        self._pull()
        if self._lists_stale:
            self._fill_now()

    def _fill(self) -> None:
        if not self._built() or not self.query_one("#tables", DataTable).columns:
            return  # not yet set up: refresh_texts adds the columns, then fills
        self._lists_stale = False
        self._tables_changed = False
        app = services(self)
        fix = asciify if app.ascii_only else (lambda s: s)
        self._sync_tables(self.query_one("#tables", DataTable), app, fix)
        seated = self._seated()
        legend = fix(f"{SEAT_MARK} {app.t('lobby.your_seat')}") \
            if any(str(t.table_id) in seated for t in self.tables) else ""
        box = self.query_one("#tables-box")
        if box.border_subtitle != legend:
            box.border_subtitle = legend
        hint = fix(app.t("lobby.no_tables")) if not self.tables else ""
        if hint != self._hint:
            self._hint = hint
            self.query_one("#no-tables", Static).update(hint)
        self.query_one("#online", OnlineList).show(
            self.online, fix(app.t("lobby.online", n=len(self.online))), fix(app.t("lobby.more")), app.ascii_only,
            self._state.keyed if self._state is not None else frozenset())

    def _seated(self) -> frozenset[str]:
        """Ids of the tables where this player holds a seat, as last asked (``_ask_seated``)."""
        return self._seated_ids

    async def _ask_seated(self) -> None:
        """Ask the lobby where this player holds a seat (``LobbyAPI.seated_tables``).

        Asked whenever a new lobby state may be shown: a seat is taken or
        freed only with a change of the table list.
        """
        app = services(self)
        handle = app.handle
        if handle is not None:
            self._seated_ids = await app.lobby.seated_tables(handle.identity)

    @staticmethod
    def _status(s: TableSummary, app: AppServices, seated: bool = False) -> str:
        """The status cell (``seated``: this player holds a seat there, marked ``★`` first; the
        tables box's subtitle says what ★ means, ``_fill``)."""
        status = status_word(app.lang, s)
        if s.private:
            status = f"{app.t('private')} · {status}"  # "private" first: it survives a narrow column
        if seated:
            status = f"{SEAT_MARK} {status}"
        return status

    @staticmethod
    def _game(s: TableSummary, app: AppServices) -> str:
        """The game cell ("V2 100", "Ahoi"; ``option_text.game_word``)."""
        return game_word(app.lang, s)

    def _row(self, s: TableSummary, app: AppServices, fix: Any, name_limit: int, host_limit: int = 16,
             seated: bool = False) -> tuple[Any, ...]:
        """The cells of one table's row."""
        name = cut_keeping_number(clean(s.name, 400), name_limit)
        return (plain(name, ascii_only=app.ascii_only, limit=name_limit),
                f"{s.seats_taken}/{s.seats}",
                fix(self._game(s, app)), fix(self._status(s, app, seated)),
                plain(s.host, ascii_only=app.ascii_only, limit=host_limit) if host_limit else "")

    def _limits(self, width: int, app: AppServices, fix: Any) -> tuple[int, int]:
        """Characters of the name and host cells so that every column fits ``width`` cells.

        Seats, limit and status keep their full width. Names get 10..24
        characters of what is left, then the host up to 16 but never less than
        its header: where even that does not fit, the host column is left
        empty (0) rather than shown cut ("Hos").
        """
        heads = [len(fix(app.t(k))) for k in COLUMNS]
        seats_w = max(heads[1], 3)
        limit_w = max([heads[2], 4] + [len(fix(self._game(s, app))) for s in self.tables])
        seated = self._seated()
        status_w = max([heads[3]] + [len(fix(self._status(s, app, str(s.table_id) in seated))) for s in self.tables])
        host_w = max(heads[4], min(16, max((len(str(s.host)) for s in self.tables), default=0)))
        room = width - 2 * len(COLUMNS) - seats_w - limit_w - status_w - 1  # cell padding, scrollbar
        if room - 10 < heads[4]:
            return max(8, min(24, room)), 0
        name_limit = max(10, min(24, room - heads[4]))  # names first, then the host
        return name_limit, max(heads[4], min(host_w, room - name_limit))

    def _sync_tables(self, table: DataTable, app: AppServices, fix: Any) -> None:
        """Make the rows show ``self.tables``: add, remove and update only what changed.

        Row keys are table ids; a row keeps the cursor on its table while
        others come and go. Rows are in the lobby's order (new tables come
        last); if they ever were not, the list is rebuilt.
        """
        # names give way so that seats, limit and status (with "private") fit; the host comes last
        name_limit, host_limit = self._limits(table.size.width or 50, app, fix)
        host_column = table.columns.get("lobby.col.host")  # type: ignore[call-overload]
        if host_column is not None:
            label = fix(app.t("lobby.col.host")) if host_limit else ""
            if host_column.label.plain != label:
                host_column.label = Text(label)
                host_column.content_width = len(label)
                table.refresh()
        form = (app.lang, app.ascii_only, name_limit, host_limit)
        if form != self._row_form:
            self._row_form = form
            self._row_cache.clear()
        cache = self._row_cache
        seated = self._seated()
        wanted: dict[str, tuple[Any, ...]] = {}
        for s in self.tables:
            key = str(s.table_id)
            mine = key in seated
            hit = cache.get(key)
            stamp = (key, s.version)  # (table_id, version): a new version is a new summary
            if hit is None or hit[0] != stamp or hit[2] != mine:
                hit = cache[key] = (stamp, self._row(s, app, fix, name_limit, host_limit, mine), mine)
            wanted[key] = hit[1]
        shown = self._shown
        if len(wanted) == len(shown) and all(shown.get(k) is cells for k, cells in wanted.items()):
            return
        for key in [k for k in cache if k not in wanted]:
            del cache[key]
        selected = self._selected_id()
        for key in [k for k in shown if k not in wanted]:
            table.remove_row(key)
            del shown[key]
        for key, cells in wanted.items():
            old = shown.get(key)
            if old is None:
                table.add_row(*cells, key=key)
            elif old is not cells:
                for column, before, after in zip(COLUMNS, old, cells):
                    if before != after:
                        table.update_cell(key, column, after, update_width=True)
            shown[key] = cells
        if list(shown) != list(wanted):
            table.clear()
            shown.clear()
            for key, cells in wanted.items():
                table.add_row(*cells, key=key)
                shown[key] = cells
        if selected is not None and selected in shown:
            row = list(shown).index(selected)
            if table.cursor_row != row:
                table.move_cursor(row=row)
        textual_private.drop_table_caches(table)

    def _selected_id(self) -> str | None:
        table = self.query_one("#tables", DataTable)
        if not self.tables or table.row_count == 0:
            return None
        row = table.cursor_row
        if not 0 <= row < table.row_count:
            return None
        return table.coordinate_to_cell_key((row, 0)).row_key.value

    # -- chat
    def add_chat(self, msg: Any) -> None:
        if not self._built():
            if not exiting(self):
                self._pending_chat.append(msg)  # shown once the chat box exists
            return
        self._chat_shown = True
        self.query_one(ChatBox).add_message(msg)

    def set_chat(self, messages: list[Any]) -> None:
        """Show the lobby's chat history, its newest ``CHAT_HISTORY_SHOWN`` messages
        (on subscribe: maybe before the chat box exists)."""
        if not self._built():
            self._pending_chat = list(messages)
            return
        chat = self.query_one(ChatBox)
        if self._chat_shown or messages:  # an empty history on an empty box changes nothing
            chat.clear()
        self._chat_shown = bool(messages)
        for m in messages[-CHAT_HISTORY_SHOWN:]:
            chat.add_message(m)

    async def on_chat_box_said(self, event: ChatBox.Said) -> None:
        app = services(self)
        await app.ask(app.lobby.chat, "lobby", event.text)

    def show_motd(self) -> None:
        """Show the session's message of the day under the title (hidden when there is none)."""
        if self._built():
            app = services(self)
            self.query_one(MotdLine).show(app.session.motd, app.ascii_only)

    # -- actions
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """``O`` (the operator menu) exists only for an operator's session."""
        if action == "operator":
            return services(self).session.operator is not None
        return True

    def action_operator(self) -> None:
        """``O``: the operator menu (``screens/operator.py``)."""
        from ahoy_tui.ui.screens.operator import OperatorScreen

        if services(self).session.operator is not None:
            self.app.push_screen(OperatorScreen())

    def action_chat(self) -> None:
        self.query_one(ChatBox).focus_input()

    def action_unfocus_chat(self) -> None:
        self.query_one("#tables", DataTable).focus()

    def action_quit(self) -> None:
        """``q``: leave the game, as Ctrl+Q does (the binding looks on the screen first)."""
        self.app.exit()

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        self.action_join()

    def action_new_table(self) -> None:
        from ahoy_tui.ui.screens.create_table import CreateTableScreen

        self._create_screen = CreateTableScreen()
        self.app.push_screen(self._create_screen, self._created)

    async def _created(self, config: TableConfig | None) -> None:
        """Create the table, seat the chosen bots in every other seat (issue 17), open it.

        The closed dialog is let go first: kept here, it and every widget in it
        stayed alive as long as the lobby screen (issue 24).
        """
        fill = self._create_screen.bot_fill if self._create_screen is not None else ""
        self._create_screen = None
        if config is None:
            return
        app = services(self)
        tid = await app.ask(app.lobby.create_table, config)
        if tid is not None:
            for _ in range(config.seats - 1 if fill else 0):
                await app.ask(app.lobby.add_bot, tid, fill)
            app.open_table(str(tid))

    async def action_join(self) -> None:
        await self._enter_selected("join")

    async def action_watch(self) -> None:
        await self._enter_selected("spectate")

    async def _enter_selected(self, command: str) -> None:
        """Open the selected table and ``join`` or ``spectate`` it."""
        app = services(self)
        tid = self._selected_id()
        if tid is None:
            app.notify(app.t("lobby.no_selection"), timeout=2)
            return
        summary = next((s for s in self.tables if str(s.table_id) == tid), None)
        await self._ask_seated()
        if summary is not None and summary.private and tid not in self._seated():
            title = "code.title" if command == "join" else "code.watch_title"
            self.app.push_screen(JoinCodeScreen(title), lambda code: self._enter_with_code(command, tid, code))
            return
        app.open_table(tid)
        await app.ask(app.lobby.join if command == "join" else app.lobby.spectate, tid)

    async def _enter_with_code(self, command: str, tid: str, code: str | None) -> None:
        """``join`` or ``spectate`` the private table ``tid`` with the code the player typed."""
        if not code:
            return
        app = services(self)
        app.open_table(tid)
        await app.ask(app.lobby.join if command == "join" else app.lobby.spectate, tid, code)

    def action_my_games(self) -> None:
        """``g``: this player's finished games (``screens/my_games.py``)."""
        from ahoy_tui.ui.screens.my_games import MyGamesScreen

        self.app.push_screen(MyGamesScreen())

    def action_leaderboard(self) -> None:
        """``L``: the leaderboard (``screens/leaderboard.py``)."""
        from ahoy_tui.ui.screens.leaderboard import LeaderboardScreen

        self.app.push_screen(LeaderboardScreen())

    def action_profile(self) -> None:
        """``v``: profile cards of the players online (``screens/profile.py``)."""
        from ahoy_tui.ui.screens.profile import ProfileScreen

        self.app.push_screen(ProfileScreen(list(self.online)))

    def action_join_code(self) -> None:
        self.app.push_screen(JoinCodeScreen(), self._code_entered)

    async def _code_entered(self, code: str | None) -> None:
        if not code:
            return
        app = services(self)
        tid = await app.ask(app.lobby.join_by_code, code)
        if tid is not None:
            app.open_table(str(tid))

"""The lobby: tables, pirates online, lobby chat; create, join, watch, join by code."""

from __future__ import annotations

import time
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import DataTable, Footer, Static

from ahoy_tui.ui.keys import translate_bindings
from ahoy_tui.ui.live import built, exiting
from ahoy_tui.ui.text import asciify, clean, plain
from ahoy_tui.ui.widgets.chat_box import ChatBox


FILL_RATE = 4
"""Rebuilds of the table and player lists per second under a storm of lobby changes."""

class LobbyScreen(Screen[None]):
    """The first screen after connecting (docs/lobby-api.md: LobbyChanged, lobby chat)."""

    BINDINGS = [
        Binding("n", "new_table", "New table"),
        Binding("j,enter", "join", "Join"),
        Binding("w", "watch", "Watch"),
        Binding("k", "join_code", "Join by code"),
        Binding("c", "chat", "Chat"),
        Binding("escape", "unfocus_chat", show=False),
        Binding("q", "quit", "Quit"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.tables: list[Any] = []
        self.online: list[str] = []

    def compose(self) -> ComposeResult:
        yield Static(id="lobby-title", classes="title-bar")
        with Horizontal(id="lobby-top"):
            with Vertical(id="tables-box", classes="panel"):
                yield DataTable(id="tables", cursor_type="row", zebra_stripes=False)
                yield Static(id="no-tables", classes="hint")
            yield Static(id="online", classes="panel")
        yield ChatBox(id="lobby-chat", classes="panel")
        yield Footer()

    def on_mount(self) -> None:
        if not self._built():
            return
        self.refresh_texts()
        self.query_one("#tables", DataTable).focus()

    def _built(self) -> bool:
        """The widgets exist and the app is not ending (a session may end mid-start)."""
        return built(self, "#tables", "#online", ChatBox)

    def refresh_texts(self) -> None:
        if not self._built():
            return
        app: Any = self.app
        translate_bindings(self, app.lang)
        self.set_class(app.ascii_only, "-ascii")
        fix = asciify if app.ascii_only else (lambda s: s)
        title = Text(fix(f"AHOY!! V2 · {app.t('lobby.title', name=clean(app.me, 16))}"))
        self.query_one("#lobby-title", Static).update(title)
        self.query_one("#tables-box").border_title = fix(app.t("lobby.tables"))
        chat = self.query_one(ChatBox)
        chat.border_title = fix(app.t("lobby.chat"))
        chat.placeholder = fix(app.t("lobby.chat_placeholder"))
        chat.ascii_only = app.ascii_only
        table = self.query_one("#tables", DataTable)
        table.clear(columns=True)
        for key in ("lobby.col.name", "lobby.col.seats", "lobby.col.limit", "lobby.col.status", "lobby.col.host"):
            table.add_column(fix(app.t(key)), key=key)
        self._fill()
        self.refresh_bindings()

    def on_resize(self) -> None:
        self._fill()  # the name column's width follows the window

    def set_lobby(self, tables: list[Any], online: list[str]) -> None:
        """New lobby state from a ``LobbyChanged`` message.

        Every join and leave anywhere reaches every session, so under a storm
        of them (a game night starting) the lists are rebuilt at most
        ``FILL_RATE`` times a second after a burst of ``FILL_RATE`` (the
        last change is always shown), and not at all while a table screen
        hides the lobby: then they are filled when it shows again (see
        docs/performance.md).
        """
        self.tables, self.online = tables, online
        self._lists_stale = True
        if exiting(self) or not self.is_current or self._fill_timer is not None:
            return
        tokens = min(FILL_RATE, self._tokens + (time.monotonic() - self._last_fill) * FILL_RATE)
        if tokens >= 1:
            self._fill_now()
        else:
            self._fill_timer = self.set_timer((1 - tokens) / FILL_RATE, self._fill_later)

    _lists_stale = False
    _last_fill = 0.0
    _tokens = float(FILL_RATE)
    _fill_timer: Timer | None = None

    def _fill_later(self) -> None:
        self._fill_timer = None
        if self._lists_stale and self.is_current:
            self._fill_now()

    def _fill_now(self) -> None:
        now = time.monotonic()
        self._tokens = min(FILL_RATE, self._tokens + (now - self._last_fill) * FILL_RATE) - 1
        self._lists_stale = False
        self._last_fill = now
        self._fill()

    def on_screen_resume(self) -> None:
        if self._lists_stale:
            self._fill_now()

    def _fill(self) -> None:
        if not self._built():
            return
        app: Any = self.app
        fix = asciify if app.ascii_only else (lambda s: s)
        table = self.query_one("#tables", DataTable)
        selected = self._selected_id()
        table.clear()
        # names give way so that seats, limit and status (with "private") fit; the host comes last
        name_limit = max(8, min(24, (table.size.width or 50) - 38))
        for s in self.tables:
            status = app.t(f"status.{getattr(s, 'status', 'waiting')}")
            if getattr(s, "private", False):
                status = f"{app.t('private')} · {status}"  # "private" first: it survives a narrow column
            seats = f"{getattr(s, 'seats_taken', '?')}/{getattr(s, 'seats', '?')}"
            table.add_row(plain(getattr(s, "name", "?"), ascii_only=app.ascii_only, limit=name_limit),
                          seats, str(getattr(s, "limit", "")), fix(status),
                          plain(getattr(s, "host", ""), ascii_only=app.ascii_only, limit=16), key=str(s.table_id))
        if selected is not None:
            ids = [str(s.table_id) for s in self.tables]
            if selected in ids:
                table.move_cursor(row=ids.index(selected))
        self.query_one("#no-tables", Static).update(fix(app.t("lobby.no_tables")) if not self.tables else "")
        box = self.query_one("#online", Static)
        box.border_title = fix(app.t("lobby.online", n=len(self.online)))
        names = Text("\n").join(plain(n, ascii_only=app.ascii_only, limit=16) for n in self.online)
        box.update(names)

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
            return
        self.query_one(ChatBox).add(msg.sender, msg.text, getattr(msg, "system", False))

    def set_chat(self, messages: list[Any]) -> None:
        if not self._built():
            return
        chat = self.query_one(ChatBox)
        chat.clear()
        for m in messages:
            chat.add(m.sender, m.text, getattr(m, "system", False))

    def on_chat_box_said(self, event: ChatBox.Said) -> None:
        self.app.call_lobby("chat", "lobby", event.text)  # type: ignore[attr-defined]

    # -- actions
    def action_chat(self) -> None:
        self.query_one(ChatBox).focus_input()

    def action_unfocus_chat(self) -> None:
        self.query_one("#tables", DataTable).focus()

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        self.action_join()

    def action_new_table(self) -> None:
        from ahoy_tui.ui.screens.create_table import CreateTableScreen

        self.app.push_screen(CreateTableScreen(), self._created)

    def _created(self, config: Any) -> None:
        if config is None:
            return
        app: Any = self.app
        tid = app.call_lobby("create_table", config)
        if tid is not None:
            app.open_table(str(tid))

    def action_join(self) -> None:
        self._enter_selected("join")

    def action_watch(self) -> None:
        self._enter_selected("spectate")

    def _enter_selected(self, command: str) -> None:
        """Open the selected table and ``join`` or ``spectate`` it."""
        app: Any = self.app
        tid = self._selected_id()
        if tid is None:
            app.notify(app.t("lobby.no_selection"), timeout=2)
            return
        app.open_table(tid)
        app.call_lobby(command, tid)

    def action_join_code(self) -> None:
        from ahoy_tui.ui.screens.join_code import JoinCodeScreen

        self.app.push_screen(JoinCodeScreen(), self._code_entered)

    def _code_entered(self, code: str | None) -> None:
        if not code:
            return
        app: Any = self.app
        tid = app.call_lobby("join_by_code", code)
        if tid is not None:
            app.open_table(str(tid))

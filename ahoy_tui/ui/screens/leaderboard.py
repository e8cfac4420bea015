"""The leaderboard (``L`` in the lobby): overall by rating, the last 30 days, or one seat count, of one game.

Ratings are per game (docs/community.md): ``g`` switches to the next game of
the registry (AHOY!! V2 first). Keys: ``o`` overall, ``d`` last 30 days, ``2``-``8`` games of that many
players (within the game's seat range, which the key line names); Enter or ``v`` opens the selected
player's profile card; Esc goes back. Lines come from ``LobbyAPI.leaderboard`` (docs/community.md).
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import DataTable, Static

from ahoy_tui.community.rating import label
from ahoy_tui.games import DEFAULT_GAME, GAMES
from ahoy_tui.ui.community_text import board_note, board_title
from ahoy_tui.ui.live import built
from ahoy_tui.ui.screens.profile import ProfileScreen, ask_open
from ahoy_tui.ui.services import RedrawsTexts, services
from ahoy_tui.ui.text import asciify, clean
from ahoy_tui.ui.widgets.key_footer import KeyFooter

LINES = 50
"""Lines asked for per board."""
COLUMNS = ("cm.col.rank", "cm.col.rating", "cm.col.player", "cm.col.games", "cm.col.wins")
WIDTHS = (4, 8, 17, 9, 10, 12)


class LeaderboardScreen(Screen[None], RedrawsTexts):
    """One leaderboard at a time (see the module docstring).

    Attributes:
        game: The registry name of the game whose board is shown.
        board: ``overall``, ``recent``, ``players`` or ``bots`` (the bot API programs, docs/bot-api.md).
        players: The seat count of the ``players`` board (2..8), else 0.
        rows: The ``BoardRow``s shown, best first.
    """

    AUTO_FOCUS = "#board"
    DEFAULT_CSS = """
    LeaderboardScreen #board-box { height: 1fr; }
    LeaderboardScreen #board { height: 1fr; }
    LeaderboardScreen .hint { height: auto; padding: 0 1; }
    """
    BINDINGS = [
        Binding("g", "next_game", "Game"),
        Binding("o", "board('overall')", "Overall"),
        Binding("d", "board('recent')", "30 days"),
        Binding("b", "board('bots')", "Bots", show=False),
        *[Binding(str(n), f"seats({n})", show=False) for n in range(2, 9)],
        Binding("enter,v", "profile", "Profile", priority=True),
        Binding("escape,q", "back", "Back"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.board, self.players = "overall", 0
        self.game = DEFAULT_GAME
        self.rows: list[Any] = []
        self.fetched = False

    def compose(self) -> ComposeResult:
        yield Static(id="board-title", classes="title-bar")
        with Vertical(id="board-box", classes="panel"):
            yield Static(id="board-tabs", classes="hint")
            yield Static(id="board-empty", classes="hint")
            yield DataTable(id="board", cursor_type="row", zebra_stripes=False)
            yield Static(id="board-note", classes="hint")
        yield KeyFooter()

    async def on_mount(self) -> None:
        await self.load()

    async def load(self) -> None:
        """Fetch the current board and show it."""
        app = services(self)
        self.fetched = False
        self.refresh_texts()
        rows = await ask_open(app, app.lobby.leaderboard, self.board, self.players, LINES,
                              self.game)
        self.rows, self.fetched = list(rows or []), True
        self.refresh_texts()

    def refresh_texts(self) -> None:
        """Redraw in the session's language and ASCII mode."""
        if not built(self, "#board", "#board-title", "#board-empty"):
            return
        app = services(self)
        fix = asciify if app.ascii_only else (lambda s: s)
        self.query_one("#board-title", Static).update(
            fix(board_title(app.lang, self.board, self.players, self.game)))
        spec = GAMES[self.game]
        self.query_one("#board-tabs", Static).update(
            Text(fix(app.t("cm.tabs", low=spec.min_seats, high=spec.max_seats))))
        self.query_one("#board-note", Static).update(Text(fix(board_note(app.lang, self.board))))
        table = self.query_one("#board", DataTable)
        table.clear(columns=True)
        extra = "cm.col.gained" if self.board == "recent" else "cm.col.avg"
        for key, width in zip((*COLUMNS, extra), WIDTHS):
            table.add_column(fix(app.t(key)), key=key, width=width)
        for r in self.rows:
            tail = (f"{r.gained:+d}" if r.gained is not None else "-") if self.board == "recent" else (
                "-" if r.average_place is None else f"{r.average_place:.2f}")
            table.add_row(str(r.rank), label(r.rating), fix(clean(r.name, 16)), str(r.games), str(r.wins), tail)
        empty = self.query_one("#board-empty", Static)
        empty.update(fix(app.t("cm.board.empty")) if self.fetched and not self.rows else "")
        empty.display = self.fetched and not self.rows
        table.display = not empty.display  # no column header above "Nobody is on this leaderboard yet"

    async def action_board(self, board: str) -> None:
        self.board, self.players = board, 0
        await self.load()

    async def action_next_game(self) -> None:
        """``g``: the same board of the next game (a seat count the game cannot seat: overall)."""
        names = list(GAMES)
        self.game = names[(names.index(self.game) + 1) % len(names)] if self.game in names else DEFAULT_GAME
        spec = GAMES[self.game]
        if self.board == "players" and not spec.min_seats <= self.players <= spec.max_seats:
            self.board, self.players = "overall", 0
        await self.load()

    async def action_seats(self, n: int) -> None:
        """``2``-``8``: games of ``n`` players, when the game seats that many (Ahoi: 2-6)."""
        spec = GAMES[self.game]
        if not spec.min_seats <= n <= spec.max_seats:
            return
        self.board, self.players = "players", n
        await self.load()

    def action_profile(self) -> None:
        """The selected line's profile card (the other lines' names to move to)."""
        table = self.query_one("#board", DataTable)
        if not self.rows or not 0 <= table.cursor_row < len(self.rows):
            return
        names = [r.name for r in self.rows]
        self.app.push_screen(ProfileScreen(names, names[table.cursor_row]))

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        self.action_profile()

    def action_back(self) -> None:
        self.dismiss(None)

"""My games (``g`` in the lobby): this player's finished games, newest first; Enter replays one.

The list comes from ``LobbyAPI.my_games`` (no record, nothing hidden); Enter
asks ``LobbyAPI.game_record`` for the chosen game, which is the record as this
player's seat saw it (R18, AH16), and opens :class:`ReplayScreen` on it (AHOY!! V2 and Ahoi).
"""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import DataTable, Static

from ahoy_tui.ui.live import built
from ahoy_tui.ui.services import AppServices, RedrawsTexts, services
from ahoy_tui.ui.text import asciify, clean, date_utc
from ahoy_tui.ui.widgets.key_footer import KeyFooter

LISTED = 50
"""Games asked for (``my_games`` limit)."""

COLUMNS = ("games.col.date", "games.col.table", "games.col.players", "games.col.winner",
           "games.col.place", "games.col.total")
"""Column keys (also their i18n keys)."""
WIDTHS = {False: (16, 12, 16, 10, 6, 5), True: (16, 24, 40, 16, 8, 6)}
"""Column widths below 100 columns (they fit 80) and from 100 columns."""


def _cut(text: str, width: int) -> str:
    return text if len(text) <= width else text[: max(1, width - 1)] + "…"


class MyGamesScreen(Screen[None], RedrawsTexts):
    """The player's recent games; Enter replays the selected one, Esc goes back.

    Attributes:
        games: The ``GameListing``s shown, newest first (empty until fetched).
    """

    AUTO_FOCUS = "#games"
    DEFAULT_CSS = """
    MyGamesScreen #games-box { height: 1fr; }
    MyGamesScreen #games { height: 1fr; }
    MyGamesScreen #games-empty { height: auto; padding: 0 1; }
    """
    BINDINGS = [
        Binding("enter", "open_game", "Replay", priority=True),
        Binding("escape,q", "back", "Back"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.games: list[Any] = []
        self.fetched = False

    def compose(self) -> ComposeResult:
        yield Static(id="games-title", classes="title-bar")
        with Vertical(id="games-box", classes="panel"):
            yield Static(id="games-empty", classes="hint")
            yield DataTable(id="games", cursor_type="row", zebra_stripes=False)
        yield KeyFooter()

    async def on_mount(self) -> None:
        app = services(self)
        self.refresh_texts()
        games = await app.ask(app.lobby.my_games, LISTED)
        self.games, self.fetched = list(games or []), True
        self.refresh_texts()

    def refresh_texts(self) -> None:
        """Redraw in the session's language and ASCII mode."""
        if not built(self, "#games", "#games-empty", "#games-title"):
            return
        app = services(self)
        fix = asciify if app.ascii_only else (lambda s: s)
        self.set_class(app.ascii_only, "-ascii")
        self.query_one("#games-title", Static).update(fix(f"AHOY!! V2 · {app.t('games.title')}"))
        table = self.query_one("#games", DataTable)
        table.clear(columns=True)
        wide = self.size.width >= 100
        for key, width in zip(COLUMNS, WIDTHS[wide]):
            table.add_column(fix(app.t(key)), key=key, width=width)
        me = app.handle.identity if app.handle is not None else ""
        for g in self.games:
            table.add_row(*(fix(cell) for cell in self._cells(g, me, wide, app)), key=g.game_id)
        empty = self.query_one("#games-empty", Static)
        empty.update(fix(app.t("games.empty" if self.fetched else "games.loading")) if not self.games else "")
        empty.display = not self.games
        self.refresh_bindings()

    @staticmethod
    def _cells(g: Any, me: str, wide: bool, app: AppServices) -> tuple[str, ...]:
        """One game's row: date, table, players, winners, the player's place and total."""
        names = [clean(n, 16) for n in g.names]
        seat, place = g.seat_of(me), g.place_of(me)
        w = WIDTHS[wide]
        return (date_utc(g.finished), _cut(clean(g.table_name, 40), w[1]),
                _cut(", ".join(names), w[2]), _cut(", ".join(clean(n, 16) for n in g.winners), w[3]),
                app.t("games.place", place=place, of=len(names)) if place is not None else "-",
                str(g.totals[seat]) if seat is not None else "-")

    def on_resize(self) -> None:
        self.refresh_texts()

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        self.run_worker(self.action_open_game(), exclusive=True)

    async def action_open_game(self) -> None:
        """Fetch the selected game's record (this seat's projection) and replay it."""
        from ahoy_tui.ui.screens.replay_view import ReplayScreen

        app = services(self)
        table = self.query_one("#games", DataTable)
        if not self.games or not 0 <= table.cursor_row < len(self.games):
            return
        game = self.games[table.cursor_row]
        seat = game.seat_of(app.handle.identity)
        record = await app.ask(app.lobby.game_record, game.game_id)
        if record is None or seat is None:
            return
        try:
            screen = ReplayScreen(game, record, seat)
        except (ValueError, KeyError, IndexError, TypeError):  # a game's rule errors are ValueErrors
            app.notify(app.t("replay.bad_record"), severity="warning", timeout=4)
            return
        app.push_screen(screen)

    def action_back(self) -> None:
        self.dismiss(None)

"""Helpers for the Pilot tests around game over, rematch and the waiting room.

Shared by ``test_game_over.py``, ``test_seats.py`` and ``test_rematch_and_waiting_room.py``.
"""

from __future__ import annotations

from ui_helpers import screen_text

from ahoy_tui.lobby import TableConfig
from ahoy_tui.ui.games.ahoy.game_over import GameOverScreen
from ahoy_tui.ui.games.ahoy.table import TableScreen
from ahoy_tui.ui.games.ahoy.widgets.prompt_bar import PromptBar
from ahoy_tui.ui.games.ahoy.widgets.seat_list import SeatList


def untimed(name: str, **kw) -> TableConfig:
    """A table config without clocks."""
    return TableConfig.make(name=name, clocks="untimed", **kw)


def game_over(app) -> bool:
    """The game-over report is the screen in front."""
    return isinstance(app.screen, GameOverScreen)


def dialog_text(app) -> str:
    """Only what the game-over dialog shows (not the table dimmed behind it)."""
    r = app.screen.query_one("#gameover-box").region
    lines = screen_text(app).splitlines()[r.y:r.y + r.height]
    return "\n".join(line[r.x:r.x + r.width] for line in lines)


def table_of(app) -> TableScreen:
    """The table screen, also under a hand-over or game-over report."""
    return next(s for s in app.screen_stack if isinstance(s, TableScreen))


def seat_lines(app) -> list[str]:
    """The seat list's lines as the table screen paints them."""
    return [strip.text for strip in table_of(app).query_one(SeatList)._rows]


def prompt_text(app) -> str:
    """The prompt bar's sentence on the screen in front."""
    return app.screen.query_one(PromptBar).prompt.text


async def close_reports(pilot) -> None:
    """Esc until the table itself is shown (a hand's report may lie under the game's)."""
    while not isinstance(pilot.app.screen, TableScreen):
        await pilot.press("escape")
        await pilot.pause()

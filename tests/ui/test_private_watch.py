"""Watching a full private table with its code (issue: "full; you can watch it", then "private")."""

from __future__ import annotations

from ui_helpers import make_app, wait_for

from ahoy_tui.lobby import Lobby, TableConfig, Timing
from ahoy_tui.ui.screens.join_code import JoinCodeScreen
from ahoy_tui.ui.games.ahoy.table import TableScreen

SLOW = Timing(bot_delay=(60, 60), clock_scale=100)


def _full_private(lobby: Lobby) -> tuple[str, str]:
    bo = lobby.connect("user:bo", "bo")
    tid = lobby.create_table(bo, TableConfig.make(name="Secret cove", seats=2, private=True, clocks="untimed"))
    lobby.add_bot(bo, tid)
    lobby.start(bo, tid)
    return tid, lobby.tables[tid].code


def _watching(tid: str):
    def cond(app) -> bool:
        s = app.screen
        return isinstance(s, TableScreen) and s.table_id == tid and s.update is not None
    return cond


async def test_watch_asks_for_the_code_of_a_private_table_and_then_shows_it():
    lobby = Lobby(timing=SLOW, seed=4)
    tid, code = _full_private(lobby)
    app = make_app(lobby)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda a: a.lobby_screen is not None and a.lobby_screen.tables)
        await pilot.press("w")
        await wait_for(pilot, lambda a: isinstance(a.screen, JoinCodeScreen))
        await pilot.press(*code.lower(), "enter")
        await wait_for(pilot, _watching(tid))
        assert app.screen.update.seat is None  # a spectator: public information only (R18)
        assert not [n for n in app._notifications if "private" in n.message]


async def test_join_by_code_of_a_full_table_watches_it():
    lobby = Lobby(timing=SLOW, seed=4)
    tid, code = _full_private(lobby)
    app = make_app(lobby)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda a: a.lobby_screen is not None and a.lobby_screen.tables)
        await pilot.press("k")
        await wait_for(pilot, lambda a: isinstance(a.screen, JoinCodeScreen))
        await pilot.press(*code, "enter")
        await wait_for(pilot, _watching(tid))
        assert app.screen.update.seat is None

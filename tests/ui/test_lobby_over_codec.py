"""A session that only ever sees decoded copies of the lobby's messages (issue 13) notices nothing.

In another process nothing is the same object twice: the lobby list must
still touch only the row that changed, and the countdown must keep the
deadline it shows while updates about the same clock keep arriving (no
repaint, no second warning), matching the lobby's clock.
"""

from __future__ import annotations

import pytest
from textual.widgets import DataTable
from ui_helpers import make_app, new_lobby, wait_for

from ahoy_tui.games.ahoy.wire import WIRE_TYPES
from ahoy_tui.lobby import Lobby, TableConfig, Timing, codec
from ahoy_tui.ui.screens import lobby as lobby_screen
from ahoy_tui.ui.games.ahoy.table import TableScreen
from ahoy_tui.ui.widgets.countdown import Countdown

codec.register_game_types(WIRE_TYPES)


def over_the_wire(app) -> None:
    """Hand the app a decoded copy of every message instead of the lobby's objects."""
    deliver = app._from_lobby
    app._from_lobby = lambda msg: deliver(codec.decode(codec.encode(msg)))


@pytest.fixture
def no_rate_limit(monkeypatch):
    monkeypatch.setattr(lobby_screen, "FILL_RATE", 1e9)
    monkeypatch.setattr(lobby_screen, "PRESENCE_RATE", 1e9)
    monkeypatch.setattr(lobby_screen, "PRESENCE_BUDGET", 1e9)


async def test_decoded_lobby_lists_update_only_the_row_that_changed(no_rate_limit):
    lobby = new_lobby()
    hosts = [lobby.connect(f"user:h{i}", f"h{i}") for i in range(4)]
    tids = [lobby.create_table(hosts[i % 4], TableConfig.make(name=f"Ship {i:02d}", clocks="untimed")) for i in range(12)]
    app = make_app(lobby)
    over_the_wire(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        table = app.lobby_screen.query_one("#tables", DataTable)
        calls: list[tuple] = []
        update, add, clear = table.update_cell, table.add_row, table.clear
        table.update_cell = lambda *a, **k: (calls.append(("update", a[0], a[1])), update(*a, **k))[1]
        table.add_row = lambda *a, **k: (calls.append(("add", k.get("key"))), add(*a, **k))[1]
        table.clear = lambda *a, **k: (calls.append(("clear",)), clear(*a, **k))[1]
        screen, rendered = app.lobby_screen, []
        row = screen._row
        screen._row = lambda s, *a, **k: (rendered.append(s.table_id), row(s, *a, **k))[1]

        lobby.connect("user:someone", "someone")              # only the names online change
        await pilot.pause()
        assert calls == [] and rendered == []
        guest = lobby.connect("user:guest", "guest")
        lobby.join(guest, tids[5])
        await wait_for(pilot, lambda a: calls)
        assert calls == [("update", tids[5], "lobby.col.seats")]
        assert rendered == [tids[5]]                           # the other rows' cells come from the cache
        assert table.get_row(tids[5])[1] == "2/4"


async def test_the_countdown_keeps_its_deadline_while_the_same_clock_runs():
    lobby = Lobby(timing=Timing.instant(), seed=3)
    app = make_app(lobby)
    over_the_wire(app)
    async with app.run_test(size=(80, 24)) as pilot:
        bo = lobby.connect("user:bo", "bo")
        tid = lobby.create_table(bo, TableConfig.make(name="Slow", seats=2, limit=100, clocks="relaxed"))
        lobby.join(app.handle, tid)
        app.open_table(tid)
        lobby.set_ready(app.handle, tid, True)
        lobby.start(bo, tid)
        table = lobby.tables[tid]
        await wait_for(pilot, lambda a: isinstance(a.screen, TableScreen)
                       and a.screen.query_one(Countdown).deadline is not None)
        clock = app.screen.query_one(Countdown)
        shown = clock.deadline
        assert abs(shown - table.pilot.deadline) < 0.25       # the lobby's deadline, on this session's clock
        version = table.version
        lobby.spectate(lobby.connect("user:w", "w"), tid)     # another update while the same clock runs
        await wait_for(pilot, lambda a: a.screen.update.version > version)
        assert app.screen.update.remaining < table.pilot.clock_len
        assert clock.deadline == shown                        # the same clock: not moved, not repainted

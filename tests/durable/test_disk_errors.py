"""A disk that refuses while tables play (issue 14): play pauses with a line to the players, nothing
is lost, and play goes on once the store writes again."""

from __future__ import annotations

import asyncio

from ahoy_tui.lobby import ChatMessage, Lobby, ManualClock, TableConfig, TableUpdate
from ahoy_tui.store.sqlite import SQLiteStore
from tests.durable.worker import TIMING, state_of
from tests.store.test_sqlite import Faulty
from tests.waiting import wait_until


async def test_a_full_disk_pauses_every_table_and_play_goes_on_when_it_writes_again(tmp_path):
    faulty = Faulty()
    store = SQLiteStore(tmp_path / "ahoy.db", connect=faulty, retry_interval=0.02)
    clock = ManualClock()
    lobby = Lobby(clock=clock, timing=TIMING, seed=4, store=store)
    anna = lobby.connect("user:anna", "anna")
    got: list = []
    anna.subscribe(got.append)
    tid = lobby.create_table(anna, TableConfig.make(name="Dry", seats=3, limit=100, clocks="relaxed"))
    lobby.add_bot(anna, tid, "baseline")
    lobby.add_bot(anna, tid, "random")
    lobby.start(anna, tid)
    lobby.set_autopilot(anna, tid, True)
    table = lobby.tables[tid]
    await wait_until(lambda: store.durable >= table.journal.last_seq and not lobby.outbox.pending)

    def system_keys() -> list[str]:
        return [m.key for m in got if isinstance(m, ChatMessage) and m.system]

    faulty.fill_up()                                         # the next new page cannot be written
    for _ in range(4000):
        if "store_failing" in system_keys():
            break
        clock.advance(0.25)
        await asyncio.sleep(0.002)
    assert "store_failing" in system_keys()
    assert table.paused
    shown = len(table.game.record)
    for _ in range(40):
        clock.advance(0.5)                                   # the clocks and bots wait
    assert len(table.game.record) == shown
    last = [m for m in got if isinstance(m, TableUpdate)][-1]
    assert last.table.status == "playing"

    faulty.make_room()
    await wait_until(lambda: "store_back" in system_keys())
    assert not table.paused
    while len(table.game.record) == shown:
        clock.advance(0.25)
    assert store.flush()
    before = state_of(table)
    store.close()

    again = Lobby(clock=ManualClock(), timing=TIMING, seed=5, store=SQLiteStore(tmp_path / "ahoy.db"))
    assert again.resume() == []
    assert state_of(again.tables[tid]) == before           # nothing was lost while the disk was full
    again.store.close()

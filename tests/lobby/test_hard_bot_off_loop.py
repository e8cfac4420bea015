"""The hard bot thinks off the event loop; its answer is applied on the loop only if
the seat's version still stands, and the baseline decides if it is late (issue 17, R17)."""

from __future__ import annotations

import asyncio
from concurrent.futures import ProcessPoolExecutor

import pytest

from ahoy_tui.games.ahoy.bots.hard import HardBot
from ahoy_tui.lobby import Lobby, TableConfig, Timing
from ahoy_tui.lobby.clock import search_executor
from tests.lobby.helpers import Person, conserved, instrument, make_lobby, play_out, spy_off_loop


@pytest.fixture(autouse=True)
def _instrument(monkeypatch):
    instrument(monkeypatch)


def hard_table(lobby, clock, hard: int = 2):
    host = Person(lobby, clock, "user:host", "host", think=0.5).connect()
    tid = lobby.create_table(host.handle, TableConfig.make(name="t", seats=1 + hard + 1, limit=50))
    for _ in range(hard):
        lobby.add_bot(host.handle, tid, "hard")
    lobby.add_bot(host.handle, tid, "baseline")
    lobby.start(host.handle, tid)
    host.table_id = tid
    return lobby.tables[tid]


def test_hard_bots_play_a_game_only_through_off_loop_searches(monkeypatch):
    lobby, clock = make_lobby(seed=4)
    seen = spy_off_loop(monkeypatch, clock, HardBot)
    table = hard_table(lobby, clock)
    play_out(table, clock)
    assert seen["off_loop"] > 0
    assert [s.bot_kind for s in table.seats[1:]] == ["hard", "hard", "baseline"]


def test_a_late_search_is_overruled_by_the_baseline_and_its_answer_dropped(monkeypatch):
    lobby, clock = make_lobby(seed=5, timing=Timing(bot_delay=(0.5, 1.0), between_hands=3.0,
                                                    empty_grace=60.0, search_timeout=0.2))
    clock.latency = 1.0                      # every search answers after the timeout
    table = hard_table(lobby, clock, hard=1)
    play_out(table, clock)
    assert table.pilot.fallbacks              # the baseline stood in
    assert not table.pilot.searching


def test_a_stale_answer_is_not_applied_and_the_seat_is_asked_again(monkeypatch):
    lobby, clock = make_lobby(seed=6)
    clock.latency = 0.3
    table = hard_table(lobby, clock, hard=1)
    pilot = table.pilot
    clock.run(until=lambda: bool(pilot.searching), max_time=600)
    (seat, (sv, _)), = pilot.searching.items()
    before = pilot.searched_answers
    table.seat_version[seat] = table.version = table.version + 1   # the seat moved on meanwhile
    clock.advance(0.3)
    assert pilot.searched_answers == before  # the old answer was dropped
    assert seat not in pilot.searching or pilot.searching[seat][0] != sv
    clock.run(until=lambda: pilot.searched_answers > before, max_time=60)
    assert pilot.searched_answers > before and conserved(table)


def test_real_loop_searches_run_in_a_worker_process():
    async def main():
        lobby = Lobby(timing=Timing(bot_delay=(0.0, 0.001), between_hands=0.001, clock_scale=0.001,
                                    search_timeout=5.0), seed=7)
        h = lobby.connect("user:solo", "solo")
        h.subscribe(lambda m: None)
        tid = lobby.create_table(h, TableConfig.make(seats=3, limit=20))
        lobby.add_bot(h, tid, "hard")
        lobby.add_bot(h, tid, "baseline")
        lobby.start(h, tid)
        table = lobby.tables[tid]
        for seat in range(3):  # a search that fits the test's clocks (clock_scale: 20-30 ms a decision)
            if table.bot_kind(seat) == "hard":
                bot = table.pilot.bot_for(seat)
                bot.n_worlds, bot.horizon = 16, 8
        for _ in range(10000):
            if table.status == "game_over":
                break
            await asyncio.sleep(0.002)
        assert table.status == "game_over"
        return table.pilot.searched_answers
    assert asyncio.run(main()) > 0            # answers from the pool were applied
    assert isinstance(search_executor(), ProcessPoolExecutor)

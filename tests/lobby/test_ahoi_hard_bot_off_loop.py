"""Ahoi's hard bot thinks off the event loop through the same mechanism as AHOY!! V2's (issue 30,
issue 17, AH14): ``searches`` and ``would_search`` on the bot, nothing special-cased for the game;
a late answer is overruled by the autopilot's kind (the baseline)."""

from __future__ import annotations

import asyncio

from ahoy_tui.games.ahoi.hard import HardBot
from ahoy_tui.lobby import Lobby, TableConfig, Timing
from ahoy_tui.lobby.search_pool import PRELOAD
from tests.lobby.helpers import conserved, make_lobby, play_out, spy_off_loop
from tests.waiting import wait_until


def ahoi_hard_table(lobby, clock, hard: int = 2):
    """An Ahoi table: a host who never acts (the blitz clock decides for her), ``hard`` hard bots, one baseline."""
    host = lobby.connect("user:host", "host")
    tid = lobby.create_table(host, TableConfig.make("ahoi", name="Cove", seats=hard + 2, clocks="blitz"))
    for _ in range(hard):
        lobby.add_bot(host, tid, "hard")
    lobby.add_bot(host, tid, "baseline")
    lobby.start(host, tid)
    return lobby.tables[tid]


def test_ahoi_hard_bots_play_a_whole_game_only_through_off_loop_searches(monkeypatch):
    lobby, clock = make_lobby(seed=4)
    seen = spy_off_loop(monkeypatch, clock, HardBot)
    table = ahoi_hard_table(lobby, clock)
    play_out(table, clock, step=1.0)
    assert table.game.over and seen["off_loop"] > 0 and seen["quick"] > 0
    assert table.pilot.searched_answers > 0          # the searches' answers were played
    assert [s.bot_kind for s in table.seats[1:]] == ["hard", "hard", "baseline"]
    calls = [line for line in table.game.record if line.get("act") == "ahoi" and line["seat"] in (1, 2)]
    assert calls                                      # the hard seats called „Ahoi“ (AH10)


def test_a_late_ahoi_search_is_overruled_by_the_baseline(monkeypatch):
    lobby, clock = make_lobby(seed=5, timing=Timing(bot_delay=(0.5, 1.0), between_hands=3.0,
                                                    empty_grace=60.0, search_timeout=0.2))
    clock.latency = 1.0                      # every search answers after the timeout
    table = ahoi_hard_table(lobby, clock, hard=1)
    play_out(table, clock, step=1.0)
    assert table.pilot.fallbacks and table.pilot.searched_answers == 0
    assert not table.pilot.searching and conserved(table)


def test_the_search_workers_load_every_games_bots():
    """The forkserver preloads the registry, which imports each game's bots, Ahoi's hard bot too."""
    assert "ahoy_tui.games.registry" in PRELOAD


def test_real_loop_ahoi_searches_run_in_a_worker_process():
    async def main():
        lobby = Lobby(timing=Timing(bot_delay=(0.0, 0.001), between_hands=0.001, clock_scale=0.001,
                                    search_timeout=5.0), seed=7)
        h = lobby.connect("user:solo", "solo")
        h.subscribe(lambda m: None)
        tid = lobby.create_table(h, TableConfig.make("ahoi", seats=3, clocks="blitz"))
        lobby.add_bot(h, tid, "hard")
        lobby.add_bot(h, tid, "baseline")
        lobby.start(h, tid)
        table = lobby.tables[tid]
        await wait_until(lambda: table.pilot.searched_answers >= 3 or table.status == "game_over", 40,
                         "three searched answers (or the game's end)")
        return table.pilot.searched_answers
    assert asyncio.run(main()) >= 3            # answers from the worker processes were applied

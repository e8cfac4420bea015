"""Redis away for longer than the lease TTL, mid-hand: nobody else owns the table, so the players
are told the truth and get their table back without rejoining it (a real redis-server, stopped
and started again; workers in this process)."""

from __future__ import annotations

import pytest

from ahoy_tui.lobby.errors import Refused
from ahoy_tui.lobby.messages import TableClosed, TableUpdate
from tests.cluster.helpers import TTL
from tests.cluster.test_cluster_lobby import _nodes, _stop, _system_lines, anna_hosts_bob
from tests.waiting import wait_until


async def test_redis_away_past_the_lease_gives_the_table_back_to_its_players_without_a_rejoin(redis_server):
    made = await _nodes(redis_server.url, "ab", with_node="a")  # only a owns tables
    (a, _), (b, _) = made
    try:
        anna, bob, tid = await anna_hosts_bob(a, b, "Storm")
        await wait_until(lambda: a.core.tables[tid].version > 10, what="some play")
        marks = {anna: len(anna.got), bob: len(bob.got)}
        redis_server.stop()
        await wait_until(lambda: tid not in a.core.tables, timeout=10 * TTL, what="the table let go")
        assert ("db_lost", {}) in _system_lines(anna.got[marks[anna]:], tid)
        with pytest.raises(Refused, match="not done: the server lost touch with its database"):
            await a.set_autopilot(anna.handle, tid, False)
        redis_server.start()
        await wait_until(lambda: tid in a.core.tables, timeout=10 * TTL, what="a taking the table back")
        table = a.core.tables[tid]
        for p in (anna, bob):
            await wait_until(lambda: any(isinstance(m, TableUpdate) and m.catch_up and m.table.table_id == tid
                                         for m in p.got[marks[p]:]), what="a full update")
            got = p.got[marks[p]:]
            assert not [m for m in got if isinstance(m, TableClosed)]
            await wait_until(lambda: ("regained", {}) in _system_lines(p.got[marks[p]:], tid), what="told")
            lines = _system_lines(p.got[marks[p]:], tid)
            assert ("db_lost", {}) in lines
            assert not [k for k, _ in lines if k.startswith(("adopted", "back", "resumed"))], lines
            assert p.latest(tid).seat == table.seat_of(p.handle.identity)
            assert table.present(table.seat_of(p.handle.identity))
        await wait_until(lambda: table.status == "game_over", timeout=60, what="the game to end")
        await wait_until(lambda: bob.latest(tid).table.status == "game_over", what="bob seeing the end")
    finally:
        await _stop(made)


async def test_a_player_who_leaves_while_redis_is_away_is_not_taken_back_to_the_table(redis_server):
    made = await _nodes(redis_server.url, "ab", with_node="a")
    (a, _), (b, _) = made
    try:
        anna, bob, tid = await anna_hosts_bob(a, b, "Calm")
        await wait_until(lambda: a.core.tables[tid].version > 10, what="some play")
        redis_server.stop()
        await wait_until(lambda: tid not in a.core.tables, timeout=10 * TTL, what="the table let go")
        await a.leave(anna.handle, tid)  # she gives up waiting and goes to the lobby
        redis_server.start()
        await wait_until(lambda: tid in a.core.tables, timeout=10 * TTL, what="a taking the table back")
        table = a.core.tables[tid]
        await wait_until(lambda: table.present(table.seat_of(bob.handle.identity)), what="bob back at his seat")
        assert anna.handle not in table.members and not table.present(table.seat_of(anna.handle.identity))
    finally:
        await _stop(made)

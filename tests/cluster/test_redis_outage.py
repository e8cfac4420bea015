"""Redis away for longer than the lease TTL, mid-hand: nobody else owns the table, so the players
are told the truth and get their table back without rejoining it (a real redis-server, stopped
and started again; workers in this process)."""

from __future__ import annotations

import pytest

from ahoy_tui.lobby.errors import Refused
from ahoy_tui.lobby.messages import TableClosed, TableUpdate
from tests.cluster.test_cluster_lobby import _nodes, _stop, _system_lines, anna_hosts_bob
from tests.waiting import wait_until

WAIT = 30.0
"""Seconds a wait on the workers and redis-server may take (a loaded machine; a pass returns at once)."""


async def test_redis_away_past_the_lease_gives_the_table_back_to_its_players_without_a_rejoin(redis_server):
    made = await _nodes(redis_server.url, "ab", with_node="a")  # only a owns tables
    (a, _), (b, _) = made
    try:
        anna, bob, tid = await anna_hosts_bob(a, b, "Storm")
        await wait_until(lambda: a.core.tables[tid].version > 10, timeout=WAIT, what="some play")
        marks = {anna: len(anna.got), bob: len(bob.got)}
        redis_server.stop()
        await wait_until(lambda: tid not in a.core.tables, timeout=WAIT, what="the table let go")
        await wait_until(lambda: ("db_lost", {}) in _system_lines(anna.got[marks[anna]:], tid), timeout=WAIT,
                         what="anna told the database is lost")
        with pytest.raises(Refused, match="not done: the server lost touch with its database"):
            await a.set_autopilot(anna.handle, tid, False)
        redis_server.start()
        await wait_until(lambda: tid in a.core.tables, timeout=WAIT, what="a taking the table back")
        for p in (anna, bob):
            await wait_until(lambda: any(isinstance(m, TableUpdate) and m.catch_up and m.table.table_id == tid
                                         for m in p.got[marks[p]:]), timeout=WAIT, what="a full update")
            got = p.got[marks[p]:]
            assert not [m for m in got if isinstance(m, TableClosed)]
            await wait_until(lambda: ("regained", {}) in _system_lines(p.got[marks[p]:], tid), timeout=WAIT,
                             what="told")
            lines = _system_lines(p.got[marks[p]:], tid)
            assert ("db_lost", {}) in lines  # live, or in the history of the table taken back (regain.py)
            assert not [k for k, _ in lines if k.startswith(("adopted", "back", "resumed"))], lines
            # Under load a TTL of 1 s may run out again while the table plays on: it is let go and taken
            # back again (a new Table object), so these read the table a holds now.
            await wait_until(lambda: _seated_again(a, p, tid), timeout=WAIT, what="the seat given back")
        await wait_until(lambda: tid in a.core.tables and a.core.tables[tid].status == "game_over", timeout=120,
                         what="the game to end")
        await wait_until(lambda: bob.latest(tid).table.status == "game_over", timeout=WAIT, what="bob seeing the end")
    finally:
        await _stop(made)


def _seated_again(a, p, table_id: str) -> bool:
    """``p`` is at ``table_id`` on ``a`` again, in the seat its updates show, and present there."""
    table = a.core.tables.get(table_id)
    seat = None if table is None else table.seat_of(p.handle.identity)
    return table is not None and p.latest(table_id).seat == seat and table.present(seat)


async def test_a_player_who_leaves_while_redis_is_away_is_not_taken_back_to_the_table(redis_server):
    made = await _nodes(redis_server.url, "ab", with_node="a")
    (a, _), (b, _) = made
    try:
        anna, bob, tid = await anna_hosts_bob(a, b, "Calm")
        await wait_until(lambda: a.core.tables[tid].version > 10, timeout=WAIT, what="some play")
        redis_server.stop()
        await wait_until(lambda: tid not in a.core.tables, timeout=WAIT, what="the table let go")
        await a.leave(anna.handle, tid)  # she gives up waiting and goes to the lobby
        redis_server.start()
        await wait_until(lambda: tid in a.core.tables, timeout=WAIT, what="a taking the table back")
        await wait_until(lambda: _seated_again(a, bob, tid), timeout=WAIT, what="bob back at his seat")
        table = a.core.tables[tid]
        assert anna.handle not in table.members and not table.present(table.seat_of(anna.handle.identity))
    finally:
        await _stop(made)

"""Table failover between two workers in this process, on a real redis-server.

Each worker is a ``Node`` (``ahoy_tui.cluster.node``): its own Lobby,
RedisStore and leases, on the test's event loop with real time. A worker
"dies" by freezing its lobby and stopping its lease renewals without
releasing anything (tests/cluster/test_processes.py kills real processes).
"""

from __future__ import annotations

import asyncio
import time

import pytest

from ahoy_tui.cluster import keys
from ahoy_tui.cluster.node import start_node
from ahoy_tui.store import StoreError
from tests.cluster.helpers import TIMING, TTL, anna_returns, assert_log_is_the_game, start_table
from tests.durable.worker import state_of
from tests.waiting import wait_until


@pytest.fixture
async def nodes(redis_server):
    made = []

    async def make(ttl: float = TTL, **kw):
        made.append(await start_node(redis_server.url, ttl, timing=TIMING, **kw))
        return made[-1]
    yield make
    for n in made:
        await n.stop()


def die(node) -> None:
    """The worker stops dead: nothing more happens in its lobby and no lease is renewed."""
    node.lobby.freeze()
    node.keeper.stop()
    for task in node.ownership._tasks:
        task.cancel()
    assert node.store.flush()


async def test_a_dead_owners_table_is_adopted_with_a_higher_epoch_and_plays_to_the_end(nodes):
    a = await nodes()
    b = await nodes()
    tid = start_table(a.lobby)
    table = a.lobby.tables[tid]
    await wait_until(lambda: table.version > 30, what="some play at worker A")
    epoch_a = a.ownership.leases.held[tid]
    die(a)
    before = state_of(table)
    died = time.monotonic()
    await wait_until(lambda: tid in b.lobby.tables, timeout=30 * TTL, what="worker B to adopt the table")
    assert time.monotonic() - died < 3 * TTL  # expiry (TTL) + one scan period (TTL)
    assert b.ownership.leases.held[tid] > epoch_a
    adopted = b.lobby.tables[tid]
    assert state_of(adopted) == before
    assert system_lines(adopted)[-1] == "adopted"  # "moved to another server process after a failure"
    anna_returns(b.lobby)
    await wait_until(lambda: adopted.status == "game_over", timeout=60, what="the game to end at worker B")
    assert b.store.flush()
    assert_log_is_the_game(b.store.read_log(tid), adopted.game.record)


def system_lines(table) -> list[str]:
    return [m.key for m in table.chat.recent() if m.system]


async def test_a_table_handed_over_by_a_worker_that_stopped_says_the_server_restarted(nodes):
    """Found by a fresh host (issue 27): after a planned restart of the whole cluster every table said
    it "moved to another server process after a failure"; a worker that stops cleanly hands its
    tables over, and the worker taking one says the server restarted, as one process does."""
    a = await nodes(ttl=5.0)  # nothing here waits for a lease to run out: a loaded machine keeps it
    tid = start_table(a.lobby)
    table = a.lobby.tables[tid]
    await wait_until(lambda: table.version > 30, what="some play at worker A")
    before = state_of(table)
    await a.stop()                                   # SIGTERM: the store written, leases released
    b = await nodes(ttl=5.0)                         # the cluster started again
    await wait_until(lambda: tid in b.lobby.tables, timeout=30 * TTL, what="worker B to take the table")
    assert state_of(b.lobby.tables[tid]) == before
    assert system_lines(b.lobby.tables[tid])[-1] == "resumed"


async def test_a_paused_owner_that_wakes_cannot_write_and_lets_the_table_go(nodes):
    a = await nodes()
    tid = start_table(a.lobby)
    table = a.lobby.tables[tid]
    await wait_until(lambda: table.version > 10, what="some play at worker A")
    a.keeper.stop()                  # paused: its thread too,
    for task in a.ownership._tasks:  # no renewals, no scans
        task.cancel()
    table.held = True                # and no play
    assert a.store.flush()
    b = await nodes()
    await wait_until(lambda: tid in b.lobby.tables, timeout=30 * TTL, what="worker B to adopt the table")
    assert b.store.flush()  # B's own "adopted" line; the table is held at B: nothing more comes from B
    logged = len(b.store.read_log(tid).entries)
    if tid in a.lobby.tables:        # (a timer of A's may have fired and been refused already)
        table.held = False           # A wakes up and plays on, as far as it knows: anna says something
        a.lobby.chat(a.lobby.players["user:anna"][0], tid, "still there?")
    await wait_until(lambda: tid not in a.lobby.tables, timeout=30 * TTL, what="worker A to let the table go")
    assert a.store.flush()
    assert len(b.store.read_log(tid).entries) == logged  # nothing of A's went in
    anna_returns(b.lobby)
    adopted = b.lobby.tables[tid]
    await wait_until(lambda: adopted.status == "game_over", timeout=60, what="the game to end at worker B")
    assert b.store.flush()
    assert_log_is_the_game(b.store.read_log(tid), adopted.game.record)


PLAYERS = ["anna", "ben", "cleo", "dan", "eva", "finn"]


def owner_of(tid: str, workers: list) -> object | None:
    return next((n for n in workers if tid in n.lobby.tables), None)


@pytest.mark.parametrize("outage", ["short", "past the lease"])
async def test_a_redis_restart_under_load_loses_no_table(redis_server, nodes, outage):
    workers = [await nodes(), await nodes()]
    tables = {start_table(workers[i % 2].lobby, 20, who): who for i, who in enumerate(PLAYERS)}
    first = {tid: owner_of(tid, workers).lobby.tables[tid] for tid in tables}
    await wait_until(lambda: all(t.version > 10 for t in first.values()), what="play at every table")
    redis_server.stop()
    if outage == "past the lease":  # every worker must stop writing every table it cannot renew
        await wait_until(lambda: not any(n.lobby.tables for n in workers), timeout=30 * TTL,
                         what="every table let go")
    redis_server.start()
    await wait_until(lambda: all(owner_of(tid, workers) for tid in tables), timeout=30,
                     what="every table owned again")
    playing = {}
    for tid, who in tables.items():
        node = owner_of(tid, workers)
        playing[tid] = node.lobby.tables[tid]
        if playing[tid] is not first[tid]:  # adopted again: its player comes back to it
            anna_returns(node.lobby, who)
    await wait_until(lambda: all(t.status == "game_over" for t in playing.values()), timeout=120,
                     what="every game to end")
    for tid, table in playing.items():
        store = owner_of(tid, workers).store
        assert store.flush()
        assert_log_is_the_game(store.read_log(tid), table.game.record)


async def test_a_dead_workers_tables_spread_over_the_live_workers(nodes):
    dead = await nodes()
    tables = [start_table(dead.lobby, 20, who) for who in PLAYERS]
    live = [await nodes(), await nodes()]
    die(dead)
    await wait_until(lambda: all(owner_of(tid, live) for tid in tables), timeout=30 * TTL,
                     what="every table adopted")
    counts = sorted(sum(tid in n.lobby.tables for tid in tables) for n in live)
    assert counts[0] >= 1 and sum(counts) == len(tables), counts


async def test_workers_started_together_share_the_free_tables(nodes):
    """A whole cluster restarted at once: the first worker up takes only its share (peers=2)."""
    old = await nodes()
    tables = [start_table(old.lobby, 20, who) for who in PLAYERS]
    die(old)
    client = old.ownership.leases.client
    async def expired() -> bool:
        return not await client.exists(*(keys.lease(tid) for tid in tables))
    await wait_until(expired, timeout=30 * TTL, what="every old lease to run out (the restart)")
    first = await nodes(peers=2)
    assert len(first.ownership.adopted) == len(tables) // 2  # its first scan: its share only
    second = await nodes(peers=2)
    assert second.ownership.adopted  # found tables left for it
    await wait_until(lambda: all(owner_of(tid, [first, second]) for tid in tables), timeout=30 * TTL,
                     what="every table adopted")


async def test_new_tables_get_ids_unique_across_workers(nodes):
    a = await nodes()
    b = await nodes()
    ids = {start_table(a.lobby, 20), start_table(b.lobby, 20)}
    assert len(ids) == 2 and all(t.startswith(("w1.", "w2.")) for t in ids)


async def test_unreachable_redis_at_start_is_one_clear_error(tmp_path, caplog):
    """Redis not reachable yet is waited for (one warning), then one clear line."""
    with pytest.raises(StoreError) as e:
        await start_node(f"unix://{tmp_path}/none.sock", TTL, ready_within=0.6)
    assert "cannot connect" in str(e.value) and "\n" not in str(e.value)
    assert caplog.text.count("cannot be reached yet") == 1
    await asyncio.sleep(0)


async def test_a_worker_whose_clock_is_an_hour_behind_beats_on_redis_time(nodes, monkeypatch):
    """Every heartbeat in ``ahoy:workers`` is Redis's clock, which the watch compares it with:
    a machine whose clock is off is not taken for dead (nor for alive when it is not)."""
    from ahoy_tui.cluster import heartbeat, keys

    a = await nodes()
    a.keeper.stop()  # only the failover scan's beat writes now
    real = time.time
    monkeypatch.setattr(time, "time", lambda: real() - 3600)
    assert await a.ownership.beat() >= 1
    monkeypatch.setattr(time, "time", real)
    written = float(await a.client.hget(keys.WORKERS, a.worker_id))
    assert abs(await heartbeat.now(a.client) - written) < 60

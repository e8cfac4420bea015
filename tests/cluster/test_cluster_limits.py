"""Names, table limits and the front door's limits hold for the whole cluster, even in a race.

Two workers on one real redis-server: what one worker hands out or counts,
the other sees at once (Redis scripts, ``ahoy_tui.cluster.claims`` and
``ahoy_tui.cluster.limits``), not only once a broadcast arrived.
"""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path

import asyncssh
import pytest

from ahoy_tui.cluster import claims
from ahoy_tui.cluster.hosted import ClusterHost
from ahoy_tui.cluster.limits import UNCHECKED, SharedRates, SharedSessions
from ahoy_tui.lobby import limits
from ahoy_tui.lobby.errors import LobbyError
from ahoy_tui.lobby.gate import FULL, Gate, Limits
from ahoy_tui.lobby.messages import TableConfig
from server.ssh import AhoyServer
from tests.cluster.workers import Workers
from tests.e2e.conftest import client_key  # noqa: F401 - puts tests/e2e (harness) on the path
from tests.lobby.contract.client import Client
from tests.waiting import wait_until

from harness import connect, quiet_config  # noqa: E402

UNTIMED = dict(clocks="untimed")


async def servers(ws: Workers, tmp: Path, **limits) -> list[AhoyServer]:
    """One SSH server per worker (password ``parrot``), counting its rates and sessions in Redis as
    ``--redis`` does."""
    made = []
    for i, worker in enumerate(ws.all):
        srv = AhoyServer(quiet_config(tmp / f"s{i}", password="parrot", **limits), ClusterHost(worker))
        await srv.start()
        made.append(srv)
    return made


async def refused_at_login(port: int, password: str) -> str:
    """The disconnect reason a login to ``port`` with ``password`` gets (it must be refused)."""
    with pytest.raises((asyncssh.DisconnectError, asyncssh.PermissionDenied)) as e:
        p = await connect(port, "anna", password=password, command="help", pty=False)
        await p.close()
    return e.value.reason


# -- names ------------------------------------------------------------------------------------

async def test_one_name_wanted_on_two_workers_at_once_goes_to_one_person(workers):
    w0, w1 = workers.all
    for i in range(40):
        a, b = await asyncio.gather(w0.connect(f"user:a{i}", f"sam{i}"), w1.connect(f"key:b{i}", f"sam{i}"))
        assert sorted([a.name, b.name]) == [f"sam{i}", f"sam{i}~2"]
    await workers.settle()
    assert len(await w1.online_names()) == 80


async def test_one_identity_on_two_workers_at_once_keeps_one_name(workers):
    w0, w1 = workers.all
    await w0.connect("key:other", "kit")
    names = []
    for i in range(10):
        a, b = await asyncio.gather(w0.connect(f"user:k{i}", "kit"), w1.connect(f"user:k{i}", f"kat{i}"))
        assert a.name == b.name
        names.append(a.name)
    assert len(set(names)) == 10 and "kit" not in names


async def test_a_name_is_free_again_once_its_session_ends_or_its_worker_dies(workers):
    w0, w1 = workers.all
    anna = await w0.connect("user:anna", "anna")
    assert (await w1.connect("key:impostor", "anna")).name == "anna~2"
    await w0.disconnect(anna)
    assert (await w1.connect("key:newcomer", "anna")).name == "anna"
    await w0.connect("user:cara", "cara")
    await workers.settle()
    await w0.close(goodbye=False)  # killed: w1 finds it dead by its heartbeat and frees its names
    await wait_until(lambda: "cara" not in w1.core.online_names(), what="w0 found dead")
    assert (await w1.connect("key:cara2", "cara")).name == "cara"


# -- tables -----------------------------------------------------------------------------------

async def test_a_host_of_three_tables_on_one_worker_is_refused_a_fourth_on_another(workers):
    w0, w1 = workers.all
    anna = await Client.connect(w0, "anna")
    for _ in range(3):
        await w0.create_table(anna.handle, TableConfig.make(name="Pearl", **UNTIMED))
    again = await Client.connect(w1, "anna")  # the same person, now on w1 (w0's session ends)
    await workers.settle()
    with pytest.raises(LobbyError, match="^you already host 3 tables$"):
        await w1.create_table(again.handle, TableConfig.make(name="Sloop", **UNTIMED))
    bob = await Client.connect(w1, "bob")
    await w1.create_table(bob.handle, TableConfig.make(name="Pearl", **UNTIMED))
    await workers.settle()
    assert sorted(s.name for s in await w0.table_summaries()) == ["Pearl", "Pearl (2)", "Pearl (3)", "Pearl (4)"]


async def test_one_table_name_wanted_on_two_workers_at_once_is_numbered(workers):
    w0, w1 = workers.all
    anna, bob = await Client.connect(w0, "anna"), await Client.connect(w1, "bob")
    for name in ("Pearl", "Sloop", "Brig"):
        made = await asyncio.gather(w0.create_table(anna.handle, TableConfig.make(name=name, **UNTIMED)),
                                    w1.create_table(bob.handle, TableConfig.make(name=name, **UNTIMED)))
        await workers.settle()
        names = {s.table_id: s.name for s in await w0.table_summaries()}
        assert sorted(names[t] for t in made) == [name, f"{name} (2)"]
    more = [(w, await Client.connect(w, n)) for w, n in ((w0, "cara"), (w0, "dan"), (w1, "erin"))]
    made = await asyncio.gather(*(w.create_table(c.handle, TableConfig.make(name="Junk", **UNTIMED))
                                  for w, c in more))  # two at once on one worker, one on the other
    await workers.settle()
    assert len(set(made)) == 3 and {s.table_id for s in await w1.table_summaries()} >= set(made)


async def test_a_closed_table_frees_its_name_and_its_hosts_place(workers):
    w0, w1 = workers.all
    anna = await Client.connect(w0, "anna")
    tids = [await w0.create_table(anna.handle, TableConfig.make(name="Pearl", **UNTIMED)) for _ in range(3)]
    await w0.close_table(tids[0], "test")
    await workers.settle()
    again = await Client.connect(w1, "anna")
    await workers.settle()
    tid = await w1.create_table(again.handle, TableConfig.make(name="Pearl", **UNTIMED))
    assert (await w1.lobby_state()).tables[-1].table_id == tid
    assert sorted(s.name for s in await w1.table_summaries()) == ["Pearl", "Pearl (2)", "Pearl (3)"]


async def test_the_cap_on_open_tables_counts_every_workers_tables_even_at_once(workers, monkeypatch):
    """With a cap of 3, four hosts creating tables at once on two workers (two on each, which
    each worker alone would allow) open 3; the fourth is told the harbour is full."""
    monkeypatch.setattr(limits, "MAX_TABLES", 3)
    w0, w1 = workers.all
    hosts = [(w, await Client.connect(w, n)) for w, n in ((w0, "anna"), (w0, "bob"), (w1, "cara"), (w1, "dan"))]
    made = await asyncio.gather(*(w.create_table(c.handle, TableConfig.make(name="Junk", **UNTIMED))
                                  for w, c in hosts), return_exceptions=True)
    refused = [i for i, m in enumerate(made) if isinstance(m, LobbyError)]
    assert len(refused) == 1 and str(made[refused[0]]) == "the harbour is full: no more tables can open right now"
    await workers.settle()
    assert len(await w0.table_summaries()) == 3
    opened = next(m for m in made if isinstance(m, str))
    await next(w for w in workers.all if opened in w.core.tables).close_table(opened, "test")
    await workers.settle()
    w, c = hosts[refused[0]]
    assert await w.create_table(c.handle, TableConfig.make(name="Junk", **UNTIMED))  # a place is free again


# -- sessions and rates at the front door ----------------------------------------------------

async def places_given_back(worker, left: int) -> None:
    """Wait until ``left`` places are taken in the cluster (a place is given back queued)."""
    from ahoy_tui.cluster.places import PLACES

    async def holds() -> bool:
        return await worker.bus.redis.hlen(PLACES) == left
    await wait_until(holds, what=f"{left} session places taken")


async def test_max_sessions_counts_the_sessions_of_every_worker(workers):
    w0, w1 = workers.all
    gate = Gate(Limits(max_sessions=3, per_address=0))
    at0, at1 = SharedSessions(w0.places, gate), SharedSessions(w1.places, gate)
    for who in ("user:anna", "user:bob"):
        assert (await at0.take("10.0.0.7", who))[0] is None
    refusal, cara = await at1.take("10.0.0.9", "user:cara")
    assert refusal is None
    assert (await at1.take("10.0.0.8", "user:dan"))[0] == FULL
    refusal, again = await at1.take("10.0.0.7", "user:anna")  # her new session replaces the older one
    assert refusal is None
    for place in (again, cara):
        at1.release(place)
    await places_given_back(w1, 2)
    assert (await at1.take("10.0.0.8", "user:dan"))[0] is None


async def in_or_refused(player, greeting: str) -> bool:
    """Whether ``player``'s session runs (its app greets it), False when it was refused."""
    await wait_until(lambda: player.closed.is_set() or greeting in player.text(), timeout=30,
                     what=f"{greeting!r} or the refusal")
    return not player.closed.is_set()


@pytest.mark.parametrize("limit, line", [
    (dict(max_sessions=2), FULL),
    (dict(max_sessions_per_address=2), "Too many sessions from your address (limit 2); close one first."),
])
async def test_sessions_started_at_once_on_two_workers_never_go_over_a_limit(workers, tmp_path, limit, line):
    """Four players start at once, two on each worker: two play, two are refused with the line;
    when one leaves, its place is free for the next."""
    a, b = await servers(workers, tmp_path, max_connections_per_minute=0, **limit)
    players = []
    try:
        together = asyncio.Barrier(4)  # logged in first, then every session starts at once
        players = list(await asyncio.gather(*(connect(port, f"p{i}", password="parrot", together=together)
                                              for i, port in enumerate([a.port, b.port, a.port, b.port]))))
        running = [await in_or_refused(p, f"Ahoy, p{i}!") for i, p in enumerate(players)]
        assert running.count(True) == 2
        for p, ran in zip(players, running):
            assert ran or (p.exit_status == 1 and line in p.raw.decode())
        await players[running.index(True)].close()
        await wait_until(lambda: len(a.sessions) + len(b.sessions) == 1, what="the session to end")
        await workers.settle()  # its place given back (queued before the pings)
        players.append(await connect(b.port, "late", password="parrot"))
        assert await in_or_refused(players[-1], "Ahoy, late!")
    finally:
        for p in players:
            await p.close()
        for srv in (a, b):
            await srv.stop()


async def test_a_refused_client_that_sent_eof_is_told_and_let_go(workers, tmp_path, monkeypatch):
    """``ssh -tt host </dev/null`` on a full server: its EOF reaches the server while the place is
    asked of Redis; it still gets the refusal line and exit status 1, then the channel is closed
    (the client waited forever: the line failed to write and the channel stayed open)."""
    a, b = await servers(workers, tmp_path, max_sessions=1, max_connections_per_minute=0)
    players = []
    try:
        players.append(await connect(b.port, "anna", password="parrot"))
        assert await in_or_refused(players[0], "Ahoy, anna!")
        asked, answer = asyncio.Event(), asyncio.Event()
        take = a.session_limits.take

        async def slow_take(*args):  # Redis answers only once bob's EOF has arrived
            asked.set()
            await answer.wait()
            return await take(*args)
        monkeypatch.setattr(a.session_limits, "take", slow_take)
        bob = await connect(a.port, "bob", password="parrot")
        players.append(bob)
        await asyncio.wait_for(asked.wait(), 30)
        bob.chan.write_eof()
        await wait_until(lambda: any(s.input_ended for s in list(a.sessions)), what="bob's EOF at the server")
        answer.set()
        await asyncio.wait_for(bob.closed.wait(), 30)
        assert bob.exit_status == 1
        assert FULL in bob.raw.decode()
    finally:
        for p in players:
            await p.close()
        for srv in (a, b):
            await srv.stop()


async def test_a_killed_workers_sessions_stop_counting_towards_the_limit(workers):
    w0, w1 = workers.all
    gate = Gate(Limits(max_sessions=1, per_address=0))
    here, there = SharedSessions(w0.places, gate), SharedSessions(w1.places, gate)
    assert (await here.take("10.0.0.7", "user:anna"))[0] is None
    assert (await there.take("10.0.0.8", "user:bob"))[0] == FULL
    await w0.close(goodbye=False)  # killed: w1 finds it dead by its heartbeat and frees its places

    async def bob_let_in() -> bool:
        return (await there.take("10.0.0.8", "user:bob"))[0] is None
    await wait_until(bob_let_in, what="bob let in once w0 is found dead")


async def test_failed_passwords_on_two_workers_count_together(workers, tmp_path, caplog):
    a, b = await servers(workers, tmp_path, max_failed_passwords=3, max_connections_per_minute=0)
    try:
        line = "Too many failed passwords from your address; try again in 10 min."
        reasons = [await refused_at_login(b.port, "guess") for _ in range(3)]
        assert any(r.startswith(line) for r in reasons), reasons
        # The right password is refused now on the other worker too, before it is asked for.
        assert (await refused_at_login(a.port, "parrot")).startswith(line)
    finally:
        for srv in (a, b):
            await srv.stop()


async def test_connections_on_two_workers_count_together(workers, tmp_path):
    a, b = await servers(workers, tmp_path, max_connections_per_minute=3)
    try:
        for port in (a.port, b.port, a.port):
            p = await connect(port, "anna", password="parrot", command="help", pty=False)
            await asyncio.wait_for(p.closed.wait(), 30)
            await p.close()
        assert (await refused_at_login(b.port, "parrot")).startswith(
            "Too many new connections from your address (limit 3 a minute); wait a minute.")
    finally:
        for srv in (a, b):
            await srv.stop()


async def test_redis_down_at_a_check_refuses_with_one_clear_line(workers, redis_server, tmp_path, caplog):
    (a, b) = await servers(workers, tmp_path)
    w0 = workers.all[0]
    anna = await w0.connect("user:anna", "anna")
    try:
        redis_server.stop()
        caplog.clear()
        assert (await refused_at_login(a.port, "parrot")).startswith(UNCHECKED)
        warned = [r.getMessage() for r in caplog.records
                  if r.name == "ahoy_tui.cluster.limits" and r.levelno == logging.WARNING]
        assert len(warned) == 1 and warned[0].startswith("refused connection from 127.0.0.1: redis"), warned
        assert await a.rates.password_failed("10.0.0.9") == UNCHECKED
        unlimited = SharedRates(a.rates.redis, Gate(Limits(connections_per_minute=0, failed_passwords=0)), "x")
        assert await unlimited.connection_refusal("10.0.0.9") is None  # nothing to count: nothing to refuse
        with pytest.raises(LobbyError, match="cannot be reached"):
            await w0.create_table(anna, TableConfig.make(name="Pearl", **UNTIMED))
        redis_server.start()
        await workers.settle()
        p = await connect(a.port, "anna", password="parrot", command="help", pty=False)
        await asyncio.wait_for(p.closed.wait(), 30)
        await p.close()
        assert await w0.create_table(anna, TableConfig.make(name="Pearl", **UNTIMED))
    finally:
        for srv in (a, b):
            await srv.stop()


async def test_a_name_given_while_redis_was_away_is_claimed_once_it_is_back(workers, redis_server):
    w0, w1 = workers.all
    redis_server.stop()
    assert (await w0.connect("user:anna", "anna")).name == "anna"  # checked on w0 alone meanwhile
    redis_server.start()
    async def claimed() -> bool:
        return await w1.bus.redis.hget(claims.NAMES, "anna") == b"user:anna"
    await wait_until(claimed, what="anna's name claimed again")
    assert (await w1.connect("key:impostor", "anna")).name == "anna~2"

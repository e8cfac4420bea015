"""The host contract (``ahoy_tui.lobby.hosted.LobbyHost``): what the SSH front door needs of a lobby.

Every test runs three times, as the players' contract does (``conftest.py``): the embedded
lobby of one process over its SQLite file (``memory``), one cluster worker on a real
redis-server (``cluster``), two workers sharing it (``cluster2``). A host is what one process
holds; ``hosts[-1]`` is another process than ``hosts[0]`` only in ``cluster2``. The tests say
what an operator or a player notices: an address found from another worker, limits that hold
over every process, a ban every process reads.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import AsyncIterator, Awaitable, Callable

import pytest

from ahoy_tui.lobby import Lobby, ManualClock, Timing
from ahoy_tui.lobby.embedded import EmbeddedHost
from ahoy_tui.lobby.hosted import LobbyHost, SharedCounts
from ahoy_tui.lobby.gate import FULL, Gate, Limits
from tests.waiting import wait_until


@dataclass
class Hosts:
    """The processes of one lobby: ``all`` (one or two hosts) and ``settle()`` (every message
    published so far has been acted on)."""

    all: list[LobbyHost]
    settle: Callable[[], Awaitable[None]]


@pytest.fixture(params=["memory", "cluster", "cluster2"])
async def hosts(request, tmp_path) -> AsyncIterator[Hosts]:
    if request.param == "memory":
        core = Lobby(clock=ManualClock(), timing=Timing.instant(), seed=7, wall=lambda: 0.0)
        host = EmbeddedHost(core, db_path=tmp_path / "ahoy.db")

        async def nothing() -> None:
            pass

        yield Hosts([host], nothing)
        await host.close()
        return
    from ahoy_tui.cluster.hosted import ClusterHost
    from tests.cluster.workers import Workers

    workers = await Workers(request.getfixturevalue("redis_server").url,
                            1 if request.param == "cluster" else 2).start()
    try:
        yield Hosts([ClusterHost(w) for w in workers.all], workers.settle)
    finally:
        await workers.close()


def limits(**numbers: int) -> Gate:
    """A gate with only the limits named (the others off)."""
    off = dict(max_sessions=0, per_address=0, connections_per_minute=0, failed_passwords=0)
    return Gate(Limits(**{**off, **numbers}))


async def test_a_sessions_address_is_kept_and_found_from_another_process(hosts):
    first, last = hosts.all[0], hosts.all[-1]
    anna = await last.lobby.connect("user:anna", "anna")
    last.set_address(anna, "10.0.0.7")
    assert anna.address == "10.0.0.7"  # wrong table codes count per address
    await hosts.settle()
    assert ("user:anna", "anna", "10.0.0.7") not in last.sessions_elsewhere()  # its own process is not elsewhere
    seen = first.sessions_elsewhere()
    if first is last:
        assert seen == []
    else:
        assert ("user:anna", "anna", "10.0.0.7") in seen


async def test_the_session_limit_holds_over_every_process_and_a_place_given_back_is_free_again(hosts):
    gate = limits(max_sessions=2)
    places = [host.session_limits(gate) for host in hosts.all]
    running: list[list[tuple[str, str]]] = [[] for _ in hosts.all]  # admitted in each process

    async def take(i: int, who: str, addr: str) -> tuple[str | None, str]:
        at = i % len(places)
        refusal, place = await places[at].take(addr, who, who, list(running[at]))
        if refusal is None:
            running[at].append((addr, who))
        return refusal, place

    assert (await take(0, "user:anna", "10.0.0.1"))[0] is None
    kept = await take(1, "user:bo", "10.0.0.2")
    assert kept[0] is None
    refusal, place = await take(2, "user:cy", "10.0.0.3")
    assert refusal == FULL and place == ""
    places[1 % len(places)].release(kept[1])
    running[1 % len(places)].remove(("10.0.0.2", "user:bo"))
    await hosts.settle()
    for _ in range(50):  # a worker gives its place back in Redis after the call (queued)
        refusal, place = await take(2, "user:cy", "10.0.0.3")
        if refusal is None:
            break
        await hosts.settle()
    assert refusal is None, "the place given back stayed taken"


async def test_the_per_address_limit_counts_the_sessions_of_every_process(hosts):
    places = [host.session_limits(limits(per_address=2)) for host in hosts.all]
    running: list[tuple[str, str]] = []
    for i, who in enumerate(("user:anna", "user:bo")):
        at = places[i % len(places)]
        refusal, _ = await at.take("10.0.0.7", who, who, running if len(places) == 1 else [])
        assert refusal is None
        running.append(("10.0.0.7", who))
    refusal, _ = await places[-1].take("10.0.0.7", "user:cy", "cy", running if len(places) == 1 else [])
    assert refusal is not None and "10.0.0.7" not in refusal  # the client is not told its own address back
    refusal, _ = await places[-1].take("10.0.0.8", "user:cy", "cy", running if len(places) == 1 else [])
    assert refusal is None


async def test_connections_and_failed_passwords_are_counted_over_every_process(hosts):
    gate = limits(connections_per_minute=3, failed_passwords=2)
    rates = [host.connection_rates(gate) for host in hosts.all]
    for i in range(3):
        assert await rates[i % len(rates)].connection_refusal("192.0.2.9") is None
    assert await rates[-1].connection_refusal("192.0.2.9") is not None   # the fourth in a minute
    assert await rates[0].connection_refusal("192.0.2.10") is None       # another address is not
    assert await rates[0].password_failed("192.0.2.11") is None
    assert await rates[-1].password_failed("192.0.2.11") is not None     # the second wrong password
    assert await rates[-1].connection_refusal("192.0.2.11") is not None  # and it may not come back now


async def test_an_operators_change_is_heard_by_every_other_process_and_not_by_its_own(hosts):
    heard: list[list[dict]] = [[] for _ in hosts.all]
    for host, got in zip(hosts.all, heard):
        host.on_moderation = got.append
    change = {"op": "motd", "text": "Fair winds", "actor": "key:SHA256:op"}
    hosts.all[0].publish_moderation(change)
    await hosts.settle()
    assert heard[0] == []
    if len(hosts.all) > 1:
        await wait_until(lambda: heard[1], what="the other worker to hear the change")
        assert heard[1][0]["text"] == "Fair winds"


async def test_a_ban_kept_by_one_process_is_read_by_the_store_any_process_opens(hosts):
    kept = hosts.all[0].moderation_store()
    try:
        kept.add_ban("key", "SHA256:" + "b" * 43, "cheating", "key:SHA256:op", 100.0, None)
        again = hosts.all[-1].moderation_store()  # another worker, or this server after a restart
        try:
            assert [b.reason for b in again.bans(200.0)] == ["cheating"]
        finally:
            again.close()
    finally:
        kept.close()


async def test_preferences_kept_by_one_process_are_read_by_another(hosts):
    prefs = hosts.all[0].prefs_backend()
    assert prefs is not None
    try:
        prefs.save("key:SHA256:anna", '{"lang": "de"}')
        other = hosts.all[-1].prefs_backend()
        assert other is not None
        try:
            assert other.load("key:SHA256:anna") == '{"lang": "de"}'
        finally:
            other.close()
    finally:
        prefs.close()


async def test_an_older_session_on_another_process_is_told_it_was_replaced(hosts):
    if len(hosts.all) == 1:
        pytest.skip("one process replaces its own sessions (server.pty_session.Session.replace)")
    ended: list[tuple[str, str]] = []
    hosts.all[1].on_replaced = lambda handle, name: ended.append((handle.identity, name))
    older = await hosts.all[1].lobby.connect("user:anna", "anna")
    older.subscribe(lambda msg: None)
    await hosts.settle()
    newer = await hosts.all[0].lobby.connect("user:anna", "anna")
    newer.subscribe(lambda msg: None)
    await wait_until(lambda: ended, what="the older session to be replaced")
    assert ended == [("user:anna", "anna")]


async def test_a_lobby_of_one_process_counts_no_leases(hosts):
    counts = hosts.all[0].shared_counts()
    assert isinstance(counts, SharedCounts)
    if isinstance(hosts.all[0], EmbeddedHost):
        assert counts == SharedCounts()
    assert counts.adoptions == 0  # nothing was taken over from a dead worker here

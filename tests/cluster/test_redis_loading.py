"""Redis restarting slowly: it takes subscriptions while it still answers every other command
"LOADING Redis is loading the dataset in memory"; what a worker does on coming back is tried
again until Redis has loaded, and a worker starting meanwhile waits (``ahoy_tui.cluster.retry``)."""

from __future__ import annotations

import asyncio
import logging

import pytest
import redis

from ahoy_tui.cluster import claims
from ahoy_tui.cluster.limits import SharedSessions
from ahoy_tui.cluster.node import start_node
from ahoy_tui.cluster.places import PLACES
from ahoy_tui.lobby.gate import FULL, Gate, Limits
from ahoy_tui.store.base import StoreError
from ahoy_tui.cluster.hosted import join_cluster
from tests.cluster.workers import Workers
from tests.waiting import wait_until

FILLER = 3000
"""Keys that make the restart load slowly (``--key-load-delay`` µs each)."""


def slow_to_load(client: redis.Redis) -> None:
    """Fill Redis and rewrite its append-only file, so the next start reads ``FILLER`` keys from
    its RDB part (where ``--key-load-delay`` applies)."""
    with client.pipeline(transaction=False) as pipe:
        for i in range(FILLER):
            pipe.set(f"filler:{i}", "x")
        pipe.execute()
    client.bgrewriteaof()
    while any(int(client.info("persistence")[k]) for k in ("aof_rewrite_in_progress", "aof_rewrite_scheduled")):
        client.ping()


async def test_names_and_places_are_claimed_again_once_a_restarted_redis_has_loaded(redis_server, caplog):
    """Redis comes back without the names and session places claimed (an older append-only file)
    and loads for a while: once it has, each worker has claimed its sessions' names and places
    again, so a newcomer does not get the name of a player online, nor a session over the limit."""
    caplog.set_level(logging.WARNING, "ahoy_tui.cluster")
    ws = await Workers(redis_server.url, 2, dead_after=30.0).start()
    one = Gate(Limits(max_sessions=1, per_address=0))
    try:
        await ws.all[0].connect("user:anna", "anna")
        assert (await SharedSessions(ws.all[0].places, one).take("10.0.0.7", "user:anna"))[0] is None
        await ws.settle()
        with redis.Redis.from_url(redis_server.url) as client:
            client.delete(claims.NAMES, claims.NAME_OF, claims.NAME_HOLDERS, claims.NAME_REFS, PLACES)
            slow_to_load(client)
        redis_server.extra_args = ["--key-load-delay", "500", "--loading-process-events-interval-bytes", "1024"]
        await asyncio.to_thread(redis_server.restart)      # returns once Redis has loaded
        assert "loading the dataset" in caplog.text        # the workers came back while it loaded
        with redis.Redis.from_url(redis_server.url) as client:
            await wait_until(lambda: client.hget(claims.NAMES, "anna") == b"user:anna",
                             what="worker 0 to claim anna's name again")
        zed = await ws.all[1].connect("user:zed", "anna")
        assert zed.name != "anna"
        with redis.Redis.from_url(redis_server.url) as client:
            await wait_until(lambda: client.hlen(PLACES) == 1, what="worker 0 to take anna's place again")
        assert (await SharedSessions(ws.all[1].places, one).take("10.0.0.8", "user:zed"))[0] == FULL
    finally:
        await ws.close()


def loading_slowly(redis_server) -> None:
    """Make ``redis_server`` slow to load and start it again without waiting (Redis starting
    with the workers, as after a host reboot)."""
    with redis.Redis.from_url(redis_server.url) as client:
        slow_to_load(client)
    redis_server.stop()
    redis_server.extra_args = ["--key-load-delay", "500", "--loading-process-events-interval-bytes", "1024"]
    redis_server.start(wait=False)


async def test_a_worker_started_while_redis_loads_joins_once_it_has_loaded(redis_server, caplog):
    """A worker started while Redis still answers "LOADING" waits (one warning) instead of exiting,
    then joins: a player can connect to it."""
    caplog.set_level(logging.WARNING)
    loading_slowly(redis_server)
    cluster, node = await join_cluster(redis_server.url, 2.0)
    try:
        assert caplog.text.count("redis: still loading its data; waiting") == 1
        anna = await cluster.connect("user:anna", "anna")
        assert anna.name == "anna"
        with redis.Redis.from_url(redis_server.url) as client:
            assert client.hget(claims.NAMES, "anna") == b"user:anna"
            assert client.get("filler:0") == b"x"  # what Redis loaded is there
    finally:
        await cluster.close()
        await node.stop()


def answers_loading(url: str) -> bool:
    """Redis at ``url`` is up and answers "LOADING"."""
    try:
        with redis.Redis.from_url(url) as client:
            client.exists("x")
    except redis.BusyLoadingError:
        return True
    except redis.ConnectionError:
        return False
    raise AssertionError("redis loaded too fast for this test")


async def test_a_redis_still_loading_after_the_bound_is_one_clear_error(redis_server):
    loading_slowly(redis_server)
    await wait_until(lambda: answers_loading(redis_server.url), what="redis to be loading")
    with pytest.raises(StoreError) as e:
        await start_node(redis_server.url, 2.0, ready_within=0.2)
    assert "cannot join the cluster" in str(e.value) and "still loading its data after 0.2 s" in str(e.value)
    assert "\n" not in str(e.value)

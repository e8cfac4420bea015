"""Redis restarting slowly: it takes subscriptions while it still answers every other command
"LOADING Redis is loading the dataset in memory"; what a worker does on coming back is tried
again until Redis has loaded (``ahoy_tui.cluster.retry``)."""

from __future__ import annotations

import asyncio
import logging

import redis

from ahoy_tui.cluster import claims
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


async def test_names_are_claimed_again_once_a_restarted_redis_has_loaded(redis_server, caplog):
    """Redis comes back without the names claimed (an older append-only file) and loads for a
    while: once it has, each worker has claimed its sessions' names again, so a newcomer does
    not get the name of a player online."""
    caplog.set_level(logging.WARNING, "ahoy_tui.cluster")
    ws = await Workers(redis_server.url, 2, dead_after=30.0).start()
    try:
        await ws.all[0].connect("user:anna", "anna")
        await ws.settle()
        with redis.Redis.from_url(redis_server.url) as client:
            client.delete(claims.NAMES, claims.NAME_OF, claims.NAME_HOLDERS, claims.NAME_REFS)
            slow_to_load(client)
        redis_server.extra_args = ["--key-load-delay", "500", "--loading-process-events-interval-bytes", "1024"]
        await asyncio.to_thread(redis_server.restart)      # returns once Redis has loaded
        assert "loading the dataset" in caplog.text        # the workers came back while it loaded
        with redis.Redis.from_url(redis_server.url) as client:
            await wait_until(lambda: client.hget(claims.NAMES, "anna") == b"user:anna",
                             what="worker 0 to claim anna's name again")
        zed = await ws.all[1].connect("user:zed", "anna")
        assert zed.name != "anna"
    finally:
        await ws.close()

"""The test Redis server itself: it answers, and keeps its data across a restart."""

from __future__ import annotations

import redis


def test_the_redis_server_keeps_data_across_a_restart(redis_server):
    client = redis.Redis.from_url(redis_server.url)
    client.xadd("ahoy:test", {"n": "1"})
    client.close()
    redis_server.restart()
    client = redis.Redis.from_url(redis_server.url)
    assert client.xlen("ahoy:test") == 1
    assert client.info("persistence")["aof_enabled"] == 1
    client.close()

"""Worker heartbeats in ``ahoy:workers``, on Redis's clock (docs/deploy.md).

Every writer of a heartbeat (the lobby's beat task, ``Ownership.beat``, the
lease keeper thread) runs :data:`BEAT_SCRIPT`: Redis reads its own clock
(``TIME``) and stores it, so every reader compares heartbeats with one clock
(:func:`now`) whatever the machines' clocks say. A heartbeat is seconds
since the epoch as decimal text (``"1764681234.123456"``).

A worker that finds another silent for too long removes its heartbeat and
leaves it a mark (:func:`mark_gone`, ``ahoy:gone:{worker}``); a worker that
was only paused finds the mark at its next beat (:func:`take_mark`) and
joins again.
"""

from __future__ import annotations

from typing import Any

from ahoy_tui.cluster import keys

BEAT_SCRIPT = """
-- KEYS[1] ahoy:workers; ARGV[1] worker id. Returns Redis's time as text (s).
local t = redis.call('TIME')
local now = t[1] .. '.' .. string.format('%06d', tonumber(t[2]))
redis.call('HSET', KEYS[1], ARGV[1], now)
return now
"""

GONE_KEPT_MS = 24 * 3600 * 1000
"""How long a "declared gone" mark waits for its worker (ms): a worker paused longer joins
again only through its heartbeat."""


def beat_on(pipe: Any, worker_id: str) -> None:
    """Queue ``worker_id``'s heartbeat (Redis time) on ``pipe`` (a client or pipeline, sync or async)."""
    pipe.eval(BEAT_SCRIPT, 1, keys.WORKERS, worker_id)


async def beat(client: Any, worker_id: str) -> float:
    """Write ``worker_id``'s heartbeat now; returns it (Redis time, s).

    Raises:
        redis.RedisError: Redis cannot be reached.
    """
    return float(await client.eval(BEAT_SCRIPT, 1, keys.WORKERS, worker_id))


async def now(client: Any) -> float:
    """Redis's clock in seconds (one clock for every machine of the cluster).

    Raises:
        redis.RedisError: Redis cannot be reached.
    """
    seconds, micros = await client.time()
    return int(seconds) + int(micros) / 1e6


def mark_gone(pipe: Any, worker_id: str) -> None:
    """Queue the mark telling ``worker_id`` it was declared gone (kept ``GONE_KEPT_MS``)."""
    pipe.set(keys.gone(worker_id), 1, px=GONE_KEPT_MS)


def take_mark(pipe: Any, worker_id: str) -> None:
    """Queue the removal of ``worker_id``'s mark; its result is 1 when there was one."""
    pipe.delete(keys.gone(worker_id))

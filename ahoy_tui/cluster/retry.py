"""Trying a step again until Redis takes it: after Redis came back (``Watch.reconnected``),
and before a worker joins (:func:`until_loaded`).

A restarted Redis takes subscriptions at once but answers every other
command with "LOADING Redis is loading the dataset in memory" until its
append-only file is read, which may take seconds: a step tried once then
would be lost, and a worker started then would fail to join.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Awaitable, Callable

import redis
from redis.exceptions import AuthenticationError, BusyLoadingError, RedisError

from ahoy_tui.cluster import keys
from ahoy_tui.cluster.peer import Peer
from ahoy_tui.store.base import StoreError

log = logging.getLogger(__name__)

RETRY_FIRST = 0.5
"""Seconds between tries during a step's first ``dead_after`` s."""
READY_WITHIN = 60.0
"""Seconds a worker starting waits for Redis to be reachable and loaded (:func:`until_loaded`)."""


async def until_done(lobby: Peer, what: str, step: Callable[[], Awaitable[object]]) -> bool:
    """Await ``step()`` until it does not fail with a Redis error: again every :data:`RETRY_FIRST` s
    for ``lobby.dead_after`` s, then every ``lobby.dead_after`` s. One warning when it first
    fails, one when it worked.

    Returns:
        True once done; False when the subscription was lost meanwhile (the next
        ``reconnected`` runs every step again) or the bus was closed.

    Raises:
        Whatever ``step`` raises other than ``RedisError``, ``OSError`` or ``StoreError``.
    """
    started, failed = time.monotonic(), 0
    while True:
        try:
            await step()
        except (RedisError, OSError, StoreError) as e:
            if not failed:
                log.warning("cluster: after Redis came back, %s waits (%s); trying again", what, e)
            failed += 1
            waited = time.monotonic() - started
            await asyncio.sleep(RETRY_FIRST if waited < lobby.dead_after else lobby.dead_after)
            if not (lobby.bus.connected and lobby.bus.running):
                log.warning("cluster: %s is left for when Redis is back again (it went away)", what)
                return False
            continue
        if failed:
            log.warning("cluster: after Redis came back, %s is done (%d tries)", what, failed + 1)
        return True


def until_loaded(url: str, within: float | None = None, pause: float = RETRY_FIRST) -> None:
    """Return once the Redis at ``url`` answers a data command, asking every ``pause`` s while it
    is still loading its data ("LOADING", logged once: "redis: still loading its data; waiting")
    or cannot be reached yet (logged once), for at most ``within`` s (default
    :data:`READY_WITHIN`). Blocking: a worker runs it on a thread before it joins, the
    supervisor before it starts the workers.

    Raises:
        StoreError: one line naming the URL: at once for a refused password or a bad URL, after
            ``within`` s when Redis was still loading or could not be reached.
    """
    within = READY_WITHIN if within is None else within
    deadline, said = time.monotonic() + within, set()
    while True:
        try:
            with redis.Redis.from_url(url, socket_timeout=max(pause, 1.0),
                                      socket_connect_timeout=max(pause, 1.0)) as client:
                client.exists(keys.WORKER_SEQ)  # a data command: refused with LOADING until loaded
            return
        except (redis.ConnectionError, redis.TimeoutError, OSError) as e:
            loading = isinstance(e, BusyLoadingError)
            if isinstance(e, AuthenticationError):
                raise StoreError(f"redis {url}: cannot connect ({e})") from None
            if time.monotonic() + pause > deadline:
                raise StoreError(f"redis {url}: still loading its data after {within:g} s" if loading
                                 else f"redis {url}: cannot connect after {within:g} s ({e})") from None
            if loading not in said:
                said.add(loading)
                if loading:
                    log.warning("redis: still loading its data; waiting (up to %g s)", within)
                else:
                    log.warning("redis %s: cannot be reached yet (%s); waiting (up to %g s)", url, e, within)
        except (redis.RedisError, ValueError) as e:
            raise StoreError(f"redis {url}: cannot connect ({e})") from None
        time.sleep(pause)

"""Trying a step again until Redis takes it, after Redis came back (``watch.reconnected``).

A restarted Redis takes subscriptions at once but answers every other
command with "LOADING Redis is loading the dataset in memory" until its
append-only file is read, which may take seconds: a step tried once then
would be lost.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import TYPE_CHECKING, Awaitable, Callable

from redis.exceptions import RedisError

from ahoy_tui.store.base import StoreError

if TYPE_CHECKING:
    from ahoy_tui.cluster.lobby import ClusterLobby

log = logging.getLogger(__name__)

RETRY_FIRST = 0.5
"""Seconds between tries during a step's first ``dead_after`` s."""


async def until_done(lobby: ClusterLobby, what: str, step: Callable[[], Awaitable[object]]) -> bool:
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

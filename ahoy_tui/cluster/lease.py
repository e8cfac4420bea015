"""Fenced table leases: exactly one worker owns a table at a time (docs/deploy.md).

``ahoy:lease:{table_id}`` holds ``"{worker_id}:{epoch}"`` with a TTL. A
worker *acquires* a free lease (``SET NX PX``) with a new epoch from ``INCR
ahoy:epoch:{table_id}`` — both in one script, so an epoch is only spent on
a lease actually taken. It *renews* by compare-and-extend (only while the
value is still its own) and *releases* by compare-and-delete.

The epoch is the fence: the store refuses a table's writes carrying a lower
epoch than ``ahoy:epoch:{table_id}`` (``RedisStore.fence``), so a worker
that was paused past its TTL and wakes up cannot write, even before it
learns it lost the lease.

:class:`Leases` keeps one worker's leases: :meth:`Leases.run` renews all of
them every ``ttl / 3`` seconds. A lease is *lost* when a renewal finds
another value, or when no renewal succeeded for ``ttl`` seconds (Redis
unreachable: someone else may take it); ``on_lost(table_id, unreachable)``
is called once (``unreachable``: the second case, or the lease expired
with nobody holding it: this worker may take it again) and the lease is
forgotten.
"""

from __future__ import annotations

import asyncio
import logging
import os
import secrets
import socket
import time
from typing import Callable

import redis
import redis.asyncio as aioredis

from ahoy_tui.cluster import keys

log = logging.getLogger(__name__)

DEFAULT_TTL = 5.0
"""Seconds a lease lives without renewal (``--lease-ttl``)."""

_ACQUIRE = """
-- KEYS[1] lease, KEYS[2] epoch counter; ARGV[1] worker id, ARGV[2] ttl ms
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
local epoch = redis.call('INCR', KEYS[2])
redis.call('SET', KEYS[1], ARGV[1] .. ':' .. epoch, 'NX', 'PX', ARGV[2])
return epoch
"""

RENEW_SCRIPT = """
-- KEYS[1] lease; ARGV[1] expected value, ARGV[2] ttl ms. 1 renewed, 0 another holds it, -1 nobody does.
local value = redis.call('GET', KEYS[1])
if value == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
if not value then return -1 end
return 0
"""

_RELEASE = """
-- KEYS[1] lease, KEYS[2] handed-over mark; ARGV[1] expected value, ARGV[2] the mark's life (ms, 0: none)
if redis.call('GET', KEYS[1]) == ARGV[1] then
  if tonumber(ARGV[2]) > 0 then redis.call('SET', KEYS[2], '1', 'PX', ARGV[2]) end
  return redis.call('DEL', KEYS[1])
end
return 0
"""

_TAKE_HANDED = """
-- KEYS[1] handed-over mark: read and remove it
local v = redis.call('GET', KEYS[1])
if v then redis.call('DEL', KEYS[1]) end
return v
"""

HANDED_FOR = 24 * 3600.0
"""Seconds a table handed over by a worker that stopped cleanly is remembered as such."""


def new_worker_id() -> str:
    """A worker id unique in the cluster: ``"{hostname}-{pid}-{4 random hex}"``."""
    return f"{socket.gethostname()}-{os.getpid()}-{secrets.token_hex(2)}"


def owner_of(value: bytes | str | None) -> tuple[str, int] | None:
    """``(worker_id, epoch)`` of a lease value, or None (no lease, or not of that shape)."""
    if value is None:
        return None
    text = value.decode() if isinstance(value, bytes) else value
    worker, _, epoch = text.rpartition(":")
    return (worker, int(epoch)) if worker and epoch.isdigit() else None


class Leases:
    """One worker's table leases (see the module docstring).

    Args:
        client: An asyncio Redis client.
        worker_id: This worker's id (``new_worker_id``).
        ttl: Lease lifetime in seconds; renewed every ``ttl / 3``.
        on_lost: Called with ``(table_id, unreachable)`` once its lease is lost (on the loop);
            ``unreachable``: Redis could not be reached for a whole TTL (else another worker took it).
        clock: Monotonic seconds (tests).

    Attributes:
        held: Per table id, the epoch this worker holds it with.
    """

    def __init__(self, client: aioredis.Redis, worker_id: str, ttl: float = DEFAULT_TTL,
                 on_lost: Callable[[str, bool], None] = lambda table_id, unreachable: None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.client = client
        self.worker_id = worker_id
        self.ttl = ttl
        self.on_lost = on_lost
        self.clock = clock
        self.held: dict[str, int] = {}
        self._valid_until: dict[str, float] = {}
        self._running = False
        self._failing = False
        """Renewals fail (Redis out of reach): logged once until they succeed again."""
        self.errors = 0
        """Renewal round trips that failed (Redis errors; the host's metrics)."""

    @property
    def ms(self) -> int:
        """The TTL in whole milliseconds (at least 1)."""
        return max(1, int(self.ttl * 1000))

    def _value(self, table_id: str) -> str:
        return f"{self.worker_id}:{self.held[table_id]}"

    async def acquire(self, table_id: str) -> int | None:
        """Take ``table_id``'s lease if nobody holds it; returns the new epoch, or None when held.

        Raises:
            redis.RedisError: Redis cannot be reached.
        """
        started = self.clock()
        epoch = int(await self.client.eval(_ACQUIRE, 2, keys.lease(table_id), keys.epoch(table_id),
                                           self.worker_id, self.ms))
        if not epoch:
            return None
        self.held[table_id] = epoch
        self._valid_until[table_id] = started + self.ttl
        return epoch

    async def release(self, table_id: str, handed_over: bool = False) -> bool:
        """Give ``table_id``'s lease back (only if it is still ours); True when it was.
        ``handed_over``: this worker stops cleanly with the table written; the worker taking it
        next learns so (:meth:`take_handed`).

        Raises:
            redis.RedisError: Redis cannot be reached (the lease then expires on its own).
        """
        if table_id not in self.held:
            return False
        value = self._value(table_id)
        self.forget(table_id)
        mark = int(HANDED_FOR * 1000) if handed_over else 0
        return bool(await self.client.eval(_RELEASE, 2, keys.lease(table_id), keys.handed(table_id), value, mark))

    async def take_handed(self, table_id: str) -> bool:
        """True when ``table_id``'s last owner handed it over on a clean stop (the mark is removed).

        Raises:
            redis.RedisError: Redis cannot be reached.
        """
        return bool(await self.client.eval(_TAKE_HANDED, 1, keys.handed(table_id)))

    def forget(self, table_id: str) -> None:
        """Stop renewing ``table_id``'s lease (it expires by itself)."""
        self.held.pop(table_id, None)
        self._valid_until.pop(table_id, None)

    async def owner(self, table_id: str) -> tuple[str, int] | None:
        """Who holds ``table_id``'s lease now: ``(worker_id, epoch)``, or None."""
        return owner_of(await self.client.get(keys.lease(table_id)))

    async def renew_all(self) -> list[str]:
        """Renew every held lease in one round trip; returns the tables lost (``on_lost`` told)."""
        tables = list(self.held)
        if not tables:
            return []
        started = self.clock()
        lost: dict[str, bool] = {}
        """Table -> nobody is known to hold it (Redis unreachable, or the lease expired)."""
        try:
            pipe = self.client.pipeline(transaction=False)
            for t in tables:
                pipe.eval(RENEW_SCRIPT, 1, keys.lease(t), self._value(t), self.ms)
            results = await pipe.execute()
        except (redis.RedisError, OSError) as e:
            self.errors += 1
            if not self._failing:
                log.warning("cannot renew %d leases: %s (retrying every %.1f s)", len(tables), e, self.ttl / 3)
            self._failing = True
            lost = {t: True for t in tables if self._valid_until.get(t, 0.0) <= self.clock()}
        else:
            if self._failing:
                log.warning("leases renewed again")
            self._failing = False
            for t, ok in zip(tables, results):
                if ok == 1 and t in self.held:
                    self._valid_until[t] = started + self.ttl
                elif t in self.held:
                    lost[t] = ok == -1
        for t, unreachable in lost.items():
            self.forget(t)
            log.info("lease of %s lost (%s)", t,
                        "Redis out of reach for a whole TTL, or it expired" if unreachable
                        else "another worker holds it")
            try:
                self.on_lost(t, unreachable)
            except Exception:  # noqa: BLE001 - one table's handler must not stop the renewals
                log.exception("handling the lost lease of table %s failed", t)
        return list(lost)

    async def run(self) -> None:
        """Renew every ``ttl / 3`` seconds until cancelled or :meth:`stop`."""
        self._running = True
        while self._running:
            await asyncio.sleep(self.ttl / 3)
            if self._running:
                await self.renew_all()

    def stop(self) -> None:
        """End :meth:`run` at its next wake-up (a cancellation redis-py swallowed included)."""
        self._running = False

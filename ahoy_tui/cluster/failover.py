"""Which tables this worker owns, and taking over the tables of a worker that died (docs/deploy.md).

:class:`Ownership` joins a worker's ``Lobby`` (and its ``Handover``), its
``RedisStore`` and its ``Leases``:

* **New tables.** The lobby's ``table_ids`` strategy (this ``Ownership``) takes an id from a few
  *spares*: ids (``{prefix}t{n}``, the prefix unique to this worker) whose
  lease this worker already holds and whose store writes are already
  fenced, so a table's first entry is written by its owner. A spare used is
  replaced in the background.
* **Failover.** At start and every ``ttl`` seconds, the tables logged in
  Redis that no lobby owns (their lease free or expired) are tried: the
  first worker to acquire a lease (a higher epoch) fences the store, reads
  the log — complete, since the old owner's writes are refused from now on
  — and the lobby adopts the table (``Handover.adopt``). Each scan takes at
  most its share (free tables / live workers, from the heartbeats in
  ``ahoy:workers``, Redis time), so a dead worker's tables spread over the others.
* **Lost leases.** When a renewal fails (another worker took the table, or
  Redis was out of reach for a whole ``ttl``), or the store refuses a write
  as ``LEASE_LOST``, the lobby lets the table go at once (``Handover.let_go``).
* **Regained tables.** A table let go because Redis was out of reach (nobody
  is known to own it) is tried again every ``REGAIN_EVERY`` s until Redis
  answers: if its lease is still free this worker takes it back at once
  (a new epoch: the fence stays), and the lobby re-attaches the sessions
  that were at it (``Handover.adopt(..., "regained")``); if another worker
  holds it, it is forgotten here. The first scan after a failed one only
  beats, so each worker's own tables are first its own to take back.
* **Closed tables.** A lease whose table this lobby no longer holds is
  released at the next scan.
"""

from __future__ import annotations

import asyncio
import logging
import random
from typing import Any

import redis

from ahoy_tui.cluster import heartbeat, keys
from ahoy_tui.cluster.handover import Handover
from ahoy_tui.cluster.lease import Leases
from ahoy_tui.lobby.errors import Refused

log = logging.getLogger(__name__)

ALIVE_WITHIN = 3
"""A worker whose heartbeat (one per scan, every TTL) is newer than this many TTLs counts as live."""
FORGET_AFTER = 100
"""A worker silent for this many TTLs is removed from ``ahoy:workers``."""

REGAIN_EVERY = 0.2
"""Seconds between tries to take back the tables let go while Redis was out of reach (at most TTL/3)."""

SPARES = 8
"""Leased table ids kept ready for new tables: more tables than this opened at one worker
within one Redis round trip are refused ("try again in a moment")."""


class Ownership:
    """One worker's tables in a cluster (see the module docstring).

    Args:
        store: The worker's ``RedisStore`` (``fence``, ``unfence``, ``read_log``).
        leases: The worker's leases (their ``on_lost`` is set here).
        prefix: Table-id prefix unique to this worker (``"w3."``).
        spares: Leased ids kept ready.
        peers: Workers started with this one (``--workers N``): its first scan takes at most
            ``1/peers`` of the free tables even before the others beat, so a whole cluster
            started at once shares the tables instead of the first worker taking them all
            (the rest go to the others, or to this worker's next scan, one TTL later).

    Attributes:
        lobby: The ``Lobby`` (set with :meth:`attach`).
        handover: Its tables taken over and given up (set with :meth:`attach`).
        adopted: Ids of the tables taken over from other workers, in order.
    """

    def __init__(self, store: Any, leases: Leases, prefix: str, spares: int = SPARES, peers: int = 1) -> None:
        self.store = store
        self.peers = max(1, peers)
        self._scanned = False
        self.leases = leases
        self.prefix = prefix
        self.spares_wanted = spares
        self.lobby: Any = None
        self.handover: Handover = Handover()
        self.adopted: list[str] = []
        self.orphans: set[str] = set()
        """Tables let go because Redis was out of reach, to take back once it answers."""
        self._spares: list[str] = []
        self._next = 1
        self._tasks: list[asyncio.Task] = []
        self._refill = asyncio.Event()
        self._regain = asyncio.Event()
        self._stopped = False
        leases.on_lost = self.lost

    def attach(self, lobby: Any, handover: Handover) -> None:
        """The lobby whose tables this is about (create it with ``table_ids=ownership``,
        ``failover=handover``) and its ``handover``."""
        self.lobby = lobby
        self.handover = handover

    # -- new tables ----------------------------------------------------------

    def new_id(self) -> str:
        """An id for a new table, already leased by this worker and fenced (``TableIds.new_id``).

        Raises:
            Refused: no leased id is ready (Redis slow or unreachable): try again shortly.
        """
        if not self._spares:
            self._refill.set()
            raise Refused("the harbour is busy: try again in a moment")
        self._refill.set()
        return self._spares.pop(0)

    def restored(self, table_id: str) -> None:
        """``TableIds.restored``: leased ids never repeat (a restored table keeps its own)."""

    async def fill_spares(self) -> None:
        """Lease ids until ``spares`` are ready.

        Raises:
            redis.RedisError: Redis cannot be reached.
        """
        while len(self._spares) < self.spares_wanted:
            table_id = f"{self.prefix}t{self._next}"
            self._next += 1
            epoch = await self.leases.acquire(table_id)
            if epoch is not None:
                self.store.fence(table_id, epoch)
                self._spares.append(table_id)

    # -- failover -------------------------------------------------------------

    async def beat(self) -> int:
        """Mark this worker alive in ``ahoy:workers`` (Redis time, s: ``heartbeat.beat``) and forget
        workers silent for ``FORGET_AFTER`` TTLs; returns how many workers beat within
        ``ALIVE_WITHIN`` TTLs (>= 1).

        Raises:
            redis.RedisError: Redis cannot be reached.
        """
        client = self.leases.client
        now = await heartbeat.beat(client, self.leases.worker_id)
        beats = {w.decode(): float(t) for w, t in (await client.hgetall(keys.WORKERS)).items()}
        silent = [w for w, t in beats.items() if t < now - FORGET_AFTER * self.leases.ttl]
        if silent:
            await client.hdel(keys.WORKERS, *silent)
        return max(1, sum(1 for t in beats.values() if t >= now - ALIVE_WITHIN * self.leases.ttl))

    async def _free_tables(self) -> list[str]:
        """Logged tables that nobody holds a lease on, in a random order (so scanners spread)."""
        client = self.leases.client
        logged = [raw.decode() for raw in await client.zrange(keys.LOGS, 0, -1)]
        others = [t for t in logged if t not in self.leases.held and t not in self.lobby.tables]
        owners = await client.mget([keys.lease(t) for t in others]) if others else []
        free = [t for t, owner in zip(others, owners) if owner is None]
        random.shuffle(free)
        return free

    async def _adopt(self, table_id: str) -> bool:
        """Take ``table_id``'s lease, fence the store, read the log and adopt it (``regained``
        when it is one of this worker's ``orphans``); False when another worker was faster."""
        epoch = await self.leases.acquire(table_id)
        if epoch is None:
            return False
        self.store.fence(table_id, epoch)
        tl = await asyncio.to_thread(self.store.read_log, table_id)
        if table_id not in self.leases.held:  # lost again while reading
            return False
        regained = table_id in self.orphans
        self.orphans.discard(table_id)
        handed = await self.leases.take_handed(table_id)  # its owner stopped cleanly: a restart
        problem = self.handover.adopt(tl, "regained" if regained else "resumed" if handed else "adopted")
        log.info("table %s %s with epoch %d%s", table_id, "taken back" if regained else "adopted", epoch,
                 f" ({problem})" if problem else "")
        self.adopted.append(table_id)
        return True

    async def regain(self) -> list[str]:
        """Take back the ``orphans`` whose lease is free; forget those another worker holds.
        Returns the ids taken back.

        Raises:
            redis.RedisError: Redis cannot be reached (still out of reach: try again later).
        """
        taken: list[str] = []
        for table_id in sorted(self.orphans):
            if table_id in self.lobby.tables:
                self.orphans.discard(table_id)
            elif await self._adopt(table_id):
                taken.append(table_id)
            else:
                holder = await self.leases.owner(table_id)
                if holder is None or holder[0] != self.leases.worker_id:  # not our old lease still expiring
                    self.orphans.discard(table_id)
        return taken

    async def scan(self) -> list[str]:
        """Adopt this worker's share of the logged tables whose lease is free (all of them when it
        is the only live worker; the rest go to others or to the next scan), and release the
        leases of tables closed here. Returns the ids adopted.

        Raises:
            redis.RedisError: Redis cannot be reached.
        """
        live = await self.beat()
        if not self._scanned:  # the first scan, at start: the peers started with it may not beat yet
            live = max(live, self.peers)
        self._scanned = True
        free = await self._free_tables()
        share = -(-len(free) // live)
        taken: list[str] = []
        for table_id in free:
            if len(taken) >= share:
                break
            if await self._adopt(table_id):
                taken.append(table_id)
        for table_id in [t for t in self.leases.held if t not in self.lobby.tables and t not in self._spares]:
            self.store.unfence(table_id)
            await self.leases.release(table_id)
        return taken

    def lost(self, table_id: str, unreachable: bool = False) -> None:
        """A lease was lost: stop writing that table at once (``Handover.let_go``); ``unreachable``
        (Redis was out of reach, nobody is known to own it): take it back once Redis answers."""
        if table_id in self._spares:
            self._spares.remove(table_id)
            self._refill.set()
        self.store.unfence(table_id)
        if unreachable and table_id in self.lobby.tables:
            self.orphans.add(table_id)
            self._regain.set()
        self.handover.let_go(table_id, unreachable=unreachable)

    # -- the tasks -------------------------------------------------------------

    async def start(self) -> None:
        """Lease the spares, adopt every free table, then keep renewing, scanning and refilling.

        Raises:
            redis.RedisError: Redis cannot be reached.
        """
        await self.fill_spares()
        await self.scan()
        self._tasks = [asyncio.create_task(self.leases.run(), name="lease renewals"),
                       asyncio.create_task(self._scanning(), name="table failover"),
                       asyncio.create_task(self._refilling(), name="spare table ids"),
                       asyncio.create_task(self._regaining(), name="tables taken back")]

    async def _scanning(self) -> None:
        failed = False
        while not self._stopped:
            await asyncio.sleep(self.leases.ttl)
            try:
                if failed:  # Redis was away: the tables it freed are their own workers' to take back first
                    await self.beat()
                else:
                    await self.scan()
                failed = False
            except (redis.RedisError, OSError) as e:
                if not failed:
                    log.warning("failover scan failed: %s", e)
                failed = True

    async def _refilling(self) -> None:
        failed = False
        while not self._stopped:
            await self._refill.wait()
            self._refill.clear()
            try:
                await self.fill_spares()
                failed = False
            except (redis.RedisError, OSError) as e:
                if not failed:
                    log.warning("cannot lease ids for new tables: %s", e)
                failed = True
                await asyncio.sleep(self.leases.ttl / 3)
                self._refill.set()

    async def _regaining(self) -> None:
        while not self._stopped:
            await self._regain.wait()
            try:
                await self.regain()
            except (redis.RedisError, OSError):
                pass  # still out of reach
            if self.orphans:  # tried often, so that the first try after Redis is back is this worker's
                await asyncio.sleep(min(REGAIN_EVERY, self.leases.ttl / 3))
            else:
                self._regain.clear()

    async def stop(self) -> None:
        """Stop the tasks and release every lease (call after the store wrote what it held,
        so other workers take the tables over at once)."""
        self._stopped = True
        self.leases.stop()
        self._refill.set()
        self._regain.set()
        for task in self._tasks:
            task.cancel()
        if self._tasks:  # redis-py may swallow a cancellation mid-command: do not wait forever
            await asyncio.wait(self._tasks, timeout=self.leases.ttl)
        self._tasks = []
        try:
            await self.leases.client.hdel(keys.WORKERS, self.leases.worker_id)
        except (redis.RedisError, OSError):
            pass
        for table_id in list(self.leases.held):
            try:
                await self.leases.release(table_id, handed_over=table_id in self.lobby.tables)
            except (redis.RedisError, OSError):
                break

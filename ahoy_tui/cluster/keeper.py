"""Keeps a busy worker's leases and heartbeat alive while its event loop is stalled.

A worker's leases are renewed and its heartbeat written by tasks on its
event loop (:meth:`Leases.run`, ``Watch.beat``). A loop that is merely
*busy* — 50 players connecting at once, a few hundred screens to draw —
can run those tasks seconds late; past ``--lease-ttl`` every one of its
tables was taken by another worker and its sessions' proxies ended, and
under load the cluster threw tables from worker to worker (measured:
``bench/load.py -n 400 --workers 2`` lost every lease of both workers in
the connect storm, before this keeper).

:class:`LeaseKeeper` is a daemon thread with its own (blocking) Redis
client. Every ``ttl / 3`` seconds it renews every lease the worker holds
(the same compare-and-extend script, so a lease another worker took is not
touched) and writes the heartbeat (Redis time, s, in ``ahoy:workers``) —
but only while the loop proves it is alive: a callback on the loop stamps
the time every ``ttl / 3`` s, and once no stamp came for ``max_stall``
seconds the keeper stops, so a *hung* loop (a deadlock, a callback that
never returns) still loses its tables after ``max_stall + ttl`` s. A
paused process (SIGSTOP, a frozen VM) pauses the thread too: its leases
run out after ``ttl`` as before, and the epoch fence still refuses a
woken owner's writes. The loop's own renewals stay the authority on a
lost lease (``Leases.on_lost``); the keeper only extends.
"""

from __future__ import annotations

import asyncio
import logging
import threading
import time

import redis

from ahoy_tui.cluster import heartbeat, keys
from ahoy_tui.cluster.lease import RENEW_SCRIPT, Leases

log = logging.getLogger(__name__)

MAX_STALL = 60.0
"""Seconds without a loop stamp after which the keeper stops renewing (the loop counts as hung)."""


class LeaseKeeper:
    """A thread renewing ``leases`` and the worker's heartbeat while the loop lives (module docstring).

    Args:
        url: The Redis URL (a blocking client of its own, timeouts of ``ttl`` s).
        leases: The worker's leases (read-only here: ``held``, ``worker_id``, ``ttl``).
        max_stall: Seconds without a loop stamp after which the keeper stops (``MAX_STALL``).

    Attributes:
        renewals: Rounds in which it renewed (tests and benches read it).
    """

    def __init__(self, url: str, leases: Leases, max_stall: float = MAX_STALL) -> None:
        self.leases = leases
        self.period = leases.ttl / 3
        self.max_stall = max_stall
        self.renewals = 0
        self._client = redis.Redis.from_url(url, socket_timeout=leases.ttl, socket_connect_timeout=leases.ttl)
        self._stamp = time.monotonic()
        self._stop = threading.Event()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._timer: asyncio.TimerHandle | None = None
        self._thread = threading.Thread(target=self._run, name="lease keeper", daemon=True)

    def start(self) -> None:
        """Stamp on the running loop every ``ttl / 3`` s and start the thread (call on the loop)."""
        self._loop = asyncio.get_running_loop()
        self._stamp_now()
        self._thread.start()

    def _stamp_now(self) -> None:
        self._stamp = time.monotonic()
        if not self._stop.is_set() and self._loop is not None:
            self._timer = self._loop.call_later(self.period, self._stamp_now)

    def stop(self) -> None:
        """Stop stamping and renewing (the thread ends within ``ttl / 3`` s); idempotent."""
        self._stop.set()
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        self._client.close()

    def stalled_for(self) -> float:
        """Seconds since the loop's last stamp."""
        return time.monotonic() - self._stamp

    def _run(self) -> None:
        while not self._stop.wait(self.period):
            if self.stalled_for() > self.max_stall:
                continue  # hung: let the leases run out (another worker takes the tables)
            try:
                self.renew()
            except (redis.RedisError, OSError) as e:
                log.debug("lease keeper: cannot renew (%s)", e)

    def renew(self) -> None:
        """One round: extend every held lease that is still ours, and write the heartbeat.

        Raises:
            redis.RedisError: Redis cannot be reached (the loop's renewals decide what is lost).
        """
        leases = self.leases
        held = leases.held.copy()  # one C call: safe against the loop adding or dropping a table
        pipe = self._client.pipeline(transaction=False)
        for table_id, epoch in held.items():
            pipe.eval(RENEW_SCRIPT, 1, keys.lease(table_id), f"{leases.worker_id}:{epoch}", leases.ms)
        heartbeat.beat_on(pipe, leases.worker_id)
        pipe.execute()
        self.renewals += 1

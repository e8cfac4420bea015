"""One worker's link to Redis: an ordered publisher and one subscriber (docs/lobby-api.md, "The cluster lobby").

Every write a worker makes for the cluster lobby (``PUBLISH`` to a worker's
channel or the lobby channel, directory ``HSET``/``HDEL``, lobby chat
``XADD``) goes through one queue drained by one task, in order, so a
receiver sees a worker's messages in the order it sent them: a reply comes
after the messages its command caused. One pub/sub connection receives
this worker's channel (``ahoy:w:{worker_id}``) and the lobby channel
(``ahoy:lobby``) in the order Redis got them.

Channels are named as above in the code; on the wire each carries the
number of the URL's Redis database (``ahoy:1:lobby`` for ``.../1`` or
``?db=1``: ``redis_keys.on_database``), so clusters on two databases of one
Redis server never hear each other (pub/sub is global to a server).

When Redis goes away both tasks retry every ``RETRY`` s; queued writes wait
(none is dropped); once the subscriber is back ``on_reconnect`` runs so the
lobby can republish what it owns and ask for what it may have missed.
Counts: ``bytes_out`` (payload bytes written), ``published`` (messages).
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Awaitable, Callable

import redis.asyncio as aioredis
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import RedisError, TimeoutError as RedisTimeoutError

from ahoy_tui.cluster import keys
from ahoy_tui.cluster.keys import worker_channel
from ahoy_tui.store.redis_keys import on_database

log = logging.getLogger(__name__)

LOBBY_CHANNEL = keys.PREFIX + "lobby"
"""Pub/sub channel every worker hears: directory rows, presence, lobby chat."""
RETRY = 0.2
"""Seconds between attempts while Redis is unreachable."""
BATCH = 256
"""Most queued writes sent in one pipeline."""

Write = Callable[[object], object]
"""A write: given a redis-py pipeline, queues one command on it."""


async def stop_tasks(tasks: list[asyncio.Task]) -> None:
    """Cancel ``tasks`` and wait until each has ended (a cancellation swallowed inside a
    Redis call is repeated)."""
    for t in tasks:
        while not t.done():
            t.cancel()
            await asyncio.wait([t], timeout=0.5)
        if not t.cancelled() and t.exception() is not None:
            log.warning("task %s ended with %r", t.get_name(), t.exception())


class Bus:
    """Ordered writes and one subscription for worker ``worker_id``.

    Args:
        url: redis-py URL (``redis://host:6379/0``, ``unix:///path/redis.sock``).
        worker_id: This worker's id (its channel is :func:`worker_channel`).
        on_message: Called on the loop with ``(channel, data)`` for every message heard.
        on_reconnect: Awaited after the subscription is made again following a loss.
    """

    def __init__(self, url: str, worker_id: str, on_message: Callable[[str, bytes], None],
                 on_reconnect: Callable[[], Awaitable[None]] | None = None) -> None:
        self.url = url
        self.worker_id = worker_id
        self.channel = worker_channel(worker_id)
        """This worker's channel: requests, replies and its sessions' messages."""
        self.on_message = on_message
        self.on_reconnect = on_reconnect
        self.redis = aioredis.Redis.from_url(url, socket_timeout=5.0, socket_connect_timeout=2.0)
        self.db = int(self.redis.connection_pool.connection_kwargs.get("db") or 0)
        """The URL's Redis database: every channel's wire name carries it (``redis_keys.on_database``)."""
        self._heard_as = {on_database(c, self.db): c for c in (self.channel, LOBBY_CHANNEL)}
        """Wire name -> channel, for the two channels this worker listens to."""
        self._queue: asyncio.Queue[Write] = asyncio.Queue()
        self._tasks: list[asyncio.Task] = []
        self._ready = asyncio.Event()
        self.bytes_out = 0
        self.published = 0
        self.connected = False
        self.since = time.monotonic()
        """When the subscription was last made (monotonic s)."""

    def listening_for(self) -> float:
        """Seconds since the subscription was last made (0 while it is down)."""
        return time.monotonic() - self.since if self.connected else 0.0

    async def start(self) -> None:
        """Subscribe (waits until the subscription is made) and start writing.

        Raises:
            redis.exceptions.ConnectionError: Redis is not reachable now.
        """
        await self.redis.ping()
        self._tasks = [asyncio.create_task(self._listen(), name=f"bus-listen-{self.worker_id}"),
                       asyncio.create_task(self._write(), name=f"bus-write-{self.worker_id}")]
        await self._ready.wait()

    async def close(self, flush: bool = True) -> None:
        """Stop both tasks (``flush``: first send what is queued, within 2 s) and close the connections."""
        if flush:
            try:
                await asyncio.wait_for(self._drained(), 2.0)
            except asyncio.TimeoutError:
                pass
        await stop_tasks(self._tasks)
        self._tasks = []
        await self.redis.aclose()

    @property
    def running(self) -> bool:
        """Started and not closed."""
        return bool(self._tasks)

    async def _drained(self) -> None:
        await self._queue.join()

    # -- writing ----------------------------------------------------------------------------

    def write(self, op: Write, size: int = 0) -> None:
        """Queue one write (sent in order after every write queued before it); ``size``: its payload bytes."""
        self.bytes_out += size
        self._queue.put_nowait(op)

    def publish(self, channel: str, data: bytes) -> None:
        """Queue a ``PUBLISH`` of ``data`` on ``channel``."""
        self.published += 1
        wire = on_database(channel, self.db)
        self.write(lambda p: p.publish(wire, data), len(data))

    async def _write(self) -> None:
        while True:
            ops = [await self._queue.get()]
            while len(ops) < BATCH and not self._queue.empty():
                ops.append(self._queue.get_nowait())
            waited = 0
            while True:
                try:
                    async with self.redis.pipeline(transaction=False) as pipe:
                        for op in ops:
                            op(pipe)
                        await pipe.execute(raise_on_error=False)
                    break
                except (RedisConnectionError, RedisTimeoutError, OSError) as e:
                    if not waited:  # one line when writes start waiting, one when they go again
                        log.warning("redis: writes wait (%s); retrying every %.1f s", e, RETRY)
                    waited += 1
                    await asyncio.sleep(RETRY)
            if waited:
                log.warning("redis: writes go again after %d retries (%d queued)", waited,
                            len(ops) + self._queue.qsize())
            for _ in ops:
                self._queue.task_done()

    # -- listening --------------------------------------------------------------------------

    async def _listen(self) -> None:
        first = True
        while True:
            pubsub = self.redis.pubsub(ignore_subscribe_messages=True)
            try:
                await pubsub.subscribe(*self._heard_as)
                self.since = time.monotonic()
                self.connected = True
                self._ready.set()
                if not first:
                    log.warning("redis: worker %s listens again", self.worker_id)
                    if self.on_reconnect is not None:
                        asyncio.create_task(self.on_reconnect())
                first = False
                while True:
                    msg = await pubsub.get_message(timeout=1.0)
                    if msg is None or msg.get("type") != "message":
                        continue
                    wire = msg["channel"]
                    wire = wire.decode() if isinstance(wire, bytes) else wire
                    self._dispatch(self._heard_as.get(wire, wire), msg["data"])
            except (RedisConnectionError, RedisTimeoutError, OSError) as e:
                if self.connected:
                    log.warning("redis: worker %s lost its subscription (%s)", self.worker_id, e)
                self.connected = False
                await asyncio.sleep(RETRY)
            finally:
                try:
                    await pubsub.aclose()
                except (RedisError, OSError):
                    pass

    def _dispatch(self, channel: str, data: bytes) -> None:
        try:
            self.on_message(channel, data)
        except Exception:
            log.exception("worker %s: a message on %s failed", self.worker_id, channel)

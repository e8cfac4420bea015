"""What a ``ClusterLobby`` hears and watches: envelopes, heartbeats, dead workers, Redis coming back.

One :class:`Watch` per ``ClusterLobby`` (its ``watch``), with the state of that job: the
heartbeat and sweep tasks, the rejoin under way, and Redis's clock as the heartbeats tell it.

* :meth:`Watch.heard` dispatches every envelope (:mod:`ahoy_tui.cluster.wire`).
* :meth:`Watch.beat` writes this worker's heartbeat to ``ahoy:workers`` every
  ``heartbeat`` s (Redis server time, s); :meth:`Watch.sweep_forever` finds workers
  silent for ``dead_after`` s (judged only once this worker has heard Redis for
  ``dead_after`` s: after an outage nobody's heartbeat is fresh): the first worker to remove one tells every
  worker (``gone``) and leaves it a mark (``ahoy:gone:{worker}``), and each
  owner ends that worker's proxies, so their seats go to the autopilot (R17).
* A worker that was only paused (SIGSTOP, a frozen VM) and hears ``gone``
  naming itself, or finds the mark at its next beat, joins again
  (:meth:`Watch.declared_gone`: as after Redis came back).
* :meth:`Watch.reconnected` runs when the subscription is back after Redis was
  away: this worker writes its rows and sessions again, reads the
  directory again, and asks for a full update of every table of another
  worker one of its sessions is at (messages may have been lost meanwhile),
  and claims its sessions' names and places again (:mod:`ahoy_tui.cluster.claims`,
  :mod:`ahoy_tui.cluster.places`).

A dead worker's sessions leave ``ahoy:sessions`` and free their names and places.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any

from redis.exceptions import RedisError

from ahoy_tui.cluster import claims, heartbeat
from ahoy_tui.cluster.bus import LOBBY_CHANNEL, stop_tasks
from ahoy_tui.cluster.directory import SESSIONS_KEY, TABLES_KEY, WORKERS_KEY
from ahoy_tui.cluster.peer import Peer
from ahoy_tui.cluster.retry import until_done
from ahoy_tui.cluster.wire import pack, unpack
from ahoy_tui.lobby.codec import CodecError
from ahoy_tui.lobby.messages import ChatMessage

log = logging.getLogger(__name__)


class Watch:
    """What worker ``lobby`` hears and watches (see the module docstring).

    Attributes:
        clock_offset: Redis's clock minus this machine's (s), learnt at each heartbeat.
    """

    def __init__(self, lobby: Peer) -> None:
        self.lobby = lobby
        self.clock_offset = 0.0
        self._tasks: list[asyncio.Task] = []
        self._rejoin: asyncio.Task | None = None
        self._closing = False

    # -- life ---------------------------------------------------------------------------------

    async def open(self) -> None:
        """Beat once, read the directory, then keep beating and sweeping (``start``).

        Raises:
            redis.RedisError: Redis cannot be reached.
        """
        await self.beat_once()
        await self.read_directory()
        self.lobby.core.tables_changed()
        self.start()

    def start(self) -> None:
        """Start the heartbeat and the sweep for dead workers."""
        me = self.lobby.worker_id
        self._tasks = [asyncio.create_task(self.beat(), name=f"beat-{me}"),
                       asyncio.create_task(self.sweep_forever(), name=f"watch-{me}")]

    async def pause(self) -> None:
        """Stop the heartbeat and the sweep (``start`` starts them again)."""
        await stop_tasks(self._tasks)
        self._tasks = []

    async def close(self) -> None:
        """Stop every task, a rejoin under way too; nothing starts again."""
        self._closing = True
        await stop_tasks(self._tasks + ([self._rejoin] if self._rejoin is not None else []))
        self._tasks = []

    def now(self) -> float:
        """Redis's clock now (s), as this machine's clock and the last heartbeat tell it."""
        return time.time() + self.clock_offset

    # -- hearing ------------------------------------------------------------------------------

    def heard(self, data: bytes) -> None:
        """Act on one envelope from Redis (a bad one is logged and dropped)."""
        lobby = self.lobby
        try:
            env = unpack(data)
        except CodecError as e:
            log.warning("cluster: dropped an unreadable envelope (%s)", e)
            return
        kind, me = env["k"], lobby.worker_id
        if kind == "msg":
            lobby.deliver(env)
        elif kind == "rep":
            lobby.resolve(env)
        elif kind == "req":
            lobby.owner.serve(env)
        elif kind == "gone" and env.get("w") == me:
            self.declared_gone()  # another worker found this one silent (paused): join again
        elif env.get("w", env.get("o")) == me:
            return  # this worker's own broadcast
        elif kind == "dir":
            self._row(env)
        elif kind in ("on", "off"):
            self._presence(env)
        elif kind == "chat" and isinstance(env.get("m"), ChatMessage):
            lobby.core.heard_chat(env["m"])
        elif kind == "gone":
            self.forget_worker(env.get("w", ""))
        elif kind == "mod" and isinstance(env.get("c"), dict) and lobby.on_moderation is not None:
            lobby.on_moderation(env["c"])

    def apply_row(self, data: bytes) -> None:
        """A packed ``dir`` envelope read from ``ahoy:tables``."""
        try:
            env = unpack(data)
        except CodecError:
            return
        if env.get("o") != self.lobby.worker_id:
            self.lobby.directory.set_row(env["t"], env["o"], env.get("sum"), frozenset(env.get("ids", ())))

    def apply_presence(self, data: bytes) -> None:
        """A packed ``on`` envelope read from ``ahoy:sessions``."""
        try:
            env = unpack(data)
        except CodecError:
            return
        if env.get("w") != self.lobby.worker_id:
            self.lobby.directory.session_on(env["w"], env["s"], env["i"], env["n"], env.get("a", ""))

    async def read_directory(self) -> None:
        """Read every table row and session of the cluster from Redis into the directory.

        Raises:
            redis.RedisError: Redis cannot be reached.
        """
        redis = self.lobby.bus.redis
        for data in (await redis.hgetall(TABLES_KEY)).values():
            self.apply_row(data)
        for data in (await redis.hgetall(SESSIONS_KEY)).values():
            self.apply_presence(data)

    def _row(self, env: dict[str, Any]) -> None:
        lobby = self.lobby
        table_id, owner = env["t"], env["o"]
        if lobby.directory.set_row(table_id, owner, env.get("sum"), frozenset(env.get("ids", ()))):
            if env.get("sum") is not None:
                self._follow(table_id, owner)
            with lobby.core.batch():
                lobby.core.tables_changed()

    def _follow(self, table_id: str, owner: str) -> None:
        """Table ``table_id`` is ``owner``'s: members here who were at it through another worker (its
        owner died, failover), or at it here until Redis went away (``Handover.waiting``), join it again
        there (R17) and get a full update (``follow``: they never left, so nobody is told they are back)."""
        lobby = self.lobby
        waiting = lobby.handover.take_waiting(table_id)
        for handle in list(lobby.sessions()):
            tables = lobby.remote_tables(handle)
            if handle in waiting:
                tables.setdefault(table_id, "")
            if tables.get(table_id, owner) != owner:
                tables[table_id] = owner
                asyncio.ensure_future(lobby.quietly(lobby.ask(owner, "follow", handle, table_id)))

    def _presence(self, env: dict[str, Any]) -> None:
        lobby = self.lobby
        if env["k"] == "on":
            lobby.directory.session_on(env["w"], env["s"], env["i"], env["n"], env.get("a", ""))
            if env.get("r"):  # a live session: the older ones of its identity end
                lobby.replace_older(env["i"], env["n"], float(env.get("at", 0.0)))
        else:
            lobby.directory.session_off(env["w"], env["s"])
        with lobby.core.batch():
            lobby.core.tables_changed()

    def forget_worker(self, worker: str) -> None:
        """``worker`` is gone: end its proxies here (R17) and forget its sessions. Logged once (a
        worker that found it dead also hears its own ``gone``: by then nothing of it is left here)."""
        lobby = self.lobby
        if not worker or worker == lobby.worker_id:
            return
        ended = lobby.owner.drop_worker(worker)
        rows = [t for t, r in lobby.directory.tables.items() if r.owner == worker]
        sessions = lobby.directory.forget_worker(worker)  # its tables leave the list until a worker adopts them
        with lobby.core.batch():
            lobby.core.tables_changed()
        if ended or rows or sessions:
            log.warning("cluster: worker %s is gone (%d of its sessions were at tables here)", worker, ended)
        else:
            log.debug("cluster: worker %s is gone (nothing of it was known here)", worker)

    # -- heartbeats and dead workers ----------------------------------------------------------

    def say_goodbye(self) -> None:
        """Queue this worker's goodbye: its heartbeat removed, every worker told."""
        bus, me = self.lobby.bus, self.lobby.worker_id
        bus.write(lambda p: p.hdel(WORKERS_KEY, me))
        bus.publish(LOBBY_CHANNEL, pack({"k": "gone", "w": me}))

    async def beat_once(self) -> bool:
        """Write this worker's heartbeat now (Redis time, s; ``clock_offset`` learns Redis's
        clock from it); True when another worker had declared this one gone meanwhile (its mark is
        taken: the caller joins again).

        Raises:
            redis.RedisError: Redis cannot be reached.
        """
        lobby = self.lobby
        async with lobby.bus.redis.pipeline(transaction=False) as pipe:
            heartbeat.beat_on(pipe, lobby.worker_id)
            heartbeat.take_mark(pipe, lobby.worker_id)
            now, marked = await pipe.execute()
        self.clock_offset = float(now) - time.time()
        return bool(marked)

    async def beat(self) -> None:
        """Write this worker's heartbeat every ``lobby.heartbeat`` seconds (while Redis answers);
        when it finds it was declared gone, it joins again (:meth:`declared_gone`)."""
        while True:
            await asyncio.sleep(self.lobby.heartbeat)
            try:
                if await self.beat_once():
                    self.declared_gone()
            except (RedisError, OSError) as e:
                log.debug("cluster: heartbeat skipped (%s)", e)

    async def sweep_forever(self) -> None:
        """Every heartbeat, find workers silent for ``lobby.dead_after`` s and end them."""
        while True:
            await asyncio.sleep(self.lobby.heartbeat)
            try:
                await self.sweep()
            except (RedisError, OSError) as e:
                log.debug("cluster: watch skipped (%s)", e)

    async def sweep(self) -> None:
        """Once: end the workers silent for ``lobby.dead_after`` s, and those another worker removed.

        Raises:
            redis.RedisError: Redis cannot be reached.
        """
        lobby = self.lobby
        redis, me = lobby.bus.redis, lobby.worker_id
        if lobby.bus.listening_for() < lobby.dead_after:
            return  # Redis was away just now: nobody could beat; give every worker time to beat again
        now = await heartbeat.now(redis)
        beats = await redis.hgetall(WORKERS_KEY)
        beating = {raw.decode() for raw in beats}
        known = ({k.split("/", 1)[0] for k in lobby.directory.sessions} | {w for w, _ in lobby.owner.proxies}
                 | {r.owner for r in lobby.directory.tables.values()})
        for worker in known - beating - {me}:  # removed from ahoy:workers by another worker: dead
            self.forget_worker(worker)
        for raw, at in beats.items():
            worker = raw.decode()
            if worker == me or now - float(at) <= lobby.dead_after:
                continue
            await claims.release_worker(redis, worker)  # first: a failure here is retried at the next sweep
            if await redis.hdel(WORKERS_KEY, worker):
                fields = [k for k in await redis.hkeys(SESSIONS_KEY) if k.decode().startswith(f"{worker}/")]
                async with redis.pipeline(transaction=False) as pipe:
                    heartbeat.mark_gone(pipe, worker)  # if it was only paused, it joins again
                    if fields:
                        pipe.hdel(SESSIONS_KEY, *fields)
                    await pipe.execute()
                lobby.bus.publish(LOBBY_CHANNEL, pack({"k": "gone", "w": worker}))
            self.forget_worker(worker)

    # -- joining again ------------------------------------------------------------------------

    def declared_gone(self) -> None:
        """Another worker declared this one gone (a ``gone`` envelope naming it, or the mark
        found by its heartbeat): write its heartbeat, sessions and owned rows again
        (:meth:`rejoin`), once at a time; nothing once closed."""
        if self._closing or (self._rejoin is not None and not self._rejoin.done()):
            return
        self._rejoin = asyncio.create_task(self.rejoin(), name=f"rejoin-{self.lobby.worker_id}")

    async def rejoin(self) -> None:
        """Another worker declared this one gone (it was paused past ``dead_after``): its
        heartbeat, sessions and owned rows are written again (:meth:`reconnected`)."""
        log.warning("cluster: worker %s was declared gone by another worker (paused?): it joins again",
                    self.lobby.worker_id)
        await self.reconnected()

    async def reconnected(self) -> None:
        """Redis is back: beat, write what this worker owns again, read the directory, resync remote tables.

        Each step that reads or writes Redis itself is tried again until it works
        (:func:`~ahoy_tui.cluster.retry.until_done`): a restarted Redis takes subscriptions while it
        still answers every command with "loading the dataset in memory".
        """
        lobby = self.lobby
        core = lobby.core
        if not await until_done(lobby, "the heartbeat", self.beat_once):  # first: not taken for dead
            return  # lost again: the next reconnected does it all
        lobby.publication.forget_announced()  # every owned row is published again
        core.tables_changed()
        for handle, sid in lobby.sessions().items():
            lobby.announce(handle, sid, True)
        await until_done(lobby, "claiming the names again", lobby.reclaim_names)
        await until_done(lobby, "counting the sessions again", lobby.places.claim_again)
        await until_done(lobby, "reading the directory again", self.read_directory)
        if lobby.on_moderation is not None:  # a change published while away was not heard
            await until_done(lobby, "reading moderation again", self._reload_moderation)
        with core.batch():
            core.tables_changed()
        for handle in list(lobby.sessions()):
            for table_id, owner in list(lobby.remote_tables(handle).items()):
                asyncio.ensure_future(lobby.quietly(lobby.ask(owner, "resync", handle, table_id)))

    async def _reload_moderation(self) -> None:
        """Raises ``StoreError`` when Redis cannot be read (``ahoy_tui.moderation.sync.heard``)."""
        if self.lobby.on_moderation is not None:
            self.lobby.on_moderation({"op": "reload"})

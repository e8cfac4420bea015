"""What a ``ClusterLobby`` hears and watches: envelopes, heartbeats, dead workers, Redis coming back.

* :func:`heard` dispatches every envelope (:mod:`ahoy_tui.cluster.wire`).
* :func:`beat` writes this worker's heartbeat to ``ahoy:workers`` every
  ``heartbeat`` s (Redis server time, s); :func:`watch` finds workers
  silent for ``dead_after`` s (judged only once this worker has heard Redis for
  ``dead_after`` s: after an outage nobody's heartbeat is fresh): the first worker to remove one tells every
  worker (``gone``) and leaves it a mark (``ahoy:gone:{worker}``), and each
  owner ends that worker's proxies, so their seats go to the autopilot (R17).
* A worker that was only paused (SIGSTOP, a frozen VM) and hears ``gone``
  naming itself, or finds the mark at its next beat, joins again
  (:func:`rejoin`: as after Redis came back).
* :func:`reconnected` runs when the subscription is back after Redis was
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
from ahoy_tui.cluster.bus import LOBBY_CHANNEL
from ahoy_tui.cluster.directory import SESSIONS_KEY, TABLES_KEY, WORKERS_KEY
from ahoy_tui.cluster.peer import Peer
from ahoy_tui.cluster.retry import until_done
from ahoy_tui.cluster.wire import pack, unpack
from ahoy_tui.lobby.codec import CodecError
from ahoy_tui.lobby.messages import ChatMessage, TableClosed, TableUpdate
from ahoy_tui.lobby.table_commands import SeatCommands

log = logging.getLogger(__name__)


def heard(lobby: Peer, data: bytes) -> None:
    """Act on one envelope from Redis (a bad one is logged and dropped)."""
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
        lobby.declared_gone()  # another worker found this one silent (paused): join again
    elif env.get("w", env.get("o")) == me:
        return  # this worker's own broadcast
    elif kind == "dir":
        _row(lobby, env)
    elif kind in ("on", "off"):
        _presence(lobby, env)
    elif kind == "chat" and isinstance(env.get("m"), ChatMessage):
        lobby.core.heard_chat(env["m"])
    elif kind == "gone":
        forget_worker(lobby, env.get("w", ""))
    elif kind == "mod" and isinstance(env.get("c"), dict) and lobby.on_moderation is not None:
        lobby.on_moderation(env["c"])


def apply_row(lobby: Peer, data: bytes) -> None:
    """A packed ``dir`` envelope read from ``ahoy:tables``."""
    try:
        env = unpack(data)
    except CodecError:
        return
    if env.get("o") != lobby.worker_id:
        lobby.directory.set_row(env["t"], env["o"], env.get("sum"), frozenset(env.get("ids", ())))


def apply_presence(lobby: Peer, data: bytes) -> None:
    """A packed ``on`` envelope read from ``ahoy:sessions``."""
    try:
        env = unpack(data)
    except CodecError:
        return
    if env.get("w") != lobby.worker_id:
        lobby.directory.session_on(env["w"], env["s"], env["i"], env["n"], env.get("a", ""))


def _row(lobby: Peer, env: dict[str, Any]) -> None:
    table_id, owner = env["t"], env["o"]
    if lobby.directory.set_row(table_id, owner, env.get("sum"), frozenset(env.get("ids", ()))):
        if env.get("sum") is not None:
            _follow(lobby, table_id, owner)
        with lobby.core.batch():
            lobby.core.tables_changed()


def _follow(lobby: Peer, table_id: str, owner: str) -> None:
    """Table ``table_id`` is ``owner``'s: members here who were at it through another worker (its
    owner died, failover), or at it here until Redis went away (``Handover.waiting``), join it again
    there (R17) and get a full update (``follow``: they never left, so nobody is told they are back)."""
    waiting = lobby.handover.take_waiting(table_id)
    for handle in list(lobby.sessions()):
        tables = lobby.remote_tables(handle)
        if handle in waiting:
            tables.setdefault(table_id, "")
        if tables.get(table_id, owner) != owner:
            tables[table_id] = owner
            asyncio.ensure_future(lobby.quietly(lobby.ask(owner, "follow", handle, table_id)))


def take_back(lobby: Peer, table_id: str) -> None:
    """``lobby`` owns ``table_id`` now: its sessions that were at it through another worker are
    attached to it here (R17: their seats, a full update), without "is back": they never left."""
    table = lobby.core.tables.get(table_id)
    if table is None:
        return
    with lobby.core.batch():
        for handle in list(lobby.sessions()):
            if lobby.remote_tables(handle).pop(table_id, None) is not None and handle not in table.members:
                SeatCommands(table).attach(handle, table.seat_of(handle.identity), returning=False)


def _presence(lobby: Peer, env: dict[str, Any]) -> None:
    if env["k"] == "on":
        lobby.directory.session_on(env["w"], env["s"], env["i"], env["n"], env.get("a", ""))
        if env.get("r"):  # a live session: the older ones of its identity end
            lobby.replace_older(env["i"], env["n"], float(env.get("at", 0.0)))
    else:
        lobby.directory.session_off(env["w"], env["s"])
    with lobby.core.batch():
        lobby.core.tables_changed()


def track(lobby: Peer, handle: Any, owner: str, msg: object) -> None:
    """Keep which tables of other workers ``handle`` is at, from the messages it gets."""
    if isinstance(msg, TableUpdate):
        lobby.remote_tables(handle)[msg.table.table_id] = owner
    elif isinstance(msg, TableClosed):
        lobby.remote_tables(handle).pop(msg.table_id, None)


def forget_worker(lobby: Peer, worker: str) -> None:
    """``worker`` is gone: end its proxies here (R17) and forget its sessions. Logged once (a
    worker that found it dead also hears its own ``gone``: by then nothing of it is left here)."""
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


def say_goodbye(lobby: Peer) -> None:
    """Queue this worker's goodbye: its heartbeat removed, every worker told."""
    me = lobby.worker_id
    lobby.bus.write(lambda p: p.hdel(WORKERS_KEY, me))
    lobby.bus.publish(LOBBY_CHANNEL, pack({"k": "gone", "w": me}))


async def beat_once(lobby: Peer) -> bool:
    """Write this worker's heartbeat now (Redis time, s; ``lobby.clock_offset`` learns Redis's
    clock from it); True when another worker had declared this one gone meanwhile (its mark is
    taken: the caller joins again).

    Raises:
        redis.RedisError: Redis cannot be reached.
    """
    async with lobby.bus.redis.pipeline(transaction=False) as pipe:
        heartbeat.beat_on(pipe, lobby.worker_id)
        heartbeat.take_mark(pipe, lobby.worker_id)
        now, marked = await pipe.execute()
    lobby.clock_offset = float(now) - time.time()
    return bool(marked)


async def beat(lobby: Peer) -> None:
    """Write this worker's heartbeat every ``lobby.heartbeat`` seconds (while Redis answers);
    when it finds it was declared gone, the lobby joins again (``ClusterLobby.declared_gone``)."""
    while True:
        await asyncio.sleep(lobby.heartbeat)
        try:
            if await beat_once(lobby):
                lobby.declared_gone()
        except (RedisError, OSError) as e:
            log.debug("cluster: heartbeat skipped (%s)", e)


async def watch(lobby: Peer) -> None:
    """Every heartbeat, find workers silent for ``lobby.dead_after`` s and end them."""
    while True:
        await asyncio.sleep(lobby.heartbeat)
        try:
            await _sweep(lobby)
        except (RedisError, OSError) as e:
            log.debug("cluster: watch skipped (%s)", e)


async def _sweep(lobby: Peer) -> None:
    redis, me = lobby.bus.redis, lobby.worker_id
    if lobby.bus.listening_for() < lobby.dead_after:
        return  # Redis was away just now: nobody could beat; give every worker time to beat again
    now = await heartbeat.now(redis)
    beats = await redis.hgetall(WORKERS_KEY)
    beating = {raw.decode() for raw in beats}
    known = ({k.split("/", 1)[0] for k in lobby.directory.sessions} | {w for w, _ in lobby.owner.proxies}
             | {r.owner for r in lobby.directory.tables.values()})
    for worker in known - beating - {me}:  # removed from ahoy:workers by another worker: dead
        forget_worker(lobby, worker)
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
        forget_worker(lobby, worker)


async def rejoin(lobby: Peer) -> None:
    """Another worker declared this one gone (it was paused past ``dead_after``): its
    heartbeat, sessions and owned rows are written again (:func:`reconnected`)."""
    log.warning("cluster: worker %s was declared gone by another worker (paused?): it joins again",
                lobby.worker_id)
    await reconnected(lobby)


async def reconnected(lobby: Peer) -> None:
    """Redis is back: beat, write what this worker owns again, read the directory, resync remote tables.

    Each step that reads or writes Redis itself is tried again until it works
    (:func:`~ahoy_tui.cluster.retry.until_done`): a restarted Redis takes subscriptions while it
    still answers every command with "loading the dataset in memory".
    """
    core = lobby.core
    if not await until_done(lobby, "the heartbeat", lambda: beat_once(lobby)):  # first: not taken for dead
        return  # lost again: the next reconnected does it all
    lobby.publication.forget_announced()  # every owned row is published again
    core.tables_changed()
    for handle, sid in lobby.sessions().items():
        lobby.announce(handle, sid, True)
    await until_done(lobby, "claiming the names again", lobby.reclaim_names)
    await until_done(lobby, "counting the sessions again", lobby.places.claim_again)
    await until_done(lobby, "reading the directory again", lambda: _read_directory(lobby))
    if lobby.on_moderation is not None:  # a change published while away was not heard
        await until_done(lobby, "reading moderation again", lambda: _reload_moderation(lobby))
    with core.batch():
        core.tables_changed()
    for handle in list(lobby.sessions()):
        for table_id, owner in list(lobby.remote_tables(handle).items()):
            asyncio.ensure_future(lobby.quietly(lobby.ask(owner, "resync", handle, table_id)))


async def _read_directory(lobby: Peer) -> None:
    for data in (await lobby.bus.redis.hgetall(TABLES_KEY)).values():
        apply_row(lobby, data)
    for data in (await lobby.bus.redis.hgetall(SESSIONS_KEY)).values():
        apply_presence(lobby, data)


async def _reload_moderation(lobby: Peer) -> None:
    """Raises ``StoreError`` when Redis cannot be read (``ahoy_tui.moderation.sync.heard``)."""
    lobby.on_moderation({"op": "reload"})

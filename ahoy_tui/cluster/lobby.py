"""``ClusterLobby``: the lobby contract for one worker of several sharing one lobby through Redis.

Each worker runs one ``ClusterLobby`` (docs/lobby-api.md, "The cluster
lobby"). Its sessions (SSH connection, Textual app) never move; they talk
only to it. A table is written by its owner only: a command about a table
this worker owns runs on its own ``Lobby`` (``core``, built with the
cluster's strategies, :mod:`ahoy_tui.cluster.strategies`) at once; one about another
worker's table goes there as a ``req`` envelope and returns with the reply,
after the messages it caused reached this worker's sessions
(:mod:`ahoy_tui.cluster.owner`). Refusals come back as the same
``LobbyError`` subclass with the same sentence.

Cluster-wide: the table list and names online (:mod:`ahoy_tui.cluster.directory`),
names, one host's 3 tables and table names claimed in one Redis script each
(:mod:`ahoy_tui.cluster.claims`),
one live session per identity (the newest that subscribed wins: the older one's
``on_replaced`` is called, or it is disconnected; a session that never
subscribes, such as ``ssh host games``, replaces nothing), lobby chat (heard by
every worker; the store keeps it: a worker that starts later reads it back with ``Lobby.resume``), and a worker found dead (heartbeats,
:class:`~ahoy_tui.cluster.watch.Watch`): its sessions' seats go to the autopilot (R17).
"""

from __future__ import annotations

import asyncio
import itertools
import logging
import time
import uuid
from dataclasses import replace
from functools import partial
from typing import Any, Callable

from redis.exceptions import RedisError

from ahoy_tui.cluster import announce, claims, spectating
from ahoy_tui.cluster.bus import Bus
from ahoy_tui.cluster.directory import CODES_KEY, NEXT_TABLE_KEY, Directory, Row
from ahoy_tui.cluster.handover import Handover
from ahoy_tui.cluster.keys import worker_channel
from ahoy_tui.cluster.owner import TableOwner
from ahoy_tui.cluster.places import SessionPlaces
from ahoy_tui.cluster.strategies import ClusterNeighbours, ClusterPresence, ClusterPublication
from ahoy_tui.cluster.watch import Watch
from ahoy_tui.cluster.wire import pack, refused
from ahoy_tui.community.rating import Change
from ahoy_tui.community.service import BoardRow, Profile
from ahoy_tui.games.base import Action
from ahoy_tui.lobby import standings
from ahoy_tui.lobby.api import BotKind
from ahoy_tui.lobby.code_guard import PRIVATE
from ahoy_tui.lobby.config import validate
from ahoy_tui.lobby.errors import LobbyError, Refused
from ahoy_tui.lobby.handle import PlayerHandle
from ahoy_tui.lobby.lobby import LOBBY, Lobby
from ahoy_tui.lobby.messages import LobbyChanged, Notice, TableClosed, TableConfig, TableSummary, TableUpdate
from ahoy_tui.lobby.strategies import Numbered, TableIds
from ahoy_tui.lobby.table_commands import SeatCommands
from ahoy_tui.store.base import GameListing

log = logging.getLogger(__name__)

REQUEST_TIMEOUT = 10.0
"""Seconds a command waits for another worker's reply."""
NO_ANSWER = "not done: that table's server does not answer; try again in a moment"
"""The refusal of a command whose owner did not answer in time (it will not run it later either)."""
UNREACHABLE = "the harbour master cannot be reached; try again in a moment"


class ClusterLobby:
    """:class:`~ahoy_tui.lobby.api.LobbyAPI` of one worker sharing a lobby through Redis.

    Args:
        url: redis-py URL of the shared Redis.
        worker_id: This worker's id (default: a new random one).
        heartbeat: Seconds between this worker's heartbeats.
        dead_after: Seconds without a heartbeat after which a worker is dead.
        request_timeout: Seconds a command waits for another worker's reply.
        **lobby: Arguments of its ``Lobby`` (clock, timing, seed, wall, store).

    Attributes:
        core: This worker's single writer (its own tables and sessions): a ``Lobby`` with the
            cluster's strategies (:meth:`build_core`).
        handover: Its tables taken over and given up (``core``'s failover strategy).
        watch: What it hears and watches (envelopes, heartbeats, dead workers, Redis coming back).
        on_replaced: ``(handle, name)``: a newer session of ``handle``'s identity
            started on another worker; the server tells the older one and ends
            it (default: it gets a ``Notice`` and is disconnected).
        on_moderation: ``(change)``: an operator's ban, mute or MOTD kept on another worker
            (``ahoy_tui.moderation.sync``); ``{"op": "reload"}`` after Redis came back.
        bus: The Redis link (``bus.bytes_out``: payload bytes written).
        places: The places of this worker's interactive sessions in the cluster's session
            limits (``ahoy_tui.cluster.limits.SharedSessions`` takes and gives them back).
    """

    def __init__(self, url: str, worker_id: str | None = None, heartbeat: float = 1.0, dead_after: float = 5.0,
                 request_timeout: float = REQUEST_TIMEOUT, **lobby: Any) -> None:
        self.worker_id = worker_id or uuid.uuid4().hex[:12]
        self.directory = Directory()
        self.bus = Bus(url, self.worker_id, self._heard, self._reconnected)
        self.watch = Watch(self)
        self.places = SessionPlaces(self.bus, self.worker_id)
        self.core = self.build_core(**lobby)
        self.heartbeat = heartbeat
        self.dead_after = dead_after
        self.request_timeout = request_timeout
        self.on_replaced: Callable[[PlayerHandle, str], None] | None = None
        self.on_moderation: Callable[[dict[str, Any]], None] | None = None
        self._sid: dict[PlayerHandle, str] = {}
        self._by_sid: dict[str, PlayerHandle] = {}
        self._since: dict[PlayerHandle, float] = {}
        self._replaced: set[PlayerHandle] = set()
        self._live: set[PlayerHandle] = set()
        """Sessions here that subscribed: only these replace older sessions of their identity."""
        self._address: dict[PlayerHandle, str] = {}
        self._remote: dict[PlayerHandle, dict[str, str]] = {}
        """Per session here: table id -> owner, for tables of other workers it is at."""
        self._seen: dict[tuple[str, str], int] = {}
        self._pending: dict[int, asyncio.Future] = {}
        self._ids = itertools.count(1)

    # -- life ---------------------------------------------------------------------------------

    def build_core(self, table_ids: TableIds | None = None, failover: Handover | None = None,
                   **lobby: Any) -> Lobby:
        """(Re)make this worker's ``Lobby`` from ``Lobby`` arguments with the cluster's strategies,
        before :meth:`open` (``start_node(lobby_factory=...)`` makes it with the shared store, leased
        table ids and its ``Handover``). Without ``table_ids`` new tables are numbered through
        Redis (``create_table``); without ``failover`` it gets a ``Handover`` of its own."""
        self._presence = ClusterPresence(self.worker_id, self.directory)
        self.publication = ClusterPublication(self.worker_id, self.directory, partial(announce.table_row, self.bus),
                                              self._adopted)
        neighbours = ClusterNeighbours(self.publication, partial(announce.lobby_chat, self.bus), self._attach_remote,
                                       self._watch_kept, self._rewatch)
        self._numbered = Numbered() if table_ids is None else None
        self.handover = failover if failover is not None else Handover()
        self.core = Lobby(table_ids=table_ids if table_ids is not None else self._numbered, presence=self._presence,
                          publication=self.publication, neighbours=neighbours, failover=self.handover, **lobby)
        self.handover.attach(self.core)
        self.owner = TableOwner(self.core, self._presence, self.bus, self.redis_now)
        return self.core

    async def open(self) -> None:
        """Join the cluster: subscribe, beat once, read the directory, start the heartbeat and the watch.

        Raises:
            redis.exceptions.ConnectionError: Redis cannot be reached.
        """
        await self.bus.start()
        await self.watch.open()

    async def close(self, goodbye: bool = True) -> None:
        """Leave the cluster. ``goodbye``: disconnect this worker's sessions (R17) and tell the
        others; False: just stop (as a killed worker would: the others find out by its heartbeat)."""
        await self.watch.close()
        if goodbye:
            for handle in list(self._sid):
                await self.disconnect(handle)
            self.watch.say_goodbye()
        for fut in self._pending.values():
            fut.cancel()
        await self.bus.close(flush=goodbye)

    async def _reconnected(self) -> None:
        await self.watch.reconnected()

    def declared_gone(self) -> None:
        """Another worker declared this one gone: join again (``Watch.declared_gone``)."""
        self.watch.declared_gone()

    def announce(self, handle: PlayerHandle, sid: str, on: bool) -> None:
        """Tell every worker session ``sid`` came (``on``) or went (``announce.session``)."""
        announce.session(self.bus, sid, on, handle.identity, handle.name, self._since.get(handle, 0.0),
                         self._address.get(handle, ""), handle in self._live)

    # -- asking an owner ----------------------------------------------------------------------

    def redis_now(self) -> float:
        """Redis's clock now (s), as this machine's clock and the last heartbeat tell it."""
        return self.watch.now()

    async def ask(self, owner: str, op: str, handle: PlayerHandle | None, *args: Any) -> Any:
        """Run ``op`` at worker ``owner`` for ``handle``; its result.

        Raises:
            LobbyError: the owner refused (the same subclass and sentence), or did not answer
                within ``request_timeout`` (``NO_ANSWER``: the owner drops the request if it
                gets it later, by its ``by`` deadline on Redis's clock).
        """
        rid = next(self._ids)
        fut: asyncio.Future = asyncio.get_running_loop().create_future()
        self._pending[rid] = fut
        env: dict[str, Any] = {"k": "req", "id": rid, "w": self.worker_id, "op": op, "a": list(args),
                               "by": self.redis_now() + self.request_timeout,
                               "s": self._sid.get(handle, "") if handle is not None else "",
                               "who": [handle.identity, handle.name] if handle is not None else ["", ""]}
        self.bus.publish(worker_channel(owner), pack(env))
        try:
            return await asyncio.wait_for(fut, self.request_timeout)
        except asyncio.TimeoutError:
            raise Refused(NO_ANSWER) from None
        finally:
            self._pending.pop(rid, None)

    async def _at(self, op: str, handle: PlayerHandle, table_id: str, *args: Any) -> Any:
        """``op`` on table ``table_id``: here when this worker owns it (or nobody does), else at its owner."""
        owner = self.directory.owner(table_id)
        if owner is None or owner == self.worker_id or table_id in self.core.tables:
            return getattr(self.core, op)(handle, table_id, *args)
        result = await self.ask(owner, op, handle, table_id, *args)
        if op not in ("leave", "record_for", "chat"):
            self._remote.setdefault(handle, {})[table_id] = owner
        return result

    def _attach_remote(self, handle: PlayerHandle, row: Row) -> None:
        """A new session of someone seated at ``row``'s table (another worker's): take it back there (R17)."""
        self._remote.setdefault(handle, {})[row.table_id] = row.owner
        asyncio.ensure_future(self.quietly(self.ask(row.owner, "attach", handle, row.table_id)))

    def _watch_kept(self, identity: str, table_id: str, on: bool) -> None:
        """A watch of a table here began (``on``) or ended: kept for the cluster (``spectating``)."""
        (spectating.remember if on else spectating.forget)(self.bus, identity, table_id)

    def _rewatch(self, handle: PlayerHandle) -> None:
        """A new session with no seat and no watch here: maybe back to a table of another worker
        its identity watched (issue 24, 13)."""
        asyncio.ensure_future(self._return_to_watched(handle))

    async def _return_to_watched(self, handle: PlayerHandle) -> None:
        """Ask the owner of the table ``handle``'s identity last watched (``ahoy:watching:{identity}``)
        to attach it as a spectator (``rewatch``: only if the owner still has that watch). Nothing
        when there is none, the table is gone, the session ended or is at a table meanwhile; Redis
        away: one line logged, the session stays in the lobby."""
        try:
            table_id = await spectating.watched(self.bus.redis, handle.identity)
        except (RedisError, OSError) as e:
            log.warning("cluster: %s not taken back to the table they watched: Redis cannot be reached (%s)",
                        handle.name, e)
            return
        owner = self.directory.owner(table_id) if table_id else None
        if owner is None or owner == self.worker_id or handle not in self._live or self._remote.get(handle) \
                or any(handle in t.members for t in self.core.tables.values()):
            return
        try:
            await self.ask(owner, "rewatch", handle, table_id)
        except LobbyError as e:
            log.info("cluster: %s not taken back to table %s they watched (%s)", handle.name, table_id, e)

    def _adopted(self, table_id: str) -> None:
        """This worker owns ``table_id`` now: sessions here that were at it through another
        worker (it died; failover) are attached to it here, once the adoption has finished."""
        asyncio.get_running_loop().call_soon(self._take_back, table_id)

    def _take_back(self, table_id: str) -> None:
        """This worker owns ``table_id`` now: its sessions that were at it through another worker are
        attached to it here (R17: their seats, a full update), without "is back": they never left."""
        table = self.core.tables.get(table_id)
        if table is None:
            return
        with self.core.batch():
            for handle in list(self._sid):
                if self.remote_tables(handle).pop(table_id, None) is not None and handle not in table.members:
                    SeatCommands(table).attach(handle, table.seat_of(handle.identity), returning=False)

    @staticmethod
    async def quietly(coro: Any) -> None:
        """Await ``coro``; a refusal or lost reply is only logged (a resync repairs it)."""
        try:
            await coro
        except Exception as e:  # noqa: BLE001 - a lost re-attach is retried by the next resync
            log.info("cluster: %s", e)

    # -- hearing ------------------------------------------------------------------------------

    def _heard(self, channel: str, data: bytes) -> None:
        self.watch.heard(data)

    def resolve(self, env: dict[str, Any]) -> None:
        """A ``rep`` envelope: finish the command waiting for it."""
        fut = self._pending.get(env.get("id"))
        if fut is None or fut.done():
            return
        if "err" in env:
            fut.set_exception(refused(env["err"]))
        else:
            fut.set_result(env.get("ok"))

    def deliver(self, env: dict[str, Any]) -> None:
        """A ``msg`` envelope for a session here: deliver it; a gap in ``n`` asks for a full update."""
        handle = self._by_sid.get(env.get("s", ""))
        if handle is None:
            return
        key = (env.get("w", ""), env["s"])
        n, last = env.get("n", 0), self._seen.get(key, 0)
        if 1 < n <= last:
            return  # sent again after Redis came back: delivered already
        self._seen[key] = n
        table_id = env.get("t", "")
        if n != 1 and n != last + 1 and table_id:
            log.warning("cluster: session %s missed messages %d..%d of %s: resync", env["s"], last + 1, n - 1,
                        table_id)
            asyncio.ensure_future(self.quietly(self.ask(env["w"], "resync", handle, table_id)))
        msg = env.get("m")
        self._track(handle, env.get("w", ""), msg)
        handle.deliver(msg)

    def _track(self, handle: PlayerHandle, owner: str, msg: object) -> None:
        """Keep which tables of other workers ``handle`` is at, from the messages it gets."""
        if isinstance(msg, TableUpdate):
            self.remote_tables(handle)[msg.table.table_id] = owner
        elif isinstance(msg, TableClosed):
            self.remote_tables(handle).pop(msg.table_id, None)

    def replace_older(self, identity: str, name: str, since: float) -> None:
        """A session of ``identity`` started on another worker at ``since``: the older ones here end."""
        for h in [h for h in self._sid if h.identity == identity and self._since.get(h, 0.0) < since]:
            self._replaced.add(h)
            if self.on_replaced is not None:
                self.on_replaced(h, name)
            else:
                h.deliver(Notice(f"You connected again elsewhere as {name}: this session ends.", "info",
                                 key="elsewhere", args=(("name", name),)))
                asyncio.ensure_future(self.disconnect(h))

    def set_address(self, handle: PlayerHandle, address: str) -> None:
        """The client address of session ``handle`` (``ahoy_tui.lobby.gate.address_key``): told to the
        other workers, so an operator's ``ban addr NAME`` there finds it."""
        sid = self._sid.get(handle)
        if sid is not None:
            self._address[handle] = address
            self.announce(handle, sid, True)

    def sessions(self) -> dict[PlayerHandle, str]:
        """This worker's sessions and their ids."""
        return dict(self._sid)

    def remote_tables(self, handle: PlayerHandle) -> dict[str, str]:
        """Tables of other workers ``handle`` is at: table id -> owner."""
        return self._remote.setdefault(handle, {})

    # -- presence -----------------------------------------------------------------------------

    async def connect(self, identity: str, wanted_name: str) -> PlayerHandle:
        sid = f"{next(self._ids)}"
        try:  # one script: two workers never hand out one name (claims.claim_name)
            name: str | None = await claims.claim_name(self.bus.redis, identity, wanted_name,
                                                       f"{self.worker_id}/{sid}")
        except (RedisError, OSError) as e:
            log.warning("cluster: name not claimed in Redis (%s): checked on this worker only", e)
            name = None
        handle = self.core.connect(identity, wanted_name, name)
        self._sid[handle], self._by_sid[sid] = sid, handle
        self._since[handle] = time.time()
        handle.on_subscribe = partial(self._went_live, handle.on_subscribe)
        self.announce(handle, sid, True)
        return handle

    def _went_live(self, subscribed: Callable[[PlayerHandle], None] | None, handle: PlayerHandle) -> None:
        """``handle`` subscribed (an interactive session, not a one-shot command such as
        ``ssh host games``): announced again as live, its identity's older sessions on other
        workers end (``replace_older``); then the core's own ``on_subscribe``."""
        sid = self._sid.get(handle)
        if sid is not None and handle not in self._live:
            self._live.add(handle)
            self.announce(handle, sid, True)
        if subscribed is not None:
            subscribed(handle)

    async def disconnect(self, handle: PlayerHandle) -> None:
        sid = self._sid.pop(handle, None)
        if sid is None:
            self.core.disconnect(handle)
            return
        replaced = handle in self._replaced or any(h.identity == handle.identity for h in self._sid)
        self._replaced.discard(handle)
        self._live.discard(handle)
        for owner in set(self._remote.pop(handle, {}).values()):
            self.bus.publish(worker_channel(owner), pack({"k": "req", "id": 0, "w": self.worker_id, "op": "bye",
                                                          "s": sid, "a": [replaced]}))
        self.announce(handle, sid, False)
        self._by_sid.pop(sid, None)
        self._since.pop(handle, None)
        self._address.pop(handle, None)
        self.core.disconnect(handle, replaced)
        await self._release_name(sid)

    async def _release_name(self, sid: str) -> None:
        """Session ``sid`` no longer holds its name: at once, or (Redis away) once Redis is back."""
        holder = f"{self.worker_id}/{sid}"
        if self.bus.connected:
            try:
                await claims.release_names(self.bus.redis, holder)
                return
            except (RedisError, OSError):
                pass
        self.bus.write(lambda p: claims.release_names(p, holder))

    async def reclaim_names(self) -> None:
        """Claim again the name of every session here (after Redis was away: a connect may have
        missed its claim); a name another identity took meanwhile is logged, not changed.

        Raises:
            redis.RedisError, OSError: Redis cannot be reached.
        """
        for handle, sid in list(self._sid.items()):
            got = await claims.claim_name(self.bus.redis, handle.identity, handle.name, f"{self.worker_id}/{sid}")
            if got != handle.name:
                log.warning("cluster: session %s keeps its name although Redis gave it %r", sid, got)

    async def online_names(self) -> list[str]:
        return self.core.online_names()

    async def table_summaries(self) -> list[TableSummary]:
        return self.core.table_summaries()

    async def lobby_state(self) -> LobbyChanged:
        return self.core.lobby_state()

    async def seated_tables(self, identity: str) -> frozenset[str]:
        return self.core.seated_tables(identity)

    # -- tables -------------------------------------------------------------------------------

    async def create_table(self, handle: PlayerHandle, config: TableConfig) -> str:
        """``LobbyAPI.create_table``; the cap on open tables and the host's table limit
        (``ahoy_tui.lobby.limits``) and the table's name are checked over the whole cluster in one
        Redis script (:func:`ahoy_tui.cluster.claims.claim_table`)."""
        cfg = validate(config, handle.name)  # the core's own refusals first, as in one process
        self.core.new_tables.check(handle)  # counted by the core (this worker serves the session)
        field = f"{self.worker_id}/new{next(self._ids)}"
        try:
            try:
                name = await claims.claim_table(self.bus.redis, field, handle.identity, cfg.name)
                if self._numbered is not None:  # no leased ids (start_node): numbered through Redis
                    self._numbered.next = int(await self.bus.redis.incr(NEXT_TABLE_KEY))
            except (RedisError, OSError) as e:  # Redis away: a refusal, not a crash, nor an unchecked table
                log.warning("cluster: no table made (%s)", e)
                raise Refused(UNREACHABLE) from None
            return self.core.create_table(handle, replace(config, name=name))  # no await since the number
        finally:  # the table's own claim (announce.table_row) is queued before this one goes
            self.bus.write(lambda p: p.hdel(claims.TABLE_CLAIMS, field))

    async def join(self, handle: PlayerHandle, table_id: str, code: str | None = None) -> int:
        return await self._coded("join", handle, table_id, code)

    async def _coded(self, op: str, handle: PlayerHandle, table_id: str, code: str | None) -> Any:
        """``join``/``spectate`` with ``code``: a wrong code another worker's table refuses
        counts here too, where the session's other guesses count (``core.codes``).

        Raises:
            LobbyError: as ``Lobby.join``/``Lobby.spectate``.
        """
        if code is not None and table_id not in self.core.tables:
            self.core.codes.check(handle)
        try:
            return await self._at(op, handle, table_id, code)
        except Refused as refused:
            if code is not None and table_id not in self.core.tables and str(refused) == PRIVATE:
                self.core.codes.wrong(handle)
            raise

    async def join_by_code(self, handle: PlayerHandle, code: str) -> str:
        """The session's worker looks the code up (here, then ``CODES_KEY``) and counts wrong
        ones in its core's ``codes``; the table's owner seats the player."""
        self.core.codes.check(handle)
        want = code.strip().upper() if isinstance(code, str) else ""
        if any(t.code == want and not t.closed for t in self.core.tables.values()):
            return self.core.join_by_code(handle, code)
        try:
            raw = await self.bus.redis.hget(CODES_KEY, want) if want else None
        except (RedisError, OSError) as e:  # not a wrong code: nothing counted
            log.warning("cluster: no code looked up (%s)", e)
            raise Refused(UNREACHABLE) from None
        table_id = raw.decode() if raw else ""
        owner = self.directory.owner(table_id)
        if owner is None or owner == self.worker_id:
            if not raw:  # a known code whose table is between owners is no wrong guess
                self.core.codes.wrong(handle)
            raise Refused("no table has that code")
        self._remote.setdefault(handle, {})[table_id] = owner
        return await self.ask(owner, "join_by_code", handle, code)

    async def spectate(self, handle: PlayerHandle, table_id: str, code: str | None = None) -> None:
        await self._coded("spectate", handle, table_id, code)

    async def leave(self, handle: PlayerHandle, table_id: str) -> None:
        await self._at("leave", handle, table_id)
        self._remote.get(handle, {}).pop(table_id, None)

    async def add_bot(self, handle: PlayerHandle, table_id: str, kind: BotKind = "baseline") -> int:
        return await self._at("add_bot", handle, table_id, kind)

    async def remove_seat(self, handle: PlayerHandle, table_id: str, seat: int) -> None:
        await self._at("remove_seat", handle, table_id, seat)

    async def set_ready(self, handle: PlayerHandle, table_id: str, ready: bool) -> None:
        await self._at("set_ready", handle, table_id, ready)

    async def start(self, handle: PlayerHandle, table_id: str) -> None:
        await self._at("start", handle, table_id)

    async def give_to_bot(self, handle: PlayerHandle, table_id: str, seat: int) -> None:
        await self._at("give_to_bot", handle, table_id, seat)

    async def rematch(self, handle: PlayerHandle, table_id: str) -> None:
        await self._at("rematch", handle, table_id)

    async def set_autopilot(self, handle: PlayerHandle, table_id: str, on: bool) -> None:
        await self._at("set_autopilot", handle, table_id, on)

    async def set_auto_pass(self, handle: PlayerHandle, table_id: str, on: bool) -> None:
        await self._at("set_auto_pass", handle, table_id, on)

    async def act(self, handle: PlayerHandle, table_id: str, action: Action, version: int) -> None:
        await self._at("act", handle, table_id, action, version)

    async def record_for(self, handle: PlayerHandle, table_id: str, game: int = -1) -> list[dict]:
        return await self._at("record_for", handle, table_id, game)

    async def my_games(self, handle: PlayerHandle, limit: int = 50) -> list[GameListing]:
        return self.core.my_games(handle, limit)

    async def game_record(self, handle: PlayerHandle, game_id: str) -> list[dict]:
        return self.core.game_record(handle, game_id)

    async def close_table(self, table_id: str, reason: str, key: str = "") -> None:
        owner = self.directory.owner(table_id)
        if owner is None or owner == self.worker_id or table_id in self.core.tables:
            self.core.close_table(table_id, reason, key)
        else:
            await self.ask(owner, "close_table", None, table_id, reason, key)

    async def chat(self, handle: PlayerHandle, channel: str, text: str) -> None:
        if channel == LOBBY:
            self.core.chat(handle, channel, text)
        else:
            await self._at("chat", handle, channel, text)

    # -- ratings and stats: shared by every worker in Redis (docs/community.md) ----------------

    async def leaderboard(self, board: str = "overall", players: int = 0, limit: int = 20,
                          game: str = "ahoy") -> list[BoardRow]:
        return await standings.leaderboard(self.core, board, players, limit, game)

    async def profiles(self, name: str) -> list[Profile]:
        return await standings.profiles(self.core, name)

    async def rating_changes(self, table_id: str) -> list[Change | None]:
        """As ``LobbyAPI.rating_changes``; for another worker's table its newest finished game is
        asked of its owner (empty when it does not answer)."""
        owner = self.directory.owner(table_id)
        if owner is None or owner == self.worker_id or table_id in self.core.tables:
            return await standings.rating_changes(self.core, table_id)
        try:
            listing = await self.ask(owner, "last_listing", None, table_id)
        except LobbyError:
            return []
        return await standings.rating_changes(self.core, table_id, listing)

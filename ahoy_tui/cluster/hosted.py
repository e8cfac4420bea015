"""The lobby host of one worker of a cluster (``ahoy-server --redis URL``).

:class:`ClusterHost` implements :class:`ahoy_tui.lobby.hosted.LobbyHost`
over this worker's :class:`~ahoy_tui.cluster.lobby.ClusterLobby` (the
players' commands, presence, the directory of every worker's tables and
sessions) and its :class:`~ahoy_tui.cluster.node.Node` (the shared store,
leases, failover): limits are counted in Redis for every worker
(``ahoy_tui.cluster.limits``), moderation changes travel on the lobby
channel (``announce.moderation``), bans and preferences are kept in Redis.
"""

from __future__ import annotations

import logging
from typing import Any, Callable

from redis.exceptions import RedisError

from ahoy_tui.cluster import announce
from ahoy_tui.cluster.lease import new_worker_id
from ahoy_tui.cluster.limits import SharedRates, SharedSessions
from ahoy_tui.cluster.lobby import ClusterLobby
from ahoy_tui.cluster.node import Node, start_node
from ahoy_tui.lobby.embedded import prune
from ahoy_tui.lobby.handle import PlayerHandle
from ahoy_tui.lobby.hosted import Change, SharedCounts
from ahoy_tui.lobby.gate import Gate
from ahoy_tui.store.base import StoreError
from ahoy_tui.store.moderation import MemoryModerationStore, ModerationStore
from ahoy_tui.store.moderation_redis import RedisModerationStore
from ahoy_tui.store.prefs import PrefsBackend, RedisPrefs

log = logging.getLogger("ahoy.server")


async def join_cluster(url: str, ttl: float, **settings: Any) -> tuple[ClusterLobby, Node]:
    """This worker's lobby joined to the cluster at ``url``, over its node (``start_node``:
    the shared store, the shared ratings and stats, table leases with ``ttl`` s, failover;
    ``**settings``: its ``timing``, ``seed``, ``peers``...).

    Raises:
        StoreError: Redis cannot be reached (one line naming the URL, printed by ``ahoy-server``).
    """
    worker_id = new_worker_id()  # one id for its leases, heartbeats and channel
    cluster = ClusterLobby(url, worker_id, dead_after=ttl)  # dead when its leases would have run out
    node = await start_node(url, ttl, lobby_factory=cluster.build_core, worker_id=worker_id, ratings=True,
                            **settings)
    try:
        await cluster.open()
    except (RedisError, OSError) as e:
        await node.stop()
        await cluster.bus.redis.aclose()
        raise StoreError(f"redis {url}: cannot join the cluster lobby ({e})") from None
    return cluster, node


class ClusterHost:
    """:class:`~ahoy_tui.lobby.hosted.LobbyHost` of one worker.

    Args:
        cluster: The worker's lobby, opened (``join_cluster``).
        node: Its node (store, leases); None for a lobby without one (tests of the lobby alone:
            then nothing is leased and the core's store is closed on :meth:`close`).
        url: The cluster's Redis, for the moderation and preference stores.

    Attributes:
        lobby: ``cluster`` (its players' commands).
        core: This worker's lobby core (the tables it owns).
        store: The shared store of its tables.
    """

    def __init__(self, cluster: ClusterLobby, node: Node | None = None, url: str = "") -> None:
        self.lobby = self.cluster = cluster
        self.node = node
        self.url = url or cluster.bus.url
        self.core = cluster.core
        self.store = self.core.store

    @classmethod
    async def open(cls, url: str, ttl: float, keep_days: float | None = None, keep_games: int | None = None,
                   **settings: Any) -> "ClusterHost":
        """Join the cluster at ``url`` (``join_cluster``) and prune the shared archive.

        Raises:
            StoreError: Redis cannot be reached (one line naming the URL).
        """
        cluster, node = await join_cluster(url, ttl, **settings)
        prune(node.store, keep_days, keep_games)
        return cls(cluster, node, url)

    @property
    def on_replaced(self) -> Callable[[PlayerHandle, str], None] | None:
        """``(handle, name)``: a newer session of ``handle``'s identity started on another worker."""
        return self.cluster.on_replaced

    @on_replaced.setter
    def on_replaced(self, callback: Callable[[PlayerHandle, str], None] | None) -> None:
        self.cluster.on_replaced = callback

    @property
    def on_moderation(self) -> Callable[[Change], None] | None:
        """``(change)``: an operator's change kept on another worker."""
        return self.cluster.on_moderation

    @on_moderation.setter
    def on_moderation(self, callback: Callable[[Change], None] | None) -> None:
        self.cluster.on_moderation = callback

    async def close(self) -> None:
        await self.cluster.close()
        if self.node is not None:
            await self.node.stop()
        else:
            self.store.close()

    def set_address(self, handle: PlayerHandle, address: str) -> None:
        handle.address = address
        self.cluster.set_address(handle, address)

    def connection_rates(self, gate: Gate) -> SharedRates:
        return SharedRates(self.cluster.bus.redis, gate, self.cluster.worker_id)

    def session_limits(self, gate: Gate) -> SharedSessions:
        return SharedSessions(self.cluster.places, gate)

    def sessions_elsewhere(self) -> list[tuple[str, str, str]]:
        return self.cluster.directory.remote_entries(self.cluster.worker_id)

    def publish_moderation(self, change: Change) -> None:
        announce.moderation(self.cluster.bus, change)

    def moderation_store(self) -> ModerationStore:
        try:
            return RedisModerationStore(self.url)
        except StoreError as e:
            log.error("cannot keep bans in redis: %s; bans and mutes last until this worker stops", e)
            return MemoryModerationStore()

    def prefs_backend(self) -> PrefsBackend | None:
        try:
            return RedisPrefs(self.url)
        except StoreError as e:
            log.error("cannot keep players' preferences: %s; they last until this worker stops", e)
            return None

    def shared_counts(self) -> SharedCounts:
        if self.node is None:
            return SharedCounts(store_errors=self.store.write_errors)
        ownership = self.node.ownership
        return SharedCounts(len(ownership.leases.held), len(ownership.adopted), self.store.write_errors,
                            ownership.leases.errors)

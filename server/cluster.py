"""``ahoy-server --redis URL``: this worker's lobby is a :class:`~ahoy_tui.cluster.lobby.ClusterLobby`.

:func:`join_cluster` opens it over the worker's node
(``ahoy_tui.cluster.node``: shared store, leases, failover; one clear error
when Redis cannot be reached); :func:`end_replaced_sessions` lets it close this worker's older
session of an identity that connected again on another worker (it is told
why in its language, as for a newer session on the same worker:
``Session.replace``); :func:`shared_rates` counts the connection and
failed-password rates in Redis, for every worker, and :func:`shared_sessions` the
session limits.
"""

from __future__ import annotations

from typing import Any, Callable

from redis.exceptions import RedisError

from ahoy_tui.cluster.lobby import ClusterLobby
from ahoy_tui.cluster.lease import new_worker_id
from ahoy_tui.cluster.node import Node, start_node
from ahoy_tui.store.base import StoreError
from ahoy_tui.lobby.handle import PlayerHandle
from server.limits import Gate
from server.shared_limits import SharedRates, SharedSessions


async def join_cluster(url: str, ttl: float, **settings: Any) -> tuple[ClusterLobby, Node]:
    """This worker's lobby joined to the cluster at ``url``, over its node (``start_node``:
    the shared store, the shared ratings and stats, table leases with ``ttl`` s, failover;
    ``**settings``: its ``timing``, ``seed``...).

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


def end_replaced_sessions(sessions: set[Any]) -> Callable[[PlayerHandle, str], None]:
    """``ClusterLobby.on_replaced`` for a server whose running sessions are ``sessions``
    (``server.pty_session.Session``: ``.handle``, ``.replace(name)``)."""
    def on_replaced(handle: PlayerHandle, name: str) -> None:
        for session in [s for s in sessions if getattr(s, "handle", None) is handle]:
            session.replace(name)
    return on_replaced


def shared_rates(cluster: ClusterLobby, gate: Gate) -> SharedRates:
    """The connection and failed-password rates of ``gate``'s limits, counted in the cluster's Redis."""
    return SharedRates(cluster.bus.redis, gate, cluster.worker_id)


def shared_sessions(cluster: ClusterLobby, gate: Gate) -> SharedSessions:
    """``gate``'s ``max_sessions`` and ``per_address``, checked and counted in the cluster's Redis."""
    return SharedSessions(cluster.places, gate)

"""``ahoy-server --redis URL``: this worker's lobby is a :class:`~ahoy_tui.cluster.lobby.ClusterLobby`.

:func:`join_cluster` opens it (one clear error when Redis cannot be
reached); :func:`end_replaced_sessions` lets it close this worker's older
session of an identity that connected again on another worker (it is told
why in its language, as for a newer session on the same worker:
``Session.replace``).
"""

from __future__ import annotations

from typing import Any, Callable

from redis.exceptions import RedisError

from ahoy_tui.cluster.lobby import ClusterLobby
from ahoy_tui.lobby.handle import PlayerHandle


async def join_cluster(url: str, **lobby: Any) -> ClusterLobby:
    """This worker's lobby, joined to the cluster at ``url`` (``**lobby``: ``Lobby`` arguments, e.g. ``store``).

    Raises:
        OSError: Redis cannot be reached (the message is the one line ``ahoy-server`` prints).
    """
    cluster = ClusterLobby(url, **lobby)
    try:
        await cluster.open()
    except (RedisError, OSError) as e:
        await cluster.bus.redis.aclose()
        raise OSError(f"cannot reach Redis at {url}: {e}") from None
    return cluster


def end_replaced_sessions(sessions: set[Any]) -> Callable[[PlayerHandle, str], None]:
    """``ClusterLobby.on_replaced`` for a server whose running sessions are ``sessions``
    (``server.pty_session.Session``: ``.handle``, ``.replace(name)``)."""
    def on_replaced(handle: PlayerHandle, name: str) -> None:
        for session in [s for s in sessions if getattr(s, "handle", None) is handle]:
            session.replace(name)
    return on_replaced

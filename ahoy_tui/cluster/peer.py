"""What the cluster's helpers (``watch``, ``retry``) use of their ``ClusterLobby`` (docs/deploy.md).

``ClusterLobby`` imports ``watch`` and ``retry`` and hands itself to them
(its ``Watch``, ``until_done``); they type it with :class:`Peer` instead of
importing the lobby back, so the cluster's imports have no circle (issue 26).
"""

from __future__ import annotations

from typing import Any, Callable, Protocol

from ahoy_tui.cluster.bus import Bus
from ahoy_tui.cluster.directory import Directory
from ahoy_tui.cluster.handover import Handover
from ahoy_tui.cluster.owner import TableOwner
from ahoy_tui.cluster.places import SessionPlaces
from ahoy_tui.cluster.strategies import ClusterPublication
from ahoy_tui.lobby.handle import PlayerHandle
from ahoy_tui.lobby.lobby import Lobby


class Peer(Protocol):
    """A worker's lobby as its watchers see it (``ahoy_tui.cluster.lobby.ClusterLobby``).

    Attributes:
        worker_id: This worker's id.
        directory, bus, places, core, owner: The lobby's parts (tables and sessions of every
            worker, the Redis bus, session places, the local lobby, the tables it owns).
        publication, handover: The local lobby's list strategy and its tables changing owner.
        heartbeat, dead_after: Seconds between heartbeats; after which a silent worker is dead.
        on_moderation: Called with each moderation envelope heard, if set.
    """

    worker_id: str
    directory: Directory
    bus: Bus
    places: SessionPlaces
    core: Lobby
    owner: TableOwner
    publication: ClusterPublication
    handover: Handover
    heartbeat: float
    dead_after: float
    on_moderation: Callable[[dict[str, Any]], None] | None

    def announce(self, handle: PlayerHandle, sid: str, on: bool) -> None: ...

    async def ask(self, owner: str, op: str, handle: PlayerHandle | None, *args: Any) -> Any: ...

    @staticmethod
    async def quietly(coro: Any) -> None: ...

    def resolve(self, env: dict[str, Any]) -> None: ...

    def deliver(self, env: dict[str, Any]) -> None: ...

    def replace_older(self, identity: str, name: str, since: float) -> None: ...

    def sessions(self) -> dict[PlayerHandle, str]: ...

    def remote_tables(self, handle: PlayerHandle) -> dict[str, str]: ...

    async def reclaim_names(self) -> None: ...

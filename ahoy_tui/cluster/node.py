"""One worker of a cluster: its lobby over the shared Redis, with leases and failover (docs/deploy.md).

:func:`start_node` is what ``ahoy-server --redis URL`` runs in each worker
(and what the tests run in-process): a ``RedisStore``, an asyncio Redis
client for the leases, a ``Lobby`` whose new tables get leased ids and whose
failover strategy is the node's ``Handover``, the lobby chat restored, and
the tables no live worker owns adopted.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass
from typing import Callable

import redis
import redis.asyncio as aioredis

from ahoy_tui.cluster import keys
from ahoy_tui.cluster.failover import Ownership
from ahoy_tui.cluster.handover import Handover
from ahoy_tui.cluster.keeper import MAX_STALL, LeaseKeeper
from ahoy_tui.cluster.lease import DEFAULT_TTL, Leases, new_worker_id
from ahoy_tui.cluster.retry import until_loaded
from ahoy_tui.community.redis_service import RedisCommunity
from ahoy_tui.lobby.clock import Clock
from ahoy_tui.lobby.config import Timing
from ahoy_tui.lobby.lobby import Lobby
from ahoy_tui.store.base import StoreError
from ahoy_tui.store.redis_store import RedisStore

log = logging.getLogger(__name__)


@dataclass
class Node:
    """A running worker's cluster parts.

    Attributes:
        worker_id: ``"{hostname}-{pid}-{hex}"``.
        lobby: Its lobby (tables it owns, players connected to it).
        store: The shared ``RedisStore`` (fenced per table).
        ownership: Leases, spare ids, failover.
        handover: The lobby's tables taken over and given up (its failover strategy).
        client: The asyncio Redis client of the leases.
        keeper: The thread keeping the leases and heartbeat alive through a stalled loop.
    """

    worker_id: str
    lobby: Lobby
    store: RedisStore
    ownership: Ownership
    client: aioredis.Redis
    keeper: LeaseKeeper
    handover: Handover

    async def stop(self) -> None:
        """Freeze the lobby, write what the store holds, then release every lease (so another
        worker adopts the tables at once) and close the connections."""
        self.keeper.stop()
        self.lobby.freeze()
        self.store.close()
        if self.lobby.community is not None:
            self.lobby.community.close()
        await self.ownership.stop()
        await self.client.aclose()


async def start_node(url: str, ttl: float = DEFAULT_TTL, *, timing: Timing | None = None,
                     clock: Clock | None = None, seed: int | None = None,
                     lobby_factory: Callable[..., Lobby] = Lobby, worker_id: str | None = None,
                     max_stall: float = MAX_STALL, peers: int = 1, ratings: bool = False,
                     ready_within: float | None = None) -> Node:
    """Join the cluster at Redis ``url`` (see the module docstring); ``lobby_factory`` makes the
    lobby from ``Lobby``'s arguments, with ``table_ids`` and ``failover`` (the cluster lobby's
    ``ClusterLobby.build_core``);
    ``worker_id``: this worker's id (default: ``new_worker_id()``), shared with its ``ClusterLobby``;
    ``max_stall``: seconds the event loop may stall with its leases kept (``LeaseKeeper``);
    ``peers``: workers started with this one (``Ownership``: the first scan's share);
    ``ratings``: count finished games into the shared ratings and stats (``RedisCommunity``; archived
    games not counted yet are counted on its writer thread after start-up);
    ``ready_within``: seconds to wait first for a Redis still loading its data or not reachable yet
    (``retry.until_loaded``; default ``retry.READY_WITHIN``, 60): what the worker reads next, here
    and in ``ClusterLobby.open``, the moderation store and the ratings' catch-up, finds Redis loaded.

    Raises:
        StoreError: Redis cannot be reached, or was still loading, after ``ready_within`` s
            (one line naming the URL).
    """
    try:
        await asyncio.to_thread(until_loaded, url, ready_within)
    except StoreError as e:
        raise StoreError(f"redis {url}: cannot join the cluster ({e})") from None
    store = RedisStore(url)
    community = None
    # A renewal must fail within the TTL rather than hang on a dead connection.
    client = aioredis.from_url(url, socket_timeout=ttl, socket_connect_timeout=ttl)
    try:
        prefix = f"w{await client.incr(keys.WORKER_SEQ)}."
        worker_id = worker_id or new_worker_id()
        ownership = Ownership(store, Leases(client, worker_id, ttl), prefix, peers=peers)
        if ratings:
            community = RedisCommunity(url)
            community.catch_up_later()
        handover = Handover()
        lobby = lobby_factory(clock=clock, timing=timing, seed=seed, store=store, table_ids=ownership,
                              community=community, failover=handover)
        handover.attach(lobby)
        ownership.attach(lobby, handover)
        lobby.resume(tables=False)
        await ownership.start()
    except (redis.RedisError, OSError, StoreError) as e:
        store.close()
        if community is not None:
            community.close()
        await client.aclose()
        raise StoreError(f"redis {url}: cannot join the cluster ({e})") from None
    keeper = LeaseKeeper(url, ownership.leases, max_stall)
    keeper.start()
    log.info("worker %s joined the cluster at %s (%d tables adopted)", worker_id, url, len(ownership.adopted))
    return Node(worker_id, lobby, store, ownership, client, keeper, handover)

"""The composition root: one server process built from its settings, with start and stop.

:class:`Runtime` opens, in this order, the lobby host (embedded over the
SQLite file, or a worker of the cluster at ``--redis``: the one place that
choice is made, :func:`open_lobby_host`), the moderation store and the
players' preferences beside it, the SSH front door (``AhoyServer``), the
metrics (``--metrics``) and the daily pruning of the archive. :meth:`Runtime.stop`
closes them in the reverse order (``contextlib.AsyncExitStack``), after
freezing the lobby so that every table resumes as it was; a start that fails
half-way closes what it had opened the same way.
"""

from __future__ import annotations

import asyncio
import logging
from contextlib import AsyncExitStack

from ahoy_tui.cluster.hosted import ClusterHost
from ahoy_tui.lobby.embedded import EmbeddedHost
from ahoy_tui.lobby.hosted import LobbyHost
from ahoy_tui.moderation.policy import Moderator
from ahoy_tui.ui.prefs import STORE as PREFS
from server.durable import prune_daily
from server.metrics import Metrics, start_metrics
from server.ssh import AhoyServer, ServerConfig

log = logging.getLogger("ahoy.server")


async def open_lobby_host(config: ServerConfig) -> LobbyHost:
    """The lobby this process serves: a worker of the cluster at ``config.redis_url``, else the
    embedded lobby over ``config.store_path`` (tables resumed, archive pruned).

    Raises:
        StoreError: Redis cannot be reached (one line naming the URL).
    """
    if config.redis_url:
        return await ClusterHost.open(config.redis_url, config.lease_ttl, config.keep_games_days,
                                      config.keep_games, peers=config.workers)
    return EmbeddedHost.open(config.store_path, config.keep_games_days, config.keep_games)


class Runtime:
    """One ``ahoy-server`` process (see the module docstring).

    Attributes:
        config: Its settings.
        server: The SSH front door (after :meth:`start`).
        metrics: The ``/metrics`` listener with ``--metrics``, else None.
    """

    def __init__(self, config: ServerConfig) -> None:
        self.config = config
        self.server: AhoyServer | None = None
        self.metrics: Metrics | None = None
        self._stack = AsyncExitStack()

    async def start(self) -> None:
        """Open everything and listen.

        Raises:
            StoreError: Redis cannot be reached; OSError: the port or the metrics address cannot
                be bound. What was opened is closed again before it raises.
        """
        config, stack = self.config, self._stack
        try:
            host = await open_lobby_host(config)
            stack.push_async_callback(host.close)
            moderation = host.moderation_store()
            stack.callback(moderation.close)
            prefs = host.prefs_backend()
            PREFS.attach(prefs)
            stack.callback(_detach_prefs, prefs)
            server = self.server = AhoyServer(config, host, Moderator(moderation, config.operators, config.motd))
            await server.start()
            stack.push_async_callback(server.stop)
            stack.callback(host.core.freeze)  # before the players are told: every table resumes as it was
            if config.metrics is not None:
                self.metrics = await start_metrics(config.metrics, server)
                stack.push_async_callback(self.metrics.stop)
            pruning = asyncio.ensure_future(prune_daily(host.store, config.keep_games_days, config.keep_games))
            stack.callback(pruning.cancel)
        except BaseException:
            await stack.aclose()
            raise

    async def stop(self) -> None:
        """Stop pruning and metrics, freeze the lobby, tell every player and close the connections,
        then let go of the preferences, the moderation store and the lobby (a worker says goodbye
        to the cluster and releases its leases; the store writes what it holds)."""
        if self.server is not None:
            log.info("stopping: telling %d players", len(self.server.sessions))
        await self._stack.aclose()


def _detach_prefs(prefs) -> None:  # noqa: ANN001 - a PrefsBackend or None
    PREFS.attach(None)
    if prefs is not None:
        prefs.close()

"""The server's store settings and its daily pruning (docs/durability.md).

The embedded default is one SQLite file in the state directory
(``STATE_DIR/ahoy.db``), opened by the lobby host
(``ahoy_tui.lobby.embedded.EmbeddedHost.open``; a cluster's store is Redis:
``ahoy_tui.cluster.hosted.ClusterHost``). A store that cannot be opened (a
read-only directory, a file of a newer schema, a file that is not a
database) does not stop the server: the host gets one clear log line and
the server runs with nothing saved.
"""

from __future__ import annotations

import asyncio
import logging

from ahoy_tui.lobby.embedded import prune
from ahoy_tui.store import TableStore

log = logging.getLogger("ahoy.server")

DB_NAME = "ahoy.db"
KEEP_GAMES_DAYS = 365.0
"""Default: archived games are kept this many days."""
KEEP_GAMES = 100_000
"""Default: at most this many archived games are kept (the newest)."""


PRUNE_EVERY = 86400.0
"""Seconds between two prunes of the archive while the server runs (one at start)."""


async def prune_daily(store: TableStore, keep_days: float | None, keep_games: int | None,
                      every: float = PRUNE_EVERY) -> None:
    """Prune the archive every ``every`` seconds until cancelled (a failure is logged, not fatal)."""
    while True:
        await asyncio.sleep(every)
        try:
            gone = prune(store, keep_days, keep_games)
        except Exception as e:  # noqa: BLE001 - retention must never stop the server
            log.error("pruning the archive failed: %s", e)
        else:
            if gone:
                log.info("%d archived games past retention removed", gone)

"""Tables and lobby chat read back into a lobby from its store (docs/durability.md).

:func:`resume` runs at start, before anyone connects; :func:`restore` puts one
table rebuilt from its log (``ahoy_tui.lobby.resume.rebuild``) into a lobby,
also into a running one (a cluster worker taking a table over,
``ahoy_tui.cluster.handover``).
"""

from __future__ import annotations

import logging
import random
from typing import Protocol

from ahoy_tui.community.service import Community
from ahoy_tui.lobby.chat import ChatLog
from ahoy_tui.lobby.host import TableHost
from ahoy_tui.lobby.journal import from_json
from ahoy_tui.lobby.messages import ChatMessage
from ahoy_tui.lobby.resume import rebuild
from ahoy_tui.lobby.strategies import TableIds
from ahoy_tui.lobby.table import Table
from ahoy_tui.store.base import TableLog, TableStore

log = logging.getLogger(__name__)


class Lobby(TableHost, Protocol):
    """What restoring uses of a ``ahoy_tui.lobby.lobby.Lobby`` (not imported: it imports this)."""

    store: TableStore
    community: Community | None
    rng: random.Random
    tables: dict[str, Table]
    chat_log: ChatLog
    table_ids: TableIds


def resume(lobby: Lobby, tables: bool = True) -> list[str]:
    """Rebuild every table ``lobby``'s store holds and the lobby chat. A damaged log restores its
    table up to the last good entry (the log is rewritten to that) or, when not even its header
    is readable, drops it.

    Args:
        tables: False: the lobby chat only (a cluster worker adopts the tables it wins the
            leases of, ``ahoy_tui.cluster.handover``).

    Returns:
        One line per table that was not restored whole (each also logged).
    """
    problems: list[str] = []
    with lobby.batch():
        for line in lobby.store.lobby_chat():
            try:
                lobby.chat_log.add(from_json(line))
            except Exception as e:  # noqa: BLE001 - a bad chat line is skipped
                problems.append(f"lobby chat: a line was skipped ({e})")
        for tl in lobby.store.open_tables() if tables else []:
            problem = restore(lobby, tl)
            if problem:
                problems.append(problem)
        lobby.tables_changed()
    for p in problems:
        log.warning("%s", p)
    return problems


def restore(lobby: Lobby, tl: TableLog, line: str = "resumed", kept: ChatMessage | None = None) -> str | None:
    """Rebuild one table from its log into ``lobby.tables`` (see :func:`resume`); the problem
    line or None.

    Args:
        line: The system line its chat gets (``"resumed"``, or ``"adopted"`` after a failover);
            ``line + "_partly"`` when its last entries were lost.
        kept: A line its chat keeps (and logs) just before it (``ahoy_tui.cluster.regain.lost_line``).
    """
    done = rebuild(lobby, tl, random.Random(lobby.rng.getrandbits(64)), Table)
    if done.table is None:
        lobby.store.drop(tl.table_id)
        return f"table {tl.table_id}: closed, its log is unreadable ({done.problem})"
    table = done.table
    problem = None
    if done.problem:
        lost = (f"{len(tl.entries) - done.good} later entries dropped" if done.good < len(tl.entries)
                else "the log is damaged after it; what followed is lost")
        problem = (f"table {tl.table_id} ({table.config.name}): restored up to entry "
                   f"{done.good} ({lost}): {done.problem}")
        lobby.store.drop(tl.table_id)
        for entry in tl.entries[:done.good]:
            lobby.store.append(tl.table_id, entry)
    lobby.tables[tl.table_id] = table
    lobby.table_ids.restored(tl.table_id)
    if kept is not None:
        table.add_chat(kept)
    table.system(f"{line}_partly" if done.problem else line)
    table.check_empty()
    return problem

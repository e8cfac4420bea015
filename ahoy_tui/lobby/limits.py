"""How many tables may open, and the refusals past that: one source for every lobby.

A lobby alone checks its own tables (``Lobby.create_table``); a cluster checks
every worker's at once in one Redis script (``ahoy_tui.cluster.claims.claim_table``),
which gets these numbers as its arguments and hands the counts it found back
to :func:`check_room` for the refusal.
"""

from __future__ import annotations

from ahoy_tui.lobby.errors import Refused

MAX_TABLES = 500
"""Open tables at most (in a cluster: of the whole cluster)."""
MAX_TABLES_PER_HOST = 3
"""Open tables one identity may host at most."""
HARBOUR_FULL = "the harbour is full: no more tables can open right now"


def check_room(open_tables: int, hosted: int) -> None:
    """Let a new table open beside ``open_tables`` open ones, ``hosted`` of them by its host.

    Raises:
        LobbyError: ``HARBOUR_FULL`` at ``MAX_TABLES``; "you already host N tables" at
            ``MAX_TABLES_PER_HOST`` (the harbour is checked first).
    """
    if open_tables >= MAX_TABLES:
        raise Refused(HARBOUR_FULL)
    if hosted >= MAX_TABLES_PER_HOST:
        raise Refused(f"you already host {hosted} tables")

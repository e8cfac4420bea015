"""A table let go because its store (Redis) could not be reached, and taken back by the same lobby.

Nobody is known to own such a table (docs/deploy.md, "What happens when
something fails"): its members are not sent away — they keep its screen
with the system line ``db_lost`` — and when this lobby adopts it again
(``Lobby.adopt(..., "regained")``) they are attached to it again with their
seats and a full update (R17), without "is back": they never left.
"""

from __future__ import annotations

from typing import Callable

from ahoy_tui.lobby.handle import PlayerHandle
from ahoy_tui.lobby.messages import ChatMessage
from ahoy_tui.lobby.table import Table
from ahoy_tui.lobby.table_commands import SeatCommands

Members = dict[PlayerHandle, int | None]
"""Sessions at a table: handle -> seat (None: watching)."""


def pause_members(table: Table, wall: float) -> Members:
    """Stop ``table`` (clocks, bots; nothing more is written) without closing it for its
    members: each gets the system line ``db_lost`` (not kept: the log cannot be written) and
    is no longer a member. Returns who was at it, in which seat (``wall``: the line's time, s)."""
    members = dict(table.members)
    table.stop()
    line = ChatMessage(table.table_id, "", "", wall, system=True, key="db_lost")
    for handle in members:
        table.post(handle, line)
    table.members.clear()
    return members


def reattach(table: Table, members: Members, connected: Callable[[PlayerHandle], bool]) -> None:
    """Attach ``members`` (of ``table`` before it was let go) that are still ``connected``
    to ``table`` again: their seats, a full update (R17), no "is back" line."""
    for handle in members:
        if connected(handle) and handle not in table.members:
            SeatCommands(table).attach(handle, table.seat_of(handle.identity), returning=False)

"""A table let go because its store (Redis) could not be reached, and taken back by the same lobby.

Nobody is known to own such a table (docs/deploy.md, "What happens when
something fails"): its members are not sent away — they keep its screen
with the system line ``db_lost`` — and when this lobby adopts it again
(``Handover.adopt(..., "regained")``) they are attached to it again with their
seats and a full update (R17), without "is back": they never left.

The ``db_lost`` line sent while the store was away cannot be logged, and a
full update's chat history replaces what a screen showed (a session on
another worker may even have missed the line: pub/sub messages published
while its worker was not yet subscribed again are lost, and it resyncs).
So the table taken back keeps the line in its chat, at the time the table
was let go, just before ``regained``: every history says what happened.
"""

from __future__ import annotations

from typing import Callable

from ahoy_tui.lobby.handle import PlayerHandle
from ahoy_tui.lobby.messages import ChatMessage
from ahoy_tui.lobby.table import Table
from ahoy_tui.lobby.table_commands import SeatCommands

Members = dict[PlayerHandle, int | None]
"""Sessions at a table: handle -> seat (None: watching)."""


def lost_line(table_id: str, wall: float) -> ChatMessage:
    """The system line ``db_lost`` of table ``table_id`` at ``wall`` (s)."""
    return ChatMessage(table_id, "", "", wall, system=True, key="db_lost")


def pause_members(table: Table, wall: float) -> Members:
    """Stop ``table`` (clocks, bots; nothing more is written) without closing it for its
    members: each gets the system line ``db_lost`` (not kept here: the log cannot be written;
    the table taken back keeps it, ``Handover.adopt``) and is no longer a member. Returns who was
    at it, in which seat (``wall``: the line's time, s)."""
    members = dict(table.members)
    table.stop()
    line = lost_line(table.table_id, wall)
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

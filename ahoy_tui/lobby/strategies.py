"""What a ``Lobby`` asks of the world around it, and the answers of a lobby alone in its process.

One ``Lobby`` class serves both the embedded lobby (one process) and each
worker of a cluster (``ahoy_tui.cluster``): what differs is given to it as
strategies, typed here as Protocols, with the embedded behaviour as their
default implementations:

* :class:`Presence` — whose sessions the lobby delivers to, and who is online
  (the names list, unique names). Alone: every handle it holds.
* :class:`TableIds` — the id of each new table. Alone: ``t1``, ``t2``...
* :class:`Publication` — the public table list (what the lobby list shows and
  which tables an identity is seated at) and telling others of the lobby's
  own tables. Alone: its own tables, told to nobody.
* :class:`Neighbours` — lobby chat said here, watches begun and ended, and a
  returning session whose seat or watch is elsewhere. Alone: nobody to tell.
* :class:`Failover` — tables that are between owners (their lease was lost).
  Alone: none ever are.

The cluster's implementations are in ``ahoy_tui.cluster.strategies`` and
``ahoy_tui.cluster.handover`` (docs/lobby.md, "The lobby's strategies").
"""

from __future__ import annotations

from typing import Mapping, Protocol, Sequence

from ahoy_tui.lobby.handle import PlayerHandle
from ahoy_tui.lobby.listing import Listed, Named
from ahoy_tui.lobby.messages import ChatMessage
from ahoy_tui.lobby.table import Table

Sessions = dict[str, list[PlayerHandle]]
"""The lobby's handles by identity (``Lobby.players``)."""
Online = Mapping[str, Sequence[Named]]
"""Everyone online by identity (their display names)."""


class Presence(Protocol):
    """Who the lobby delivers to and who is online."""

    def sessions(self, players: Sessions) -> list[PlayerHandle]:
        """The sessions lobby-wide messages (``LobbyChanged``, lobby chat) go to, from ``players``."""
        ...

    def online(self, players: Sessions) -> Online:
        """Everyone online by identity: the names list and the names no other identity may take."""
        ...

    def ended(self, handle: PlayerHandle) -> None:
        """``handle`` was disconnected (forget what is kept about it)."""
        ...


class TableIds(Protocol):
    """The ids of new tables."""

    def new_id(self) -> str:
        """An id for a new table.

        Raises:
            LobbyError: none is ready (the player is told to try again).
        """
        ...

    def restored(self, table_id: str) -> None:
        """A table was rebuilt from its log with ``table_id``: never hand it out again."""
        ...


class Publication(Protocol):
    """The public table list and telling others of the lobby's own tables."""

    def listed(self, tables: dict[str, Table]) -> Mapping[str, Listed]:
        """Every table the lobby list shows (``tables``: the lobby's own), in its order."""
        ...

    def seated_elsewhere(self, identity: str) -> frozenset[str]:
        """Ids of tables not in this lobby where ``identity`` holds a seat."""
        ...

    def publish(self, tables: dict[str, Table], table: Table | None) -> None:
        """The lobby's own ``tables`` may have changed (``table``: only that one may have)."""
        ...


class Neighbours(Protocol):
    """What the lobby tells others, and asks them about a returning session."""

    def said(self, msg: ChatMessage) -> None:
        """A lobby chat line was said here (kept and delivered here already)."""
        ...

    def watching(self, identity: str, table_id: str, on: bool) -> None:
        """``identity`` began (``on``) or ended watching ``table_id`` as a spectator here."""
        ...

    def seat_elsewhere(self, handle: PlayerHandle) -> bool:
        """A new session whose identity holds no seat here: take it back to its seat elsewhere
        (R17); True when it was sent there."""
        ...

    def watch_elsewhere(self, handle: PlayerHandle) -> None:
        """A new session with no seat anywhere and no watch here: it may have watched a table elsewhere."""
        ...


class Failover(Protocol):
    """Tables between owners: this lobby lost their lease (``LEASE_LOST``) or will take them back."""

    def lease_lost(self, table_id: str) -> None:
        """The store refused ``table_id``'s writes: another owner has it now (on the loop)."""
        ...

    def absent(self, table_id: str) -> None:
        """``table_id`` is not in this lobby: refuse a command about it if it is only away.

        Raises:
            LobbyError: the table is between owners (try again shortly).
        """
        ...

    def left(self, handle: PlayerHandle, table_id: str) -> bool:
        """``handle`` leaves ``table_id``, which is not in this lobby: True when it was only away
        (the session is then not taken back to it), False when unknown here."""
        ...


class LocalPresence:
    """:class:`Presence` of a lobby alone: every handle is its own session."""

    def sessions(self, players: Sessions) -> list[PlayerHandle]:
        return [h for hs in players.values() for h in hs]

    def online(self, players: Sessions) -> Online:
        return players

    def ended(self, handle: PlayerHandle) -> None:
        pass


class Numbered:
    """:class:`TableIds` ``t1``, ``t2``...; a restored ``t{n}`` moves the next past it.

    Attributes:
        next: The number of the next id (a cluster without leased ids sets it from Redis).
    """

    def __init__(self) -> None:
        self.next = 1

    def new_id(self) -> str:
        self.next += 1
        return f"t{self.next - 1}"

    def restored(self, table_id: str) -> None:
        digits = table_id[1:]
        if digits.isdigit():
            self.next = max(self.next, int(digits) + 1)


class LocalPublication:
    """:class:`Publication` of a lobby alone: the list is its own tables."""

    def listed(self, tables: dict[str, Table]) -> Mapping[str, Listed]:
        return tables

    def seated_elsewhere(self, identity: str) -> frozenset[str]:
        return frozenset()

    def publish(self, tables: dict[str, Table], table: Table | None) -> None:
        pass


class NoNeighbours:
    """:class:`Neighbours` of a lobby alone: nobody to tell, nothing elsewhere."""

    def said(self, msg: ChatMessage) -> None:
        pass

    def watching(self, identity: str, table_id: str, on: bool) -> None:
        pass

    def seat_elsewhere(self, handle: PlayerHandle) -> bool:
        return False

    def watch_elsewhere(self, handle: PlayerHandle) -> None:
        pass


class NoFailover:
    """:class:`Failover` of a lobby alone: it owns every table it holds, none is ever away."""

    def lease_lost(self, table_id: str) -> None:
        pass

    def absent(self, table_id: str) -> None:
        pass

    def left(self, handle: PlayerHandle, table_id: str) -> bool:
        return False

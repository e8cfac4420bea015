"""The store contract: what the lobby writes ahead and reads back (DESIGN.md, "Durable state").

A table is its log. Every table appends JSON objects (``entry``) to its own
log *before* their effects reach any player: the lobby holds a change's
messages until :attr:`TableStore.durable` has reached the sequence number
:meth:`TableStore.append` gave it. On start the lobby rebuilds every open
table from :meth:`TableStore.open_tables`.

Entries are opaque to the store (``ahoy_tui.lobby.journal`` names their
kinds); they must be JSON-serialisable dicts. Finished games go to an
archive (:class:`ArchivedGame`) that keeps full records: they hold hidden
information and are given to players only as their seat's projection (R18).

Threading: ``append`` and ``add_chat`` may be called from the event loop
thread only and never block on the disk; the listener callbacks given to
:meth:`TableStore.listen` are called from the store's writer thread (or,
for an in-memory store, at once) and must be thread-safe. Every other
method is a short synchronous read or write for the loop thread, start-up
or tools.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Protocol, runtime_checkable

LOBBY_CHAT_KEPT = 200
"""Lobby chat lines kept and restored at start (issue 14)."""

LEASE_LOST = "lease lost"
"""The ``on_error`` reason for a table whose writes a fenced store refused: another worker
owns it now (``RedisStore.fence``). Those entries are not written and not retried; the
lobby must let the table go at once (docs/durability.md, "Redis")."""


class StoreError(Exception):
    """The store cannot do what was asked (the database is unreadable, read-only, of an
    unknown schema version...). ``str(error)`` is one line for the host's log."""


@dataclass(frozen=True, slots=True)
class TableLog:
    """One open table's log as read back at start.

    Attributes:
        table_id: The table's id.
        entries: Its entries in append order (every good one).
        damage: Why the log stops before its end (a cut or corrupt entry;
            the entries before it are all here), or None.
    """

    table_id: str
    entries: list[dict]
    damage: str | None = None


@dataclass(frozen=True, slots=True)
class GameListing:
    """One archived game as a player's list shows it (no record, nothing hidden).

    Attributes:
        game_id: Archive id (``"g"`` and digits/letters, at most 32 characters).
        game: Registry name of the game (``"ahoy"``).
        table_name: The table's name when the game was played.
        finished: Wall-clock seconds (``time.time``) when it ended.
        names: Seat names in play order.
        identities: Per seat, the person's identity (None for a bot).
        places: Per seat, its place (1 = won; ties share a place).
        totals: Per seat, the final total.
        forfeits: Per seat, the person who began the game there and left
            during play or gave the seat to a bot (None: nobody did); empty
            when no seat was forfeited. Ratings count them last (docs/community.md).
    """

    game_id: str
    game: str
    table_name: str
    finished: float
    names: tuple[str, ...]
    identities: tuple[str | None, ...]
    places: tuple[int, ...]
    totals: tuple[int, ...]
    forfeits: tuple[str | None, ...] = ()

    def seat_of(self, identity: str) -> int | None:
        """``identity``'s seat in this game, or None when it did not play."""
        return self.identities.index(identity) if identity in self.identities else None

    @property
    def ranked_places(self) -> tuple[int, ...]:
        """Per seat, the place players read for this game (1..N, docs/community.md).

        The seats that stayed (people and bots) are ranked among themselves by
        ``places``: 1 + the number of stayed seats with a strictly better place
        (ties stay ties). Every forfeited seat (``forfeits``) comes after them,
        tied: the number of stayed seats + 1. Without forfeits this is ``places``.
        The order is ``places`` with the leavers moved last, so ratings are the same.
        """
        gone = self.forfeits or (None,) * len(self.places)
        stayed = [p for p, f in zip(self.places, gone) if f is None]
        return tuple(len(stayed) + 1 if f is not None else 1 + sum(q < p for q in stayed)
                     for p, f in zip(self.places, gone))

    def place_of(self, identity: str) -> int | None:
        """``identity``'s place (``ranked_places``): of the seat it played to the end, else of the
        seat it forfeited; None when it did not play this game."""
        seat = self.seat_of(identity)
        if seat is None and identity in self.forfeits:
            seat = self.forfeits.index(identity)
        return None if seat is None else self.ranked_places[seat]

    @property
    def winners(self) -> tuple[str, ...]:
        """Names of the seats in first place."""
        return tuple(n for n, p in zip(self.names, self.places) if p == 1)


@dataclass(frozen=True, slots=True)
class ArchivedGame:
    """A finished game with its full record (R18: hand out projections only).

    Attributes:
        listing: What lists show of it.
        record: The full record (RECORDS.md lines, hidden information included).
    """

    listing: GameListing
    record: tuple[dict, ...]


@runtime_checkable
class TableStore(Protocol):
    """Where table logs, lobby chat and finished games are kept (see the module docstring).

    Attributes:
        write_errors: Batch writes that failed so far (each is retried; 0 for a store in memory).
        on_batch: Called ``(ops, seconds)`` after each batch written (the host's metrics); None: not.
    """

    write_errors: int
    on_batch: Callable[[int, float], None] | None

    @property
    def queued(self) -> int:
        """Writes queued or being written, not yet written for good (ops; 0 in memory)."""
        ...

    def listen(self, on_durable: Callable[[], None], on_error: Callable[[str, str], None]) -> None:
        """Callbacks for the lobby (from the writer thread; thread-safe callers only).

        ``on_durable()``: :attr:`durable` moved forward. ``on_error(table_id,
        reason)``: entries of that table could not be written (disk full,
        read-only, I/O error); the store keeps them and tries again, and calls
        ``on_durable`` once they are written. ``table_id`` is ``""`` for lobby chat.
        A fenced store (Redis) may instead give ``reason`` :data:`LEASE_LOST`: that
        table's entries were refused for good and ``durable`` moves past them.
        """
        ...

    @property
    def durable(self) -> int:
        """The highest sequence number written for good (every lower one is too)."""
        ...

    def append(self, table_id: str, entry: dict) -> int:
        """Queue ``entry`` at the end of ``table_id``'s log; returns its sequence number
        (>= 1, increasing across all tables). Never blocks on the disk.

        Raises:
            StoreError: the store is closed.
        """
        ...

    def drop(self, table_id: str) -> None:
        """The table closed: its log is no longer needed (queued like an append)."""
        ...

    def add_chat(self, entry: dict) -> int:
        """Queue one lobby chat line; the store keeps the last ``LOBBY_CHAT_KEPT``."""
        ...

    def lobby_chat(self) -> list[dict]:
        """The kept lobby chat lines, oldest first."""
        ...

    def open_tables(self) -> list[TableLog]:
        """Every table logged and not dropped, oldest first, each read up to its first bad entry."""
        ...

    def archive(self, game: ArchivedGame) -> None:
        """Keep a finished game (queued like an append; a second game with the same id replaces it)."""
        ...

    def games_of(self, identity: str, limit: int = 50) -> list[GameListing]:
        """The newest ``limit`` archived games ``identity`` played in, newest first."""
        ...

    def archived(self, game_id: str) -> ArchivedGame | None:
        """One archived game, or None when there is none with that id."""
        ...

    def prune(self, now: float, keep_seconds: float | None, keep_count: int | None) -> int:
        """Forget archived games older than ``keep_seconds`` or beyond the newest
        ``keep_count`` (None: no such limit); returns how many went."""
        ...

    def flush(self, timeout: float = 10.0) -> bool:
        """Wait until everything queued is written (or failed); True when nothing is pending."""
        ...

    def close(self) -> None:
        """Write what is queued and let go of the files; later appends raise ``StoreError``."""
        ...

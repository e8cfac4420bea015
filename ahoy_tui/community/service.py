"""``Community``: ratings, stats and leaderboards kept in SQLite by one writer thread (docs/community.md).

The lobby hands every finished game to :meth:`Community.record` on its
event-loop thread; that only queues it. The writer thread counts the game
into its game's ratings and stats in one transaction, once per game id (a game
counted before is skipped), so a restart or a second hand-over changes
nothing. At start :meth:`Community.catch_up` counts archived games the
tables have not seen yet (the server stopped between archiving a game and
counting it), oldest first. Reads share the one connection behind a lock;
each is a few indexed lookups.
"""

from __future__ import annotations

import json
import logging
import queue
import sqlite3
import threading
import time
import zlib
from concurrent.futures import Future
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Sequence, TypeVar

from ahoy_tui.community import tables
from ahoy_tui.community.rating import SCALE, Change, Rating, api_bot, shown
from ahoy_tui.community.stats import SeatStats
from ahoy_tui.community.tables import PlayerRow, Ranked
from ahoy_tui.games import DEFAULT_GAME, GAMES
from ahoy_tui.store.base import ArchivedGame, GameListing, StoreError
from ahoy_tui.store.sqlite_schema import BUSY_TIMEOUT_MS, listing_of

log = logging.getLogger(__name__)

RECENT_DAYS = 30
"""The "last 30 days" board looks this many days back."""
RECENT_GAMES = 10
"""Newest games a profile card keeps per game."""
BOARDS = ("overall", "recent", "players", "bots")
"""Leaderboards: by rating, by rating gained in the last ``RECENT_DAYS``, by wins at one seat count
(these three: people only), and ``bots``: the bot API programs by rating (docs/bot-api.md)."""
SCANNED = 200
"""Rows read from the ratings to fill a board of people or of bots (each is kept apart from the other)."""

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class BoardRow:
    """One line of a leaderboard.

    Attributes:
        rank: 1 for the first line.
        name: The player's last name.
        keyed: The player is an SSH key (rated) rather than a typed name.
        rating: Their rating (None: unrated).
        games, wins: Games and wins the board counts (overall, the period, or the seat count).
        gained: Shown rating points gained in the period ("recent" board), else None.
        average_place: Average place over those games, or None when not counted.
    """

    rank: int
    name: str
    keyed: bool
    rating: Rating | None
    games: int
    wins: int
    gained: int | None = None
    average_place: float | None = None


@dataclass(frozen=True, slots=True)
class GameCard:
    """One game's part of a profile card.

    Attributes:
        game: Registry name (``"ahoy"``, ``"ahoi"``).
        rating: The player's rating at this game (None: keyless, or not rated here yet).
        stats: Every finished game of this game summed, with the game's own counters.
        by_count: Per seat count (2..8) those games summed (generic counts).
        recent: The newest games here: (game_id, finished, place, seats, shown before, shown after).
    """

    game: str
    rating: Rating | None
    stats: SeatStats
    by_count: dict[int, SeatStats]
    recent: list[tuple[str, float, int, int, int | None, int | None]]


@dataclass(frozen=True, slots=True)
class Profile:
    """What a profile card shows of one player (aggregates over finished games only).

    Attributes:
        player: Identity, name, last game.
        games: One card per game the player finished, in registry order (``games.GAMES``).
    """

    player: PlayerRow
    games: tuple[GameCard, ...]

    def game(self, name: str) -> GameCard | None:
        """The card of game ``name``, or None when the player never finished one."""
        return next((g for g in self.games if g.game == name), None)

    @property
    def stats(self) -> SeatStats:
        """The generic counts over every game (the games' own counters are per game)."""
        total = SeatStats()
        for g in self.games:
            total.add(SeatStats(*g.stats.values()))
        return total

    @property
    def recent(self) -> list[tuple[str, float, int, int, int | None, int | None]]:
        """The newest games of every game, newest first."""
        return sorted((r for g in self.games for r in g.recent), key=lambda r: -r[1])


class Community:
    """Ratings and stats in the SQLite file ``path`` (the store's ``ahoy.db``), or in memory (None).

    Raises:
        StoreError: the file cannot be opened or its tables created (one line).
    """

    def __init__(self, path: Path | str | None = None) -> None:
        self.path = ":memory:" if path is None else str(path)
        try:
            self._conn = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
            self._conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
            self._conn.execute("PRAGMA synchronous = NORMAL")   # as the store: WAL, a commit survives kill -9
            tables.create(self._conn)
        except sqlite3.Error as e:
            raise StoreError(f"community tables in {self.path}: cannot open them ({e})") from None
        self._start()

    tables = tables
    """The module whose functions read and write the kept counts (``tables``: SQLite); each
    takes this object's connection first."""

    def _start(self) -> None:
        """Start the writer thread (after the connection is open)."""
        self._lock = threading.Lock()
        self._queue: queue.Queue[tuple[ArchivedGame | None, Future] | None] = queue.Queue()
        self._pending: dict[str, Future] = {}
        self._closed = False
        self._writer = threading.Thread(target=self._run, name="community-writer", daemon=True)
        self._writer.start()

    # -- writes ------------------------------------------------------------------------

    def record(self, game: ArchivedGame) -> Future:
        """Queue counting a finished game (never blocks on the disk).

        Returns:
            A future of its rating changes (``tables.Changes``; None when it
            was counted before); it fails with ``StoreError`` when it cannot be written.
        """
        fut: Future = Future()
        if self._closed:
            fut.set_exception(StoreError("community tables: closed"))
            return fut
        self._pending[game.listing.game_id] = fut
        self._queue.put((game, fut))
        return fut

    def _run(self) -> None:
        while (item := self._queue.get()) is not None:
            game, fut = item
            if game is None:
                self._catch_up_now(fut)
                continue
            try:
                fut.set_result(self._count(game.listing, game.record))
            except Exception as e:  # sqlite3.Error mostly: a failed game is logged, the writer goes on
                log.error("game %s: ratings and stats not updated: %s", game.listing.game_id, e)
                fut.set_exception(StoreError(f"community tables: {e}"))
            finally:
                self._pending.pop(game.listing.game_id, None)

    def _count(self, listing: GameListing, record: Sequence[dict]) -> tables.Changes | None:
        """Count one game: its stats outside the lock, then one short write transaction."""
        per_seat = tables.seat_stats(listing, record)
        names = record[0].get("seats", ()) if record else ()
        return self._transaction(lambda c: self.tables.apply_game(c, listing, per_seat, names))

    def _transaction(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        with self._lock:
            c = self._conn
            c.execute("BEGIN IMMEDIATE")
            try:
                result = fn(c)
                c.execute("COMMIT")
                return result
            except BaseException:
                if c.in_transaction:
                    c.execute("ROLLBACK")
                raise

    def catch_up_later(self) -> Future:
        """Queue :meth:`catch_up` on the writer thread (before any game recorded later); returns
        a future of how many games it counted (start-up does not wait for it)."""
        fut: Future = Future()
        self._queue.put((None, fut))
        return fut

    def _catch_up_now(self, fut: Future) -> None:
        try:
            counted = self.catch_up()
        except Exception as e:  # noqa: BLE001 - the writer must go on; the host reads why
            log.error("ratings and stats could not catch up with the archive: %s", e)
            fut.set_exception(e)
            return
        if counted:
            log.info("%d archived games counted into ratings and stats", counted)
        fut.set_result(counted)

    def catch_up(self, rebuild: bool = False) -> int:
        """Count every archived game not counted yet, oldest first (``rebuild``: forget every
        count first and count the whole archive again); returns how many were counted.

        Reads the store's ``games`` table in the same file (none in memory).
        A damaged archived game is logged and skipped. Call before ``record`` is used.
        """
        with self._lock:
            has_games = self._conn.execute(
                "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'games'").fetchone()
            if has_games is None:
                return 0
            if rebuild:
                self._conn.execute("BEGIN IMMEDIATE")
                tables.clear(self._conn)
                self._conn.execute("COMMIT")
            ids = [r[0] for r in self._conn.execute(
                "SELECT game_id FROM games WHERE game_id NOT IN (SELECT game_id FROM community_games)"
                " ORDER BY finished, game_id")]
        done = 0
        for game_id in ids:
            if self._closed:            # the server is stopping: the rest is counted at the next start
                break
            row = self._read(lambda c: c.execute("SELECT listing, record FROM games WHERE game_id = ?",
                                                 (game_id,)).fetchone())
            try:
                listing, record = listing_of(row[0]), _unpack(row[1])
            except Exception as e:  # noqa: BLE001 - a damaged archived game must not stop the rest
                log.error("archived game %s cannot be read for ratings and stats: %s", game_id, e)
                continue
            if self._count(listing, record) is not None:
                done += 1
        return done

    def flush(self, timeout: float = 10.0) -> bool:
        """Wait until every queued game is counted; True when none is left."""
        end = time.monotonic() + timeout
        for fut in list(self._pending.values()):
            try:
                fut.exception(timeout=max(0.0, end - time.monotonic()))
            except TimeoutError:
                return False
        return not self._pending

    def close(self) -> None:
        """Count what is queued, stop the writer and close the file (a second call does nothing)."""
        if self._closed:
            return
        self._closed = True
        self._queue.put(None)
        self._writer.join()
        self._release()

    def _release(self) -> None:
        """Close the connection (the writer has stopped)."""
        with self._lock:
            self._conn.close()

    # -- reads -------------------------------------------------------------------------

    def _read(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        with self._lock:
            try:
                return fn(self._conn)
            except sqlite3.Error as e:
                raise StoreError(f"community tables: cannot read them ({e})") from None

    def changes(self, game_id: str, timeout: float = 5.0) -> dict[str, Change]:
        """Shown ratings (before, after) and rated games then, per rated identity of a game (waits while it is queued)."""
        fut = self._pending.get(game_id)
        if fut is not None:
            try:
                fut.exception(timeout=timeout)
            except TimeoutError:
                return {}
        return self._read(lambda c: self.tables.changes_of(c, game_id))

    def pending(self, game_id: str) -> Future | None:
        """The future of a game still queued, or None."""
        return self._pending.get(game_id)

    def leaderboard(self, board: str = "overall", players: int = 0, limit: int = 20,
                    now: float | None = None, game: str = DEFAULT_GAME) -> list[BoardRow]:
        """A leaderboard of ``game`` (``BOARDS``): ``overall`` by rating; ``recent`` by rating gained
        in the last ``RECENT_DAYS`` days before ``now``; ``players`` by wins at ``players``-seat games;
        ``bots`` the bot API programs by rating. The first three list people only, ``bots`` programs
        only (``rating.api_bot``), each from the best ``SCANNED`` rows.

        Raises:
            ValueError: an unknown board.
            StoreError: the tables cannot be read.
        """
        limit = max(1, min(200, limit))
        bots = board == "bots"

        def kept(rows: list) -> list:  # people or bots only, the best ``limit``
            return [r for r in rows if api_bot(r[0][0].identity) == bots][:limit]
        if board in ("overall", "bots"):
            rows = kept(self._read(lambda c: self.tables.top_rated(c, game, SCANNED)))
            return [_row(i, p, s.games, s.wins, avg=s.average_place) for i, (p, s) in enumerate(rows)]
        if board == "recent":
            since = (time.time() if now is None else now) - RECENT_DAYS * 86400
            recent = kept(self._read(lambda c: self.tables.top_recent(c, game, since, SCANNED)))
            return [_row(i, p, g, w, gained=round(SCALE * gain)) for i, (p, g, w, gain) in enumerate(recent)]
        if board == "players":
            rows = kept(self._read(lambda c: self.tables.top_by_count(c, game, players, SCANNED)))
            return [_row(i, p, s.games, s.wins, avg=s.average_place) for i, (p, s) in enumerate(rows)]
        raise ValueError(f"no leaderboard {board!r}; boards: {', '.join(BOARDS)}")

    def profiles(self, name: str, limit: int = 3) -> list[Profile]:
        """Profiles of the players last seen as ``name`` (any case), keyed ones first."""
        return self._read(lambda c: [_profile(self.tables, c, p) for p in self.tables.players_named(c, name, limit)])

    def profile(self, identity: str) -> Profile | None:
        """The profile of one identity, or None when it finished no game."""
        return self._read(lambda c: (p := self.tables.player(c, identity)) and _profile(self.tables, c, p))

    def rating(self, identity: str, game: str = DEFAULT_GAME) -> Rating | None:
        """``identity``'s rating at ``game``, or None."""
        return self._read(lambda c: self.tables.rating_of(c, identity, game))


def _unpack(blob: bytes) -> list[dict]:
    """An archived record (``games.record``: zlib of JSON Lines) decoded in one ``json.loads``.

    Raises:
        zlib.error, ValueError: the blob is damaged.
    """
    lines = zlib.decompress(blob).decode("utf-8").split("\n")
    return json.loads("[" + ",".join(line for line in lines if line) + "]")


def _row(i: int, ranked: Ranked, games: int, wins: int, gained: int | None = None,
         avg: float | None = None) -> BoardRow:
    p, rating = ranked
    return BoardRow(i + 1, p.name, p.identity.startswith("key:"), rating, games, wins, gained, avg)


def _profile(t: Any, conn: Any, p: PlayerRow) -> Profile:
    """``p``'s profile read through ``t`` (``tables`` or ``redis_tables``) on ``conn``."""
    order = {g: i for i, g in enumerate(GAMES)}
    played = sorted(t.games_of(conn, p.identity), key=lambda g: (order.get(g, len(order)), g))
    return Profile(p, tuple(_card(t, conn, p.identity, game) for game in played))


def _card(t: Any, conn: Any, identity: str, game: str) -> GameCard:
    """``identity``'s card at ``game``; a place counted before places were ranked (a leaver's could be
    N+1 of N) is shown as at most N."""
    by_count = {n: t.stats_of(conn, identity, game, n) for n in t.counts_of(conn, identity, game)}
    recent = [(g, f, min(pl, n), n, None if b is None else shown(b), None if a is None else shown(a))
              for g, f, pl, n, b, a in t.recent_of(conn, identity, game, RECENT_GAMES)]
    return GameCard(game, t.rating_of(conn, identity, game), t.stats_of(conn, identity, game),
                    by_count, recent)

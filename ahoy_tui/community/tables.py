"""The community tables in SQLite: schema, the per-game update and the leaderboard queries (docs/community.md).

Tables (created beside the store's own, ``CREATE TABLE IF NOT EXISTS``)::

    community_games(game_id PRIMARY KEY, finished, rated)   -- games already counted (once each)
    players(identity PRIMARY KEY, name, last_played, mu, sigma, rated, ordinal)
    player_stats(identity, players, <SeatStats counts>)     -- players 0: every game; N: N-seat games
    player_games(finished, identity, game_id, players, place, before, after)  -- ordinals around a rated game

Every function takes an open ``sqlite3.Connection`` and raises
``sqlite3.Error`` as sqlite3 does; :func:`apply_game` must run inside a
transaction the caller commits.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from typing import Sequence

from ahoy_tui.community.rating import Rating, keyed, people, rate, shown
from ahoy_tui.community.stats import FIELDS, SeatStats, game_stats
from ahoy_tui.store.base import GameListing

SCHEMA = f"""
CREATE TABLE IF NOT EXISTS community_games(game_id TEXT PRIMARY KEY, finished REAL NOT NULL,
                                           rated INTEGER NOT NULL) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS players(identity TEXT PRIMARY KEY, name TEXT NOT NULL, last_played REAL NOT NULL,
                                   mu REAL, sigma REAL, rated INTEGER NOT NULL DEFAULT 0,
                                   ordinal REAL) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS players_by_ordinal ON players(ordinal DESC) WHERE ordinal IS NOT NULL;
CREATE INDEX IF NOT EXISTS players_by_name ON players(name COLLATE NOCASE, last_played DESC);
CREATE TABLE IF NOT EXISTS player_stats(identity TEXT NOT NULL, players INTEGER NOT NULL,
    {", ".join(f"{f} INTEGER NOT NULL" for f in FIELDS)},
    PRIMARY KEY(identity, players)) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS player_stats_by_wins ON player_stats(players, wins DESC, games);
CREATE TABLE IF NOT EXISTS player_games(finished REAL NOT NULL, identity TEXT NOT NULL, game_id TEXT NOT NULL,
                                        players INTEGER NOT NULL, place INTEGER NOT NULL,
                                        before REAL, after REAL,
                                        PRIMARY KEY(finished, identity, game_id)) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS player_games_by_game ON player_games(game_id);
CREATE INDEX IF NOT EXISTS player_games_by_identity ON player_games(identity, finished DESC);
"""

COMMUNITY_TABLES = ("community_games", "players", "player_stats", "player_games")

_ADD_STATS = (f"INSERT INTO player_stats VALUES (?, ?, {', '.join('?' for _ in FIELDS)})"
              f" ON CONFLICT(identity, players) DO UPDATE SET "
              + ", ".join(f"{f} = {f} + excluded.{f}" for f in FIELDS))


def create(conn: sqlite3.Connection) -> None:
    """Create the community tables and indexes when missing."""
    for statement in filter(str.strip, SCHEMA.split(";")):
        conn.execute(statement)


def counted(conn: sqlite3.Connection, game_id: str) -> bool:
    """The game is already in the ratings and stats."""
    return conn.execute("SELECT 1 FROM community_games WHERE game_id = ?", (game_id,)).fetchone() is not None


def rating_of(conn: sqlite3.Connection, identity: str) -> Rating | None:
    """``identity``'s rating, or None when it has none (keyless, or never rated)."""
    row = conn.execute("SELECT mu, sigma, rated FROM players WHERE identity = ? AND mu IS NOT NULL",
                       (identity,)).fetchone()
    return None if row is None else Rating(row[0], row[1], row[2])


Changes = dict[str, tuple[Rating, Rating]]
"""Per rated identity, its rating (before, after) a game."""


def seat_stats(listing: GameListing, record: Sequence[dict]) -> list[SeatStats]:
    """Per seat, what it did in this finished game, a forfeited seat counted last and as left
    (pure: call it outside the write transaction)."""
    seats = people_by_seat(listing)
    places = [s[1] if s else p for s, p in zip(seats, listing.places)]
    return game_stats(record, places, [bool(s and s[2]) for s in seats])


def apply_game(conn: sqlite3.Connection, listing: GameListing, per_seat: Sequence[SeatStats],
               header_names: Sequence[str] = ()) -> Changes | None:
    """Count one finished game into ratings and stats, once (inside the caller's transaction).

    Args:
        listing: The finished game.
        per_seat: ``seat_stats`` of it.
        header_names: The record header's seat names (a forfeited seat's person is named by them).

    Returns:
        The rating changes (empty when the game is not rated), or None when
        the game was counted before (nothing is written).
    """
    if counted(conn, listing.game_id):
        return None
    seats = people_by_seat(listing)
    current = {i: r for i, _, _ in filter(None, seats) if keyed(i) and (r := rating_of(conn, i)) is not None}
    changes = rate(listing, current)
    n = len(listing.places)
    for seat, who in enumerate(seats):
        if who is None:
            continue
        identity, place, gone = who
        name = str(header_names[seat] if gone and seat < len(header_names) else listing.names[seat])
        _add_player(conn, identity, name, listing.finished, changes.get(identity))
        for count in (0, n):
            conn.execute(_ADD_STATS, (identity, count, *per_seat[seat].values()))
        before, after = changes.get(identity, (None, None))
        conn.execute("INSERT OR REPLACE INTO player_games VALUES (?, ?, ?, ?, ?, ?, ?)",
                     (listing.finished, identity, listing.game_id, n, place,
                      before and before.ordinal, after and after.ordinal))
    conn.execute("INSERT INTO community_games VALUES (?, ?, ?)",
                 (listing.game_id, listing.finished, int(bool(changes))))
    return changes


def people_by_seat(listing: GameListing) -> list[tuple[str, int, bool] | None]:
    """Per seat, (identity, place, forfeited) of its person (``rating.people``), None for a bot."""
    found = iter(people(listing))
    forfeits = listing.forfeits or (None,) * len(listing.places)
    return [next(found) if (i is not None or f is not None) else None
            for i, f in zip(listing.identities, forfeits)]


def _add_player(conn: sqlite3.Connection, identity: str, name: str, when: float,
                change: tuple[Rating, Rating] | None) -> None:
    after = change[1] if change else None
    conn.execute(
        "INSERT INTO players VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT(identity) DO UPDATE SET"
        " name = excluded.name, last_played = max(last_played, excluded.last_played),"
        " mu = coalesce(excluded.mu, mu), sigma = coalesce(excluded.sigma, sigma),"
        " rated = rated + excluded.rated, ordinal = coalesce(excluded.ordinal, ordinal)",
        (identity, name, when, after and after.mu, after and after.sigma, int(after is not None),
         after and after.ordinal))


def clear(conn: sqlite3.Connection) -> None:
    """Empty every community table (before a rebuild)."""
    for table in COMMUNITY_TABLES:
        conn.execute(f"DELETE FROM {table}")


def stats_of(conn: sqlite3.Connection, identity: str, players: int = 0) -> SeatStats:
    """``identity``'s summed stats (``players`` 0: every game; N: N-seat games only)."""
    row = conn.execute(f"SELECT {', '.join(FIELDS)} FROM player_stats WHERE identity = ? AND players = ?",
                       (identity, players)).fetchone()
    return SeatStats(*row) if row else SeatStats()


def counts_of(conn: sqlite3.Connection, identity: str) -> list[int]:
    """The seat counts ``identity`` has stats for (2..8), ascending."""
    return [r[0] for r in conn.execute(
        "SELECT players FROM player_stats WHERE identity = ? AND players > 0 ORDER BY players", (identity,))]


@dataclass(frozen=True, slots=True)
class PlayerRow:
    """One player as the community tables know them.

    Attributes:
        identity: ``key:SHA256:...`` or ``user:NAME``.
        name: The name last played under.
        last_played: Wall-clock seconds of the last finished game.
        rating: The rating, or None (keyless, or no rated game yet).
    """

    identity: str
    name: str
    last_played: float
    rating: Rating | None


def _player(row: tuple) -> PlayerRow:
    identity, name, last, mu, sigma, rated = row
    return PlayerRow(identity, name, last, None if mu is None else Rating(mu, sigma, rated))


_PLAYER = "SELECT identity, name, last_played, mu, sigma, rated FROM players"


def players_named(conn: sqlite3.Connection, name: str, limit: int = 5) -> list[PlayerRow]:
    """Players whose last name is ``name`` (any case), keyed ones first, then the most recent."""
    rows = conn.execute(f"{_PLAYER} WHERE name = ? COLLATE NOCASE ORDER BY last_played DESC LIMIT ?",
                        (name, limit)).fetchall()
    return sorted(map(_player, rows), key=lambda p: not keyed(p.identity))


def player(conn: sqlite3.Connection, identity: str) -> PlayerRow | None:
    """One player by identity, or None."""
    row = conn.execute(f"{_PLAYER} WHERE identity = ?", (identity,)).fetchone()
    return None if row is None else _player(row)


def top_rated(conn: sqlite3.Connection, limit: int) -> list[tuple[PlayerRow, SeatStats]]:
    """The ``limit`` highest ordinals, best first, with each player's overall stats."""
    rows = conn.execute(f"{_PLAYER} WHERE ordinal IS NOT NULL ORDER BY ordinal DESC LIMIT ?", (limit,))
    return [(p, stats_of(conn, p.identity)) for p in map(_player, rows.fetchall())]


def top_recent(conn: sqlite3.Connection, since: float, limit: int) -> list[tuple[PlayerRow, int, int, float]]:
    """Rated games since ``since``: (player, games, wins, ordinal gained), most gained first."""
    rows = conn.execute(
        "SELECT identity, count(*), sum(place = 1), sum(after - before) AS gained FROM player_games"
        " WHERE finished >= ? AND after IS NOT NULL GROUP BY +identity"
        " ORDER BY gained DESC, identity LIMIT ?", (since, limit)).fetchall()
    out = []
    for identity, games, wins, gained in rows:
        p = player(conn, identity)
        if p is not None:
            out.append((p, games, wins, gained))
    return out


def top_by_count(conn: sqlite3.Connection, players: int, limit: int) -> list[tuple[PlayerRow, SeatStats]]:
    """Most wins at ``players``-seat games (then the better average place), with those stats."""
    rows = conn.execute(
        f"SELECT identity, {', '.join(FIELDS)} FROM player_stats WHERE players = ?"
        " ORDER BY wins DESC, place_sum * 1.0 / games, identity LIMIT ?", (players, limit)).fetchall()
    out = []
    for identity, *counts in rows:
        p = player(conn, identity)
        if p is not None:
            out.append((p, SeatStats(*counts)))
    return out


def changes_of(conn: sqlite3.Connection, game_id: str) -> dict[str, tuple[int, int]]:
    """The shown ratings (before, after) a counted game left, per rated identity."""
    rows = conn.execute("SELECT identity, before, after FROM player_games WHERE game_id = ? AND after IS NOT NULL",
                        (game_id,)).fetchall()
    return {i: (shown(b), shown(a)) for i, b, a in rows}

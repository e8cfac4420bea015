"""The community tables in SQLite: schema, the per-game update and the leaderboard queries (docs/community.md).

Tables (created beside the store's own, ``CREATE TABLE IF NOT EXISTS``;
older files are moved to this layout first, ``migrate``)::

    community_games(game_id PRIMARY KEY, game, finished, rated)    -- games already counted (once each)
    players(identity PRIMARY KEY, name, last_played)                -- everyone who finished a game
    ratings(game, identity, mu, sigma, rated, ordinal)              -- one rating per game (GameListing.game)
    player_stats(identity, game, players, <SeatStats counts>)       -- players 0: every game; N: N-seat games
    player_counts(identity, game, counter, value)                   -- the game's own counters (GameSpec.stats)
    player_games(finished, identity, game_id, game, players, place, before, after)  -- ordinals around a game

Every function takes an open ``sqlite3.Connection`` and raises
``sqlite3.Error`` as sqlite3 does; :func:`apply_game` must run inside a
transaction the caller commits.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from typing import Sequence

from ahoy_tui.community import migrate
from ahoy_tui.community.rating import Change, Rating, keyed, rated, people, rate, shown
from ahoy_tui.community.stats import FIELDS, SeatStats, game_stats
from ahoy_tui.store.base import GameListing

SCHEMA = f"""
CREATE TABLE IF NOT EXISTS community_games(game_id TEXT PRIMARY KEY, game TEXT NOT NULL, finished REAL NOT NULL,
                                           rated INTEGER NOT NULL) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS players(identity TEXT PRIMARY KEY, name TEXT NOT NULL,
                                   last_played REAL NOT NULL) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS players_by_name ON players(name COLLATE NOCASE, last_played DESC);
CREATE TABLE IF NOT EXISTS ratings(game TEXT NOT NULL, identity TEXT NOT NULL, mu REAL NOT NULL,
                                   sigma REAL NOT NULL, rated INTEGER NOT NULL, ordinal REAL NOT NULL,
                                   PRIMARY KEY(game, identity)) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS ratings_by_ordinal ON ratings(game, ordinal DESC);
CREATE TABLE IF NOT EXISTS player_stats(identity TEXT NOT NULL, game TEXT NOT NULL, players INTEGER NOT NULL,
    {", ".join(f"{f} INTEGER NOT NULL" for f in FIELDS)},
    PRIMARY KEY(identity, game, players)) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS player_stats_by_wins ON player_stats(game, players, wins DESC, games);
CREATE TABLE IF NOT EXISTS player_counts(identity TEXT NOT NULL, game TEXT NOT NULL, counter TEXT NOT NULL,
                                         value INTEGER NOT NULL,
                                         PRIMARY KEY(identity, game, counter)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS player_games(finished REAL NOT NULL, identity TEXT NOT NULL, game_id TEXT NOT NULL,
                                        game TEXT NOT NULL, players INTEGER NOT NULL, place INTEGER NOT NULL,
                                        before REAL, after REAL,
                                        PRIMARY KEY(finished, identity, game_id)) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS player_games_by_game ON player_games(game_id);
CREATE INDEX IF NOT EXISTS player_games_by_identity ON player_games(identity, finished DESC);
"""

COMMUNITY_TABLES = ("community_games", "players", "ratings", "player_stats", "player_counts", "player_games")

_ADD_STATS = (f"INSERT INTO player_stats VALUES (?, ?, ?, {', '.join('?' for _ in FIELDS)})"
              f" ON CONFLICT(identity, game, players) DO UPDATE SET "
              + ", ".join(f"{f} = {f} + excluded.{f}" for f in FIELDS))
_ADD_COUNT = ("INSERT INTO player_counts VALUES (?, ?, ?, ?)"
              " ON CONFLICT(identity, game, counter) DO UPDATE SET value = value + excluded.value")


def create(conn: sqlite3.Connection) -> None:
    """Create the community tables and indexes when missing, moving older ones first (``migrate``)."""
    has_players = conn.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'players'").fetchone()
    if has_players is not None:
        migrate.migrate(conn, SCHEMA)
    for statement in filter(str.strip, SCHEMA.split(";")):
        conn.execute(statement)


def counted(conn: sqlite3.Connection, game_id: str) -> bool:
    """The game is already in the ratings and stats."""
    return conn.execute("SELECT 1 FROM community_games WHERE game_id = ?", (game_id,)).fetchone() is not None


def rating_of(conn: sqlite3.Connection, identity: str, game: str) -> Rating | None:
    """``identity``'s rating at ``game``, or None when it has none (keyless, or never rated there)."""
    row = conn.execute("SELECT mu, sigma, rated FROM ratings WHERE game = ? AND identity = ?",
                       (game, identity)).fetchone()
    return None if row is None else Rating(row[0], row[1], row[2])


Changes = dict[str, tuple[Rating, Rating]]
"""Per rated identity, its rating (before, after) a game."""


def seat_stats(listing: GameListing, record: Sequence[dict]) -> list[SeatStats]:
    """Per seat, what it did in this finished game, a forfeited seat counted last and as left
    (pure: call it outside the write transaction)."""
    seats = people_by_seat(listing)
    return game_stats(listing.game, record, listing.ranked_places, [bool(s and s[2]) for s in seats])


def apply_game(conn: sqlite3.Connection, listing: GameListing, per_seat: Sequence[SeatStats],
               header_names: Sequence[str] = ()) -> Changes | None:
    """Count one finished game into its game's ratings and stats, once (inside the caller's transaction).

    Args:
        listing: The finished game (``listing.game`` picks the ratings and stats it counts in).
        per_seat: ``seat_stats`` of it.
        header_names: The record header's seat names (a forfeited seat's person is named by them).

    Returns:
        The rating changes (empty when the game is not rated), or None when
        the game was counted before (nothing is written).
    """
    if counted(conn, listing.game_id):
        return None
    game, seats = listing.game, people_by_seat(listing)
    current = {i: r for i, _, _ in filter(None, seats)
               if rated(i) and (r := rating_of(conn, i, game)) is not None}
    changes = rate(listing, current)
    n = len(listing.places)
    for seat, who in enumerate(seats):
        if who is None:
            continue
        identity, place, gone = who
        name = str(header_names[seat] if gone and seat < len(header_names) else listing.names[seat])
        _add_player(conn, identity, name, listing.finished, game, changes.get(identity))
        for count in (0, n):
            conn.execute(_ADD_STATS, (identity, game, count, *per_seat[seat].values()))
        conn.executemany(_ADD_COUNT, [(identity, game, k, v) for k, v in per_seat[seat].counts.items() if v])
        before, after = changes.get(identity, (None, None))
        conn.execute("INSERT OR REPLACE INTO player_games VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                     (listing.finished, identity, listing.game_id, game, n, place,
                      before and before.ordinal, after and after.ordinal))
    conn.execute("INSERT INTO community_games VALUES (?, ?, ?, ?)",
                 (listing.game_id, game, listing.finished, int(bool(changes))))
    return changes


def people_by_seat(listing: GameListing) -> list[tuple[str, int, bool] | None]:
    """Per seat, (identity, place, forfeited) of its person (``rating.people``), None for a bot."""
    found = iter(people(listing))
    forfeits = listing.forfeits or (None,) * len(listing.places)
    return [next(found) if (i is not None or f is not None) else None
            for i, f in zip(listing.identities, forfeits)]


def _add_player(conn: sqlite3.Connection, identity: str, name: str, when: float, game: str,
                change: tuple[Rating, Rating] | None) -> None:
    conn.execute("INSERT INTO players VALUES (?, ?, ?) ON CONFLICT(identity) DO UPDATE SET"
                 " name = excluded.name, last_played = max(last_played, excluded.last_played)",
                 (identity, name, when))
    if change is not None:
        after = change[1]
        conn.execute("INSERT OR REPLACE INTO ratings VALUES (?, ?, ?, ?, ?, ?)",
                     (game, identity, after.mu, after.sigma, after.games, after.ordinal))


def clear(conn: sqlite3.Connection) -> None:
    """Empty every community table (before a rebuild)."""
    for table in COMMUNITY_TABLES:
        conn.execute(f"DELETE FROM {table}")


def stats_of(conn: sqlite3.Connection, identity: str, game: str, players: int = 0) -> SeatStats:
    """``identity``'s summed stats at ``game`` (``players`` 0: every game, with the game's own
    counters; N: N-seat games only, generic counts)."""
    row = conn.execute(f"SELECT {', '.join(FIELDS)} FROM player_stats WHERE identity = ? AND game = ?"
                       " AND players = ?", (identity, game, players)).fetchone()
    stats = SeatStats(*row) if row else SeatStats()
    if players == 0:
        stats.counts = dict(conn.execute("SELECT counter, value FROM player_counts WHERE identity = ? AND game = ?",
                                         (identity, game)).fetchall())
    return stats


def games_of(conn: sqlite3.Connection, identity: str) -> list[str]:
    """The games ``identity`` finished at least one of (registry names, unordered)."""
    return [r[0] for r in conn.execute("SELECT game FROM player_stats WHERE identity = ? AND players = 0",
                                       (identity,))]


def counts_of(conn: sqlite3.Connection, identity: str, game: str) -> list[int]:
    """The seat counts ``identity`` has stats for at ``game`` (2..8), ascending."""
    return [r[0] for r in conn.execute(
        "SELECT players FROM player_stats WHERE identity = ? AND game = ? AND players > 0 ORDER BY players",
        (identity, game))]


def recent_of(conn: sqlite3.Connection, identity: str, game: str,
              limit: int) -> list[tuple[str, float, int, int, float | None, float | None]]:
    """``identity``'s newest games of ``game``: (game_id, finished, place, seats, ordinal before, after)."""
    return conn.execute("SELECT game_id, finished, place, players, before, after FROM player_games"
                        " WHERE identity = ? AND game = ? ORDER BY finished DESC LIMIT ?",
                        (identity, game, limit)).fetchall()


@dataclass(frozen=True, slots=True)
class PlayerRow:
    """One player as the community tables know them (ratings are per game: ``rating_of``).

    Attributes:
        identity: ``key:SHA256:...`` or ``user:NAME``.
        name: The name last played under.
        last_played: Wall-clock seconds of the last finished game (any game).
    """

    identity: str
    name: str
    last_played: float


_PLAYER = "SELECT identity, name, last_played FROM players"


def players_named(conn: sqlite3.Connection, name: str, limit: int = 5) -> list[PlayerRow]:
    """Players whose last name is ``name`` (any case), keyed ones first, then the most recent."""
    rows = conn.execute(f"{_PLAYER} WHERE name = ? COLLATE NOCASE ORDER BY last_played DESC LIMIT ?",
                        (name, limit)).fetchall()
    return sorted((PlayerRow(*r) for r in rows), key=lambda p: not keyed(p.identity))


def player(conn: sqlite3.Connection, identity: str) -> PlayerRow | None:
    """One player by identity, or None."""
    row = conn.execute(f"{_PLAYER} WHERE identity = ?", (identity,)).fetchone()
    return None if row is None else PlayerRow(*row)


Ranked = tuple[PlayerRow, Rating | None]
"""A player with their rating at the board's game."""


def top_rated(conn: sqlite3.Connection, game: str, limit: int) -> list[tuple[Ranked, SeatStats]]:
    """The ``limit`` highest ordinals at ``game``, best first, with each player's stats there."""
    rows = conn.execute("SELECT identity, mu, sigma, rated FROM ratings WHERE game = ?"
                        " ORDER BY ordinal DESC LIMIT ?", (game, limit)).fetchall()
    out = []
    for identity, mu, sigma, rated in rows:
        p = player(conn, identity)
        if p is not None:
            out.append(((p, Rating(mu, sigma, rated)), stats_of(conn, identity, game)))
    return out


def top_recent(conn: sqlite3.Connection, game: str, since: float,
               limit: int) -> list[tuple[Ranked, int, int, float]]:
    """Rated games of ``game`` since ``since``: (player, games, wins, ordinal gained), most gained first."""
    rows = conn.execute(
        "SELECT identity, count(*), sum(place = 1), sum(after - before) AS gained FROM player_games"
        " WHERE finished >= ? AND game = ? AND after IS NOT NULL GROUP BY +identity"
        " ORDER BY gained DESC, identity LIMIT ?", (since, game, limit)).fetchall()
    out = []
    for identity, games, wins, gained in rows:
        p = player(conn, identity)
        if p is not None:
            out.append(((p, rating_of(conn, identity, game)), games, wins, gained))
    return out


def top_by_count(conn: sqlite3.Connection, game: str, players: int,
                 limit: int) -> list[tuple[Ranked, SeatStats]]:
    """Most wins at ``players``-seat games of ``game`` (then the better average place), with those stats."""
    rows = conn.execute(
        f"SELECT identity, {', '.join(FIELDS)} FROM player_stats WHERE game = ? AND players = ?"
        " ORDER BY wins DESC, place_sum * 1.0 / games, identity LIMIT ?", (game, players, limit)).fetchall()
    out = []
    for identity, *counts in rows:
        p = player(conn, identity)
        if p is not None:
            out.append(((p, rating_of(conn, identity, game)), SeatStats(*counts)))
    return out


def changes_of(conn: sqlite3.Connection, game_id: str) -> dict[str, Change]:
    """The shown ratings (before, after) a counted game left, and the rated games then, per rated identity."""
    rows = conn.execute("SELECT identity, before, after, (SELECT count(*) FROM player_games q"
                        " WHERE q.identity = p.identity AND q.game = p.game AND q.after IS NOT NULL"
                        " AND q.finished <= p.finished)"
                        " FROM player_games p WHERE game_id = ? AND after IS NOT NULL", (game_id,)).fetchall()
    return {i: Change(shown(b), shown(a), n) for i, b, a, n in rows}

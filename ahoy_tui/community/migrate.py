"""Bring community tables written before ratings were per game up to date (docs/community.md).

Those tables kept one rating per identity in ``players`` and every AHOY!!
V2 counter as a column of ``player_stats``; every game they counted was
AHOY!! V2. :func:`migrate` moves them, inside one transaction, to the
per-game layout of ``tables.SCHEMA``: each rating becomes the identity's
``ahoy`` rating, each stats row an ``ahoy`` row, each counter column a
``player_counts`` row (at the overall count, ``players`` 0), and every
counted game and rated game row is marked ``ahoy``. Nothing is lost and
nothing is counted again. Tables already up to date are left alone.
"""

from __future__ import annotations

import sqlite3

from ahoy_tui.community.stats import FIELDS

OLD_GAME = "ahoy"
"""The game every row of the older tables counted."""


def _columns(conn: sqlite3.Connection, table: str) -> list[str]:
    return [r[1] for r in conn.execute(f"PRAGMA table_info({table})")]


def needed(conn: sqlite3.Connection) -> bool:
    """The file holds the older tables (a rating in ``players``)."""
    return "mu" in _columns(conn, "players")


def migrate(conn: sqlite3.Connection, create_new: str) -> bool:
    """Move the older tables to the per-game layout; True when there was anything to move.

    Args:
        conn: An open connection in autocommit mode (no transaction open).
        create_new: The SQL (``;``-separated) that creates the per-game tables.

    Raises:
        sqlite3.Error: as sqlite3 does; the transaction is rolled back and nothing changes.
    """
    if not needed(conn):
        return False
    conn.execute("BEGIN IMMEDIATE")
    try:
        if needed(conn):            # another process may have moved them while we waited
            _move(conn, create_new)
        conn.execute("COMMIT")
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    return True


def _move(conn: sqlite3.Connection, create_new: str) -> None:
    old_stats = _columns(conn, "player_stats")
    counters = [c for c in old_stats if c not in ("identity", "players", *FIELDS)]
    for table in ("players", "player_stats", "player_games", "community_games"):
        conn.execute(f"ALTER TABLE {table} RENAME TO old_{table}")
    for index in ("players_by_ordinal", "players_by_name", "player_stats_by_wins", "player_games_by_game",
                  "player_games_by_identity"):
        conn.execute(f"DROP INDEX IF EXISTS {index}")
    for statement in filter(str.strip, create_new.split(";")):
        conn.execute(statement)
    g = (OLD_GAME,)
    conn.execute("INSERT INTO players SELECT identity, name, last_played FROM old_players")
    conn.execute("INSERT INTO ratings SELECT ?, identity, mu, sigma, rated, ordinal FROM old_players"
                 " WHERE mu IS NOT NULL", g)
    conn.execute(f"INSERT INTO player_stats SELECT identity, ?, players, {', '.join(FIELDS)} FROM old_player_stats", g)
    for c in counters:
        conn.execute(f"INSERT INTO player_counts SELECT identity, ?, ?, {c} FROM old_player_stats"
                     f" WHERE players = 0 AND {c} != 0", (OLD_GAME, c))
    conn.execute("INSERT INTO player_games SELECT finished, identity, game_id, ?, players, place, before, after"
                 " FROM old_player_games", g)
    conn.execute("INSERT INTO community_games SELECT game_id, ?, finished, rated FROM old_community_games", g)
    for table in ("players", "player_stats", "player_games", "community_games"):
        conn.execute(f"DROP TABLE old_{table}")

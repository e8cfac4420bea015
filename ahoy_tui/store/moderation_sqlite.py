"""``SQLiteModerationStore``: bans, mutes, the MOTD and the audit log in the server's SQLite file.

Its own connection to the same file as the table store (``STATE_DIR/ahoy.db``),
with its own tables, created when missing::

    mod_bans(ban_id INTEGER PRIMARY KEY, kind, target, reason, by_whom, created, expires)
    mod_mutes(identity TEXT PRIMARY KEY, name, reason, by_whom, created, expires)
    mod_settings(key TEXT PRIMARY KEY, value)      -- "motd": the operator's MOTD;
                                                   -- "next_ban_id": ban ids are never reused
    mod_audit(id INTEGER PRIMARY KEY, at, actor, action, target, reason)

Every write commits before it returns (moderation is rare; a ban that was
answered "done" survives a crash).
"""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path

from ahoy_tui.store.base import StoreError
from ahoy_tui.store.moderation import AuditEntry, Ban, BanKind, Mute

BUSY_TIMEOUT_MS = 5000
"""How long a write waits for the table store's writer (ms)."""

_SCHEMA = """
CREATE TABLE IF NOT EXISTS mod_bans(ban_id INTEGER PRIMARY KEY, kind TEXT NOT NULL, target TEXT NOT NULL,
    reason TEXT NOT NULL, by_whom TEXT NOT NULL, created REAL NOT NULL, expires REAL);
CREATE INDEX IF NOT EXISTS mod_bans_by_target ON mod_bans(kind, target);
CREATE TABLE IF NOT EXISTS mod_mutes(identity TEXT PRIMARY KEY, name TEXT NOT NULL, reason TEXT NOT NULL,
    by_whom TEXT NOT NULL, created REAL NOT NULL, expires REAL) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS mod_settings(key TEXT PRIMARY KEY, value TEXT) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS mod_audit(id INTEGER PRIMARY KEY, at REAL NOT NULL, actor TEXT NOT NULL,
    action TEXT NOT NULL, target TEXT NOT NULL, reason TEXT NOT NULL);
"""


class SQLiteModerationStore:
    """A :class:`~ahoy_tui.store.moderation.ModerationStore` in the SQLite file ``path``.

    Raises:
        StoreError: the file cannot be opened or its tables created (one line).
    """

    def __init__(self, path: Path | str) -> None:
        self.path = Path(path)
        self._lock = threading.Lock()
        try:
            self._conn = sqlite3.connect(str(self.path), isolation_level=None, check_same_thread=False)
            self._conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
            self._conn.executescript(_SCHEMA)
        except sqlite3.Error as e:
            raise StoreError(f"moderation store {self.path}: {e}") from None

    def _run(self, sql: str, args: tuple = ()) -> list[tuple]:
        with self._lock:
            try:
                return self._conn.execute(sql, args).fetchall()
            except sqlite3.Error as e:
                raise StoreError(f"moderation store {self.path}: {e}") from None

    def add_ban(self, kind: BanKind, target: str, reason: str, by: str, created: float,
                expires: float | None) -> Ban:
        """Keep a new ban under the next id of the ``next_ban_id`` counter (ids are never reused,
        not even after the newest ban is lifted and the server restarts)."""
        with self._lock:
            try:
                self._conn.execute("BEGIN IMMEDIATE")
                try:
                    ban_id = self._next_ban_id()
                    self._conn.execute(
                        "INSERT INTO mod_bans(ban_id, kind, target, reason, by_whom, created, expires) "
                        "VALUES (?,?,?,?,?,?,?)", (ban_id, kind, target, reason, by, created, expires))
                    self._conn.execute("INSERT OR REPLACE INTO mod_settings(key, value) VALUES ('next_ban_id', ?)",
                                       (str(ban_id + 1),))
                    self._conn.execute("COMMIT")
                except BaseException:
                    self._conn.execute("ROLLBACK")
                    raise
            except sqlite3.Error as e:
                raise StoreError(f"moderation store {self.path}: {e}") from None
        return Ban(ban_id, kind, target, reason, by, created, expires)

    def _next_ban_id(self) -> int:
        """The counter, or one past the highest id kept (a file from before the counter)."""
        kept = self._conn.execute("SELECT value FROM mod_settings WHERE key = 'next_ban_id'").fetchone()
        highest = self._conn.execute("SELECT COALESCE(MAX(ban_id), 0) FROM mod_bans").fetchone()[0]
        return max(int(kept[0]) if kept and str(kept[0]).isdigit() else 1, int(highest) + 1)

    def lift_ban(self, ban_id: int) -> Ban | None:
        rows = self._run("DELETE FROM mod_bans WHERE ban_id = ? "
                         "RETURNING ban_id, kind, target, reason, by_whom, created, expires", (ban_id,))
        return Ban(*rows[0]) if rows else None

    def bans(self, now: float) -> list[Ban]:
        rows = self._run("SELECT ban_id, kind, target, reason, by_whom, created, expires FROM mod_bans "
                         "WHERE expires IS NULL OR expires > ? ORDER BY ban_id", (now,))
        return [Ban(*r) for r in rows]

    def set_mute(self, mute: Mute) -> None:
        self._run("INSERT OR REPLACE INTO mod_mutes(identity, name, reason, by_whom, created, expires) "
                  "VALUES (?,?,?,?,?,?)",
                  (mute.identity, mute.name, mute.reason, mute.by, mute.created, mute.expires))

    def lift_mute(self, identity: str) -> Mute | None:
        rows = self._run("DELETE FROM mod_mutes WHERE identity = ? "
                         "RETURNING identity, name, reason, by_whom, created, expires", (identity,))
        return Mute(*rows[0]) if rows else None

    def mutes(self, now: float) -> list[Mute]:
        rows = self._run("SELECT identity, name, reason, by_whom, created, expires FROM mod_mutes "
                         "WHERE expires IS NULL OR expires > ? ORDER BY created", (now,))
        return [Mute(*r) for r in rows]

    def set_motd(self, text: str | None) -> None:
        if text is None:
            self._run("DELETE FROM mod_settings WHERE key = 'motd'")
        else:
            self._run("INSERT OR REPLACE INTO mod_settings(key, value) VALUES ('motd', ?)", (text,))

    def motd(self) -> str | None:
        rows = self._run("SELECT value FROM mod_settings WHERE key = 'motd'")
        return rows[0][0] if rows else None

    def add_audit(self, entry: AuditEntry) -> None:
        self._run("INSERT INTO mod_audit(at, actor, action, target, reason) VALUES (?,?,?,?,?)",
                  (entry.at, entry.actor, entry.action, entry.target, entry.reason))

    def audit(self, limit: int) -> list[AuditEntry]:
        rows = self._run("SELECT at, actor, action, target, reason FROM mod_audit ORDER BY id DESC LIMIT ?",
                         (max(0, limit),))
        return [AuditEntry(*r) for r in reversed(rows)]

    def close(self) -> None:
        with self._lock:
            self._conn.close()

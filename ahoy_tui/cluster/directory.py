"""What one worker knows of the whole cluster lobby: tables by owner, sessions online.

A mirror fed by the lobby channel (``dir``, ``on``, ``off``, ``gone``
envelopes, :mod:`ahoy_tui.cluster.wire`) and, at start and after Redis
comes back, by the ``ahoy:tables`` and ``ahoy:sessions`` hashes. Only a
table's owner writes its row; only a worker writes its own sessions.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ahoy_tui.cluster import keys
from ahoy_tui.lobby.messages import TableSummary

TABLES_KEY = keys.TABLES
"""Hash: table id -> packed ``dir`` envelope (owner, summary, seated identities)."""
WORKERS_KEY = keys.WORKERS
"""Hash: worker id -> its last heartbeat (Redis server time, seconds)."""
SESSIONS_KEY = keys.PREFIX + "sessions"
"""Hash: ``"{worker}/{session}"`` -> packed ``on`` envelope."""
CODES_KEY = keys.PREFIX + "codes"
"""Hash: private table code -> table id."""
NEXT_TABLE_KEY = keys.PREFIX + "next-table"
"""Counter: table ids ``t1``, ``t2``... unique in the cluster."""


@dataclass(frozen=True, slots=True)
class Row:
    """One table of the directory.

    Attributes:
        owner: The worker that writes the table.
        info: Its public summary (``info.version``: the table's version).
        seated: Identities holding a seat there.
    """

    owner: str
    info: TableSummary
    seated: frozenset[str]

    @property
    def table_id(self) -> str:
        return self.info.table_id

    @property
    def version(self) -> int:
        return self.info.version

    def summary(self) -> TableSummary:
        """The summary (``Listed``: the lobby list reads rows like tables)."""
        return self.info


@dataclass(frozen=True, slots=True)
class Named:
    """A session on another worker, as the lobby list counts it."""

    name: str


@dataclass
class Directory:
    """Tables and sessions of the whole cluster as this worker heard of them."""

    tables: dict[str, Row] = field(default_factory=dict)
    sessions: dict[str, tuple[str, str]] = field(default_factory=dict)
    """``"{worker}/{session}"`` -> (identity, name)."""
    addresses: dict[str, str] = field(default_factory=dict)
    """``"{worker}/{session}"`` -> the client's address, once its worker told it."""

    def owner(self, table_id: str) -> str | None:
        row = self.tables.get(table_id) if isinstance(table_id, str) else None
        return row.owner if row is not None else None

    def set_row(self, table_id: str, owner: str, summary: TableSummary | None, seated: frozenset[str]) -> bool:
        """Apply a ``dir`` envelope; True when the row changed."""
        if summary is None:
            return self.tables.pop(table_id, None) is not None
        row = Row(owner, summary, seated)
        if self.tables.get(table_id) == row:
            return False
        self.tables[table_id] = row
        return True

    def session_on(self, worker: str, session: str, identity: str, name: str, address: str = "") -> None:
        key = f"{worker}/{session}"
        self.sessions[key] = (identity, name)
        if address:
            self.addresses[key] = address

    def session_off(self, worker: str, session: str) -> None:
        self.sessions.pop(f"{worker}/{session}", None)
        self.addresses.pop(f"{worker}/{session}", None)

    def forget_worker(self, worker: str) -> list[str]:
        """Drop every session and table of ``worker``; returns the identities that had a session."""
        for table_id in [t for t, r in self.tables.items() if r.owner == worker]:
            del self.tables[table_id]
        prefix = f"{worker}/"
        gone = [k for k in self.sessions if k.startswith(prefix)]
        for k in gone:
            self.addresses.pop(k, None)
        return [self.sessions.pop(k)[0] for k in gone]

    def remote_entries(self, me: str) -> list[tuple[str, str, str]]:
        """``(identity, name, address)`` of every session on workers other than ``me`` (address:
        ``ahoy_tui.lobby.gate.address_key`` form, "" until its worker told it)."""
        prefix = f"{me}/"
        return [(identity, name, self.addresses.get(k, "")) for k, (identity, name) in self.sessions.items()
                if not k.startswith(prefix)]

    def remote_players(self, me: str) -> dict[str, list[Named]]:
        """Identity -> its sessions on workers other than ``me``."""
        out: dict[str, list[Named]] = {}
        prefix = f"{me}/"
        for key, (identity, name) in self.sessions.items():
            if not key.startswith(prefix):
                out.setdefault(identity, []).append(Named(name))
        return out

    def workers_of(self, identity: str, me: str) -> set[str]:
        """Workers other than ``me`` with a session of ``identity``."""
        return {k.split("/", 1)[0] for k, (i, _) in self.sessions.items()
                if i == identity and not k.startswith(f"{me}/")}

    def seated(self, identity: str) -> list[Row]:
        """Rows of the tables where ``identity`` holds a seat, oldest table first."""
        return [r for r in self.tables.values() if identity in r.seated]

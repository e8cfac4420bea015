"""``MemoryStore``: the store contract kept in this process (tests; ``--no-store``).

Everything is durable the moment it is appended (there is no disk), so the
lobby delivers at once, as it did before tables were logged. A restart
loses everything; tests that restart a lobby hand the same ``MemoryStore``
to the next one.
"""

from __future__ import annotations

import json
from collections import deque
from typing import Callable

from ahoy_tui.store.base import LOBBY_CHAT_KEPT, ArchivedGame, GameListing, StoreError, TableLog


class MemoryStore:
    """A :class:`~ahoy_tui.store.base.TableStore` in memory (see the module docstring).

    Entries are copied through JSON on the way in, as a disk would, so a
    caller that changes an object after appending it changes nothing here and
    an entry that is not JSON fails at once (``TypeError``).
    """

    queued = 0
    """Nothing waits for a disk here (``TableStore.queued``)."""

    def __init__(self) -> None:
        self.write_errors = 0
        self.on_batch: Callable[[int, float], None] | None = None
        self._seq = 0
        self._logs: dict[str, list[dict]] = {}
        self._chat: deque[dict] = deque(maxlen=LOBBY_CHAT_KEPT)
        self._games: dict[str, ArchivedGame] = {}
        self._closed = False

    def listen(self, on_durable: Callable[[], None], on_error: Callable[[str, str], None]) -> None:
        """Nothing is ever pending here: neither callback is called."""

    @property
    def durable(self) -> int:
        return self._seq

    def _next(self) -> int:
        if self._closed:
            raise StoreError("the store is closed")
        self._seq += 1
        return self._seq

    def append(self, table_id: str, entry: dict) -> int:
        copy = json.loads(json.dumps(entry))
        seq = self._next()
        self._logs.setdefault(table_id, []).append(copy)
        return seq

    def drop(self, table_id: str) -> None:
        self._next()
        self._logs.pop(table_id, None)

    def add_chat(self, entry: dict) -> int:
        copy = json.loads(json.dumps(entry))
        seq = self._next()
        self._chat.append(copy)
        return seq

    def lobby_chat(self) -> list[dict]:
        return [dict(e) for e in self._chat]

    def open_tables(self) -> list[TableLog]:
        return [TableLog(tid, json.loads(json.dumps(entries))) for tid, entries in self._logs.items()]

    def archive(self, game: ArchivedGame) -> None:
        self._next()
        record = tuple(json.loads(json.dumps(list(game.record))))
        self._games[game.listing.game_id] = ArchivedGame(game.listing, record)

    def games_of(self, identity: str, limit: int = 50) -> list[GameListing]:
        # Newest archived first also among games that ended at the same wall-clock time.
        mine = [g.listing for g in reversed(self._games.values()) if identity in g.listing.identities]
        mine.sort(key=lambda g: g.finished, reverse=True)
        return mine[:max(0, limit)]

    def archived(self, game_id: str) -> ArchivedGame | None:
        return self._games.get(game_id)

    def prune(self, now: float, keep_seconds: float | None, keep_count: int | None) -> int:
        newest = sorted(self._games.values(), key=lambda g: g.listing.finished, reverse=True)
        gone = [g for i, g in enumerate(newest)
                if (keep_count is not None and i >= keep_count)
                or (keep_seconds is not None and g.listing.finished < now - keep_seconds)]
        for g in gone:
            del self._games[g.listing.game_id]
        return len(gone)

    def flush(self, timeout: float = 10.0) -> bool:
        return True

    def close(self) -> None:
        self._closed = True

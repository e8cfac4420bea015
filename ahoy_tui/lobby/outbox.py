"""The lobby's outbox: messages to sessions, delivered in order once what they tell is written.

Every message a command or timer sends is queued here while it runs
(``batch``) and delivered in order when it ends, so a session callback that
issues a command of its own never interleaves with a half-finished change.
A message waits, too, until every log entry appended before it is durable
(the store's ``durable`` sequence number, docs/durability.md): a player
never sees a move the disk may still lose. While the store cannot write
(``failing``) messages are not held for it.
"""

from __future__ import annotations

from collections import deque
from contextlib import contextmanager
from typing import Iterator

from ahoy_tui.lobby.handle import PlayerHandle
from ahoy_tui.lobby.messages import table_of
from ahoy_tui.store.base import TableStore


class Outbox:
    """Messages waiting for the end of the batch and for the log (see the module docstring).

    Args:
        store: Whose ``durable`` sequence number the messages wait for.

    Attributes:
        seq: Sequence number of the newest log entry appended (messages posted after it wait for it).
        failing: Why the store cannot write now ("": it can); meanwhile nothing waits for it.
    """

    def __init__(self, store: TableStore) -> None:
        self.store = store
        self.seq = 0
        self.failing = ""
        self._queue: deque[tuple[PlayerHandle, object, int]] = deque()
        self._withheld: set[str] = set()
        """Tables whose messages are never delivered (their writes were refused: ``withhold``)."""
        self._depth = 0
        self._flushing = False

    @contextmanager
    def batch(self) -> Iterator[None]:
        """Queue messages while the body runs; deliver them in order afterwards."""
        self._depth += 1
        try:
            yield
        finally:
            self._depth -= 1
            if self._depth == 0:
                self.flush()

    def post(self, handle: PlayerHandle, msg: object) -> None:
        """Queue ``msg`` for ``handle`` (dropped when it has no listener): delivered at the end of
        the batch, once every log entry appended before it is written."""
        if handle.listeners:
            self._queue.append((handle, msg, self.seq))
        if self._depth == 0:
            self.flush()

    def flush(self) -> None:
        """Deliver, in order, what is written; the rest waits (a nested call does nothing)."""
        if self._flushing:
            return
        self._flushing = True
        try:
            written = self.seq if self.failing else self.store.durable
            queue = self._queue
            while queue and queue[0][2] <= written:
                handle, msg, _ = queue.popleft()
                if not (self._withheld and table_of(msg) in self._withheld):
                    handle.deliver(msg)
        finally:
            self._flushing = False

    @property
    def pending(self) -> int:
        """Messages not delivered yet."""
        return len(self._queue)

    def withhold(self, table_id: str) -> None:
        """Never deliver a message about ``table_id`` again (its writes were refused: another
        owner has it). Safe from the store's writer thread (one set insert)."""
        self._withheld.add(table_id)

    def release(self, table_id: str) -> None:
        """Deliver messages about ``table_id`` again (this lobby owns it again)."""
        self._withheld.discard(table_id)

    def drop(self, table_id: str) -> None:
        """Forget every waiting message about ``table_id``."""
        self._queue = deque(x for x in self._queue if table_of(x[1]) != table_id)

"""Store fixtures: ``backend`` makes stores of each implementation and "restarts" them.

A restart of a :class:`SQLiteStore` closes it and opens a new one on the
same file; a restart of a :class:`RedisStore` closes it, restarts the
``redis-server`` itself (its append-only file keeps the data) and opens a
new store on it; a :class:`MemoryStore` has nothing to restart, so the same
object is handed back (as the lobby tests do).
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Callable

import pytest

from ahoy_tui.store import MemoryStore, TableStore
from ahoy_tui.store.redis_store import RedisStore
from ahoy_tui.store.sqlite import SQLiteStore


def wait_until(condition: Callable[[], object], timeout: float = 30.0, step: float = 0.005) -> None:
    """Poll ``condition`` until it is true; fail the test after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            pytest.fail(f"condition not met within {timeout} s")
        time.sleep(step)


class Backend:
    """Makes stores of one kind and closes them all at the end of the test."""

    def __init__(self, kind: str, tmp_path: Path, redis_server=None) -> None:
        self.kind = kind
        self.redis_server = redis_server
        self.path = tmp_path / "state.db"
        self.stores: list[TableStore] = []

    def new(self) -> TableStore:
        store: TableStore
        if self.kind == "memory":
            store = MemoryStore()
        elif self.kind == "redis":
            store = RedisStore(self.redis_server.url, retry_interval=0.02)
        else:
            store = SQLiteStore(self.path, retry_interval=0.02)
        self.stores.append(store)
        return store

    def restart(self, store: TableStore) -> TableStore:
        """The store as a restarted server would see it."""
        if self.kind == "memory":
            return store
        store.close()
        if self.kind == "redis":
            self.redis_server.restart()
        return self.new()

    def close_all(self) -> None:
        for store in self.stores:
            store.close()


@pytest.fixture(params=["memory", "sqlite", "redis"])
def backend(request, tmp_path) -> Backend:
    server = request.getfixturevalue("redis_server") if request.param == "redis" else None
    b = Backend(request.param, tmp_path, server)
    yield b
    b.close_all()


@pytest.fixture
def store_factory(backend) -> Callable[[], TableStore]:
    """A fresh store of each implementation."""
    return backend.new

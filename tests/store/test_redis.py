"""What only the Redis store does: fencing by lease epoch, Redis restarts, exactly-once batches."""

from __future__ import annotations

import threading

import pytest
import redis

from ahoy_tui.store import redis_keys as keys
from ahoy_tui.store import StoreError
from ahoy_tui.store.base import LEASE_LOST
from ahoy_tui.store.redis_store import RedisStore
from tests.store.conftest import wait_until


class Calls:
    """Records the store's callbacks (called from the writer thread)."""

    def __init__(self, store: RedisStore) -> None:
        self.errors: list[tuple[str, str]] = []
        self._lock = threading.Lock()
        store.listen(lambda: None, self._error)

    def _error(self, table_id: str, reason: str) -> None:
        with self._lock:
            self.errors.append((table_id, reason))


@pytest.fixture
def stores(redis_server):
    made: list[RedisStore] = []

    def make() -> RedisStore:
        made.append(RedisStore(redis_server.url, retry_interval=0.02))
        return made[-1]
    yield make
    for s in made:
        s.close()


def test_a_fenced_out_owner_cannot_write_and_is_told_once(redis_server, stores):
    old, new = stores(), stores()
    calls = Calls(old)
    client = redis.Redis.from_url(redis_server.url)
    assert client.incr(keys.epoch("t1")) == 1
    old.fence("t1", 1)
    old.append("t1", {"n": 1})
    assert old.flush()
    assert client.incr(keys.epoch("t1")) == 2  # another worker took the lease
    new.fence("t1", 2)
    last = old.append("t1", {"n": "stale"})
    old.append("t1", {"n": "stale again"})
    old.drop("t1")
    old.append("other", {"n": 1})
    new.append("t1", {"n": 2})
    assert old.flush() and new.flush()
    assert old.durable > last
    assert calls.errors == [("t1", LEASE_LOST)]
    assert new.read_log("t1").entries == [{"n": 1}, {"n": 2}]
    assert old.read_log("other").entries == [{"n": 1}]
    client.close()


def test_writes_queued_while_redis_is_down_go_in_once_it_is_back(redis_server, stores):
    store = stores()
    calls = Calls(store)
    store.append("t", {"n": 0})
    assert store.flush()
    redis_server.stop()
    seqs = [store.append("t", {"n": i}) for i in range(1, 6)]
    wait_until(lambda: calls.errors)
    assert store.durable < seqs[0]
    assert "cannot write" in calls.errors[0][1]
    redis_server.start()
    wait_until(lambda: store.durable >= seqs[-1])
    assert store.read_log("t").entries == [{"n": i} for i in range(6)]


def test_a_reply_lost_after_exec_writes_nothing_twice(stores, monkeypatch):
    store = stores()
    real = store._wclient.pipeline
    cut = {"once": True}

    def pipeline(**kw):
        pipe = real(**kw)
        execute = pipe.execute

        def lost_reply(**kw2):
            result = execute(**kw2)
            if cut.pop("once", False):
                raise redis.ConnectionError("connection cut after EXEC")
            return result
        pipe.execute = lost_reply
        return pipe
    monkeypatch.setattr(store._wclient, "pipeline", pipeline)
    for i in range(3):
        store.append("t", {"n": i})
    wait_until(lambda: not cut and store.durable >= 3)
    store.append("t", {"n": 3})
    assert store.flush()
    assert store.read_log("t").entries == [{"n": i} for i in range(4)]


def test_unreachable_redis_is_one_clear_error(tmp_path):
    with pytest.raises(StoreError) as e:
        RedisStore(f"unix://{tmp_path}/nothing.sock")
    assert "cannot connect" in str(e.value) and "\n" not in str(e.value)

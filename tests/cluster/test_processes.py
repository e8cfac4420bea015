"""Failover between real worker processes (tests/cluster/worker.py) on a real redis-server.

The owner is killed (SIGKILL) or paused (SIGSTOP) mid-hand; the standby
worker must own the table within the lease TTL with a higher epoch, play
the game to the end, and leave a log with every record line exactly once
that replays clean.
"""

from __future__ import annotations

import signal
import time

import pytest

from ahoy_tui.store.redis_store import RedisStore
from tests.cluster.helpers import assert_log_is_the_game
from tests.cluster.worker_process import TTL, Worker


@pytest.fixture
def workers(redis_server):
    made: list[Worker] = []

    def make(role: str) -> Worker:
        made.append(Worker(redis_server.url, TTL, role))
        return made[-1]
    yield make
    for w in made:
        w.end()


def check_the_log(url: str, table_id: str, game_id: str) -> None:
    store = RedisStore(url)
    try:
        game = store.archived(game_id)
        assert game is not None
        assert_log_is_the_game(store.read_log(table_id), list(game.record))
    finally:
        store.close()


@pytest.mark.slow
def test_the_owner_killed_mid_hand_another_worker_plays_the_table_to_the_end(redis_server, workers):
    standby = workers("standby")
    owner = workers("owner")
    _, tid, epoch = owner.expect("playing")
    owner.signal(signal.SIGKILL)
    killed = time.monotonic()
    _, adopted, new_epoch = standby.expect("adopted", timeout=30 * TTL)
    assert time.monotonic() - killed < 4 * TTL  # expiry (TTL) + one scan (TTL) + slack
    assert adopted == tid and int(new_epoch) > int(epoch)
    _, over, game_id = standby.expect("over")
    assert over == tid
    check_the_log(redis_server.url, tid, game_id)


@pytest.mark.slow
@pytest.mark.parametrize("pause", ["SIGSTOP", "loop hung past the keeper's limit"])
def test_a_paused_owner_that_wakes_has_its_writes_refused_and_lets_the_table_go(redis_server, workers, pause):
    """Paused whole (SIGSTOP: its keeper thread too), or its loop hung for LONG_STALL TTLs while the
    keeper gave up after MAX_STALL: another worker takes the table, and the owner lets it go on waking."""
    standby = workers("standby")
    owner = workers("owner")
    _, tid, epoch = owner.expect("playing")
    owner.signal(signal.SIGSTOP if pause == "SIGSTOP" else signal.SIGUSR2)
    _, adopted, new_epoch = standby.expect("adopted", timeout=30 * TTL)
    assert adopted == tid and int(new_epoch) > int(epoch)
    if pause == "SIGSTOP":
        owner.signal(signal.SIGCONT)
    assert owner.expect("let-go", timeout=30 * TTL) == ["let-go", tid]
    _, over, game_id = standby.expect("over")
    assert over == tid
    check_the_log(redis_server.url, tid, game_id)


def lease_of(url: str, table_id: str) -> str | None:
    import redis

    from ahoy_tui.cluster import keys

    with redis.Redis.from_url(url) as client:
        value = client.get(keys.lease(table_id))
    return None if value is None else value.decode()


@pytest.mark.slow
def test_an_owner_whose_loop_stalls_past_the_ttl_keeps_its_table(redis_server, workers):
    """A busy loop (SHORT_STALL TTLs) is not a dead worker: the keeper thread renews its lease."""
    standby = workers("standby")
    owner = workers("owner")
    _, owner_id = owner.expect("ready")
    _, tid, epoch = owner.expect("playing")
    owner.signal(signal.SIGUSR1)
    owner.expect("stalled")
    owner.expect("resumed", timeout=30 * TTL)
    # Without the keeper the lease would have expired a TTL into the stall and the standby's next
    # scan (every TTL) taken it with a higher epoch: the same value means it never was free.
    assert lease_of(redis_server.url, tid) == f"{owner_id}:{epoch}"


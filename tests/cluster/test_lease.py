"""Fenced table leases against a real redis-server: one owner at a time, epochs only go up."""

from __future__ import annotations

import asyncio
import re

import pytest
import redis.asyncio as aioredis

from ahoy_tui.cluster.lease import Leases, new_worker_id
from tests.waiting import wait_until

TTL = 0.6


@pytest.fixture
async def clients(redis_server):
    made = []

    def make():
        made.append(aioredis.from_url(redis_server.url))
        return made[-1]
    yield make
    for c in made:
        await c.aclose()


def test_worker_ids_name_host_and_process_and_differ():
    a, b = new_worker_id(), new_worker_id()
    assert re.fullmatch(r".+-\d+-[0-9a-f]{4}", a) and a != b


async def test_one_owner_at_a_time_and_a_new_owner_gets_a_higher_epoch(clients):
    a = Leases(clients(), "A", ttl=TTL)
    b = Leases(clients(), "B", ttl=TTL)
    assert await a.acquire("t1") == 1
    assert await b.acquire("t1") is None
    assert await b.owner("t1") == ("A", 1)
    await asyncio.sleep(TTL * 1.5)  # nobody renews: the lease expires
    assert await b.acquire("t1") == 2
    assert await a.owner("t1") == ("B", 2)


async def test_renewals_keep_the_lease_past_its_ttl(clients):
    a = Leases(clients(), "A", ttl=TTL)
    b = Leases(clients(), "B", ttl=TTL)
    await a.acquire("t1")
    renewing = asyncio.create_task(a.run())
    try:
        for _ in range(4):
            await asyncio.sleep(TTL / 2)
            assert await b.acquire("t1") is None
        assert a.held == {"t1": 1}
    finally:
        renewing.cancel()


async def test_a_lease_taken_over_is_reported_lost_once_and_not_renewed(clients):
    lost: list[str] = []
    a = Leases(clients(), "A", ttl=TTL, on_lost=lambda t, unreachable: lost.append(t))
    b = Leases(clients(), "B", ttl=TTL)
    await a.acquire("t1")
    await a.acquire("t2")
    await asyncio.sleep(TTL * 1.5)  # A was paused: no renewals
    assert await b.acquire("t1") == 2
    assert await a.renew_all() == ["t1", "t2"]  # t2 merely expired: someone may have taken it too
    assert lost == ["t1", "t2"] and a.held == {}
    assert await a.renew_all() == []
    assert await b.owner("t1") == ("B", 2)


async def test_release_deletes_only_ones_own_lease(clients):
    a = Leases(clients(), "A", ttl=TTL)
    b = Leases(clients(), "B", ttl=TTL)
    await a.acquire("t1")
    assert await a.release("t1")
    assert await b.acquire("t1") == 2
    a.held["t1"] = 1  # a stale belief
    assert not await a.release("t1")
    assert await b.owner("t1") == ("B", 2)


async def test_without_redis_for_a_ttl_the_lease_counts_as_lost(redis_server, clients):
    lost: list[str] = []
    a = Leases(clients(), "A", ttl=TTL, on_lost=lambda t, unreachable: lost.append(t))
    await a.acquire("t1")
    redis_server.stop()
    renewing = asyncio.create_task(a.run())
    try:
        await wait_until(lambda: lost == ["t1"], timeout=30 * TTL, what="the lease to count as lost")
        assert a.held == {}
    finally:
        renewing.cancel()

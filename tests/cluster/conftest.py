"""The ``workers`` fixture: two started ``ClusterLobby`` workers on the test's redis-server."""

from __future__ import annotations

import pytest

from tests.cluster.workers import Workers


@pytest.fixture
async def workers(redis_server):
    ws = await Workers(redis_server.url, 2).start()
    try:
        yield ws
    finally:
        await ws.close()

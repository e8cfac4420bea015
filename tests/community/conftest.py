"""``community``: an empty ratings-and-stats store of each kind: SQLite in memory, and Redis
(a real ``redis-server``, the one every worker of a cluster shares)."""

from __future__ import annotations

import pytest

from ahoy_tui.community.service import Community


@pytest.fixture(params=["sqlite", "redis"])
def community(request) -> Community:
    if request.param == "redis":
        from ahoy_tui.community.redis_service import RedisCommunity

        c: Community = RedisCommunity(request.getfixturevalue("redis_server").url)
    else:
        c = Community()
    yield c
    c.close()

"""Bans over real SSH with ``--redis``: an operator's ban on one worker ends the banned player's
session on another worker and that worker refuses them at connect (docs/moderation.md)."""

from __future__ import annotations

import asyncio

import pytest
from harness import connect, quiet_config, wait_until
from test_moderation_bans import _exec, _refusal

from ahoy_tui.cluster.hosted import ClusterHost
from ahoy_tui.moderation.policy import Moderator
from ahoy_tui.store.moderation_redis import RedisModerationStore
from server.ssh import AhoyServer
from tests.cluster.workers import Workers


@pytest.fixture
async def two_workers(tmp_path, redis_server, client_key):
    """Worker A and worker B: a ClusterLobby each behind its own SSH server, one Redis."""
    ws = await Workers(redis_server.url, 2).start()
    servers = []
    for i, lobby in enumerate(ws.all):
        (tmp_path / f"w{i}").mkdir()
        moderator = Moderator(RedisModerationStore(redis_server.url), frozenset({client_key.get_fingerprint("sha256")}))
        server = AhoyServer(quiet_config(tmp_path / f"w{i}"), ClusterHost(lobby), moderator)
        await server.start()
        servers.append(server)
    yield servers
    for server in servers:
        await server.stop()
        server.moderator.store.close()
    await ws.close()


async def test_a_ban_at_worker_a_ends_the_session_at_worker_b_and_b_refuses_the_key(two_workers, client_key,
                                                                                     other_key):
    a, b = two_workers
    ben = await connect(b.port, "ben", key=other_key)
    await wait_until(lambda: any(s.info and s.info.display_name == "ben" for s in b.sessions))
    fp = other_key.get_fingerprint("sha256")
    p = await _exec(a.port, f"ban key {fp} 2h cheating at cards", key=client_key)
    assert p.exit_status == 0 and b"ban #1: key SHA256:" in bytes(p.raw), bytes(p.raw)
    await asyncio.wait_for(ben.closed.wait(), 30)
    assert b"You are banned from this server until" in bytes(ben.raw)
    line = await _refusal(b.port, key=other_key)
    assert line.startswith("You are banned from this server until ") and line.endswith(": cheating at cards")
    p = await _exec(b.port, "unban 1", key=client_key)
    assert p.exit_status == 0 and b"ban #1 lifted" in bytes(p.raw)
    await wait_until(lambda: a.moderator.bans() == [], what="worker A to hear the unban")
    again = await connect(a.port, "ben", key=other_key)
    await again.close()

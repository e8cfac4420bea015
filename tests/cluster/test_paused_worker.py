"""A worker paused (SIGSTOP, a frozen VM) past ``dead_after`` and resumed: the others declared it
gone and forgot its sessions; it finds out and joins again, so every worker's online list is
whole again (in-process workers on a real redis-server)."""

from __future__ import annotations

import asyncio

import pytest

from ahoy_tui.cluster import watch
from ahoy_tui.cluster.bus import stop_tasks
from ahoy_tui.cluster.directory import SESSIONS_KEY
from ahoy_tui.cluster.lobby import ClusterLobby
from tests.cluster.players import Player
from tests.cluster.workers import Workers
from tests.waiting import wait_until


class Paused:
    """Worker ``w`` as a paused process: no heartbeat, no watch, and what Redis sends it waits
    in its subscription until :meth:`resume`."""

    def __init__(self, w: ClusterLobby) -> None:
        self.w = w
        self.heard: list[tuple[str, bytes]] = []
        self.on_message = w.bus.on_message

    async def pause(self) -> None:
        await stop_tasks(self.w._tasks)
        self.w.bus.on_message = lambda channel, data: self.heard.append((channel, data))

    def resume(self, heard: bool = True) -> None:
        """Run again; ``heard``: what Redis sent meanwhile is acted on (else it was lost)."""
        self.w.bus.on_message = self.on_message
        for channel, data in self.heard if heard else []:
            self.on_message(channel, data)
        self.w._tasks = [asyncio.create_task(watch.beat(self.w)), asyncio.create_task(watch.watch(self.w))]


@pytest.mark.parametrize("told", ["by the gone envelope", "by its heartbeat's mark"])
async def test_a_paused_worker_declared_gone_comes_back_into_every_online_list(redis_server, told):
    ws = await Workers(redis_server.url, 2).start()
    w0, w1 = ws.all
    try:
        anna, bob = await Player.connect(w0, "anna"), await Player.connect(w1, "bob")
        await ws.settle()
        assert w1.core.online_names() == ["anna", "bob"]
        paused = Paused(w0)
        await paused.pause()
        await wait_until(lambda: w1.core.online_names() == ["bob"], what="w1 declaring w0 gone")
        paused.resume(heard=told == "by the gone envelope")
        await wait_until(lambda: w1.core.online_names() == ["anna", "bob"], what="anna online at w1 again")
        fields = {k.decode() for k in await w1.bus.redis.hkeys(SESSIONS_KEY)}
        assert any(f.startswith("w0/") for f in fields), fields
        late = ClusterLobby(redis_server.url, "w2", heartbeat=0.1, dead_after=0.5)
        late.build_core()
        await late.open()  # a worker starting now reads the whole list from Redis
        try:
            assert late.core.online_names() == ["anna", "bob"]
        finally:
            await late.close()
        assert anna.handle in w0.sessions() and bob.handle in w1.sessions()
    finally:
        await ws.close()

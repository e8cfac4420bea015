"""A worker paused (SIGSTOP, a frozen VM) past ``dead_after`` and resumed: the others declared it
gone and forgot its sessions; it finds out and joins again, so every worker's online list is
whole again; a move sent to it meanwhile is refused as not done, and it is not made later
(in-process workers on a real redis-server)."""

from __future__ import annotations

import pytest

from ahoy_tui.cluster.directory import SESSIONS_KEY
from ahoy_tui.cluster.lobby import ClusterLobby
from ahoy_tui.lobby.errors import Refused
from tests.cluster.players import Player
from tests.cluster.test_cluster_lobby import play_until, seat_three
from tests.cluster.workers import Paused, Workers
from tests.waiting import wait_until


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


async def test_a_move_to_a_paused_owner_is_refused_as_not_done_and_never_made_later(workers):
    players, tid = await seat_three(workers)
    w0, w1 = workers.all
    table = w0.core.tables[tid]
    await play_until(workers, players[:1], tid, lambda: any(p.latest(tid).legal for p in players[1:]))
    mover = next(p for p in players[1:] if p.latest(tid).legal)
    update = mover.latest(tid)
    before = table.version
    paused = Paused(w0)
    await paused.pause()
    with pytest.raises(Refused, match="not done: that table's server does not answer"):
        await w1.act(mover.handle, tid, update.legal[0], update.version)
    paused.resume()
    await wait_until(lambda: "anna" in w1.core.online_names(), what="w0 back in the cluster")
    await workers.settle()
    assert table.version == before  # the move waiting in w0's subscription was dropped, not made
    await mover.play(tid)  # tried again: it is made
    assert table.version > before

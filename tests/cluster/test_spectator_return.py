"""Issue 24 (13) with ``--redis``: a spectator whose session ends is taken back to the table she
watched by her next session on any worker, unless she left it (docs/lobby.md), and sees only
what a spectator may (R18)."""

from __future__ import annotations

import logging

from redis.exceptions import ConnectionError as RedisConnectionError

from ahoy_tui.cluster import keys
from ahoy_tui.lobby.messages import LobbyChanged, TableConfig
from tests.cluster.players import Player
from tests.cluster.workers import Workers
from tests.lobby.helpers import check_private, instrument
from tests.waiting import wait_until


async def bob_hosts(ws: Workers) -> tuple[Player, str]:
    """bob on w0 hosts a started 4-seat untimed table of himself and three bots (w0 owns it):
    the game waits for bob at each of his turns (``Player.play``)."""
    w0 = ws.all[0]
    bob = await Player.connect(w0, "bob")
    tid = await w0.create_table(bob.handle, TableConfig.make(name="Deck", seats=4, limit=100, clocks="untimed"))
    for kind in ("baseline", "random", "baseline"):
        await w0.add_bot(bob.handle, tid, kind)
    await w0.start(bob.handle, tid)
    await ws.settle()
    return bob, tid


async def anna_watched(ws: Workers, tid: str) -> None:
    """anna watches ``tid`` from a session on w1 (the owner is w0), then that session ends."""
    w1 = ws.all[1]
    anna = await Player.connect(w1, "anna")
    await ws.settle()
    await w1.spectate(anna.handle, tid)
    assert anna.latest(tid) is not None and anna.latest(tid).seat is None
    await ws.advance(1.0)
    await w1.disconnect(anna.handle)
    await ws.settle()


async def back_at(ws: Workers, anna: Player, bob: Player, tid: str, more: int = 1) -> None:
    """anna's new session is shown ``tid`` as a spectator (a full update), then sees ``more``
    updates as bob plays on."""
    await wait_until(lambda: anna.latest(tid) is not None, what="anna shown the table she watched")
    first = anna.updates(tid)[0]
    assert first.catch_up and first.seat is None and first.legal == []
    assert first.table.status == "playing"
    seen = len(anna.updates(tid))
    for _ in range(500):
        if len(anna.updates(tid)) >= seen + more or anna.latest(tid).table.status != "playing":
            break
        await bob.play(tid)
        await ws.advance(0.5)
    assert len(anna.updates(tid)) >= seen + more, "anna sees the game go on"


async def test_a_spectator_back_on_the_worker_she_watched_from_is_shown_the_other_workers_table(workers):
    bob, tid = await bob_hosts(workers)
    await anna_watched(workers, tid)
    anna = await Player.connect(workers.all[1], "anna")
    await back_at(workers, anna, bob, tid)


async def test_a_spectator_back_on_the_tables_own_worker_is_shown_it(workers):
    bob, tid = await bob_hosts(workers)
    await anna_watched(workers, tid)
    anna = await Player.connect(workers.all[0], "anna")
    await back_at(workers, anna, bob, tid)


async def test_a_spectator_who_watched_on_the_owner_is_shown_it_from_another_worker(workers):
    """The watch is kept for the cluster also when the session watched on the table's own worker."""
    w0, w1 = workers.all
    bob, tid = await bob_hosts(workers)
    anna = await Player.connect(w0, "anna")
    await w0.spectate(anna.handle, tid)
    await w0.disconnect(anna.handle)
    await workers.settle()
    anna = await Player.connect(w1, "anna")
    await back_at(workers, anna, bob, tid)


async def test_a_spectator_who_left_the_table_lands_in_the_lobby(workers):
    w0, w1 = workers.all
    _, tid = await bob_hosts(workers)
    anna = await Player.connect(w1, "anna")
    await workers.settle()
    await w1.spectate(anna.handle, tid)
    await w1.leave(anna.handle, tid)  # q: back to the lobby
    await w1.disconnect(anna.handle)
    await workers.settle()
    assert await w1.bus.redis.get(keys.watching("user:anna")) is None
    for worker in (w1, w0):
        again = await Player.connect(worker, "anna")
        await workers.advance(1.0)
        await workers.advance(1.0)
        assert again.of(LobbyChanged) and again.updates(tid) == []
        await worker.disconnect(again.handle)
        await workers.settle()


async def test_a_spectator_whose_table_closed_lands_in_the_lobby(workers):
    w0, w1 = workers.all
    _, tid = await bob_hosts(workers)
    await anna_watched(workers, tid)
    await w0.close_table(tid, "the host closed it")
    await workers.settle()
    assert await w1.bus.redis.get(keys.watching("user:anna")) is None
    anna = await Player.connect(w1, "anna")
    await workers.advance(1.0)
    await workers.advance(1.0)
    assert anna.of(LobbyChanged) and anna.updates(tid) == []


async def test_a_private_table_takes_back_who_watched_it_without_the_code_and_nobody_else(workers):
    """The key only points the way: the owner attaches only an identity it has watching the table."""
    w0, w1 = workers.all
    bob = await Player.connect(w0, "bob")
    tid = await w0.create_table(bob.handle, TableConfig.make(name="Hidden", seats=2, limit=100, clocks="untimed",
                                                              private=True))
    await w0.add_bot(bob.handle, tid, "baseline")
    await w0.start(bob.handle, tid)
    await workers.settle()
    code = w0.core.tables[tid].code
    anna = await Player.connect(w1, "anna")
    await workers.settle()
    await w1.spectate(anna.handle, tid, code.lower())
    await w1.disconnect(anna.handle)
    await workers.settle()
    anna = await Player.connect(w1, "anna")
    await back_at(workers, anna, bob, tid)
    assert anna.latest(tid).table.code is None
    await w1.bus.redis.set(keys.watching("user:cara"), tid)  # as if cara had watched it
    cara = await Player.connect(w1, "cara")
    await workers.advance(1.0)
    await workers.advance(1.0)
    assert cara.of(LobbyChanged) and cara.updates(tid) == []
    assert all(h.identity != "user:cara" for h in w0.core.tables[tid].members)


async def test_a_spectator_back_through_another_worker_is_sent_no_hidden_card(workers, monkeypatch):
    """R18: every update of her new session (its catch-up, then the game going on) is a
    spectator's: no hand, no laid-down or locked card, no private event, no choice."""
    instrument(monkeypatch)
    bob, tid = await bob_hosts(workers)
    table = workers.all[0].core.tables[tid]
    await anna_watched(workers, tid)
    anna = await Player.connect(workers.all[1], "anna")
    await back_at(workers, anna, bob, tid, more=30)
    ups = anna.updates(tid)
    for u in ups:
        check_private(u, table)
        assert u.seat is None and u.legal == [] and u.table.code is None
        assert u.view.hand == () and u.view.laid_down == () and u.view.locked is None
        assert all(e.to is None for e in u.events)


async def test_with_redis_away_a_returning_spectator_lands_in_the_lobby(workers, monkeypatch, caplog):
    w1 = workers.all[1]
    _, tid = await bob_hosts(workers)
    await anna_watched(workers, tid)

    async def away(*args, **kwargs):
        raise RedisConnectionError("Redis is away")

    monkeypatch.setattr(w1.bus.redis, "get", away)
    caplog.set_level(logging.WARNING, logger="ahoy_tui.cluster.lobby")
    anna = await Player.connect(w1, "anna")
    await wait_until(lambda: any("watched" in r.getMessage() for r in caplog.records), what="one line logged")
    await workers.advance(1.0)
    assert anna.of(LobbyChanged) and anna.updates(tid) == []
    assert [r for r in caplog.records if "watched" in r.getMessage()][0].levelno == logging.WARNING

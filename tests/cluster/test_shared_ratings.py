"""Ratings and stats with ``--redis``: counted once per finished game in the whole cluster and
read the same on every worker (docs/community.md, "With --redis")."""

from __future__ import annotations

import pytest

from ahoy_tui.community.redis_service import RedisCommunity
from ahoy_tui.lobby.messages import TableConfig
from tests.cluster.helpers import TTL
from tests.cluster.players import Player
from tests.cluster.test_cluster_lobby import play_until
from tests.cluster.test_failover import die, nodes  # noqa: F401 - the fixture
from tests.cluster.workers import Workers
from tests.waiting import wait_until

ANNA, BO = "key:SHA256:anna", "key:SHA256:bo"


@pytest.fixture
async def rated_workers(redis_server):
    made: list[RedisCommunity] = []

    def ratings(i: int) -> dict:
        made.append(RedisCommunity(redis_server.url))
        return {"community": made[-1]}

    ws = await Workers(redis_server.url, 2, lobby=ratings).start()
    try:
        yield ws
    finally:
        await ws.close()
        for c in made:
            c.close()


async def _keyed(lobby, identity: str, name: str) -> Player:
    p = Player(lobby, await lobby.connect(identity, name))
    p.handle.subscribe(p.got.append)
    return p


async def test_a_game_with_players_on_two_workers_is_rated_once_and_read_alike_everywhere(rated_workers):
    w0, w1 = rated_workers.all
    anna, bo = await _keyed(w0, ANNA, "anna"), await _keyed(w1, BO, "bo")
    tid = await w0.create_table(anna.handle, TableConfig.make(name="Two", seats=3, limit=20, clocks="untimed"))
    await rated_workers.settle()
    await w1.join(bo.handle, tid)
    await w1.set_ready(bo.handle, tid, True)
    await w0.add_bot(anna.handle, tid, "baseline")
    await w0.start(anna.handle, tid)
    table = w0.core.tables[tid]
    await play_until(rated_workers, [anna, bo], tid, lambda: table.status == "game_over")
    assert w0.core.community.flush()

    boards = [await w.leaderboard() for w in (w0, w1)]
    assert boards[0] == boards[1]
    assert sorted(r.name for r in boards[0]) == ["anna", "bo"] and all(r.games == 1 for r in boards[0])
    for w in (w0, w1):
        (card,) = await w.profiles("bo")
        assert card.game("ahoy").rating.games == 1 and card.stats.games == 1
    changes = await w1.rating_changes(tid)          # bo's worker asks the owner which game it was
    assert changes == await w0.rating_changes(tid)
    seats = table.last_listing.identities
    assert [c is not None for c in changes] == [i in (ANNA, BO) for i in seats]
    assert all(c.labels[1].endswith("?") for c in changes if c is not None)  # a first game: provisional


async def test_an_adopted_table_that_replays_a_counted_game_does_not_count_it_again(nodes):  # noqa: F811
    a = await nodes(ratings=True)
    tid = _two_keyed_players(a.lobby)
    table = a.lobby.tables[tid]
    await wait_until(lambda: table.status == "game_over", timeout=60, what="the game to end at worker A")
    assert a.lobby.community.flush() and a.lobby.community.rating(ANNA).games == 1
    before = (a.lobby.community.rating(ANNA), a.lobby.community.rating(BO))
    die(a)
    b = await nodes(ratings=True)
    await wait_until(lambda: tid in b.lobby.tables, timeout=30 * TTL, what="worker B to adopt the table")
    assert b.lobby.community.flush()
    assert (b.lobby.community.rating(ANNA), b.lobby.community.rating(BO)) == before
    assert b.lobby.community.profile(ANNA).game("ahoy").stats.games == 1


async def test_a_game_its_dead_owner_never_counted_is_counted_once_by_the_worker_that_adopts_it(nodes):  # noqa: F811
    a = await nodes()                              # counts nothing: as if killed before counting
    tid = _two_keyed_players(a.lobby)
    table = a.lobby.tables[tid]
    await wait_until(lambda: table.status == "game_over", timeout=60, what="the game to end at worker A")
    die(a)
    b, c = await nodes(ratings=True), await nodes(ratings=True)
    await wait_until(lambda: tid in b.lobby.tables or tid in c.lobby.tables, timeout=30 * TTL,
                     what="a live worker to adopt the table")
    for n in (b, c):
        assert n.lobby.community.flush()
    assert b.lobby.community.rating(ANNA).games == 1 and c.lobby.community.rating(BO).games == 1
    adopter = b if tid in b.lobby.tables else c
    changes = [ch for ch in await _rating_changes(adopter, tid) if ch is not None]
    assert len(changes) == 2


def _two_keyed_players(lobby) -> str:
    """anna and bo (keyed) and a bot at a new table of ``lobby``, started, both on the autopilot."""
    anna, bo = lobby.connect(ANNA, "anna"), lobby.connect(BO, "bo")
    for h in (anna, bo):
        h.subscribe(lambda msg: None)
    tid = lobby.create_table(anna, TableConfig.make(name="Fleet", seats=3, limit=20, clocks="relaxed"))
    lobby.join(bo, tid)
    lobby.set_ready(bo, tid, True)
    lobby.add_bot(anna, tid, "baseline")
    lobby.start(anna, tid)
    for h in (anna, bo):
        lobby.set_autopilot(h, tid, True)
    return tid


async def _rating_changes(node, tid: str) -> list:
    from ahoy_tui.lobby import standings

    return await standings.rating_changes(node.lobby, tid)

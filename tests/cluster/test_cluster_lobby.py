"""Workers sharing one lobby through a real redis-server: one table, players on several workers."""

from __future__ import annotations

import pytest

from ahoy_tui.cluster.wire import pack, refusal, refused, unpack
from ahoy_tui.lobby.errors import LobbyError, Refused, RuleBroken, Stale
from ahoy_tui.lobby.messages import ChatHistory, ChatMessage, Notice, TableConfig
from tests.cluster.players import Player, check_everything_sent
from tests.cluster.workers import Workers
from tests.lobby.helpers import check_private, instrument
from tests.waiting import wait_until


async def seat_three(ws: Workers) -> tuple[list[Player], str]:
    """anna on w0 hosts a 4-seat untimed table (w0 owns it); bob and cara on w1 join; one bot; started."""
    w0, w1 = ws.all
    anna = await Player.connect(w0, "anna")
    bob, cara = await Player.connect(w1, "bob"), await Player.connect(w1, "cara")
    tid = await w0.create_table(anna.handle, TableConfig.make(name="Two", seats=4, limit=30, clocks="untimed"))
    await ws.settle()
    for p in (bob, cara):
        assert await w1.join(p.handle, tid) in (1, 2)
        await w1.set_ready(p.handle, tid, True)
    await w0.add_bot(anna.handle, tid, "baseline")
    await w0.start(anna.handle, tid)
    await ws.settle()
    return [anna, bob, cara], tid


async def play_until(ws: Workers, players: list[Player], tid: str, done, rounds: int = 5000) -> None:
    for _ in range(rounds):
        if done():
            return
        for p in players:
            await p.play(tid)
        await ws.advance(0.5)
    assert done(), "the game did not reach its end"


async def test_players_on_two_workers_play_a_whole_game_seeing_only_their_own_cards(workers, monkeypatch):
    instrument(monkeypatch)
    players, tid = await seat_three(workers)
    table = workers.all[0].core.tables[tid]
    bob = players[1]
    await play_until(workers, players, tid, lambda: table.status == "game_over")
    await workers.settle()
    assert bob.acted > 0 and bob.latest(tid).table.status == "game_over"
    assert bob.latest(tid).view.totals == players[0].latest(tid).view.totals
    assert check_everything_sent(players, table) > 3 * bob.acted
    assert workers.all[0].bus.bytes_out > 0 and workers.all[1].bus.bytes_out > 0
    record = await workers.all[1].record_for(bob.handle, tid)  # asked across workers: bob's projection
    assert record[0]["seed"] is None


async def test_a_killed_non_owner_worker_leaves_its_seats_to_the_autopilot_after_their_grace(workers, monkeypatch, caplog):
    instrument(monkeypatch)
    players, tid = await seat_three(workers)
    table = workers.all[0].core.tables[tid]
    anna = players[0]
    await workers.all[1].close(goodbye=False)  # no goodbye: w0 finds out by the missing heartbeat
    await wait_until(lambda: not any(s.connected for s in anna.latest(tid).table.seats[1:3]), timeout=30,
                     what="bob's and cara's seats disconnected")
    seats = anna.latest(tid).table.seats                 # R17: first their seats wait for them
    assert all(seats[i].reconnecting is not None and not seats[i].autopilot for i in (1, 2))
    await workers.advance(table.config.grace + 1)        # then the autopilot plays them
    assert all(anna.latest(tid).table.seats[i].autopilot for i in (1, 2))
    assert await workers.all[0].online_names() == ["anna"]
    await play_until(workers, [anna], tid, lambda: table.status == "game_over")
    check_everything_sent([anna], table)
    gone = [r for r in caplog.records if "is gone" in r.getMessage() and r.levelname == "WARNING"]
    assert len(gone) == 1, gone  # found dead here, and its own "gone" heard back: one line


async def test_redis_restarted_mid_game_the_workers_resync_and_the_table_plays_on(workers, redis_server,
                                                                                  monkeypatch):
    instrument(monkeypatch)
    players, tid = await seat_three(workers)
    table = workers.all[0].core.tables[tid]
    bob = players[1]
    await play_until(workers, players, tid, lambda: table.version >= 20)
    redis_server.restart()
    await play_until(workers, players, tid, lambda: table.status == "game_over")
    await workers.settle()
    assert [s.table_id for s in await workers.all[1].table_summaries()] == [tid]
    assert await workers.all[1].online_names() == ["anna", "bob", "cara"]
    assert bob.latest(tid).version == table.version  # bob's worker caught up with every change
    assert bob.latest(tid).view.totals == players[0].latest(tid).view.totals
    for p in players:
        for u in p.updates(tid):
            check_private(u, table)


async def test_the_newest_session_of_an_identity_wins_across_workers(workers):
    players, tid = await seat_three(workers)
    w0, w1 = workers.all
    old_anna = players[0]
    again = await Player.connect(w1, "anna")
    await workers.settle()
    assert any(isinstance(m, Notice) for m in old_anna.got)  # told, then closed
    assert old_anna.handle not in w0.sessions()
    back = again.updates(tid)
    assert back and back[0].catch_up and back[0].seat == 0 and back[-1].view.hand
    assert w0.core.tables[tid].present(0)
    assert again.handle.name == "anna" and await w0.online_names() == ["anna", "bob", "cara"]


async def _nodes(url: str, names: str, with_node: str) -> list:
    """Workers ``names`` (one letter each); those in ``with_node`` run leases and failover."""
    from ahoy_tui.cluster.lobby import ClusterLobby
    from ahoy_tui.cluster.node import start_node
    from tests.cluster.helpers import TIMING, TTL

    made = []
    for name in names:
        cluster = ClusterLobby(url, name, heartbeat=0.1, dead_after=TTL, request_timeout=2.0)
        node = (await start_node(url, TTL, timing=TIMING, lobby_factory=cluster.build_core, worker_id=name)
                if name in with_node else None)  # one id for its lobby, leases and heartbeats, as ahoy-server
        if node is None:
            cluster.build_core(timing=TIMING)
        await cluster.open()
        made.append((cluster, node))
    return made


async def anna_hosts_bob(a, bob_on, name: str) -> tuple[Player, Player, str]:
    """anna on worker ``a`` hosts a started 3-seat table (``a`` owns it) of herself, bob (on
    ``bob_on``) and a bot, both on the autopilot; returns anna, bob and the table id. The game
    goes to 100 points: long enough for something to happen mid-game (to 30, a game of three
    bots can end after a dozen changes)."""
    anna, bob = await Player.connect(a, "anna"), await Player.connect(bob_on, "bob")
    await wait_until(lambda: "anna" in bob_on.core.online_names(), what="bob's worker hearing of anna")
    tid = await a.create_table(anna.handle, TableConfig.make(name=name, seats=3, limit=100, clocks="relaxed"))
    await wait_until(lambda: bob_on.directory.owner(tid) == a.worker_id, what="bob's worker hearing of the table")
    await bob_on.join(bob.handle, tid)
    await bob_on.set_ready(bob.handle, tid, True)
    await a.add_bot(anna.handle, tid, "baseline")
    await a.start(anna.handle, tid)
    await a.set_autopilot(anna.handle, tid, True)
    await bob_on.set_autopilot(bob.handle, tid, True)
    return anna, bob, tid


def _system_lines(got: list[object], table_id: str) -> list[tuple[str, dict[str, str]]]:
    """(key, args) of every system line of ``table_id``'s chat in ``got`` (lines and histories)."""
    lines = [m for m in got if isinstance(m, ChatMessage)]
    lines += [line for m in got if isinstance(m, ChatHistory) and m.channel == table_id for line in m.messages]
    return [(m.key, dict(m.args)) for m in lines if m.system and m.channel == table_id]


async def _failover(made: list, bob_on) -> None:
    """anna on worker a hosts bob (on ``bob_on``) and a bot; a dies mid-game; the table is adopted
    and bob, attached to it again with a full update, sees it to the end. Bob never lost his
    connection: the table's chat says it moved (not that the server restarted) and nobody is
    told bob is back; anna, who lost hers, is said to be back when she connects again."""
    from tests.cluster.helpers import TTL

    (a, node_a), *_ = made
    anna, bob, tid = await anna_hosts_bob(a, bob_on, "Wake")
    await wait_until(lambda: a.core.tables[tid].version > 20, timeout=30, what="some play at a")
    assert a.core.tables[tid].in_play, "the game must still be on when its owner dies"
    node_a.lobby.freeze()  # a dies: no more play, no renewals, no goodbye
    node_a.keeper.stop()
    for task in node_a.ownership._tasks:
        task.cancel()
    await a.close(goodbye=False)
    before, mark = len(bob.updates(tid)), len(bob.got)
    adopter = next(c for c, n in made[1:] if n is not None)
    await wait_until(lambda: tid in adopter.core.tables, timeout=30 * TTL, what="the table adopted")
    table = adopter.core.tables[tid]
    await wait_until(lambda: any(u.catch_up for u in bob.updates(tid)[before:]), what="bob's full update")
    assert bob.latest(tid).seat == table.seat_of("user:bob") and table.present(table.seat_of("user:bob"))
    lines = _system_lines(bob.got[mark:], tid)
    assert ("adopted", {}) in lines and not [k for k, _ in lines if k.startswith("resumed")], lines
    assert not [a for k, a in lines if k == "back"], lines
    assert not [k for k, _ in _system_lines(table.chat.recent(), tid) if k.startswith("resumed")]
    anna_again = await Player.connect(adopter, "anna")
    await wait_until(lambda: ("back", {"name": "anna"}) in _system_lines(bob.got[mark:], tid),
                     what="bob told that anna is back")
    assert [a for k, a in _system_lines(bob.got[mark:], tid) if k == "back"] == [{"name": "anna"}]
    assert table.present(table.seat_of(anna_again.handle.identity))
    await bob_on.set_autopilot(bob.handle, tid, True)
    await wait_until(lambda: table.status == "game_over", timeout=60, what="the game to end")
    await wait_until(lambda: bob.latest(tid).table.status == "game_over", what="bob seeing the end")


async def _stop(made: list) -> None:
    for cluster, node in made:
        if cluster.bus.running:
            await cluster.close()
        if node is not None:
            await node.stop()


async def test_a_table_taken_over_by_a_members_worker_attaches_the_member_there(redis_server):
    """Failover (leases: ahoy_tui.cluster.failover): bob's own worker adopts the dead owner's table."""
    made = await _nodes(redis_server.url, "ab", with_node="ab")
    try:
        await _failover(made, made[1][0])
    finally:
        await _stop(made)


async def test_a_table_taken_over_by_a_third_worker_is_followed_by_its_members(redis_server):
    """Failover to worker b while bob sits on worker c: c hears b's row and bob joins the table there."""
    made = await _nodes(redis_server.url, "abc", with_node="ab")
    try:
        await _failover(made, made[2][0])
    finally:
        await _stop(made)


@pytest.mark.parametrize("err", [Stale("stale: the table moved on"), RuleBroken("R9", "not allowed: no offer"),
                                 Refused("there is no such table (it may have closed)"),
                                 LobbyError("empty message")])
def test_a_refusal_crosses_workers_as_the_same_kind_and_sentence(err):
    back = refused(unpack(pack({"k": "rep", "id": 1, "err": refusal(err)}))["err"])
    assert type(back) is type(err) and back.reason == err.reason
    assert getattr(back, "rule_id", None) == getattr(err, "rule_id", None)


def test_a_large_envelope_travels_compressed_and_a_bomb_is_refused():
    import zlib

    from ahoy_tui.lobby import codec
    from ahoy_tui.lobby.messages import ChatHistory, ChatMessage

    msg = ChatHistory("lobby", [ChatMessage("lobby", "anna", f"line {i}", 0.0) for i in range(200)])
    data = pack({"k": "msg", "m": msg})
    assert data[:1] == b"z" and len(data) < len(codec.encode({"k": "msg", "m": msg})) / 3
    assert unpack(data)["m"] == msg
    with pytest.raises(codec.CodecError):
        unpack(b"z" + zlib.compress(b"[" * (codec.MAX_BYTES + 10)))
    with pytest.raises(codec.CodecError):
        unpack(b"z not zlib")

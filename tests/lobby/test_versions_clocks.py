"""One writer, stale versions, clocks and the autopilot (R17; issue 3)."""

from __future__ import annotations

import asyncio
import random

import pytest

from ahoy_tui.games.ahoy.actions import Draw, Offer, Pass, Respond
from ahoy_tui.games.ahoy.engine import awaiting
from ahoy_tui.games.ahoy.state import Phase
from ahoy_tui.lobby import Lobby, LobbyError, Notice, Stale, TableClosed, TableConfig, TableUpdate, Timing
from tests.lobby.helpers import Person, conserved, instrument, make_lobby, table_with


@pytest.fixture(autouse=True)
def _hands(monkeypatch):
    instrument(monkeypatch)


def idle_people(lobby, clock, n):
    """People who never act on their own (the test acts for them)."""
    return [Person(lobby, clock, f"user:p{i}", f"p{i}", think=None).connect() for i in range(n)]


def latest(p) -> TableUpdate:
    return p.updates()[-1]


def offer_made(lobby, ps, table):
    """The active person draws and makes an offer; returns the table's game."""
    g = table.game
    a = g.state.active
    lobby.act(ps[a].handle, table.table_id, Draw(), latest(ps[a]).version)
    lobby.act(ps[a].handle, table.table_id, Offer(0, 1), latest(ps[a]).version)
    return g


def test_double_press_is_rejected_as_stale():
    lobby, clock = make_lobby()
    ps = idle_people(lobby, clock, 2)
    table = table_with(lobby, ps, limit=100)
    active = table.game.state.active
    u = latest(ps[active])
    lobby.act(ps[active].handle, table.table_id, Draw(), u.version)
    with pytest.raises(Stale):
        lobby.act(ps[active].handle, table.table_id, Draw(), u.version)
    assert sum(1 for e in table.events if e.kind == "drew") == 1


def test_two_sessions_of_one_seat_in_one_tick_exactly_one_wins():
    lobby, clock = make_lobby()
    ps = idle_people(lobby, clock, 2)
    table = table_with(lobby, ps, limit=100)
    active = table.game.state.active
    twin = Person(lobby, clock, f"user:p{active}", f"p{active}", think=None).connect()
    v = latest(ps[active]).version
    results = []

    async def press(handle):
        try:
            lobby.act(handle, table.table_id, Draw(), v)
            results.append("ok")
        except Stale:
            results.append("stale")

    async def main():
        await asyncio.gather(press(ps[active].handle), press(twin.handle))
    asyncio.run(main())
    assert results.count("ok") == 1 and results[1 - results.index("ok")] == "stale"
    assert table.game.state.phase is Phase.ACTION


def test_person_against_the_clock_in_the_same_tick():
    lobby, clock = make_lobby()
    ps = idle_people(lobby, clock, 2)
    table = table_with(lobby, ps, limit=100)
    active = table.game.state.active
    u = latest(ps[active])
    clock.advance(u.remaining)                        # the clock fires first
    assert table.game.state.phase is not Phase.DRAW or table.game.state.active != active
    with pytest.raises(Stale):
        lobby.act(ps[active].handle, table.table_id, Draw(), u.version)
    assert any(isinstance(m, Notice) for m in ps[active].got)


def test_simultaneous_step_in_answers_do_not_make_each_other_stale():
    lobby, clock = make_lobby(seed=2)
    ps = idle_people(lobby, clock, 4)
    table = table_with(lobby, ps, limit=100)
    g = offer_made(lobby, ps, table)
    b = g.state.addressed
    lobby.act(ps[b].handle, table.table_id, Respond(False), latest(ps[b]).version)
    assert g.state.phase is Phase.STEP_IN
    others = list(awaiting(g.state))
    versions = {s: latest(ps[s]).version for s in others}
    for s in others:
        lobby.act(ps[s].handle, table.table_id, Pass(), versions[s])
    assert g.state.phase is Phase.DISCARD


def test_late_respond_is_a_decline_and_late_window_closes():
    lobby, clock = make_lobby(seed=2)
    ps = idle_people(lobby, clock, 4)
    table = table_with(lobby, ps, limit=100)
    g = offer_made(lobby, ps, table)
    u = latest(ps[g.state.addressed])
    assert u.clock_seconds == 20 and u.remaining == pytest.approx(20)
    clock.advance(20)
    assert any(e.kind == "responded" and e.data["accept"] is False for e in table.events)
    assert g.state.phase is Phase.STEP_IN
    assert latest(ps[g.state.active]).clock_seconds == 10
    clock.advance(10)
    passes = [e for e in table.events if e.kind == "passed"]
    assert len(passes) == 2 and g.state.phase is Phase.DISCARD


def test_repeated_timeouts_switch_to_autopilot_until_the_person_acts():
    lobby, clock = make_lobby(seed=3, timing=Timing(bot_delay=(1, 1), timeouts_to_autopilot=2))
    ps = idle_people(lobby, clock, 2)
    table = table_with(lobby, ps, limit=1000)
    clock.run(until=lambda: table.autopilot(0) and table.autopilot(1), max_time=2000)
    assert table.autopilot(0) and table.autopilot(1)
    assert any("until you act" in m.text for m in ps[0].got if isinstance(m, Notice))
    # the autopilot now plays at bot speed
    n = len(table.events)
    clock.advance(30)
    assert len(table.events) > n + 10
    lobby.set_autopilot(ps[0].handle, table.table_id, False)
    assert not table.autopilot(0)


def test_untimed_tables_show_no_deadline_but_never_wait_forever():
    lobby, clock = make_lobby(timing=Timing(idle_guard=300))
    ps = idle_people(lobby, clock, 2)
    table = table_with(lobby, ps, limit=100, clocks="untimed")
    u = latest(ps[table.game.state.active])
    assert u.remaining is None and u.clock_seconds is None
    n = len(table.events)
    clock.advance(300)
    assert len(table.events) > n


def test_clock_profiles_scale():
    lobby, clock = make_lobby()
    ps = idle_people(lobby, clock, 2)
    table = table_with(lobby, ps, clocks="blitz")
    assert latest(ps[0]).clock_seconds == 20
    lobby2, clock2 = make_lobby()
    ps2 = idle_people(lobby2, clock2, 2)
    table_with(lobby2, ps2, clocks="relaxed")
    assert latest(ps2[0]).clock_seconds == 120


def test_bots_act_with_a_human_like_delay():
    lobby, clock = make_lobby(timing=Timing(bot_delay=(2.0, 2.0)))
    ps = idle_people(lobby, clock, 1)
    table = table_with(lobby, ps, bots=1, limit=100)
    if table.game.state.active == 0:
        lobby.act(ps[0].handle, table.table_id, Draw(), latest(ps[0]).version)
        lobby.act(ps[0].handle, table.table_id, table.legal_now(0)[-1], latest(ps[0]).version)
        clock.run(until=lambda: table.game.state.phase is Phase.DISCARD or table.game.state.active == 1,
                  max_time=100)
        if table.game.state.phase is Phase.DISCARD and table.game.state.active == 0:
            lobby.act(ps[0].handle, table.table_id, table.legal_now(0)[-1], latest(ps[0]).version)
    assert table.game.state.active == 1 and table.game.state.phase is Phase.DRAW
    t0 = clock.now()
    clock.run(until=lambda: table.game.state.phase is not Phase.DRAW)
    assert clock.now() - t0 == pytest.approx(2.0)


def test_give_seat_to_bot_for_good():
    lobby, clock = make_lobby()
    ps = idle_people(lobby, clock, 3)
    table = table_with(lobby, ps, limit=1000)
    with pytest.raises(LobbyError):
        lobby.give_to_bot(ps[1].handle, table.table_id, 2)
    lobby.give_to_bot(ps[0].handle, table.table_id, 2)
    assert table.seats[2].kind == "bot"
    assert ps[2].handle in table.members and table.members[ps[2].handle] is None   # now watching
    with pytest.raises(LobbyError):
        lobby.act(ps[2].handle, table.table_id, Draw(), table.version)
    with pytest.raises(LobbyError):
        lobby.join(ps[2].handle, table.table_id)


def test_table_with_no_people_closes_after_grace():
    lobby, clock = make_lobby(timing=Timing(bot_delay=(1, 1), empty_grace=60))
    ps = idle_people(lobby, clock, 2)
    watcher = idle_people(lobby, clock, 3)[2]
    table = table_with(lobby, ps, bots=1, limit=1000)
    lobby.spectate(watcher.handle, table.table_id)
    ps[0].disconnect()
    ps[1].disconnect()
    clock.advance(30)
    back = Person(lobby, clock, "user:p0", "p0", think=None).connect()   # back within the grace
    clock.advance(60)
    assert table.table_id in lobby.tables
    back.disconnect()
    clock.advance(59)
    assert table.table_id in lobby.tables and conserved(table)
    clock.advance(2)
    assert table.table_id not in lobby.tables
    assert any(isinstance(m, TableClosed) for m in watcher.got)
    assert clock.pending() == 0                       # nothing keeps running


def test_real_event_loop_game_with_tiny_clocks():
    async def main():
        lobby = Lobby(timing=Timing(bot_delay=(0.0, 0.001), between_hands=0.001, clock_scale=0.001),
                      seed=7)
        h = lobby.connect("user:solo", "solo")
        h.subscribe(lambda m: None)
        tid = lobby.create_table(h, TableConfig.make(seats=3, limit=20))
        lobby.add_bot(h, tid, "baseline")
        lobby.add_bot(h, tid, "random")
        lobby.start(h, tid)
        table = lobby.tables[tid]
        for _ in range(2000):
            if table.status == "game_over":
                break
            await asyncio.sleep(0.002)
        assert table.status == "game_over"
    asyncio.run(main())


def test_turning_the_autopilot_on_acts_on_the_pending_decision_within_the_bot_delay():
    lobby, clock = make_lobby()
    ps = idle_people(lobby, clock, 2)
    table = table_with(lobby, ps, limit=100)
    active = table.game.state.active
    n = len(table.events)
    lobby.set_autopilot(ps[active].handle, table.table_id, True)
    clock.advance(table.timing.bot_delay[1] + 0.01)
    assert any(e.kind == "drew" and e.data["seat"] == active for e in table.events[n:])

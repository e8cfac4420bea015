"""Full games through the lobby API with simulated people (R17, R18; issue 3)."""

from __future__ import annotations

import random

import pytest

from ahoy_tui.games.ahoy.engine import awaiting
from ahoy_tui.games.ahoy.replay import replay
from ahoy_tui.games.ahoy.state import Phase
from ahoy_tui.lobby import TableUpdate
from ahoy_tui.games.ahoy.spec import PHASE_CLOCK
from ahoy_tui.lobby.config import clock_seconds, grace_seconds
from tests.lobby.helpers import Person, conserved, instrument, make_lobby, table_with


@pytest.fixture(autouse=True)
def _hands(monkeypatch):
    instrument(monkeypatch)


def people(lobby, clock, n, **kw):
    return [Person(lobby, clock, f"user:p{i}", f"p{i}", rng=random.Random(i), **kw).connect()
            for i in range(n)]


def run_checked(clock, table, until, max_steps=200_000):
    steps = 0
    while not until():
        assert clock.step(), "the table stalled: no timer left"
        assert conserved(table)
        steps += 1
        assert steps < max_steps
    return steps


def test_full_game_people_and_bot_record_replays():
    lobby, clock = make_lobby(seed=3)
    ps = people(lobby, clock, 3)
    table = table_with(lobby, ps, bots=1, limit=50)
    run_checked(clock, table, lambda: table.status == "game_over")
    g = table.game
    assert max(g.state.totals) >= 50
    game, summary = replay(table.records[-1])          # every action of the record is legal
    assert summary.totals == list(g.state.totals)
    assert sum(p.acted for p in ps) > 10
    # every person saw the game end
    for p in ps:
        last = p.updates()[-1]
        assert last.table.status == "game_over" and last.view.phase is Phase.GAME_OVER


def test_record_for_is_a_projection():
    lobby, clock = make_lobby(seed=4)
    ps = people(lobby, clock, 2)
    table = table_with(lobby, ps, bots=1, limit=20)
    run_checked(clock, table, lambda: table.status == "game_over")
    rec = lobby.record_for(ps[0].handle, table.table_id)
    assert rec[0]["seed"] is None
    assert all(line.get("draw_pile", [None])[0] is None for line in rec if line.get("chance") == "reshuffle")
    deal = next(line for line in rec if line.get("chance") == "deal")
    assert deal["deck"][-1] is None                   # undealt cards stay hidden


def test_later_hands_deal_by_themselves_after_a_pause():
    lobby, clock = make_lobby(seed=5)
    ps = people(lobby, clock, 2)
    table = table_with(lobby, ps, bots=2, limit=1000)
    run_checked(clock, table, lambda: table.status == "between_hands")
    t0 = clock.now()
    run_checked(clock, table, lambda: table.status == "playing")
    assert clock.now() - t0 == pytest.approx(lobby.timing.between_hands)
    assert table.game.state.hand_no == 2


def _reach(clock, table, pred, max_steps=100_000):
    for _ in range(max_steps):
        if table.game and table.game.state.hand_in_progress and pred(table.game.state):
            return
        assert clock.step()
        assert conserved(table)
    pytest.fail("phase never reached")


def _leave_during(phase, how, seed=11, n=4):
    lobby, clock = make_lobby(seed=seed)
    ps = people(lobby, clock, n, eager=True, think=3.0)
    table = table_with(lobby, ps, limit=1000)

    def pending_person(state):
        return state.phase is phase and any(not table.bot_driven(s) for s in awaiting(state))

    _reach(clock, table, pending_person)
    state = table.game.state
    seat = next(s for s in awaiting(state) if not table.bot_driven(s))
    key = (state.hand_no, state.phase, state.active)
    before = len(table.events)
    p = ps[seat]
    if how == "disconnect":
        p.disconnect()
    else:
        lobby.leave(p.handle, table.table_id)
        p.think = None
        if p._pending:
            p._pending.cancel()
    limit = clock_seconds("normal", PHASE_CLOCK[phase], lobby.timing)
    if how == "disconnect":       # R17: the seat waits for her; the clock runs on, capped at the grace
        assert not table.autopilot(seat) and table.grace.running(seat)
        limit = min(limit, grace_seconds(table.config, lobby.timing))
    else:                         # she left on purpose: the autopilot at once
        assert table.autopilot(seat)
    t0 = clock.now()
    while True:
        s = table.game.state
        if seat not in awaiting(s) or (s.hand_no, s.phase, s.active) != key:
            break
        assert clock.step()
        assert conserved(table)
    assert clock.now() - t0 <= limit
    assert len(table.events) > before
    # the game goes on without the person
    n = len(table.events)
    for _ in range(300):
        assert clock.step()
        assert conserved(table)
    assert len(table.events) > n + 100
    return table, p, seat


@pytest.mark.parametrize("phase", [Phase.DRAW, Phase.ACTION, Phase.DISCARD, Phase.EXCHANGE,
                                   Phase.LAY_DOWN, Phase.STEP_IN, Phase.RESPOND, Phase.PICK])
def test_leaving_mid_decision_moves_on_within_the_clock(phase):
    _leave_during(phase, "leave" if phase in (Phase.EXCHANGE, Phase.ACTION) else "disconnect")


def test_reconnect_same_identity_gets_the_seat_and_history():
    lobby, clock = make_lobby(seed=12)
    ps = people(lobby, clock, 3)
    table = table_with(lobby, ps, limit=1000)
    run_checked(clock, table, lambda: len(table.events) > 30)
    ps[1].disconnect()
    assert table.grace.running(1) and not table.autopilot(1)    # R17: the seat waits for p1
    run_checked(clock, table, lambda: table.autopilot(1) and len(table.events) > 60)
    back = Person(lobby, clock, "user:p1", "p1").connect()    # subscribe sends the catch-up
    first = next(m for m in back.got if isinstance(m, TableUpdate))
    assert first.catch_up and first.seat == 1
    assert list(first.view.hand) == sorted(c % 53 for c in table.game.state.hands[1])
    assert [e for e in first.events] == [e for e in table.events if e.visible_to(1)]
    assert any(e.kind == "dealt" for e in first.events)
    assert not table.autopilot(1)
    assert first.table.seats[1].connected and not first.table.seats[1].autopilot
    # and the seat plays on as a person
    run_checked(clock, table, lambda: back.acted > 0)


def test_rejoin_after_leave_gets_the_seat_back():
    lobby, clock = make_lobby(seed=13)
    ps = people(lobby, clock, 2)
    table = table_with(lobby, ps, bots=1, limit=1000)
    lobby.leave(ps[1].handle, table.table_id)
    assert table.seats[1].left and table.autopilot(1)
    assert lobby.join(ps[1].handle, table.table_id) == 1
    assert not table.autopilot(1)


def test_rematch_starts_a_new_game_with_the_same_seats():
    lobby, clock = make_lobby(seed=14)
    ps = people(lobby, clock, 2)
    table = table_with(lobby, ps, bots=1, limit=20)
    run_checked(clock, table, lambda: table.status == "game_over")
    first = table.game
    lobby.rematch(ps[0].handle, table.table_id)
    assert table.status == "game_over"
    lobby.rematch(ps[1].handle, table.table_id)
    assert table.status == "playing" and table.game is not first
    assert [s.name for s in table.seats][:2] == ["p0", "p1"]


def test_leaving_after_game_over_frees_the_seat_and_rematch_goes_on():
    lobby, clock = make_lobby(seed=15)
    ps = people(lobby, clock, 3)
    table = table_with(lobby, ps, limit=20)
    run_checked(clock, table, lambda: table.status == "game_over")
    lobby.leave(ps[2].handle, table.table_id)
    assert table.seat_of("user:p2") is None
    lobby.rematch(ps[0].handle, table.table_id)
    lobby.rematch(ps[1].handle, table.table_id)
    assert table.status == "playing" and table.game.state.players == 2


def test_snapshot_keeps_the_games_names_after_people_leave_a_finished_game():
    lobby, clock = make_lobby(seed=15)
    ps = people(lobby, clock, 3)
    table = table_with(lobby, ps, limit=20)
    assert table.snapshot(False).players == ("p0", "p1", "p2") and table.snapshot(False).gone == ()
    run_checked(clock, table, lambda: table.status == "game_over")
    lobby.leave(ps[2].handle, table.table_id)
    snap = table.snapshot(False)
    assert snap.seats[2].kind == "empty"
    assert snap.players == ("p0", "p1", "p2") and snap.gone == (2,)
    lobby.rematch(ps[0].handle, table.table_id)
    lobby.rematch(ps[1].handle, table.table_id)
    assert table.snapshot(False).players == ("p0", "p1") and table.snapshot(False).gone == ()

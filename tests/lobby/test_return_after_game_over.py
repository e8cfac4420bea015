"""Coming back to a table after its game ended, and sitting down at one (R15, R18)."""

from __future__ import annotations

import random

import pytest

from ahoy_tui.games.ahoy.state import Phase
from ahoy_tui.lobby import TableConfig
from tests.lobby.helpers import Person, instrument, make_lobby


@pytest.fixture(autouse=True)
def _hands(monkeypatch):
    instrument(monkeypatch)


def _finished(n: int = 2, seats: int | None = None):
    """A table (``seats`` seats, default ``n``) whose game ``n`` people played to its end on autopilot."""
    lobby, clock = make_lobby(seed=3)
    ps = [Person(lobby, clock, f"user:p{i}", f"p{i}", think=None, rng=random.Random(i)).connect()
          for i in range(n)]
    tid = lobby.create_table(ps[0].handle, TableConfig.make(name="test", seats=seats or n, limit=20))
    for p in ps[1:]:
        lobby.join(p.handle, tid)
        lobby.set_ready(p.handle, tid, True)
    lobby.start(ps[0].handle, tid)
    table = lobby.tables[tid]
    for p in ps:
        lobby.set_autopilot(p.handle, tid, True)
    while table.status != "game_over":
        assert clock.step(), "the table stalled"
    return lobby, clock, table, ps


def test_a_player_who_comes_back_after_game_over_is_not_gone():
    lobby, _, table, (dan, bo) = _finished()
    tid = table.table_id
    lobby.leave(bo.handle, tid)
    assert table.snapshot(False).gone == (1,)
    seat = lobby.join(bo.handle, tid)
    assert seat == 1  # the seat he played
    u = bo.updates()[-1]
    assert u.table.gone == () and u.view.seat == 1 and u.view.phase is Phase.GAME_OVER


def test_a_returning_player_gets_his_own_seat_back_not_the_first_free_one():
    lobby, _, table, (a, b, c) = _finished(3)
    tid = table.table_id
    lobby.leave(b.handle, tid)
    lobby.leave(c.handle, tid)
    assert lobby.join(c.handle, tid) == 2
    assert table.snapshot(False).gone == (1,)


def test_someone_who_sits_down_after_game_over_watches_that_game_and_can_ask_for_the_rematch():
    lobby, clock, table, (dan, bo) = _finished(2)
    tid = table.table_id
    cy = Person(lobby, clock, "user:cy", "cy", think=None).connect()
    lobby.leave(bo.handle, tid)
    assert lobby.join(cy.handle, tid) == 1  # bo's freed seat
    u = cy.updates()[-1]
    assert u.seat == 1 and u.view.seat is None and u.view.hand == ()  # not bo's game
    assert all(e.to is None for e in u.events)
    assert u.table.gone == (1,)
    lobby.rematch(dan.handle, tid)
    lobby.rematch(cy.handle, tid)
    assert table.status == "playing" and [s.name for s in table.seats] == ["p0", "cy"]
    assert cy.updates()[-1].view.seat == 1


def test_someone_can_sit_in_a_seat_the_finished_game_did_not_have():
    lobby, clock, table, (dan, bo) = _finished(2, seats=3)
    tid = table.table_id
    assert len(table.seats) == 3
    cy = Person(lobby, clock, "user:cy", "cy", think=None).connect()
    assert lobby.join(cy.handle, tid) == 2
    assert cy.updates()[-1].view.seat is None


def test_after_a_rematch_with_a_seat_closed_up_everyone_still_sees_their_own_seat():
    """p0 leaves at game over; p1 and the bot close up into seats 0 and 1 (R4): p1's screen
    shows p1's own seat and hand, never the bot's (R18)."""
    lobby, clock, table, (p0, p1) = _finished(2, seats=3)
    tid = table.table_id
    assert lobby.add_bot(p0.handle, tid, "baseline") == 2
    lobby.leave(p0.handle, tid)                              # seat 0 is free: p1 and the bot close up
    assert table.seat_of("user:p1") == 1
    lobby.rematch(p1.handle, tid)
    assert table.status == "playing"
    mine = table.seat_of("user:p1")
    assert table.members[p1.handle] == mine and table.seats[mine].identity == "user:p1"
    u = p1.updates()[-1]
    assert u.seat == mine and u.view.seat == mine
    assert sorted(u.view.hand) == sorted(table.game.state.hands[mine])

"""The step-in window closes as soon as every eligible seat answered (R9.2, R17),
and "always pass on step-in" answers for a seat at once (issue: pacing)."""

from __future__ import annotations

import pytest

from ahoy_tui.games.ahoy.actions import Draw, Offer, Pass, Respond
from ahoy_tui.games.ahoy.engine import awaiting
from ahoy_tui.games.ahoy.state import Phase
from tests.lobby.helpers import Person, instrument, make_lobby, table_with


@pytest.fixture(autouse=True)
def _hands(monkeypatch):
    instrument(monkeypatch)


def _latest(p):
    return p.updates()[-1]


def _declined(lobby, clock, n=4, auto_pass=()):
    """``n`` idle people; the active one offers, the addressed one declines: the window is open."""
    ps = [Person(lobby, clock, f"user:p{i}", f"p{i}", think=None).connect() for i in range(n)]
    table = table_with(lobby, ps, limit=100)
    for i in auto_pass:
        lobby.set_auto_pass(ps[i].handle, table.table_id, True)
    g = table.game
    a = g.state.active
    lobby.act(ps[a].handle, table.table_id, Draw(), _latest(ps[a]).version)
    lobby.act(ps[a].handle, table.table_id, Offer(0, 1), _latest(ps[a]).version)
    b = g.state.addressed
    lobby.act(ps[b].handle, table.table_id, Respond(False), _latest(ps[b]).version)
    return ps, table, g


def test_window_closes_when_every_eligible_seat_passed_and_not_before():
    lobby, clock = make_lobby(seed=2)
    ps, table, g = _declined(lobby, clock)
    assert g.state.phase is Phase.STEP_IN
    first, second = awaiting(g.state)
    start = clock.now()
    deadline = clock.now() + _latest(ps[first]).remaining
    lobby.act(ps[first].handle, table.table_id, Pass(), _latest(ps[first]).version)
    assert g.state.phase is Phase.STEP_IN                  # one answer is missing: still open
    assert clock.now() + _latest(ps[second]).remaining == deadline  # and its clock did not restart
    lobby.act(ps[second].handle, table.table_id, Pass(), _latest(ps[second]).version)
    assert g.state.phase is Phase.DISCARD                   # closed at once, not at the deadline
    assert clock.now() == start
    u = _latest(ps[g.state.active])
    assert u.clock_seconds == 30 and clock.now() + u.remaining == pytest.approx(start + 30)   # the discard clock runs
    assert [e.kind for e in table.events][-4:] == ["passed", "passed", "offer_closed", "no_exchange"]


def test_a_seat_with_always_pass_passes_at_once_and_others_still_answer():
    probe = make_lobby(seed=2)
    _, _, g0 = _declined(*probe)
    keen, other = awaiting(g0.state)                      # same seed: the same seats will be asked
    lobby, clock = make_lobby(seed=2)
    ps, table, g = _declined(lobby, clock, auto_pass=(keen,))
    start = clock.now()
    clock.advance(0)                                       # timers due now, no time passes
    passed = [e.data["seat"] for e in table.events if e.kind == "passed"]
    assert passed == [keen]
    assert g.state.phase is Phase.STEP_IN and tuple(awaiting(g.state)) == (other,)
    lobby.act(ps[other].handle, table.table_id, Pass(), _latest(ps[other]).version)
    assert g.state.phase is Phase.DISCARD and clock.now() == start


def test_when_everyone_asked_always_passes_the_window_closes_without_waiting():
    probe = make_lobby(seed=2)
    _, _, g0 = _declined(*probe)
    asked = tuple(awaiting(g0.state))
    lobby, clock = make_lobby(seed=2)
    ps, table, g = _declined(lobby, clock, auto_pass=asked)
    start = clock.now()
    clock.advance(0)
    assert g.state.phase is Phase.DISCARD and clock.now() == start


def test_always_pass_turned_off_asks_the_person_again():
    probe = make_lobby(seed=2)
    _, _, g0 = _declined(*probe)
    keen = awaiting(g0.state)[0]
    lobby, clock = make_lobby(seed=2)
    ps = [Person(lobby, clock, f"user:p{i}", f"p{i}", think=None).connect() for i in range(4)]
    table = table_with(lobby, ps, limit=100)
    lobby.set_auto_pass(ps[keen].handle, table.table_id, True)
    lobby.set_auto_pass(ps[keen].handle, table.table_id, False)
    g = table.game
    a = g.state.active
    lobby.act(ps[a].handle, table.table_id, Draw(), _latest(ps[a]).version)
    lobby.act(ps[a].handle, table.table_id, Offer(0, 1), _latest(ps[a]).version)
    b = g.state.addressed
    lobby.act(ps[b].handle, table.table_id, Respond(False), _latest(ps[b]).version)
    clock.advance(5)                                        # within the 10 s window
    assert g.state.phase is Phase.STEP_IN and keen in awaiting(g.state)
    assert not any(e.kind == "passed" for e in table.events)

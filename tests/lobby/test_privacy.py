"""No subscriber ever receives another seat's private cards (R18; STYLE.md 3, 4)."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from ahoy_tui.lobby import TableUpdate
from tests.lobby.helpers import Person, check_private, conserved, instrument, make_lobby, table_with


@pytest.fixture(autouse=True)
def _hands(monkeypatch):
    instrument(monkeypatch)


def test_spectators_see_only_public_information():
    lobby, clock = make_lobby(seed=21)
    ps = [Person(lobby, clock, f"user:p{i}", f"p{i}", rng=random.Random(i), eager=True).connect()
          for i in range(3)]
    table = table_with(lobby, ps, bots=1, limit=50)
    fan = Person(lobby, clock, "user:fan", "fan", think=None).connect()
    lobby.spectate(fan.handle, table.table_id)
    clock.run(until=lambda: table.status == "game_over", max_steps=50_000)
    assert table.status == "game_over"
    ups = fan.updates()
    assert len(ups) > 50
    for u in ups:
        assert u.seat is None and u.legal == []
        assert u.view.hand == () and u.view.laid_down == () and u.view.locked is None
        assert all(e.to is None for e in u.events)
        assert u.table.code is None


def test_a_spectator_taken_back_to_her_table_on_reconnect_sees_only_public_information():
    """Issue 24 (13): a new session of a spectator is attached to the table she watched; its
    catch-up and every later update are a spectator's (R18), never a seat's."""
    lobby, clock = make_lobby(seed=22)
    ps = [Person(lobby, clock, f"user:p{i}", f"p{i}", rng=random.Random(i), eager=True).connect()
          for i in range(2)]
    table = table_with(lobby, ps, bots=2, limit=50)
    fan = Person(lobby, clock, "user:fan", "fan", think=None).connect()
    lobby.spectate(fan.handle, table.table_id)
    clock.run(until=lambda: table.version > 30, max_steps=50_000)
    fan.disconnect()
    fan.got.clear()
    fan.connect()
    assert table.members[fan.handle] is None
    clock.run(until=lambda: table.status == "game_over", max_steps=50_000)
    ups = fan.updates()
    assert ups and ups[0].catch_up
    for u in ups:
        check_private(u, table)
        assert u.seat is None and u.legal == []
        assert u.view.hand == () and u.view.laid_down == () and u.view.locked is None
        assert all(e.to is None for e in u.events)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@example(seed=0, n=2, bots=0, flips=[(0, 1.0), (1, 1.0)])  # both leave: the table closes (R17)
@given(seed=st.integers(0, 10_000), n=st.integers(2, 6), bots=st.integers(0, 2),
       flips=st.lists(st.tuples(st.integers(0, 5), st.floats(1, 400)), max_size=6))
def test_no_subscriber_receives_another_seats_private_cards(seed, n, bots, flips):
    lobby, clock = make_lobby(seed=seed)
    ps = [Person(lobby, clock, f"user:p{i}", f"p{i}", rng=random.Random(seed + i), eager=bool(i % 2),
                 think=1.0 + i).connect() for i in range(n)]
    table = table_with(lobby, ps, bots=min(bots, 8 - n), limit=20)
    fan = Person(lobby, clock, "user:fan", "fan", think=None).connect()
    lobby.spectate(fan.handle, table.table_id)
    flips = sorted(flips, key=lambda f: f[1])
    t0 = clock.now()
    for who, at in flips:                         # people drop and come back mid-game
        clock.run(max_time=t0 + at - clock.now(), until=lambda: table.status == "game_over")
        p = ps[who % n]
        if table.status == "game_over":
            break
        if p.handle in table.members:
            p.disconnect()
        else:
            p.connect()
        assert conserved(table)
    closed = lambda: table.table_id not in lobby.tables  # noqa: E731 - everyone left: R17 closes it
    clock.run(until=lambda: table.status == "game_over" or closed(), max_steps=50_000)
    assert table.status == "game_over" or (closed() and not table.people_present())
    seen = 0
    secret = str(table.game.seed)
    for p in ps + [fan]:
        for m in p.got:
            if isinstance(m, TableUpdate):
                check_private(m, table)            # own hand only, events only if visible
                assert not hasattr(m.view, "draw_pile")
                seen += 1
            assert secret not in repr(m)           # the seed never leaves the lobby
    assert seen > 0

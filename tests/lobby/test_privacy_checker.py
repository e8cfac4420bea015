"""The R18 check of lobby tests can fail: it looks at the cards, and a leak or an unchecked table fails it."""

from __future__ import annotations

from dataclasses import replace

import pytest

from ahoy_tui.lobby import TableConfig, TableUpdate
from tests.lobby.helpers import PEOPLE, Person, check_private, instrument, make_lobby


def _dealt_table():
    """anna at a two-seat table with a bot, her hand dealt; returns (lobby, table, anna's updates)."""
    lobby, clock = make_lobby(seed=4)
    got: list = []
    anna = lobby.connect("user:anna", "anna")
    anna.subscribe(got.append)
    tid = lobby.create_table(anna, TableConfig.make(name="check", seats=2, limit=20))
    lobby.add_bot(anna, tid, "baseline")
    lobby.start(anna, tid)
    dealt = lambda: any(isinstance(m, TableUpdate) and m.view is not None and m.view.hand for m in got)  # noqa: E731
    clock.run(until=dealt, max_steps=1000)
    assert dealt()
    return lobby, lobby.tables[tid], [m for m in got if isinstance(m, TableUpdate) and m.view is not None]


def test_the_check_fails_on_a_table_that_was_not_instrumented():
    _, table, updates = _dealt_table()
    with pytest.raises(AssertionError, match="not instrumented"):
        check_private(updates[-1], table)


def test_the_check_fails_when_a_view_shows_another_seats_hand(monkeypatch):
    instrument(monkeypatch)
    _, table, updates = _dealt_table()
    u = updates[-1]
    check_private(u, table)  # the real update passes
    other = table.hand_log[u.version][1 - u.seat]
    leak = replace(u, view=replace(u.view, hand=tuple(other)))
    with pytest.raises(AssertionError):
        check_private(leak, table)
    with pytest.raises(AssertionError, match="no hands logged"):
        check_private(replace(u, version=u.version + 1000), table)


def test_a_person_keeps_a_failed_check_the_lobby_only_logged():
    lobby, clock = make_lobby(seed=4)
    fan = Person(lobby, clock, "user:fan", "fan", think=None).connect()
    tid = lobby.create_table(fan.handle, TableConfig.make(name="check", seats=2, limit=20))
    lobby.add_bot(fan.handle, tid, "baseline")
    lobby.start(fan.handle, tid)   # no instrument(): every update fan gets fails its check
    clock.run(max_time=5.0)
    assert fan.updates() and len(fan.violations) == len(fan.updates())
    assert "not instrumented" in str(fan.violations[0])
    PEOPLE.remove(fan)  # seen here; the conftest would fail this test for them

"""Several tables at once, private tables watched with the code, reconnects (docs/lobby.md)."""

from __future__ import annotations

import pytest

from ahoy_tui.lobby import LobbyError, TableConfig, TableUpdate
from ahoy_tui.lobby.messages import ChatHistory, Notice
from tests.lobby.helpers import Person, check_private, instrument, make_lobby, table_with


@pytest.fixture(autouse=True)
def _hands(monkeypatch):
    instrument(monkeypatch)


def _full_private_table(lobby, clock):
    host = Person(lobby, clock, "user:host", "host", think=None).connect()
    mate = Person(lobby, clock, "user:mate", "mate", think=None).connect()
    tid = lobby.create_table(host.handle, TableConfig.make(name="Cove", seats=2, private=True))
    code = lobby.tables[tid].code
    lobby.join(mate.handle, tid, code)
    return lobby.tables[tid], code


def test_the_code_lets_you_watch_a_full_private_table():
    lobby, clock = make_lobby()
    table, code = _full_private_table(lobby, clock)
    fan = Person(lobby, clock, "user:fan", "fan", think=None).connect()
    with pytest.raises(LobbyError, match="private"):
        lobby.spectate(fan.handle, table.table_id)
    lobby.spectate(fan.handle, table.table_id, code.lower())
    assert table.members[fan.handle] is None
    assert fan.updates()[-1].seat is None


def test_join_by_code_of_a_full_table_watches_it():
    lobby, clock = make_lobby()
    table, code = _full_private_table(lobby, clock)
    fan = Person(lobby, clock, "user:fan", "fan", think=None).connect()
    assert lobby.join_by_code(fan.handle, code) == table.table_id
    assert table.members[fan.handle] is None and table.seat_of("user:fan") is None
    assert any(isinstance(m, Notice) and "watching" in m.text for m in fan.got)
    with pytest.raises(LobbyError, match="no table has that code"):
        lobby.join_by_code(fan.handle, "ZZZZZZ")


def test_table_names_are_unique():
    lobby, clock = make_lobby()
    anna = Person(lobby, clock, "user:anna", "anna", think=None).connect()
    bob = Person(lobby, clock, "user:bob", "bob", think=None).connect()
    a = lobby.create_table(anna.handle, TableConfig.make(name="Black Pearl"))
    b = lobby.create_table(bob.handle, TableConfig.make(name="Black Pearl"))
    c = lobby.create_table(anna.handle, TableConfig.make())
    d = lobby.create_table(anna.handle, TableConfig.make())
    names = [lobby.tables[t].config.name for t in (a, b, c, d)]
    assert names == ["Black Pearl", "Black Pearl (2)", "anna's table", "anna's table (2)"]
    long = "x" * 24
    e = lobby.create_table(bob.handle, TableConfig.make(name=long))
    f = lobby.create_table(bob.handle, TableConfig.make(name=long))
    assert lobby.tables[e].config.name == long
    assert lobby.tables[f].config.name == "x" * 20 + " (2)"


def _two_games(lobby, clock):
    """anna plays at two tables (one bot each); she is at the second one now."""
    anna = Person(lobby, clock, "user:anna", "anna", think=None).connect()
    first = table_with(lobby, [anna], bots=1, limit=1000)
    lobby.leave(anna.handle, first.table_id)
    second = table_with(lobby, [anna], bots=1, limit=1000)
    return anna, first, second


def test_seated_tables_and_a_reconnect_returns_to_the_last_table_only():
    lobby, clock = make_lobby()
    anna, first, second = _two_games(lobby, clock)
    assert lobby.seated_tables("user:anna") == {first.table_id, second.table_id}
    anna.disconnect()
    again = Person(lobby, clock, "user:anna", "anna", think=None).connect()
    ups = again.updates()
    assert {u.table.table_id for u in ups} == {second.table_id}  # not dropped into the other game
    assert ups[0].catch_up
    assert again.handle in second.members and again.handle not in first.members
    assert first.autopilot(first.seat_of("user:anna"))
    # Leaving that table sends nothing of the other one.
    n = len(again.got)
    lobby.leave(again.handle, second.table_id)
    clock.advance(5)
    assert not any(isinstance(m, TableUpdate) and m.table.table_id == first.table_id for m in again.got[n:])


def test_returning_to_a_table_gets_the_hand_from_its_start_and_the_chat():
    lobby, clock = make_lobby()
    anna, first, second = _two_games(lobby, clock)
    lobby.chat(anna.handle, second.table_id, "yo ho")
    clock.advance(3)  # the bot plays on at the first table
    n = len(anna.got)
    lobby.leave(anna.handle, second.table_id)
    lobby.join(anna.handle, first.table_id)
    got = anna.got[n:]
    back = [m for m in got if isinstance(m, TableUpdate) and m.table.table_id == first.table_id and m.catch_up]
    assert len(back) == 1
    kinds = [e.kind for e in back[0].events]
    assert kinds[0] == "hand_started", kinds  # the log starts where the hand started, not mid-hand
    check_private(back[0], first)  # only what anna's seat was shown (R18)
    seat = first.seat_of("user:anna")
    assert all(e.visible_to(seat) for e in back[0].events)
    assert len(back[0].events) < len(first.events)  # the bot's private events were left out
    chat = [m for m in got if isinstance(m, ChatHistory) and m.channel == first.table_id]
    assert chat and any(m.key == "game_begins" for m in chat[0].messages)

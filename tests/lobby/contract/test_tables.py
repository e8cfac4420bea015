"""The lobby contract: presence, tables, seats, private codes, watching, starting (docs/lobby-api.md).

Only ``LobbyAPI`` and the messages a session receives: these run against any lobby.
"""

from __future__ import annotations

import pytest

from ahoy_tui.games.ahoy.actions import Draw
from ahoy_tui.lobby.errors import LobbyError, TooFast
from ahoy_tui.lobby.messages import ChatHistory, LobbyChanged, TableClosed, TableConfig

from .client import Client

UNTIMED = dict(clocks="untimed")


async def test_connect_gives_unique_names_and_everyone_sees_who_is_online(lobby_factory):
    api = lobby_factory.lobby
    anna = await Client.connect(api, "anna")
    other = await api.connect("key:SHA256:other", "anna")  # another person wanting the same name
    assert anna.handle.name == "anna" and other.name != "anna"
    assert await api.online_names() == sorted(["anna", other.name])
    assert isinstance(anna.got[0], LobbyChanged) and any(isinstance(m, ChatHistory) for m in anna.got)
    assert anna.of(LobbyChanged)[-1].online == sorted(["anna", other.name])
    await api.disconnect(other)
    await api.disconnect(other)  # idempotent
    assert await api.online_names() == ["anna"]
    assert anna.of(LobbyChanged)[-1].online == ["anna"]


async def test_create_join_and_leave_show_in_the_table_list(lobby_factory):
    api = lobby_factory.lobby
    anna, bob = await Client.connect(api, "anna"), await Client.connect(api, "bob")
    tid = await api.create_table(anna.handle, TableConfig.make(name="Black Pearl", seats=3, **UNTIMED))
    (summary,) = await api.table_summaries()
    assert (summary.table_id, summary.name, summary.seats_taken, summary.seats, summary.host) == \
        (tid, "Black Pearl", 1, 3, "anna")
    assert await api.join(bob.handle, tid) == 1
    assert bob.latest(tid).table.seats[1].name == "bob"
    assert [s.seats_taken for s in bob.of(LobbyChanged)[-1].tables] == [2]
    assert await api.seated_tables("user:bob") == frozenset({tid})
    await api.leave(bob.handle, tid)
    assert await api.seated_tables("user:bob") == frozenset()
    assert [s.seats_taken for s in (await api.lobby_state()).tables] == [1]
    assert anna.latest(tid).table.seats[1].kind == "empty"


async def test_a_second_table_with_a_taken_name_is_numbered_and_bad_settings_are_refused(lobby_factory):
    api = lobby_factory.lobby
    anna = await Client.connect(api, "anna")
    await api.create_table(anna.handle, TableConfig.make(name="Pearl", **UNTIMED))
    await api.create_table(anna.handle, TableConfig.make(name="Pearl", **UNTIMED))
    assert [s.name for s in await api.table_summaries()] == ["Pearl", "Pearl (2)"]
    with pytest.raises(LobbyError):
        await api.create_table(anna.handle, TableConfig.make(name="Too many", seats=9))


async def test_a_private_table_needs_its_code(lobby_factory):
    api = lobby_factory.lobby
    anna, bob = await Client.connect(api, "anna"), await Client.connect(api, "bob")
    tid = await api.create_table(anna.handle, TableConfig.make(name="Hideout", private=True, **UNTIMED))
    code = anna.latest(tid).table.code
    assert code and len(code) == 6
    (summary,) = await api.table_summaries()
    assert summary.private and code not in repr(summary)  # the list shows no code
    with pytest.raises(LobbyError):
        await api.join(bob.handle, tid)
    with pytest.raises(LobbyError):
        await api.spectate(bob.handle, tid, "WRONG1")
    with pytest.raises(LobbyError):
        await api.join_by_code(bob.handle, "NOPE99")
    assert await api.join_by_code(bob.handle, code.lower()) == tid
    assert bob.latest(tid).seat == 1 and bob.latest(tid).table.code is None  # only the host's copy has it


async def test_tables_made_too_fast_are_refused_per_player(lobby_factory):
    """Four tables a minute per player (``code_guard.TABLES``), leaving each at once so that
    none hosts too many; the fifth is refused with the wait; others are unaffected."""
    api = lobby_factory.lobby
    anna, bob = [await Client.connect(api, n) for n in ("anna", "bob")]
    for n in range(4):
        await api.leave(anna.handle, await api.create_table(anna.handle, TableConfig.make(name=f"Raft{n}",
                                                                                        **UNTIMED)))
    with pytest.raises(TooFast, match=r"^you are making tables too fast: wait 60 s$"):
        await api.create_table(anna.handle, TableConfig.make(name="Raft4", **UNTIMED))
    assert await api.create_table(bob.handle, TableConfig.make(name="Sloop", **UNTIMED))
    await lobby_factory.advance(30)
    with pytest.raises(TooFast, match=r"wait 30 s$"):
        await api.create_table(anna.handle, TableConfig.make(name="Raft4", **UNTIMED))
    await lobby_factory.advance(30)
    assert await api.create_table(anna.handle, TableConfig.make(name="Raft4", **UNTIMED))


async def test_wrong_codes_are_throttled_per_player(lobby_factory):
    api = lobby_factory.lobby
    anna, bob, carl = [await Client.connect(api, n) for n in ("anna", "bob", "carl")]
    tid = await api.create_table(anna.handle, TableConfig.make(name="Hideout", seats=4, private=True, **UNTIMED))
    code = anna.latest(tid).table.code
    for guess in ("NOPE01", "NOPE02", "NOPE03"):
        with pytest.raises(LobbyError, match="no table has that code"):
            await api.join_by_code(bob.handle, guess)
    for guess in ("WRONG1", "WRONG2"):  # a code given for a listed table is a guess too
        with pytest.raises(LobbyError, match="private"):
            await api.spectate(bob.handle, tid, guess)
    with pytest.raises(LobbyError, match=r"^too many wrong codes: wait 60 s$"):
        await api.join_by_code(bob.handle, code)  # even the right one, now
    with pytest.raises(LobbyError, match="too many wrong codes"):
        await api.join(bob.handle, tid, code)
    assert await api.join_by_code(carl.handle, code) == tid  # others are unaffected
    await lobby_factory.advance(30)
    with pytest.raises(LobbyError, match=r"^too many wrong codes: wait 30 s$"):
        await api.join_by_code(bob.handle, code)
    await lobby_factory.advance(30)
    assert await api.join_by_code(bob.handle, code) == tid
    assert bob.latest(tid).seat == 2


async def test_spectators_see_the_table_without_a_seat(lobby_factory):
    api = lobby_factory.lobby
    anna, fan = await Client.connect(api, "anna"), await Client.connect(api, "fan")
    tid = await api.create_table(anna.handle, TableConfig.make(name="Show", seats=2, **UNTIMED))
    await api.add_bot(anna.handle, tid, "baseline")
    await api.start(anna.handle, tid)
    await api.spectate(fan.handle, tid)
    u = fan.latest(tid)
    assert u.seat is None and u.legal == [] and u.catch_up
    assert u.view is not None and u.view.hand == ()  # public information only (R18)
    assert anna.latest(tid).table.spectators == 1
    with pytest.raises(LobbyError):
        await api.act(fan.handle, tid, Draw(), u.version)  # a spectator has no seat to act for


async def test_start_waits_for_two_seats_and_everyone_ready(lobby_factory):
    api = lobby_factory.lobby
    anna, bob = await Client.connect(api, "anna"), await Client.connect(api, "bob")
    tid = await api.create_table(anna.handle, TableConfig.make(name="Go", seats=3, **UNTIMED))
    with pytest.raises(LobbyError):
        await api.start(anna.handle, tid)  # alone
    await api.join(bob.handle, tid)
    with pytest.raises(LobbyError):
        await api.start(anna.handle, tid)  # bob is not ready
    with pytest.raises(LobbyError):
        await api.start(bob.handle, tid)  # only the host starts
    await api.set_ready(bob.handle, tid, True)
    assert anna.latest(tid).table.seats[1].ready
    await api.start(anna.handle, tid)
    assert anna.latest(tid).table.status == "playing" and anna.latest(tid).view is not None
    assert bob.latest(tid).view.seat == 1 and len(bob.latest(tid).view.hand) == 5
    with pytest.raises(LobbyError):
        await api.add_bot(anna.handle, tid, "baseline")  # the game has started


async def test_a_kicked_person_gets_table_closed(lobby_factory):
    api = lobby_factory.lobby
    anna, bob = await Client.connect(api, "anna"), await Client.connect(api, "bob")
    tid = await api.create_table(anna.handle, TableConfig.make(name="Crew", seats=3, **UNTIMED))
    await api.join(bob.handle, tid)
    with pytest.raises(LobbyError):
        await api.remove_seat(bob.handle, tid, 0)  # not the host
    await api.remove_seat(anna.handle, tid, 1)
    closed = bob.of(TableClosed)
    assert [(m.table_id, m.key) for m in closed] == [(tid, "removed")]
    assert await api.seated_tables("user:bob") == frozenset()
    assert anna.of(TableClosed) == []


async def test_close_table_tells_every_member(lobby_factory):
    api = lobby_factory.lobby
    anna, fan = await Client.connect(api, "anna"), await Client.connect(api, "fan")
    tid = await api.create_table(anna.handle, TableConfig.make(name="Last", **UNTIMED))
    await api.spectate(fan.handle, tid)
    await api.close_table(tid, "the server is going down")
    assert [m.reason for m in anna.of(TableClosed)] == ["the server is going down"]
    assert [m.table_id for m in fan.of(TableClosed)] == [tid]
    assert await api.table_summaries() == []
    with pytest.raises(LobbyError):
        await api.join(fan.handle, tid)

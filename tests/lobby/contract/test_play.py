"""The lobby contract: acting (versions, rules), reconnecting (R17), whole games and records (R18)."""

from __future__ import annotations

import re

import pytest

from ahoy_tui.games.ahoy.actions import Respond
from ahoy_tui.lobby.errors import LobbyError, RuleBroken, Stale
from ahoy_tui.lobby.messages import TableConfig, TableUpdate

from .client import Client


async def two_at_a_table(api, **config) -> tuple[Client, Client, str]:
    """anna (host, seat 0) and bob (seat 1) at a started untimed table."""
    anna, bob = await Client.connect(api, "anna"), await Client.connect(api, "bob")
    tid = await api.create_table(anna.handle, TableConfig.make(name="Duel", seats=2, clocks="untimed", **config))
    await api.join(bob.handle, tid)
    await api.set_ready(bob.handle, tid, True)
    await api.start(anna.handle, tid)
    return anna, bob, tid


def to_move(clients: list[Client], tid: str) -> Client:
    """The client whose latest update offers it actions."""
    (mover,) = [c for c in clients if c.latest(tid).legal]
    return mover


async def test_an_action_against_an_old_version_is_stale(lobby_factory):
    api = lobby_factory.lobby
    anna, bob, tid = await two_at_a_table(api)
    mover = to_move([anna, bob], tid)
    u = mover.latest(tid)
    await api.act(mover.handle, tid, u.legal[0], u.version)
    assert mover.latest(tid).version > u.version
    with pytest.raises(Stale):
        await api.act(mover.handle, tid, u.legal[0], u.version)  # a double press
    with pytest.raises(Stale):
        await api.act(mover.handle, tid, u.legal[0], mover.latest(tid).version + 50)  # from the future


async def test_an_action_the_rules_refuse_names_its_rule_apart_from_the_sentence(lobby_factory):
    api = lobby_factory.lobby
    anna, bob, tid = await two_at_a_table(api)
    mover = to_move([anna, bob], tid)
    u = mover.latest(tid)
    assert not any(isinstance(a, Respond) for a in u.legal)
    with pytest.raises(RuleBroken) as refused:
        await api.act(mover.handle, tid, Respond(True), u.version)  # nobody offered anything
    assert re.fullmatch(r"R\d+(\.\d+)?", refused.value.rule_id), refused.value.rule_id
    assert refused.value.reason.startswith("not allowed: ")
    assert refused.value.rule_id not in refused.value.reason  # players read the sentence only
    assert mover.latest(tid).version == u.version  # nothing changed


async def test_a_reconnecting_player_gets_the_table_back(lobby_factory):
    """R17: a player who drops keeps the seat (the autopilot plays it) and is taken back to it."""
    api = lobby_factory.lobby
    anna, bob, tid = await two_at_a_table(api)
    await api.disconnect(bob.handle)
    seat = anna.latest(tid).table.seats[1]
    assert seat.kind == "person" and not seat.connected
    again = await Client.connect(api, "bob")
    back = [m for m in again.of(TableUpdate) if m.table.table_id == tid]
    assert back and back[0].catch_up and back[0].seat == 1
    assert back[-1].view is not None and back[-1].view.seat == 1 and len(back[-1].view.hand) >= 1
    assert anna.latest(tid).table.seats[1].connected
    assert await api.seated_tables("user:bob") == frozenset({tid})


async def test_a_whole_game_against_bots_reaches_game_over(lobby_factory):
    api = lobby_factory.lobby
    anna = await Client.connect(api, "anna")
    tid = await api.create_table(anna.handle, TableConfig.make(name="Long", seats=3, limit=20, clocks="untimed"))
    assert await api.add_bot(anna.handle, tid, "baseline") == 1
    assert await api.add_bot(anna.handle, tid, "random") == 2
    await api.start(anna.handle, tid)
    await api.set_autopilot(anna.handle, tid, True)
    await lobby_factory.until(lambda: anna.latest(tid).table.status == "game_over")
    last = anna.latest(tid)
    assert last.legal == [] and last.table.players == ("anna", *last.table.players[1:])
    totals = last.view.totals
    assert max(totals) >= 20  # someone passed the limit (R15)
    record = await api.record_for(anna.handle, tid)
    assert record[0]["seed"] is None  # the seed never leaves the lobby (R18)
    assert any(line.get("result") == "game" for line in record)


async def test_records_exist_only_for_finished_games_and_strangers_get_no_secrets(lobby_factory):
    api = lobby_factory.lobby
    anna, bob, tid = await two_at_a_table(api)
    stranger = await Client.connect(api, "stranger")
    with pytest.raises(LobbyError):
        await api.record_for(anna.handle, tid)  # no game has finished yet
    await api.set_autopilot(anna.handle, tid, True)
    await api.set_autopilot(bob.handle, tid, True)
    await lobby_factory.until(lambda: anna.latest(tid).table.status == "game_over")
    theirs = await api.record_for(stranger.handle, tid)
    assert theirs[0]["seed"] is None
    assert all(None in line["deck"] for line in theirs if line.get("chance") == "deal")  # undealt cards stay hidden
    with pytest.raises(LobbyError):
        await api.record_for(stranger.handle, tid, 5)  # no such game
    with pytest.raises(LobbyError):
        await api.record_for(stranger.handle, "t999")  # no such table


async def test_a_dropped_seat_waits_for_its_grace_and_shows_reconnecting(lobby_factory):
    """R17: the pending decision keeps its clock, capped at the table's grace; others see the seat
    reconnecting with the grace left; after it the autopilot plays; back, she gets what it did."""
    api = lobby_factory.lobby
    anna, bob = await Client.connect(api, "anna"), await Client.connect(api, "bob")
    tid = await api.create_table(anna.handle, TableConfig.make(name="Duel", seats=2, clocks="relaxed", grace=20))
    await api.join(bob.handle, tid)
    await api.set_ready(bob.handle, tid, True)
    await api.start(anna.handle, tid)
    assert bob.latest(tid).legal or anna.latest(tid).legal
    version = anna.latest(tid).version
    await api.disconnect(bob.handle)
    seat = anna.latest(tid).table.seats[1]
    assert not seat.connected and not seat.autopilot
    assert seat.reconnecting is not None and 19.0 <= seat.reconnecting <= 20.0
    await lobby_factory.advance(10)
    assert anna.latest(tid).table.seats[1].autopilot is False
    await lobby_factory.until(lambda: anna.latest(tid).table.seats[1].autopilot, seconds=12)
    assert anna.latest(tid).table.seats[1].reconnecting is None
    assert anna.latest(tid).version > version
    again = await Client.connect(api, "bob")
    back = [m for m in again.of(TableUpdate) if m.table.table_id == tid][0]
    assert back.catch_up and back.seat == 1
    assert all(e in back.events for e in back.while_away)
    assert anna.latest(tid).table.seats[1].connected and anna.latest(tid).table.seats[1].reconnecting is None

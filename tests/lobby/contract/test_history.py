"""The lobby contract: finished games in the archive, ``my_games`` and ``game_record`` (R18)."""

from __future__ import annotations

import pytest

from ahoy_tui.games.ahoy.replay import check
from ahoy_tui.lobby.errors import LobbyError
from ahoy_tui.lobby.messages import TableConfig

from .client import Client


async def _play_to_the_end(lobby_factory, anna: Client, name: str) -> str:
    api = lobby_factory.lobby
    tid = await api.create_table(anna.handle, TableConfig.make(name=name, seats=3, limit=20, clocks="untimed"))
    await api.add_bot(anna.handle, tid, "baseline")
    await api.add_bot(anna.handle, tid, "random")
    await api.start(anna.handle, tid)
    await api.set_autopilot(anna.handle, tid, True)
    await lobby_factory.until(lambda: anna.latest(tid).table.status == "game_over")
    return tid


async def test_my_games_lists_finished_games_newest_first(lobby_factory):
    api = lobby_factory.lobby
    anna = await Client.connect(api, "anna")
    assert await api.my_games(anna.handle) == []
    await _play_to_the_end(lobby_factory, anna, "First")
    await _play_to_the_end(lobby_factory, anna, "Second")
    games = await api.my_games(anna.handle)
    assert [g.table_name for g in games] == ["Second", "First"]
    g = games[0]
    assert g.seat_of("user:anna") == 0 and g.names[0] == "anna" and g.identities[1:] == (None, None)
    assert len(g.places) == len(g.totals) == 3 and min(g.places) == 1 and max(g.totals) >= 20
    assert g.winners and all(g.places[g.names.index(w)] == 1 for w in g.winners)
    assert len({x.game_id for x in games}) == 2
    assert [x.game_id for x in await api.my_games(anna.handle, limit=1)] == [g.game_id]
    stranger = await Client.connect(api, "stranger")
    assert await api.my_games(stranger.handle) == []


async def test_game_record_is_the_callers_projection_and_replays(lobby_factory):
    api = lobby_factory.lobby
    anna = await Client.connect(api, "anna")
    await _play_to_the_end(lobby_factory, anna, "Wake")
    (g,) = await api.my_games(anna.handle)
    record = await api.game_record(anna.handle, g.game_id)
    assert record[0]["seed"] is None and record[0]["seats"][0] == "anna"
    deals = [line for line in record if line.get("chance") == "deal"]
    assert deals and all(None in d["deck"] for d in deals)  # the undealt deck stays hidden
    assert any(line.get("result") == "game" for line in record)
    seats, summary = check(record)
    assert summary.projected and summary.game_over and list(summary.totals) == list(g.totals)
    assert seats == list(g.names)


async def test_game_record_refuses_other_ids_with_one_sentence(lobby_factory):
    api = lobby_factory.lobby
    anna = await Client.connect(api, "anna")
    await _play_to_the_end(lobby_factory, anna, "Wake")
    (g,) = await api.my_games(anna.handle)
    eve = await Client.connect(api, "eve")
    reasons = []
    for who, game_id in ((eve, g.game_id), (anna, "g000000000000"), (anna, "; rm -rf /"), (anna, "x" * 10_000)):
        with pytest.raises(LobbyError) as refused:
            await api.game_record(who.handle, game_id)
        reasons.append(refused.value.reason)
    assert len(set(reasons)) == 1  # whether a game exists is not told

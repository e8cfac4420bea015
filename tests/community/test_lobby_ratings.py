"""A lobby hands every finished game to the community tables: rated games, leavers last, keyless not rated."""

from __future__ import annotations

import asyncio

import pytest

from ahoy_tui.lobby import InMemoryLobby, Lobby, ManualClock, TableConfig, Timing
from ahoy_tui.lobby.errors import LobbyError

ANNA, BO = "key:SHA256:anna", "key:SHA256:bo"


def _table(lobby: Lobby, identities: list[str], bots: int = 1) -> tuple[str, list]:
    handles = [lobby.connect(i, i.rsplit(":", 1)[-1]) for i in identities]
    for h in handles:
        h.subscribe(lambda m: None)
    tid = lobby.create_table(handles[0], TableConfig.make(name="Wake", seats=len(handles) + bots, limit=20,
                                                          clocks="untimed"))
    for h in handles[1:]:
        lobby.join(h, tid)
        lobby.set_ready(h, tid, True)
    for _ in range(bots):
        lobby.add_bot(handles[0], tid, "baseline")
    lobby.start(handles[0], tid)
    for h in handles:
        lobby.set_autopilot(h, tid, True)
    return tid, handles


def _play_out(lobby: Lobby, tid: str) -> None:
    table = lobby.tables[tid]
    lobby.clock.run(until=lambda: table.game.over, max_steps=200_000)


def test_a_game_of_two_keyed_players_rates_both(community):
    lobby = Lobby(clock=ManualClock(), timing=Timing.instant(), seed=3, community=community)
    tid, _ = _table(lobby, [ANNA, BO])
    _play_out(lobby, tid)
    assert community.flush()
    places = dict(zip(lobby.tables[tid].last_listing.identities, lobby.tables[tid].last_listing.places))
    a, b = community.rating(ANNA), community.rating(BO)
    assert a.games == b.games == 1
    better, worse = (a, b) if places[ANNA] < places[BO] else (b, a)
    assert better.ordinal > worse.ordinal
    changes = asyncio.run(InMemoryLobby(lobby).rating_changes(tid))
    assert [c is not None for c in changes] == [i is not None for i in lobby.tables[tid].last_listing.identities]


def test_a_seat_given_to_a_bot_is_rated_last_even_when_the_bot_wins(community):
    lobby = Lobby(clock=ManualClock(), timing=Timing.instant(), seed=4, community=community)
    tid, handles = _table(lobby, [ANNA, BO])
    lobby.give_to_bot(handles[0], tid, lobby.tables[tid].seat_of(BO))
    _play_out(lobby, tid)
    assert community.flush()
    listing = lobby.tables[tid].last_listing
    assert BO in listing.forfeits and BO not in listing.identities
    bo = community.profile(BO)
    assert bo.stats.left == 1 and bo.stats.wins == 0 and bo.stats.place_sum == len(listing.places)
    assert community.rating(BO).ordinal < community.rating(ANNA).ordinal


def test_a_game_with_one_keyed_player_and_a_keyless_one_rates_nobody(community):
    lobby = Lobby(clock=ManualClock(), timing=Timing.instant(), seed=5, community=community)
    tid, _ = _table(lobby, [ANNA, "user:bo"])
    _play_out(lobby, tid)
    assert community.flush()
    assert community.rating(ANNA) is None and community.rating("user:bo") is None
    assert community.profile("user:bo").stats.games == 1
    assert asyncio.run(InMemoryLobby(lobby).rating_changes(tid)) == [None, None, None]


def test_bad_leaderboard_requests_are_refused_in_a_sentence(community):
    api = InMemoryLobby(Lobby(community=community))
    for board, n in (("best", 0), ("players", 9), ("players", 1)):
        with pytest.raises(LobbyError):
            asyncio.run(api.leaderboard(board, n))
    with pytest.raises(LobbyError, match="keeps no ratings"):
        asyncio.run(InMemoryLobby(Lobby()).leaderboard())


def test_a_seat_given_away_is_still_a_forfeit_after_a_restart(community):
    """``Seat.gave_from`` is in the table log: a restarted server still rates the giver last."""
    from ahoy_tui.store import MemoryStore

    store = MemoryStore()
    lobby = Lobby(clock=ManualClock(), timing=Timing.instant(), seed=4, store=store)
    tid, handles = _table(lobby, [ANNA, BO])
    lobby.give_to_bot(handles[0], tid, lobby.tables[tid].seat_of(BO))
    c = community
    again = Lobby(clock=ManualClock(), timing=Timing.instant(), seed=4, store=store, community=c)
    assert again.resume() == []
    anna = again.connect(ANNA, "anna")
    anna.subscribe(lambda m: None)
    again.set_autopilot(anna, tid, True)
    _play_out(again, tid)
    assert c.flush()
    assert again.tables[tid].last_listing.forfeits.count(BO) == 1
    assert c.profile(BO).stats.left == 1 and c.rating(BO).ordinal < c.rating(ANNA).ordinal


def test_a_game_that_ended_just_before_a_crash_is_counted_when_the_table_comes_back(community):
    """The log holds the last action but the archive never got the game: the rebuilt table
    archives it and hands it to the ratings, once."""
    from ahoy_tui.store import MemoryStore

    store = MemoryStore()
    lobby = Lobby(clock=ManualClock(), timing=Timing.instant(), seed=3, store=store)
    tid, _ = _table(lobby, [ANNA, BO])
    _play_out(lobby, tid)
    game_id = lobby.tables[tid].game_id
    del store._games[game_id]                   # the crash: archived in memory only
    c = community
    again = Lobby(clock=ManualClock(), timing=Timing.instant(), seed=3, store=store, community=c)
    assert again.resume() == []
    assert store.archived(game_id) is not None
    assert c.flush() and c.rating(ANNA).games == 1 and c.rating(BO).games == 1
    assert c.record(store.archived(game_id)).result(5) is None
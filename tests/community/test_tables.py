"""Ratings and stats in the SQLite file beside the archive: restart, catch-up, rebuild (docs/community.md)."""

from __future__ import annotations

import random
import sqlite3

from ahoy_tui.community.service import Community
from ahoy_tui.community.stats import FIELDS
from ahoy_tui.store.sqlite import SQLiteStore
from tests.community.helpers import ANNA, BO, CY, bot_game, game, listing
from ahoy_tui.store.base import ArchivedGame


def _bot_archive(n: int, seed: int) -> list[ArchivedGame]:
    """``n`` whole bot games under random keyed, keyless and bot identities."""
    rng = random.Random(seed)
    pool = [ANNA, BO, CY, "user:dan", None]
    out = []
    for i in range(n):
        players = rng.randint(2, 4)
        g, _ = bot_game(seed * 100 + i, players, limit=20)
        ids = tuple(rng.sample(pool, players))
        totals = g.state.totals
        places = tuple(1 + sum(t < x for t in totals) for x in totals)
        lst = listing(f"g{i:03d}", ids, places, finished=1000.0 + i, names=tuple(f"n{j}" for j in range(players)))
        out.append(ArchivedGame(lst, tuple(g.record)))
    return out


def _snapshot(c: Community) -> dict:
    rows = {}
    for identity in (ANNA, BO, CY, "user:dan"):
        p = c.profile(identity)
        if p is not None:
            rows[identity] = [(g.game, g.rating, g.stats.values(), g.stats.counts,
                               {n: s.values() for n, s in g.by_count.items()}) for g in p.games]
    return rows


def test_counts_survive_a_restart_and_a_game_is_never_counted_twice(tmp_path):
    db = tmp_path / "ahoy.db"
    store = SQLiteStore(db)
    c = Community(db)
    g = game("g1", (ANNA, BO), (1, 2))
    store.archive(g)
    c.record(g).result(5)
    before = _snapshot(c)
    c.close()
    store.close()
    store, c = SQLiteStore(db), Community(db)
    try:
        assert c.catch_up() == 0
        assert c.record(g).result(5) is None
        assert _snapshot(c) == before and c.rating(ANNA).games == 1
    finally:
        c.close()
        store.close()


def test_catch_up_counts_archived_games_the_tables_missed_in_finishing_order(tmp_path):
    db = tmp_path / "ahoy.db"
    games = _bot_archive(12, seed=3)
    store = SQLiteStore(db)
    for g in reversed(games):
        store.archive(g)
    store.flush()
    live = Community()
    for g in games:
        live.record(g).result(5)
    c = Community(db)
    try:
        assert c.catch_up() == len(games)
        assert _snapshot(c) == _snapshot(live)
        assert c.catch_up() == 0
    finally:
        c.close()
        live.close()
        store.close()


def test_a_rebuild_from_the_archive_gives_the_same_tables(tmp_path):
    db = tmp_path / "ahoy.db"
    store = SQLiteStore(db)
    c = Community(db)
    try:
        for g in _bot_archive(10, seed=5):
            store.archive(g)
            c.record(g)
        store.flush()
        assert c.flush()
        before = _snapshot(c)
        assert c.catch_up(rebuild=True) == 10
        assert _snapshot(c) == before
    finally:
        c.close()
        store.close()


def test_stats_per_player_count_add_up_to_the_overall_stats(tmp_path, community):
    c = community
    for g in _bot_archive(15, seed=9):
        c.record(g)
    assert c.flush()
    for identity in (ANNA, "user:dan"):
        p = c.profile(identity).game("ahoy")
        total = [sum(s.values()[i] for s in p.by_count.values()) for i in range(len(FIELDS))]
        assert tuple(total) == p.stats.values() and p.stats.games > 0


def test_a_server_start_counts_the_archive_it_finds_on_the_writer_thread(tmp_path):
    """``start_lobby``: games archived while nothing counted them (an older server, a crash
    between archiving and counting) are counted after start-up, before later games."""
    from ahoy_tui.lobby.embedded import start_lobby

    db = tmp_path / "ahoy.db"
    store = SQLiteStore(db)
    for g in _bot_archive(4, seed=11):
        store.archive(g)
    store.close()
    store = SQLiteStore(db)
    lobby = start_lobby(store, None, None)
    try:
        later = game("g999", (ANNA, BO), (1, 2), finished=5000.0)
        assert lobby.community.record(later).result(10)
        assert lobby.community.flush()
        assert lobby.community.profile(ANNA).recent[0][0] == "g999"
        with sqlite3.connect(db) as c:
            assert c.execute("SELECT count(*) FROM community_games").fetchone()[0] == 5
        c.close()
    finally:
        lobby.community.close()
        store.close()


def test_a_failed_write_loses_the_game_only_until_the_next_catch_up(tmp_path, monkeypatch):
    from ahoy_tui.community import tables
    from ahoy_tui.store.base import StoreError

    db = tmp_path / "ahoy.db"
    store = SQLiteStore(db)
    c = Community(db)
    real = tables.apply_game
    calls = []

    def full_disk(conn, *args):
        calls.append(1)
        if len(calls) == 1:
            raise sqlite3.OperationalError("database or disk is full")
        return real(conn, *args)

    monkeypatch.setattr(tables, "apply_game", full_disk)
    try:
        first, second = game("g1", (ANNA, BO), (1, 2), finished=1.0), game("g2", (ANNA, BO), (2, 1), finished=2.0)
        for g in (first, second):
            store.archive(g)
        store.flush()
        failed = c.record(first)
        assert isinstance(failed.exception(5), StoreError)
        assert c.record(second).result(5)                 # the writer goes on
        assert c.rating(ANNA).games == 1
        assert c.catch_up() == 1                          # g1, from the archive
        assert c.rating(ANNA).games == 2 and c.catch_up() == 0
    finally:
        c.close()
        store.close()


def test_the_cluster_s_redis_counts_equal_the_sqlite_ones(redis_server):
    """Every board, profile and rating change a worker reads from Redis is the one a single
    server reads from SQLite after the same games."""
    from ahoy_tui.community.redis_service import RedisCommunity

    games = _bot_archive(30, seed=13)
    kept, shared = Community(), RedisCommunity(redis_server.url)
    try:
        for c in (kept, shared):
            for g in games:
                c.record(g)
            assert c.flush()
        assert _snapshot(shared) == _snapshot(kept)
        for board, n in (("overall", 0), ("recent", 0), ("players", 2), ("players", 3), ("players", 4)):
            for limit in (1, 2, 20):
                assert shared.leaderboard(board, n, limit, now=2000.0) == kept.leaderboard(board, n, limit, now=2000.0)
        for name in ("n0", "N1", "n3"):
            assert shared.profiles(name) == kept.profiles(name)
        assert all(shared.changes(g.listing.game_id) == kept.changes(g.listing.game_id) for g in games)
    finally:
        kept.close()
        shared.close()


def test_a_worker_counts_the_cluster_s_archive_it_finds_and_a_game_that_ends_while_redis_is_away(redis_server):
    """``RedisCommunity.catch_up`` counts archived games (``ahoy:games``) nobody counted, in
    finishing order (those archived before ratings were counted with --redis); a game handed
    over while Redis is away is counted once it is back, once."""
    from ahoy_tui.community.redis_service import RedisCommunity
    from ahoy_tui.store.redis_store import RedisStore

    games = _bot_archive(12, seed=3)
    store = RedisStore(redis_server.url, retry_interval=0.02)
    for g in reversed(games):
        store.archive(g)
    assert store.flush()
    live, c = Community(), RedisCommunity(redis_server.url)
    try:
        for g in games:
            live.record(g)
        assert live.flush()
        assert c.catch_up() == len(games) and _snapshot(c) == _snapshot(live)
        assert c.catch_up() == 0
        later = game("g999", (ANNA, BO), (1, 2), finished=5000.0)
        store.archive(later)
        assert store.flush()
        redis_server.stop()
        counting = c.record(later)
        redis_server.start()
        assert counting.result(10).keys() == {ANNA, BO}
        assert c.catch_up() == 0 and c.rating(ANNA).games == live.rating(ANNA).games + 1
    finally:
        c.close()
        live.close()
        store.close()


def test_a_rating_change_is_marked_provisional_as_long_as_the_rating_is(redis_server):
    """The game-over line's ``?`` (``Change.labels``) follows the leaderboard's: on both sides of
    each of the first ``PROVISIONAL_GAMES`` games, on neither side after them, in SQLite and Redis."""
    from ahoy_tui.community.rating import PROVISIONAL_GAMES
    from ahoy_tui.community.redis_service import RedisCommunity

    games = [game(f"g{i:02d}", (ANNA, BO), (1 + i % 2, 2 - i % 2), finished=1000.0 + i)
             for i in range(PROVISIONAL_GAMES + 1)]
    for c in (Community(), RedisCommunity(redis_server.url)):
        try:
            for g in games:
                c.record(g)
            assert c.flush()
            marks = [[s.endswith("?") for s in c.changes(g.listing.game_id)[ANNA].labels] for g in games]
            assert marks == [[True, True]] * (PROVISIONAL_GAMES - 1) + [[True, False], [False, False]]
        finally:
            c.close()

"""The community tables in Redis: the per-game update and the leaderboard reads (docs/community.md).

The same functions as :mod:`ahoy_tui.community.tables` (which keeps them in
SQLite), each taking a synchronous redis-py client first, over the keys
named in ``ahoy_tui.store.redis_keys`` (``ahoy:cm:...``). They raise
``redis.RedisError`` as redis-py does.

:func:`apply_game` is one optimistic transaction: it ``WATCH``es the game's
``counted`` marker and its players' ratings, names and stats, reads them,
rates the game, and writes every change with the marker in one
``MULTI``/``EXEC``. When another worker changed a watched key in between,
it starts again; when the marker is there the game was counted before and
nothing is written. So a game is counted once in the whole cluster, even
when two workers hand it over (a table adopted and replayed after its owner died).
"""

from __future__ import annotations

import json
from typing import Any, Sequence

import redis

from ahoy_tui.community.rating import Change, Rating, keyed, rated, rate, shown
from ahoy_tui.community.stats import FIELDS, SeatStats
from ahoy_tui.community.tables import Changes, PlayerRow, Ranked, people_by_seat, seat_stats
from ahoy_tui.store.base import GameListing
from ahoy_tui.store.redis_keys import community as key

__all__ = ["Changes", "apply_game", "changes_of", "counted", "counts_of", "games_of", "player", "players_named",
           "rating_of", "recent_of", "seat_stats", "stats_of", "top_by_count", "top_rated", "top_recent", "uncounted"]

KEPT_RECENT = 50
"""Newest games kept per player and game for the profile card (it shows ``service.RECENT_GAMES``)."""
GAINS_KEPT_DAYS = 60
"""Days of rated seats the "recent" board keeps (it looks back ``service.RECENT_DAYS``)."""
_WIN_WEIGHT = 16
"""A win outweighs any average place (1..8) in the wins board's score."""


def _text(v: Any) -> str:
    return v.decode("utf-8") if isinstance(v, bytes) else str(v)


# -- the update ---------------------------------------------------------------------------------

def apply_game(r: redis.Redis, listing: GameListing, per_seat: Sequence[SeatStats],
               header_names: Sequence[str] = ()) -> Changes | None:
    """Count one finished game into its game's ratings and stats, once in the cluster.

    Args:
        r: The client.
        listing: The finished game.
        per_seat: ``seat_stats`` of it.
        header_names: The record header's seat names (a forfeited seat's person is named by them).

    Returns:
        The rating changes (empty when the game is not rated), or None when it was counted before.
    """
    seats = people_by_seat(listing)
    ids = sorted({s[0] for s in seats if s is not None})
    game = listing.game
    watched = [key("counted", listing.game_id)]
    for i in ids:
        watched += [key("rating", game, i), key("player", i), key("stats", game, i)]
    with r.pipeline(transaction=True) as pipe:
        while True:
            try:
                pipe.watch(*watched)
                if pipe.exists(watched[0]):
                    pipe.unwatch()
                    return None
                changes = _write(pipe, listing, seats, per_seat, header_names)
                pipe.execute()
                return changes
            except redis.WatchError:
                continue


def _write(pipe: Any, listing: GameListing, seats: list, per_seat: Sequence[SeatStats],
           header_names: Sequence[str]) -> Changes:
    """Read what the game changes (the keys are watched), then queue every write after ``MULTI``."""
    game, n = listing.game, len(listing.places)
    ids = sorted({s[0] for s in seats if s is not None})
    current = {i: rt for i in ids if rated(i) and (rt := rating_of(pipe, i, game)) is not None}
    changes = rate(listing, current)
    old_names = {i: pipe.hget(key("player", i), "name") for i in ids}
    last = {i: float(pipe.hget(key("player", i), "last_played") or 0.0) for i in ids}
    stats = {i: {_text(k): int(v) for k, v in pipe.hgetall(key("stats", game, i)).items()} for i in ids}
    names: dict[str, str] = {}
    for seat, who in enumerate(seats):
        if who is None:
            continue
        identity, place, gone = who
        names[identity] = str(header_names[seat] if gone and seat < len(header_names) else listing.names[seat])
        for count in (0, n):
            for f, v in zip(FIELDS, per_seat[seat].values()):
                field = f"{count}:{f}"
                stats[identity][field] = stats[identity].get(field, 0) + v
        for k, v in per_seat[seat].counts.items():
            stats[identity][f"c:{k}"] = stats[identity].get(f"c:{k}", 0) + v
    pipe.multi()
    for identity in ids:
        _queue_player(pipe, identity, names[identity], old_names[identity], max(last[identity], listing.finished))
        pipe.hset(key("stats", game, identity), mapping=stats[identity])
        pipe.sadd(key("played", identity), game)
        s = stats[identity]
        avg = s.get(f"{n}:place_sum", 0) / max(1, s.get(f"{n}:games", 0))
        pipe.zadd(key("wins", game, n), {identity: s.get(f"{n}:wins", 0) * _WIN_WEIGHT - avg})
    for identity, (before, after) in changes.items():
        pipe.hset(key("rating", game, identity), mapping={"mu": after.mu, "sigma": after.sigma, "games": after.games})
        pipe.zadd(key("board", game), {identity: after.ordinal})
    _queue_games(pipe, listing, seats, changes)
    pipe.set(key("counted", listing.game_id), json.dumps({
        "game": game, "finished": listing.finished, "rated": bool(changes),
        "changes": {i: [b.ordinal, a.ordinal, a.games] for i, (b, a) in changes.items()}}))
    return changes


def _queue_player(pipe: Any, identity: str, name: str, old: bytes | None, last_played: float) -> None:
    if old is not None and _text(old).casefold() != name.casefold():
        pipe.zrem(key("name", _text(old).casefold()), identity)
    pipe.hset(key("player", identity), mapping={"name": name, "last_played": last_played})
    pipe.zadd(key("name", name.casefold()), {identity: last_played})


def _queue_games(pipe: Any, listing: GameListing, seats: list, changes: Changes) -> None:
    """Each person's line in their newest games, and each rated seat's gain for the "recent" board."""
    game, n = listing.game, len(listing.places)
    for who in filter(None, seats):
        identity, place, _ = who
        before, after = changes.get(identity, (None, None))
        line = [listing.game_id, listing.finished, place, n, before and before.ordinal, after and after.ordinal]
        pipe.zadd(key("recent", game, identity), {json.dumps(line): listing.finished})
        pipe.zremrangebyrank(key("recent", game, identity), 0, -KEPT_RECENT - 1)
        if after is not None:
            gain = [identity, listing.game_id, int(place == 1), after.ordinal - before.ordinal]
            pipe.zadd(key("gains", game), {json.dumps(gain): listing.finished})
    pipe.zremrangebyscore(key("gains", game), "-inf", f"({listing.finished - GAINS_KEPT_DAYS * 86400}")


# -- reads --------------------------------------------------------------------------------------

def counted(r: redis.Redis, game_id: str) -> bool:
    """The game is already in the ratings and stats."""
    return bool(r.exists(key("counted", game_id)))


def uncounted(r: redis.Redis, game_ids: list[str]) -> list[str]:
    """The ones of ``game_ids`` not counted yet, in the same order (one round trip)."""
    pipe = r.pipeline(transaction=False)
    for game_id in game_ids:
        pipe.exists(key("counted", game_id))
    return [g for g, seen in zip(game_ids, pipe.execute() if game_ids else []) if not seen]


def rating_of(r: Any, identity: str, game: str) -> Rating | None:
    """``identity``'s rating at ``game``, or None."""
    mu, sigma, games = r.hmget(key("rating", game, identity), "mu", "sigma", "games")
    return None if mu is None else Rating(float(mu), float(sigma), int(games))


def stats_of(r: redis.Redis, identity: str, game: str, players: int = 0) -> SeatStats:
    """``identity``'s summed stats at ``game`` (``players`` 0: every game, with the game's own
    counters; N: N-seat games only)."""
    row = {_text(k): int(v) for k, v in r.hgetall(key("stats", game, identity)).items()}
    stats = SeatStats(*(row.get(f"{players}:{f}", 0) for f in FIELDS))
    if players == 0:
        stats.counts = {k[2:]: v for k, v in row.items() if k.startswith("c:") and v}
    return stats


def games_of(r: redis.Redis, identity: str) -> list[str]:
    """The games ``identity`` finished at least one of."""
    return [_text(g) for g in r.smembers(key("played", identity))]


def counts_of(r: redis.Redis, identity: str, game: str) -> list[int]:
    """The seat counts ``identity`` has stats for at ``game``, ascending."""
    fields = (_text(k) for k in r.hkeys(key("stats", game, identity)))
    return sorted({int(f.split(":", 1)[0]) for f in fields if f.endswith(":games") and not f.startswith("0:")})


def recent_of(r: redis.Redis, identity: str, game: str,
              limit: int) -> list[tuple[str, float, int, int, float | None, float | None]]:
    """``identity``'s newest games of ``game``: (game_id, finished, place, seats, ordinal before, after)."""
    return [tuple(json.loads(m)) for m in r.zrevrange(key("recent", game, identity), 0, limit - 1)]


def player(r: redis.Redis, identity: str) -> PlayerRow | None:
    """One player by identity, or None."""
    name, last = r.hmget(key("player", identity), "name", "last_played")
    return None if name is None else PlayerRow(identity, _text(name), float(last))


def players_named(r: redis.Redis, name: str, limit: int = 5) -> list[PlayerRow]:
    """Players whose last name is ``name`` (any case), keyed ones first, then the most recent."""
    ids = [_text(i) for i in r.zrevrange(key("name", name.casefold()), 0, limit - 1)]
    rows = [p for i in ids if (p := player(r, i)) is not None]
    return sorted(rows, key=lambda p: not keyed(p.identity))


def top_rated(r: redis.Redis, game: str, limit: int) -> list[tuple[Ranked, SeatStats]]:
    """The ``limit`` highest ordinals at ``game``, best first, with each player's stats there."""
    out = []
    for raw in r.zrevrange(key("board", game), 0, limit - 1):
        identity = _text(raw)
        if (p := player(r, identity)) is not None:
            out.append(((p, rating_of(r, identity, game)), stats_of(r, identity, game)))
    return out


def top_recent(r: redis.Redis, game: str, since: float, limit: int) -> list[tuple[Ranked, int, int, float]]:
    """Rated games of ``game`` since ``since``: (player, games, wins, ordinal gained), most gained first."""
    sums: dict[str, list] = {}
    for raw in r.zrangebyscore(key("gains", game), since, "+inf"):
        identity, _, won, gain = json.loads(raw)
        s = sums.setdefault(identity, [0, 0, 0.0])
        s[0], s[1], s[2] = s[0] + 1, s[1] + won, s[2] + gain
    out = []
    for identity in sorted(sums, key=lambda i: (-sums[i][2], i))[:limit]:
        if (p := player(r, identity)) is not None:
            out.append(((p, rating_of(r, identity, game)), *sums[identity]))
    return out


def top_by_count(r: redis.Redis, game: str, players: int, limit: int) -> list[tuple[Ranked, SeatStats]]:
    """Most wins at ``players``-seat games of ``game`` (then the better average place, then the identity)."""
    board = key("wins", game, players)
    edge = r.zrevrange(board, limit - 1, limit - 1, withscores=True)
    low = edge[0][1] if edge else "-inf"
    ids = [_text(i) for i in r.zrevrangebyscore(board, "+inf", low)]   # ties at the edge too
    rows = [(i, stats_of(r, i, game, players)) for i in ids]
    rows.sort(key=lambda row: (-row[1].wins, row[1].place_sum / max(1, row[1].games), row[0]))
    out = []
    for identity, stats in rows[:limit]:
        if (p := player(r, identity)) is not None:
            out.append(((p, rating_of(r, identity, game)), stats))
    return out


def changes_of(r: redis.Redis, game_id: str) -> dict[str, Change]:
    """The shown ratings (before, after) a counted game left, and the rated games then, per rated
    identity (a marker written before the games were kept in it: ``Change``'s default)."""
    raw = r.get(key("counted", game_id))
    if raw is None:
        return {}
    return {i: Change(shown(c[0]), shown(c[1]), *c[2:]) for i, c in json.loads(raw)["changes"].items()}

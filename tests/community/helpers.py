"""Finished games for the community tests: listings, and whole bot games with their events."""

from __future__ import annotations

from ahoy_tui.games.ahoy.bots import make_bot
from ahoy_tui.games.ahoy.game import Game
from ahoy_tui.games.ahoy.state import Settings
from ahoy_tui.games.ahoi.bots import make_bot as make_ahoi_bot
from ahoy_tui.games.ahoi.game import AhoiGame
from ahoy_tui.games.ahoi.simulate import play_round
from ahoy_tui.games.ahoy.simulate import play_hand
from ahoy_tui.store.base import ArchivedGame, GameListing

ANNA, BO, CY = "key:SHA256:anna", "key:SHA256:bo", "key:SHA256:cy"


def listing(game_id: str, identities: tuple, places: tuple, forfeits: tuple = (), finished: float = 1000.0,
            names: tuple | None = None) -> GameListing:
    """A finished game's listing (totals follow the places)."""
    names = names or tuple(f"p{i}" for i in range(len(places)))
    return GameListing(game_id, "ahoy", "Wake", finished, names, identities, places,
                       tuple(10 * p for p in places), forfeits)


def game(game_id: str, identities: tuple, places: tuple, forfeits: tuple = (), finished: float = 1000.0,
         names: tuple | None = None) -> ArchivedGame:
    """An archived game with a header-only record."""
    lst = listing(game_id, identities, places, forfeits, finished, names)
    return ArchivedGame(lst, ({"format": "ahoy-record", "version": 1, "seats": list(lst.names)},))


def bot_game(seed: int, players: int = 3, limit: int = 40, kind: str = "random") -> tuple[Game, list]:
    """A whole game between ``kind`` bots: the engine's game and every event it made (all visibilities)."""
    g = Game([f"s{i}" for i in range(players)], Settings(limit=limit, max_reshuffles=20), seed=seed)
    bots = [make_bot(kind, seed=seed * 16 + i) for i in range(players)]
    events: list = []
    act = g.act

    def recording(seat, action, **kw):
        out = act(seat, action, **kw)
        events.extend(out)
        return out

    g.act = recording  # type: ignore[method-assign]
    while not g.over:
        play_hand(g, bots)
    return g, events


def ahoi_bot_game(seed: int, players: int = 3, kind: str = "random") -> tuple[AhoiGame, list]:
    """A whole game of Ahoi between ``kind`` bots: the engine's game and every event it made."""
    g = AhoiGame([f"s{i}" for i in range(players)], seed=seed)
    bots = [make_ahoi_bot(kind, seed=seed * 16 + i) for i in range(players)]
    events: list = []
    act = g.act

    def recording(seat, action):
        out = act(seat, action)
        events.extend(out)
        return out

    g.act = recording  # type: ignore[method-assign]
    while not g.over:
        play_round(g, bots)
    return g, events


def ahoi_game(game_id: str, identities: tuple, seed: int, finished: float = 1000.0,
              names: tuple | None = None) -> ArchivedGame:
    """An archived Ahoi bot game played under ``identities`` (places from its totals)."""
    g, _ = ahoi_bot_game(seed, len(identities))
    totals = tuple(g.state.totals)
    places = tuple(1 + sum(t < x for t in totals) for x in totals)
    names = names or tuple(f"p{i}" for i in range(len(places)))
    return ArchivedGame(GameListing(game_id, "ahoi", "Reef", finished, names, identities, places, totals),
                        tuple(g.record))

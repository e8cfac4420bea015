"""Finished games for the history tests: a lobby where ``anna`` played a bot game to the end."""

from __future__ import annotations

import json
import re

from ahoy_tui.lobby import Lobby, ManualClock, TableConfig, Timing


def finished_lobby(seed: int = 7, players: int = 3, limit: int = 20, games: int = 1,
                   lobby: Lobby | None = None, name: str = "anna", game: str = "ahoy") -> Lobby:
    """A lobby (manual clock, instant bots) where ``user:NAME`` finished ``games`` games
    against baseline bots on autopilot; the session is disconnected again. ``game``: the registry
    name of the game played (Ahoi has no point limit option: ``limit`` is for AHOY!! V2).

    The full records are ``lobby.finished_records`` (``(table_id, record)``, oldest first).
    """
    if lobby is None:
        lobby = Lobby(clock=ManualClock(), timing=Timing.instant(), seed=seed)
    clock = lobby.clock
    handle = lobby.connect(f"user:{name}", name)
    for n in range(games):
        options = {"limit": limit} if game == "ahoy" else {}
        tid = lobby.create_table(handle, TableConfig.make(name=f"Wake {n + 1}", seats=players, clocks="untimed",
                                                          game=game, **options))
        for _ in range(players - 1):
            lobby.add_bot(handle, tid, "baseline")
        lobby.start(handle, tid)
        lobby.set_autopilot(handle, tid, True)
        want = len(lobby.my_games(handle)) + 1
        for _ in range(100_000):
            if len(lobby.my_games(handle)) >= want:
                break
            clock.advance(1)
        assert len(lobby.my_games(handle)) == want, "the game did not end"
        lobby.leave(handle, tid)
    lobby.disconnect(handle)
    return lobby


def card_names(obj: object) -> set[str]:
    """Every card name (``"10H"``, ``"JK"``) anywhere in a record line or list of lines."""
    out: set[str] = set()
    text = json.dumps(obj)
    for m in re.finditer(r'"((?:10|[2-9JQKA])[SHDC]|JK)"', text):
        out.add(m.group(1))
    return out


def never_shown(full: list[dict], projected: list[dict]) -> set[str]:
    """Card names the full record holds that the projection never names (the seat never saw them)."""
    return card_names(full) - card_names(projected)

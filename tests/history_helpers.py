"""Finished games for the history tests: a lobby where ``anna`` played a bot game to the end."""

from __future__ import annotations

import json
import re

from ahoy_tui.games.ahoy import cards as C
from ahoy_tui.games.ahoy.follow import HAND_SIZE
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


def seen_by(full: list[dict], seat: int) -> list[set[int]]:
    """Per line of the full AHOY!! V2 record, the identities ``seat`` had been shown up to it (the
    oracle: dealt, drawn — the draw pile's top —, offered, discarded, AHOY!, traded, taken, and every
    deal once its hand is over, R14)."""
    n = len(full[0]["seats"])
    out, known = [set()], set()
    deal, pending, laid, pile = {}, {}, [], []
    for line in full[1:]:
        ids = lambda names: {C.identity(C.parse(x)) for x in names}  # noqa: E731
        act = line.get("act")
        if line.get("chance") == "deal":
            deal, pending = line, {}
            first = line["first_seat"]
            known |= ids(c for i, c in enumerate(line["deck"][:HAND_SIZE * n]) if (first + i) % n == seat)
            pile = list(line["deck"][HAND_SIZE * n:])
        elif line.get("chance") == "reshuffle":
            pile = list(line["draw_pile"])
        elif act == "draw" and pile:
            card = pile.pop(0)
            if line["seat"] == seat:  # it saw the card it drew (RECORDS.md "Projections")
                known |= ids([card])
        elif act == "offer":
            known |= ids([line["want"], line["give"]])
        elif act == "discard":
            known |= ids([line["card"]])
        elif act == "ahoy":
            known |= ids(line["cards"])
        elif act == "hands_up":
            known.add(C.JOKER)
        elif act == "exchange":
            pending[line["seat"]] = line["card"]
            if len(pending) == 2:
                if seat in pending:
                    known |= ids(pending.values())
                pending = {}
        elif act == "lay_down":
            laid = (line["seat"], line["cards"])
            if line["seat"] == seat:
                known |= ids(line["cards"])
        elif act == "pick" and seat in (line["seat"], laid[0]):
            known |= ids([laid[1][line["index"]]])
        elif line.get("result") == "hand":
            known |= ids(deal["deck"][:HAND_SIZE * n])
        out.append(set(known))
    return out

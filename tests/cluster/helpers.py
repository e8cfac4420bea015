"""Shared by the cluster tests: fast timing, a table of anna and three bots, log checks."""

from __future__ import annotations

import json

from ahoy_tui.cluster.handover import Handover
from ahoy_tui.games.ahoy.replay import replay
from ahoy_tui.lobby import Lobby, ManualClock, TableConfig, Timing
from ahoy_tui.store import MemoryStore, TableLog

TIMING = Timing(bot_delay=(0.005, 0.015), between_hands=0.05, empty_grace=1e9, resume_grace=1e9)
TTL = 1.0


def start_table(lobby: Lobby, limit: int = 30, who: str = "anna") -> str:
    """``who`` (default anna) and three bots at a new table, started, ``who`` on the autopilot;
    returns its id."""
    anna = lobby.connect(f"user:{who}", who)
    anna.subscribe(lambda msg: None)
    tid = lobby.create_table(anna, TableConfig.make(name="Fleet", seats=4, limit=limit, clocks="relaxed"))
    for kind in ("baseline", "random", "baseline"):
        lobby.add_bot(anna, tid, kind)
    lobby.start(anna, tid)
    lobby.set_autopilot(anna, tid, True)
    return tid


def anna_returns(lobby: Lobby, who: str = "anna") -> None:
    """``who``'s session (default anna's) reconnects to ``lobby`` (R17: she gets her seat back)."""
    anna = lobby.connect(f"user:{who}", who)
    anna.subscribe(lambda msg: None)


def logged_lines(log: TableLog) -> list[dict]:
    """Every record line the log's entries carry, in order."""
    return [line for e in log.entries if e.get("k") in ("game", "deal", "act") for line in e["lines"]]


def assert_log_is_the_game(log: TableLog, record: list[dict]) -> None:
    """The log holds each record line exactly once, in order (no gap, no duplicate), it
    rebuilds into the same game, and the record replays clean through the rules."""
    plain = json.loads(json.dumps(list(record)))
    assert logged_lines(log) == plain
    again = Lobby(clock=ManualClock(), timing=TIMING, store=MemoryStore())
    assert Handover(again).adopt(log) is None
    assert json.loads(json.dumps(list(again.tables[log.table_id].game.record))) == plain
    _, summary = replay(plain)
    assert summary.game_over

"""kill -9 mid-game: a real process plays into the SQLite store and is killed (issue 14).

For each decision kind the worker (``worker.py``) stops at that decision,
the log written, prints the table, and is killed with SIGKILL. A new lobby
on the same file must hold the table exactly as printed (every hand, the
draw pile order, the discard pile, laid-down cards, scores, phase, record),
play it on to the end with no card duplicated or lost, and its whole
record must replay clean through the rules.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from ahoy_tui.games.ahoy.replay import replay
from ahoy_tui.lobby import Lobby, ManualClock
from ahoy_tui.store.sqlite import SQLiteStore
from tests.durable.worker import TIMING, state_of
from tests.lobby.helpers import conserved, play_out

WORKER = Path(__file__).with_name("worker.py")
TARGETS = ["respond", "step_in", "exchange", "pick", "discard", "between_hands", "game_over"]


def run_worker(db: Path, seed: int, target: str) -> tuple[subprocess.Popen, str]:
    """Start the worker and read its first line (the table, or "playing")."""
    proc = subprocess.Popen([sys.executable, str(WORKER), str(db), str(seed), target],
                            stdout=subprocess.PIPE, text=True)
    line = proc.stdout.readline()
    return proc, line


def kill9(proc: subprocess.Popen) -> None:
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait(30)
    proc.stdout.close()


def resumed(db: Path) -> tuple[Lobby, ManualClock, SQLiteStore]:
    store = SQLiteStore(db)
    clock = ManualClock()
    lobby = Lobby(clock=clock, timing=TIMING, seed=99, store=store)
    assert lobby.resume() == []
    return lobby, clock, store


def play_to_the_end(lobby: Lobby, clock: ManualClock) -> None:
    table = next(iter(lobby.tables.values()))
    anna = lobby.connect("user:anna", "anna")
    anna.subscribe(lambda msg: None)                 # anna is back: the table plays on (autopilot on)
    play_out(table, clock)
    game, summary = replay(table.game.record)
    assert summary.game_over


@pytest.mark.slow
@pytest.mark.parametrize("target", TARGETS)
def test_a_table_killed_at_each_decision_comes_back_exactly(tmp_path, target):
    db = tmp_path / "ahoy.db"
    for seed in range(1, 30):
        proc, line = run_worker(db, seed, target)
        if line.strip():
            break
        proc.wait(30)
        proc.stdout.close()
        db.unlink(missing_ok=True)
    else:
        pytest.fail(f"no seed reached {target}")
    kill9(proc)
    before = json.loads(line)
    lobby, clock, store = resumed(db)
    try:
        table = next(iter(lobby.tables.values()))
        assert state_of(table) == before
        assert conserved(table)
        play_to_the_end(lobby, clock)
        assert store.flush()
        assert len(lobby.my_games(lobby.connect("user:anna", "anna"))) == 1
    finally:
        store.close()


@pytest.mark.slow
def test_a_table_killed_while_it_plays_comes_back_at_its_last_written_entry(tmp_path):
    db = tmp_path / "ahoy.db"
    proc, line = run_worker(db, 5, "run")
    assert line.strip() == "playing"
    kill9(proc)
    lobby, clock, store = resumed(db)
    try:
        table = next(iter(lobby.tables.values()))
        assert table.game is not None and conserved(table)
        play_to_the_end(lobby, clock)
    finally:
        store.close()

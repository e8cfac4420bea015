"""kill -9 the real server mid-hand, start it again: the player gets the same table back (issue 14);
a damaged or unusable database costs the host one log line, never the server.

The real ``ahoy-server`` runs as a subprocess with a state directory.
anna creates a table over SSH, adds three bots and starts; on her turn to
draw (the bots wait for her) she remembers her hand, the hand number and
the discard pile. The server is killed with SIGKILL and started again on
the same state directory: anna reconnects and is taken straight back to
the table, with the same hand, hand number and discard pile, still her
turn, and she draws.
"""

from __future__ import annotations

import asyncio
import os
import re
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from harness import Player, connect

ROOT = Path(__file__).resolve().parents[2]
CARD = re.compile(r"│ ?((?:10|[2-9JQKA])[♠♥♦♣]|JK)│")


def start(state: Path, log: Path | None = None) -> tuple[subprocess.Popen, int]:
    """The real ``ahoy-server`` on a free port (its log in ``log``, WARNING and up)."""
    err = open(log, "w") if log is not None else subprocess.DEVNULL
    proc = subprocess.Popen([sys.executable, "-m", "server.main", "--host", "127.0.0.1", "--port", "0",
                             "--state-dir", str(state), "--log-level", "WARNING"],
                            cwd=ROOT, stdout=subprocess.PIPE, stderr=err, text=True)
    if log is not None:
        err.close()
    for line in proc.stdout:
        m = re.search(r"listening on 127\.0\.0\.1:(\d+)", line)
        if m:
            return proc, int(m.group(1))
    raise AssertionError("the server did not start")


def hand_of(screen: str) -> list[str]:
    """anna's cards as drawn in her hand box (the left column, top to bottom, left to right)."""
    lines = screen.splitlines()
    top = next(i for i, line in enumerate(lines) if "Your hand" in line)
    cards: list[str] = []
    for line in lines[top + 1:]:
        if line.startswith("╰"):
            break
        cards += CARD.findall(line[:46])
    return cards


def facts(screen: str) -> dict:
    title = re.search(r"Hand (\d+)", screen)
    discard = re.search(r"Discard: (\S+)", screen)
    return {"hand": hand_of(screen), "hand_no": title and title.group(1), "discard": discard and discard.group(1)}


async def my_turn(anna: Player) -> str:
    """The screen once it is anna's turn to draw: the bots wait for her, so the table stands still.
    The prompt under her hand must say so, not only the footer's key (it may show a step apart
    from the hand: under load the footer's "d Draw" was read with a hand one card short)."""
    await anna.wait_for(r"Your hand[\s\S]*Your turn:[\s\S]*d Draw", timeout=120)
    await anna.settle(quiet=0.5, timeout=10)
    return anna.text()


@pytest.mark.slow
async def test_kill_9_mid_hand_and_the_player_gets_the_same_table_back(tmp_path):
    proc, port = start(tmp_path)
    try:
        anna = await connect(port, "anna", env={"LANG": "en_US.UTF-8"})
        await anna.wait_for("No tables yet", timeout=30)
        anna.send("n")
        await anna.wait_for("Create a table")
        anna.send("\r")
        await anna.wait_for("waiting for the crew", timeout=30)
        for n in range(1, 4):
            anna.send("b")
            await anna.wait_for("Press 1, 2 or 3", timeout=30)
            anna.send("2")                           # normal level (issue 17)
            await anna.wait_for(rf"{n + 1}\. .*\(bot, normal[^)]*\)", timeout=30)
        anna.send("g")
        before = facts(await my_turn(anna))
        assert before["hand"] and before["hand_no"], before
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(10)
        await asyncio.wait_for(anna.closed.wait(), 30)        # the connection died with the server
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.stdout.close()

    proc, port = start(tmp_path)
    try:
        anna = await connect(port, "anna", env={"LANG": "en_US.UTF-8"})
        after = facts(await my_turn(anna))                   # straight back to her seat (R17)
        assert after == before
        anna.send("d")                                       # the table plays on: she draws
        await anna.wait_for(r"You drew", timeout=30)
        await anna.close()
    finally:
        stop(proc)


def stop(proc: subprocess.Popen) -> None:
    proc.send_signal(signal.SIGTERM)
    proc.wait(20)
    proc.stdout.close()


@pytest.mark.slow
async def test_a_cut_last_entry_costs_one_log_line_and_the_table_comes_back_before_it(tmp_path):
    db = tmp_path / "ahoy.db"
    worker = subprocess.Popen([sys.executable, str(ROOT / "tests" / "durable" / "worker.py"), str(db), "1",
                               "discard"], stdout=subprocess.PIPE, text=True)
    assert worker.stdout.readline().strip()
    os.kill(worker.pid, signal.SIGKILL)
    worker.wait(10)
    worker.stdout.close()
    with sqlite3.connect(db) as c:                           # the last entry, cut in half
        seq, body = c.execute("SELECT seq, body FROM entries ORDER BY seq DESC LIMIT 1").fetchone()
        c.execute("UPDATE entries SET body = ? WHERE seq = ?", (body[: len(body) // 2], seq))
    c.close()
    log = tmp_path / "server.log"
    proc, port = start(tmp_path, log)
    try:
        anna = await connect(port, "anna", env={"LANG": "en_US.UTF-8"})
        await anna.wait_for("Your hand", timeout=30)         # her seat, as of the last good entry
        lines = [x for x in log.read_text().splitlines() if "restored up to entry" in x]
        assert len(lines) == 1 and "Kill" in lines[0]
        await anna.close()
    finally:
        stop(proc)


@pytest.mark.slow
async def test_a_database_the_server_cannot_open_costs_one_line_and_it_serves(tmp_path):
    (tmp_path / "ahoy.db").mkdir()                           # not a file: SQLite cannot open it
    log = tmp_path / "server.log"
    proc, port = start(tmp_path, log)
    try:
        anna = await connect(port, "anna", env={"LANG": "en_US.UTF-8"})
        await anna.wait_for("No tables yet", timeout=30)
        errors = [x for x in log.read_text().splitlines() if " ERROR " in x]
        assert len(errors) == 1 and "ahoy.db" in errors[0] and "nothing will survive a restart" in errors[0]
        await anna.close()
    finally:
        stop(proc)

"""kill -9 the real server mid-hand, start it again: the player gets the same table back (issue 14).

The real ``ahoy-server`` runs as a subprocess with a state directory.
anna creates a table over SSH, adds three bots and starts; once her screen
is quiet she remembers her hand and the log. The server is killed with
SIGKILL and started again on the same state directory: anna reconnects and
is taken straight back to the table, with the same hand, hand number and
discard pile, and the table plays on (her hand or the log moves).
"""

from __future__ import annotations

import asyncio
import os
import re
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from harness import Player, connect

ROOT = Path(__file__).resolve().parents[2]
CARD = re.compile(r"│ ?(10|[2-9JQKA])[♠♥♦♣]│|│(JK)│")


def start(state: Path) -> tuple[subprocess.Popen, int]:
    proc = subprocess.Popen([sys.executable, "-m", "server.main", "--host", "127.0.0.1", "--port", "0",
                             "--state-dir", str(state), "--log-level", "WARNING"],
                            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
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
        cards += [a or b for a, b in CARD.findall(line[:46])]
    return cards


def facts(screen: str) -> dict:
    title = re.search(r"Hand (\d+)", screen)
    discard = re.search(r"Discard: (\S+)", screen)
    return {"hand": hand_of(screen), "hand_no": title and title.group(1), "discard": discard and discard.group(1)}


async def quiet_table(anna: Player) -> str:
    await anna.wait_for("Your hand", timeout=30)
    await anna.settle(quiet=1.5, timeout=30)
    return anna.text()


@pytest.mark.slow
async def test_kill_9_mid_hand_and_the_player_gets_the_same_table_back(tmp_path):
    proc, port = start(tmp_path)
    try:
        anna = await connect(port, "anna", env={"LANG": "en_US.UTF-8"})
        await anna.wait_for("No tables yet", timeout=20)
        anna.send("n")
        await anna.wait_for("Create a table")
        anna.send("\r")
        await anna.wait_for("waiting for the crew", timeout=10)
        for n in range(1, 4):
            anna.send("b")
            await anna.wait_for(rf"{n + 1}\. .*\(bot\)", timeout=10)
        anna.send("g")
        before = facts(await quiet_table(anna))
        assert len(before["hand"]) >= 5, before
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(10)
        await asyncio.wait_for(anna.closed.wait(), 10)        # the connection died with the server
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.stdout.close()

    proc, port = start(tmp_path)
    try:
        anna = await connect(port, "anna", env={"LANG": "en_US.UTF-8"})
        after = facts(await quiet_table(anna))               # straight back to her seat (R17)
        assert after == before
        moved = anna.text()
        for _ in range(300):                                 # the table plays on
            await asyncio.sleep(0.1)
            if anna.text() != moved:
                break
        assert anna.text() != moved
        await anna.close()
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(20)
        proc.stdout.close()

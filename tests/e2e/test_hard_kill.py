"""kill -9 the real server while hard bots search, or the supervisor of ``--workers 2``:
nothing it started outlives it (issue 24).

The hard bot's searches run in worker processes (``ahoy_tui/lobby/search_pool.py``).
Forked from the server, such a worker used to inherit its listening socket and
every player's connection: after a ``kill -9`` it stayed (parent 1), still
listening on the port and holding the players' connections, so the restart
failed with "address already in use" and the players' clients never noticed
the server was gone. Here anna plays at a table of three hard bots with her
autopilot on (the table plays by itself); while a search runs the server is
killed with SIGKILL. Every process it started ends, the port is free, anna's
client sees its connection end; a restart on the same port and state directory
serves, and anna is back at the table, which plays on. The supervisor's
workers, started by it and left behind by a ``kill -9``, kept serving on the
port, so a new supervisor refused to start; now they stop politely.
"""

from __future__ import annotations

import asyncio
import os
import re
import signal
import socket
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from harness import Player, connect

from server.supervisor import check_port_free
from tests.procs import alive, descendants, running
from tests.waiting import wait_until

ROOT = Path(__file__).resolve().parents[2]


def start(state: Path, port: int = 0) -> tuple[subprocess.Popen, int]:
    """The real ``ahoy-server`` on ``port`` (0: a free one), WARNING and up in ``state/server.log``."""
    with open(state / "server.log", "a") as log:
        proc = subprocess.Popen([sys.executable, "-m", "server.main", "--host", "127.0.0.1", "--port", str(port),
                                 "--state-dir", str(state), "--log-level", "WARNING"],
                                cwd=ROOT, stdout=subprocess.PIPE, stderr=log, text=True)
    for line in proc.stdout:
        m = re.search(r"listening on 127\.0\.0\.1:(\d+)", line)
        if m:
            return proc, int(m.group(1))
    raise AssertionError(f"the server did not start (exit status {proc.wait()})")


def port_free(port: int) -> bool:
    """Nothing listens on ``127.0.0.1:port`` (a new server could bind it)."""
    try:
        check_port_free("127.0.0.1", port)
    except OSError:
        return False
    return True


def table_log(anna: Player) -> str:
    """The table's log box (the last few game events), as text."""
    lines = anna.text().splitlines()
    top = next(i for i, line in enumerate(lines) if "╭─ Log ─" in line)
    left = lines[top].index("╭─ Log ─")
    box: list[str] = []
    for line in lines[top + 1:]:
        if line[left:].startswith("╰"):
            break
        box.append(line[left:].strip("│ "))
    return "\n".join(box)


async def table_of_hard_bots(port: int) -> Player:
    """anna creates a table, seats three hard bots, starts and hands her seat to the autopilot."""
    anna = await connect(port, "anna", env={"LANG": "en_US.UTF-8"})
    await anna.wait_for("No tables yet", timeout=20)
    anna.send("n")
    await anna.wait_for("Create a table")
    anna.send("\r")
    await anna.wait_for("waiting for the crew", timeout=10)
    for n in range(1, 4):
        anna.send("b")
        await anna.wait_for("Press 1, 2 or 3", timeout=10)
        anna.send("3")
        await anna.wait_for(rf"{n + 1}\. .*\(bot, hard[^)]*\)", timeout=10)
    return anna


@pytest.mark.slow
async def test_kill_9_while_hard_bots_search_leaves_nothing_behind_and_the_table_comes_back(tmp_path):
    proc, port = start(tmp_path)
    started: set[int] = set()
    try:
        anna = await table_of_hard_bots(port)
        before_play = descendants(proc.pid)          # no search has run yet
        anna.send("g")
        await anna.wait_for("Your hand", timeout=20)
        anna.send("z")                               # the autopilot plays her seat: the bots never wait
        await anna.wait_for("The autopilot is playing your seat", timeout=10)

        def in_a_search() -> bool:
            return any(running(p) for p in descendants(proc.pid) - before_play)
        await wait_until(in_a_search, timeout=120, every=0.005, what="a hard bot's search running")
        started = descendants(proc.pid)
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(10)

        await wait_until(lambda: port_free(port), timeout=10, what=f"port {port} free")
        await wait_until(lambda: not any(alive(p) for p in started), timeout=10,
                         what=f"every process the server started to end (left: {[p for p in started if alive(p)]})")
        await asyncio.wait_for(anna.closed.wait(), 10)   # no process holds her connection any more
        log = (tmp_path / "server.log").read_text()
        assert "Traceback" not in log and "RuntimeWarning" not in log, log   # the search workers started quietly
    finally:
        for pid in [proc.pid, *started]:
            if alive(pid):
                os.kill(pid, signal.SIGKILL)
        proc.stdout.close()

    proc, again = start(tmp_path, port)                  # the same port: it binds
    try:
        assert again == port
        anna = await connect(port, "anna", env={"LANG": "en_US.UTF-8"})
        await anna.wait_for(r"bot hard[\s\S]*Your hand", timeout=30)   # straight back to her seat (R17)
        await anna.settle(quiet=0.3, timeout=5)
        first = table_log(anna)
        await wait_until(lambda: table_log(anna) != first, timeout=60, what="the table to play on (a new log line)")
        await anna.close()
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(20)
        proc.stdout.close()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_cluster(redis_url: str, state: Path, port: int) -> tuple[subprocess.Popen, list[str]]:
    """``ahoy-server --workers 2`` on ``port``; the list fills with the workers' "listening on" log
    lines (one per worker; only the first worker prints the start banner)."""
    proc = subprocess.Popen([sys.executable, "-m", "server.main", "--workers", "2", "--redis", redis_url,
                             "--port", str(port), "--host", "127.0.0.1", "--state-dir", str(state),
                             "--lease-ttl", "1", "--log-level", "INFO"],
                            cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    listening: list[str] = []
    threading.Thread(target=lambda: listening.extend(line for line in proc.stderr if "listening on" in line),
                     daemon=True).start()
    return proc, listening


@pytest.mark.slow
async def test_a_supervisor_killed_hard_takes_its_workers_with_it_and_a_restart_serves(redis_server, tmp_path):
    """``--workers 2``: the supervisor gets SIGKILL. Its workers stop as on SIGTERM (anna is told
    the server is going down), nothing they started stays, the port is free, and a new supervisor
    on the same port serves her again."""
    port = free_port()
    proc, banners = start_cluster(redis_server.url, tmp_path, port)
    started: set[int] = set()
    try:
        await wait_until(lambda: len(banners) == 2, timeout=60, what="two workers listening")
        anna = await connect(port, "anna", env={"LANG": "en_US.UTF-8"})
        await anna.wait_for("No tables yet", timeout=30)
        started = descendants(proc.pid)                 # the workers and their search pools' forkservers
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(10)

        await wait_until(lambda: port_free(port), timeout=10, what=f"port {port} free")
        await asyncio.wait_for(anna.closed.wait(), 30)
        assert b"The server is going down. Fair winds!" in bytes(anna.raw)   # a polite stop
        await wait_until(lambda: not any(alive(p) for p in started), timeout=30,
                         what=f"every process the supervisor started to end (left: {[p for p in started if alive(p)]})")
    finally:
        for pid in [proc.pid, *started]:
            if alive(pid):
                os.kill(pid, signal.SIGKILL)

    proc, banners = start_cluster(redis_server.url, tmp_path, port)   # the same port: it binds
    try:
        await wait_until(lambda: len(banners) == 2, timeout=60, what="two workers of the new supervisor listening")
        anna = await connect(port, "anna", env={"LANG": "en_US.UTF-8"})
        await anna.wait_for("No tables yet", timeout=30)
        await anna.close()
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(30)

"""Memory under churn: does the server give back what ended sessions and tables held? (issue 24, item 3)

Starts the real server (``AhoyServer``, the real UI, an in-memory lobby
with a short ``empty_grace``) in a subprocess (``--serve``, this same file)
and drives it with real SSH clients (asyncssh + pyte, ``tests/e2e/harness.py``):

* ``churn`` (default): ``--waves`` waves of ``--sessions`` sessions reach
  the lobby at once, ``--tables`` of them create a table (``n``, Enter),
  then all leave: those at a table press ``q`` back to the lobby, every
  ``--drop``-th drops the link (the TCP connection is closed with no SSH
  goodbye), the others close their SSH connection;
* ``flood``: one keyless session creates ``--tables`` empty tables (``n``,
  Enter, ``q`` back to the lobby), ``--waves`` times, each time waiting for
  them all to expire;
* ``watch``: one table, ``--waves`` rounds of ``--sessions`` watchers
  (``w`` then ``q``) that then quit.

It prints the server's RSS (MiB) at start, after a warm-up wave, after each
wave, and once every table's grace has expired with no session connected
(``--grace`` seconds, default 3). With ``--probe`` the server then counts
the live instances of our key types (``gc.get_objects`` after
``gc.unfreeze``, before and after a full ``gc.collect``): what is still
referenced, and what only the collector could free.

Every client connects from 127.0.0.1, one address group: past 12 tables a
minute the lobby refuses more (``code_guard.TABLES_PER_ADDRESS``), so
``--no-table-limit`` lifts that limit (and the per-player one) to measure
what tables hold.

Run: PYTHONPATH=. .venv/bin/python bench/churn.py --no-table-limit      # 31 waves of 40, 10 tables
     PYTHONPATH=. .venv/bin/python bench/churn.py --waves 10 --probe --no-table-limit
     PYTHONPATH=. .venv/bin/python bench/churn.py --mode flood --waves 4 --tables 150 --no-table-limit
     PYTHONPATH=. .venv/bin/python bench/churn.py --mode flood --waves 4 --tables 150   # refused past 4
     PYTHONPATH=. .venv/bin/python bench/churn.py --mode watch --waves 150 --sessions 1
Compare with main: PYTHONPATH=/work/main (the server subprocess inherits PYTHONPATH).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
import tracemalloc
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.append(str(ROOT / "tests" / "e2e"))
sys.path.append(str(ROOT))  # after PYTHONPATH: PYTHONPATH=/work/main measures main's server

PAGE = os.sysconf("SC_PAGE_SIZE")
KEY_TYPES = ("AhoyApp", "AhoiApp", "Screen", "LobbyScreen", "TableScreen", "CreateTableScreen", "Widget",
             "PtySession", "SSHServerConnection", "SSHServerChannel", "TerminalLink", "Table", "Handle",
             "Member", "Strip", "StylesCache", "DOMNode")


def count_types(objects: list) -> Counter[str]:
    """Instances per type name of ``objects``; ``Widget``/``Screen``/``DOMNode`` count subclasses too."""
    from textual.dom import DOMNode
    from textual.screen import Screen
    from textual.widget import Widget

    counts: Counter[str] = Counter()
    for o in objects:
        t = type(o)
        counts[t.__name__] += 1
        if isinstance(o, DOMNode):
            counts["DOMNode"] += 1
            if isinstance(o, Widget):
                counts["Widget"] += 1
            if isinstance(o, Screen):
                counts["Screen"] += 1
    return counts


# --------------------------------------------------------------------------- the server subprocess

def trim() -> int:
    """Ask glibc to give free heap pages back to the OS (``malloc_trim(0)``); 1 if it released some."""
    import ctypes

    try:
        return ctypes.CDLL("libc.so.6").malloc_trim(0)
    except (OSError, AttributeError):
        return 0


def serve(args: argparse.Namespace) -> None:
    """The real server over an in-memory lobby whose empty tables close ``--grace`` s after the last person.

    SIGUSR1 prints ``STATUS <tables> <sessions>``; SIGUSR2 prints ``PROBE <json>`` (counts of the
    key types with frozen objects included, before and after a full collection; destructive: the
    full collection frees what the policy left frozen).
    """
    import logging

    from ahoy_tui.lobby import Lobby, Timing
    from ahoy_tui.lobby.embedded import EmbeddedHost
    from server.ssh import AhoyServer, ServerConfig

    logging.basicConfig(level=os.environ.get("CHURN_LOG", "WARNING"), stream=sys.stderr)
    if os.environ.get("CHURN_TRACE"):
        tracemalloc.start(12)

    async def main() -> None:
        lobby = Lobby(timing=Timing(empty_grace=args.grace))
        if args.no_table_limit and hasattr(lobby, "new_tables"):  # measure what tables hold, unrefused
            from ahoy_tui.lobby.code_guard import table_guard

            lobby.new_tables = table_guard(lobby.clock.now, 10**9, 60.0, 10**9)
        config = ServerConfig(host="127.0.0.1", port=0, host_key_path=Path(args.state_dir) / "host_key",
                              max_sessions=0, max_sessions_per_address=0, max_connections_per_minute=0)
        server = AhoyServer(config, EmbeddedHost(lobby))
        await server.start()
        loop = asyncio.get_running_loop()
        stop = asyncio.Event()

        snaps: list = []

        def status() -> None:
            print(f"STATUS {len(lobby.tables)} {len(server.sessions)} {gc.get_freeze_count()} "
                  f"{len(gc.get_objects())}", flush=True)

        def baseline() -> None:
            if tracemalloc.is_tracing():
                gc.collect()
                snaps[:] = [tracemalloc.take_snapshot()]
            print("BASELINE", flush=True)

        def probe() -> None:
            trimmed = trim()
            grown = []
            if snaps:
                gc.collect()
                diff = tracemalloc.take_snapshot().compare_to(snaps[0], "traceback")
                for d in diff[:12]:
                    grown.append([d.size_diff, d.count_diff, [f"{f.filename.split('site-packages/')[-1]}:"
                                                             f"{f.lineno}" for f in list(d.traceback)[-6:]]])
            gc.unfreeze()
            before = count_types(gc.get_objects())
            freed = gc.collect()
            after = count_types(gc.get_objects())
            gc.freeze()
            keep = {k: (before.get(k, 0), after.get(k, 0)) for k in KEY_TYPES}
            print("PROBE " + json.dumps({"types": keep, "freed": freed, "trimmed": trimmed, "grown": grown,
                                         "top": after.most_common(25)}), flush=True)

        loop.add_signal_handler(signal.SIGUSR1, status)
        loop.add_signal_handler(signal.SIGUSR2, probe)
        loop.add_signal_handler(signal.SIGHUP, baseline)
        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(sig, stop.set)
        print(f"churn server listening on 127.0.0.1:{server.port}", flush=True)
        await stop.wait()
        await server.stop()

    asyncio.run(main())


# --------------------------------------------------------------------------- the clients

class Server:
    """``churn.py --serve`` in a subprocess (same Python, same PYTHONPATH), with its RSS and replies."""

    def __init__(self, grace: float, *extra: str) -> None:
        self.state = tempfile.mkdtemp(prefix="ahoy-churn-")
        self.proc = subprocess.Popen([sys.executable, __file__, "--serve", "--grace", str(grace),
                                      "--state-dir", self.state, *extra],
                                     stdout=subprocess.PIPE, stderr=open(Path(self.state) / "server.log", "w"),
                                     text=True)
        line = self.proc.stdout.readline()
        self.port = int(line.rsplit(":", 1)[1])

    def rss(self) -> float:
        with open(f"/proc/{self.proc.pid}/statm") as f:
            return int(f.read().split()[1]) * PAGE / 2**20

    def ask(self, sig: int, prefix: str) -> str:
        os.kill(self.proc.pid, sig)
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError("server ended")
            if line.startswith(prefix):
                return line[len(prefix):].strip()

    def status(self) -> tuple[int, int]:
        tables, sessions, self.frozen, self.tracked = map(int, self.ask(signal.SIGUSR1, "STATUS ").split())
        return tables, sessions

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(15)
            except subprocess.TimeoutExpired:
                self.proc.kill()


async def _login(port: int, name: str):
    from harness import connect

    p = await connect(port, name)
    await p.wait_for("welcome aboard", 120)
    return p


async def _create(p) -> bool:
    """``n``, Enter: a table; True if its screen opened (under load the lobby may show it first)."""
    p.send("n")
    await p.wait_for("Create a table", 60)
    p.send("\r")
    screen = await p.wait_for("waiting for the crew|your seat|too fast", 60)
    return "waiting for the crew" in screen


async def _leave(p, drop: bool, at_table: bool) -> None:
    if drop:
        p.conn.abort()
        return
    if at_table:
        await p.settle(0.2)  # the table screen takes keys
        p.send("q")
        await p.wait_for("welcome aboard", 60)
    await p.close()  # the player closes the terminal: an SSH goodbye


async def churn_wave(port: int, wave: int, sessions: int, tables: int, drop: int) -> None:
    """``sessions`` sessions reach the lobby, ``tables`` of them create a table, all leave."""
    players = await asyncio.gather(*(_login(port, f"w{wave}p{i}") for i in range(sessions)))
    opened = await asyncio.gather(*(_create(p) for p in players[:tables]))
    await asyncio.gather(*(_leave(p, drop > 0 and i % drop == drop - 1, i < tables and opened[i])
                           for i, p in enumerate(players)))


async def flood_wave(port: int, wave: int, tables: int) -> int:
    """One session creates ``tables`` empty tables; returns how many it made."""
    p = await _login(port, f"flood{wave}")
    made = 0
    for _ in range(tables):
        p.send("n")
        await p.wait_for("Create a table", 60)
        p.send("\r")
        screen = await p.wait_for("waiting for the crew|too fast", 60)
        if "too fast" in screen:
            p.send("\x1b")
            await p.wait_for("welcome aboard", 60)
            break
        made += 1
        p.send("q")
        await p.wait_for("welcome aboard", 60)
    await _leave(p, False, False)
    return made


async def watch_wave(port: int, wave: int, sessions: int) -> None:
    """``sessions`` sessions watch the one table (``w`` on the first row), go back (``q``) and quit."""
    async def one(i: int) -> None:
        p = await _login(port, f"v{wave}p{i}")
        await p.wait_for("host's ship", 60)
        p.send("w")
        await p.wait_for("waiting for the crew", 60)
        await _leave(p, False, True)

    await asyncio.gather(*(one(i) for i in range(sessions)))


async def drive(args: argparse.Namespace, server: Server) -> None:
    def line(label: str) -> None:
        tables, sessions = server.status()
        print(f"{label:<24} RSS {server.rss():7.1f} MiB   tables {tables:4d}  sessions {sessions:4d}  "
              f"frozen {server.frozen:8d}  unfrozen {server.tracked:7d}", flush=True)

    async def expire() -> None:
        await asyncio.sleep(args.grace + 1)
        while server.status()[0] > (host is not None):  # every table closed (but the watched one)
            await asyncio.sleep(0.5)
        for n in range(int(args.settle // 10)):  # ended sessions are collected SETTLE s (and retries) later
            await asyncio.sleep(10)
            line(f"  +{(n + 1) * 10} s")
        await asyncio.sleep(args.settle % 10)

    host = None
    line("start")
    if args.mode == "watch":
        host = await _login(server.port, "host")
        host.send("n")
        await host.wait_for("Create a table", 60)
        host.send("\r")
        await host.wait_for("waiting for the crew", 60)
    t0 = time.monotonic()
    for wave in range(args.warmup + args.waves):
        if args.mode == "churn":
            await churn_wave(server.port, wave, args.sessions, args.tables, args.drop)
        elif args.mode == "flood":
            made = await flood_wave(server.port, wave, args.tables)
            line(f"flood {wave + 1}: {made} tables")
            await expire()
        else:
            await watch_wave(server.port, wave, args.sessions)
        while server.status()[1] > (host is not None):  # the server has seen every session end (but the host)
            await asyncio.sleep(0.2)
        await asyncio.sleep(args.pause)
        label = "warm-up" if wave < args.warmup else f"wave {wave + 1 - args.warmup}"
        if wave == args.warmup - 1:
            await expire()
            label = "after warm-up (expired)"
            server.ask(signal.SIGHUP, "BASELINE")
        line(label)
    print(f"{args.waves + args.warmup} waves in {time.monotonic() - t0:.0f} s", flush=True)
    if host is not None:
        await _leave(host, False, True)
    await expire()
    line("grace expired")
    if args.probe:
        print("probe (frozen included; before -> after a full gc.collect):")
        probe = json.loads(server.ask(signal.SIGUSR2, "PROBE "))
        for name, (before, after) in probe["types"].items():
            print(f"  {name:<22} {before:7d} -> {after:7d}")
        print(f"  full collection freed {probe['freed']} objects; malloc_trim released: {probe['trimmed']}")
        for size, count, frames in probe["grown"]:
            print(f"  +{size / 1024:9.1f} KiB {count:+7d}  " + " < ".join(reversed(frames)))
        print("  most common after it:")
        for name, n in probe["top"]:
            print(f"    {n:8d}  {name}")
        line("after full collection")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--mode", choices=("churn", "flood", "watch"), default="churn")
    p.add_argument("--waves", type=int, default=31)
    p.add_argument("--warmup", type=int, default=1, help="waves before the reference RSS (default 1)")
    p.add_argument("--sessions", type=int, default=40, help="sessions per wave (churn, watch)")
    p.add_argument("--tables", type=int, default=10, help="tables per wave (churn) or per flood")
    p.add_argument("--drop", type=int, default=3, help="every DROP-th session drops the link (0: none)")
    p.add_argument("--grace", type=float, default=3.0, help="seconds an empty table lives (empty_grace)")
    p.add_argument("--settle", type=float, default=8.0, help="seconds to wait after the tables expired")
    p.add_argument("--pause", type=float, default=0.0, help="seconds between waves (after every session ended)")
    p.add_argument("--probe", action="store_true", help="count live key types in the server at the end")
    p.add_argument("--no-table-limit", action="store_true",
                   help="lift the limit on new tables per player (code_guard.TABLES) to measure a flood's memory")
    p.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)
    p.add_argument("--state-dir", default="/tmp", help=argparse.SUPPRESS)
    args = p.parse_args()
    if args.serve:
        serve(args)
        return
    server = Server(args.grace, *(["--no-table-limit"] if args.no_table_limit else []))
    try:
        asyncio.run(drive(args, server))
    finally:
        server.stop()


if __name__ == "__main__":
    main()

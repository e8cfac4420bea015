"""Connect -> first frame when many players connect at once (issue 6, goal: p95 <= 1 s for 50).

Starts the real server (``ahoy-server``: real UI and lobby, limits off) in a
subprocess, optionally seats ``--sitting M`` players in the lobby first (they
stay connected and watch the lobby while the others arrive), then opens
``-n N`` SSH sessions at the same moment and reports, per session, the time
from starting to connect until:

* first bytes: the first packet (terminal modes, sent before any frame; what
  ``bench/load.py`` reports as "first frame");
* first frame: the first packet after which the client's screen (pyte) shows
  the whole lobby (its title, the table list's header and the footer).

Also: server CPU and RSS around the storm. Clients (asyncssh + pyte) run in
this process on the same machine; their CPU is printed separately.

Run: .venv/bin/python bench/connect_storm.py [-n 50] [--sitting 0] [--repeat 1]
     .venv/bin/python bench/connect_storm.py --sitting 350     # the N=400 case
     .venv/bin/python bench/connect_storm.py --greeter         # floor: a 4-widget Textual app
Options for comparisons: ``--root DIR`` runs the server from another copy of
the project (e.g. the code before a change); ``--gc-threshold A,B,C`` sets the
server's ``gc.set_threshold`` (an experiment: the server's own setting is
the default); ``--greeter`` hosts the e2e tests' greeter app (a title, two
lines and an input: ``tests/e2e/greeter.py``) instead of the game, timed
until its screen shows its greeting and input: what SSH plus hosting any
Textual app costs, the floor under the game's figure.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import tempfile
import time
from pathlib import Path

from ssh_common import ROOT, ServerProcess, connect, percentile

import harness

PY = str(ROOT / ".venv" / "bin" / "python")
LIMITS_OFF = ["--max-sessions", "0", "--max-sessions-per-address", "0", "--max-connections-per-minute", "0"]
#: Text that only a complete lobby frame shows (title, table header, footer).
LOBBY_MARKS = ("welcome aboard", "Tables", "Quit")
#: Text that only a complete greeter frame shows (``--greeter``).
GREETER_MARKS = ("Ahoy, ", "Say something")
MARKS = LOBBY_MARKS

_LAUNCH = """
import gc, sys
sys.path[0:0] = [{root!r}]  # before the working directory ("-c" puts it first)
if {gc!r}:
    gc.set_threshold(*[int(x) for x in {gc!r}.split(",")])
from server.main import main
sys.exit(main(sys.argv[1:]))
"""


class StormServer(ServerProcess):
    """The real ``ahoy-server`` (real UI), from ``root``, limits off."""

    def __init__(self, root: Path, gc_threshold: str = "", greeter: bool = False) -> None:  # noqa: D107
        self.state = tempfile.mkdtemp(prefix="ahoy-storm-")
        env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(root), str(root / "tests" / "e2e")]))
        app = ["--app", "greeter:create_app"] if greeter else []
        self._launch([PY, "-c", _LAUNCH.format(root=str(root), gc=gc_threshold), "--host", "127.0.0.1", "--port", "0",
                      "--state-dir", self.state, "--log-level", "WARNING", *LIMITS_OFF, *app],
                     open(Path(self.state) / "server.log", "w"), env)


def _watch_frames() -> None:
    """Record on every client when its screen first shows the whole lobby."""
    original = harness.Player._received

    def received(self, data, datatype):  # noqa: ANN001, ANN202
        original(self, data, datatype)
        if getattr(self, "lobby_at", None) is None and self.chunks:
            text = "\n".join(self.screen.display)
            if all(mark in text for mark in MARKS):
                self.lobby_at = self.chunks[-1][0]

    harness.Player._received = received


async def _one(port: int, name: str, timeout: float) -> tuple[object, float, float]:
    t0 = time.monotonic()
    p = await connect(port, name, cols=80, rows=24, env={"LANG": "en_US.UTF-8"})
    end = t0 + timeout
    while getattr(p, "lobby_at", None) is None and time.monotonic() < end:
        p.changed.clear()
        try:
            await asyncio.wait_for(p.changed.wait(), max(0.01, end - time.monotonic()))
        except asyncio.TimeoutError:
            break
    first_bytes = p.chunks[0][0] - t0 if p.chunks else float("nan")
    lobby = p.lobby_at - t0 if getattr(p, "lobby_at", None) is not None else float("nan")
    return p, first_bytes, lobby


async def _quiet(players: list, quiet: float, limit: float) -> float:
    """Wait until no client received anything for ``quiet`` seconds (at most ``limit``)."""
    t0 = time.monotonic()
    last, since = -1, time.monotonic()
    while time.monotonic() - t0 < limit:
        total = sum(len(p.raw) for p in players)
        if total != last:
            last, since = total, time.monotonic()
        elif time.monotonic() - since >= quiet:
            break
        await asyncio.sleep(0.1)
    return time.monotonic() - t0


def _fmt(values: list[float]) -> str:
    ok = [v for v in values if v == v]
    if not ok:
        return "n/a"
    missing = len(values) - len(ok)
    return (f"p50 {percentile(ok, 50) * 1000:.0f} / p95 {percentile(ok, 95) * 1000:.0f} / "
            f"max {max(ok) * 1000:.0f} ms" + (f" ({missing} never)" if missing else ""))


async def storm(args: argparse.Namespace, root: Path) -> dict:
    server = StormServer(root, args.gc_threshold, args.greeter)
    sitting: list = []
    wave: list = []
    try:
        await asyncio.sleep(0.5)
        rss0 = server.rss_mib()
        for i in range(0, args.sitting, args.sit_wave):
            batch = await asyncio.gather(*(_one(server.port, f"sit{k}", 60)
                                           for k in range(i, min(args.sitting, i + args.sit_wave))))
            sitting.extend(p for p, _, _ in batch)
        settle = await _quiet(sitting, 1.0, 120) if sitting else 0.0
        rss1 = server.rss_mib()
        cpu0, ccpu0 = server.cpu_seconds(), sum(os.times()[:2])
        t0 = time.monotonic()
        results = await asyncio.gather(*(_one(server.port, f"crew{k}", 120) for k in range(args.n)))
        wave = [p for p, _, _ in results]
        span = time.monotonic() - t0
        after = await _quiet(sitting + wave, 1.0, 120)
        cpu, ccpu = server.cpu_seconds() - cpu0, sum(os.times()[:2]) - ccpu0
        firsts, lobbies = [r[1] for r in results], [r[2] for r in results]
        print(f"{args.n} at once, {len(sitting)} sitting in the lobby (settled {settle:.1f} s): "
              f"first frame {_fmt(lobbies)}; first bytes {_fmt(firsts)}", flush=True)
        print(f"  server CPU {cpu:.2f} s from the storm until quiet ({span + after:.1f} s), "
              f"client process CPU {ccpu:.2f} s; server RSS {rss0:.0f} MiB empty, {rss1:.0f} MiB with "
              f"{len(sitting)} sitting, {server.rss_mib():.0f} MiB after", flush=True)
        return {"p95": percentile([v for v in lobbies if v == v] or [float("nan")], 95)}
    finally:
        for p in sitting + wave:
            p.conn.close()
        server.stop()


async def main(args: argparse.Namespace) -> None:
    global MARKS
    MARKS = GREETER_MARKS if args.greeter else LOBBY_MARKS
    _watch_frames()
    root = Path(args.root).resolve() if args.root else ROOT
    print(f"# connect storm: server from {root}{' (greeter app)' if args.greeter else ''}, {os.cpu_count()} cores, "
          f"{time.strftime('%Y-%m-%d %H:%M')}"
          + (f", gc threshold {args.gc_threshold}" if args.gc_threshold else ""), flush=True)
    p95s = []
    for _ in range(args.repeat):
        p95s.append((await storm(args, root))["p95"])
    if len(p95s) > 1:
        print(f"first frame p95 over {len(p95s)} runs: {', '.join(f'{v * 1000:.0f}' for v in p95s)} ms "
              f"(median {statistics.median(p95s) * 1000:.0f})")


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description="Connect -> first frame under a storm of logins (see docstring).")
    ap.add_argument("-n", type=int, default=50, help="players connecting at once (default 50)")
    ap.add_argument("--sitting", type=int, default=0, help="players already in the lobby (default 0)")
    ap.add_argument("--sit-wave", type=int, default=25, help="they connect this many at a time (default 25)")
    ap.add_argument("--repeat", type=int, default=1, help="storms, each on a fresh server (default 1)")
    ap.add_argument("--root", default="", help="run the server from this project copy (default: this one)")
    ap.add_argument("--gc-threshold", default="", help="server gc.set_threshold, e.g. 50000,50,100 (experiment)")
    ap.add_argument("--greeter", action="store_true", help="host the 4-widget test app instead of the game (floor)")
    asyncio.run(main(ap.parse_args()))

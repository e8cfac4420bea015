"""Load harness: N real SSH players at tables of four, against one server process.

The server (``bench/load_server.py``: the real ``AhoyServer``, UI and lobby)
runs in a subprocess so its memory and CPU are read from /proc. This
process opens N asyncssh PTY sessions named ``tNNNsS`` (each with a pyte
screen, ``tests/e2e/harness.py``); the server seats them four to a table
with every seat on the autopilot (``--bot-delay``, default 0.8-1.2 s, so
each table makes about one move a second), and the harness measures:

* first contact (bytes) of one player on the empty server;
* connect -> first frame for waves of ``--wave`` players connecting at once;
* server RSS before and with N sessions (per-session memory);
* bytes and server CPU while every player sits idle at a waiting table
  (``--idle`` seconds, starting ``--settle`` seconds after every screen went
  quiet: 0 measures the start-up's tail too, ~30 s the steady state);
* while all tables play for ``--seconds``: server CPU, this process's CPU,
  bytes per client per game action (median; opponents' actions only), and
  the latency from an action being applied (server timestamp) to the first
  bytes after it reaching each seated client (p50/p95/p99 of the slowest
  of the four, and of every client);
* the process-per-connection baseline: ``--baseline`` processes each running
  the same UI headless (``bench/load_solo.py``), their RSS per player.

The clients share the machine with the server: their pyte screens and SSH
crypto use CPU on the same cores, which is reported separately.

With ``--pilot-kinds baseline,hard`` the whole measurement runs twice, every
seat played by baseline bots, then by hard bots (issue 17).

With ``--workers 1,2`` it runs once with one server process and once with
two worker processes on one port (SO_REUSEPORT) sharing a cluster lobby
through a redis-server (``bench/load_cluster.py``): the kernel spreads the
players, so most tables have players on both workers. For the cluster it
also prints the cross-worker overhead per action: bytes the workers wrote
to Redis, bytes Redis sent out, redis-server CPU.

Run: .venv/bin/python bench/load.py [-n 40] [--seconds 30]
     .venv/bin/python bench/load.py -n 400 --seconds 60        # the goal
     .venv/bin/python bench/load.py -n 400 --seconds 3 --settle 30 --idle 20 --baseline 0   # idle, steady
     .venv/bin/python bench/load.py -n 200 --workers 1,2       # one process vs two workers
     .venv/bin/python bench/load.py -n 60,100,140,180 --workers 1,2 --baseline 0 --idle 2
         # a sweep: the most actions/s each sustains at p95 <= 150 ms, and their ratio
"""

from __future__ import annotations

import argparse
import asyncio
import bisect
import os
import re
import signal
import statistics
import subprocess
import sys
import threading
import time
from collections import defaultdict
from pathlib import Path

from load_cluster import ClusterServers, cross_worker
from ssh_common import ROOT, Player, ServerProcess, connect, percentile

PY = str(ROOT / ".venv" / "bin" / "python")


class LoadServer(ServerProcess):
    """``bench/load_server.py`` in a subprocess; its stdout lines are collected."""

    def __init__(self, bot_delay: tuple[float, float], store: bool = False,  # noqa: D107
                 pilot_kind: str = "baseline", extra: tuple[str, ...] = ()) -> None:
        import tempfile

        self.state = tempfile.mkdtemp(prefix="ahoy-load-")
        self._launch([PY, str(ROOT / "bench" / "load_server.py"), "--state-dir", self.state,
                      "--bot-delay", str(bot_delay[0]), str(bot_delay[1]), "--pilot-kind", pilot_kind]
                     + (["--store"] if store else []) + list(extra),
                     open(Path(self.state) / "server.log", "w"))
        self.actions: list[tuple[int, int, int, float]] = []  # (table, seat, version, t_applied)
        self.seats: dict[int, set[int]] = defaultdict(set)
        self.other: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()

    @property
    def seated(self) -> set[int]:
        """Tables whose four seats are taken."""
        return {t for t, ss in self.seats.items() if len(ss) == 4}

    def _read(self) -> None:
        for line in self.proc.stdout:
            parts = line.split()
            if parts[:1] == ["A"]:
                self.actions.append((int(parts[1][1:]), int(parts[2]), int(parts[3]), float(parts[4])))
            elif parts[:1] == ["SEATED"]:
                self.seats[int(parts[1])].add(int(parts[2]))
            else:
                self.other.append(line.rstrip())

    def start_games(self) -> None:
        os.kill(self.pid, 10)  # SIGUSR1

    def log_tail(self) -> str:
        return (Path(self.state) / "server.log").read_text()[-2000:]


CONTINUE = (b"Enter: continue", b"Enter: continuar")
"""What the hand-over report shows at its foot (``over.continue``, en and es)."""


class LightPlayer(Player):
    """A bench client that keeps the bytes and their arrival times but runs no terminal emulator.

    ``--client light`` (the default): a real player's terminal runs on the
    player's machine, not on the server's cores, so the bench's clients
    should cost the 2 shared cores as little as they can; pyte costs ~1 ms
    of CPU per frame received. The hand-over report is noticed in the bytes
    (its foot, ``Enter: continue``, is written as one run when it opens).
    """

    def __post_init__(self) -> None:
        super().__post_init__()
        self.report_open = False
        self._tail = b""

    def _feed(self, data: bytes) -> None:
        seen = self._tail + data
        if any(marker in seen for marker in CONTINUE):
            self.report_open = True
        self._tail = data[-16:]


def report_open(p: Player) -> bool:
    """Whether ``p`` shows the hand-over report (and, for a light client, forget it: Esc is sent)."""
    if isinstance(p, LightPlayer):
        shown, p.report_open = p.report_open, False
        return shown
    return any(m.decode() in line for line in p.screen.display for m in CONTINUE)


def client_cpu() -> float:
    t = os.times()
    return t.user + t.system


def fmt(values: list[float], unit: str = "ms", scale: float = 1000.0) -> str:
    if not values:
        return "n/a"
    return (f"p50 {percentile(values, 50) * scale:.0f} / p95 {percentile(values, 95) * scale:.0f} / "
            f"p99 {percentile(values, 99) * scale:.0f} / max {max(values) * scale:.0f} {unit} (n={len(values)})")


async def first_contact(port: int) -> tuple[int, float]:
    t0 = time.monotonic()
    p = await connect(port, "visitor", cols=80, rows=24)  # pyte: settle() reads the screen
    await p.settle(0.7, timeout=10)
    first = p.chunks[0][0] - t0 if p.chunks else float("nan")
    size = len(p.raw)
    await p.close()
    return size, first


async def connect_wave(port: int, names: list[str], light: bool = True) -> tuple[list, list[float]]:
    async def one(name: str):
        t0 = time.monotonic()
        p = await connect(port, name, cols=80, rows=24, player_type=LightPlayer if light else None)
        while not p.chunks:
            p.changed.clear()
            await asyncio.wait_for(p.changed.wait(), 30)
        return p, p.chunks[0][0] - t0

    results = await asyncio.gather(*(one(n) for n in names))
    return [r[0] for r in results], [r[1] for r in results]


async def dismiss_dialogs(players: list, stop: asyncio.Event, closed: list[int]) -> None:
    """Like a player: close the hand-over report (Esc) when it is on screen; ``closed[0]`` counts them."""
    while not stop.is_set():
        for p in players:
            if report_open(p):
                p.send("\x1b")
                closed[0] += 1
        try:
            await asyncio.wait_for(stop.wait(), 1.0)
        except asyncio.TimeoutError:
            pass


def per_action(players: dict[tuple[int, int], object], actions: list, t_from: float, t_to: float):
    """Bytes per client per action and latencies, from server timestamps and client arrivals."""
    by_table: dict[int, list[tuple[float, int]]] = defaultdict(list)
    for table, seat, _version, t in actions:
        by_table[table].append((t, seat))
    slowest, every, opp_bytes, missing = [], [], [], 0
    for table, acts in by_table.items():
        acts.sort()
        times = [a[0] for a in acts]
        clients = {s: players[(table, s)] for s in range(4) if (table, s) in players}
        arrivals = {s: [c[0] for c in p.chunks] for s, p in clients.items()}
        sizes = {s: [len(c[1]) for c in p.chunks] for s, p in clients.items()}
        for k, (t, seat) in enumerate(acts):
            if not t_from <= t < t_to:
                continue
            nxt = times[k + 1] if k + 1 < len(times) else t_to
            lat = []
            for s in clients:
                i = bisect.bisect_left(arrivals[s], t)
                if i < len(arrivals[s]):
                    lat.append(arrivals[s][i] - t)
                j = bisect.bisect_left(arrivals[s], nxt)
                if s != seat and k + 1 < len(times):
                    opp_bytes.append(sum(sizes[s][i:j]))
            every.extend(lat)
            if len(lat) == len(clients):
                slowest.append(max(lat))
            else:
                missing += 1
    return slowest, every, opp_bytes, missing


def baseline(k: int, seconds: float) -> list[float]:
    procs = [subprocess.Popen([PY, str(ROOT / "bench" / "load_solo.py"), str(seconds)],
                              stdout=subprocess.PIPE, text=True) for _ in range(k)]
    out = []
    for p in procs:
        text, _ = p.communicate(timeout=seconds + 60)
        m = re.search(r"RSS ([\d.]+)", text)
        if m:
            out.append(float(m.group(1)))
    return out


SERVER_NICE = os.getpriority(os.PRIO_PROCESS, 0)
"""The niceness this bench started with: its servers run at it (``--client-nice``)."""


def yield_to_servers(pids: list[int]) -> str:
    """Give the server processes ``pids`` the bench's starting niceness again (they inherited the clients').

    With ``--client-nice N`` this process (the players' side) runs N steps nicer than the servers, so
    that on a machine whose cores it shares with them the kernel does not hand it a core in the middle
    of a server's frame (a woken client preempting a busy worker). Lowering a niceness needs root;
    without it the servers stay as nice as the clients, and the line returned says so.
    """
    try:
        for pid in pids:
            os.setpriority(os.PRIO_PROCESS, pid, SERVER_NICE)
    except PermissionError:
        return "(client nice: not root, the servers run as nice as the clients)"
    return f"(clients at niceness {os.getpriority(os.PRIO_PROCESS, 0)}, servers at {SERVER_NICE})"


async def main(args: argparse.Namespace) -> None:
    """One measurement per ``--pilot-kinds`` entry and ``--workers`` count, one after the other
    (fresh servers each)."""
    rows = []
    for kind in args.pilot_kinds.split(","):
        for n in (int(x) for x in str(args.n).split(",")):
            for workers in (int(w) for w in args.workers.split(",")):
                rows.append(await measure(args, kind, workers, n))
    if len(rows) > 1:
        summary(rows, args.goal_ms / 1000)


def summary(rows: list[dict], goal: float) -> None:
    """One line per run, then per worker count the most actions/s sustained at p95 <= ``goal`` s."""
    print(f"\n# summary ({len(rows)} runs, in the order run)")
    print("| N | workers | actions/s | p50 / p95 / p99 ms | server CPU | client CPU | CPU per action |")
    print("|---|---|---|---|---|---|---|")
    for r in rows:
        lat = " / ".join(f"{r[k] * 1000:.0f}" for k in ("p50", "p95", "p99"))
        print(f"| {r['n']} | {r['workers']} | {r['rate']:.1f} | {lat} | {r['cpu'] * 100:.0f} % | "
              f"{r['client'] * 100:.0f} % | {r['per_action'] * 1000:.1f} ms |")
    best = {}
    for r in rows:
        if r["p95"] <= goal:
            best[r["workers"]] = max(best.get(r["workers"], 0.0), r["rate"])
    for w in sorted({r["workers"] for r in rows}):
        print(f"{w} worker(s): most actions/s with p95 <= {goal * 1000:.0f} ms: "
              f"{best.get(w, 0.0):.1f}")
    if 1 in best and len(best) > 1:
        for w, rate in sorted(best.items()):
            if w > 1:
                print(f"{w} workers / 1: {rate / best[1]:.2f}x")


async def measure(args: argparse.Namespace, kind: str, workers: int = 1, n: int = 40) -> dict:
    """One run (fresh servers); prints its figures and returns the summary's row."""
    n -= n % 4
    tables = n // 4
    where = (f"{workers} workers sharing a cluster lobby on one redis-server" if workers > 1
             else f"one process, store: {'SQLite' if args.store else 'memory'}")
    print(f"# {n} sessions, {tables} tables of 4, bot delay {args.bot_delay[0]}-{args.bot_delay[1]} s, "
          f"{os.cpu_count()} cores, {time.strftime('%Y-%m-%d %H:%M')}, "
          f"{where}, every seat played by a {kind} bot, {args.client} clients")
    server = (ClusterServers(workers, lambda extra: LoadServer(tuple(args.bot_delay), False, kind, extra))
              if workers > 1 else LoadServer(tuple(args.bot_delay), args.store, kind))
    if args.client_nice:
        print(yield_to_servers(server.pids))
    players: dict[tuple[int, int], object] = {}
    try:
        await asyncio.sleep(0.5)
        rss0 = server.rss_mib()
        size, first = await first_contact(server.port)
        print(f"first contact 80x24 (lobby, empty server): {size} B, first frame after {first * 1000:.0f} ms")
        await asyncio.sleep(0.5)
        rss0 = min(rss0, server.rss_mib())

        names = [(t, s, f"t{t:03d}s{s}") for t in range(tables) for s in range(4)]
        waits: list[float] = []
        wave_p95 = []
        for i in range(0, n, args.wave):
            chunk = names[i:i + args.wave]
            got, w = await connect_wave(server.port, [x[2] for x in chunk], args.client == "light")
            for (t, s, _), p in zip(chunk, got):
                players[(t, s)] = p
            waits.extend(w)
            wave_p95.append(percentile(w, 95))
            await asyncio.sleep(0.3)
        print(f"connect -> first frame, waves of {args.wave} at once: {fmt(waits)}; "
              f"first wave p95 {wave_p95[0] * 1000:.0f} ms, worst wave p95 {max(wave_p95) * 1000:.0f} ms")
        deadline = time.monotonic() + 60
        while len(server.seated) < tables and time.monotonic() < deadline:
            await asyncio.sleep(0.2)
        print(f"seated tables: {len(server.seated)}/{tables}")
        everyone = list(players.values())
        quiet_since, last, give_up = time.monotonic(), -1, time.monotonic() + 120
        while time.monotonic() - quiet_since < 3.0 and time.monotonic() < give_up:
            total = sum(len(p.raw) for p in everyone)
            if total != last:
                quiet_since, last = time.monotonic(), total
            await asyncio.sleep(0.25)
        await asyncio.sleep(args.settle)
        rss_idle = server.rss_mib()
        before = sum(len(p.raw) for p in everyone)
        cpu0 = server.cpu_seconds()
        await asyncio.sleep(args.idle)
        idle_bytes = sum(len(p.raw) for p in everyone) - before
        idle_cpu = server.cpu_seconds() - cpu0
        print(f"server RSS: {rss0:.1f} MiB empty, {rss_idle:.1f} MiB with {n} sessions at waiting tables "
              f"-> {(rss_idle - rss0) / n:.2f} MiB per session")
        print(f"idle {args.idle:.0f} s ({args.settle:.0f} s after the screens went quiet), {n} sessions: {idle_bytes / args.idle:.1f} B/s in total, "
              f"server CPU {idle_cpu / args.idle * 100:.2f} %")

        stop = asyncio.Event()
        closed = [0]
        dismisser = asyncio.create_task(dismiss_dialogs(everyone, stop, closed))
        server.start_games()
        await asyncio.sleep(args.warmup)
        t_from = time.monotonic()
        bytes0 = sum(len(p.raw) for p in everyone)
        redis0 = server.redis_reading() if workers > 1 else None
        cpu0, ccpu0 = server.cpu_seconds(), client_cpu()
        rss_peak = server.rss_mib()
        end = t_from + args.seconds
        while time.monotonic() < end:
            await asyncio.sleep(min(2.0, end - time.monotonic()))
            rss_peak = max(rss_peak, server.rss_mib())
        t_to = time.monotonic()
        span = t_to - t_from
        cpu = server.cpu_seconds() - cpu0
        redis1 = server.redis_reading() if workers > 1 else None
        ccpu = client_cpu() - ccpu0
        sent = sum(len(p.raw) for p in everyone) - bytes0
        stop.set()
        await dismisser
        await asyncio.sleep(1.0)
        acts = list(server.actions)
        in_window = [a for a in acts if t_from <= a[3] < t_to]
        slowest, every, opp, missing = per_action(players, acts, t_from, t_to)
        print(f"playing {span:.0f} s: {len(in_window)} actions ({len(in_window) / span:.1f}/s over "
              f"{len({a[0] for a in in_window})} tables), {sent / span / 1024:.0f} KiB/s to all clients")
        print(f"server CPU {cpu / span * 100:.0f} % of one core; this client process {ccpu / span * 100:.0f} %")
        if in_window:
            print(f"server CPU per action: {cpu / len(in_window) * 1000:.2f} ms "
                  f"({'all workers' if workers > 1 else 'one process'})")
        if redis0 is not None and redis1 is not None and in_window:
            print(cross_worker(redis0, redis1, len(in_window), span))
        print(f"server RSS playing (peak): {rss_peak:.1f} MiB -> {(rss_peak - rss0) / n:.2f} MiB per session")
        print(f"action -> all 4 seated screens: {fmt(slowest)}; no frame for {missing}; "
              f"hand-over reports closed: {closed[0]}")
        print(f"action -> each seated screen: {fmt(every)}")
        if opp:
            print(f"bytes per client per opponent action: median {statistics.median(opp):.0f} B, "
                  f"p90 {percentile(opp, 90):.0f} B, mean {statistics.mean(opp):.0f} B (n={len(opp)})")
        if args.baseline:
            solo = baseline(args.baseline, 8.0)
            if solo:
                med = statistics.median(solo)
                ours = (rss_peak - rss0) / n
                print(f"process per connection: {med:.1f} MiB per player (median of {len(solo)}, "
                      f"{min(solo):.1f}-{max(solo):.1f}); ours {ours:.2f} MiB -> {med / ours:.0f}x less")
        for line in server.other:
            if line.startswith(("ERR", "STARTED")):
                print("server:", line)
        nan = float("nan")
        return {"n": n, "workers": workers, "rate": len(in_window) / span,
                "p50": percentile(slowest, 50) if slowest else nan,
                "p95": percentile(slowest, 95) if slowest else nan,
                "p99": percentile(slowest, 99) if slowest else nan,
                "cpu": cpu / span, "client": ccpu / span,
                "per_action": cpu / len(in_window) if in_window else nan}
    finally:
        for p in players.values():
            p.conn.close()
        server.stop()


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description="Ahoy load harness (see module docstring).")
    ap.add_argument("-n", default="40",
                    help="sessions (multiple of 4; default 40), or a comma list: one run per N and worker "
                         "count, the worker counts alternating at each N, then a summary")
    ap.add_argument("--goal-ms", type=float, default=150.0,
                    help="the summary's p95 goal in ms (default 150)")
    ap.add_argument("--seconds", type=float, default=30.0, help="measured play window (default 30)")
    ap.add_argument("--warmup", type=float, default=5.0, help="play before measuring (default 5)")
    ap.add_argument("--idle", type=float, default=10.0, help="idle window (default 10)")
    ap.add_argument("--settle", type=float, default=0.0,
                    help="seconds to wait, once every screen went quiet after seating, before the idle window "
                         "(default 0: the window then still holds the first screen collections)")
    ap.add_argument("--client-nice", type=int, default=0, metavar="N",
                    help="run the players' side N steps nicer than the servers (root: the servers keep this "
                         "bench's niceness), so on a 2-core machine a woken client does not preempt a busy "
                         "server (default 0; the workers sweep: 10)")
    ap.add_argument("--wave", type=int, default=50, help="players connecting at once (default 50)")
    ap.add_argument("--bot-delay", type=float, nargs=2, default=(0.8, 1.2), metavar=("MIN", "MAX"))
    ap.add_argument("--baseline", type=int, default=3, help="process-per-connection samples (default 3; 0: skip)")
    ap.add_argument("--store", action="store_true",
                    help="the server keeps its tables in SQLite (STATE/ahoy.db) as ahoy-server does "
                         "(default: in memory)")
    ap.add_argument("--workers", default="1",
                    help="comma list of worker counts, one run each at the same -n: 1 is one process as "
                         "ahoy-server runs today; more share a cluster lobby through a redis-server the "
                         "bench starts, e.g. --workers 1,2 (issue 15)")
    ap.add_argument("--client", choices=("light", "pyte"), default="light",
                    help="light (default): clients keep bytes and arrival times only; pyte: each also "
                         "runs a pyte terminal screen (~1 ms of CPU a frame, on the server's cores)")
    ap.add_argument("--pilot-kinds", default="baseline",
                    help="comma list: one run per bot kind playing every seat, e.g. baseline,hard (issue 17)")
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # still stop the server (finally)
    parsed = ap.parse_args()
    if parsed.client_nice:
        os.nice(parsed.client_nice)  # the servers started from here get SERVER_NICE back (yield_to_servers)
    asyncio.run(main(parsed))

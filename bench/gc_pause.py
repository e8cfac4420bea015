"""Longest event-loop pause and RSS of the real server under session churn (issue 15).

Starts the real server (real UI and lobby, limits off) of each ``--root``
in a subprocess wrapped by ``bench/gc_pause_server.py`` (a 10 ms loop-lag
probe and ``gc.callbacks`` timing, printed once a second), then:

1. ``--sitting`` players connect and stay in the lobby;
2. ``--churn`` more connect ``--batch`` at a time, wait until their lobby
   is drawn, move the cursor a little and disconnect;
3. the run idles ``--idle`` seconds: a version whose policy reclaims by a
   full collection reclaims what the churn left inside the run
   (``--reclaim-every``, seconds; that version waited 600 in production);
   the current policy collects each ended session a few seconds after it
   ended;
4. the sitting players leave and the run waits ``--after`` seconds.

Prints, per root: the objects the server's collector tracks and how many
of them are cyclic garbage, once the sitting players joined, at the end
and ``--after`` seconds after everyone left (an audit: one full
collection in a forked copy of the server);
the longest loop lag, the longest single collection, the
longest single step of the GC policy on the loop (a full reclaim, a local
collection) in ms, and RSS
(MiB) after the sitting players joined, after the churn and at the end.
Several roots run one after the other, ``--repeat`` times alternating.

Run: .venv/bin/python bench/gc_pause.py --root /work/main --root . [--sitting 120] [--churn 200]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import signal
import sys
import tempfile
import threading
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import connect_storm  # noqa: E402
from connect_storm import LIMITS_OFF, _one, _watch_frames  # noqa: E402
from ssh_common import ROOT, ServerProcess  # noqa: E402

PY = str(ROOT / ".venv" / "bin" / "python")
if not Path(PY).exists():
    PY = sys.executable
PROBE = str(Path(__file__).resolve().parent / "gc_pause_server.py")
LINE = re.compile(r"^lag (\d+) gc (\d+) (\d+)$")
AUDIT = re.compile(r"^audit objects (\d+) garbage (\d+)$")


class ProbedServer(ServerProcess):
    """The real server of ``root`` under the lag probe; ``worst()`` reads the probe's maxima."""

    def __init__(self, root: Path, reclaim_every: float) -> None:  # noqa: D107
        self.state = tempfile.mkdtemp(prefix="ahoy-gcpause-")
        env = dict(os.environ, PYTHONPATH=str(root))
        own = root / ".venv" / "bin" / "python"  # each root with its own dependencies
        self._launch([str(own) if own.exists() else PY, PROBE, str(root), str(reclaim_every), "--", "--host", "127.0.0.1", "--port", "0",
                      "--state-dir", self.state, "--log-level", "INFO", *LIMITS_OFF],
                     __import__("subprocess").PIPE, env)
        self.maxima = [0, 0, 0]
        self.reclaims: list[str] = []
        self.audits: list[tuple[int, int]] = []
        self.stalls: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.proc.stderr is not None
        for line in self.proc.stderr:
            match = LINE.match(line.strip())
            audit = AUDIT.match(line.strip())
            if audit:
                self.audits.append((int(audit[1]), int(audit[2])))
            elif match:
                self.maxima = [max(a, int(b)) for a, b in zip(self.maxima, match.groups())]
            elif line.startswith("stall: "):
                self.stalls.append(line.strip()[7:])
            elif "gc reclaim" in line or "gc: " in line:
                self.reclaims.append(line.strip().split(": ", 1)[-1])

    async def audit(self) -> tuple[int, int]:
        """Objects tracked and cyclic garbage among them, counted in a forked copy of the server."""
        count = len(self.audits)
        os.kill(self.proc.pid, signal.SIGUSR1)
        for _ in range(600):
            if len(self.audits) > count:
                return self.audits[-1]
            await asyncio.sleep(0.05)
        return (-1, -1)

    def take(self) -> list[int]:
        """The maxima since the last call (lag, one collection, one policy step), ms."""
        out, self.maxima = self.maxima, [0, 0, 0]
        return out


async def run(root: Path, args: argparse.Namespace) -> dict:
    server = ProbedServer(root, args.reclaim_every)
    try:
        sitting = [p for p, _, _ in await asyncio.gather(
            *(_one(server.port, f"sit{i}", 60) for i in range(args.sitting)))]
        await asyncio.sleep(2)
        rss_sitting = server.rss_mib()
        server.take()
        audit_sitting = await server.audit()
        await asyncio.sleep(1)
        server.take()
        for start in range(0, args.churn, args.batch):
            batch = [p for p, _, _ in await asyncio.gather(
                *(_one(server.port, f"ch{start + i}", 60) for i in range(min(args.batch, args.churn - start))))]
            for p in batch:
                p.send("\x1b[B\x1b[B\x1b[A")
            await asyncio.sleep(0.5)
            await asyncio.gather(*(p.close() for p in batch))
        rss_churn = server.rss_mib()
        churn = server.take()
        await asyncio.sleep(args.idle)
        idle = server.take()
        rss_end = server.rss_mib()
        audit_end = await server.audit()
        await asyncio.gather(*(p.close() for p in sitting))
        await asyncio.sleep(args.after)
        audit_gone = await server.audit()
        return dict(churn=churn, idle=idle, rss=(rss_sitting, rss_churn, rss_end), reclaims=server.reclaims,
                    audits=(audit_sitting, audit_end, audit_gone), stalls=server.stalls)
    finally:
        server.stop()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--root", action="append", default=[], help="project copy to run the server from (repeatable)")
    ap.add_argument("--sitting", type=int, default=120)
    ap.add_argument("--churn", type=int, default=200)
    ap.add_argument("--batch", type=int, default=10)
    ap.add_argument("--reclaim-every", type=float, default=20.0)
    ap.add_argument("--idle", type=float, default=25.0)
    ap.add_argument("--repeat", type=int, default=1)
    ap.add_argument("--stalls", type=int, default=0, help="print the N most common stacks of loop stalls")
    ap.add_argument("--after", type=float, default=10.0, help="seconds to wait after everyone left before the last audit")
    args = ap.parse_args()
    connect_storm.MARKS = connect_storm.LOBBY_MARKS
    _watch_frames()
    roots = [Path(r).resolve() for r in (args.root or [str(ROOT)])]
    print(f"# gc pause: {args.sitting} sitting, {args.churn} churned ({args.batch} at a time), "
          f"reclaim every {args.reclaim_every:g} s, idle {args.idle:g} s, {os.cpu_count()} cores")
    for _ in range(args.repeat):
        for root in roots:
            r = asyncio.run(run(root, args))
            print(f"{root}: churn lag/gc/policy max {r['churn']} ms; idle {r['idle']} ms; "
                  f"RSS sitting/churned/end {r['rss'][0]:.0f}/{r['rss'][1]:.0f}/{r['rss'][2]:.0f} MiB; "
                  f"objects/garbage sitting {r['audits'][0][0]}/{r['audits'][0][1]}, "
                  f"end {r['audits'][1][0]}/{r['audits'][1][1]}, "
                  f"{args.after:g} s after all left {r['audits'][2][0]}/{r['audits'][2][1]}; "
                  f"policy log ({len(r['reclaims'])} lines): {r['reclaims'][:3]}", flush=True)
            slow = [line for line in r["reclaims"] if "collection of generation" in line]
            for line in sorted(slow, key=lambda x: -int(x.split(" took ")[1].split()[0]))[:args.stalls]:
                print(f"  {line}", flush=True)
            if args.stalls:
                for where, n in Counter(r["stalls"]).most_common(args.stalls):
                    print(f"  {n:4d} stalls over 80 ms in {where}", flush=True)


if __name__ == "__main__":
    main()

"""Memory per idle session, and bytes/CPU of idle sessions.

Run: .venv/bin/python bench/ssh_idle.py [SESSIONS [SETTLE [WINDOW]]]   (default 100 sessions, 1 s, 10 s)

The idle window of WINDOW seconds starts SETTLE seconds after every session's
lobby went quiet (30 s leaves the start-up's screen collections out: the
steady state). The server is the real ``ahoy-server`` (SQLite store on).
"""

from __future__ import annotations

import asyncio
import sys

from ssh_common import ServerProcess, connect


async def main(n: int, settle: float = 1.0, window: float = 10.0) -> None:
    server = ServerProcess("--max-sessions", str(n + 10))
    try:
        await asyncio.sleep(0.5)
        base = server.rss_mib()
        players = []
        for i in range(n):
            p = await connect(server.port, f"p{i:03d}")
            players.append(p)
        for p in players:
            await p.wait_for(r"Players online \(%d\)" % n, timeout=60)
        for p in players:
            await p.settle(0.5, timeout=30)
        await asyncio.sleep(settle)
        full = server.rss_mib()
        print(f"server RSS: {base:.1f} MiB at 0 sessions, {full:.1f} MiB at {n} "
              f"-> {(full - base) / n:.2f} MiB per idle session")
        before = sum(len(p.raw) for p in players)
        cpu0 = server.cpu_seconds()
        await asyncio.sleep(window)
        sent = sum(len(p.raw) for p in players) - before
        cpu = server.cpu_seconds() - cpu0
        print(f"idle over {window:.0f} s with {n} sessions: {sent / window:.1f} B/s in total, "
              f"server CPU {cpu / window * 100:.2f} %")
        for p in players:
            p.conn.close()
        await asyncio.sleep(1.0)
    finally:
        server.stop()


if __name__ == "__main__":
    args = sys.argv[1:]
    asyncio.run(main(int(args[0]) if args else 100, *(float(a) for a in args[1:3])))

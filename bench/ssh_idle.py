"""Memory per idle session, and bytes/CPU of idle sessions.

Run: .venv/bin/python bench/ssh_idle.py [SESSIONS [SETTLE [WINDOW]]] [--game]   (default 100 sessions, 1 s, 10 s)

The server is the real ``ahoy-server`` hosting the e2e tests' 4-widget
greeter app (the SSH layer's own cost), or with ``--game`` the game itself
(every session in the lobby). The idle window of WINDOW seconds starts
SETTLE seconds after every session's screen went quiet (30 s leaves the
start-up's screen collections out: the steady state).
"""

from __future__ import annotations

import argparse
import asyncio

from ssh_common import ServerProcess, connect


async def main(n: int, settle: float = 1.0, window: float = 10.0, game: bool = False) -> None:
    app = ("--app", "ahoy_tui.ui.app:create_app") if game else ()  # the last --app wins
    server = ServerProcess("--max-sessions", str(n + 10), *app)
    online = r"Pirates online \(%d\)" if game else r"Players online \(%d\)"
    try:
        await asyncio.sleep(0.5)
        base = server.rss_mib()
        players = []
        for i in range(n):
            p = await connect(server.port, f"p{i:03d}")
            players.append(p)
        for p in players:
            await p.wait_for(online % n, timeout=120)
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
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("sessions", type=int, nargs="?", default=100)
    ap.add_argument("settle", type=float, nargs="?", default=1.0, help="seconds after quiet (default 1)")
    ap.add_argument("window", type=float, nargs="?", default=10.0, help="idle window in seconds (default 10)")
    ap.add_argument("--game", action="store_true", help="host the game (the lobby), not the greeter")
    a = ap.parse_args()
    asyncio.run(main(a.sessions, a.settle, a.window, a.game))

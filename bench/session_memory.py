"""Where a session's memory goes (issue 6, goal: <= 3 MiB per connected session).

Runs N apps (``AhoyApp``, 80x24) hosted as the SSH server hosts them
(``ahoy_tui.hosting.apps``: per-session console, driver, first paint) on a fake
channel, against one in-process lobby, and measures with ``tracemalloc``
the bytes they add, per session:

1. in the lobby (the first screen);
2. at a waiting table (each app created a table of four: itself and bots);
3. at a playing table once the median event log holds ``--events``
   sentences (bots and the autopilot act every 20-40 ms; at most ``--play``
   seconds).

Each phase prints the marginal bytes per session (the N apps against the
process before them, after ``gc.collect()``), RSS growth per session, and
the allocation sites holding the most, grouped by file and by the
innermost frame of our code (``ahoy_tui``) or the Textual widget that
allocated it. The SSH stack (asyncssh connection, crypto, buffers) is not
included.

Run: .venv/bin/python bench/session_memory.py [-n 20] [--events 300] [--top 25]
     .venv/bin/python bench/session_memory.py --rss-only -n 40    # RSS only (tracemalloc inflates it)
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import linecache
import os
import sys
import time
import tracemalloc
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from ahoy_tui.hosting import apps as hosting  # noqa: E402
from ahoy_tui.lobby import InMemoryLobby, Lobby, TableConfig, Timing  # noqa: E402
from ahoy_tui.session import SessionInfo  # noqa: E402
from ahoy_tui.ui.app import create_app  # noqa: E402
from server.driver import TerminalLink  # noqa: E402

PAGE = os.sysconf("SC_PAGE_SIZE")
SITE = "site-packages/"


class Channel:
    """The part of an SSH channel the terminal link writes to (bytes are dropped)."""

    def __init__(self) -> None:
        self.sent = 0

    def write(self, data: bytes) -> None:
        self.sent += len(data)

    def get_write_buffer_size(self) -> int:
        return 0


def rss() -> int:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * PAGE


def start(lobby: Lobby, name: str):
    info = SessionInfo(identity=f"user:{name}", display_name=name, color_system="256", size=(80, 24))
    handle = lobby.connect(info.identity, name)
    app = create_app(info, InMemoryLobby(lobby), handle)
    link = TerminalLink(Channel(), color_system="256", size=(80, 24))
    hosting.prepare_app(app, info, link)
    return app, handle, asyncio.ensure_future(hosting.run_hosted(app, link))


async def settle(apps, seconds: float = 0.5) -> None:
    end = time.monotonic() + 20
    while any(app._ahoy_first_paint.holding for app in apps) and time.monotonic() < end:
        await asyncio.sleep(0.01)
    await asyncio.sleep(seconds)


GENERIC = ("textual/strip.py", "textual/cache.py", "textual/geometry.py", "textual/color.py",
           "textual/content.py", "textual/visual.py", "textual/style.py", "textual/_segment_tools.py",
           "textual/filter.py", "textual/css/styles.py", "textual/reactive.py", "textual/dom.py",
           "textual/message_pump.py", "textual/message.py", "textual/_node_list.py", "textual/_queue.py",
           "textual/_context.py", "textual/signal.py", "site-packages/rich/")


def _generic(filename: str) -> bool:
    """Plumbing: allocation helpers of Textual and Rich, and the standard library."""
    stdlib = "/lib/python3" in filename and SITE not in filename
    return stdlib or filename.startswith("<") or any(g in filename for g in GENERIC)


def _short(frame: tracemalloc.Frame) -> str:
    f = frame.filename
    f = f.split(SITE)[-1].split(str(ROOT) + "/")[-1]
    return f"{f}:{frame.lineno}"


def holder(trace: tracemalloc.Traceback) -> str:
    """The first frame, from the allocation outwards, that is not generic Textual/Rich/stdlib plumbing."""
    frames = list(trace)[::-1]  # tracemalloc keeps the oldest frame first
    for frame in frames:
        if not _generic(frame.filename):
            return _short(frame)
    return _short(frames[0])


def ours(trace: tracemalloc.Traceback) -> str:
    """The innermost frame of this project's code (what of ours caused the allocation)."""
    for frame in list(trace)[::-1]:
        if "/ahoy_tui/" in frame.filename or "/server/" in frame.filename:
            line = linecache.getline(frame.filename, frame.lineno).strip()
            return f"{_short(frame)}  {line[:56]}"
    return "(no frame of ours)"


def report(title: str, before: tracemalloc.Snapshot, after: tracemalloc.Snapshot, n: int, rss_delta: int,
           top: int) -> None:
    diff = after.compare_to(before, "filename")
    total = sum(d.size_diff for d in diff)
    print(f"\n== {title}: {total / n / 2**20:.2f} MiB per session (tracemalloc), "
          f"RSS +{rss_delta / n / 2**20:.2f} MiB per session, {n} sessions")
    print("   by file (KiB per session):")
    for d in sorted(diff, key=lambda d: -d.size_diff)[:top]:
        name = d.traceback[0].filename
        name = name.split(SITE)[-1].split(str(ROOT) + "/")[-1]
        print(f"   {d.size_diff / n / 1024:8.1f}  {name}")
    holders: Counter[str] = Counter()
    causes: Counter[str] = Counter()
    old = {st.traceback: st.size for st in before.statistics("traceback")}
    for st in after.statistics("traceback"):
        grown = st.size - old.get(st.traceback, 0)
        if grown > 0:
            holders[holder(st.traceback)] += grown
            causes[ours(st.traceback)] += grown
    print("   by allocating code (first frame that is not Textual/Rich/stdlib plumbing; KiB per session):")
    for name, size in holders.most_common(top):
        print(f"   {size / n / 1024:8.1f}  {name}")
    print("   by our code on the way (innermost ahoy_tui/server frame; KiB per session):")
    for name, size in causes.most_common(top):
        print(f"   {size / n / 1024:8.1f}  {name}")


async def seat(lobby: Lobby, sessions) -> list[str]:
    """Each session creates a table of four: itself and three bots."""
    tables = []
    for app, handle, _ in sessions:
        tid = lobby.create_table(handle, TableConfig.make(name=f"T-{handle.name}", seats=4, limit=1000,
                                                     clocks="untimed"))
        app.open_table(tid)
        for _ in range(3):
            lobby.add_bot(handle, tid, "baseline")
        tables.append(tid)
    await asyncio.sleep(1.0)
    return tables


def log_entries(app) -> int:
    """Sentences in the session's event log (0 without a table screen)."""
    logs = [log for screen in app.screen_stack for log in screen.query("EventLog")]
    return max((len(getattr(log, "entries", None) or getattr(log, "lines", None) or []) for log in logs),
               default=0)


async def play(lobby: Lobby, sessions, tables: list[str], seconds: float, events: int) -> None:
    """Start every table with the session's seat on the autopilot; play until the median
    session's event log holds ``events`` sentences (at most ``seconds``)."""
    for (app, handle, _), tid in zip(sessions, tables):
        lobby.start(handle, tid)
        lobby.set_autopilot(handle, tid, True)
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        await asyncio.sleep(0.3)
        for app, _, _ in sessions:  # close hand-over reports as a player would
            while len(app.screen_stack) > 1 and app.screen is not app.table_screen \
                    and app.screen is not app.lobby_screen:
                app.pop_screen()
        counts = sorted(log_entries(app) for app, _, _ in sessions)
        if counts[len(counts) // 2] >= events:
            break


async def stop(sessions) -> None:
    for app, _, _ in sessions:
        app.exit()
    await asyncio.gather(*(t for _, _, t in sessions), return_exceptions=True)


async def rss_only(lobby: Lobby, args: argparse.Namespace) -> None:
    """RSS growth per session without tracemalloc (its own bookkeeping inflates RSS)."""
    rss0 = rss()
    sessions = [start(lobby, f"p{i}") for i in range(args.n)]
    await settle([a for a, _, _ in sessions])
    gc.collect()
    rss1 = rss()
    tables = await seat(lobby, sessions)
    gc.collect()
    rss2 = rss()
    await play(lobby, sessions, tables, args.play, args.events)
    gc.collect()
    rss3 = rss()
    mib = 2**20 * args.n
    logs = sorted(log_entries(app) for app, _, _ in sessions)
    print(f"RSS per session ({args.n} sessions, no tracemalloc): lobby {(rss1 - rss0) / mib:.2f} MiB, "
          f"waiting table {(rss2 - rss0) / mib:.2f} MiB, playing {(rss3 - rss0) / mib:.2f} MiB "
          f"(event log median {logs[len(logs) // 2]} sentences)")
    await stop(sessions)


async def main(args: argparse.Namespace) -> None:
    hosting.install_process_patches()
    lobby = Lobby(timing=Timing(bot_delay=(0.02, 0.04), between_hands=0.05), seed=3)
    warm = [start(lobby, f"warm{i}") for i in range(2)]
    await settle([a for a, _, _ in warm])
    await stop(warm)
    gc.collect()
    if args.rss_only:
        await rss_only(lobby, args)
        return
    tracemalloc.start(args.frames)
    gc.collect()
    snap0, rss0 = tracemalloc.take_snapshot(), rss()

    sessions = [start(lobby, f"p{i}") for i in range(args.n)]
    await settle([a for a, _, _ in sessions])
    gc.collect()
    snap1, rss1 = tracemalloc.take_snapshot(), rss()
    report("lobby", snap0, snap1, args.n, rss1 - rss0, args.top)

    tables = await seat(lobby, sessions)
    gc.collect()
    snap2, rss2 = tracemalloc.take_snapshot(), rss()
    report("waiting table", snap0, snap2, args.n, rss2 - rss0, args.top)

    await play(lobby, sessions, tables, args.play, args.events)
    gc.collect()
    snap3, rss3 = tracemalloc.take_snapshot(), rss()
    logs = sorted(log_entries(app) for app, _, _ in sessions)
    report(f"playing table (event log: median {logs[len(logs) // 2]}, max {logs[-1]} sentences)",
           snap0, snap3, args.n, rss3 - rss0, args.top)
    await stop(sessions)


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description="Per-session memory with tracemalloc (see docstring).")
    ap.add_argument("-n", type=int, default=20, help="sessions (default 20)")
    ap.add_argument("--events", type=int, default=300,
                    help="play until the median event log holds this many sentences (default 300)")
    ap.add_argument("--play", type=float, default=180.0, help="but at most this many seconds (default 180)")
    ap.add_argument("--top", type=int, default=20, help="rows per listing (default 20)")
    ap.add_argument("--frames", type=int, default=30, help="traceback depth kept by tracemalloc (default 30)")
    ap.add_argument("--rss-only", action="store_true", help="only RSS growth per session, without tracemalloc")
    asyncio.run(main(ap.parse_args()))

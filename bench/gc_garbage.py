"""What an ended session leaves to Python's cyclic collector (issue 12, item 15), in-process.

Hosts ``-n`` apps (``AhoyApp``, 80x24, lobby screen) as the server hosts
them (``bench/session_memory.py``'s fake channel), freezes everything as
the GC policy does, ends them and drops every reference of ours. Then:

* with ``--local``: collects each ended session as the server does
  (:func:`ahoy_tui.hosting.gc_policy.collect_session`: a young collection over the
  session's own objects) and reports objects walked, freed and the time;
* counts, with ``gc.DEBUG_SAVEALL`` over everything, the cyclic garbage
  still left per ended session, by type (without ``--local``: all of it,
  what only a full collection would free), and the objects left per
  session after that full collection (held by something alive).

Run: .venv/bin/python bench/gc_garbage.py [-n 4] [--top 25] [--local]
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import os
import sys
import time
import weakref
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import session_memory  # noqa: E402
from session_memory import settle, start  # noqa: E402

from ahoy_tui.hosting import gc_local  # noqa: E402
from ahoy_tui.hosting.apps import install_process_patches  # noqa: E402
from ahoy_tui.hosting.gc_policy import collect_session, install_strip_patch  # noqa: E402
from ahoy_tui.lobby import Lobby  # noqa: E402

OUT = os.fdopen(os.dup(2), "w")  # Textual swaps sys.stdout/stderr while an app runs in-process


async def measure(args: argparse.Namespace) -> None:
    install_strip_patch()
    install_process_patches()
    lobby = Lobby()
    app, handle, task = start(lobby, "warm")  # class-level caches fill once
    await settle([app])
    app.exit()
    await task
    lobby.disconnect(handle)
    del app, task
    gc.collect()
    base = len(gc.get_objects())
    shared = gc_local.Shared(gc.get_objects())
    sessions = [start(lobby, f"p{i}") for i in range(args.n)]
    await settle([a for a, _, _ in sessions])
    print(f"tracked objects per live session: {(len(gc.get_objects()) - base) / args.n:.0f}", file=OUT)
    gc.collect(1)
    gc.freeze()
    for a, _, _ in sessions:
        a.exit()
    for a, h, t in sessions:
        await t
        lobby.disconnect(h)
    apps = [a for a, _, _ in sessions]
    refs = [weakref.ref(a) for a in apps]
    del sessions, a, h, t
    await asyncio.sleep(0.3)
    gc.collect(1)
    gc.freeze()
    if args.local:
        t0 = time.perf_counter()
        done = [collect_session([apps.pop()], shared) for _ in range(len(apps))]
        seconds = time.perf_counter() - t0
        print(f"local collections: {sum(d.walked for d in done) / args.n:.0f} objects walked, "
              f"{sum(d.freed for d in done) / args.n:.0f} freed per session, {seconds * 1000 / args.n:.1f} ms "
              f"each (longest step {max(d.collecting for d in done) * 1000:.1f} ms); "
              f"apps freed {sum(r() is None for r in refs)}/{args.n}", file=OUT)
    del apps
    gc.unfreeze()
    gc.set_debug(gc.DEBUG_SAVEALL)
    gc.collect()
    garbage = list(gc.garbage)
    gc.garbage.clear()
    gc.set_debug(0)
    n = args.n
    print(f"cyclic garbage left per ended session: {len(garbage) / n:.0f}", file=OUT)
    kinds = Counter(f"{type(o).__module__}.{type(o).__qualname__}" for o in garbage)
    del garbage
    gc.collect()
    print(f"tracked objects left per ended session after a full collection: "
          f"{(len(gc.get_objects()) - base) / n:.0f}", file=OUT)
    for kind, count in kinds.most_common(args.top):
        print(f"  {count / n:8.1f}  {kind}", file=OUT)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-n", type=int, default=4)
    ap.add_argument("--top", type=int, default=25)
    ap.add_argument("--local", action="store_true", help="collect each ended session as the server does first")
    asyncio.run(measure(ap.parse_args()))


if __name__ == "__main__":
    main()

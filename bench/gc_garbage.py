"""What an ended session leaves to Python's cyclic collector (issue 15), in-process.

Hosts ``-n`` apps (``AhoyApp``, 80x24, lobby screen) as the server hosts
them (``bench/session_memory.py``'s fake channel), ends them, drops every
reference of ours and then counts, with ``gc.DEBUG_SAVEALL``, the objects
only a cyclic collection would free: per ended session, by type. Under
the server's GC policy these are frozen, so only a full pass frees them.

``--owned`` first runs :func:`gc_owned.collect_owned` from the ended apps
(and, with ``--nodes``, from every widget they ever registered, still in a
weak set) and reports what it freed, how long it took, and how many of
the objects left were reachable from those roots (held by a reference the
walk cannot see) versus not reachable at all.

Run: .venv/bin/python bench/gc_garbage.py [-n 4] [--top 25] [--owned [--nodes]]
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import os
import sys
import weakref
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import gc_owned  # noqa: E402
import session_memory  # noqa: E402
from session_memory import settle, start  # noqa: E402

from ahoy_tui.lobby import Lobby  # noqa: E402
from server.gc_policy import install_strip_patch  # noqa: E402
from server.hosting import install_process_patches  # noqa: E402

OUT = os.fdopen(os.dup(2), "w")  # Textual swaps sys.stdout/stderr while an app runs in-process
_prepare = session_memory.hosting.prepare_app


def _prepare_tracking(app, *args, **kwargs) -> None:  # noqa: ANN001
    """``prepare_app`` plus a weak set of every widget the app registers."""
    _prepare(app, *args, **kwargs)
    nodes: weakref.WeakSet = weakref.WeakSet()
    register = app._register

    def tracking(parent, *widgets, **kw):  # noqa: ANN001, ANN202
        nodes.update(widgets)
        return register(parent, *widgets, **kw)

    app._register = tracking
    app._bench_nodes = nodes


async def measure(args: argparse.Namespace) -> None:
    install_strip_patch()
    install_process_patches()
    session_memory.hosting.prepare_app = _prepare_tracking
    lobby = Lobby()
    app, handle, task = start(lobby, "warm")  # class-level caches fill once
    await settle([app])
    app.exit()
    await task
    lobby.disconnect(handle)
    del app, task
    gc.collect()
    base = len(gc.get_objects())
    sessions = [start(lobby, f"p{i}") for i in range(args.n)]
    await settle([a for a, _, _ in sessions])
    print(f"tracked objects per live session: {(len(gc.get_objects()) - base) / args.n:.0f}", file=OUT)
    for a, _, _ in sessions:
        a.exit()
    for a, h, t in sessions:
        await t
        lobby.disconnect(h)
    roots = [a for a, _, _ in sessions]
    del sessions, a, h, t
    await asyncio.sleep(0.3)
    walked: set[int] = set()
    if args.owned:
        if args.nodes:
            roots += [n for r in list(roots) for n in r._bench_nodes]
        walk = gc_owned._walk

        def recording(roots_, limit):  # noqa: ANN001, ANN202
            seen = walk(roots_, limit)
            walked.update(seen or ())
            return seen

        gc_owned._walk = recording
        result = gc_owned.collect_owned(roots)
        print(f"owned walk: {result.walked} objects walked, {result.garbage} freed, "
              f"{result.seconds * 1000:.0f} ms for {args.n} sessions", file=OUT)
    del roots
    gc.set_debug(gc.DEBUG_SAVEALL)
    gc.collect()
    garbage = list(gc.garbage)
    gc.garbage.clear()
    gc.set_debug(0)
    n = args.n
    print(f"cyclic garbage per ended session: {len(garbage) / n:.0f}", file=OUT)
    kinds = Counter(f"{type(o).__module__}.{type(o).__qualname__}" for o in garbage)
    if args.owned:
        missed = sum(1 for o in garbage if id(o) in walked)
        print(f"  of which the walk reached but kept (hidden reference): {missed / n:.0f}, "
              f"not reachable from the roots: {(len(garbage) - missed) / n:.0f}", file=OUT)
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
    ap.add_argument("--owned", action="store_true", help="run the owned-objects walk first")
    ap.add_argument("--nodes", action="store_true", help="with --owned: every registered widget is a root too")
    asyncio.run(measure(ap.parse_args()))


if __name__ == "__main__":
    main()

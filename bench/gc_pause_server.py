"""The real server (``server.main``) of any checkout, with an event-loop lag probe (``bench/gc_pause.py``).

Run as ``python bench/gc_pause_server.py ROOT RECLAIM_EVERY -- <server.main arguments>``:
imports ``server`` from ``ROOT`` (so an old checkout can be measured with
the same probe), sets the GC policy's least seconds between reclaims to
``RECLAIM_EVERY``, and prints on stderr, once a second, one line
``lag MAX_MS gc MAX_MS POLICY_MS``: the longest delay of a 10 ms loop timer
in that second, the longest garbage collection (``gc.callbacks``) and the
longest single step of the GC policy on the loop (``GcPolicy._tick``, with
the full reclaim of older versions, or ``GcPolicy.collect_ended``), all in
milliseconds. A watchdog thread prints ``stall: <stack>``, the loop
thread's innermost frames, whenever the loop has not ticked for 80 ms. On
``SIGUSR1`` it prints ``audit objects N garbage M``: the
objects the collector tracks and how many of them are cyclic garbage (one
full collection in a forked copy of the server).
"""

from __future__ import annotations

import asyncio
import gc
import inspect
import os
import signal
import sys
import threading
import time
from pathlib import Path
from collections import Counter


def main() -> None:
    root, reclaim_every, rest = sys.argv[1], float(sys.argv[2]), sys.argv[4:]
    sys.path.insert(0, root)
    import ahoy_tui.hosting.gc_policy as policy
    import server.main as server_main

    worst = {"lag": 0.0, "gc": 0.0, "policy": 0.0}
    started: dict[str, float] = {}

    def on_gc(phase: str, info: dict) -> None:
        if phase == "start":
            started["gc"] = time.perf_counter()
        elif "gc" in started:
            took = time.perf_counter() - started.pop("gc")
            worst["gc"] = max(worst["gc"], took)
            if took > 0.05:
                frame, where = sys._getframe(1), []
                while frame is not None and len(where) < 4:
                    where.append(frame.f_code.co_name)
                    frame = frame.f_back
                print(f"gc: collection of generation {info['generation']} took {took * 1000:.0f} ms "
                      f"({info['collected']} freed) in {' < '.join(where)}", file=sys.stderr, flush=True)

    gc.callbacks.append(on_gc)

    def timed(method):
        def run(self, *args, **kwargs):
            t0 = time.perf_counter()
            try:
                return method(self, *args, **kwargs)
            finally:
                worst["policy"] = max(worst["policy"], time.perf_counter() - t0)
        return run

    for name in ("_tick", "collect_ended"):
        if hasattr(policy.GcPolicy, name):
            setattr(policy.GcPolicy, name, timed(getattr(policy.GcPolicy, name)))
    init = policy.GcPolicy.__init__

    def policy_init(self, freeze_every: float = 1.0, *_: object) -> None:
        if "reclaim_every" in inspect.signature(init).parameters:  # a version with full reclaims
            init(self, freeze_every, reclaim_every_override)
        else:
            init(self, freeze_every)

    reclaim_every_override = reclaim_every
    policy.GcPolicy.__init__ = policy_init

    def audit() -> None:
        # What the policy left: every object in the process and the cyclic garbage among them,
        # counted by one full collection in a forked copy (the server itself is untouched).
        if os.fork() != 0:
            return
        try:
            gc.unfreeze()
            total = len(gc.get_objects())
            gc.set_debug(gc.DEBUG_SAVEALL)
            gc.collect()
            kinds = Counter(type(o).__qualname__ for o in gc.garbage).most_common(6)
            print(f"gc: audit, most common garbage: {kinds}", file=sys.stderr, flush=True)
            print(f"audit objects {total} garbage {len(gc.garbage)}", file=sys.stderr, flush=True)
        finally:
            os._exit(0)

    beat = {"t": time.monotonic()}
    main_thread = threading.get_ident()

    def watchdog() -> None:
        # A stack sample of the loop's thread whenever it has not ticked for 80 ms (what blocks it).
        reported = 0.0
        while True:
            time.sleep(0.02)
            stalled = time.monotonic() - beat["t"]
            if stalled > 0.08 and beat["t"] != reported:
                reported = beat["t"]
                frame = sys._current_frames().get(main_thread)
                where = []
                while frame is not None and len(where) < 40:
                    where.append(f"{Path(frame.f_code.co_filename).name}:{frame.f_code.co_name}")
                    frame = frame.f_back
                print(f"stall: {' < '.join(where[:12])}", file=sys.stderr, flush=True)

    threading.Thread(target=watchdog, daemon=True).start()

    async def probe() -> None:
        loop = asyncio.get_running_loop()
        loop.add_signal_handler(signal.SIGUSR1, audit)
        last_report = loop.time()
        while True:
            t = loop.time()
            await asyncio.sleep(0.01)
            beat["t"] = time.monotonic()
            worst["lag"] = max(worst["lag"], loop.time() - t - 0.01)
            if loop.time() - last_report >= 1.0:
                last_report = loop.time()
                print(f"lag {worst['lag'] * 1000:.0f} gc {worst['gc'] * 1000:.0f} {worst['policy'] * 1000:.0f}",
                      file=sys.stderr, flush=True)
                worst.update(lag=0.0, gc=0.0, policy=0.0)

    real_run = asyncio.run

    def run_with_probe(coro, **kwargs):
        async def both():
            task = asyncio.ensure_future(probe())
            try:
                return await coro
            finally:
                task.cancel()
        return real_run(both(), **kwargs)

    server_main.asyncio.run = run_with_probe
    sys.argv = ["ahoy-server", *rest]
    server_main.main()


if __name__ == "__main__":
    main()

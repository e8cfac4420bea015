"""The real server (``server.main``) of any checkout, with an event-loop lag probe (``bench/gc_pause.py``).

Run as ``python bench/gc_pause_server.py ROOT RECLAIM_EVERY -- <server.main arguments>``:
imports ``server`` from ``ROOT`` (so an old checkout can be measured with
the same probe), sets the GC policy's least seconds between reclaims to
``RECLAIM_EVERY``, and prints on stderr, once a second, one line
``lag MAX_MS gc MAX_MS FULL_MS``: the longest delay of a 10 ms loop timer
in that second, the longest garbage collection (``gc.callbacks``) and the
longest span between ``gc.unfreeze`` and the next ``gc.freeze`` (the
policy's reclaim), all in milliseconds.
"""

from __future__ import annotations

import asyncio
import gc
import sys
import time


def main() -> None:
    root, reclaim_every, rest = sys.argv[1], float(sys.argv[2]), sys.argv[4:]
    sys.path.insert(0, root)
    import server.gc_policy as policy
    import server.main as server_main

    worst = {"lag": 0.0, "gc": 0.0, "full": 0.0}
    started: dict[str, float] = {}

    def on_gc(phase: str, info: dict) -> None:
        if phase == "start":
            started["gc"] = time.perf_counter()
        elif "gc" in started:
            worst["gc"] = max(worst["gc"], time.perf_counter() - started.pop("gc"))

    gc.callbacks.append(on_gc)
    unfreeze, freeze = gc.unfreeze, gc.freeze

    def timed_unfreeze() -> None:
        started["full"] = time.perf_counter()
        unfreeze()

    def timed_freeze() -> None:
        freeze()
        if "full" in started:
            worst["full"] = max(worst["full"], time.perf_counter() - started.pop("full"))

    policy.gc = type("GcShim", (), {n: staticmethod(getattr(gc, n)) for n in dir(gc) if not n.startswith("_")})()
    policy.gc.unfreeze, policy.gc.freeze = timed_unfreeze, timed_freeze
    init = policy.GcPolicy.__init__

    def policy_init(self, freeze_every: float = 1.0, reclaim_every: float = 600.0) -> None:
        init(self, freeze_every, reclaim_every_override)

    reclaim_every_override = reclaim_every
    policy.GcPolicy.__init__ = policy_init

    async def probe() -> None:
        loop = asyncio.get_running_loop()
        last_report = loop.time()
        while True:
            t = loop.time()
            await asyncio.sleep(0.01)
            worst["lag"] = max(worst["lag"], loop.time() - t - 0.01)
            if loop.time() - last_report >= 1.0:
                last_report = loop.time()
                print(f"lag {worst['lag'] * 1000:.0f} gc {worst['gc'] * 1000:.0f} {worst['full'] * 1000:.0f}",
                      file=sys.stderr, flush=True)
                worst.update(lag=0.0, gc=0.0, full=0.0)

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

"""Other players' latency while one player pastes raw (unbracketed) text into the chat.

A terminal without bracketed paste (or a paste tool typing for the player)
sends the text as plain keystrokes. Three players in the real lobby: the
paster focuses the chat line and pastes SIZE bytes of text (lines of 60
characters, CR-separated) in one write; two watchers each type a key into
their own chat line every 20 ms for 3 s and time key sent -> key on their
screen. Figures: max and p95 of the watchers' echo latency per size, and an
idle baseline (no paste).

Run: /work/main/.venv/bin/python bench/paste_stall.py [--tree DIR] [SIZE ...]
     (default sizes 4096 65536 1048576; DIR: the source tree whose server
     runs, default this one, so an older tree can be measured alongside)
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import subprocess
import sys
import tempfile

from ssh_common import ROOT, ServerProcess, connect, now, percentile

PYTHON = sys.executable
TYPE_FOR = 3.0
TYPE_EVERY = 0.02


class TreeServer(ServerProcess):
    """The real server (real UI app) run from ``tree`` with this interpreter."""

    def __init__(self, tree: str) -> None:
        self.state = tempfile.mkdtemp(prefix="ahoy-bench-")
        env = dict(os.environ, PYTHONPATH=tree)
        self._launch([PYTHON, "-m", "server.main", "--host", "127.0.0.1", "--port", "0",
                      "--state-dir", self.state, "--log-level", "WARNING",
                      "--max-sessions-per-address", "0", "--max-connections-per-minute", "0"],
                     subprocess.DEVNULL, env, cwd=tree)

    def stop(self) -> None:
        super().stop()
        shutil.rmtree(self.state, ignore_errors=True)


async def watch(p) -> list[float]:
    """Type one letter at a time into ``p``'s chat line; echo latency of each, in seconds."""
    out: list[float] = []
    typed = ""
    end = now() + TYPE_FOR
    while now() < end:
        if not typed or len(typed) > 30:
            p.send("\x15")  # Ctrl+U, then a marker no other text on screen has
            await asyncio.sleep(0.1)
            p.send("ZQ")
            typed = "ZQ"
            await p.wait_for("ZQ", timeout=30)
        typed += "abcdefghij"[len(typed) % 10]
        t0 = now()
        p.send(typed[-1])
        await p.wait_for(typed, timeout=30)
        out.append(now() - t0)
        await asyncio.sleep(TYPE_EVERY)
    return out


async def chat_ready(p) -> None:
    await p.wait_for("welcome aboard", timeout=30)
    await p.settle(0.5, timeout=10)
    p.send("c")
    await p.settle(0.3, timeout=10)


async def run(tree: str, sizes: list[int]) -> None:
    server = TreeServer(tree)
    try:
        paster = await connect(server.port, "paster", env={"LANG": "en_US.UTF-8"})
        watchers = [await connect(server.port, f"w{i}", env={"LANG": "en_US.UTF-8"}) for i in range(2)]
        for p in (paster, *watchers):
            await chat_ready(p)
        for size in [0, *sizes]:
            line = ("The quick brown fox jumps over the lazy pirate ship ahoy!! " * 2)[:60] + "\r"
            text = (line * (size // len(line) + 1))[:size].encode()
            tasks = [asyncio.create_task(watch(w)) for w in watchers]
            await asyncio.sleep(0.1)
            if text:
                paster.send(text)
            lat = [x for t in tasks for x in await t]
            ms = [x * 1000 for x in lat]
            label = f"{size:>8} B" if size else "    idle  "
            print(f"{os.path.basename(tree.rstrip('/')):>8} {label}: watchers' echo max {max(ms):6.0f} ms"
                  f"  p95 {percentile(ms, 95):6.0f} ms  median {percentile(ms, 50):5.0f} ms  (n={len(ms)})",
                  flush=True)
            for w in watchers:
                w.send("\x15")
            await asyncio.sleep(4.0)  # let the paste's chat lines and notices pass (rate limit)
            paster.send("\x1b")
            await asyncio.sleep(0.3)
            paster.send("c")
            await asyncio.sleep(0.3)
        for p in (paster, *watchers):
            p.conn.close()
    finally:
        server.stop()


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--tree", default=str(ROOT))
    ap.add_argument("sizes", nargs="*", type=int, default=[4096, 65536, 1 << 20])
    args = ap.parse_args()
    asyncio.run(run(args.tree, args.sizes))

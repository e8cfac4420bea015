"""Other players' latency while one player pastes raw (unbracketed) text into the chat.

A terminal without bracketed paste (or a paste tool typing for the player)
sends the text as plain keystrokes. Players in the real lobby: the
paster (a client in a process of its own, so that its write does not delay
the watchers' clients) focuses the chat line and pastes SIZE bytes of text
(lines of 60 characters, CR-separated) in one write; N watchers (default 2)
each type a key into their own chat line every 20 ms for 3 s and time key
sent -> key on their screen. Figures: max and p95 of the watchers' echo
latency per size, and an idle baseline (no paste); the CPU share of the
server and of the watchers' clients (this process) over each phase (100 %:
one core), so a tail set by the clients or a busy machine shows as such.

Run: /work/main/.venv/bin/python bench/paste_stall.py [--tree DIR] [--watchers N] [--bracketed]
         [--rounds R] [--profile FILE] [SIZE ...]
     (default sizes 4096 65536 1048576; DIR: the source tree whose server runs, default this
     one, so an older tree can be measured alongside; --rounds: pastes per size; --profile:
     the server runs under cProfile and writes its stats to FILE when it stops)
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import subprocess
import sys
import tempfile
import time

from ssh_common import ROOT, ServerProcess, connect, now, percentile

PYTHON = sys.executable
TYPE_FOR = 3.0
TYPE_EVERY = 0.02


class TreeServer(ServerProcess):
    """The real server (real UI app) run from ``tree`` with this interpreter."""

    def __init__(self, tree: str, profile: str | None = None) -> None:
        self.state = tempfile.mkdtemp(prefix="ahoy-bench-")
        env = dict(os.environ, PYTHONPATH=tree)
        prof = ["-m", "cProfile", "-o", os.path.abspath(profile)] if profile else []
        self._launch([PYTHON, *prof, "-m", "server.main", "--host", "127.0.0.1", "--port", "0",
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


def paste_text(size: int, bracketed: bool = False) -> bytes:
    """SIZE bytes of 60-character lines, CR-separated (in paste brackets if ``bracketed``)."""
    line = ("The quick brown fox jumps over the lazy pirate ship ahoy!! " * 2)[:60] + "\r"
    text = (line * (size // len(line) + 1))[:size].encode()
    return b"\x1b[200~" + text + b"\x1b[201~" if bracketed and text else text


async def paster_process(port: int) -> None:
    """The paster, in a process of its own (its client's 1 MB write must not delay the
    watchers' clients, which share the bench's event loop): reads commands on stdin,
    ``SIZE [b]`` pastes (``b``: bracketed), ``reset`` leaves and reopens the chat line;
    prints ``ok`` after each."""
    paster = await connect(port, "paster", env={"LANG": "en_US.UTF-8"})
    await chat_ready(paster)
    print("ok", flush=True)
    loop = asyncio.get_running_loop()
    while line := (await loop.run_in_executor(None, sys.stdin.readline)).split():
        if line[0] == "reset":
            paster.send("\x1b")
            await asyncio.sleep(0.3)
            paster.send("c")
            await asyncio.sleep(0.3)
        else:
            paster.send(paste_text(int(line[0]), line[1:] == ["b"]))
        await paster.settle(0.05, timeout=5)
        print("ok", flush=True)
    paster.conn.close()


class Paster:
    """The child process running :func:`paster_process`."""

    def __init__(self, port: int) -> None:
        self.proc = subprocess.Popen([PYTHON, "-W", "ignore", __file__, "--paster", str(port)],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    async def command(self, line: str) -> None:
        """Send ``line`` and wait for its ``ok``."""
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()
        got = await asyncio.get_running_loop().run_in_executor(None, self.proc.stdout.readline)
        if got.strip() != "ok":
            raise RuntimeError(f"paster: {got!r}")

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait()


async def run(tree: str, sizes: list[int], watchers_n: int = 2, bracketed: bool = False, rounds: int = 1,
              profile: str | None = None) -> None:
    server = TreeServer(tree, profile)
    paster = Paster(server.port)
    try:
        ready = asyncio.get_running_loop().run_in_executor(None, paster.proc.stdout.readline)
        watchers = [await connect(server.port, f"w{i}", env={"LANG": "en_US.UTF-8"}) for i in range(watchers_n)]
        for p in watchers:
            await chat_ready(p)
        assert (await ready).strip() == "ok"
        kind = "bracketed" if bracketed else "raw"
        for size in [0, *sizes]:
            ms: list[float] = []
            cpu0, own0, wall0 = server.cpu_seconds(), time.process_time(), now()
            for _ in range(rounds if size else 1):
                tasks = [asyncio.create_task(watch(w)) for w in watchers]
                await asyncio.sleep(0.1)
                if size:
                    await paster.command(f"{size} b" if bracketed else str(size))
                lat = [x for t in tasks for x in await t]
                ms += [x * 1000 for x in lat]
                for w in watchers:
                    w.send("\x15")
                await asyncio.sleep(4.0)  # let the paste's chat lines and notices pass (rate limit)
                await paster.command("reset")
            wall = now() - wall0
            cpu = f"  CPU server {100 * (server.cpu_seconds() - cpu0) / wall:3.0f} % clients {100 * (time.process_time() - own0) / wall:3.0f} %"
            label = f"{size:>8} B {kind}" if size else "    idle  "
            print(f"{os.path.basename(tree.rstrip('/')):>8} {label}: {watchers_n} watchers' echo max {max(ms):6.0f} ms"
                  f"  p95 {percentile(ms, 95):6.0f} ms  median {percentile(ms, 50):5.0f} ms  (n={len(ms)}){cpu}",
                  flush=True)
        for p in watchers:
            p.conn.close()
    finally:
        paster.stop()
        server.stop()


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--tree", default=str(ROOT))
    ap.add_argument("--watchers", type=int, default=2, help="players typing while one pastes")
    ap.add_argument("--bracketed", action="store_true", help="paste in brackets (a terminal with bracketed paste)")
    ap.add_argument("--rounds", type=int, default=1, help="pastes per size (figures over all of them)")
    ap.add_argument("--profile", metavar="FILE", help="run the server under cProfile, its stats to FILE")
    ap.add_argument("--paster", type=int, help=argparse.SUPPRESS)
    ap.add_argument("sizes", nargs="*", type=int, default=[4096, 65536, 1 << 20])
    args = ap.parse_args()
    if args.paster:
        asyncio.run(paster_process(args.paster))
    else:
        asyncio.run(run(args.tree, args.sizes, args.watchers, args.bracketed, args.rounds, args.profile))

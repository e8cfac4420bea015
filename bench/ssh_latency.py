"""Keypress → screen update latency with N sessions connected.

Two figures per N:
* one typist: one session types 40 keys one at a time while the others idle;
  latency = key sent → the typed text shows on that client's pyte screen;
* everyone types: all N sessions type a key at the same moment, 10 rounds;
  latency per session and round.

Run: .venv/bin/python bench/ssh_latency.py [N ...]   (default 10 50)
"""

from __future__ import annotations

import asyncio
import sys

from ssh_common import ServerProcess, connect, now, percentile


async def echo(p, text: str) -> float:
    t0 = now()
    p.send(text[-1])
    await p.wait_for(text, timeout=30)
    return now() - t0


async def run(n: int) -> None:
    server = ServerProcess("--max-sessions", str(n + 10))
    try:
        players = [await connect(server.port, f"p{i:03d}") for i in range(n)]
        for p in players:
            await p.wait_for(r"Players online \(%d\)" % n, timeout=60)
            await p.settle(0.3, timeout=30)
        typist = players[0]
        single = []
        typed = ""
        for i in range(40):
            typed += "abcdefghij"[i % 10]
            single.append(await echo(typist, typed))
            await asyncio.sleep(0.02)
        typist.send("\x15")  # ctrl+u clears the line
        await asyncio.sleep(0.3)
        allt: list[float] = []
        texts = [""] * n
        for r in range(10):
            tasks = []
            for i, p in enumerate(players[1:], 1):
                texts[i] += "xyz"[r % 3]
                tasks.append(echo(p, texts[i]))
            allt.extend(await asyncio.gather(*tasks))
            await asyncio.sleep(0.2)
        ms = lambda v: v * 1000  # noqa: E731
        print(f"N={n:3d} one typist : median {ms(percentile(single, 50)):6.1f} ms  p90 {ms(percentile(single, 90)):6.1f} ms  max {ms(max(single)):6.1f} ms")
        print(f"N={n:3d} all typing : median {ms(percentile(allt, 50)):6.1f} ms  p90 {ms(percentile(allt, 90)):6.1f} ms  max {ms(max(allt)):6.1f} ms")
        for p in players:
            p.conn.close()
        await asyncio.sleep(0.5)
    finally:
        server.stop()


async def main(ns: list[int]) -> None:
    for n in ns:
        await run(n)


if __name__ == "__main__":
    asyncio.run(main([int(a) for a in sys.argv[1:]] or [10, 50]))

"""Bytes and full paints of the first contact, per terminal size and depth.

Run: .venv/bin/python bench/ssh_first_contact.py
"""

from __future__ import annotations

import asyncio

from ssh_common import ServerProcess, connect


async def measure(port: int, cols: int, rows: int, term: str, env: dict[str, str]) -> tuple[int, int, float]:
    t0 = asyncio.get_running_loop().time()
    p = await connect(port, "anna", cols=cols, rows=rows, term=term, env=env)
    await p.wait_for("Ahoy, anna!")
    shown = asyncio.get_running_loop().time() - t0
    await p.settle(0.5)
    raw = bytes(p.raw)
    await p.close()
    return len(raw), raw.count(b"\x1b[1;1H"), shown


async def main() -> None:
    server = ServerProcess()
    try:
        print(f"{'size':>8} {'colours':>10} {'bytes':>7} {'full paints':>11} {'connect→screen':>15}")
        for cols, rows in ((80, 24), (120, 40)):
            for label, term, env in (("16", "xterm", {}), ("256", "xterm-256color", {}),
                                     ("truecolor", "xterm-256color", {"COLORTERM": "truecolor"})):
                results = [await measure(server.port, cols, rows, term, env) for _ in range(3)]
                size, paints, shown = results[-1]
                best = min(r[2] for r in results)
                print(f"{cols}x{rows:<5} {label:>10} {size:>7} {paints:>11} {best * 1000:>12.0f} ms")
    finally:
        server.stop()


if __name__ == "__main__":
    asyncio.run(main())

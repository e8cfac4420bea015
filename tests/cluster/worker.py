"""A cluster worker process for the failover tests: a ``Node`` on a real Redis, real time.

Usage: ``python worker.py URL TTL ROLE [LIMIT]`` where ROLE is

* ``owner`` — create a table of anna and three bots (point limit LIMIT,
  default 40), start it (anna on the autopilot) and print ``playing TABLE_ID EPOCH`` once some play is written;
  then play on until killed.
* ``standby`` — own nothing; when a table is adopted, anna's session
  reconnects to it (R17) and ``adopted TABLE_ID EPOCH`` is printed; when
  its game is over, ``over TABLE_ID GAME_ID``.

Every worker prints ``ready WORKER_ID`` once it joined the cluster and
``let-go TABLE_ID`` when it lets a table go (a lost
lease). One line each, flushed, on stdout.

Its event loop stalls (a blocking ``time.sleep`` on the loop, as a flood of
work would) on SIGUSR1 for ``SHORT_STALL`` TTLs, within its ``MAX_STALL``
TTLs, and on SIGUSR2 for ``LONG_STALL`` TTLs, past it; it prints
``stalled SECONDS`` before and ``resumed`` after.
"""

from __future__ import annotations

import asyncio
import signal
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from ahoy_tui.cluster.node import start_node  # noqa: E402
from tests.cluster.helpers import TIMING, anna_returns, start_table  # noqa: E402


SHORT_STALL, MAX_STALL, LONG_STALL = 3, 5, 8
"""Loop stalls on SIGUSR1 / the keeper's limit / stalls on SIGUSR2, in lease TTLs."""


def say(*words: object) -> None:
    print(*words, flush=True)


def stall(seconds: float) -> None:
    say("stalled", seconds)
    time.sleep(seconds)  # the loop is blocked: no task, no renewal on it runs
    say("resumed")


async def main(url: str, ttl: float, role: str, limit: int) -> None:
    node = await start_node(url, ttl, timing=TIMING, max_stall=MAX_STALL * ttl)
    loop = asyncio.get_running_loop()
    loop.add_signal_handler(signal.SIGUSR1, stall, SHORT_STALL * ttl)
    loop.add_signal_handler(signal.SIGUSR2, stall, LONG_STALL * ttl)
    say("ready", node.worker_id)
    lobby = node.lobby
    let_go = node.handover.let_go

    def letting_go(table_id: str, unreachable: bool = False) -> None:
        if table_id in lobby.tables:
            say("let-go", table_id)
        let_go(table_id, unreachable)
    node.handover.let_go = letting_go  # type: ignore[method-assign]
    if role == "owner":
        tid = start_table(lobby, limit=limit)
        table = lobby.tables[tid]
        while table.version < 20:
            await asyncio.sleep(0.01)
        await asyncio.to_thread(node.store.flush)
        say("playing", tid, node.ownership.leases.held[tid])
    seen: set[str] = set()
    while True:
        await asyncio.sleep(0.01)
        for tid in node.ownership.adopted:
            table = lobby.tables.get(tid)
            if tid not in seen and table is not None:
                seen.add(tid)
                anna_returns(lobby)
                say("adopted", tid, node.ownership.leases.held[tid])
            if table is not None and table.status == "game_over" and f"over {tid}" not in seen:
                seen.add(f"over {tid}")
                await asyncio.to_thread(node.store.flush)
                say("over", tid, table.game_id)


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], float(sys.argv[2]), sys.argv[3], int(sys.argv[4]) if len(sys.argv) > 4 else 40))

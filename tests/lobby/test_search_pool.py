"""The bots' search pool holds none of its owner's sockets and dies with it (issue 24).

A process (tests/lobby/pool_owner.py) listens on a port and runs a task in
its search pool; the worker must not hold that listening socket (a worker
forked from the server held it, and every player's connection, after the
server was killed). The owner is then killed with SIGKILL, its worker idle
or in a search: the worker ends.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from tests.procs import alive
from tests.waiting import wait_until

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("worker", ["idle", "busy"])
async def test_a_pool_worker_holds_no_socket_of_its_owner_and_ends_with_it(worker):
    owner = subprocess.Popen([sys.executable, "-m", "tests.lobby.pool_owner", worker], cwd=ROOT,
                             stdout=subprocess.PIPE, text=True)
    pid = 0
    try:
        listener, pid, *held = (int(x) for x in owner.stdout.readline().split())
        assert pid != owner.pid and alive(pid)
        assert listener not in held
        os.kill(owner.pid, signal.SIGKILL)
        owner.wait(10)
        await wait_until(lambda: not alive(pid), timeout=10, what=f"the {worker} worker to end")
    finally:
        for p in (owner.pid, pid):
            if p and alive(p):
                os.kill(p, signal.SIGKILL)
        owner.stdout.close()


def _die() -> None:
    os._exit(1)   # a worker that dies on its own, as under the out-of-memory killer


def _answer() -> int:
    return 42


async def test_searches_go_on_after_a_search_worker_died():
    import asyncio

    from ahoy_tui.lobby.clock import LoopClock

    clock = LoopClock()

    async def search(work):
        answered = asyncio.get_running_loop().create_future()
        clock.off_loop(work, lambda result, error: answered.set_result((result, error)))
        return await asyncio.wait_for(answered, 60)

    _, error = await search(_die)
    assert error is not None          # that search failed (the bot falls back to the baseline)
    assert await search(_answer) == (42, None)   # the next ones run again, in a new pool
    assert await search(_answer) == (42, None)


def test_the_first_search_of_a_process_may_start_inside_a_textual_app():
    """``ahoy play`` with a hard bot: the pool (and multiprocessing's resource tracker) is started
    while Textual captures ``sys.stderr``; the search still runs."""
    run = subprocess.run([sys.executable, "-m", "tests.lobby.pool_in_app"], cwd=ROOT, capture_output=True,
                         text=True, timeout=120)
    assert run.stdout.strip().splitlines()[-1:] == ["answer: 42"], (run.stdout, run.stderr[-2000:])

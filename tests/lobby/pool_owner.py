"""A process that owns a search pool and a listening socket (tests/lobby/test_search_pool.py).

Run as ``python -m tests.lobby.pool_owner``: it listens on 127.0.0.1 (port 0),
has its pool run :func:`worker_sockets`, prints one line
``LISTENER_INODE WORKER_PID SOCKET_INODES...`` and waits to be killed, with
the worker idle or, given ``busy``, in a search that never ends.
"""

from __future__ import annotations

import os
import socket
import sys
import threading
import time

from ahoy_tui.lobby.search_pool import search_executor


def worker_sockets() -> tuple[int, list[int]]:
    """In a worker: its pid and the inodes of every socket it holds."""
    inodes = []
    for fd in os.listdir("/proc/self/fd"):
        try:
            target = os.readlink(f"/proc/self/fd/{fd}")
        except OSError:
            continue
        if target.startswith("socket:["):
            inodes.append(int(target[8:-1]))
    return os.getpid(), inodes


def search_forever() -> None:
    """A search that does not end (pure Python, as a bot's search is)."""
    n = 0
    while True:
        n += 1


def _running(pid: int) -> bool:
    """True while ``pid`` is on a CPU or ready to run (state R in /proc/PID/stat)."""
    with open(f"/proc/{pid}/stat") as stat:
        return stat.read().rsplit(")", 1)[1].split()[0] == "R"


def main() -> None:
    with socket.socket() as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen()
        pid, inodes = search_executor().submit(worker_sockets).result(timeout=60)
        if sys.argv[1:] == ["busy"]:
            search_executor().submit(search_forever)
            end = time.monotonic() + 30
            while not _running(pid) and time.monotonic() < end:   # the worker is in the search
                time.sleep(0.01)
        print(os.fstat(listener.fileno()).st_ino, pid, *inodes, flush=True)
        threading.Event().wait()   # until the test kills this process


if __name__ == "__main__":
    main()

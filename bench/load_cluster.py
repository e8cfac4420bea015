"""``bench/load.py --workers N``: N ``bench/load_server.py`` workers sharing one redis-server.

:class:`ClusterServers` starts a redis-server (``tests/redis_server.py``:
unix socket, append-only file as in production), then N load servers with
``--redis``: the first listens on a free port with SO_REUSEPORT, the others
on the same port, so the kernel spreads the bench's players over them. It
looks like one ``LoadServer`` to the harness: actions and seats of every
worker, the sum of their RSS and CPU. :func:`cross_worker` turns two
readings (:meth:`ClusterServers.redis_reading`) into the overhead line.
"""

from __future__ import annotations

import os
import shutil
import signal
import tempfile
import time
from pathlib import Path
from typing import Any, Callable

from ssh_common import ROOT, TICKS

import sys

sys.path.insert(0, str(ROOT))

from tests.redis_server import RedisServer  # noqa: E402


class ClusterServers:
    """``workers`` load servers on one port and one redis-server (see the module docstring).

    Args:
        workers: How many.
        launch: Starts one load server given its extra arguments (``LoadServer``).
    """

    def __init__(self, workers: int, launch: Callable[[tuple[str, ...]], Any]) -> None:
        binary = shutil.which("redis-server")
        if binary is None:
            raise SystemExit("bench/load.py --workers N needs redis-server (apt-get install redis-server)")
        self.dir = Path(tempfile.mkdtemp(prefix="ahoy-lr-"))
        self.redis = RedisServer(binary, self.dir)
        self.redis.start()
        first = launch(("--redis", self.redis.url))
        self.all = [first] + [launch(("--redis", self.redis.url, "--port", str(first.port)))
                              for _ in range(workers - 1)]
        self.port = first.port

    @property
    def pids(self) -> list[int]:
        """The workers' and the redis-server's process ids."""
        return [s.pid for s in self.all] + [self.redis.process.pid]

    @property
    def actions(self) -> list:
        return sorted((a for s in self.all for a in s.actions), key=lambda a: a[3])

    @property
    def seated(self) -> set[int]:
        seats: dict[int, set[int]] = {}
        for s in self.all:
            for t, ss in s.seats.items():
                seats.setdefault(t, set()).update(ss)
        return {t for t, ss in seats.items() if len(ss) == 4}

    @property
    def other(self) -> list[str]:
        return [line for s in self.all for line in s.other]

    def rss_mib(self) -> float:
        return sum(s.rss_mib() for s in self.all)

    def cpu_seconds(self) -> float:
        return sum(s.cpu_seconds() for s in self.all)

    def start_games(self) -> None:
        for s in self.all:
            s.start_games()

    def log_tail(self) -> str:
        return "\n".join(s.log_tail() for s in self.all)

    def redis_reading(self) -> dict[str, float]:
        """Now: bytes into and out of Redis, its CPU seconds, and what the workers count they wrote."""
        import redis

        with redis.Redis(unix_socket_path=str(self.redis.socket)) as client:
            stats = client.info("stats")
        pid = self.redis.process.pid
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        marks = [len([x for x in s.other if x.startswith("BUS ")]) for s in self.all]
        for s in self.all:
            os.kill(s.pid, signal.SIGUSR2)
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline and any(
                len([x for x in s.other if x.startswith("BUS ")]) <= m for s, m in zip(self.all, marks)):
            time.sleep(0.02)
        bus = [[x for x in s.other if x.startswith("BUS ")][-1].split() for s in self.all]
        return {"in": stats["total_net_input_bytes"], "out": stats["total_net_output_bytes"],
                "cpu": (int(fields[11]) + int(fields[12])) / TICKS,
                "bus_bytes": sum(int(b[1]) for b in bus), "published": sum(int(b[2]) for b in bus)}

    def stop(self) -> None:
        for s in self.all:
            s.stop()
        self.redis.kill()
        shutil.rmtree(self.dir, ignore_errors=True)


def cross_worker(before: dict[str, float], after: dict[str, float], actions: int, span: float) -> str:
    """The cross-worker overhead line: per action, and Redis's CPU."""
    d = {k: after[k] - before[k] for k in before}
    return (f"cross-worker per action: workers published {d['published'] / actions:.1f} messages, "
            f"{d['bus_bytes'] / actions:.0f} B (cluster lobby); Redis in {d['in'] / actions:.0f} B, "
            f"out {d['out'] / actions:.0f} B (with the table logs); redis-server CPU {d['cpu'] / span * 100:.0f} %")

"""Failover time: a table's owner worker is killed, how long until the table plays again (issue 15).

Starts a ``redis-server`` (unix socket, append-only file) and two cluster
workers (``tests/cluster/worker.py``: a ``Node`` each, real time, bots
acting every 5-15 ms). One owns a table of anna and three bots. Then
``--kills`` times: SIGKILL the worker that owns the table, and time

* killed → adopted: another worker holds the lease with a higher epoch and
  has rebuilt the table from its Stream;
* killed → playing: the table's Stream gets its first new game entry
  (``act`` or ``deal``: a bot or anna's autopilot acted at the new owner).

A fresh worker replaces each killed one (as the supervisor would). Both
times are bounded by the lease TTL (the lease must expire) plus one scan
period (also the TTL): expect about 1-2 TTL. Prints p50/max in seconds.

Run: .venv/bin/python bench/failover.py [--kills 20] [--ttl 1.0]   (about 3 s a kill)
"""

from __future__ import annotations

import argparse
import json
import queue
import shutil
import signal
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import redis  # noqa: E402

from ahoy_tui.store import redis_keys as keys  # noqa: E402
from tests.cluster.worker_process import Worker  # noqa: E402
from tests.redis_server import RedisServer  # noqa: E402


def adopter(workers: list[Worker], timeout: float = 60.0) -> tuple[Worker, list[str]]:
    """The worker that prints ``adopted`` first, and its line."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for w in workers:
            try:
                line = w.lines.get_nowait()
            except queue.Empty:
                continue
            if line and line[0] == "adopted":
                return w, line
        time.sleep(0.002)
    raise SystemExit("no worker adopted the table")


def wait_for_play(client: redis.Redis, table_id: str, after: bytes, timeout: float = 60.0) -> None:
    """Until the table's Stream has an ``act`` or ``deal`` entry after Stream id ``after``."""
    deadline = time.monotonic() + timeout
    while True:
        for stream_id, fields in client.xrange(keys.log(table_id), min=b"(" + after):
            after = stream_id
            if json.loads(fields[b"e"]).get("k") in ("act", "deal"):
                return
        if time.monotonic() > deadline:
            raise SystemExit("the table did not play again")
        time.sleep(0.002)


def run(kills: int, ttl: float) -> None:
    binary = shutil.which("redis-server")
    if binary is None:
        raise SystemExit("redis-server not found (apt-get install redis-server)")
    directory = Path(tempfile.mkdtemp(prefix="ahoy-failover-"))
    server = RedisServer(binary, directory)
    server.start()
    client = redis.Redis.from_url(server.url)
    workers = [Worker(server.url, ttl, "owner", "1000"), Worker(server.url, ttl, "standby")]
    try:
        workers[1].expect("ready")
        _, table_id, _ = workers[0].expect("playing")
        owner = workers[0]
        adopted, playing = [], []
        for i in range(kills):
            last = client.xrevrange(keys.log(table_id), count=1)[0][0]
            owner.signal(signal.SIGKILL)
            killed = time.monotonic()
            owner.end()
            workers.remove(owner)
            owner, line = adopter(workers)
            adopted.append(time.monotonic() - killed)
            wait_for_play(client, table_id, last)
            playing.append(time.monotonic() - killed)
            print(f"kill {i + 1}: adopted in {adopted[-1]:.2f} s (epoch {line[2]}), playing in {playing[-1]:.2f} s",
                  flush=True)
            workers.append(Worker(server.url, ttl, "standby"))
            workers[-1].expect("ready")
        for name, times in (("killed -> adopted", adopted), ("killed -> playing", playing)):
            print(f"{name}: p50 {statistics.median(times):.2f} s, max {max(times):.2f} s "
                  f"over {len(times)} kills (lease TTL {ttl:g} s)")
    finally:
        for w in workers:
            w.end()
        client.close()
        server.kill()
        shutil.rmtree(directory, ignore_errors=True)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--kills", type=int, default=20)
    p.add_argument("--ttl", type=float, default=1.0, help="lease TTL in seconds (production default: 5)")
    args = p.parse_args()
    run(args.kills, args.ttl)


if __name__ == "__main__":
    main()

"""A real ``redis-server`` for the Redis tests, on a unix socket in a temporary directory.

:class:`RedisServer` starts ``redis-server`` (7.x, from the OS packages) with
no TCP port, no RDB snapshots and the append-only file on (``appendfsync
everysec``; a polite stop or restart writes the AOF out, a ``kill`` may
lose the last second, as in production). :meth:`RedisServer.restart` stops
it and starts it again on the same data directory, so what was written
survives as it would on a host. The ``redis_server`` fixture in
``tests/conftest.py`` gives one per test.

When ``redis-server`` is not on PATH the Redis tests are skipped with one
line, unless ``AHOY_REQUIRE_REDIS=1`` (``.ci/run`` sets it): then they fail.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import tempfile
import time
from pathlib import Path

import pytest

REDIS_SERVER = "redis-server"
START_TIMEOUT = 10.0
"""Seconds a start may take before the test fails."""

MISSING = ("redis-server not found: Redis tests skipped "
           "(apt-get install redis-server, or `make test` as root; AHOY_REQUIRE_REDIS=1 makes this a failure)")


def redis_server_binary() -> str:
    """The path of ``redis-server``; skips the test (or fails it under ``AHOY_REQUIRE_REDIS=1``) when missing."""
    found = shutil.which(REDIS_SERVER)
    if found is None:
        if os.environ.get("AHOY_REQUIRE_REDIS") == "1":
            pytest.fail("redis-server not found and AHOY_REQUIRE_REDIS=1: the Redis tests are required "
                        "(apt-get install redis-server)", pytrace=False)
        pytest.skip(MISSING)
    return found


class RedisServer:
    """One ``redis-server`` process on ``DIR/redis.sock``, its data in ``DIR``.

    Args:
        binary: The ``redis-server`` executable.
        directory: Socket, append-only file and log go here (a short path:
            unix socket paths are limited to ~100 bytes). Made when missing.
        appendfsync: Redis's ``appendfsync`` (``always``, ``everysec``, ``no``).
    """

    def __init__(self, binary: str, directory: Path, appendfsync: str = "everysec") -> None:
        self.binary = binary
        self.directory = Path(directory)
        self.directory.mkdir(parents=True, exist_ok=True)
        self.socket = self.directory / "redis.sock"
        self.appendfsync = appendfsync
        self.extra_args: list[str] = []
        """More ``redis-server`` arguments for the next start (e.g. ``--key-load-delay 500``)."""
        self.process: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        """The redis-py URL of the server (``unix:///.../redis.sock``)."""
        return f"unix://{self.socket}"

    def start(self, wait: bool = True) -> None:
        """Start the server and wait until it answers PING (``wait``; False: return at once, as
        a host starting Redis and Ahoy together would).

        Raises:
            RuntimeError: it did not answer within ``START_TIMEOUT`` s (its log is in the message).
        """
        import redis

        self.process = subprocess.Popen(
            [self.binary, "--port", "0", "--unixsocket", str(self.socket), "--unixsocketperm", "700",
             "--dir", str(self.directory), "--save", "", "--appendonly", "yes",
             "--appendfsync", self.appendfsync, "--logfile", str(self.directory / "redis.log"), *self.extra_args],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        if not wait:
            return
        deadline = time.monotonic() + START_TIMEOUT
        while time.monotonic() < deadline and self.process.poll() is None:
            try:
                with redis.Redis(unix_socket_path=str(self.socket), socket_timeout=1.0) as client:
                    if client.ping():
                        return
            except (redis.ConnectionError, redis.BusyLoadingError, FileNotFoundError):
                time.sleep(0.01)
        log = (self.directory / "redis.log").read_text(errors="replace")[-2000:] \
            if (self.directory / "redis.log").exists() else ""
        self.kill()
        raise RuntimeError(f"redis-server did not start: {log}")

    def stop(self) -> None:
        """Stop it politely (SIGTERM: Redis writes the append-only file out) and wait."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(10.0)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.process = None

    def kill(self) -> None:
        """Kill it (SIGKILL: what ``appendfsync`` had not synced is lost)."""
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        self.process = None

    def restart(self) -> None:
        """Stop it and start it again on the same data directory."""
        self.stop()
        self.start()


def running_redis_server(appendfsync: str = "everysec"):
    """Generator for fixtures: a started :class:`RedisServer` in a fresh directory, removed after."""
    binary = redis_server_binary()
    directory = Path(tempfile.mkdtemp(prefix="ahoy-redis-"))
    server = RedisServer(binary, directory, appendfsync)
    server.start()
    try:
        yield server
    finally:
        server.kill()
        shutil.rmtree(directory, ignore_errors=True)

"""Shared pieces of the SSH benchmarks: a server subprocess and its figures.

The server runs as a separate ``ahoy-server`` process (as in production) so
that its memory and CPU can be read from /proc without the clients' share.
Clients are asyncssh + pyte players from ``tests/e2e/harness.py``; the
server hosts the test app ``tests/e2e/greeter.py`` (``--app``) so figures do
not move when the real UI changes.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tempfile
import time
from typing import Any
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "e2e"))
sys.path.insert(0, str(ROOT))

from harness import Player, connect  # noqa: E402,F401

PAGE = os.sysconf("SC_PAGE_SIZE")
TICKS = os.sysconf("SC_CLK_TCK")


class ServerProcess:
    """``ahoy-server --port 0`` in a subprocess, with /proc readings.

    Attributes:
        port: The port it listens on.
        pid: Its process id.
    """

    def __init__(self, *extra: str) -> None:
        self.state = tempfile.mkdtemp(prefix="ahoy-bench-")
        exe = ROOT / ".venv" / "bin" / "ahoy-server"
        env = dict(os.environ, PYTHONPATH=str(ROOT / "tests" / "e2e"))
        self._launch([str(exe), "--host", "127.0.0.1", "--port", "0", "--state-dir", self.state,
                      "--log-level", "WARNING", "--app", "greeter:create_app",
                      "--max-sessions-per-address", "0", "--max-connections-per-minute", "0",
                      *extra], subprocess.DEVNULL, env)

    def _launch(self, argv: list[str], stderr: Any, env: dict[str, str] | None = None,
                cwd: str | None = None) -> None:
        """Start ``argv`` (in ``cwd``) and read the port from its first stdout line ("...:PORT").

        Raises:
            RuntimeError: when the first line names no port.
        """
        self.proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=stderr, text=True, env=env, cwd=cwd)
        self.pid = self.proc.pid
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        match = re.search(r":(\d+)\s*$", line)
        if not match:
            self.stop()
            raise RuntimeError(f"server did not start: {line!r}")
        self.port = int(match.group(1))

    @property
    def pids(self) -> list[int]:
        """This server's process id, as a list (``bench/load_cluster.py`` has several)."""
        return [self.pid]

    def rss_mib(self) -> float:
        """Resident memory in MiB."""
        with open(f"/proc/{self.pid}/statm") as f:
            return int(f.read().split()[1]) * PAGE / 2**20

    def cpu_seconds(self) -> float:
        """User + system CPU time used so far, in seconds."""
        with open(f"/proc/{self.pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / TICKS

    def stop(self) -> None:
        """SIGTERM and wait."""
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()


def percentile(values: list[float], q: float) -> float:
    """The ``q``-th percentile (0..100) by nearest rank."""
    s = sorted(values)
    return s[min(len(s) - 1, max(0, round(q / 100 * (len(s) - 1))))]


def now() -> float:
    """Monotonic seconds."""
    return time.monotonic()

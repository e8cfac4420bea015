"""A cluster worker process (``worker.py``) driven from a test or a bench: its lines, its signals."""

from __future__ import annotations

import os
import queue
import subprocess
import sys
import threading
import time
from pathlib import Path

WORKER = Path(__file__).with_name("worker.py")
TTL = 2.0
"""The lease TTL the process tests use (seconds)."""
START = 60.0
"""Seconds a worker may take to start and reach a line (a loaded 2-core machine)."""


class Worker:
    """A worker process whose stdout lines are read by a thread."""

    def __init__(self, url: str, ttl: float, role: str, *more: str) -> None:
        self.proc = subprocess.Popen([sys.executable, str(WORKER), url, str(ttl), role, *more],
                                     stdout=subprocess.PIPE, text=True)
        self.lines: queue.Queue[str] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        for line in self.proc.stdout:
            self.lines.put(line.split())

    def expect(self, word: str, timeout: float = START) -> list[str]:
        """The next line starting with ``word`` (fails after ``timeout`` s)."""
        deadline = time.monotonic() + timeout
        while True:
            try:
                line = self.lines.get(timeout=max(0.01, deadline - time.monotonic()))
            except queue.Empty:
                raise AssertionError(f"worker printed no {word!r} line within {timeout} s") from None
            if line and line[0] == word:
                return line

    def signal(self, sig: int) -> None:
        os.kill(self.proc.pid, sig)

    def end(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait(30)

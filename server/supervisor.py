"""``ahoy-server --workers N``: one supervisor, N worker processes on one port (docs/deploy.md).

The supervisor creates the host key once (so every worker serves the same
one), checks that Redis answers (waiting up to a minute while it loads its
data or cannot be reached yet: ``retry.until_loaded``), then starts N workers: the same command
line plus ``--worker``, each listening with ``SO_REUSEPORT`` so the kernel
spreads new connections over them. Only the first worker's first run prints
the start banner (address, host key, how to connect); the others log their
"listening on" line only, and the supervisor says "Ahoy server stopped."
once every worker has. A worker that dies is started again
after a pause that doubles while it keeps dying young (0.5 s up to 30 s).
A worker whose *first* run exits with status 1 (port taken, bad key) stops
everything: the error is the host's to fix. SIGTERM or SIGINT is passed on
to every worker, which stops politely; one still running after
``STOP_TIMEOUT`` seconds is killed.

A supervisor killed hard (``kill -9``, OOM) cannot pass anything on, so its
workers watch it: each gets the read end of a pipe whose write end only the
supervisor holds (fd number in ``AHOY_SUPERVISOR_FD``). When the supervisor
ends, however, the read sees end-of-file and the worker stops as on SIGTERM
(:func:`stop_when_supervisor_ends`): it closes its listener at once, tells its
players, releases its tables' leases and exits, so a new supervisor can bind
the port and its workers adopt the tables.
"""

from __future__ import annotations

import asyncio
import errno
import logging
import os
import signal
import socket
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

import asyncssh

from ahoy_tui.cluster.retry import until_loaded
from ahoy_tui.store.base import StoreError
from server.hostkey import load_or_create_host_key

log = logging.getLogger("ahoy.supervisor")

BACKOFF_FIRST = 0.5
BACKOFF_MAX = 30.0
HEALTHY_AFTER = 30.0
"""Seconds a worker must run for its next restart to wait only ``BACKOFF_FIRST`` again."""
STOP_TIMEOUT = 15.0
POLL = 0.1
ALIVE_ENV = "AHOY_SUPERVISOR_FD"
"""The environment variable that gives a worker the fd of its end of the supervisor's pipe."""
WORKER_INDEX_ENV = "AHOY_WORKER_INDEX"
"""The environment variable that gives a worker its index, 0..N-1 (``--metrics`` serves on PORT + index)."""


@dataclass
class _Slot:
    """One worker place: its process (None while waiting to restart), when it started, its backoff."""

    index: int
    proc: subprocess.Popen | None = None
    started: float = 0.0
    runs: int = 0
    backoff: float = BACKOFF_FIRST
    restart_at: float = 0.0
    exits: list[int] = field(default_factory=list)


class Supervisor:
    """Keeps ``workers`` copies of ``command`` running (see the module docstring).

    Args:
        command: The worker's command line.
        workers: How many.
        clock: Monotonic seconds (tests).
    """

    def __init__(self, command: list[str], workers: int, clock=time.monotonic) -> None:  # noqa: ANN001
        self.command = command
        self.slots = [_Slot(i) for i in range(workers)]
        self.clock = clock
        self.stopping = False
        self.failed = False
        self._alive_r, self._alive_w = os.pipe()  # not inheritable: only the read end is passed on

    def _start(self, slot: _Slot) -> None:
        """Start ``slot``'s worker; only the first worker's first run prints the start banner."""
        quiet = ["--no-banner"] if slot.index or slot.runs else []
        slot.proc = subprocess.Popen(self.command + quiet, pass_fds=(self._alive_r,),
                                     env={**os.environ, ALIVE_ENV: str(self._alive_r),
                                          WORKER_INDEX_ENV: str(slot.index)})
        slot.started = self.clock()
        slot.runs += 1
        log.info("worker %d started (pid %d)", slot.index, slot.proc.pid)

    def _reap(self, slot: _Slot) -> None:
        """``slot``'s worker ended: plan its restart (or give up when its first run failed)."""
        code = slot.proc.returncode
        ran = self.clock() - slot.started
        slot.proc = None
        slot.exits.append(code)
        if slot.runs == 1 and code == 1:
            log.error("worker %d could not start (exit status 1): stopping", slot.index)
            self.failed = self.stopping = True
            return
        slot.backoff = BACKOFF_FIRST if ran >= HEALTHY_AFTER else min(BACKOFF_MAX, slot.backoff * 2)
        slot.restart_at = self.clock() + slot.backoff
        log.warning("worker %d exited (status %s) after %.1f s: restarting in %.1f s",
                    slot.index, code, ran, slot.backoff)

    def step(self) -> None:
        """Reap dead workers and start those whose pause is over (one pass)."""
        for slot in self.slots:
            if slot.proc is not None and slot.proc.poll() is not None:
                self._reap(slot)
            if slot.proc is None and not self.stopping and self.clock() >= slot.restart_at:
                self._start(slot)

    def stop(self, *_: object) -> None:
        """Ask the loop to end (a signal handler)."""
        self.stopping = True

    def _stop_all(self) -> None:
        live = [s.proc for s in self.slots if s.proc is not None and s.proc.poll() is None]
        for p in live:
            p.send_signal(signal.SIGTERM)
        deadline = self.clock() + STOP_TIMEOUT
        for p in live:
            try:
                p.wait(max(0.0, deadline - self.clock()))
            except subprocess.TimeoutExpired:
                log.warning("worker pid %d did not stop: killed", p.pid)
                p.kill()
                p.wait()

    def run(self) -> int:
        """Supervise until SIGTERM/SIGINT; returns the exit status (0, or 1 when a worker could not start)."""
        for sig in (signal.SIGINT, signal.SIGTERM):
            signal.signal(sig, self.stop)
        while not self.stopping:
            self.step()
            time.sleep(POLL)
        self._stop_all()
        os.close(self._alive_r)
        os.close(self._alive_w)
        return 1 if self.failed else 0


def stop_when_supervisor_ends(stop: Callable[[], None]) -> None:
    """In a worker, on its running loop: call ``stop`` once the supervisor that started it has
    ended, however it ended (``kill -9`` too): its end of the pipe (``AHOY_SUPERVISOR_FD``) reads
    end-of-file. Nothing happens in a process no supervisor started. The variable is taken out of
    the environment, so a process this one starts does not think it was started by the supervisor.
    """
    value = os.environ.pop(ALIVE_ENV, None)
    if value is None:
        return
    loop = asyncio.get_running_loop()
    fd = int(value)

    def readable() -> None:
        try:
            if os.read(fd, 1):
                return  # never written to: only its end means something
        except OSError:
            pass
        loop.remove_reader(fd)
        os.close(fd)
        log.warning("the supervisor is gone: stopping")
        stop()
    loop.add_reader(fd, readable)


def check_port_free(host: str, port: int) -> None:
    """Bind ``host:port`` once *without* ``SO_REUSEPORT`` and let it go.

    The workers listen with ``SO_REUSEPORT``, so a second ``ahoy-server
    --workers N`` of the same user on the same port would not fail: the
    kernel would quietly split new players between the two clusters (two
    host keys, two lobbies). A plain bind fails while anything listens there.
    The probe sets ``SO_REUSEADDR``, as the workers' listeners do: connections
    of a cluster just stopped, left in ``TIME_WAIT`` for up to a minute, do not
    count as a server there (on Linux it still fails against a listener).

    Raises:
        OSError: the port is taken (the message names it), or the host does not resolve.
    """
    for family, kind, proto, _, address in socket.getaddrinfo(host or None, port, type=socket.SOCK_STREAM,
                                                                flags=socket.AI_PASSIVE):
        with socket.socket(family, kind, proto) as probe:
            if family == socket.AF_INET6:
                probe.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 1)
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            try:
                probe.bind(address)
            except OSError as e:
                if e.errno == errno.EADDRINUSE:
                    raise OSError(f"port {port} is already in use on {address[0]} (another ahoy-server?)") from None
                raise


def supervise(argv: list[str], workers: int, host_key_path: Path, redis_url: str,
              host: str = "0.0.0.0", port: int = 2222) -> int:
    """Create the host key, check Redis and that ``host:port`` is free, then run ``workers``
    workers of ``ahoy-server argv --worker``.

    Returns:
        The exit status: 1 (one line logged) when the key or Redis is unusable, the port
        is taken, or a worker cannot start, else 0 after SIGTERM/SIGINT.
    """
    try:
        load_or_create_host_key(host_key_path)
        until_loaded(redis_url)  # waits while Redis is still loading its data
        check_port_free(host, port)
    except (OSError, asyncssh.KeyImportError, StoreError) as e:
        log.error("cannot start: %s", e)
        return 1
    sys.stdout.write(f"Ahoy supervisor (pid {os.getpid()}): {workers} workers sharing {redis_url}\n")
    sys.stdout.flush()
    status = Supervisor([sys.executable, "-m", "server.main", *argv, "--worker"], workers).run()
    if status == 0:
        sys.stdout.write("Ahoy server stopped.\n")
        sys.stdout.flush()
    return status

"""``ahoy-server --metrics HOST:PORT``: one server process's metrics for Prometheus (docs/deploy.md, "Metrics").

Off by default. When on, ``GET /metrics`` on ``HOST:PORT`` answers in the
Prometheus text format (or OpenMetrics, when the scraper asks for it),
written by the official client library (``prometheus_client``). The HTTP
side is a few lines on the server's own event loop, so the lobby, the
sessions and the store are read on the loop that writes them, at scrape
time, without locks; nothing else listens on that port.

What is counted where (issue 25: the path from a game action to the
screens gets no timer and no per-session work from this module):

* gauges (sessions by kind, tables by game and state, the store's queue,
  leases) are read lazily by :class:`ServerCollector` when Prometheus
  scrapes, from what the server keeps anyway;
* counters (logins, refusals, sessions started, game actions, finished
  games, bytes sent, store and Redis errors, adoptions) are plain integers
  the server increments once per event (``server.tally``,
  ``ahoy_tui.lobby.tally``, ``server.driver.SENT``), turned into metrics at
  scrape time too;
* histograms are observed as things happen: the loop thread's CPU per
  screen update and per frame (two clock reads and one observation each,
  installed only with ``--metrics``: ``textual_private.time_screen_updates``,
  ``ahoy_tui.hosting.apps.FRAME_TIMER``), the event loop's lag (one process-wide
  sampler every :data:`LAG_EVERY` s), garbage-collector pauses
  (``gc.callbacks``), and the store's batch writes (its writer thread).

Labels are bounded: kinds, reasons, game names and table states are fixed
words; no player name, key, address or table id is ever a label.

With ``--workers N`` each worker serves its own port, ``PORT + index``
(index 0..N-1, from the supervisor: :data:`WORKER_INDEX_ENV`); see
docs/deploy.md for why not the client library's multiprocess mode.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import os
import time
from typing import Any, Iterable

from prometheus_client import CollectorRegistry, Histogram, PlatformCollector, ProcessCollector
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily, Metric
from prometheus_client.exposition import choose_encoder
from prometheus_client.registry import Collector

from ahoy_tui.games.registry import GAMES
from ahoy_tui.hosting import apps as hosting
from ahoy_tui.hosting import textual_private
from ahoy_tui.lobby import tally as lobby_tally
from server.driver import SENT
from server.supervisor import WORKER_INDEX_ENV
from server.tally import REFUSAL_REASONS, SESSION_KINDS

log = logging.getLogger(__name__)

LAG_EVERY = 0.5
"""Seconds between two samples of the event loop's lag."""
TABLE_STATES = ("waiting", "playing", "between_hands", "game_over")
"""``Table.status`` values (the ``state`` label of ``ahoy_tables``)."""

CPU_BUCKETS = (0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1.0)
LAG_BUCKETS = (0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)
GC_BUCKETS = (0.0001, 0.0005, 0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0)
WRITE_BUCKETS = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5)


def metrics_address(text: str) -> tuple[str, int]:
    """``HOST:PORT`` (``[::1]:9100`` for IPv6) as ``(host, port)``; the type of ``--metrics``.

    Raises:
        ValueError: not of that form, or the port is not 0-65535 (argparse prints it).
    """
    host, sep, port = text.rpartition(":")
    host = host[1:-1] if host.startswith("[") and host.endswith("]") else host
    if not sep or not host or not port.isdigit() or int(port) > 65535:
        raise ValueError(f"want HOST:PORT (127.0.0.1:9100), not {text!r}")
    return host, int(port)


metrics_address.__name__ = "HOST:PORT"  # argparse names the type in its error line


def worker_port(port: int, environ: dict[str, str] | None = None) -> int:
    """The port this process serves: ``port`` plus the supervisor's worker index (0 stays 0)."""
    index = (os.environ if environ is None else environ).get(WORKER_INDEX_ENV, "")
    return port + int(index) if port and index.isdigit() else port


class ServerCollector(Collector):
    """The gauges and counters read at scrape time (see the module docstring).

    Args:
        server: The ``AhoyServer`` (``sessions``, ``tally``, ``lobby_host``: the tables this process
            owns, its store's queue and errors, its leases).
    """

    def __init__(self, server: Any) -> None:
        self.server = server
        self.host = server.lobby_host

    def collect(self) -> Iterable[Metric]:
        tally = self.server.tally
        store = self.host.store
        tables = [t for t in list(self.host.core.tables.values()) if not t.closed]
        bots = sum(1 for t in tables for s in t.seats if s.kind == "bot")
        sessions = GaugeMetricFamily("ahoy_sessions", "Sessions now, by kind (screen: the full-screen TUI; "
                                     "command: a plain-text answer; bot: a bot's seat at a table; "
                                     "bot_api: a program over ssh host bot)", labels=["kind"])
        api = sum(1 for s in list(self.server.sessions) if s.api_bot)
        sessions.add_metric(["screen"], len(self.server.sessions) - api)
        sessions.add_metric(["bot_api"], api)
        sessions.add_metric(["command"], tally.commands_running)
        sessions.add_metric(["bot"], bots)
        yield sessions
        started = CounterMetricFamily("ahoy_sessions_started", "Sessions started, by kind", labels=["kind"])
        for kind in SESSION_KINDS:
            started.add_metric([kind], tally.started[kind])
        yield started
        logins = CounterMetricFamily("ahoy_logins", "SSH authentications that succeeded, by method",
                                     labels=["method"])
        for method in ("key", "keyless"):
            logins.add_metric([method], tally.logins[method])
        yield logins
        refusals = CounterMetricFamily("ahoy_refusals", "Connections, logins and sessions refused, by reason",
                                       labels=["reason"])
        for reason in REFUSAL_REASONS:
            refusals.add_metric([reason], tally.refusals[reason])
        yield refusals
        by_state: dict[tuple[str, str], int] = {}
        for t in tables:
            key = (t.config.game, t.status)
            by_state[key] = by_state.get(key, 0) + 1
        games = sorted({g for g, _ in by_state} | set(lobby_tally.actions) | set(lobby_tally.finished) | set(GAMES))
        gauge = GaugeMetricFamily("ahoy_tables", "Open tables this process owns, by game and state",
                                  labels=["game", "state"])
        for game in games:
            for state in TABLE_STATES:
                gauge.add_metric([game, state], by_state.get((game, state), 0))
        yield gauge
        actions = CounterMetricFamily("ahoy_game_actions", "Game actions applied, by game", labels=["game"])
        finished = CounterMetricFamily("ahoy_games_finished", "Games that ended, by game", labels=["game"])
        for game in games:
            actions.add_metric([game], lobby_tally.actions[game])
            finished.add_metric([game], lobby_tally.finished[game])
        yield actions
        yield finished
        yield CounterMetricFamily("ahoy_sent_bytes", "Bytes written to the players' SSH channels", value=SENT.bytes)
        yield GaugeMetricFamily("ahoy_store_queue_depth", "Store writes queued, not yet written for good",
                                value=store.queued)
        yield CounterMetricFamily("ahoy_store_write_errors", "Store batch writes that failed (each is retried)",
                                  value=store.write_errors)
        shared = self.host.shared_counts()
        yield GaugeMetricFamily("ahoy_leases", "Table leases this worker holds (0 without --redis)",
                                value=shared.leases)
        yield CounterMetricFamily("ahoy_adoptions", "Tables taken over from other workers (0 without --redis)",
                                  value=shared.adoptions)
        errors = CounterMetricFamily("ahoy_redis_errors", "Redis round trips that failed, by where "
                                     "(0 without --redis)", labels=["where"])
        errors.add_metric(["store"], shared.store_errors)
        errors.add_metric(["leases"], shared.lease_errors)
        yield errors


class Metrics:
    """The registry, the observers and the ``/metrics`` listener of one process.

    Attributes:
        registry: Every metric served.
        port: The port listened on (after :meth:`start`; the one asked for, or the one picked for 0).
    """

    def __init__(self, server: Any) -> None:
        self.registry = registry = CollectorRegistry(auto_describe=True)
        ProcessCollector(registry=registry)
        PlatformCollector(registry=registry)
        registry.register(ServerCollector(server))
        self.screen_cpu = Histogram("ahoy_screen_update_cpu_seconds",
                                    "Loop-thread CPU per screen update: widgets rendered and the frame written",
                                    buckets=CPU_BUCKETS, registry=registry)
        self.frame_cpu = Histogram("ahoy_frame_cpu_seconds",
                                   "Loop-thread CPU per frame painted: frame diff, encoding and write",
                                   buckets=CPU_BUCKETS, registry=registry)
        self.loop_lag = Histogram("ahoy_event_loop_lag_seconds",
                                  f"How late the event loop ran a timer due every {LAG_EVERY:g} s",
                                  buckets=LAG_BUCKETS, registry=registry)
        gc_pause = Histogram("ahoy_gc_pause_seconds", "Garbage-collector pauses, by generation",
                             labelnames=["generation"], buckets=GC_BUCKETS, registry=registry)
        self._gc_pause = [gc_pause.labels(str(g)) for g in range(3)]
        self.store_write = Histogram("ahoy_store_write_seconds", "Store batch writes (the writer thread)",
                                     buckets=WRITE_BUCKETS, registry=registry)
        self.store = server.lobby_host.store
        self.port = 0
        self._listener: asyncio.AbstractServer | None = None
        self._lag: asyncio.Task[None] | None = None
        self._gc_started = 0.0
        self._untime: Any = None

    # -- observers ---------------------------------------------------------

    def _gc(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._gc_started = time.perf_counter()
        elif self._gc_started:
            self._gc_pause[min(2, info.get("generation", 2))].observe(time.perf_counter() - self._gc_started)

    async def _sample_lag(self) -> None:
        loop = asyncio.get_running_loop()
        observe = self.loop_lag.observe
        while True:
            due = loop.time() + LAG_EVERY
            await asyncio.sleep(LAG_EVERY)
            observe(max(0.0, loop.time() - due))

    def _install(self) -> None:
        self._untime = textual_private.time_screen_updates(self.screen_cpu.observe)
        hosting.FRAME_TIMER[:] = [self.frame_cpu.observe]
        gc.callbacks.append(self._gc)
        self.store.on_batch = lambda ops, seconds: self.store_write.observe(seconds)
        self._lag = asyncio.ensure_future(self._sample_lag())

    def _uninstall(self) -> None:
        if self._lag is not None:
            self._lag.cancel()
            self._lag = None
        if self._gc in gc.callbacks:
            gc.callbacks.remove(self._gc)
        hosting.FRAME_TIMER.clear()
        if self._untime is not None:
            self._untime()
            self._untime = None
        self.store.on_batch = None

    # -- HTTP ----------------------------------------------------------------

    async def start(self, host: str, port: int) -> None:
        """Install the observers and listen on ``host:port`` (0: a free port, see :attr:`port`).

        Raises:
            OSError: the address cannot be bound (nothing stays installed).
        """
        self._install()
        try:
            self._listener = await asyncio.start_server(self._answer, host, port)
        except OSError as e:
            self._uninstall()
            raise OSError(f"--metrics {host}:{port}: {e.strerror or e}") from None
        self.port = self._listener.sockets[0].getsockname()[1]
        log.info("metrics on http://%s:%d/metrics", host, self.port)

    async def stop(self) -> None:
        """Stop listening and remove every observer."""
        self._uninstall()
        if self._listener is not None:
            self._listener.close()
            await self._listener.wait_closed()
            self._listener = None

    async def _answer(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        """One HTTP request: ``GET /metrics`` (or ``HEAD``), else 404 or 405; then the connection closes."""
        try:
            head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 10)
        except (asyncio.TimeoutError, asyncio.IncompleteReadError, asyncio.LimitOverrunError, OSError):
            writer.close()
            return
        lines = head.decode("latin-1").split("\r\n")
        parts = lines[0].split()
        headers = {k.strip().lower(): v.strip() for k, _, v in (h.partition(":") for h in lines[1:] if h)}
        method, path = (parts[0], parts[1].split("?")[0]) if len(parts) >= 2 else ("", "")
        if method not in ("GET", "HEAD"):
            status, ctype, body = "405 Method Not Allowed", "text/plain; charset=utf-8", b"GET /metrics\n"
        elif path != "/metrics":
            status, ctype, body = "404 Not Found", "text/plain; charset=utf-8", b"not here: GET /metrics\n"
        else:
            encoder, ctype = choose_encoder(headers.get("accept", ""))
            status, body = "200 OK", encoder(self.registry)
        writer.write(f"HTTP/1.1 {status}\r\nContent-Type: {ctype}\r\nContent-Length: {len(body)}\r\n"
                     "Connection: close\r\n\r\n".encode() + (body if method == "GET" else b""))
        try:
            await writer.drain()
        except OSError:
            pass
        writer.close()


async def start_metrics(address: tuple[str, int], server: Any) -> Metrics:
    """Serve ``/metrics`` for this process on ``address`` (plus the worker index under a supervisor).

    Raises:
        OSError: the address cannot be bound (one line naming it).
    """
    metrics = Metrics(server)
    await metrics.start(address[0], worker_port(address[1]))
    return metrics

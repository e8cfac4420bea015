"""The real SSH server with a bench-only seating hook, for ``bench/load.py``.

Runs ``server.ssh.AhoyServer`` with the real UI (``AhoyApp``) and the real
lobby, with three additions that exist only for the benchmark:

* the lobby's ``Timing`` comes from the command line (``--bot-delay``), so
  autopiloted seats act about once per second;
* a session whose name is ``tNNNsS`` is seated at table ``TNNN`` (seat
  0 creates it, the others join it; ``SEATED <t> <s>``); SIGUSR1 starts
  every full table this process owns and puts every seat on the autopilot
  (a new game clears it), so the lobby plays for every person;
* ``--redis URL`` makes it one worker of a cluster lobby (``ClusterLobby``
  over the worker's node, listening with SO_REUSEPORT): ``bench/load.py
  --workers 2`` starts two on one port;
* ``--pilot-kind hard`` makes the autopilot of every person's seat a hard
  bot (issue 17; the real autopilot stays baseline), to compare loads;
* every applied game action is printed on stdout as
  ``A <table> <seat> <version> <monotonic time>`` (``time.monotonic`` is
  the system-wide CLOCK_MONOTONIC, comparable with the client process).

Run by ``bench/load.py``; by hand::

    .venv/bin/python bench/load_server.py --port 2299 --bot-delay 0.8 1.2
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import re
import signal
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from ahoy_tui.lobby import Lobby, LobbyAPI, LobbyError, TableConfig, Timing  # noqa: E402
from ahoy_tui.lobby.embedded import EmbeddedHost  # noqa: E402
from ahoy_tui.lobby.code_guard import table_guard  # noqa: E402
from ahoy_tui.lobby.table import Table  # noqa: E402
from ahoy_tui.session import SessionInfo  # noqa: E402
from ahoy_tui.ui.ahoy_app import AhoyApp  # noqa: E402
from ahoy_tui.store import MemoryStore  # noqa: E402
from ahoy_tui.store.sqlite import SQLiteStore  # noqa: E402
from server.ssh import AhoyServer, ServerConfig  # noqa: E402

_NAME = re.compile(r"t(\d+)s(\d)")
SEATS = 4


class Seating:
    """Seats ``tNNNsS`` sessions at tables of four through the lobby contract; starts them on request.

    Seat 0 creates table ``TNNN``; the others find it by name in the table list
    (with ``--redis`` it may be another worker's) and join it. Each seated
    session prints ``SEATED <t> <s>``.
    """

    def __init__(self, api: LobbyAPI, core: Lobby, clocks: str) -> None:
        self.api = api
        self.core = core
        self.clocks = clocks
        self.tables: dict[int, dict[str, Any]] = {}

    def factory(self, info: SessionInfo, lobby: LobbyAPI, handle: Any = None) -> AhoyApp:
        """The real app; a bench name seats the player when the app is ready."""
        match = _NAME.fullmatch(info.display_name)
        on_ready = None
        if match:
            t, s = int(match.group(1)), int(match.group(2))
            on_ready = lambda app: asyncio.ensure_future(self.seat(app, t, s))  # noqa: E731
        return AhoyApp(info, lobby, handle, on_ready=on_ready)

    async def seat(self, app: AhoyApp, t: int, s: int) -> None:
        group = self.tables.setdefault(t, {"apps": {}, "tid": None})
        group["apps"][s] = app
        api, name = self.api, f"T{t:03d}"
        try:
            if s == 0:
                cfg = TableConfig.make(name=name, seats=SEATS, limit=1000, clocks=self.clocks)
                tid = await self._create(app, cfg)
            else:
                tid = await self._find(name)
                await api.join(app.handle, tid)
                await api.set_ready(app.handle, tid, True)
        except Exception as error:  # noqa: BLE001 - reported to the bench
            print(f"ERR seat {name} {s}: {error}", flush=True)
            return
        group["tid"] = tid
        app.open_table(tid)
        print(f"SEATED {t} {s}", flush=True)

    async def _create(self, app: AhoyApp, cfg: TableConfig) -> str:
        """Create the table, trying again while the cluster has no table id ready (a burst)."""
        for _ in range(100):
            try:
                return await self.api.create_table(app.handle, cfg)
            except LobbyError as refused:
                if "busy" not in refused.reason:
                    raise
                await asyncio.sleep(0.2)
        return await self.api.create_table(app.handle, cfg)

    async def _find(self, name: str) -> str:
        for _ in range(600):
            tid = next((x.table_id for x in await self.api.table_summaries() if x.name == name), None)
            if tid is not None:
                return tid
            await asyncio.sleep(0.1)
        raise RuntimeError(f"no table {name}")

    def start_all(self) -> None:
        """Start every full table this process owns; the autopilot plays every seat."""
        core, started = self.core, 0
        for t, group in sorted(self.tables.items()):
            table = core.tables.get(group["tid"]) if group["tid"] else None
            if 0 not in group["apps"] or table is None or table.filled() < SEATS or group.get("started"):
                continue
            try:
                core.start(group["apps"][0].handle, group["tid"])
                with core.batch():
                    for seat in table.seats:
                        seat.auto = True
                    table.changed()
                group["started"] = True
                started += 1
            except Exception as error:  # noqa: BLE001 - reported to the bench
                print(f"ERR start T{t:03d}: {error}", flush=True)
        print(f"STARTED {started}", flush=True)
        print(f"STARTED {started} t={time.monotonic():.3f}", file=sys.stderr, flush=True)


def record_gc_pauses() -> None:
    """Log every garbage-collector pass of 5 ms or more on stderr (``GC gen=G ms=M``)."""
    import gc

    started = [0.0]

    def callback(phase: str, info: dict) -> None:
        if phase == "start":
            started[0] = time.perf_counter()
        else:
            ms = (time.perf_counter() - started[0]) * 1000
            if ms >= 5:
                print(f"GC gen={info['generation']} ms={ms:.1f} t={time.monotonic():.3f}", file=sys.stderr, flush=True)

    gc.callbacks.append(callback)


async def record_loop_lag(every: float = 0.1, report: float = 0.5) -> None:
    """Log every event-loop stall of ``report`` s or more on stderr (``LAG ms=M``)."""
    while True:
        t0 = time.monotonic()
        await asyncio.sleep(every)
        lag = time.monotonic() - t0 - every
        if lag >= report:
            print(f"LAG ms={lag * 1000:.0f} t={time.monotonic():.3f}", file=sys.stderr, flush=True)


def pilot_kind(kind: str) -> None:
    """Bench only: persons' seats are autopiloted by bots of ``kind`` (default: the baseline)."""
    from ahoy_tui.lobby.autopilot import Autopilot

    def bot_for(self: Autopilot, seat: int) -> Any:
        bot = self.bots.get(seat)
        if bot is None:
            k = self.table.bot_kind(seat) or kind
            bot = self.bots[seat] = self.spec.make_bot(k, self.rng.getrandbits(32))
        return bot

    Autopilot.bot_for = bot_for  # type: ignore[method-assign]


def record_actions() -> None:
    """Print one line per applied game action (after it was published)."""
    original = Table.apply_action
    out = sys.stdout

    def apply_action(self: Table, seat: int, action: Any, by: str) -> None:
        t0 = time.monotonic()
        original(self, seat, action, by)
        out.write(f"A {self.config.name} {seat} {self.version} {t0:.6f}\n")
        out.flush()

    Table.apply_action = apply_action  # type: ignore[method-assign]


async def serve(args: argparse.Namespace) -> None:
    timing = Timing(bot_delay=(args.bot_delay[0], args.bot_delay[1]), between_hands=args.between_hands)
    cluster = node = None
    if args.redis:
        from ahoy_tui.cluster.hosted import ClusterHost, join_cluster

        cluster, node = await join_cluster(args.redis, args.lease_ttl, timing=timing, seed=args.seed)
        host = ClusterHost(cluster, node)
        store, lobby, api = node.store, cluster.core, cluster
    else:
        store = SQLiteStore(Path(args.state_dir) / "ahoy.db") if args.store else MemoryStore()
        lobby = Lobby(timing=timing, seed=args.seed, store=store)
        host = EmbeddedHost(lobby)
        api = host.lobby
    # Every bench player comes from 127.0.0.1, one address group: the lobby's limit of new tables per
    # address group (12 a minute, docs/security.md) would seat 12 tables and refuse the rest.
    lobby.new_tables = table_guard(lobby.clock.now, 10**9, 60.0, 10**9)
    seating = Seating(api, lobby, args.clocks)
    config = ServerConfig(
        host="127.0.0.1", port=args.port, host_key_path=Path(args.state_dir) / "host_ed25519_key",
        max_sessions=0, max_sessions_per_address=0,
        max_connections_per_minute=0, app_factory=seating.factory, reuse_port=bool(args.redis),
    )
    server = AhoyServer(config, host)
    await server.start()
    record_actions()
    record_gc_pauses()
    asyncio.ensure_future(record_loop_lag())
    if args.pilot_kind != "baseline":
        pilot_kind(args.pilot_kind)
    print(f"Ahoy bench server listening on 127.0.0.1:{server.port}", flush=True)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    loop.add_signal_handler(signal.SIGUSR1, seating.start_all)
    if cluster is not None:
        bus = cluster.bus
        loop.add_signal_handler(signal.SIGUSR2, lambda: print(
            f"BUS {bus.bytes_out} {bus.published} t={time.monotonic():.3f}", flush=True))
    await stop.wait()
    lobby.freeze()
    await server.stop()
    if cluster is not None:
        await cluster.close()
        await node.stop()
    else:
        store.close()


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--port", type=int, default=0)
    p.add_argument("--state-dir", default="/tmp")
    p.add_argument("--bot-delay", type=float, nargs=2, default=(0.8, 1.2), metavar=("MIN", "MAX"))
    p.add_argument("--between-hands", type=float, default=6.0)
    p.add_argument("--clocks", default="untimed")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--store", action="store_true", help="keep tables in STATE_DIR/ahoy.db (SQLite)")
    p.add_argument("--pilot-kind", default="baseline", help="bot kind of every autopiloted seat (bench only)")
    p.add_argument("--redis", default=None, metavar="URL",
                   help="one worker of a cluster lobby on this Redis (SO_REUSEPORT on --port); SIGUSR2 prints "
                        "BUS <bytes written to Redis> <messages published> t=<monotonic>")
    p.add_argument("--lease-ttl", type=float, default=15.0,
                   help="seconds a table's lease (and a worker's heartbeat) lasts: the bench's connect "
                        "storms stall a worker's loop for seconds on 2 cores (default 15)")
    args = p.parse_args()
    logging.basicConfig(level=logging.WARNING, stream=sys.stderr)
    asyncio.run(serve(args))


if __name__ == "__main__":
    main()

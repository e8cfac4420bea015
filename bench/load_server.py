"""The real SSH server with a bench-only seating hook, for ``bench/load.py``.

Runs ``server.ssh.AhoyServer`` with the real UI (``AhoyApp``) and the real
lobby, with three additions that exist only for the benchmark:

* the lobby's ``Timing`` comes from the command line (``--bot-delay``), so
  autopiloted seats act about once per second;
* a session whose name is ``tNNNsS`` is seated at table ``TNNN`` (seat
  ``S``; seat 0 creates it) SIGUSR1 starts every full table and puts
  every seat on the autopilot (a new game clears it), so the lobby plays
  for every person;
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

from ahoy_tui.lobby import InMemoryLobby, Lobby, LobbyAPI, TableConfig, Timing  # noqa: E402
from ahoy_tui.lobby.table import Table  # noqa: E402
from ahoy_tui.session import SessionInfo  # noqa: E402
from ahoy_tui.ui.ahoy_app import AhoyApp  # noqa: E402
from ahoy_tui.store import MemoryStore  # noqa: E402
from ahoy_tui.store.sqlite import SQLiteStore  # noqa: E402
from server.ssh import AhoyServer, ServerConfig  # noqa: E402

_NAME = re.compile(r"t(\d+)s(\d)")
SEATS = 4


class Seating:
    """Seats ``tNNNsS`` sessions at tables of four; starts them on request."""

    def __init__(self, lobby: Lobby, clocks: str) -> None:
        self.lobby = lobby
        self.clocks = clocks
        self.tables: dict[int, dict[str, Any]] = {}

    def factory(self, info: SessionInfo, lobby: LobbyAPI, handle: Any = None) -> AhoyApp:
        """The real app; a bench name seats the player when the app is ready."""
        match = _NAME.fullmatch(info.display_name)
        on_ready = None
        if match:
            t, s = int(match.group(1)), int(match.group(2))
            on_ready = lambda app: self.seat(app, t, s)  # noqa: E731
        return AhoyApp(info, lobby, handle, on_ready=on_ready)

    def seat(self, app: AhoyApp, t: int, s: int) -> None:
        group = self.tables.setdefault(t, {"apps": {}, "tid": None, "joined": set()})
        group["apps"][s] = app
        lobby = self.lobby
        if group["tid"] is None and s == 0:
            cfg = TableConfig.make(name=f"T{t:03d}", seats=SEATS, limit=1000, clocks=self.clocks)
            group["tid"] = lobby.create_table(app.handle, cfg)
            app.open_table(group["tid"])
            group["joined"].add(0)
        tid = group["tid"]
        if tid is None:
            return
        for seat, other in sorted(group["apps"].items()):
            if seat in group["joined"]:
                continue
            other.open_table(tid)
            lobby.join(other.handle, tid)
            lobby.set_ready(other.handle, tid, True)
            group["joined"].add(seat)
        if len(group["joined"]) == SEATS:
            print(f"SEATED {t}", flush=True)

    def start_all(self) -> None:
        started = 0
        for t, group in sorted(self.tables.items()):
            if len(group["joined"]) == SEATS and not group.get("started"):
                try:
                    self.lobby.start(group["apps"][0].handle, group["tid"])
                    for app in group["apps"].values():
                        self.lobby.set_autopilot(app.handle, group["tid"], True)
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
    store = SQLiteStore(Path(args.state_dir) / "ahoy.db") if args.store else MemoryStore()
    lobby = Lobby(timing=timing, seed=args.seed, store=store)
    seating = Seating(lobby, args.clocks)
    config = ServerConfig(
        host="127.0.0.1", port=args.port, host_key_path=Path(args.state_dir) / "host_ed25519_key",
        max_sessions=0, max_sessions_per_address=0,
        max_connections_per_minute=0, app_factory=seating.factory,
    )
    server = AhoyServer(config, InMemoryLobby(lobby))
    await server.start()
    record_actions()
    record_gc_pauses()
    if args.pilot_kind != "baseline":
        pilot_kind(args.pilot_kind)
    print(f"Ahoy bench server listening on 127.0.0.1:{server.port}", flush=True)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    loop.add_signal_handler(signal.SIGUSR1, seating.start_all)
    await stop.wait()
    lobby.freeze()
    await server.stop()
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
    args = p.parse_args()
    logging.basicConfig(level=logging.WARNING, stream=sys.stderr)
    asyncio.run(serve(args))


if __name__ == "__main__":
    main()

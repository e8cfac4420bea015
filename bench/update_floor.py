"""The floor under a seated screen's update: what SSH alone, and the cheapest hosted Textual update, cost.

Issue 25 asks for <= 1 ms of server CPU per seated-screen update, SSH
included. This bench measures, with the same clients and the same
/proc reading, two servers that do strictly less than a table update:

* ``raw``: a bare asyncssh server (no Textual, no game) in its own process
  that writes a frame of ``--bytes`` bytes to every session's channel on a
  shared timer, the way a table update ends: one event-loop wake-up, one
  channel write per session. This is the cost of the SSH layer and the
  event loop per screen update, whatever draws the screen.
* ``textual``: the real ``ahoy-server`` hosting ``bench/floor_app.py``: one
  Line-API widget per session, one row changed per tick and refreshed by
  region (one Textual screen update, our frame diff, one SSH write), on
  the same kind of shared timer. The lower bound for any design that keeps
  a Textual app per session (the table's own work comes on top).

Each mode: N light clients (bytes counted, no terminal emulator; one
client process), all connected and settled, then the server's CPU over a
window (``/proc/PID/stat``) divided by the updates the clients received
(one SSH packet per session and update). The server and the clients share
the machine's cores, as in ``bench/load.py``.

Run: .venv/bin/python bench/update_floor.py [-n 40] [--period 0.25] [--seconds 20] [--bytes 700]
         [--modes raw,textual] [--rounds 2]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
from pathlib import Path

import asyncssh

from ssh_common import ROOT, ServerProcess, connect

sys.path.insert(0, str(Path(__file__).resolve().parent))
from load import LightPlayer  # noqa: E402


class FloorServer(ServerProcess):
    """``ahoy-server --app floor_app:create_app`` (``textual``) or this file's ``--serve-raw`` (``raw``)."""

    def __init__(self, mode: str, period: float, size: int, sessions: int) -> None:  # noqa: D107
        self.state = tempfile.mkdtemp(prefix="ahoy-floor-")
        env = dict(os.environ, PYTHONPATH=f"{ROOT / 'bench'}:{ROOT}", FLOOR_PERIOD=str(period))
        if mode == "raw":
            argv = [sys.executable, __file__, "--serve-raw", self.state, "--period", str(period),
                    "--bytes", str(size)]
        else:
            argv = [str(ROOT / ".venv" / "bin" / "ahoy-server"), "--host", "127.0.0.1", "--port", "0",
                    "--state-dir", self.state, "--log-level", "WARNING", "--app", "floor_app:create_app",
                    "--max-sessions", str(sessions + 10), "--max-sessions-per-address", "0",
                    "--max-connections-per-minute", "0"]
        self._launch(argv, None, env)


def frame(size: int) -> bytes:
    """``size`` bytes shaped like a partial frame: cursor moves, colour changes and text."""
    piece = b"\x1b[7;47H\x1b[1;97mHook offered\x1b[0;36m Calico Jack a card \x1b[33mfor 7\xe2\x99\xa3\x1b[0m"
    return (piece * (size // len(piece) + 1))[:size]


async def serve_raw(state: str, period: float, size: int) -> None:
    """A bare asyncssh server: every session gets ``size`` bytes every ``period`` seconds (one timer)."""
    key = asyncssh.generate_private_key("ssh-ed25519")
    channels: set[asyncssh.SSHServerProcess] = set()
    payload = frame(size).decode("utf-8", "replace").encode("utf-8")[:size]

    async def session(process: asyncssh.SSHServerProcess) -> None:
        channels.add(process)
        try:
            await process.stdin.read()  # until the client closes
        except (asyncssh.Error, OSError):
            pass
        finally:
            channels.discard(process)
            process.exit(0)

    class NoAuth(asyncssh.SSHServer):
        def begin_auth(self, username: str) -> bool:
            return False

    server = await asyncssh.create_server(NoAuth, "127.0.0.1", 0, server_host_keys=[key],
                                          process_factory=session, encoding=None)
    port = server.sockets[0].getsockname()[1]
    print(f"listening on 127.0.0.1:{port}", flush=True)
    while True:
        await asyncio.sleep(period)
        for process in list(channels):
            process.stdout.write(payload)


async def measure(mode: str, n: int, period: float, seconds: float, size: int) -> dict[str, float]:
    server = FloorServer(mode, period, size, n)
    players: list[LightPlayer] = []
    try:
        for i in range(n):
            players.append(await connect(server.port, f"f{i:03d}", player_type=LightPlayer))
        await asyncio.sleep(3.0 + n * 0.05)  # every app drawn and ticking; first screens collected
        chunks0 = [len(p.chunks) for p in players]
        bytes0 = [len(p.raw) for p in players]
        cpu0 = server.cpu_seconds()
        await asyncio.sleep(seconds)
        cpu = server.cpu_seconds() - cpu0
        updates = sum(len(p.chunks) - c for p, c in zip(players, chunks0))
        sent = sum(len(p.raw) - b for p, b in zip(players, bytes0))
        return {"cpu_ms_per_update": cpu * 1000 / max(1, updates), "updates": updates,
                "bytes_per_update": sent / max(1, updates), "cpu_share": cpu / seconds}
    finally:
        for p in players:
            p.conn.close()
        server.stop()


async def main(args: argparse.Namespace) -> None:
    modes = args.modes.split(",")
    print(f"# update floor: {args.n} sessions, one update each per {args.period} s, {args.seconds} s windows, "
          f"{os.cpu_count()} cores; raw frames of {args.bytes} B")
    results: dict[str, list[dict[str, float]]] = {m: [] for m in modes}
    for r in range(args.rounds):
        for mode in modes:  # alternating: both modes see the same machine
            figures = await measure(mode, args.n, args.period, args.seconds, args.bytes)
            results[mode].append(figures)
            print(f"round {r + 1} {mode:8}: {figures['cpu_ms_per_update']:.3f} ms of server CPU per session-update "
                  f"({figures['updates']:.0f} updates, {figures['bytes_per_update']:.0f} B each, "
                  f"server {figures['cpu_share'] * 100:.1f} % of a core)", flush=True)
    for mode in modes:
        ms = [f["cpu_ms_per_update"] for f in results[mode]]
        print(f"{mode:8} median {statistics.median(ms):.3f} ms per session-update (runs: "
              + " / ".join(f"{m:.3f}" for m in ms) + ")")


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-n", type=int, default=40, help="sessions (default 40)")
    ap.add_argument("--period", type=float, default=0.25, help="seconds between updates (default 0.25)")
    ap.add_argument("--seconds", type=float, default=20.0, help="measured window (default 20)")
    ap.add_argument("--bytes", type=int, default=700, help="raw mode's frame size (default 700)")
    ap.add_argument("--modes", default="raw,textual")
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--serve-raw", metavar="STATE", help=argparse.SUPPRESS)
    a = ap.parse_args()
    if a.serve_raw:
        asyncio.run(serve_raw(a.serve_raw, a.period, a.bytes))
    else:
        asyncio.run(main(a))

"""One player's UI in a process of its own: the process-per-connection baseline.

The same ``AhoyApp`` as over SSH, headless at 80x24, with a lobby of its own
(a table with three baseline bots, the player's seat on the autopilot).
After ``SECONDS`` of play it prints its resident memory and exits::

    .venv/bin/python bench/load_solo.py 8
    RSS 61.2 MiB

It has no SSH stack, so a real process-per-connection host (sshd plus
``ForceCommand``) needs at least this much per player.
"""

from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ahoy_tui.lobby import InMemoryLobby, Lobby, TableConfig, Timing  # noqa: E402
from ahoy_tui.session import SessionInfo  # noqa: E402
from ahoy_tui.ui.ahoy_app import AhoyApp  # noqa: E402


def rss_mib() -> float:
    """This process's resident memory in MiB."""
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20


def seat(app: AhoyApp) -> None:
    lobby = app.lobby.core
    tid = lobby.create_table(app.handle, TableConfig.make(name="Solo", seats=4, limit=1000, clocks="untimed"))
    app.open_table(tid)
    for _ in range(3):
        lobby.add_bot(app.handle, tid, "baseline")
    lobby.set_autopilot(app.handle, tid, True)
    lobby.start(app.handle, tid)


async def main(seconds: float) -> None:
    lobby = Lobby(timing=Timing(bot_delay=(0.8, 1.2)), seed=1)
    app = AhoyApp(SessionInfo(identity="user:solo", display_name="solo", color_system="256"), InMemoryLobby(lobby),
                  on_ready=seat)
    task = asyncio.create_task(app.run_async(headless=True, size=(80, 24)))
    await asyncio.sleep(seconds)
    print(f"RSS {rss_mib():.1f} MiB", flush=True)
    app.exit()
    await task


if __name__ == "__main__":
    asyncio.run(main(float(sys.argv[1]) if len(sys.argv) > 1 else 8.0))

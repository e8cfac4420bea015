"""CPU per table update of one player's UI, headless (Pilot) at 80x24.

One ``AhoyApp`` at a table of four (three baseline bots, the player's seat
on the autopilot, bots acting every 30-60 ms); hand-over reports are closed
as a player would. Prints UI CPU per ``TableUpdate`` (process CPU minus the
lobby's ``apply_action``) and the cost counters per update
(:mod:`ahoy_tui.ui.cost`: messages dispatched, widget renders, rows
rendered, frames, layout passes).

Run: .venv/bin/python bench/ui_update.py [SECONDS]   (default 15)
     .venv/bin/python bench/ui_update.py --replay [MOVES]   (default 300)

``--replay`` plays the same seeded game on a manual clock, one timer (a
bot's move, the next hand) at a time, and lets the UI paint after each:
the same work every run, for comparing two versions of the code (e.g. a
``git worktree`` of the previous commit) to a few percent.
"""

from __future__ import annotations

import asyncio
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import ahoy_tui.lobby.table as lobby_table  # noqa: E402
from ahoy_tui.lobby import InMemoryLobby, Lobby, TableConfig, Timing  # noqa: E402
from ahoy_tui.session import SessionInfo  # noqa: E402
from ahoy_tui.ui import cost  # noqa: E402
from ahoy_tui.ui.ahoy_app import AhoyApp  # noqa: E402
from ahoy_tui.ui.games.ahoy.table import TableScreen  # noqa: E402

COUNTS = {"lobby": 0.0}


def instrument() -> None:
    """Count the UI's work (:mod:`ahoy_tui.ui.cost`); time the lobby's share."""
    cost.enable()
    apply = lobby_table.Table.apply_action

    def timed_apply(self, *args, **kwargs):  # noqa: ANN001, ANN002, ANN003, ANN202
        t = time.process_time()
        try:
            return apply(self, *args, **kwargs)
        finally:
            COUNTS["lobby"] += time.process_time() - t

    lobby_table.Table.apply_action = timed_apply


def per_update(spent: cost.Counts, n: int) -> str:
    """The cost counters per update: ``messages 41.2, renders 9.0, ...``."""
    return ", ".join(f"{name} {value / n:.2f}" for name, value in spent.as_dict().items())


def start_bot_table(app: AhoyApp, lobby: Lobby) -> str:
    """Seat ``app``'s player at a new table with three baseline bots, start it, autopilot on; its id."""
    tid = lobby.create_table(app.handle, TableConfig.make(name="Bench", seats=4, limit=1000, clocks="untimed"))
    app.open_table(tid)
    for _ in range(3):
        lobby.add_bot(app.handle, tid, "baseline")
    lobby.start(app.handle, tid)
    lobby.set_autopilot(app.handle, tid, True)
    return tid


async def close_reports(app: AhoyApp) -> None:
    """Close hand-over and game-over reports as a player would (every 0.3 s, until cancelled)."""
    while True:
        await asyncio.sleep(0.3)
        while len(app.screen_stack) > 2 and not isinstance(app.screen, TableScreen):
            app.pop_screen()


async def main(seconds: float) -> None:
    instrument()
    lobby = Lobby(timing=Timing(bot_delay=(0.03, 0.06), between_hands=0.2), seed=5)
    app = AhoyApp(SessionInfo(identity="user:anna", display_name="anna", color_system="256"), InMemoryLobby(lobby))
    async with app.run_test(size=(80, 24)) as pilot:
        start_bot_table(app, lobby)
        await pilot.pause(0.5)
        closer = asyncio.create_task(close_reports(app))
        v0 = app.table_screen.update.version
        COUNTS.update(lobby=0.0)
        before = cost.counts(app).copy()
        t0 = time.process_time()
        await asyncio.sleep(seconds)
        cpu = time.process_time() - t0
        n = app.table_screen.update.version - v0
        closer.cancel()
        spent = cost.counts(app) - before
        print(f"{n} updates: UI {(cpu - COUNTS['lobby']) * 1000 / n:.1f} ms CPU per update "
              f"(lobby {COUNTS['lobby'] * 1000 / n:.2f} ms); per update: {per_update(spent, n)}")
        while len(app.screen_stack) > 2:
            app.pop_screen()


async def settle(pilot, app: AhoyApp) -> None:  # noqa: ANN001
    """Let the app paint until no widget waits to be painted.

    Waits with short sleeps, not ``pilot.pause()``: a pause posts a callback
    to every widget, which would be counted as the UI's work.
    """
    for _ in range(500):
        await asyncio.sleep(0.002)
        screen = app.screen
        nodes = (app, screen, *screen.walk_children())
        if not (screen._dirty_widgets or any(n._next_callbacks or not n._message_queue.empty()
                                             or getattr(n, "_repaint_required", False)
                                             or getattr(n, "_layout_required", False) for n in nodes)):
            return


async def replay(moves: int) -> None:
    """The same seeded game each run, one timer at a time (see the module docstring)."""
    from ahoy_tui.lobby.clock import ManualClock

    instrument()
    clock = ManualClock()
    lobby = Lobby(clock=clock, timing=Timing(bot_delay=(0.5, 1.0), between_hands=1.0), seed=5)
    app = AhoyApp(SessionInfo(identity="user:anna", display_name="anna", color_system="256"), InMemoryLobby(lobby))
    async with app.run_test(size=(80, 24)) as pilot:
        start_bot_table(app, lobby)
        await settle(pilot, app)
        v0 = app.table_screen.update.version
        COUNTS.update(lobby=0.0)
        before = cost.counts(app).copy()
        t0 = time.process_time()
        for _ in range(moves):
            if not clock.step():
                break
            await settle(pilot, app)
            while len(app.screen_stack) > 2 and not isinstance(app.screen, TableScreen):
                app.pop_screen()  # close hand-over reports as a player would
                await settle(pilot, app)
        cpu = time.process_time() - t0
        n = app.table_screen.update.version - v0
        spent = cost.counts(app) - before
        print(f"replay, {n} updates: UI {(cpu - COUNTS['lobby']) * 1000 / n:.2f} ms CPU per update "
              f"(lobby {COUNTS['lobby'] * 1000 / n:.2f} ms); per update: {per_update(spent, n)}")


if __name__ == "__main__":
    if sys.argv[1:2] == ["--replay"]:
        asyncio.run(replay(int(sys.argv[2]) if len(sys.argv) > 2 else 300))
    else:
        asyncio.run(main(float(sys.argv[1]) if len(sys.argv) > 1 else 15.0))

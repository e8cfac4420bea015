"""Four real SSH sessions at one table on a manual clock, for counting what a table update costs.

Shared by ``tests/e2e/test_cost_counters.py`` (budgets) and
``bench/cost_counters.py`` (the figures): the real server (real ``AhoyApp``
per session) in this process, four asyncssh + pyte clients seated at one
table of four by the lobby as their apps become ready, every seat on the
autopilot once :func:`play` starts the game. The lobby runs on a
:class:`ManualClock` stepped one timer at a time (a bot's move, the next
hand), and after each step :func:`settled` waits until every session has
painted and written everything, so each run does (almost) the same work.
Counters: :mod:`ahoy_tui.ui.cost` (Textual's work) and the session's
``TerminalLink`` (``frames_sent`` as ``writes``, ``bytes_sent`` as ``bytes``).
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from harness import Player, connect, start_server, wait_until

from ahoy_tui.hosting import textual_private
from ahoy_tui.lobby import Lobby, ManualClock, TableConfig, Timing
from ahoy_tui.ui import cost
from ahoy_tui.ui.ahoy_app import AhoyApp
from ahoy_tui.ui.games.ahoy.table import TableScreen
from ahoy_tui.ui.widgets import rows

NAMES = ("anna", "bo", "cleo", "dan")
#: Every counter, in the order figures are printed.
COUNTERS = ("frames", "writes", "bytes", "messages", "renders", "rows", "reflows", "ticks", "styled", "texts")


class Seating:
    """Seats the four named sessions at one table as their apps become ready (in each app's own context)."""

    def __init__(self, lobby: Lobby) -> None:
        self.lobby = lobby
        self.apps: dict[str, AhoyApp] = {}
        self.tid: str | None = None
        self._created = asyncio.Event()

    def factory(self, info: Any, api: Any, handle: Any = None) -> AhoyApp:
        return AhoyApp(info, api, handle, on_ready=self.seat if info.display_name in NAMES else None)

    async def seat(self, app: AhoyApp) -> None:
        name = app.session.display_name
        if name == NAMES[0]:
            self.tid = self.lobby.create_table(
                app.handle, TableConfig.make(name="Cost", seats=4, limit=1000, clocks="untimed"))
            self._created.set()
        else:
            await self._created.wait()
            assert self.tid is not None
            self.lobby.join(app.handle, self.tid)
            self.lobby.set_ready(app.handle, self.tid, True)
        app.open_table(self.tid)
        self.apps[name] = app


def sessions_of(server: Any, apps: list[AhoyApp]) -> list[Any]:
    """The server's session (``pty_session``: ``.app``, ``.link``) of each app, in order."""
    by_app = {id(s.app): s for s in server.sessions if getattr(s, "app", None) is not None}
    return [by_app[id(app)] for app in apps]


def snapshot(sessions: list[Any]) -> list[dict[str, int]]:
    """Every counter of each session, now."""
    out = []
    for s in sessions:
        figures = cost.counts(s.app).as_dict()
        figures.update(writes=s.link.frames_sent, bytes=s.link.bytes_sent)
        out.append({k: figures[k] for k in COUNTERS})
    return out


def spent(before: list[dict[str, int]], after: list[dict[str, int]]) -> list[dict[str, int]]:
    return [{k: a[k] - b[k] for k in a} for b, a in zip(before, after)]


async def settled(sessions: list[Any], quiet_turns: int = 3) -> None:
    """Wait until no session has work queued, a frame to paint (its first one held back included:
    ``ahoy_tui.hosting.apps.FirstPaint``) or bytes to write, for ``quiet_turns`` polls in a row.

    ``wait_until`` polls every 2 ms of the loop; a poll where any session's ``bytes_sent`` moved
    starts the count again.
    """
    seen: dict[str, Any] = {"quiet": 0, "last": None}

    def quiet() -> bool:
        now = [s.link.bytes_sent for s in sessions]
        busy = now != seen["last"] or any(textual_private.render_pending(s.app) or s.app._ahoy_first_paint.holding
                                          for s in sessions)
        seen["last"] = now
        seen["quiet"] = 0 if busy else seen["quiet"] + 1
        return seen["quiet"] >= quiet_turns

    await wait_until(quiet, 10, "the sessions to settle", every=0.002)


def close_reports(apps: list[AhoyApp]) -> None:
    """Close hand-over reports as a player would (the next hand is dealt behind them)."""
    for app in apps:
        while len(app.screen_stack) > 2 and not isinstance(app.screen, TableScreen):
            app.pop_screen()


@dataclass
class SeatedTable:
    """The running server, its manual-clock lobby, the clients and the four seated sessions (``NAMES`` order)."""

    server: Any
    lobby: Lobby
    clock: ManualClock
    players: list[Player]
    sessions: list[Any]
    seating: Seating

    async def close(self) -> None:
        for p in self.players:
            await p.close()
        await self.server.stop()


async def seated_table(tmp_path: Path) -> SeatedTable:
    """Start the server on port 0 (host key under ``tmp_path``) and seat the four clients (table not started)."""
    rows.clear_shared()  # every run starts from cold caches: the figures do not depend on earlier tests
    clock = ManualClock()
    lobby = Lobby(clock=clock, timing=Timing(bot_delay=(0.5, 1.0), between_hands=1.0), seed=5)
    seating = Seating(lobby)
    server = await start_server(tmp_path, lobby, app_factory=seating.factory)
    players = [await connect(server.port, name, cols=80, rows=24, env={"LANG": "en_US.UTF-8"}) for name in NAMES]
    await wait_until(lambda: len(seating.apps) == len(NAMES), what="four seated sessions")
    apps = [seating.apps[name] for name in NAMES]
    return SeatedTable(server, lobby, clock, players, sessions_of(server, apps), seating)


@dataclass
class Played:
    """What :func:`play` measured."""

    updates: int
    """Table updates (table versions) the steps made."""
    hands: tuple[int, int]
    """Hand number before and after."""
    per_session: list[dict[str, int]]
    """Counters spent by each session (``NAMES`` order) during the steps."""

    def mean(self) -> dict[str, float]:
        """Each counter per table update per seated session: the sessions' sum / sessions / updates."""
        n = len(self.per_session)
        return {k: sum(s[k] for s in self.per_session) / n / self.updates for k in COUNTERS}


async def play(t: SeatedTable, steps: int) -> Played:
    """Start the table with every seat on the autopilot, settle, then step ``steps`` timers, settling after each.

    Counting must be on (``cost.counting()``). Raises ``AssertionError`` if the table runs out of timers.
    """
    apps = [s.app for s in t.sessions]
    t.lobby.start(apps[0].handle, t.seating.tid)
    for app in apps:
        t.lobby.set_autopilot(app.handle, t.seating.tid, True)
    await wait_until(lambda: all(isinstance(a.screen, TableScreen) for a in apps), what="four table screens")
    await settled(t.sessions)
    table = t.lobby.tables[t.seating.tid]
    v0, hand0, before = table.version, table.game.state.hand_no, snapshot(t.sessions)
    for _ in range(steps):
        assert t.clock.step(), "the table stopped"
        await settled(t.sessions)
        if any(len(a.screen_stack) > 2 for a in apps):
            close_reports(apps)
            await settled(t.sessions)
    return Played(table.version - v0, (hand0, table.game.state.hand_no), spent(before, snapshot(t.sessions)))


def report(played: Played) -> str:
    """The figures as printed lines: the mean, then each session."""
    lines = [f"{played.updates} table updates, hands {played.hands[0]}-{played.hands[1]}; "
             "cost per update per session (mean): " + ", ".join(f"{k} {v:.2f}" for k, v in played.mean().items())]
    for name, s in zip(NAMES, played.per_session):
        lines.append(f"  {name}: " + ", ".join(f"{k} {s[k] / played.updates:.2f}" for k in COUNTERS))
    return "\n".join(lines)

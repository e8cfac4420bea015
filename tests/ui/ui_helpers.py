"""Building apps against a real in-process lobby, and reading what they show."""

from __future__ import annotations

from contextlib import asynccontextmanager
from typing import Any, AsyncIterator

from textual.app import App

from ahoy_tui.lobby import InMemoryLobby, Lobby, TableConfig, Timing
from ahoy_tui.session import SessionInfo
from ahoy_tui.ui.ahoy_app import AhoyApp
from ahoy_tui.ui.widgets.event_log import EventLog


def new_lobby(seed: int = 3) -> Lobby:
    """A lobby whose bots act at once (no pauses), seeded for repeatable games."""
    return Lobby(timing=Timing.instant(), seed=seed)


def make_app(lobby: Lobby, name: str = "anna", on_ready=None, **session: Any) -> AhoyApp:
    """An app for ``name`` (identity ``user:NAME``) on ``lobby`` (``app.lobby.core``)."""
    info = SessionInfo(identity=f"user:{name}", display_name=name, **session)
    return AhoyApp(info, InMemoryLobby(lobby), on_ready=on_ready)


def bot_table(app: AhoyApp, players: int = 3, limit: int = 20, start: bool = True,
              private: bool = False, name: str = "Black Pearl") -> str:
    """Create a table for the app's player with bots (and start it)."""
    cfg = TableConfig.make(name=name, seats=players, limit=limit, clocks="untimed", private=private)
    tid = app.lobby.core.create_table(app.handle, cfg)
    app.open_table(tid)
    for _ in range(players - 1):
        app.lobby.core.add_bot(app.handle, tid, "baseline")
    if start:
        app.lobby.core.start(app.handle, tid)
    return tid


def screen_text(app: App) -> str:
    """Every line of the active screen as plain text."""
    strips = app.screen._compositor.render_strips()
    return "\n".join(strip.text.rstrip() for strip in strips)


def toasts(app: App) -> list[str]:
    """The texts of the toasts shown now, oldest first (Textual shows one of equal ones)."""
    return [str(n.message) for n in app._notifications]


def all_text(app: App) -> str:
    """Screen text plus every event-log line (also those scrolled away) and the whole narrated history."""
    from ahoy_tui.ui.games.ahoy.table import TableScreen

    parts = [screen_text(app)]
    for screen in app.screen_stack:
        for log in screen.query(EventLog):
            parts.extend(strip.text for strip in log.lines)
        if isinstance(screen, TableScreen):
            parts.extend(line.plain for line in screen.narrated())
    return "\n".join(parts)


async def wait_for(pilot, cond, timeout: float = 30.0) -> None:
    """Let the app run until ``cond(app)`` holds (fails after ``timeout`` seconds)."""
    import time

    end = time.monotonic() + timeout
    while time.monotonic() < end:
        await pilot.pause(0.01)
        if cond(pilot.app):
            await pilot.pause()
            return
    raise AssertionError("condition not reached in time")


def painted(app) -> bool:
    """Nothing is waiting to be processed or painted: every message pump is idle and the screen clean."""
    for pump in (app, *app._registry):
        if pump._message_queue.qsize() or pump._pending_message is not None or pump._next_callbacks:
            return False
    s = app.screen
    return not (s._dirty_widgets or s._compositor._dirty_regions or s._layout_required or s._repaint_required
                or s._scroll_required or s._recompose_required)


@asynccontextmanager
async def seated_at_bot_table(size: tuple[int, int] = (80, 24), seed: int = 3, players: int = 3,
                              limit: int = 1000) -> AsyncIterator[tuple[AhoyApp, Any, Lobby, str]]:
    """anna's app at a started table with ``players - 1`` baseline bots, once her hand is dealt.

    Yields ``(app, pilot, lobby, table_id)`` inside ``app.run_test(size=size)``.
    """
    lobby = new_lobby(seed)
    app = make_app(lobby)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        tid = bot_table(app, players=players, limit=limit)
        await wait_for(pilot, at_table)
        yield app, pilot, lobby, tid


def at_table(app) -> bool:
    """The table screen is up and shows a dealt hand."""
    from ahoy_tui.ui.games.ahoy.table import TableScreen

    s = app.screen
    return isinstance(s, TableScreen) and s._ready and s.view is not None


async def seat_on_autopilot(lobby: Lobby, apps: tuple[AhoyApp, ...], pilots: tuple[Any, ...]) -> str:
    """The first app's player makes a table of four ("Pearl", limit 40, no clocks) with one baseline bot, the
    others join, all are ready; the game starts with every player on the autopilot. Returns the table id once
    every app shows the table."""
    host, *guests = apps
    tid = lobby.create_table(host.handle, TableConfig.make(name="Pearl", seats=4, limit=40, clocks="untimed"))
    host.open_table(tid)
    lobby.add_bot(host.handle, tid, "baseline")
    for app in guests:
        lobby.join(app.handle, tid)
        app.open_table(tid)
    for app in apps:
        lobby.set_ready(app.handle, tid, True)
    lobby.start(host.handle, tid)
    for app in apps:
        lobby.set_autopilot(app.handle, tid, True)
    for pilot in pilots:
        await wait_for(pilot, at_table)
    return tid

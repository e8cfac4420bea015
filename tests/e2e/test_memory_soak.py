"""Ended sessions, screens and tables give their memory back (issue 24, item 3).

Real asyncssh clients against a real server (the real UI, the GC policy
running): rounds of players reach the lobby, one creates a table, one
watches it, one drops the link, all leave; the tables' grace runs out.
After every round the live instances of our key types (apps, screens,
widgets, SSH sessions, tables) are where they were after the warm-up
round. Frozen objects count too (``gc.unfreeze`` before counting, no
collection): the policy's :func:`gc.freeze` keeps cyclic garbage alive
until something collects it, so frozen garbage is memory the server
never gives back.
"""

from __future__ import annotations

import gc
import weakref
from collections import Counter
from pathlib import Path

import pytest

from ahoy_tui.lobby import Lobby, Timing
from ahoy_tui.lobby.table import Table
from harness import Player, connect, start_server, wait_until
from ahoy_tui.hosting import gc_policy
from ahoy_tui.ui.app import create_app

KEY_TYPES = ("AhoyApp", "Screen", "Widget", "PtySession", "SSHServerConnection", "SSHServerChannel",
             "TerminalLink", "Table", "Match", "Seat", "ChatLog", "StylesCache")
"""Type names counted; ``Screen`` and ``Widget`` count every Textual screen and widget (subclasses too)."""


def live_counts() -> Counter[str]:
    """Instances of :data:`KEY_TYPES` alive in the process, frozen ones included (nothing collected)."""
    from textual.screen import Screen
    from textual.widget import Widget

    gc.unfreeze()
    try:
        counts: Counter[str] = Counter()
        for o in gc.get_objects():
            name = type(o).__name__
            if name in KEY_TYPES and name not in ("Screen", "Widget"):
                counts[name] += 1
            if isinstance(o, Widget):
                counts["Widget"] += 1
                if isinstance(o, Screen):
                    counts["Screen"] += 1
        return counts
    finally:
        gc.freeze()


def hosted_apps_alive() -> int:
    """Apps hosted for SSH sessions (``prepare_app``) alive in the process, frozen ones included.

    Not every ``AhoyApp``: a headless app of an earlier test in the same process can outlive its test
    (Textual's print capture of a headless app, held by a thread started while it captured stdout,
    e.g. the search pool's executor), which says nothing about the sessions this server hosted.
    """
    from ahoy_tui.hosting.apps import _HOSTED

    gc.unfreeze()
    try:
        return sum(1 for o in gc.get_objects() if type(o).__name__ == "AhoyApp" and o in _HOSTED)
    finally:
        gc.freeze()


async def _lobby(port: int, name: str) -> Player:
    p = await connect(port, name)
    await p.wait_for("welcome aboard", 30)
    return p


async def _quit(p: Player) -> None:
    assert not p.closed.is_set(), f"the session ended early:\n{p.text()}\n{p.stderr!r}"
    p.send("q")
    await wait_until(p.closed.is_set, 30, "the session to end")
    await p.close()


async def _round(port: int, r: int) -> None:
    """A host creates a table, a watcher watches it, a player idles, one drops the link; all leave."""
    host, watcher, idle, dropper = [await _lobby(port, f"{who}{r}") for who in ("host", "eve", "bo", "cy")]
    host.send("n")
    await host.wait_for("Create a table", 30)
    host.send("\r")
    await host.wait_for("waiting for the crew", 30)
    await watcher.wait_for(f"host{r}", 30)
    watcher.send("w")
    await watcher.wait_for("waiting for the crew", 30)
    dropper.send("n")
    await dropper.wait_for("Create a table", 30)
    dropper.send("\r")
    await dropper.wait_for("waiting for the crew", 30)
    for p in (host, watcher):
        await p.settle(0.3)  # the table screen is drawn and takes keys
        p.send("q")
        await p.wait_for("welcome aboard", 30)
    dropper.conn.abort()  # the link drops: no SSH goodbye
    await _quit(host)
    for p in (watcher, idle):  # they close their terminals
        await p.close()


@pytest.mark.slow
async def test_sessions_screens_and_tables_leave_nothing_behind(tmp_path: Path, monkeypatch):
    monkeypatch.setattr(gc_policy, "SETTLE", 0.2)
    monkeypatch.setattr(gc_policy, "SCREEN_SETTLE", 0.2)
    lobby = Lobby(timing=Timing(empty_grace=0.2))
    server = await start_server(tmp_path, lobby, app_factory=create_app, max_sessions_per_address=0,
                                max_connections_per_minute=0)

    async def settled() -> Counter[str]:
        await wait_until(lambda: not server.sessions and not lobby.tables, 30, "sessions and tables to end")
        policy = server.gc
        await wait_until(lambda: not policy.ended and policy._walk is None, 30, "ended sessions collected")
        return live_counts()

    made: list[weakref.ref] = []  # this test's tables (other tests' leftovers, e.g. a failed test's
    table_init = Table.__init__    # traceback, would count in a process-wide count of every Table)

    def init(self, *args, **kwargs) -> None:
        table_init(self, *args, **kwargs)
        made.append(weakref.ref(self))

    monkeypatch.setattr(Table, "__init__", init)
    try:
        await _round(server.port, 0)
        warm = await settled()
        # a weak reference dies only when its object is collected: frozen or uncollected garbage is alive
        assert made and not [r for r in made if r() is not None], "the warm-up round's closed tables are still in memory"
        for r in range(1, 3):
            await _round(server.port, r)
            now = await settled()
            grown = {k: (warm[k], now[k]) for k in KEY_TYPES if now[k] > warm[k]}
            assert not grown, f"after round {r}, live instances (after warm-up, now): {grown}"
    finally:
        await server.stop()


@pytest.mark.slow
async def test_screens_a_session_left_are_freed_while_it_plays_on(tmp_path: Path, monkeypatch):
    """A player watches a table and goes back to the lobby, again and again, without leaving: the
    table screens they left do not pile up in the server's memory."""
    monkeypatch.setattr(gc_policy, "SETTLE", 0.2)
    monkeypatch.setattr(gc_policy, "SCREEN_SETTLE", 0.2)
    lobby = Lobby(timing=Timing(empty_grace=60))
    server = await start_server(tmp_path, lobby, app_factory=create_app, max_sessions_per_address=0,
                                max_connections_per_minute=0)
    policy = server.gc

    async def watch_and_back(eve: Player) -> Counter[str]:
        for _ in range(2):
            eve.send("w")
            await eve.wait_for("waiting for the crew", 30)
            await eve.settle(0.3)
            eve.send("q")
            await eve.wait_for("welcome aboard", 30)
        await wait_until(lambda: not policy.ended and policy._walk is None, 30, "left screens collected")
        return live_counts()

    try:
        host = await _lobby(server.port, "host")
        host.send("n")
        await host.wait_for("Create a table", 30)
        host.send("\r")
        await host.wait_for("waiting for the crew", 30)
        eve = await _lobby(server.port, "eve")
        await eve.wait_for("host's ship", 30)
        await watch_and_back(eve)
        warm = await watch_and_back(eve)  # the table screen the app keeps (its last) has changed once
        for _ in range(2):
            now = await watch_and_back(eve)
            grown = {k: (warm[k], now[k]) for k in ("Screen", "Widget", "StylesCache") if now[k] > warm[k]}
            assert not grown, f"live instances (after warm-up, now): {grown}"
        await eve.close()
        await host.close()
    finally:
        await server.stop()


@pytest.mark.slow
async def test_a_session_that_left_a_table_is_freed_before_the_tables_grace_runs_out(tmp_path: Path, monkeypatch):
    """The last player leaves a table and the server; the table waits ``empty_grace`` (120 s by
    default) for someone to come back. Its timer must not keep the ended session's app in memory
    that long (asyncio gave the timer the context of the session that set it)."""
    monkeypatch.setattr(gc_policy, "SETTLE", 0.2)
    monkeypatch.setattr(gc_policy, "SCREEN_SETTLE", 0.2)
    lobby = Lobby(timing=Timing(empty_grace=600))
    server = await start_server(tmp_path, lobby, app_factory=create_app)
    policy = server.gc
    try:
        host = await _lobby(server.port, "host")
        host.send("n")
        await host.wait_for("Create a table", 30)
        host.send("\r")
        await host.wait_for("waiting for the crew", 30)
        await host.settle(0.3)
        host.send("q")  # leaves the table (its grace starts now), then the server
        await host.wait_for("welcome aboard", 30)
        await host.close()
        await wait_until(lambda: not server.sessions, 30, "the session to end")
        await wait_until(lambda: not [e for e in policy.ended if e.tries == 0] and policy._walk is None, 30,
                         "the first collection of the ended session")
        assert lobby.tables, "the table still waits for its grace"
        assert hosted_apps_alive() == 0, "the ended session's app is still in memory"
    finally:
        await server.stop()

"""One session never disturbs another: colours, crashes, names, stdout, slow readers."""

from __future__ import annotations

import asyncio
import sys

import asyncssh
import pytest
from textual.app import App, ComposeResult
from textual.widgets import Static

from greeter import create_app
from harness import colour_kinds, connect, start_server, wait_until
from ahoy_tui.hosting import render

ALLOWED = {"standard": {"16"}, "256": {"16", "256"}, "truecolor": {"16", "truecolor"}}
CLIENTS = [  # truecolor first: its codes are the ones that used to leak down
    ("tc", "xterm-256color", {"COLORTERM": "truecolor"}, "truecolor"),
    ("c256", "xterm-256color", {}, "256"),
    ("c16", "xterm", {}, "standard"),
    ("c16b", "vt100", {}, "standard"),
    ("c256b", "screen-256color", {}, "256"),
    ("tcb", "xterm", {"COLORTERM": "24bit"}, "truecolor"),
]


async def _colour_run(tmp_path, clamp: bool) -> dict[str, set[str]]:
    srv = await start_server(tmp_path, clamp_colors=clamp)
    try:
        players = []
        for name, term, env, _ in CLIENTS:
            p = await connect(srv.port, name, term=term, env=env)
            await p.wait_for(f"Ahoy, {name}!")
            players.append(p)
        for p in players:
            p.send("ahoy\r")
        for p in players:
            await p.wait_for("You said: ahoy")
            p.resize(100, 30)
        for p in players:
            await p.settle(0.2)
            await p.close()
        return {name: colour_kinds(bytes(p.raw)) for (name, *_), p in zip(CLIENTS, players)}
    finally:
        await srv.stop()


@pytest.mark.parametrize("clamp", [True, False], ids=["wire-clamp", "render-path-only"])
async def test_colour_depth_isolation(tmp_path, clamp):
    kinds = await _colour_run(tmp_path, clamp)
    for name, _term, _env, system in CLIENTS:
        assert kinds[name], f"{name} got no colour at all"
        assert kinds[name] <= ALLOWED[system], f"{name} ({system}) got {kinds[name]}"
    assert "256" in kinds["c256"] and "truecolor" in kinds["tc"]


class Boom(App[None]):
    """An app that crashes when 'x' is pressed."""

    def compose(self) -> ComposeResult:
        yield Static("Boom app ready")

    def on_key(self, event) -> None:  # noqa: ANN001
        if event.key == "x":
            raise RuntimeError("kaboom")


async def test_crash_ends_only_that_session(tmp_path):
    def factory(info, lobby, handle):
        return Boom() if info.display_name == "crashy" else create_app(info, lobby, handle)

    srv = await start_server(tmp_path, app_factory=factory)
    try:
        anna = await connect(srv.port, "anna")
        crashy = await connect(srv.port, "crashy")
        await crashy.wait_for("Boom app ready")
        await anna.wait_for("Players online \\(2\\)")
        crashy.send("x")
        await asyncio.wait_for(crashy.closed.wait(), 30)
        assert crashy.exit_status == 1
        out = bytes(crashy.raw)
        restore_at = out.rfind(b"\x1b[?1049l")
        assert restore_at != -1 and b"\x1b[?25h" in out[restore_at:] and b"\x1b[?1000l" in out
        assert b"Sorry" in out[restore_at:]
        assert b"kaboom" not in out and b"Traceback" not in out
        await anna.wait_for("Players online \\(1\\): anna")
        anna.send("still here\r")
        await anna.wait_for("You said: still here")
        await anna.close()
    finally:
        await srv.stop()


async def test_crash_while_building_app(tmp_path):
    def factory(info, lobby):
        raise ValueError("no app for you")

    srv = await start_server(tmp_path, app_factory=factory)
    try:
        p = await connect(srv.port, "anna")
        await asyncio.wait_for(p.closed.wait(), 30)
        assert p.exit_status == 1 and b"Sorry" in bytes(p.raw)
        assert srv.lobby.core.online_names() == []
    finally:
        await srv.stop()


ACCEPTED = [
    ("z" * 200, "z" * 16),
    ("船长" * 10, "船长" * 4),
    ("\u200banna\u200b", "anna"),
    ("\u0301\u0301bob", "bob"),
    ("  lots   of   space  ", "lots of space"),
]


@pytest.mark.parametrize(("username", "shown"), ACCEPTED, ids=["200-chars", "wide", "zero-width", "combining", "spaces"])
async def test_odd_usernames_are_sanitised(server, username, shown):
    p = await connect(server.port, username)
    screen = await p.wait_for("Ahoy, ")
    line = next(l for l in screen.splitlines() if "Ahoy, " in l)
    assert line.strip() == f"Ahoy, {shown}!"
    assert server.lobby.core.online_names() == [shown]
    await p.close()


REFUSED = ["\x1b]0;pwned\x07\x1b[2Jeve", "\u202eevil\u202c", "\x1b[31mred\x1b[0m", "a\nb", "x" * 2000]


@pytest.mark.parametrize("username", REFUSED, ids=["osc-title", "rtl-override", "sgr", "newline", "2000-chars"])
async def test_hostile_usernames_refused(server, monkeypatch, username):
    """asyncssh's server applies SASLprep to usernames (RFC 4252): control and
    bidi characters end the connection before any session exists. The client
    side's own SASLprep is bypassed here so the raw name reaches the server."""
    import asyncssh.connection as ac

    real = ac.saslprep

    def client_side_unchecked(text):
        if sys._getframe(1).f_code.co_name == "prepare":
            return text
        return real(text)

    monkeypatch.setattr(ac, "saslprep", client_side_unchecked)
    with pytest.raises(asyncssh.DisconnectError):
        await connect(server.port, username)
    monkeypatch.undo()
    assert server.lobby.core.online_names() == [] and not server.sessions
    p = await connect(server.port, "anna")
    await p.wait_for("Ahoy, anna!")
    assert b"pwned" not in bytes(p.raw)
    await p.close()


async def test_stdout_not_swapped(tmp_path):
    seen = []

    class Printer(App[None]):
        def compose(self) -> ComposeResult:
            yield Static("printer")

        def on_mount(self) -> None:
            seen.append(sys.stdout)

    srv = await start_server(tmp_path, app_factory=lambda i, l: Printer())
    try:
        before = sys.stdout
        p = await connect(srv.port, "anna")
        await p.wait_for("printer")
        assert seen == [before] and sys.stdout is before
        await p.close()
    finally:
        await srv.stop()


async def test_screenshot_and_url_are_refused(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    apps = []

    def factory(info, lobby):
        apps.append(create_app(info, lobby))
        return apps[-1]

    srv = await start_server(tmp_path, app_factory=factory)
    try:
        p = await connect(srv.port, "anna")
        await p.wait_for("Ahoy, anna!")
        app = apps[0]
        app.call_later(app.action_screenshot)
        app.call_later(app.deliver_screenshot)
        app.call_later(app.open_url, "http://example.org")
        done = asyncio.Event()
        app.call_later(done.set)  # runs after the three above
        await asyncio.wait_for(done.wait(), 30)
        assert not list(tmp_path.glob("*.svg"))
        assert not app._driver.can_suspend
        titles = [c.title for c in app.get_system_commands(app.screen)]
        assert "Screenshot" not in titles
        await p.close()
    finally:
        await srv.stop()


async def test_slow_reader_is_dropped(tmp_path):
    srv = await start_server(tmp_path, max_buffer=32 * 1024)
    try:
        slow = await connect(srv.port, "slow", window=2048)
        fast = await connect(srv.port, "fast")
        await fast.wait_for("Ahoy, fast!")
        await wait_until(lambda: "slow" in srv.lobby.core.online_names())
        slow.chan.pause_reading()
        for i in range(40):
            slow.resize(80 + i % 2 * 40, 24 + i % 2 * 16)
            await asyncio.sleep(0.03)
        await wait_until(lambda: "slow" not in srv.lobby.core.online_names(), timeout=30)
        fast.send("ok\r")
        await fast.wait_for("You said: ok")
        await fast.close()
    finally:
        await srv.stop()


def test_render_patch_is_removable():
    from textual.strip import Strip

    original = Strip.render
    render.install()
    assert Strip.render is not original
    render.uninstall()
    assert Strip.render is original

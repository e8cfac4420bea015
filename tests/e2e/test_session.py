"""Interactive sessions through a real asyncssh client and a pyte screen."""

from __future__ import annotations

import asyncio

from harness import connect, wait_until


async def test_first_screen_keys_resize_quit(server):
    p = await connect(server.port, "anna", cols=80, rows=24)
    screen = await p.wait_for("Ahoy, anna!")
    assert "Players online (1): anna" in screen

    p.send("hello wörld\r")
    await p.wait_for("You said: hello wörld")

    for cols, rows in ((132, 43), (60, 20)):
        p.resize(cols, rows)
        await p.wait_for("Ahoy, anna!")
        # the repaint at the new size (a loaded machine may pause longer than any fixed settle)
        await wait_until(lambda: p.screen.display[rows - 1].rstrip().endswith("▎")
                         and len(p.screen.display[rows - 1].rstrip()) == cols,
                         what=f"the input box on the last row at {cols}x{rows}")

    p.send("\x1b")  # lone Esc: released by the driver's escape tick
    await asyncio.sleep(0.3)
    p.send("q")
    await asyncio.wait_for(p.closed.wait(), 30)
    assert p.exit_status == 0
    # Terminal restored: alternate screen left, cursor shown, mouse off.
    tail = bytes(p.raw[-200:])
    assert b"\x1b[?1049l" in tail and b"\x1b[?25h" in tail and b"\x1b[?1000l" in tail
    await wait_until(lambda: server.lobby.core.online_names() == [])


async def test_two_players_see_each_other(server):
    anna = await connect(server.port, "anna")
    await anna.wait_for("Players online \\(1\\): anna")
    bob = await connect(server.port, "bob", cols=100, rows=30)
    await bob.wait_for("Players online \\(2\\): anna, bob")
    await anna.wait_for("Players online \\(2\\): anna, bob")
    await bob.close()
    await anna.wait_for("Players online \\(1\\): anna")
    await anna.close()


async def test_key_identity_and_unique_name(server, client_key):
    a = await connect(server.port, "anna")
    await a.wait_for("Ahoy, anna!")
    b = await connect(server.port, "anna", key=client_key)
    await b.wait_for("Ahoy, anna~2!")
    fp = client_key.get_fingerprint("sha256")
    assert set(server.lobby.core.players) == {"user:anna", f"key:{fp}"}
    await a.close()
    await b.close()


async def test_a_session_s_handle_knows_its_address_for_the_code_limit(server):
    anna = await connect(server.port, "anna")
    await anna.wait_for("Ahoy, anna!")
    (handle,) = server.lobby.core.players["user:anna"]
    assert handle.address == "127.0.0.1"  # wrong private-table codes count per address too
    await anna.close()


async def test_split_utf8_and_escape_key(server):
    p = await connect(server.port, "anna")
    await p.wait_for("Ahoy, anna!")
    data = "ñ€".encode()
    for i in range(len(data)):  # one byte per packet
        p.send(data[i : i + 1])
        await asyncio.sleep(0.01)
    p.send("\r")
    await p.wait_for("You said: ñ€")
    p.send("\x1b")
    await asyncio.sleep(0.25)  # longer than ESCDELAY: Esc alone, not alt+q
    p.send("q")
    await asyncio.wait_for(p.closed.wait(), 30)
    assert p.exit_status == 0


async def test_first_contact_paints_once_and_idle_is_silent(server):
    p = await connect(server.port, "anna")
    await p.wait_for("Ahoy, anna!")
    await p.settle(0.3)
    first = bytes(p.raw)
    # One full paint: every row is positioned exactly once.
    assert first.count(b"\x1b[1;1H") == 1, first.count(b"\x1b[1;1H")
    assert len(first) < 6000
    before = len(p.raw)
    await asyncio.sleep(1.5)
    assert len(p.raw) == before, "idle session sent bytes"
    await p.close()


async def test_shutdown_tells_players(tmp_path):
    from harness import start_server

    srv = await start_server(tmp_path)
    p = await connect(srv.port, "anna")
    await p.wait_for("Ahoy, anna!")
    await srv.stop("Going down for repairs.")
    await asyncio.wait_for(p.closed.wait(), 30)
    assert b"Going down for repairs." in bytes(p.raw)
    assert b"\x1b[?1049l" in bytes(p.raw)


async def test_real_ui_entry_point_greets_player(tmp_path):
    """The UI's own create_app, hosted: the player's name is on the first screen."""
    from harness import start_server
    from ahoy_tui.ui.app import create_app

    srv = await start_server(tmp_path, app_factory=create_app)
    try:
        p = await connect(srv.port, "anna")
        await p.wait_for("anna", timeout=30)
        assert srv.lobby.core.online_names() == ["anna"]
        await p.close()
    finally:
        await srv.stop()

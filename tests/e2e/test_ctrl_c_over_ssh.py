"""Ctrl+C over a real SSH session: a toast says how to leave; the session and the server go on (issue 24 #13)."""

from __future__ import annotations

from harness import connect, start_server


async def test_ctrl_c_over_ssh_says_how_to_leave_and_stops_nothing(tmp_path):
    from ahoy_tui.ui.app import create_app

    srv = await start_server(tmp_path, app_factory=create_app)
    try:
        anna = await connect(srv.port, "anna", term="xterm-256color")
        await anna.wait_for("Tables", timeout=10)
        anna.send("\x03")                                            # what the terminal sends for Ctrl+C
        await anna.wait_for("Ctrl\\+C does not quit", timeout=5)
        await anna.wait_for("Press q to leave the game", timeout=5)
        assert not anna.closed.is_set()
        bo = await connect(srv.port, "bo", term="xterm-256color")     # the server still takes players
        await bo.wait_for("Tables", timeout=10)
        for p in (anna, bo):
            await p.close()
    finally:
        await srv.stop()

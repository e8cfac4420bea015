"""A German terminal (``LANG=de_DE.UTF-8``) over SSH at 80x24: the lobby and the create dialog are German,
the footer is whole, and ``l`` cycles through every language (issue 24.7)."""

from __future__ import annotations

from harness import connect, start_server

ENGLISH = ("welcome aboard", "Tables", "Pirates online", "Lobby chat", "Join by code", "Point limit", "Ace low")


async def test_a_german_terminal_gets_a_german_lobby_with_a_whole_footer(tmp_path):
    from ahoy_tui.ui.app import create_app

    srv = await start_server(tmp_path, app_factory=create_app)
    try:
        p = await connect(srv.port, "anna", cols=80, rows=24, env={"LANG": "de_DE.UTF-8"})
        screen = await p.wait_for("Tische", timeout=10)
        await p.wait_for("f1 Hilfe")
        screen = p.text()
        footer = "\n".join(screen.splitlines()[-2:])                   # the lobby's footer takes two rows
        assert "q Beenden" in footer and "n Neuer Tisch" in footer     # was cut to "q Bee"
        assert not [w for w in ENGLISH if w in screen]
        p.send("n")
        screen = await p.wait_for("Tisch anlegen")
        await p.settle(0.2)
        assert not [w for w in ENGLISH if w in p.text()] and "Punktelimit" in p.text()
        p.send("\x1b")
        await p.wait_for("Lobby-Chat")
        for word in ("New table", "Nueva mesa", "Neuer Tisch"):          # l: de -> en -> es -> de
            p.send("l")
            await p.wait_for(word)
        await p.close()
    finally:
        await srv.stop()

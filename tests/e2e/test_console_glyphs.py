"""TERM=linux sessions get only glyphs a Linux console font has (square corners, its block set)."""

from __future__ import annotations

import re

from harness import connect, start_server

from server.console_glyphs import LINUX_GLYPHS, to_console

#: CSI, OSC and two-byte escape sequences (they are ASCII and not drawn).
_ESCAPES = re.compile(r"\x1b(\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|[@-Z\\-_])")
ROUNDED = set("╭╮╰╯")


def _drawn(raw: bytes) -> str:
    text = _ESCAPES.sub("", raw.decode("utf-8"))
    return "".join(ch for ch in text if ch >= " " and ch != "\x7f")


async def test_linux_console_frames_use_only_its_glyphs(tmp_path):
    """The lobby and the create dialog: square corners and console glyphs for TERM=linux only."""
    from ahoy_tui.ui.app import create_app

    srv = await start_server(tmp_path, app_factory=create_app)
    try:
        console = await connect(srv.port, "anna", term="linux", env={"LANG": "es_ES.UTF-8"})
        xterm = await connect(srv.port, "bo", term="xterm-256color")
        for p in (console, xterm):
            await p.wait_for("Mesas|Tables", timeout=30)
            p.send("n")
            await p.wait_for("Crear una mesa|Create a table", timeout=30)
            await p.settle(0.2)
        seen = _drawn(bytes(console.raw))
        assert "┌" in seen and not ROUNDED & set(seen)
        assert set(seen) <= LINUX_GLYPHS, sorted(set(seen) - LINUX_GLYPHS)
        assert "Límite" in seen  # Spanish letters are in the console's set and stay
        assert ROUNDED & set(_drawn(bytes(xterm.raw)))  # other terminals keep the rounded look
        for p in (console, xterm):
            await p.close()
    finally:
        await srv.stop()


def test_substitutes_keep_cell_widths():
    """Every stand-in takes the cells of what it replaces, so frames stay aligned."""
    from rich.cells import cell_len

    for text in ("╭─╮", "▮▮▮", "▶ anna…", "★ 🃏 ⚓", "▁▂▃▄▅▆▇█", "é ñ ¡ ¿ ♠ ♥"):
        out = to_console(text)
        assert cell_len(out) == cell_len(text) and set(out) <= LINUX_GLYPHS | {" "}

"""A player who makes tables too fast is told to wait, in their language (issue 24, item 3).

One keyless session made 150 empty tables in 50 s and every lobby listed
them. Over real SSH: the fifth table within a minute is refused with a
toast saying how long to wait, and no table is made.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from ahoy_tui.lobby import Lobby
from ahoy_tui.lobby.code_guard import TABLES
from harness import Player, connect, start_server
from ahoy_tui.ui.app import create_app

WORDS = {
    "en": ("welcome aboard", "Create a table", "Point limit",
           "too fast", r"You are making tables too fast: wait \d+ s\."),
    "es": ("bienvenido a bordo", "Crear una mesa", "Límite de puntos",
           "demasiado", r"Estás creando mesas demasiado deprisa: espera \d+ s\."),
}


def toast(screen: str) -> str:
    """The text of the toast at the screen's bottom right, its wrapped lines joined."""
    right = " ".join(line[39:] for line in screen.splitlines()[-6:])
    return " ".join(right.translate({ord(c): " " for c in "▌│╮╯─"}).split())


async def _make_tables(p: Player, lang: str, lobby: Lobby) -> str:
    """``n``, Enter, ``q`` back to the lobby, ``TABLES`` times; then once more: the screen after it."""
    lobby_words, create, waiting, *_ = WORDS[lang]
    for _ in range(TABLES):
        p.send("n")
        await p.wait_for(create, 30)
        p.send("\r")
        await p.wait_for(waiting, 30)
        await p.settle(0.2)
        p.send("q")
        await p.wait_for(lobby_words, 30)
        await p.settle(0.2)
    p.send("n")
    await p.wait_for(create, 30)
    p.send("\r")
    return await p.wait_for(WORDS[lang][3], 30)


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["en", "es"])
async def test_the_fifth_table_in_a_minute_is_refused_with_the_wait(tmp_path: Path, lang: str):
    lobby = Lobby()
    server = await start_server(tmp_path, lobby, app_factory=create_app)
    try:
        env = {"LANG": "es_ES.UTF-8"} if lang == "es" else {"LANG": "en_US.UTF-8"}
        p = await connect(server.port, "anna", env=env)
        await p.wait_for(WORDS[lang][0], 30)
        made = len(lobby.tables)
        screen = await _make_tables(p, lang, lobby)
        assert re.search(WORDS[lang][4], toast(screen))
        assert len(lobby.tables) == made + TABLES
        await p.close()
    finally:
        await server.stop()

"""The bot API over real SSH (issue 28 part 2, docs/bot-api.md).

A real server on 127.0.0.1 port 0 in this process; the reference client
(``examples/bot_client.py``) connects with a key over asyncssh and plays whole
games of AHOY!! V2 and Ahoi with the baseline policy against house bots.
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

import asyncssh
import pytest
from harness import start_server

from ahoy_tui.lobby import Lobby, Timing

sys.path.insert(0, str(Path(__file__).parents[2] / "examples"))
import bot_client  # noqa: E402

FAST = Timing(bot_delay=(0, 0.01), between_hands=0.05)


async def _server(tmp_path: Path, **overrides):
    return await start_server(tmp_path, Lobby(timing=FAST, seed=3), **overrides)


@pytest.mark.parametrize("game,options", [("ahoy", {"limit": 30}), ("ahoi", {})])
async def test_the_reference_client_plays_a_whole_game(tmp_path, client_key, game, options):
    server = await _server(tmp_path)
    lines: list[bytes] = []
    try:
        conn, client = await bot_client.open_bot("127.0.0.1", server.port, client_key, "robo", lines.append)
        try:
            result = await asyncio.wait_for(bot_client.play_game(client, game, 2, options, seed=4), 240)
        finally:
            await client.close()
            conn.close()
    finally:
        await server.stop()
    assert result.acts > 0 and len(result.scores) == 3
    table = server.lobby.core.tables.get(result.table_id)
    assert table is None or table.status == "game_over"

"""``BotLink`` without SSH: lines in any pieces, one reply each, reading paused under a flood (docs/bot-api.md)."""

from __future__ import annotations

import asyncio
import json

from ahoy_tui.botapi.link import BotLimits, BotLink
from ahoy_tui.botapi.protocol import MAX_LINE
from ahoy_tui.lobby import InMemoryLobby


async def _link(**limits):
    lobby = InMemoryLobby()
    handle = await lobby.connect("bot:SHA256:x", "robo")
    out: list[bytes] = []
    pauses: list[bool] = []
    link = BotLink(lobby, handle, out.append, BotLimits(**limits), pause=pauses.append)
    return link, out, pauses


async def test_a_flood_pauses_reading_until_the_replies_caught_up():
    link, out, pauses = await _link(max_queued=8)
    link.feed(b"".join(b'{"id": %d, "cmd": "ping"}\n' % i for i in range(50)))
    assert pauses == [True]
    link.end()
    await asyncio.wait_for(link.serve(), 10)
    assert pauses == [True, False]
    assert [json.loads(x)["id"] for x in out] == list(range(50))


async def test_a_long_line_in_pieces_is_refused_once_and_the_next_line_answered():
    link, out, _ = await _link()
    piece = b"x" * (256 << 10)
    for _ in range(9):                                        # 2.25 MiB with no newline
        link.feed(piece)
    link.feed(b'tail"}\n{"id": 2, "cmd": "ping"}\n')
    link.end()
    await asyncio.wait_for(link.serve(), 10)
    replies = [json.loads(x) for x in out]
    assert [r["error"]["code"] if r["error"] else r["result"] for r in replies] == ["too_long", "pong"]
    assert str(MAX_LINE) in replies[0]["error"]["message"]

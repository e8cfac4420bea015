"""The lobby contract: chat in the lobby and at a table, and the rate limit (docs/lobby-api.md)."""

from __future__ import annotations

import pytest

from ahoy_tui.lobby.errors import LobbyError
from ahoy_tui.lobby.messages import ChatHistory, ChatMessage, Notice, TableConfig

from .client import Client


def said(client: Client, channel: str) -> list[tuple[str, str]]:
    return [(m.sender, m.text) for m in client.of(ChatMessage) if m.channel == channel and not m.system]


async def test_lobby_chat_reaches_everyone_and_later_arrivals_get_the_history(lobby_factory):
    api = lobby_factory.lobby
    anna, bob = await Client.connect(api, "anna"), await Client.connect(api, "bob")
    await api.chat(anna.handle, "lobby", "ahoy\x1b[2J all")
    assert said(bob, "lobby") == said(anna, "lobby") == [("anna", "ahoy[2J all")]  # control characters go
    late = await Client.connect(api, "late")
    (history,) = [m for m in late.of(ChatHistory) if m.channel == "lobby"]
    assert [(m.sender, m.text) for m in history.messages] == [("anna", "ahoy[2J all")]
    with pytest.raises(LobbyError):
        await api.chat(anna.handle, "lobby", "   ")
    with pytest.raises(LobbyError):
        await api.chat(anna.handle, "lobby", "x" * 301)


async def test_table_chat_stays_at_the_table(lobby_factory):
    api = lobby_factory.lobby
    anna, bob, out = [await Client.connect(api, name) for name in ("anna", "bob", "out")]
    tid = await api.create_table(anna.handle, TableConfig.make(name="Deck", clocks="untimed"))
    await api.join(bob.handle, tid)
    await api.chat(bob.handle, tid, "hello crew")
    assert said(anna, tid) == [("bob", "hello crew")]
    assert said(out, tid) == []
    with pytest.raises(LobbyError):
        await api.chat(out.handle, tid, "let me in")  # not at that table


async def test_over_the_rate_limit_the_sender_gets_a_notice_instead(lobby_factory):
    api = lobby_factory.lobby
    anna, bob = await Client.connect(api, "anna"), await Client.connect(api, "bob")
    for i in range(6):
        await api.chat(anna.handle, "lobby", f"line {i}")
    assert said(bob, "lobby") == [("anna", f"line {i}") for i in range(5)]
    assert [n.key for n in anna.of(Notice)] == ["slow_down"]
    assert bob.of(Notice) == []
    await lobby_factory.advance(11)
    await api.chat(anna.handle, "lobby", "later")
    assert said(bob, "lobby")[-1] == ("anna", "later")

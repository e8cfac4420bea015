"""Keys that arrive in one burst (one SSH data packet), through the real server and app.

A slow or laggy link delivers what the player typed in one read. Every key
of it must act as if typed one by one: editing keys in order, and keys
behind a key that opens a dialog reach that dialog (server/key_pacer.py).
"""

from __future__ import annotations

import asyncio

import pytest
from harness import connect, start_server

from ahoy_tui.lobby import Lobby
from server.hosting import default_app_factory
from tests.hardening.test_lobby_ssh import TIMING, UTF8, session_of, until


@pytest.fixture
async def lobby_server(tmp_path):
    lobby = Lobby(timing=TIMING, seed=1)
    srv = await start_server(tmp_path, lobby, app_factory=default_app_factory)
    yield srv, lobby
    await srv.stop()


async def _in_lobby(srv, name: str = "kim"):  # a name no other test changes the prefs of
    p = await connect(srv.port, name, env=UTF8)
    await p.wait_for("welcome aboard", 30)
    return p, session_of(srv, name).app


async def _chatting(srv):
    anna, app = await _in_lobby(srv)
    anna.send("c")
    await until(lambda: type(app.focused).__name__ == "ChatInput", 30, "the chat line")
    return anna, app


@pytest.mark.parametrize(
    "burst, sent",
    [
        (b"abc\x7fd\r", "abd"),
        (b"hello\x1b[D\x1b[DXX\r", "helXXlo"),
        (b"junk\x15good\r", "good"),
        (b"one\rtwo\r", None),
    ],
)
async def test_chat_line_burst_is_edited_in_order(lobby_server, burst, sent):
    srv, lobby = lobby_server
    anna, app = await _chatting(srv)
    try:
        anna.send(burst)
        want = [sent] if sent is not None else ["one", "two"]
        await until(lambda: [m.text for m in lobby.chat_log.recent()] == want, 30,
                    f"the chat to read {want!r}, not {[m.text for m in lobby.chat_log.recent()]!r}")
        await until(lambda: app.focused.value == "", 30, "the chat line to be empty")
    finally:
        await asyncio.wait_for(anna.close(), 30)


async def test_create_dialog_takes_the_keys_typed_behind_n(lobby_server):
    srv, lobby = lobby_server
    anna, app = await _in_lobby(srv)
    try:
        default = app.t("create.default_name", name=app.me)
        anna.send(b"n" + b"\x7f" * len(default) + b"raft\r")
        await until(lambda: [t.config.name for t in lobby.tables.values()] == ["raft"], 30,
                    "a table named raft")
    finally:
        await asyncio.wait_for(anna.close(), 30)


async def test_join_code_dialog_takes_the_code_typed_behind_k(lobby_server):
    from ahoy_tui.lobby import TableConfig

    srv, lobby = lobby_server
    host = lobby.connect("host-id", "Bo")
    tid = lobby.create_table(host, TableConfig.make(name="secret", private=True))
    code = lobby.tables[tid].code
    anna, app = await _in_lobby(srv)
    try:
        anna.send(b"k" + code.encode() + b"\r")
        await until(lambda: lobby.tables[tid].seat_of(app.session.identity) is not None, 30,
                    "kim seated at the private table")
    finally:
        await asyncio.wait_for(anna.close(), 30)


@pytest.mark.parametrize("size", [4096, 1 << 20])
async def test_raw_paste_into_the_chat_is_taken_as_a_paste_and_cut_with_a_notice(lobby_server, size):
    """Text pasted without brackets (a terminal without bracketed paste) is one paste, not
    thousands of keys: the first line is kept with a notice, no line is sent by itself, and
    the other player's session goes on."""
    srv, lobby = lobby_server
    anna, app = await _chatting(srv)
    bo, _ = await _in_lobby(srv, "bo")
    try:
        line = "Fifteen men on the dead man's chest, yo ho ho! "
        text = ((line + "\r") * (size // (len(line) + 1) + 1))[:size]
        anna.send(text.encode())
        await anna.wait_for("Only the first line of the paste", 30)
        link = session_of(srv, "kim").link
        await until(lambda: not link._raw_paste.open and link._paste.state == "normal" and not link.input_pending,
                    30, "the paste to be over")
        await until(lambda: app.focused.value == line, 30, "the first line in the chat line")
        assert lobby.chat_log.recent() == []  # the paste's line breaks sent nothing
        anna.send("\r")
        await bo.wait_for("kim: Fifteen men", 30)
        assert [m.text for m in lobby.chat_log.recent()] == [line.strip()]
        if size > (1 << 16):
            assert link._paste.skipped > 0  # the rest of a long paste was skipped, never parsed
    finally:
        await asyncio.wait_for(anna.close(), 30)
        await asyncio.wait_for(bo.close(), 30)


async def test_keys_typed_behind_c_reach_the_chat_line(lobby_server):
    srv, lobby = lobby_server
    anna, app = await _in_lobby(srv)
    try:
        await anna.settle(0.3)
        anna.send(b"clo\x7fand ho\r")
        await until(lambda: [m.text for m in lobby.chat_log.recent()] == ["land ho"], 30, "the chat to read 'land ho'")
    finally:
        await asyncio.wait_for(anna.close(), 30)

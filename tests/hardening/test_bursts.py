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
from ahoy_tui.ui.app import create_app
from tests.hardening.test_lobby_ssh import TIMING, UTF8, session_of, until


@pytest.fixture
async def lobby_server(tmp_path):
    lobby = Lobby(timing=TIMING, seed=1)
    srv = await start_server(tmp_path, lobby, app_factory=create_app)
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


# -- issue 24 (10): the Enter after a paste -----------------------------------------------------

PASTED = "Dead men tell no tales, " * 12 + "ahoy"  # 292 characters, one line


async def _sends_with_one_enter(srv, lobby, first: bytes, then: bytes | None, want: str) -> None:
    anna, app = await _chatting(srv)
    bo, _ = await _in_lobby(srv, "bo")
    try:
        anna.send(first)
        if then is not None:  # typed while the raw paste is still open (within RAW_PASTE_GAP)
            link = session_of(srv, "kim").link
            await until(lambda: link._raw_paste.open, 30, "the raw paste to be open")
            anna.send(then)
        await bo.wait_for("kim: Dead men", 30)
        await until(lambda: [m.text for m in lobby.chat_log.recent()] == [want], 5,
                    f"the chat to read the paste, not {[m.text for m in lobby.chat_log.recent()]!r}")
        await until(lambda: app.focused.value == "", 30, "the chat line to be empty")
    finally:
        await asyncio.wait_for(anna.close(), 30)
        await asyncio.wait_for(bo.close(), 30)


async def test_a_raw_one_line_paste_ending_in_enter_sends_it(lobby_server):
    """A terminal without bracketed paste sends the line and the Enter typed behind it in one
    read: the Enter sends the line (it used to be taken into the paste: a second Enter needed)."""
    srv, lobby = lobby_server
    await _sends_with_one_enter(srv, lobby, PASTED.encode() + b"\r", None, PASTED)


async def test_an_enter_right_after_a_raw_paste_sends_it(lobby_server):
    """Enter pressed within RAW_PASTE_GAP of a raw paste's last read (Ctrl+V, Enter) acts as Enter."""
    srv, lobby = lobby_server
    await _sends_with_one_enter(srv, lobby, PASTED.encode(), b"\r", PASTED)


async def test_an_enter_in_the_same_read_as_a_long_bracketed_paste_is_kept(lobby_server):
    """A bracketed paste over 16 KiB is cut; the Enter read with it used to be dropped with
    the input backlog (the cut paste alone filled it)."""
    from server.input_guard import PASTE_END, PASTE_START

    srv, lobby = lobby_server
    text = "Dead men " + "x" * 20_000
    await _sends_with_one_enter(srv, lobby, PASTE_START + text.encode() + PASTE_END + b"\r", None, text[:300])


# -- issue 24 (13): emoji sequences keep the chat border in its column --------------------------


def _right_borders(player) -> dict[int, list[int]]:
    """Per screen row that shows the chat box: the columns of its vertical borders (pyte cells,
    widths per code point as xterm-like terminals give them)."""
    rows = {}
    for y in range(player.rows):
        line = player.screen.buffer[y]
        cols = [x for x in range(player.cols) if line[x].data == "│"]
        if cols and cols[0] == 0 and len(cols) == 2:  # the full-width chat box
            rows[y] = cols
    return rows


async def test_a_pirate_flag_keeps_the_chat_border_in_its_column(lobby_server):
    """🏴‍☠️ is flag + zero width joiner + skull + VS16: Rich counts it 2 cells, a terminal that
    draws each code point 3 (and 4 once the joiner was lost while typing), so the border
    after it moved. Shown (and typed) without joiner, selector or modifier, it takes the same
    columns everywhere."""
    srv, lobby = lobby_server
    anna, app = await _chatting(srv)
    bo, _ = await _in_lobby(srv, "bo")
    try:
        anna.send("ahoy 🏴\u200d☠\ufe0f mates 👍🏽!\r".encode())
        await bo.wait_for("mates", 30)
        anna.send("🏴\u200d☠\ufe0f yo".encode())
        await anna.wait_for("🏴☠ yo", 30)
        for p in (anna, bo):
            await p.settle(0.3)
            rows = _right_borders(p)
            assert len(rows) >= 6, p.text()
            assert {tuple(c) for c in rows.values()} == {(0, p.cols - 1)}, p.text()
        assert "kim: ahoy 🏴☠ mates 👍!" in bo.text()
    finally:
        await asyncio.wait_for(anna.close(), 30)
        await asyncio.wait_for(bo.close(), 30)


# -- issue 24 (13): a spectator who reconnects returns to the table she watched -------------------


@pytest.mark.parametrize("ending", ["closed", "dropped"])
async def test_a_spectator_who_reconnects_is_watching_her_table_again(lobby_server, ending):
    from ahoy_tui.lobby import TableConfig
    from tests.hardening.test_lobby_ssh import kill

    srv, lobby = lobby_server
    host = lobby.connect("host-id", "Bo")
    tid = lobby.create_table(host, TableConfig.make(name="Cove"))
    kim, app = await _in_lobby(srv)
    try:
        await kim.wait_for("Cove", 30)
        kim.send("w")
        await kim.wait_for("You are watching", 30)
        ident = app.session.identity
        if ending == "closed":
            await asyncio.wait_for(kim.close(), 5)
        else:
            kill(kim, reset=True)
        await until(lambda: not lobby.players.get(ident), 10, "kim's session gone")
        kim = await connect(srv.port, "kim", env=UTF8)
        await kim.wait_for("You are watching", 30)
        assert [h.identity for h, seat in lobby.tables[tid].members.items() if seat is None] == [ident]
        kim.send("q")  # back to the lobby on purpose: the next session starts there
        await until(lambda: all(h.identity != ident for h in lobby.tables[tid].members), 5,
                    "kim to have left the table")
        await asyncio.wait_for(kim.close(), 5)
        kim = await connect(srv.port, "kim", env=UTF8)
        await kim.wait_for("welcome aboard", 30)
        await kim.settle(0.3)
        assert "You are watching" not in kim.text()
    finally:
        if not kim.closed.is_set():
            await asyncio.wait_for(kim.close(), 5)

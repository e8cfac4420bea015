"""Moderation as players see it in the real UI over real SSH: the MOTD, a mute, a kick, a closed
table and the operator menu (docs/moderation.md)."""

from __future__ import annotations

import asyncio

import pytest
from harness import Player, connect, start_server, wait_until

from ahoy_tui.lobby import Lobby
from ahoy_tui.lobby.messages import TableConfig
from ahoy_tui.ui.app import create_app

UTF8 = {"LANG": "en_US.UTF-8"}


@pytest.fixture
async def served(tmp_path, client_key):
    """A server with the real UI whose operator is ``client_key``; yields (server, lobby)."""
    lobby = Lobby()
    server = await start_server(tmp_path, lobby, app_factory=create_app,
                                operators=frozenset({client_key.get_fingerprint("sha256")}),
                                motd="Welcome \x1b[31m aboard\u202e, sailors")
    yield server, lobby
    await server.stop()


async def _exec(port: int, command: str, **kw) -> Player:
    p = await connect(port, kw.pop("user", "anna"), command=command, pty=False, **kw)
    await asyncio.wait_for(p.closed.wait(), 30)
    return p


async def _in_lobby(port: int, name: str, **kw) -> Player:
    p = await connect(port, name, env=UTF8, **kw)
    await p.wait_for(f"welcome aboard, {name}", 30)
    return p


async def test_the_motd_shows_in_the_lobby_and_by_ssh_motd(served, client_key):
    server, lobby = served
    ben = await _in_lobby(server.port, "ben")
    await ben.wait_for(r"Welcome \[31m aboard, sailors")          # cleaned: no escape, no bidi override
    assert b"\x1b[31m aboard" not in bytes(ben.raw) and "\u202e".encode() not in bytes(ben.raw)
    p = await _exec(server.port, "motd")
    assert bytes(p.raw) == b"Welcome [31m aboard, sailors\n"
    p = await _exec(server.port, "motd Tournament at 20:00 UTC", key=client_key)
    assert p.exit_status == 0
    await ben.wait_for("Tournament at 20:00 UTC")                   # the lobby line follows at once
    await ben.close()


async def test_a_muted_players_lobby_chat_reaches_nobody_and_the_player_is_told(served, client_key):
    server, lobby = served
    ben = await _in_lobby(server.port, "ben")
    carl = await _in_lobby(server.port, "carl")
    p = await _exec(server.port, "mute ben 1h shouting", key=client_key)
    assert p.exit_status == 0 and b"muted ben in the lobby chat until" in bytes(p.raw)
    ben.send("c")
    ben.send("hello crew\r")
    await ben.wait_for("You are muted", 30)
    carl.send("c")
    carl.send("carl here\r")                                        # chat is in order: ben's line would be first
    await carl.wait_for("carl here", 30)
    await ben.wait_for("carl here", 30)
    assert b"hello crew" not in bytes(carl.raw)
    assert [m.text for m in lobby.chat_log.recent()] == ["carl here"]
    p = await _exec(server.port, "unmute ben", key=client_key)
    assert p.exit_status == 0
    ben.send("back again\r")
    await carl.wait_for("back again", 30)
    await ben.close()
    await carl.close()


async def test_kick_closes_the_session_with_a_line(served, client_key):
    server, lobby = served
    ben = await _in_lobby(server.port, "ben")
    p = await _exec(server.port, "kick ben being rude", key=client_key)
    assert p.exit_status == 0 and bytes(p.raw) == b"kicked ben\n"
    await asyncio.wait_for(ben.closed.wait(), 30)
    assert b"An operator ended your session: being rude" in bytes(ben.raw)
    assert "ben" not in lobby.online_names()
    (entry,) = server.moderator.store.audit(5)
    assert (entry.action, entry.target, entry.reason) == ("kick", "ben (user:ben)", "being rude")


async def test_close_table_ends_the_table_for_its_members_with_a_line(served, client_key):
    server, lobby = served
    ben = await _in_lobby(server.port, "ben")
    handle = next(h for h in lobby.handles() if h.name == "ben")
    tid = lobby.create_table(handle, TableConfig(name="Rowdy"))
    await ben.wait_for("waiting for the crew", 30)
    p = await _exec(server.port, "close Rowdy too loud", key=client_key)
    assert p.exit_status == 0 and f"closed table {tid} (Rowdy)".encode() in bytes(p.raw)
    await ben.wait_for(r"An operator closed the table: too\b[\s\S]*\bloud", 30)   # a toast: it wraps
    await ben.wait_for("No tables yet", 30)                         # back in the lobby
    assert tid not in lobby.tables
    await ben.close()


async def test_the_operator_menu_is_only_an_operators(served, client_key):
    server, lobby = served
    ben = await _in_lobby(server.port, "ben")
    ben.send("O")                                                  # a plain player: nothing
    ben.send("g")
    await ben.wait_for("My games|games", 30)
    anna = await _in_lobby(server.port, "anna", key=client_key)
    await anna.wait_for("O: operator menu", 30)                    # the title names the key
    anna.send("O")
    await anna.wait_for("Operator menu", 30)
    anna.send("\r")                                                # the first entry: kick
    await anna.settle(0.2)
    anna.send("ben not listening\r")
    await anna.wait_for("kicked ben", 30)
    await asyncio.wait_for(ben.closed.wait(), 30)
    assert b"Operator menu" not in bytes(ben.raw)
    assert b"An operator ended your session: not listening" in bytes(ben.raw)
    await anna.close()

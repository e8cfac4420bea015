"""``ssh host games`` and ``ssh host record GAME_ID`` over real SSH (no PTY)."""

from __future__ import annotations

import asyncio

import pytest
from harness import connect, start_server

from ahoy_tui.cli import main as ahoy_main
from ahoy_tui.game.replay import project
from tests.history_helpers import card_names, finished_lobby, never_shown


async def _run(port: int, command: str, user: str = "anna", env: dict | None = None):
    p = await connect(port, user, command=command, pty=False, env=env)
    await asyncio.wait_for(p.closed.wait(), 5)
    return p


@pytest.fixture
async def played(tmp_path):
    """A server whose lobby holds one finished game of anna's (seat 0) against two bots."""
    lobby = finished_lobby(seed=7)
    srv = await start_server(tmp_path, lobby)
    yield srv, lobby
    await srv.stop()


async def test_games_lists_the_callers_games(played):
    srv, lobby = played
    (game,) = lobby.my_games(lobby.connect("user:anna", "anna"))
    p = await _run(srv.port, "games")
    out = bytes(p.raw).decode()
    assert p.exit_status == 0
    assert game.game_id in out and "Wake 1" in out and "UTC" in out
    assert f"place {game.places[0]} of 3" in out and "winner:" in out
    assert all(c == "\n" or " " <= c <= "~" for c in out)
    other = await _run(srv.port, "games", user="zed")
    assert other.exit_status == 0 and "No finished games yet" in bytes(other.raw).decode()
    spanish = await _run(srv.port, "games", env={"LANG": "es_ES.UTF-8"})
    assert "gana:" in bytes(spanish.raw).decode()


async def test_record_is_the_seats_projection_and_replays_valid(played, tmp_path, capsys):
    srv, lobby = played
    (game,) = lobby.my_games(lobby.connect("user:anna", "anna"))
    p = await _run(srv.port, f"record {game.game_id}")
    assert p.exit_status == 0
    text = bytes(p.raw).decode("ascii")
    full = lobby.finished_records[-1][1]
    mine = project(full, 0)
    import json

    lines = [json.loads(line) for line in text.splitlines()]
    assert lines == mine  # exactly the seat's projection (R18)
    assert lines != full and lines[0]["seed"] is None
    hidden = never_shown(full, mine)
    assert hidden and not (card_names(lines) & hidden)  # no card the seat was never shown
    assert "\x1b" not in text
    path = tmp_path / "game.ahoy.jsonl"
    path.write_text(text)
    assert ahoy_main(["replay", str(path)]) == 0
    assert "valid record" in capsys.readouterr().out


@pytest.mark.parametrize("command", [
    "record g000000000000",               # made up
    "record",                             # no id
    "record g1 g2",                       # two ids
    "record ; rm -rf /",                  # shell characters
    "record \x1b[2J",                     # an escape sequence
    "record g" + "a" * 10_000,            # 10 KB
    "record ../../etc/passwd",
])
async def test_record_refuses_bad_ids_in_one_line(played, command):
    srv, _lobby = played
    p = await _run(srv.port, command)
    err = bytes(p.stderr)
    assert p.exit_status == 1 and not p.raw
    assert err.count(b"\n") == 1 and b"no game with that id" in err
    assert b"\x1b" not in err and b"rm -rf" not in err and len(err) < 120


async def test_record_of_a_game_the_caller_did_not_play_is_refused_alike(played):
    srv, lobby = played
    (game,) = lobby.my_games(lobby.connect("user:anna", "anna"))
    p = await _run(srv.port, f"record {game.game_id}", user="eve")
    assert p.exit_status == 1 and not p.raw
    assert b"no game with that id" in bytes(p.stderr)
    assert not card_names(bytes(p.stderr).decode())


async def test_help_names_the_history_commands(played):
    srv, _lobby = played
    out = bytes((await _run(srv.port, "help")).raw).decode()
    assert "games" in out and "record GAME_ID" in out and "ahoy replay" in out

"""``ssh host games`` and ``ssh host record GAME_ID`` over real SSH (no PTY)."""

from __future__ import annotations

import asyncio
import sqlite3

import pytest
from harness import connect, start_server

from ahoy_tui.cli import main as ahoy_main
from ahoy_tui.games.ahoy.replay import project
from ahoy_tui.lobby import Lobby, ManualClock, Timing
from ahoy_tui.store.sqlite import SQLiteStore
from ahoy_tui.games.ahoy import cards as C
from tests.history_helpers import card_names, finished_lobby, never_shown, seen_by


async def _run(port: int, command: str, user: str = "anna", env: dict | None = None):
    p = await connect(port, user, command=command, pty=False, env=env)
    await asyncio.wait_for(p.closed.wait(), 30)
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


async def test_record_names_the_callers_own_draws_and_no_card_it_was_not_shown(played):
    """RECORDS.md "Projections" over SSH: every own ``draw`` line carries the card the pile gave
    (the oracle reads the full record's piles), no other seat's draw carries one, and no card name
    in the bytes is one the seat was never shown (R18)."""
    srv, lobby = played
    (game,) = lobby.my_games(lobby.connect("user:anna", "anna"))
    p = await _run(srv.port, f"record {game.game_id}")
    assert p.exit_status == 0
    text = bytes(p.raw).decode("ascii")
    full = lobby.finished_records[-1][1]
    import json

    lines = [json.loads(line) for line in text.splitlines()]
    shown = seen_by(full, 0)
    named = 0
    for k, line in enumerate(lines):
        if line.get("act") == "draw" and line["seat"] == 0:
            new = shown[k] - shown[k - 1]
            assert "card" in line and C.identity(C.parse(line["card"])) in shown[k]
            assert not new or C.identity(C.parse(line["card"])) in new
            named += 1
        elif line.get("act") == "draw":
            assert "card" not in line, k
    assert named > 3
    in_bytes = {C.identity(C.parse(c)) for c in card_names(lines)}
    assert in_bytes <= shown[-1], in_bytes - shown[-1]
    assert {C.identity(c) for c in C.full_deck(3)} - shown[-1]  # there was something to hide


@pytest.mark.parametrize("command", [
    "record g000000000000",               # made up
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


async def test_record_without_an_id_says_how_to_ask(played):
    srv, _lobby = played
    p = await _run(srv.port, "record")
    err = bytes(p.stderr)
    assert p.exit_status == 1 and not p.raw
    assert err.count(b"\n") == 1 and b"record GAME_ID" in err


async def test_a_damaged_archived_game_is_refused_in_one_line_and_nothing_hangs(tmp_path):
    db = tmp_path / "ahoy.db"
    store = SQLiteStore(db)
    lobby = finished_lobby(seed=7, lobby=Lobby(clock=ManualClock(), timing=Timing.instant(), seed=7, store=store))
    (game,) = lobby.my_games(lobby.connect("user:anna", "anna"))
    assert store.flush()
    with sqlite3.connect(db) as c:
        c.execute("UPDATE games SET record = ? WHERE game_id = ?", (b"garbage", game.game_id))
    c.close()
    srv = await start_server(tmp_path, lobby)
    try:
        p = await _run(srv.port, f"record {game.game_id}")
        err = bytes(p.stderr)
        assert p.exit_status == 1 and not p.raw
        assert err.count(b"\n") == 1 and b"damaged" in err
        p = await _run(srv.port, f"record {game.game_id}", user="eve")   # not hers: not told it exists
        assert b"no game with that id" in bytes(p.stderr)
        assert game.game_id.encode() not in bytes((await _run(srv.port, "games", user="eve")).raw)
    finally:
        await srv.stop()
        store.close()

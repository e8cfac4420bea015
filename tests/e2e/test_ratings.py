"""Ratings over real SSH: two keyed players finish a game; a keyless player's game rates nobody.

The real server (real app per session) on 127.0.0.1 port 0, a lobby with
community tables in an SQLite file. The players press keys like people:
join, ready, add a bot, start; the autopilot plays their seats; the ratings are then read
back with ``ssh host top`` and ``ssh host stats NAME`` (no PTY).
"""

from __future__ import annotations

import asyncio
import re

import pytest
from harness import connect, start_server, wait_until

from ahoy_tui.community.service import Community
from ahoy_tui.lobby import Lobby, TableConfig, Timing
from ahoy_tui.store.sqlite import SQLiteStore
from ahoy_tui.ui.app import create_app

UTF8 = {"LANG": "en_US.UTF-8"}


async def _plain(port: int, command: str) -> str:
    p = await connect(port, "reader", command=command, pty=False)
    await asyncio.wait_for(p.closed.wait(), 30)
    assert p.exit_status == 0, bytes(p.stderr)
    return bytes(p.raw).decode()


def _board(text: str) -> list[tuple[str, str]]:
    """(name, rating) per line of a ``top`` answer, best first."""
    return [(m.group(2), m.group(1)) for m in re.finditer(r"^\s*\d+\s+(\d+\??)\s+(\S+)", text, re.M)]


def _handle(lobby: Lobby, name: str):
    return next(h for h in lobby.handles() if h.name == name)


async def _play(lobby: Lobby, port: int, host_key, guest_key, host: str, guest: str) -> str:
    """``host`` opens a 3-seat table (with a bot), ``guest`` joins; both play on autopilot to the end."""
    a = await connect(port, host, key=host_key, env=UTF8)
    b = await connect(port, guest, key=guest_key, env=UTF8)
    try:
        await a.wait_for("welcome aboard", 30)
        await b.wait_for("welcome aboard", 30)
        tid = lobby.create_table(_handle(lobby, host), TableConfig.make(name=f"R{guest}", seats=3, limit=20,
                                                                        clocks="untimed"))
        await a.wait_for("Add bot", 30)
        a.send("b")
        await a.wait_for("Press 1, 2 or 3", 30)
        a.send("2")
        await b.wait_for(f"R{guest}", 30)
        b.send("j")
        await b.wait_for("Ready", 30)
        b.send("r")
        table = lobby.tables[tid]
        await wait_until(lambda: all(s.filled for s in table.seats) and all(
            s.ready for s in table.seats if s.kind == "person" and s.name == guest), 10, "seats filled, guest ready")
        await a.settle(0.1)
        a.send("g")
        await wait_until(lambda: table.game is not None, 30, "the game to start")
        for name in (host, guest):     # the autopilot plays both seats (playing by keys is test_whole_game's)
            lobby.set_autopilot(_handle(lobby, name), tid, True)
        await wait_until(lambda: table.game.over, 120, "the game to end")
        await a.wait_for("BIGGEST LOSER", 30)
        await a.wait_for(rf"{host}: 1000 -> \d+|Winner", 30)
        return tid
    finally:
        await a.close()
        await b.close()


@pytest.mark.slow
async def test_a_keyed_game_rates_both_and_a_keyless_one_rates_nobody(tmp_path, client_key, other_key):
    db = tmp_path / "ahoy.db"
    store, community = SQLiteStore(db), Community(db)
    lobby = Lobby(timing=Timing(bot_delay=(0.0, 0.01), between_hands=0.05), seed=11, store=store,
                  community=community)
    server = await start_server(tmp_path, lobby, app_factory=create_app)
    try:
        assert "Nobody is on this leaderboard yet" in await _plain(server.port, "top")

        tid = await _play(lobby, server.port, client_key, other_key, "anna", "bo")
        await asyncio.to_thread(community.flush)
        listing = lobby.tables[tid].last_listing
        place = {n: p for n, p in zip(listing.names, listing.places)}
        board = _board(await _plain(server.port, "top"))
        assert {n for n, _ in board} == {"anna", "bo"}
        assert all(r != "1000?" for _, r in board)                       # both changed
        assert board[0][0] == min(("anna", "bo"), key=lambda n: place[n])  # the better place leads
        anna = await _plain(server.port, "stats anna")
        assert "after 1 rated game\n" in anna and "games 1" in anna
        before = dict(board)
        lobby.close_table(tid, "the test is done with it")

        await _play(lobby, server.port, client_key, None, "anna", "carl")   # carl has no key
        await asyncio.to_thread(community.flush)
        assert dict(_board(await _plain(server.port, "top"))) == before     # nobody's rating moved
        carl = await _plain(server.port, "stats carl")
        assert "never rated" in carl and "games 1" in carl
        anna = await _plain(server.port, "stats anna")
        assert "after 1 rated game\n" in anna and "games 2" in anna
    finally:
        await server.stop()
        community.close()
        store.close()


@pytest.mark.slow
async def test_an_ahoi_game_is_on_the_ahoi_board_only(tmp_path):
    """Two keyed players finish an Ahoi game (autopilot): ``top ahoi`` lists them, ``top`` (AHOY!! V2) does not,
    and ``stats`` shows their Ahoi part."""
    db = tmp_path / "ahoy.db"
    store, community = SQLiteStore(db), Community(db)
    lobby = Lobby(timing=Timing(bot_delay=(0.0, 0.0), between_hands=0.01), seed=12, store=store,
                  community=community)
    server = await start_server(tmp_path, lobby, app_factory=create_app)
    try:
        anna, bo = lobby.connect("key:SHA256:anna", "anna"), lobby.connect("key:SHA256:bo", "bo")
        for h in (anna, bo):
            h.subscribe(lambda m: None)
        tid = lobby.create_table(anna, TableConfig.make("ahoi", name="Reef", seats=2, clocks="untimed"))
        lobby.join(bo, tid)
        lobby.set_ready(bo, tid, True)
        lobby.start(anna, tid)
        for h in (anna, bo):
            lobby.set_autopilot(h, tid, True)
        table = lobby.tables[tid]
        await wait_until(lambda: table.game is not None and table.game.over, 120, "the Ahoi game to end")
        await wait_until(lambda: table.last_listing is not None, 30, "the game to be archived")
        await asyncio.to_thread(community.flush)
        ahoi = _board(await _plain(server.port, "top ahoi"))
        assert {n for n, _ in ahoi} == {"anna", "bo"} and all(r != "1000?" for _, r in ahoi)
        assert _board(await _plain(server.port, "top")) == []
        stats = await _plain(server.port, "stats anna")
        assert "Ahoi" in stats and "AHOY!! V2" not in stats and "after 1 rated game\n" in stats
    finally:
        await server.stop()
        community.close()
        store.close()

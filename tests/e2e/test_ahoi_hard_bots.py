"""A whole Ahoi game against three hard bots over real SSH (issue 30; AH14, AH16).

anna connects with a real SSH client (asyncssh + pyte), opens an Ahoi table,
seats three bots with the ``b`` picker at level 3 (hard), starts and plays
from her screen like a person (``test_ahoi_game.Person``) until a total
reaches 101 (AH13). The hard bots' searches run in the server's search
workers (``lobby.search_pool``), and every card face anna's client received
is checked against what her seat was shown (``test_ahoi_game.scan``).
"""

from __future__ import annotations

import asyncio
import random
import time
from pathlib import Path

import pytest
from harness import connect, seat_hard_bots, start_server, wait_until
from test_ahoi_game import FPS, UTF8, AhoiTruth, Person, _handle, instrument, scan
from test_whole_game import record_frames

from ahoy_tui.games.ahoi.state import AhoiPhase
from ahoy_tui.lobby import Lobby, TableConfig, Timing

GAME_WAIT = 400


@pytest.mark.slow
async def test_a_whole_ahoi_game_against_three_hard_bots_over_ssh(tmp_path: Path, monkeypatch):
    t0 = time.monotonic()
    truth = AhoiTruth()
    instrument(monkeypatch, truth)
    import textual.screen

    monkeypatch.setattr(textual.screen, "UPDATE_PERIOD", 1 / FPS)
    lobby = Lobby(timing=Timing(bot_delay=(0, 0.02), between_hands=1.5), seed=11)
    from ahoy_tui.ui.app import create_app

    server = await start_server(tmp_path, lobby, app_factory=create_app)
    anna = None
    try:
        anna = await connect(server.port, "anna", cols=80, rows=24, env=UTF8)
        frames = record_frames(anna)
        await anna.wait_for("welcome aboard", 30)
        tid = lobby.create_table(_handle(lobby, "anna"), TableConfig.make("ahoi", name="hard-cove", seats=4,
                                                                         clocks="blitz"))
        await anna.wait_for("Add bot", 30)
        await seat_hard_bots(anna, (2, 3, 4))
        table = lobby.tables[tid]
        assert [s.bot_kind for s in table.seats[1:]] == ["hard", "hard", "hard"]
        await anna.settle(0.1)
        anna.send("g")
        await wait_until(lambda: table.game is not None, 30, "the game to start")
        seat = table.members[_handle(lobby, "anna")]
        done = asyncio.Event()
        person = Person("anna", anna, random.Random(3))
        task = asyncio.create_task(person.play(done))
        try:
            await wait_until(lambda: table.game is not None and table.game.over, GAME_WAIT, "the game to end")
        except AssertionError as e:
            st = table.game.state
            raise AssertionError(f"{e}: round {st.round_no} phase {st.phase} totals {st.totals}\n"
                                 f"pressed {person.pressed} last {person.log[-8:]}\n{anna.text()}") from None
        await anna.wait_for("Game over", 30)
        done.set()
        await asyncio.wait_for(task, 30)
        await anna.settle(0.2, 3)

        st = table.game.state
        assert max(st.totals) >= 101 and st.phase is AhoiPhase.GAME_OVER
        assert truth.conserved_ok, "a card went missing or was doubled (AH1)"
        assert person.pressed > 10
        assert table.pilot.searched_answers > 0, "the hard bots' searches were played"
        calls = [line["seat"] for line in table.game.record if line.get("act") == "ahoi"]
        assert set(calls) - {seat}, "a hard bot called „Ahoi“ (AH10)"
        leaks, checked = scan("anna", seat, anna, truth, frames)
        assert checked > 30
        assert not leaks, "\n".join(f"{lk.where} {lk.value} @{lk.at:.3f}: {lk.context!r}" for lk in leaks[:20])
        print(f"\nahoi hard e2e: {st.round_no} rounds, totals {st.totals}, {table.pilot.searched_answers} "
              f"searched answers, {checked} faces checked, {time.monotonic() - t0:.1f}s")
    finally:
        if anna is not None:
            try:
                await asyncio.wait_for(anna.close(), 30)
            except Exception:
                pass
        await server.stop()

"""Line mode over real SSH (issue 28.1): a whole AHOY!! V2 game and a whole Ahoi game against bots played
from the lines alone, no ESC byte ever, no card another seat holds (R18), and bad input answered with one
clear line.

``ssh -t host line`` is an exec request with a PTY; the server answers with plain sentences (CR LF).
The hidden-card scan reuses the whole-game test's server-side truth (``Table.publish`` wrapped)
and its label scan of every received byte.
"""

from __future__ import annotations

import asyncio
import random
import re
import time
from pathlib import Path

import pytest
from harness import connect, start_server, wait_until
from line_client import AhoyLinePlayer, LineReader
from test_whole_game import Truth, instrument, scan

from ahoy_tui.games.ahoy import cards as C
from ahoy_tui.games.ahoy.state import Phase
from ahoy_tui.lobby import Lobby, Timing
from ahoy_tui.ui.prefs import STORE as PREFS

UTF8 = {"LANG": "en_US.UTF-8"}
LIMIT = 100

_WORD_RANKS = {"jack": "J", "queen": "Q", "king": "K", "ace": "A"}
_WORD_SUITS = {"spades": "S", "hearts": "H", "diamonds": "D", "clubs": "C"}
_WORDS = re.compile(r"\b(10|[2-9]|jack|queen|king|ace) of (spades|hearts|diamonds|clubs)\b|\bthe joker\b")


def word_cards(text: str) -> list[tuple[int, int]]:
    """``(identity, end offset)`` of every card said in words ("6 of hearts", "the joker")."""
    out = []
    for m in _WORDS.finditer(text):
        if m.group(0) == "the joker":
            out.append((C.JOKER, m.end()))
        else:
            out.append((C.parse(_WORD_RANKS.get(m.group(1), m.group(1)) + _WORD_SUITS[m.group(2)]), m.end()))
    return out


def scan_words(seat: int | None, raw: bytes, chunks, truth: Truth) -> tuple[list[str], int]:
    """The word-form cards of every received packet, checked against ``truth`` at its arrival (a sentence is
    written whole, so no card's words span two packets of one line... the test joins a line's packets)."""
    leaks, checked = [], 0
    pending, when = "", 0.0
    for t, data in chunks:
        pending += data.decode("utf-8", "replace")
        when = t
        *done, pending = pending.split("\r\n")
        for line in done:
            for ident, _ in word_cards(line):
                checked += 1
                if not truth.known_at(seat, ident, when):
                    leaks.append(f"{C.name(ident)} in {line!r}")
    return leaks, checked


@pytest.mark.slow
async def test_whole_ahoy_game_in_line_mode_over_ssh_leaks_nothing(tmp_path: Path, monkeypatch):
    truth = Truth()
    instrument(monkeypatch, truth)
    lobby = Lobby(timing=Timing(bot_delay=(0, 0.02), between_hands=0.3), seed=7)
    server = await start_server(tmp_path, lobby)
    players = []
    try:
        anna = await connect(server.port, "anna", env=UTF8, command="line")
        bo = await connect(server.port, "bo", env=UTF8, command="line")
        eve = await connect(server.port, "eve", env=UTF8, command="line")
        players = [anna, bo, eve]
        ra, rb, re_ = LineReader(anna), LineReader(bo), LineReader(eve)
        for r in (ra, rb, re_):
            await r.wait("Line mode: one sentence per change")
        n = ra.say(f"create 4 seats 2 bots to {LIMIT}")
        tid = (await ra.wait(r"You created table (t\d+) with 2 bots", after=n)).group(1)
        n = rb.say("suits words")
        await rb.wait("suits as words", after=n)
        n = rb.say(f"join {tid}")
        await rb.wait(rf"You sit at table {tid}", after=n)
        rb.say("ready")
        n = re_.say(f"watch {tid}")
        await re_.wait(rf"You watch table {tid}", after=n)
        table = lobby.tables[tid]
        await wait_until(lambda: any(s.name == "bo" and s.ready for s in table.seats), 30, "bo ready")
        ra.say("start")
        await wait_until(lambda: table.game is not None, 30, "the game to start")

        done = asyncio.Event()
        people = [AhoyLinePlayer("anna", anna, random.Random(1)),  # bo reads suits as words, types them as 6H
                  AhoyLinePlayer("bo", bo, random.Random(2), lambda text: [C.name(i) for i, _ in word_cards(text)])]
        tasks = [asyncio.create_task(p.play(done)) for p in people]
        try:
            await wait_until(lambda: table.game is not None and table.game.over, 300, "the game to end")
        finally:
            done.set()
            await asyncio.gather(*tasks, return_exceptions=True)
        await ra.wait("^Game over! Winner:")
        await re_.wait("^Game over! Winner:")
        over = next(i for i, x in enumerate(ra.lines()) if x.startswith("Game over! Winner:"))
        totals = ", ".join(f"{s.name} {t}" for s, t in zip(table.seats, table.game.state.totals))
        assert ra.lines()[over + 1] == f"Scores to {LIMIT}: {totals}.", ra.lines()[over:over + 3]  # every final total
        await ra.wait("^Type deals to hear who lied")
        n = ra.say("deals")  # the last hand's deals, as the reveal showed the table (scanned below too)
        await ra.wait(r"^The deals of hand \d+:$", after=n)
        n = re_.say("deals")
        await re_.wait(r"^The deals of hand \d+:$", after=n)
        await asyncio.gather(*(p.settle(0.2, 3) for p in players))
        state = table.game.state
        assert state.phase is Phase.GAME_OVER and max(state.totals) >= LIMIT
        assert all(p.offers >= 1 for p in people), "each person made an offer by typing it"

        assert sum(x.startswith(f"You sit at table {tid}") for x in rb.lines()) == 1, "said once"
        longest = max((x for r in (ra, rb, re_) for x in r.lines()), key=len)
        assert len(longest) <= 130, f"one short sentence a line: {longest!r}"
        assert any(re.fullmatch(r"anna held [^.]+\.|anna held -\.", x) for x in re_.lines()), "R14: hands shown"
        for p in players:
            assert b"\x1b" not in p.raw, "line mode sent an escape byte"
        seats = {h.name: s for h, s in table.members.items()}
        leaks, checked = scan("anna", seats["anna"], anna, truth, False, [])
        assert checked > 50 and not leaks, leaks[:10]
        print(f"\nanna: {checked} cards checked", end="")
        leaks, checked = scan("eve", None, eve, truth, False, [])
        assert checked > 10 and not leaks, leaks[:10]
        word_leaks, words_checked = scan_words(seats["bo"], bytes(bo.raw), bo.chunks, truth)
        assert words_checked > 50 and not word_leaks, word_leaks[:10]
        print(f"\nline mode: {state.hand_no} hands, totals {state.totals}, cards checked: eve {checked}, "
              f"bo (words) {words_checked}; typed anna {len(people[0].typed)} bo {len(people[1].typed)}")
    finally:
        for p in players:
            try:
                await asyncio.wait_for(p.close(), 10)
            except Exception:
                pass
        await server.stop()


async def test_bad_input_gets_one_clear_line_and_the_session_survives(tmp_path: Path):
    server = await start_server(tmp_path)
    try:
        p = await connect(server.port, "anna", env=UTF8, command="line")
        r = LineReader(p)
        await r.wait("Line mode")
        n = r.say("xyzzy")
        await r.wait(r"I do not know 'xyzzy'\. Type help", after=n)
        n = r.say("s")
        await r.wait(r"'s' could mean say, suits; type more letters", after=n)
        n = r.say("draw")
        await r.wait(r"draw: not now\. Legal now: help", after=n)
        n = len(r.lines())
        p.send(b"a" * 1_000_000 + b"\r")
        await r.wait(r"That line was too long .*I kept nothing of it", after=n)
        n = r.say(b"\xff\xfehelp")
        await r.wait(r"not valid UTF-8 text", after=n)
        n = r.say("who")
        await r.wait(r"^Online: anna\.$", after=n)
        assert len(p.raw) < 20_000, "the long line was not echoed back whole"
        assert b"\x1b" not in p.raw
        # arrow keys and backspace: edited, not sent as junk
        n = len(r.lines())
        p.send(b"wx\x7fho\x1b[A\r")
        await r.wait(r"^Online: anna\.$", after=n)
    finally:
        await server.stop()


async def test_term_dumb_and_the_saved_preference_choose_line_mode(tmp_path: Path):
    PREFS.clear()
    server = await start_server(tmp_path)
    try:
        p = await connect(server.port, "cy", env=UTF8, term="dumb")
        r = LineReader(p)
        await r.wait("Line mode")
        n = r.say("line on")
        await r.wait("Line mode is now your default", after=n)
        r.say("quit")
        await wait_until(lambda: p.closed.is_set() or p.exit_status is not None, 10, "the session to end")
        await p.close()
        q = await connect(server.port, "cy", env=UTF8, term="xterm-256color")
        rq = LineReader(q)
        await rq.wait("Line mode")
        assert b"\x1b" not in q.raw
        n = rq.say("line off")
        await rq.wait("no longer your default", after=n)
        await q.close()
    finally:
        PREFS.clear()
        await server.stop()


async def test_back_after_a_dropped_link_hears_the_table_hand_and_decision(tmp_path: Path):
    """R17: a line-mode player whose connection dropped in play gets her seat back, told in sentences."""
    lobby = Lobby(timing=Timing(bot_delay=(0.5, 0.5), between_hands=0.3), seed=3)
    server = await start_server(tmp_path, lobby)
    try:
        p = await connect(server.port, "anna", env=UTF8, command="line")
        r = LineReader(p)
        await r.wait("Line mode")
        n = r.say("create 2 seats 1 bot")
        tid = (await r.wait(r"You created table (t\d+)", after=n)).group(1)
        r.say("start")
        await r.wait(r"^You were dealt ")
        await p.close()
        table = lobby.tables[tid]
        await wait_until(lambda: not any(h.name == "anna" for h in table.members), 10, "anna's link to drop")
        q = await connect(server.port, "anna", env=UTF8, command="line")
        rq = LineReader(q)
        await rq.wait(rf"^You are back at table {tid}, anna's table \(AHOY!! V2\)\.$")
        await rq.wait(r"^Your hand, \d+ cards: ")
        assert b"\x1b" not in q.raw
        await q.close()
    finally:
        await server.stop()


class MarkedReader(LineReader):
    """A reader for a session whose Ahoi values are marked ``«7»`` (:func:`mark_values`): the lines read
    without the marks, as the player reads them."""

    def lines(self) -> list[str]:
        return [x.replace("«", "").replace("»", "") for x in super().lines()]


def mark_values(monkeypatch) -> None:
    """Every Ahoi card value line mode says (``line.games.ahoi.value``, the one way a value is put in a
    sentence) is sent as ``«7»`` / ``«7 (Lupe)»``, so the scan finds each value in the bytes."""
    from ahoy_tui.line.games import ahoi as line_ahoi

    said = line_ahoi.value
    monkeypatch.setattr(line_ahoi, "value", lambda v: f"«{said(v)}»" if isinstance(v, int) else said(v))


_MARKED = re.compile(r"«(\d+)")


def scan_ahoi_values(seat: int | None, chunks, truth) -> tuple[list[str], int]:
    """Every marked value in the received packets, checked against ``truth`` (``test_ahoi_game.AhoiTruth``:
    what the seat could see, with the peeks' seconds) at the arrival of its line's last packet."""
    leaks, checked, pending = [], 0, ""
    for t, data in chunks:
        pending += data.decode("utf-8", "replace")
        *done, pending = pending.split("\r\n")
        for line in done:
            for m in _MARKED.finditer(line):
                checked += 1
                if not truth.known_at(seat, int(m.group(1)), t):
                    leaks.append(f"{m.group(1)} in {line!r} @{t:.3f}")
    return leaks, checked


def test_the_ahoi_value_scan_sees_a_value_the_seat_was_not_shown():
    from test_ahoi_game import AhoiTruth

    truth = AhoiTruth()
    truth.allow(0, {4}, 10.0)
    chunks = [(10.5, "You drew «4».\r\nbo looked at «9»\r\n".encode())]
    leaks, checked = scan_ahoi_values(0, chunks, truth)
    assert checked == 2 and len(leaks) == 1 and leaks[0].startswith("9 in")


async def test_whole_ahoi_game_in_line_mode_over_ssh(tmp_path: Path, monkeypatch):
    """Ahoi over real SSH, read from the lines alone: no ESC byte, refusals none, a winner, and every card
    value said was one the seat could see then (AH15, AH16: the server-side truth of the full screen's
    whole-game scan, ``test_ahoi_game.AhoiTruth``)."""
    from test_ahoi_game import AhoiTruth, instrument as instrument_ahoi

    from tests.line.test_ahoi_line import _PROMPT, decide

    truth = AhoiTruth()
    instrument_ahoi(monkeypatch, truth)
    mark_values(monkeypatch)
    lobby = Lobby(timing=Timing(bot_delay=(0, 0.01), between_hands=0.05), seed=12)
    server = await start_server(tmp_path, lobby)
    try:
        p = await connect(server.port, "anna", env=UTF8, command="line")
        r = MarkedReader(p)
        await r.wait("Line mode")
        n = r.say("create ahoi 3 seats 2 bots easy")
        tid = (await r.wait(r"You created table (t\d+)", after=n)).group(1)
        r.say("start")
        rng = random.Random(5)
        done, typed = 0, []
        deadline = time.monotonic() + 240
        while time.monotonic() < deadline:
            lines = r.lines()
            if any(x.startswith("Game over. Winner:") for x in lines):
                break
            prompts = [x for x in lines[done:] if _PROMPT.search(x)]
            if not prompts:
                p.changed.clear()
                try:
                    await asyncio.wait_for(p.changed.wait(), 0.5)
                except asyncio.TimeoutError:
                    pass
                continue
            before = r.say("hand")
            layout = (await r.wait(r"^Your layout, (\d) cards", after=before)).group(1)
            r.say("who")
            seats = (await r.wait(r"^Seats: (.*)\.$", after=before)).group(1)
            done = len(r.lines()) - 1
            others = [s.split(" (")[0] for s in seats.split(", ") if "(you)" not in s]
            command = decide(prompts[-1], rng, int(layout), others)
            if command:
                typed.append(command)
                r.say(command)
        lines = r.lines()
        assert any(x.startswith("Game over. Winner:") for x in lines), "\n".join(lines[-20:])
        assert not [x for x in lines if x.startswith(("I do not know", "Refused"))]
        assert {c.split()[0] for c in typed} >= {"look", "draw", "place"}, typed
        assert b"\x1b" not in p.raw
        seat = next(i for i, s in enumerate(lobby.tables[tid].seats) if s.name == "anna") \
            if tid in lobby.tables else 0
        leaks, checked = scan_ahoi_values(seat, p.chunks, truth)
        assert truth.publishes and checked > 30, (truth.publishes, checked)  # the scan saw plenty of values
        assert not leaks, "\n".join(leaks[:20])
        await p.close()
    finally:
        await server.stop()


async def test_a_newer_session_of_the_same_name_replaces_the_line_session(tmp_path: Path):
    """One live session per identity (R17): the older line session is told why, in a line, and ends."""
    server = await start_server(tmp_path)
    try:
        old = await connect(server.port, "anna", env=UTF8, command="line")
        await LineReader(old).wait("Line mode")
        new = await connect(server.port, "anna", env=UTF8, command="line")
        await LineReader(new).wait("Line mode")
        await LineReader(old).wait(r"^Ahoy! anna just logged in again from another session, which now has the seat\.")
        await wait_until(lambda: old.closed.is_set() or old.exit_status is not None, 10, "the old session to end")
        n = LineReader(new).say("who")
        await LineReader(new).wait(r"^Online: anna\.$", after=n)
        assert b"\x1b" not in old.raw and b"\x1b" not in new.raw
        await new.close()
    finally:
        await server.stop()


async def test_real_openssh_line_mode_with_and_without_a_pty(tmp_path: Path):
    """``ssh -tt host line`` (the README's way) and ``ssh -T host line`` with OpenSSH: sentences, no ESC byte."""
    import subprocess

    from test_openssh import SSH, PtyClient

    if SSH is None:
        pytest.skip("OpenSSH client `ssh` not installed")
    server = await start_server(tmp_path)
    opts = ["-F", "/dev/null", "-p", str(server.port), "-o", "StrictHostKeyChecking=no",
            "-o", "UserKnownHostsFile=/dev/null", "-o", "LogLevel=ERROR", "-o", "PubkeyAuthentication=no",
            "-o", "PreferredAuthentications=keyboard-interactive"]
    try:
        client = PtyClient([SSH, "-tt", *opts, "anna@127.0.0.1", "line"], 80, 24)
        try:
            await client.wait_for("Line mode: one sentence per change")
            client.type("hel\r")
            await client.wait_for("Legal now: help, who")
            client.type("quit\r")
            assert await client.wait_exit() == 0
            assert b"\x1b" not in bytes(client.raw)
        finally:
            client.close()
        proc = await asyncio.create_subprocess_exec(
            SSH, "-T", *opts, "bo@127.0.0.1", "line",
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        out, err = await asyncio.wait_for(proc.communicate(b"who\nquit\n"), 30)
        assert proc.returncode == 0, err
        assert b"\nOnline: bo.\n" in out and b"\r" not in out and b"\x1b" not in out
    finally:
        await server.stop()

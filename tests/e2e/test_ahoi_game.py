"""A whole Ahoi game over real SSH, every byte scanned for card values the seat was not shown (issue 18; AH15, AH16).

The real server (a real UI app per session) listens on 127.0.0.1 port 0 in
this process. Two scripted SSH clients (asyncssh + pyte; anna in UTF-8, bo
in ASCII with 16 colours) read their screens and press keys like people; two baseline bots
fill the table; a third client (eve) watches. They play until a total
reaches 101 (AH13).

Every value an Ahoi screen shows is a card face (``ui.games.ahoi.cards.FACE``,
``[ 7]``). The truth is built server-side from the engine's state: each
time the table publishes, what each seat may see *now* is recorded (the
discard pile's top, the card it holds, every layout after the round's end)
and what it was shown by its own events (first look, Lupe, Fernrohr, AH8
as an onlooker, the card it drew) is allowed for the peek's seconds. Every
face in the bytes each client received, and on every pyte screen after
each packet, is checked against that truth at its arrival time (with
:data:`SLACK` seconds for a screen to catch up): a face the seat could not
see then is a leak.
"""

from __future__ import annotations

import asyncio
import bisect
import random
import re
import time
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from harness import Player, colour_kinds, connect, start_server, wait_until
from test_whole_game import record_frames, strip_stream

from ahoy_tui.games.ahoi import cards as AC
from ahoy_tui.games.ahoi.state import AhoiPhase
from ahoy_tui.lobby import Lobby, TableConfig, Timing
from ahoy_tui.lobby.table import Table
from ahoy_tui.ui.games.ahoi.cards import FACE
from ahoy_tui.ui.games.ahoi.presenter import PEEK_SECONDS

UTF8 = {"LANG": "en_US.UTF-8"}
FPS = 12
GAME_WAIT = 300
SLACK = 2.5
"""Seconds a client's screen may lag behind the table (a frame drawn late, bytes in flight)."""
SHOWN_KINDS = ("peek", "drawn", "shown", "placed_card")
"""Events that show a value to the seats that see them, for a peek's time (AH15 off)."""


# -- server-side truth -------------------------------------------------------------------------


@dataclass
class AhoiTruth:
    """What each seat (None: spectators) may see, over time."""

    now: dict[int | None, list[tuple[float, frozenset[int]]]] = field(default_factory=dict)
    shown: dict[int | None, list[tuple[float, float, int]]] = field(default_factory=dict)
    publishes: int = 0
    conserved_ok: bool = True

    def record(self, table: Table, new_events, when: float) -> None:
        """One publish: the values each viewer may see now, and the events that showed values."""
        match = table.game
        if match is None or getattr(table.config, "game", "") != "ahoi":
            return
        self.publishes += 1
        st = match.state
        public: set[int] = set()
        if st.discard:
            public.add(AC.value(st.discard[-1]))
        if st.held >= 0 and st.phase is AhoiPhase.TAKEN:
            public.add(AC.value(st.held))
        if st.revealed is not None:
            public |= {v for layout in st.revealed for v in layout}
        for seat in [None, *range(st.players)]:
            mine = set(public)
            if seat is not None and st.held >= 0 and seat == st.active:
                mine.add(AC.value(st.held))
            self.now.setdefault(seat, []).append((when, frozenset(mine)))
            for e in new_events:
                if e.kind in SHOWN_KINDS and e.visible_to(seat):
                    values = list(e.data.get("values", ())) + ([e.data["card"]] if "card" in e.data else [])
                    for v in values:
                        self.shown.setdefault(seat, []).append((when, when + PEEK_SECONDS + SLACK, v))
        if st.in_round:
            cards = [c for lay in st.layouts for c in lay] + st.draw_pile + st.discard + ([st.held] if st.held >= 0 else [])
            if sorted(cards) != sorted(AC.full_deck()):
                self.conserved_ok = False

    def allow(self, seat: int | None, values, when: float) -> None:
        """Let ``seat`` see ``values`` from ``when`` on (for the scanner's own test)."""
        self.now.setdefault(seat, []).append((when, frozenset(values)))

    def known_at(self, seat: int | None, value: int, when: float) -> bool:
        """``seat`` could see ``value`` at some moment of ``[when - SLACK, when]``."""
        snaps = self.now.get(seat, [])
        times = [t for t, _ in snaps]
        i = bisect.bisect_right(times, when - SLACK) - 1  # the snapshot current at when - SLACK
        for t, values in snaps[max(i, 0):]:
            if t > when:
                break
            if value in values:
                return True
        return any(start <= when <= end and v == value for start, end, v in self.shown.get(seat, []))


def instrument(monkeypatch, truth: AhoiTruth) -> None:
    """Record the truth before any byte of an update can be sent (wraps ``Table.publish``)."""
    orig = Table.publish

    def publish(self, new_events, exclude=None):
        truth.record(self, new_events, time.monotonic())
        orig(self, new_events, exclude)

    monkeypatch.setattr(Table, "publish", publish)


# -- the scan ------------------------------------------------------------------------------------


@dataclass
class Leak:
    who: str
    where: str
    value: int
    at: float
    context: str


def scan(who: str, seat: int | None, player: Player, truth: AhoiTruth,
         frames: list[tuple[float, str]]) -> tuple[list[Leak], int]:
    """Every card face in ``player``'s raw stream and screens checked against ``truth``: (leaks, faces checked)."""
    leaks: list[Leak] = []
    checked = 0
    raw = bytes(player.raw)
    starts, times, off = [], [], 0
    for t, data in player.chunks:
        starts.append(off)
        times.append(t)
        off += len(data)
    text, marks = strip_stream(raw)
    char_to_byte, b = [], 0
    for ch in text:
        char_to_byte.append(b)
        b += len(ch.encode("utf-8", "replace"))
    char_to_byte.append(b)
    mark_keys = [m[0] for m in marks]
    for m in FACE.finditer(text):
        checked += 1
        sb = char_to_byte[m.end()] - 1
        i = max(0, bisect.bisect_right(mark_keys, sb) - 1)
        raw_off = marks[i][1] + (sb - marks[i][0])
        when = times[max(0, bisect.bisect_right(starts, raw_off) - 1)] if times else 0.0
        if not truth.known_at(seat, int(m.group(1)), when):
            leaks.append(Leak(who, "raw", int(m.group(1)), when, text[max(0, m.start() - 60):m.end() + 20]))
    for when, screen in frames:
        for m in FACE.finditer(screen):
            checked += 1
            if not truth.known_at(seat, int(m.group(1)), when):
                line = screen[:m.end()].rsplit("\n", 1)[-1] + screen[m.end():].split("\n", 1)[0]
                leaks.append(Leak(who, "screen", int(m.group(1)), when, line))
    return leaks, checked


# -- a person at the keyboard ----------------------------------------------------------------------


@dataclass
class Person:
    """Reads the prompt under its layout and presses keys as it says."""

    name: str
    player: Player
    rng: random.Random
    pressed: int = 0
    used: set[str] = field(default_factory=set)
    game_over: bool = False
    log: list[str] = field(default_factory=list)

    def decide(self, screen: str) -> list[str] | None:
        lines = screen.split("\n")
        col = next((ln.find("Log") for ln in lines if "- Log" in ln or "─ Log" in ln), -1)
        body = re.sub(r"\s+", " ", " ".join(ln[:col - 2] if col > 0 else ln for ln in lines[:-1]))
        if "Game over" in screen and ("won" in screen):
            self.game_over = True
        if "Close: Enter" in screen:
            return ["\r"]
        if self.game_over:
            return None
        k = re.search(r"1[-–](\d)", body)
        pos = str(self.rng.randint(1, int(k.group(1)))) if k else "1"
        if "Look at two of your cards" in body:
            return ["1", str(self.rng.randint(2, int(k.group(1)) if k else 4))]
        if "Everyone else gets one more turn" in screen:
            return ["y"]
        if "Your turn: " in body:
            if "a call" in body and self.rng.random() < 0.25:
                return self._did("call", ["a"])
            if "k take" in body and self.rng.random() < 0.3:
                return self._did("take", ["k"])
            return ["d"]
        if re.search(r"(Lupe|Fernrohr|Tauschen) \[\s?\d+\]: u use it", body):
            return self._did("use", ["u"]) if self.rng.random() < 0.7 else ["x"]
        if "Lupe: look at which" in body or "Fernrohr: " in body or "Tauschen: which" in body \
                or "Tauschen your" in body:
            return self._did(body.split(":")[0][-8:].strip(), [pos])
        if "You drew [" in body or re.search(r"Place \[\s?\d+\]: 1", body):
            if self.rng.random() < 0.15 and k and int(k.group(1)) >= 2:
                return self._did("equal", [" ", "1", "2", "\r"])
            if "You drew" in body and self.rng.random() < 0.4:
                return ["x"]
            return [pos]
        return None

    def _did(self, what: str, keys: list[str]) -> list[str]:
        self.used.add(what)
        return keys

    async def play(self, done: asyncio.Event) -> None:
        p = self.player
        last, last_at = None, 0.0
        while not done.is_set() and not p.closed.is_set():
            p.changed.clear()
            try:
                await asyncio.wait_for(p.changed.wait(), timeout=0.25)
            except asyncio.TimeoutError:
                pass
            await p.settle(quiet=0.04, timeout=1.0)
            screen = p.text()
            keys = self.decide(screen)
            if keys is None:
                continue
            if screen == last and time.monotonic() - last_at < 1.0:
                continue
            last, last_at = screen, time.monotonic()
            self.log.append("".join(keys))
            for key in keys:
                if p.closed.is_set():
                    return
                p.send(key)
                self.pressed += 1
                if len(keys) > 1:
                    await asyncio.sleep(0.05)


def _handle(lobby: Lobby, name: str):
    return next(h for h in lobby.handles() if h.name == name)


# -- the tests -------------------------------------------------------------------------------------


def test_scan_finds_a_value_the_seat_was_not_shown():
    """The scanner is not blind: a face the seat could not see then is reported, in the raw stream
    (through escape codes) and on a screen; a face it could see, or a back, is not."""
    truth = AhoiTruth()
    truth.allow(0, {7}, 10.0)
    truth.shown[0] = [(10.0, 14.0, 12)]
    p = Player(cols=40, rows=4)
    p.chunks.append((5.0, b"\x1b[1;1H\x1b[1m[ 7]\x1b[0m"))          # 7 before the seat could see it
    p.chunks.append((11.0, b"\x1b[2;1H1[ 7] 2[##] 3[\x1b[1m 9\x1b[0m] 4[12]"))  # 7 and 12 fine, 9 never
    for _, d in p.chunks:
        p.raw.extend(d)
    frames = [(11.0, "1[ 7] 2[##] 3[ 9]"), (20.0, "4[12] and [13]")]  # 12 after its peek ended
    leaks, checked = scan("anna", 0, p, truth, frames)
    got = sorted((lk.where, lk.value) for lk in leaks)
    assert got == [("raw", 7), ("raw", 9), ("screen", 9), ("screen", 12), ("screen", 13)], leaks
    assert checked == 8
    assert not scan("eve", None, Player(), truth, [(11.0, "1[##] 2[##] Round 3 · to 101 12:30")])[0]
    assert [lk.value for lk in scan("eve", None, Player(), truth, [(11.0, "Discard [ 7]")])[0]] == [7]


def test_truth_from_a_real_deal_flags_a_layout_card(monkeypatch):
    """The truth recorded from a real Ahoi deal makes the scan flag a screen showing a card of another
    seat's layout that is neither the discard's top nor shown to anyone, and pass the discard's top."""
    from ahoy_tui.lobby import ManualClock

    truth = AhoiTruth()
    instrument(monkeypatch, truth)
    clock = ManualClock()
    lobby = Lobby(clock=clock, timing=Timing.instant(), seed=5)
    anna = lobby.connect("user:anna", "anna")
    anna.subscribe(lambda m: None)
    tid = lobby.create_table(anna, TableConfig.make("ahoi", name="scan", seats=3, clocks="untimed"))
    for _ in range(2):
        lobby.add_bot(anna, tid, "baseline")
    lobby.start(anna, tid)
    st = lambda: lobby.tables[tid].game.state  # noqa: E731
    clock.run(until=lambda: st().phase is AhoiPhase.FIRST_LOOK, max_steps=100)
    now = time.monotonic()
    top = AC.value(st().discard[-1])
    hidden = [AC.value(c) for c in st().layouts[1] if not truth.known_at(0, AC.value(c), now + SLACK + 1)]
    assert hidden, "every card of the neighbour's layout has the discard's value (choose another seed)"
    later = now + SLACK + 1
    screen = f"Discard [{top:>2}]\nbo 1[{hidden[0]:>2}] 2[##]"
    leaks, checked = scan("anna", 0, Player(), truth, [(later, screen)])
    assert [lk.value for lk in leaks] == [hidden[0]] and checked == 2


@pytest.mark.slow
async def test_whole_ahoi_game_over_ssh_leaks_nothing(tmp_path: Path, monkeypatch):
    t0 = time.monotonic()
    truth = AhoiTruth()
    instrument(monkeypatch, truth)
    import textual.screen

    monkeypatch.setattr(textual.screen, "UPDATE_PERIOD", 1 / FPS)
    lobby = Lobby(timing=Timing(bot_delay=(0, 0.02), between_hands=1.5), seed=7)
    from ahoy_tui.ui.app import create_app

    server = await start_server(tmp_path, lobby, app_factory=create_app)
    players: list[Player] = []
    try:
        anna = await connect(server.port, "anna", cols=80, rows=24, env=UTF8)
        bo = await connect(server.port, "bo", cols=80, rows=24, term="xterm", env={"LANG": "C"})  # ASCII, 16 colours
        eve = await connect(server.port, "eve", cols=80, rows=24, env=UTF8)
        players = [anna, bo, eve]
        frames = {id(p): record_frames(p) for p in players}
        for p in players:
            await p.wait_for("welcome aboard", 30)
        tid = lobby.create_table(_handle(lobby, "anna"), TableConfig.make("ahoi", name="ahoi-e2e", seats=4,
                                                                         clocks="blitz"))
        await anna.wait_for("Add bot", 30)
        for seat in (2, 3):
            anna.send("b")
            await anna.wait_for("Press 1, 2 or 3 for", 30)
            anna.send("2")
            await anna.wait_for(rf"{seat}\. .*\(bot, normal[^)]*\)", 30)
        await bo.wait_for("ahoi-e2e", 30)
        await bo.wait_for("Ahoi", 30)  # the lobby list names the game
        bo.send("j")
        await bo.wait_for("Ready", 30)
        bo.send("r")
        await eve.wait_for("ahoi-e2e", 30)
        eve.send("w")
        await wait_until(lambda: any(s is None for s in lobby.tables[tid].members.values()), 30, "eve watching")
        table = lobby.tables[tid]
        await wait_until(lambda: all(s.filled for s in table.seats)
                         and any(s.kind == "person" and s.name == "bo" and s.ready for s in table.seats), 30,
                         "seats filled and bo ready")
        await anna.settle(0.1)
        anna.send("g")
        await wait_until(lambda: table.game is not None, 30, "the game to start")
        seat_of = {name: table.members[_handle(lobby, name)] for name in ("anna", "bo")}
        done = asyncio.Event()
        people = [Person("anna", anna, random.Random(1)), Person("bo", bo, random.Random(2))]
        tasks = [asyncio.create_task(p.play(done)) for p in people]
        try:
            await wait_until(lambda: table.game is not None and table.game.over, GAME_WAIT, "the game to end")
        except AssertionError as e:
            st = table.game.state
            raise AssertionError(f"{e}: round {st.round_no} phase {st.phase} totals {st.totals}\n" + "\n".join(
                f"--- {p.name} pressed {p.pressed} last {p.log[-8:]}\n{p.player.text()}" for p in people)) from None
        await eve.wait_for("Game over", 30)
        await asyncio.sleep(0)  # let the people read the end
        done.set()
        await asyncio.wait_for(asyncio.gather(*tasks), 30)
        await asyncio.gather(*(p.settle(0.2, 3) for p in players))

        st = table.game.state
        assert max(st.totals) >= 101 and st.phase is AhoiPhase.GAME_OVER
        assert truth.conserved_ok, "a card went missing or was doubled (AH1)"
        assert sum(p.pressed for p in people) > 20
        assert {"use", "call"} & (people[0].used | people[1].used), "the people used an action card or called"
        all_leaks: list[Leak] = []
        total = 0
        for who, p, seat in (("anna", anna, seat_of["anna"]), ("bo", bo, seat_of["bo"]), ("eve", eve, None)):
            leaks, checked = scan(who, seat, p, truth, frames[id(p)])
            all_leaks += leaks
            total += checked
            assert checked > 30, (who, checked)  # the scan saw plenty of faces
        assert "[##]" in bo.text() or "[##]" in "".join(s for _, s in frames[id(bo)])  # ASCII backs
        assert colour_kinds(bytes(bo.raw)) == {"16"} and colour_kinds(bytes(anna.raw)) & {"256", "truecolor"}
        assert all(b < 128 for b in strip_stream(bytes(bo.raw))[0].encode()), "bo's terminal got non-ASCII text"
        assert not all_leaks, "\n".join(f"{lk.who} {lk.where} {lk.value} @{lk.at:.3f}: {lk.context!r}"
                                        for lk in all_leaks[:20])
        print(f"\nahoi e2e: {st.round_no} rounds, totals {st.totals}, {truth.publishes} publishes, "
              f"{total} faces checked, keys anna {people[0].pressed} bo {people[1].pressed}, "
              f"{time.monotonic() - t0:.1f}s")
    finally:
        for p in players:
            try:
                await asyncio.wait_for(p.close(), 30)
            except Exception:
                pass
        await server.stop()

"""A whole game over real SSH, scanned for hidden cards (issue 5 e2e, issue 7 leak scan; R18).

The real server (real UI app per session) listens on 127.0.0.1 port 0 in
this process. Two scripted SSH clients (asyncssh + pyte) read their screens
and press keys like a person; two baseline bots fill the table; a third SSH
client watches. They play a whole game to 50 points.

The truth is built server-side: ``Table.publish`` is wrapped so every time
the table publishes, the cards each seat may know from then on are recorded
with a timestamp (own hand, discard pile, offer statements, AHOY! cards,
revealed hands, the composer's suggestion; spectators: the public part
only), and a ``reveal`` of a hand's deals published before that hand's end
is flagged. Every byte each client received (escape codes stripped) and every
pyte screen after each received packet is then scanned for card labels as
``text.card_label`` draws them; a label seen before its seat could know that
card is a leak.
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
from harness import Player, connect, start_server, wait_until

from ahoy_tui.games.ahoy import cards as C
from ahoy_tui.games.ahoy.state import Phase
from ahoy_tui.lobby import Lobby, TableConfig, Timing
from ahoy_tui.lobby.table import Table
from ahoy_tui.ui.games.ahoy import prompts
from ahoy_tui.ui.games.ahoy.cards import card_label

UTF8 = {"LANG": "en_US.UTF-8"}
LIMIT = 50
#: Frames per second each app may draw (see the whole-game test).
FPS = 12
#: A failsafe, not a speed goal: seconds after which a game that has not
#: ended counts as stuck (a game to 50 usually takes 20–75 s here).
GAME_WAIT = 300

# -- card labels -------------------------------------------------------------------------

_SUIT_SYM = "|".join(C.SUIT_SYMBOLS)
#: A card label as card_label draws it (Unicode suits, or ASCII letters), not inside a word.
_LABEL_UNI = re.compile(rf"(?<![0-9A-Za-z])(10|[2-9JQKA])({_SUIT_SYM})|(?<![0-9A-Za-z])JK(?![0-9A-Za-z])")
_LABEL_ASCII = re.compile(r"(?<![0-9A-Za-z])(10|[2-9JQKA])([SHDC])(?![0-9A-Za-z])|(?<![0-9A-Za-z])JK(?![0-9A-Za-z])")
_BY_LABEL = {card_label(i): i for i in range(C.IDENTITIES)} | {card_label(i, True): i for i in range(C.IDENTITIES)}


def labels_in(text: str, ascii_only: bool = False) -> list[tuple[int, int]]:
    """``(identity, end offset)`` of every card label in ``text``."""
    rx = _LABEL_ASCII if ascii_only else _LABEL_UNI
    return [(_BY_LABEL[m.group(0)], m.end()) for m in rx.finditer(text)]


#: SGR (style) sequences vanish; every other escape (cursor moves, OSC, ...) becomes a line break
#: so text from different places on the screen never joins into a false label.
_ESC = re.compile(rb"\x1b\[[0-9;]*m|\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[@-Z\\-_]|[\x00-\x08\x0a-\x1f\x7f]")


def strip_stream(raw: bytes) -> tuple[str, list[tuple[int, int]]]:
    """``raw`` without escape codes, and ``(stripped offset, raw offset)`` marks to map back."""
    out: list[bytes] = []
    marks: list[tuple[int, int]] = []
    pos = 0
    n = 0
    for m in _ESC.finditer(raw):
        if m.start() > pos:
            marks.append((n, pos))
            piece = raw[pos:m.start()]
            out.append(piece)
            n += len(piece)
        if not m.group(0).endswith(b"m") or not m.group(0).startswith(b"\x1b["):
            marks.append((n, m.start()))
            out.append(b"\n")
            n += 1
        pos = m.end()
    marks.append((n, pos))
    out.append(raw[pos:])
    # Work in bytes offsets: decode lazily per match (labels are ASCII + one 3-byte suit).
    return b"".join(out).decode("utf-8", "replace"), marks


# -- server-side truth -------------------------------------------------------------------


@dataclass
class Truth:
    """When each seat (``None``: spectators) could first know each card identity."""

    first: dict[int | None, dict[int, float]] = field(default_factory=dict)
    publishes: int = 0
    conserved_ok: bool = True
    tables: list[Table] = field(default_factory=list)
    reveals: int = 0
    early_reveals: list = field(default_factory=list)

    def allow(self, seat: int | None, cards, when: float) -> None:
        book = self.first.setdefault(seat, {})
        for c in cards:
            book.setdefault(C.identity(c), when)

    def known_at(self, seat: int | None, card: int, when: float) -> bool:
        """True when ``seat`` may know ``card`` at ``when`` (public knowledge counts for seats)."""
        for who in {seat, None}:
            t = self.first.get(who, {}).get(card)
            if t is not None and t <= when:
                return True
        return False

    def record(self, table: Table, new_events, when: float) -> None:
        g = table.game
        self.publishes += 1
        if table not in self.tables:
            self.tables.append(table)
        ended = {e.data.get("hand") for e in new_events if e.kind == "hand_over"}
        for e in new_events:  # the reveal goes out only with the end of its own hand
            if e.kind == "reveal":
                self.reveals += 1
                if e.data.get("hand") not in ended:
                    self.early_reveals.append((when, e.data.get("hand")))
        if g is None:
            return
        s = g.state
        public: set[int] = set(s.discard) | set(s.ahoy_cards)
        if s.offer_want >= 0:
            public |= {s.offer_want, s.offer_give}
        if s.revealed is not None:
            public |= {c for h in s.revealed for c in h}
        for e in new_events:
            if e.to is None and e.kind == "offered":
                public |= {e.data["want"], e.data["give"]}
            if e.to is None and e.kind == "discarded":
                public.add(e.data["card"])
        self.allow(None, public, when)
        for seat, hand in enumerate(s.hands):
            ids = [C.identity(c) for c in hand]
            self.allow(seat, ids, when)
            needed, give = prompts.offer_hint(sorted(ids), s.settings.ace_low, [C.identity(c) for c in s.discard],
                                              prompts.copies_of(s.players))
            self.allow(seat, [*needed, give], when)  # the composer's private hint and default claim
        for e in new_events:  # a card that came and went between two publishes is still the seat's own
            if e.to is not None and len(e.to) == 1 and e.kind in ("dealt", "drew_card", "received", "took",
                                                                  "lost", "laid_down_cards"):
                (seat,) = e.to
                d = e.data
                self.allow(seat, list(d.get("cards", [])) + [d[k] for k in ("card", "gave") if k in d], when)
        if s.hand_in_progress:
            cards = [c for h in s.hands for c in h] + s.draw_pile + s.discard
            if sorted(cards) != C.full_deck(s.players):
                self.conserved_ok = False


def instrument(monkeypatch, truth: Truth) -> None:
    """Wrap ``Table.publish`` (as tests/lobby/helpers.instrument) to record the truth, timestamped
    before any byte of the update can be sent."""
    orig = Table.publish

    def publish(self, new_events, exclude=None):
        truth.record(self, new_events, time.monotonic())
        orig(self, new_events, exclude)

    monkeypatch.setattr(Table, "publish", publish)


# -- the scan ---------------------------------------------------------------------------


@dataclass
class Leak:
    who: str
    where: str
    card: str
    at: float
    context: str


def scan(who: str, seat: int | None, player: Player, truth: Truth, ascii_only: bool,
         frames: list[tuple[float, str]]) -> tuple[list[Leak], int]:
    """Every label in the raw stream and in every screen snapshot, checked against ``truth``.

    Returns the leaks and the number of labels checked.
    """
    leaks: list[Leak] = []
    checked = 0
    raw = bytes(player.raw)
    starts: list[int] = []
    times: list[float] = []
    off = 0
    for t, data in player.chunks:
        starts.append(off)
        times.append(t)
        off += len(data)

    def time_of(raw_off: int) -> float:
        return times[max(0, bisect.bisect_right(starts, raw_off) - 1)]

    text, marks = strip_stream(raw)
    # marks map stripped *byte* offsets; map characters to bytes once
    char_to_byte = []
    b = 0
    for ch in text:
        char_to_byte.append(b)
        b += len(ch.encode("utf-8", "replace"))
    char_to_byte.append(b)
    mark_keys = [m[0] for m in marks]
    for ident, end in labels_in(text, ascii_only):
        checked += 1
        sb = char_to_byte[end] - 1
        i = max(0, bisect.bisect_right(mark_keys, sb) - 1)
        raw_off = marks[i][1] + (sb - marks[i][0])
        when = time_of(raw_off)
        if not truth.known_at(seat, ident, when):
            leaks.append(Leak(who, "raw", card_label(ident, ascii_only), when,
                              text[max(0, end - 60):end + 20]))
    for when, screen in frames:
        for ident, end in labels_in(screen, ascii_only):
            checked += 1
            if not truth.known_at(seat, ident, when):
                line = screen[:end].rsplit("\n", 1)[-1] + screen[end:].split("\n", 1)[0]
                leaks.append(Leak(who, "screen", card_label(ident, ascii_only), when, line))
    return leaks, checked


def record_frames(player: Player) -> list[tuple[float, str]]:
    """After every received packet, the screen rows it changed (arrival time, rows' text).

    A label never spans two rows, so scanning each changed row once, when it changed, sees
    every screen the client ever showed (pyte marks changed rows in ``screen.dirty``).
    """
    frames: list[tuple[float, str]] = []
    orig = player._received
    screen = player.screen

    def received(data, datatype):
        orig(data, datatype)
        if player.chunks and player.chunks[-1][1] is data and screen.dirty:
            cols = screen.columns
            rows = []
            for y in sorted(screen.dirty):
                if y < screen.lines:
                    line = screen.buffer[y]
                    rows.append("".join(line[x].data for x in range(cols)))
            screen.dirty.clear()
            frames.append((player.chunks[-1][0], "\n".join(rows)))

    player._received = received  # type: ignore[method-assign]
    return frames


# -- a person at the keyboard -------------------------------------------------------------


@dataclass
class Person:
    """Reads its screen and presses keys as the prompt line says."""

    name: str
    player: Player
    rng: random.Random
    pressed: int = 0
    offers: int = 0
    game_over: bool = False
    log: list[str] = field(default_factory=list)

    def decide(self, screen: str) -> list[str] | None:
        """Keys for what the screen asks now, or None when there is nothing to do.

        Reads the prompt line under the hand (the left part of the screen: the event log on the
        right may quote offers); the footer is not trusted (it may lag a step behind).
        """
        lines = screen.split("\n")
        col = next((ln.find("- Log") if "- Log" in ln else ln.find("─ Log") for ln in lines
                    if "- Log" in ln or "─ Log" in ln), -1)
        # the left column as one line: a prompt wraps under the hand
        body = re.sub(r"\s+", " ", " ".join(ln[:col - 1] if col > 0 else ln for ln in lines[:-1]))
        if "BIGGEST LOSER OF THE NIGHT" in screen:
            self.game_over = True
            return None
        if "Enter: continue" in body and " is over" in body:
            return ["\r"]
        if "Any card: you may lie" in body:  # the offer composer: "I want" starts empty; type the hint's card
            self.offers += 1
            hint = re.search(r"Only you see this:.*?\((10[shdc]|[2-9jqka][shdc]|jk)\)", body)
            if hint is None:  # the hint line cut by the screen: want your own claimed card (a bluff)
                hint = re.search(r"give you my (10|[2-9JQKA])([SHDC♠♥♦♣])", body)
                code = (hint.group(1) + "shdc"["SHDC♠♥♦♣".index(hint.group(2)) % 4]).lower() if hint else "jk"
            else:
                code = hint.group(1)
            return [*code, "\t", "\r"]
        if "You hold a treasure: AHOY! (a)" in body:
            return ["a"]
        if "Your turn: draw a card (d)" in body:
            return ["d"]
        if "HANDS UP! Choose your target:" in body:
            return ["1"]
        if re.search(r"Make an offer to .*\(o\)", body):
            return ["u"] if "Joker (u)" in body and self.rng.random() < 0.5 else ["o"]
        if re.search(r"(→|->) you: .I want your", body):
            return [self.rng.choice("yn")]
        if "'s offer: wants" in body:
            return ["i" if self.rng.random() < 0.3 else "p"]
        if "Choose your partner:" in body:
            return ["1"]
        if re.search(r"laid \d cards face down", body):
            return ["1"]
        m = re.search(r"shouts HANDS UP! Lay down (\d)", body)
        if m:
            return [str(i) for i in range(1, int(m.group(1)) + 1)] + ["\r"]
        if "Dirty deal with" in body or "Discard one card" in body:
            return [self.spare(lines, col), "\r"]
        return None

    def spare(self, lines: list[str], col: int) -> str:
        """The number of a hand card outside the highlighted treasure (★, ASCII ``*``), like a
        person keeping the cards of their treasure."""
        for ln in lines:
            left = ln[:col - 1] if col > 0 else ln
            marks = re.findall(r"(?<![0-9])([1-8])([★*]?)(?= |$)", left.strip(" │|"))
            if len(marks) >= 2 and [int(n) for n, _ in marks] == list(range(1, len(marks) + 1)):
                free = [n for n, star in marks if not star] or [n for n, _ in marks]
                return self.rng.choice(free)
        return "1"

    async def play(self, done: asyncio.Event) -> None:
        """Act on the screen until the game-over view shows (or ``done`` is set).

        Like a person, it answers a form (an offer typed into the composer, cards picked and
        confirmed with Enter) once: until that form has left the screen it does not type it
        again, though the screen changes with the keys' own echo (under load the form stays
        up for a while after its Enter). Typed again, the keys reached the table behind the
        closed composer: ``q`` of a card code asked to leave and Tab, Enter left the game.
        A form still up ``RETYPE`` seconds later is answered again (the keys were refused).
        """
        p = self.player
        last: tuple[str, ...] | None = None
        last_at = 0.0
        answered: tuple[str, float] | None = None  # the form last answered and when, until it leaves the screen
        while not done.is_set() and not p.closed.is_set():
            p.changed.clear()
            try:
                await asyncio.wait_for(p.changed.wait(), timeout=0.25)
            except asyncio.TimeoutError:
                pass
            await p.settle(quiet=0.04, timeout=1.0)
            screen = p.text()
            keys = self.decide(screen)
            if self.game_over:
                return
            form = _form(keys, screen)
            if answered is not None and (form != answered[0] or time.monotonic() - answered[1] > RETYPE):
                answered = None
            if keys is None or answered is not None:
                continue
            sig = (screen,)
            if sig == last and time.monotonic() - last_at < 1.0:
                continue  # pressed already; give the screen time to change
            last, last_at = sig, time.monotonic()
            if form is not None:
                answered = (form, last_at)
            self.log.append("".join(keys))
            for k in keys:
                if p.closed.is_set():
                    return
                p.send(k)
                self.pressed += 1
                if len(keys) > 1:
                    await asyncio.sleep(0.03)


#: Seconds after which a form answered but still on screen is answered again (see ``Person.play``).
RETYPE = 5.0


def _form(keys: list[str] | None, screen: str) -> str | None:
    """The form ``keys`` answer on ``screen``: ``"offer"`` (a card code, Tab, Enter), the prompt of the
    cards picked with numbers and Enter (dirty deal, discard, lay down), or None (not a form)."""
    if keys is None or len(keys) < 2 or keys[-1] != "\r":
        return None
    if "\t" in keys:
        return "offer"
    return next((p for p in ("Dirty deal with", "Discard one card", "Lay down") if p in screen), "cards")


def _handle(lobby: Lobby, name: str):
    return next(h for h in lobby.handles() if h.name == name)


# -- the tests ------------------------------------------------------------------------------


def test_scan_finds_a_forbidden_card():
    """The scanner is not blind: a card shown before its seat could know it is reported, both in
    the raw stream (through escape codes) and on a screen; known cards are not."""
    truth = Truth()
    truth.allow(0, [C.parse("9H")], 10.0)
    truth.allow(None, [C.parse("QS")], 10.0)
    p = Player(cols=40, rows=4)
    p.chunks.append((5.0, b"\x1b[1;1H\x1b[31m9\xe2\x99\xa5\x1b[0m"))   # 9♥ at 5.0: before it was dealt
    p.chunks.append((11.0, b"\x1b[2;1H\x1b[1mQ\xe2\x99\xa0\x1b[0m 7\xe2\x99\xa3"))  # Q♠ fine, 7♣ never
    for _, d in p.chunks:
        p.raw.extend(d)
    frames = [(11.0, "hand 9♥ Q♠\nBo holds 7♣"), (12.0, "19♥ is not a card; 10♦ is")]
    leaks, checked = scan("anna", 0, p, truth, False, frames)
    got = sorted((lk.where, lk.card) for lk in leaks)
    assert got == [("raw", "7♣"), ("raw", "9♥"), ("screen", "10♦"), ("screen", "7♣")], leaks
    assert checked == 7
    # a spectator may not know a seat's card even later; ASCII labels too
    leaks, _ = scan("eve", None, Player(), truth, True, [(20.0, "9H QS 10D AHOY! JK")])
    assert sorted(lk.card for lk in leaks) == ["10D", "9H", "JK"]
    # cursor moves between two screen places never make a label
    assert labels_in(strip_stream(b"10\x1b[5;1H\xe2\x99\xa5")[0]) == []


def test_scan_flags_another_seats_card_from_a_real_deal(monkeypatch):
    """The truth recorded from a real deal makes the scan flag a screen showing another seat's card,
    to that seat's neighbour and to a spectator, and pass the seat's own hand."""
    from ahoy_tui.lobby import ManualClock

    truth = Truth()
    instrument(monkeypatch, truth)
    clock = ManualClock()
    lobby = Lobby(clock=clock, timing=Timing.instant(), seed=5)
    anna = lobby.connect("user:anna", "anna")
    anna.subscribe(lambda m: None)
    tid = lobby.create_table(anna, TableConfig.make(name="scan", seats=3, limit=LIMIT, clocks="untimed"))
    for _ in range(2):
        lobby.add_bot(anna, tid, "baseline")
    lobby.start(anna, tid)
    state = lambda: lobby.tables[tid].game.state  # noqa: E731
    clock.run(until=lambda: state().hand_in_progress and state().hands[0], max_steps=100)
    now = time.monotonic()
    own = [C.identity(c) for c in state().hands[0]]
    secret = [c for c in (C.identity(c) for c in state().hands[1]) if not truth.known_at(0, c, now)]
    assert secret and truth.known_at(1, secret[0], now)  # the neighbour's card, recorded as theirs
    screen = "Your hand " + " ".join(card_label(c) for c in own) + "\nBo holds " + card_label(secret[0])
    leaks, checked = scan("anna", 0, Player(), truth, False, [(now, screen)])
    assert [lk.card for lk in leaks] == [card_label(secret[0])] and checked == len(own) + 1
    leaks, _ = scan("eve", None, Player(), truth, False, [(now, screen)])
    assert card_label(secret[0]) in [lk.card for lk in leaks]


def test_truth_flags_a_reveal_published_before_its_hand_is_over():
    """The scan is not blind to the reveal: one published without its hand's end is reported."""
    from types import SimpleNamespace

    from ahoy_tui.games.kit.events import public

    truth = Truth()
    table = SimpleNamespace(game=None)
    truth.record(table, [public("traded", seat=0, partner=1), public("reveal", hand=1, deals=[])], 1.0)
    truth.record(table, [public("hand_over", hand=2), public("reveal", hand=2, deals=[])], 2.0)
    assert truth.early_reveals == [(1.0, 1)] and truth.reveals == 2


def _member(table: Table, name: str):
    """The session (or, in a cluster, its proxy at the owner) of ``name`` at ``table``."""
    return next(h for h in table.members if h.name == name)


async def _servers(tmp_path: Path, workers: int, request) -> tuple[Lobby, list, list]:
    """``workers`` SSH servers; returns the lobby that owns anna's tables, the servers and the
    cluster lobbies to close (none for one in-memory server)."""
    from ahoy_tui.ui.app import create_app

    timing = Timing(bot_delay=(0, 0.02), between_hands=0.3)
    if workers == 1:
        lobby = Lobby(timing=timing, seed=5)
        return lobby, [await start_server(tmp_path, lobby, app_factory=create_app)], []
    from ahoy_tui.cluster.hosted import ClusterHost
    from ahoy_tui.cluster.lobby import ClusterLobby
    from harness import quiet_config
    from server.ssh import AhoyServer

    url = request.getfixturevalue("redis_server").url
    clusters = [ClusterLobby(url, f"w{i}", timing=timing, seed=5) for i in range(workers)]
    servers = []
    for c in clusters:
        await c.open()
        servers.append(AhoyServer(quiet_config(tmp_path, app_factory=create_app), ClusterHost(c)))
        await servers[-1].start()
    return clusters[0].core, servers, clusters


@pytest.mark.slow
@pytest.mark.parametrize("workers", [1, 2])
async def test_whole_game_over_ssh_leaks_nothing(tmp_path: Path, monkeypatch, workers, request):
    """With two workers (a cluster lobby on a real redis-server), anna's session is on the table's
    owner and bo's and eve's on the other worker: their views cross Redis."""
    t0 = time.monotonic()
    truth = Truth()
    instrument(monkeypatch, truth)
    # Three apps in one process, bots acting every few ms: draw at most 12 frames a second (as
    # Textual does under TEXTUAL_FPS=12) so screens coalesce updates instead of the CPU saturating.
    import textual.screen

    monkeypatch.setattr(textual.screen, "UPDATE_PERIOD", 1 / FPS)
    lobby, servers, clusters = await _servers(tmp_path, workers, request)
    server, other = servers[0], servers[-1]
    players: list[Player] = []
    try:
        anna = await connect(server.port, "anna", cols=80, rows=24, env=UTF8)
        bo = await connect(other.port, "bo", cols=80, rows=24, env={"LANG": "C"})  # no UTF-8: ASCII mode, 10H / QS
        eve = await connect(other.port, "eve", cols=80, rows=24, env=UTF8)
        players = [anna, bo, eve]
        frames = {id(p): record_frames(p) for p in players}
        await anna.wait_for("welcome aboard", 30)
        await bo.wait_for("welcome aboard", 30)
        await eve.wait_for("welcome aboard", 30)

        # the table, created on behalf of anna's session; bo and eve use their keyboards
        tid = lobby.create_table(_handle(lobby, "anna"), TableConfig.make(name="e2e", seats=4, limit=LIMIT,
                                                                     clocks="blitz"))
        await anna.wait_for(r"\bb\b.*Add bot|Add bot", 30)
        for seat in (2, 3):                      # the add-bot key asks the level: 2 is normal (issue 17)
            anna.send("b")
            await anna.wait_for("Press 1, 2 or 3", 30)
            anna.send("2")
            await anna.wait_for(rf"{seat}\. .*\(bot, normal[^)]*\)", 30)
        await bo.wait_for("e2e", 30)
        bo.send("j")
        await bo.wait_for("Ready", 30)
        bo.send("r")
        await eve.wait_for("e2e", 30)
        eve.send("w")
        await wait_until(lambda: any(s is None for s in lobby.tables[tid].members.values()), 30, "eve watching")
        table = lobby.tables[tid]
        await wait_until(lambda: all(s.filled for s in table.seats)
                     and any(s.kind == "person" and s.name == "bo" and s.ready for s in table.seats), 30,
                     "seats filled and bo ready")
        await anna.settle(0.1)
        anna.send("g")
        await wait_until(lambda: table.game is not None, 30, "the game to start")

        seat_of = {name: table.members[_member(table, name)] for name in ("anna", "bo")}
        assert table.members[_member(table, "eve")] is None
        done = asyncio.Event()
        people = [Person("anna", anna, random.Random(1)), Person("bo", bo, random.Random(2))]
        tasks = [asyncio.create_task(p.play(done)) for p in people]
        try:
            await wait_until(lambda: table.game is not None and table.game.over, GAME_WAIT, "the game to end")
        except AssertionError as e:
            st = table.game.state
            raise AssertionError(
                f"{e}: hand {st.hand_no} phase {st.phase} totals {st.totals}\n"
                + "\n".join(f"--- {p.name} pressed {p.pressed} last {p.log[-8:]}\n{p.player.text()}"
                             for p in people)) from None
        try:  # both see the game-over view (a bound: 10 s, then 30 s ran out under load)
            await asyncio.wait_for(asyncio.gather(*tasks), 120)
        except asyncio.TimeoutError:
            raise AssertionError("the game-over view did not show within 120 s\n" + "\n".join(
                f"--- {p.name} pressed {p.pressed} last {p.log[-8:]}\n{p.player.text()}" for p in people)) from None
        await eve.wait_for("BIGGEST LOSER OF THE NIGHT", 30)
        done.set()
        await asyncio.gather(*(p.settle(0.2, 3) for p in players))

        state = table.game.state
        assert max(state.totals) >= LIMIT and state.phase is Phase.GAME_OVER
        assert state.results and sum(1 for _ in state.results) == state.hand_no  # every hand scored
        assert truth.conserved_ok, "a card went missing or was doubled (R1)"
        assert truth.reveals == state.hand_no and not truth.early_reveals, truth.early_reveals
        assert all(p.offers >= 1 for p in people), "each person made an offer through the composer"

        all_leaks: list[Leak] = []
        total = 0
        for who, p, seat, ascii_only in (("anna", anna, seat_of["anna"], False),
                                          ("bo", bo, seat_of["bo"], True),
                                          ("eve", eve, None, False)):
            leaks, checked = scan(who, seat, p, truth, ascii_only, frames[id(p)])
            all_leaks += leaks
            total += checked
            assert checked > 50, (who, checked)  # the scan saw plenty of cards
        assert not all_leaks, "\n".join(f"{lk.who} {lk.where} {lk.card} @{lk.at:.3f}: {lk.context!r}"
                                        for lk in all_leaks[:20])
        print(f"\ne2e: {state.hand_no} hands, totals {state.totals}, {truth.publishes} publishes, "
              f"{total} labels checked, keys anna {people[0].pressed} bo {people[1].pressed}, "
              f"{time.monotonic() - t0:.1f}s")
        # the spectator saw the revealed hands, so the scan of eve covered hand cards too
    finally:
        for p in players:
            try:
                await asyncio.wait_for(p.close(), 30)
            except Exception:
                pass
        for s in servers:
            await s.stop()
        for c in clusters:
            await c.close()

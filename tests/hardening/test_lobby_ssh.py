"""Lobby-level abuse through real SSH on 127.0.0.1 (issue 7).

The real server (one real UI app per session, a shared lobby with short
timings) runs in this process. Proven here:

* Chat flood: 50 lobby chat lines typed in one burst; every other client
  gets only the rate limit's worth (5), the sender gets a notice and stays
  connected, and both sessions keep working.
* Abrupt disconnects (TCP reset, dropped transport) while the table waits
  for that person to respond to an offer, answer the step-in window, lock an
  exchange card and discard: the autopilot decides for the seat before the
  decision clock runs out, no card is lost (R1, checked at every publish),
  the other person's session keeps getting updates, and the same username
  reconnects into its seat with its own hand on screen.
* A client that stops reading at a table is dropped, its seat goes to the
  autopilot (and plays), and the same identity reclaims it afterwards.
* A bracketed paste into the chat line longer than the line is cut to fit
  with one toast; a paste of several lines keeps the first and sends nothing.

The game is driven deterministically where it matters: the lobby has a
fixed seed, and the seats other than bots make their moves through the
lobby API on behalf of their sessions (``steer``), so each kind of
decision is reached on purpose.
"""

from __future__ import annotations

import asyncio
import logging
import re
import socket
import struct
import time
from dataclasses import dataclass, field

from harness import Player, connect, start_server, wait_until

from ahoy_tui.games.ahoy import cards as C
from ahoy_tui.games.ahoy.actions import (Ahoy, ChoosePartner, Discard, Draw, Exchange, LayDown, Offer, Pass, Pick,
                                         Respond)
from ahoy_tui.games.ahoy.engine import awaiting
from ahoy_tui.games.ahoy.state import Phase
from ahoy_tui.lobby import Lobby, LobbyError, TableConfig, Timing
from ahoy_tui.lobby.handle import PlayerHandle
from ahoy_tui.lobby.messages import ChatMessage, Notice, TableUpdate
from ahoy_tui.lobby.table import Table
from ahoy_tui.ui.app import create_app
from ahoy_tui.ui.games.ahoy.cards import card_label
from tests.lobby.helpers import conserved

UTF8 = {"LANG": "en_US.UTF-8"}
#: Bots and the autopilot act within 50–150 ms; blitz clocks at half length
#: (respond 4 s, step-in 2.5 s, exchange 4 s, discard 5 s).
TIMING = Timing(bot_delay=(0.05, 0.15), between_hands=0.2, clock_scale=0.5)


# -- server-side records -------------------------------------------------------------------


@dataclass
class Records:
    """What the server did, recorded by wrapping lobby and table methods."""

    publishes: int = 0
    lost: list[str] = field(default_factory=list)
    #: (time, table id, seat, action kind, by) for every applied action.
    applied: list[tuple[float, str, int, str, str]] = field(default_factory=list)
    #: (time, handle name, message) for every message delivered to a session.
    delivered: list[tuple[float, str, object]] = field(default_factory=list)

    def to(self, name: str, kind: type, since: float = 0.0) -> list:
        return [m for t, n, m in self.delivered if n == name and isinstance(m, kind) and t >= since]


def instrument(monkeypatch) -> Records:
    """Check R1 (``conserved``) at every publish; log applied actions and deliveries."""
    rec = Records()
    publish, apply_action, deliver = Table.publish, Table.apply_action, PlayerHandle.deliver

    def checked_publish(self, new_events, exclude=None):
        rec.publishes += 1
        if not conserved(self):
            s = self.game.state
            rec.lost.append(f"{self.table_id} v{self.version} hand {s.hand_no} {s.phase}")
        publish(self, new_events, exclude)

    def logged_apply(self, seat, action, by):
        rec.applied.append((time.monotonic(), self.table_id, seat, type(action).__name__, by))
        apply_action(self, seat, action, by)

    def logged_deliver(self, msg):
        rec.delivered.append((time.monotonic(), self.name, msg))
        deliver(self, msg)

    monkeypatch.setattr(Table, "publish", checked_publish)
    monkeypatch.setattr(Table, "apply_action", logged_apply)
    monkeypatch.setattr(PlayerHandle, "deliver", logged_deliver)
    return rec


# -- helpers -------------------------------------------------------------------------------


async def until(cond, timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while not cond():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        await asyncio.sleep(0.01)


def handle_of(lobby: Lobby, identity: str) -> PlayerHandle:
    """The (newest) session handle of ``identity``."""
    return lobby.players[identity][-1]


def session_of(srv, name: str):
    return next(s for s in srv.sessions if s.connection.username == name and s.app is not None)


async def sees_chat_line(srv, name: str, key: str, timeout: float = 5.0) -> None:
    """Wait until ``name``'s table chat holds the system line ``key``.

    Read from the session's chat box, not the screen: a toast ("Time ran
    out…", with the tests' tiny clocks one every few seconds) may cover the
    chat's last rows for a while.
    """
    from ahoy_tui.ui.widgets.chat_box import ChatBox

    def seen() -> bool:
        app = session_of(srv, name).app
        return any(entry[3] == key for screen in app.screen_stack for box in screen.query(ChatBox)
                   for entry in box._messages)

    await wait_until(seen, timeout)


def kill(player: Player, reset: bool) -> None:
    """End the client without any SSH goodbye: a TCP reset, or the transport dropped
    (a killed process: the kernel closes the socket)."""
    if reset:
        sock = player.conn.get_extra_info("socket")
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        player.conn._transport.abort()
    else:
        player.conn._transport.close()


_BY_LABEL = {card_label(i): i for i in range(C.IDENTITIES)}
_HAND_CARD = re.compile(r"│ ?((?:10|[2-9JQKA])[♠♥♦♣]|JK)│")


def screen_hand(player: Player) -> list[int] | None:
    """Identities of the cards in the "Your hand" box on ``player``'s screen, sorted."""
    lines = player.text().split("\n")
    for i, line in enumerate(lines):
        if "Your hand" in line:
            for row in lines[i + 1:i + 4]:
                labels = _HAND_CARD.findall(row.split("╮╭")[0].split("││")[0])
                if labels:
                    return sorted(_BY_LABEL[x] for x in labels)
    return None


def server_hand(table: Table, seat: int) -> list[int]:
    return sorted(C.identity(c) for c in table.game.state.hands[seat])


async def shows_own_hand(player: Player, table: Table, seat: int, timeout: float = 5.0) -> None:
    """The hand on the screen becomes the server's hand of ``seat`` (it may be changing)."""
    deadline = time.monotonic() + timeout
    while True:
        g = table.game
        if g is not None and g.state.hand_in_progress and screen_hand(player) == server_hand(table, seat):
            return
        if time.monotonic() > deadline:
            g = table.game
            truth = server_hand(table, seat) if g and g.state.hand_in_progress else None
            raise AssertionError(f"hand on screen {screen_hand(player)} != server {truth}\n{player.text()}")
        player.changed.clear()
        try:
            await asyncio.wait_for(player.changed.wait(), 0.1)
        except asyncio.TimeoutError:
            pass


# -- steering the game through the lobby API ----------------------------------------------------


def reached(table: Table, target: str, me: int) -> bool:
    """The table waits for seat ``me``'s decision of kind ``target``."""
    g = table.game
    if g is None or not g.state.hand_in_progress or not table.legal_now(me):
        return False
    s = g.state
    pending = awaiting(s)
    if target == "respond":
        return s.phase is Phase.RESPOND and s.addressed == me
    if target == "step_in":
        return s.phase is Phase.STEP_IN and me in pending
    if target == "exchange":  # the other trader has locked its card already: only `me` is awaited
        return s.phase is Phase.EXCHANGE and pending == (me,)
    if target == "discard":
        return s.phase is Phase.DISCARD and s.active == me
    if target == "any":
        return me in pending
    raise ValueError(target)


def pick(table: Table, seat: int, legal: list, accept: bool):
    """A plain move: always offer (no HANDS UP!), answer offers with ``accept``, pass on the
    step-in window, the first card otherwise."""
    phase = table.game.state.phase
    if phase is Phase.ACTION:
        offers = [a for a in legal if isinstance(a, Offer)]
        return offers[0] if offers else legal[0]
    if phase is Phase.RESPOND:
        return Respond(accept)
    if phase is Phase.STEP_IN:
        return Pass()
    for kind in (Draw, ChoosePartner, Exchange, LayDown, Pick, Discard):
        got = [a for a in legal if isinstance(a, kind)]
        if got:
            return got[0]
    return legal[0]


async def steer(lobby: Lobby, table: Table, people: dict[int, str], done, accepts: int | None = None,
                timeout: float = 20.0, what: str = "") -> None:
    """Play the seats of ``people`` (seat -> identity) through the lobby API until ``done()``;
    bot seats play themselves. Offers are declined, except by seat ``accepts``."""
    deadline = time.monotonic() + timeout
    while not done():
        if time.monotonic() > deadline:
            s = table.game.state if table.game else None
            raise AssertionError(f"never reached {what}: {s and (s.hand_no, s.phase, s.active)}")
        g = table.game
        acted = False
        if g is not None and g.state.hand_in_progress:
            for seat in awaiting(g.state):
                if seat not in people or table.bot_driven(seat):
                    continue
                legal = [a for a in table.legal_now(seat) if not isinstance(a, Ahoy)]
                if not legal:
                    continue
                try:
                    lobby.act(handle_of(lobby, people[seat]), table.table_id,
                              pick(table, seat, legal, seat == accepts), table.version)
                    acted = True
                except LobbyError:
                    pass  # overtaken by a bot's move: look again
                break
        await asyncio.sleep(0 if acted else 0.01)


async def open_table(lobby: Lobby, host: str, others: list[str], bots: int, name: str, grace: int = 20) -> Table:
    """A started table: ``host`` (identity) creates it, ``others`` join and press ready, then bots
    (``grace``: the table's grace for a dropped player, R17, scaled by ``TIMING.clock_scale``)."""
    tid = lobby.create_table(handle_of(lobby, host), TableConfig.make(name=name, seats=1 + len(others) + bots,
                                                                 limit=200, clocks="blitz", grace=grace))
    for ident in others:
        lobby.join(handle_of(lobby, ident), tid)
        lobby.set_ready(handle_of(lobby, ident), tid, True)
    for _ in range(bots):
        lobby.add_bot(handle_of(lobby, host), tid, "baseline")
    lobby.start(handle_of(lobby, host), tid)
    return lobby.tables[tid]


def no_errors_logged(caplog) -> None:
    bad = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert not bad, "\n".join(r.getMessage() for r in bad)


async def _anna_chatting_with_bo(srv):  # noqa: ANN001, ANN202
    """anna and bo in the lobby, anna's chat line taking her keys: ``(anna, bo, anna's app)``."""
    anna = await connect(srv.port, "anna", env=UTF8)
    bo = await connect(srv.port, "bo", env=UTF8)
    await anna.wait_for("welcome aboard", 30)
    await bo.wait_for("Pirates online \\(2\\)", 30)
    app = session_of(srv, "anna").app
    anna.send("c")
    await until(lambda: type(app.focused).__name__ == "ChatInput", 30, "the chat line to take the keys")
    return anna, bo, app


# -- 1. chat flood -----------------------------------------------------------------------------


async def test_chat_flood_broadcasts_only_the_rate_limit(tmp_path, monkeypatch, caplog):
    caplog.set_level(logging.WARNING)
    rec = instrument(monkeypatch)
    lobby = Lobby(timing=TIMING, seed=1)
    srv = await start_server(tmp_path, lobby, app_factory=create_app)
    players: list[Player] = []
    try:
        anna, bo, app = await _anna_chatting_with_bo(srv)
        players = [anna, bo]
        t0 = time.monotonic()
        for i in range(50):
            anna.send(f"flood {i}\r")
        assert time.monotonic() - t0 < 10.0  # the premise: all 50 inside one rate-limit window
        # every line reached the lobby: 5 posted (anna gets her own too), 45 refused with a notice
        await until(lambda: len(rec.to("anna", ChatMessage)) + len(rec.to("anna", Notice)) >= 50, 30,
                    "the lobby to see all 50 lines")
        heard = [m.text for m in rec.to("bo", ChatMessage) if m.sender == "anna"]
        assert heard == [f"flood {i}" for i in range(5)]
        assert len(rec.to("anna", ChatMessage)) == 5
        notices = rec.to("anna", Notice)
        assert len(notices) == 45 and all("Slow down" in n.text for n in notices)
        assert all(m.text.startswith("flood ") for m in lobby.chat_log.recent()) and len(lobby.chat_log.recent()) == 5
        # on screen: bo sees the first five and nothing after; anna sees the notice
        screen = await bo.wait_for("anna: flood 4", 30)
        await bo.settle(0.3)
        assert not re.search(r"flood ([5-9]|\d\d)\b", bo.text()), bo.text()
        assert all(f"anna: flood {i}" in screen for i in range(5))
        await anna.wait_for("Slow down, matey", 30)
        # the sender is still connected, and both sessions work
        assert not anna.closed.is_set() and len(srv.sessions) == 2
        bo.send("c")
        await until(lambda: type(session_of(srv, "bo").app.focused).__name__ == "ChatInput", 30, "bo's chat line")
        bo.send("still afloat\r")
        await anna.wait_for("bo: still afloat", 30)
        anna.send("\x1b")  # Esc: out of the chat line; n opens the new-table dialog
        await until(lambda: type(app.focused).__name__ != "ChatInput", 30, "anna to leave the chat line")
        anna.send("n")
        await until(lambda: type(app.screen).__name__ == "CreateTableScreen", 30, "anna's new-table dialog")
        assert not anna.closed.is_set() and not bo.closed.is_set()
        assert len(lobby.chat_log.recent()) == 6
        no_errors_logged(caplog)
    finally:
        for p in players:
            await asyncio.wait_for(p.close(), 30)
        await srv.stop()


# -- 2. abrupt disconnects during each kind of pending decision --------------------------------------


async def test_abrupt_disconnect_during_each_pending_decision(tmp_path, monkeypatch, caplog):
    caplog.set_level(logging.WARNING)
    rec = instrument(monkeypatch)
    lobby = Lobby(timing=TIMING, seed=7)
    srv = await start_server(tmp_path, lobby, app_factory=create_app)
    players: list[Player] = []
    try:
        bo = await connect(srv.port, "bo", env=UTF8)
        anna = await connect(srv.port, "anna", env=UTF8)
        players = [bo, anna]
        await bo.wait_for("welcome aboard", 30)
        await anna.wait_for("welcome aboard", 30)
        # cy plays through the lobby API only (a session without SSH)
        cy = lobby.connect("user:cy", "cy")
        cy.subscribe(lambda m: None)
        # seats: bo 0 (host), anna 1, cy 2, a bot 3: bo offers to anna; cy's offer to the bot,
        # or the bot's to bo, once declined, opens the step-in window to anna
        table = await open_table(lobby, "user:bo", ["user:anna", "user:cy"], 1, "drop", grace=2)
        grace = 2 * TIMING.clock_scale        # shorter than every blitz clock here: the grace decides
        ANNA = 1
        assert [s.name for s in table.seats][:3] == ["bo", "anna", "cy"]
        people = {0: "user:bo", 1: "user:anna", 2: "user:cy"}
        await anna.wait_for("Your hand", 30)
        await shows_own_hand(anna, table, ANNA)

        for n, target in enumerate(("respond", "step_in", "exchange", "discard")):
            await steer(lobby, table, people, lambda: reached(table, target, ANNA),
                        accepts=ANNA if target == "exchange" else None, what=target)
            s = table.game.state
            key = (s.hand_no, s.phase)
            v0, clock_ends = table.version, table.pilot.deadline
            assert clock_ends is not None, target
            t_kill = time.monotonic()
            kill(anna, reset=n % 2 == 0)

            # R17: the seat waits for her grace, then the autopilot decides, before the clock runs out
            await until(lambda: any(t >= t_kill and seat == ANNA for t, _, seat, _, _ in rec.applied),
                        clock_ends - t_kill + 1.0, f"a decision for anna's seat ({target})")
            t_done, _, _, kind, by = next(e for e in rec.applied if e[0] >= t_kill and e[2] == ANNA)
            assert by == "grace", (target, kind, by)  # her grace ran out, not the clock
            assert t_kill + grace * 0.9 <= t_done < clock_ends, (target, t_done - t_kill, clock_ends - t_kill)
            assert kind in {"respond": ("Respond",), "step_in": ("StepIn", "Pass"), "exchange": ("Exchange",),
                            "discard": ("Discard",)}[target], (target, kind)
            assert table.version > v0
            print(f"\n{target}: {'reset' if n % 2 == 0 else 'dropped'} in {key[1].value}; autopilot {kind} "
                  f"after {t_done - t_kill:.2f} s of a {clock_ends - t_kill:.2f} s clock")
            assert not table.present(ANNA) and table.autopilot(ANNA)
            assert not any(x.connection.username == "anna" for x in srv.sessions)
            # bo keeps getting updates and sees anna offline
            await until(lambda: len(rec.to("bo", TableUpdate, since=t_kill)) >= 2, 30, "updates for bo")
            await bo.wait_for(r"anna +\S+ +\d+ pts +(offline|autopi)", 30)

            # the same username comes back: straight to the table, its seat and its own hand
            anna = await connect(srv.port, "anna", env=UTF8)
            players.append(anna)
            await anna.wait_for(r"drop · Hand \d+", 30)
            await anna.wait_for(r"anna +\S+ +\d+ pts +\(you\)", 30)
            assert table.present(ANNA) and not table.seats[ANNA].left
            assert table.members[handle_of(lobby, "user:anna")] == ANNA
            await shows_own_hand(anna, table, ANNA)
            await sees_chat_line(srv, "bo", "back")

        assert rec.publishes > 20
        assert not rec.lost, rec.lost
        # the table waits for the reconnected anna again: the seat is hers, not the pilot's
        await steer(lobby, table, {0: "user:bo", 2: "user:cy"}, lambda: reached(table, "any", ANNA),
                    what="anna's next decision")
        assert not table.bot_driven(ANNA)
        no_errors_logged(caplog)
    finally:
        for p in players:
            if not p.closed.is_set():
                await asyncio.wait_for(p.close(), 30)
        await srv.stop()


# -- 3. a client that stops reading at a table --------------------------------------------------


async def test_stalled_reader_seat_goes_to_autopilot_and_is_reclaimed(tmp_path, monkeypatch, caplog):
    caplog.set_level(logging.WARNING)
    rec = instrument(monkeypatch)
    lobby = Lobby(timing=TIMING, seed=3)
    srv = await start_server(tmp_path, lobby, app_factory=create_app, max_buffer=64 * 1024)
    players: list[Player] = []
    try:
        bo = await connect(srv.port, "bo", env=UTF8)
        anna = await connect(srv.port, "anna", env=UTF8, window=8 * 1024)
        players = [bo, anna]
        await bo.wait_for("welcome aboard", 30)
        await anna.wait_for("welcome aboard", 30)
        table = await open_table(lobby, "user:bo", ["user:anna"], 2, "stall", grace=2)
        ANNA = 1
        await anna.wait_for("Your hand", 30)

        session = session_of(srv, "anna")
        anna.chan.pause_reading()  # a suspended ssh: the SSH window fills up
        for i in range(300):  # each resize repaints the whole screen
            if anna.closed.is_set() or session.link.overflowed:
                break
            anna.chan.change_terminal_size(*((120, 40) if i % 2 else (100, 30)))
            await asyncio.sleep(0.02)
        assert session.link.overflowed
        await until(lambda: session not in srv.sessions and not table.present(ANNA), 30, "anna to be dropped")
        await until(lambda: table.autopilot(ANNA), 30, "anna's grace (1 s) to run out")
        await bo.wait_for(r"anna +\S+ +\d+ pts +(offline|autopi)", 30)

        # the autopilot plays anna's seat: bo (API) plays on until the seat has acted
        t_drop = time.monotonic()
        await steer(lobby, table, {0: "user:bo"},
                    lambda: any(t >= t_drop and seat == ANNA and by == "bot" for t, _, seat, _, by in rec.applied),
                    what="the autopilot to play anna's seat")

        # the same identity reclaims the seat
        anna = await connect(srv.port, "anna", env=UTF8)
        players.append(anna)
        await anna.wait_for(r"stall · Hand \d+", 30)
        assert table.present(ANNA) and not table.autopilot(ANNA)
        await shows_own_hand(anna, table, ANNA)
        await sees_chat_line(srv, "bo", "back")
        await steer(lobby, table, {0: "user:bo"}, lambda: reached(table, "any", ANNA),
                    what="anna's next decision")
        assert not table.bot_driven(ANNA)
        assert not rec.lost, rec.lost
        no_errors_logged(caplog)
    finally:
        for p in players:
            if not p.closed.is_set():
                await asyncio.wait_for(p.close(), 30)
        await srv.stop()


# -- 4. pastes into the chat line ----------------------------------------------------------------


async def test_chat_pastes_are_cut_to_the_line_and_never_become_several_messages(tmp_path, caplog):
    """A bracketed paste longer than the chat line is cut to fit with one toast (it used to vanish
    whole); a paste of several lines keeps the first, sends nothing by itself, and says so."""
    from server.input_guard import PASTE_END, PASTE_START

    caplog.set_level(logging.WARNING)
    lobby = Lobby(timing=TIMING, seed=1)
    srv = await start_server(tmp_path, lobby, app_factory=create_app)
    players: list[Player] = []
    try:
        anna, bo, app = await _anna_chatting_with_bo(srv)
        players = [anna, bo]
        anna.send(PASTE_START + ("C" * 300 + " end").encode() + PASTE_END)
        await anna.wait_for("Pasted text cut to 300 characters", 30)
        assert app.focused.value == "C" * 300
        anna.send("\r")
        await bo.wait_for("anna:", 30)
        await until(lambda: [m.text for m in lobby.chat_log.recent()] == ["C" * 300], 30, "the cut line")

        anna.send(PASTE_START + "text\r\nsecond line".encode() + PASTE_END)
        await anna.wait_for("Only the first line of the paste", 30)  # the toast wraps "kept."
        assert app.focused.value == "text"
        assert len(lobby.chat_log.recent()) == 1  # the paste sent nothing
        anna.send("\r")
        await bo.wait_for("anna: text", 30)
        await bo.settle(0.3)
        assert "second line" not in bo.text()
        assert [m.text for m in lobby.chat_log.recent()] == ["C" * 300, "text"]
        no_errors_logged(caplog)
    finally:
        for p in players:
            await asyncio.wait_for(p.close(), 30)
        await srv.stop()

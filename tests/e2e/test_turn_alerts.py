"""Turn alerts over real SSH (issue 28.3): the bytes a player's terminal gets when the table starts waiting for them.

The real server (real ``AhoyApp`` per session) on 127.0.0.1 port 0, one
asyncssh + pyte client per test at a table of two with a baseline bot; the
player's mode (``Prefs.alerts``) is put in the preferences store before the
session starts, as a returning player's would be. Each test waits for the
server-side fact (the hand waits for the player's seat) and then reads what
the client received: BEL (0x07), the title (``OSC 2``), the title stack
(``CSI 22;2 t`` / ``CSI 23;2 t``), notifications (``OSC 777`` / ``OSC 9``).
Every OSC text is scanned for card labels: none may name a card (R18).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from harness import Player, connect, start_server, wait_until
from test_whole_game import labels_in

from ahoy_tui.lobby import Lobby, TableConfig, Timing
from ahoy_tui.ui.prefs import STORE, Prefs

UTF8 = {"LANG": "en_US.UTF-8"}
BEL = b"\x07"
TITLE = "\x1b]2;Ahoy — your turn\x07".encode()
TITLE_PUSH = b"\x1b[22;2t"
TITLE_BACK = b"\x1b]2;Ahoy\x07\x1b[23;2t"
OSC = re.compile(rb"\x1b\](\d+);([^\x07\x1b]*)(?:\x07|\x1b\\)")


def bells(raw: bytes) -> int:
    """BEL bytes that are not the end of an OSC sequence."""
    return raw.count(BEL) - sum(1 for m in OSC.finditer(raw) if m.group(0).endswith(BEL))


def oscs(raw: bytes, number: bytes) -> list[str]:
    """The texts of every ``OSC number`` in ``raw``."""
    return [m.group(2).decode("utf-8", "replace") for m in OSC.finditer(raw) if m.group(1) == number]


def no_cards_in_oscs(raw: bytes) -> None:
    """No OSC text (title, notification) carries a card label, Unicode or ASCII (R18)."""
    for m in OSC.finditer(raw):
        text = m.group(2).decode("utf-8", "replace")
        assert not labels_in(text) and not labels_in(text, ascii_only=True), text


@pytest.fixture
async def lobby_server(tmp_path: Path):
    from ahoy_tui.ui.app import create_app

    lobby = Lobby(timing=Timing(bot_delay=(0, 0.02), between_hands=0.3), seed=5)
    server = await start_server(tmp_path, lobby, app_factory=create_app)
    STORE.clear()
    try:
        yield lobby, server
    finally:
        STORE.clear()
        await server.stop()


async def seated(lobby: Lobby, server, mode: str, *, term: str = "xterm-256color",
                 env: dict[str, str] | None = None, name: str = "anna", start: bool = True) -> tuple[Player, object, int]:
    """``name`` connected with turn alerts ``mode``, at a table of two with a bot (started when ``start``);
    the player, the table and the player's seat."""
    STORE.put(f"user:{name}", Prefs("default", False, "en", alerts=mode))
    player = await connect(server.port, name, term=term, env={**UTF8, **(env or {})})
    await player.wait_for("welcome aboard", 30)
    handle = next(h for h in lobby.handles() if h.name == name)
    tid = lobby.create_table(handle, TableConfig.make(name="Alerts", seats=2, limit=100, clocks="untimed"))
    lobby.add_bot(handle, tid, "baseline")
    await player.wait_for("Alerts", 30)
    table = lobby.tables[tid]
    if start:
        lobby.start(handle, tid)
        await wait_until(lambda: table.game is not None, 30, "the game to start")
    return player, table, table.seat_of(f"user:{name}")


def waits_for(table, seat: int) -> bool:
    """The hand waits for ``seat``'s decision now."""
    game, mine = table.game, table.game_seat(seat)
    return game is not None and mine is not None and mine in game.view(mine).waiting_for


async def test_your_turn_rings_once_and_sets_the_title_until_it_is_no_longer_yours(lobby_server) -> None:
    lobby, server = lobby_server
    player, table, seat = await seated(lobby, server, "title")
    try:
        await wait_until(lambda: waits_for(table, seat), 30, "the hand to wait for anna")
        await wait_until(lambda: TITLE in player.raw, 30, "the title")
        player.send("\x0c")  # Ctrl+L: the whole screen again; no alert again
        await player.settle(0.3)
        raw = bytes(player.raw)
        assert bells(raw) == 1
        assert raw.count(TITLE) == 1 and raw.count(TITLE_PUSH) == 1
        assert raw.index(TITLE_PUSH) < raw.index(TITLE)
        assert not oscs(raw, b"777") and not oscs(raw, b"9")  # xterm-256color: no notification known
        no_cards_in_oscs(raw)
        handle = next(h for h in lobby.handles() if h.name == "anna")
        lobby.set_autopilot(handle, table.table_id, True)  # the table no longer waits for anna: title back
        await wait_until(lambda: TITLE_BACK in player.raw, 30, "the title back")
        assert bytes(player.raw).index(TITLE_BACK) > raw.index(TITLE)
    finally:
        await player.close()


async def test_alerts_off_send_no_bell_and_no_title(lobby_server) -> None:
    lobby, server = lobby_server
    player, table, seat = await seated(lobby, server, "off")
    try:
        await wait_until(lambda: waits_for(table, seat), 30, "the hand to wait for anna")
        await player.wait_for(r"Draw|Accept|Decline|Step in", 30)
        await player.settle(0.3)
        raw = bytes(player.raw)
        assert bells(raw) == 0
        assert not oscs(raw, b"2") and TITLE_PUSH not in raw
    finally:
        await player.close()


async def test_bell_mode_rings_without_a_title(lobby_server) -> None:
    lobby, server = lobby_server
    player, table, seat = await seated(lobby, server, "bell", term="foot")
    try:
        await wait_until(lambda: waits_for(table, seat), 30, "the hand to wait for anna")
        await wait_until(lambda: BEL in player.raw, 30, "the bell")
        await player.settle(0.3)
        raw = bytes(player.raw)
        assert bells(raw) == 1
        assert not oscs(raw, b"2") and not oscs(raw, b"777")
    finally:
        await player.close()


async def test_typing_in_chat_holds_the_alert_until_the_chat_is_left(lobby_server) -> None:
    lobby, server = lobby_server
    player, table, seat = await seated(lobby, server, "title", start=False)
    try:
        player.send("c")  # the chat line has the focus
        await player.settle(0.3)
        player.send("hello the")
        await player.wait_for("hello the", 30)
        handle = next(h for h in lobby.handles() if h.name == "anna")
        lobby.start(handle, table.table_id)
        await wait_until(lambda: waits_for(table, seat), 30, "the hand to wait for anna")
        await player.settle(0.5)
        raw = bytes(player.raw)
        assert bells(raw) == 0 and TITLE not in raw
        player.send("\x1b")  # Esc leaves the chat line: the alert the player did not get comes now
        await wait_until(lambda: TITLE in player.raw, 30, "the title once the chat is left")
        await player.settle(0.3)
        raw = bytes(player.raw)
        assert bells(raw) == 1 and raw.count(TITLE) == 1
    finally:
        await player.close()


@pytest.mark.parametrize(("term", "env", "kind"), [
    ("foot", {}, b"777"),
    ("xterm-256color", {"LC_TERMINAL": "iTerm2"}, b"9"),
    ("xterm-256color", {"TERM_PROGRAM": "WezTerm"}, b"777"),
    ("xterm-kitty", {}, b"9"),
])
async def test_a_desktop_notification_only_for_a_terminal_known_to_show_it(lobby_server, term, env, kind) -> None:
    lobby, server = lobby_server
    player, table, seat = await seated(lobby, server, "title", term=term, env=env)
    try:
        await wait_until(lambda: waits_for(table, seat), 30, "the hand to wait for anna")
        await wait_until(lambda: oscs(bytes(player.raw), kind), 30, "the notification")
        await player.settle(0.3)
        raw = bytes(player.raw)
        texts = oscs(raw, kind)
        other = b"9" if kind == b"777" else b"777"
        assert len(texts) == 1 and not oscs(raw, other)
        body = texts[0].split(";")[-1]
        assert body in ("It is your move.", "Mary Read makes you an offer.") or body.endswith("makes you an offer."), body
        if kind == b"777":
            assert texts[0].startswith("notify;Ahoy — your turn")
        no_cards_in_oscs(raw)
        assert bells(raw) == 1
    finally:
        await player.close()


@pytest.mark.parametrize("term", ["linux", "vt100"])  # TERM=dumb gets line mode (tests/e2e/test_line_mode.py)
async def test_an_old_terminal_gets_the_bell_and_no_escape_it_cannot_show(lobby_server, term) -> None:
    lobby, server = lobby_server
    player, table, seat = await seated(lobby, server, "title", term=term)
    try:
        await wait_until(lambda: waits_for(table, seat), 30, "the hand to wait for anna")
        await wait_until(lambda: BEL in player.raw, 30, "the bell")
        await player.settle(0.3)
        raw = bytes(player.raw)
        assert bells(raw) == 1
        # (Textual's own pointer-shape OSC 22 at start is not a turn alert's)
        assert not oscs(raw, b"2") and not oscs(raw, b"777") and not oscs(raw, b"9") and TITLE_PUSH not in raw
    finally:
        await player.close()


async def test_n_cycles_the_alerts_and_they_are_kept_for_the_identity(lobby_server) -> None:
    lobby, server = lobby_server
    player, table, seat = await seated(lobby, server, "bell", start=False)
    try:
        player.send("N")
        await player.wait_for("Turn alerts: bell and title", 30)
        assert STORE.get("user:anna").alerts == "title"
        player.send("N")
        await player.wait_for("Turn alerts off", 30)
        assert STORE.get("user:anna").alerts == "off"
    finally:
        await player.close()

"""The bot API over real SSH (issue 28 part 2, docs/bot-api.md).

A real server on 127.0.0.1 port 0 in this process; the reference client
(``examples/bot_client.py``) connects with a key over asyncssh and plays whole
games of AHOY!! V2 and Ahoi with the baseline policy against house bots.
"""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path

import asyncssh
import pytest
from harness import start_server, wait_until

from ahoy_tui.games.ahoy.state import Phase
from ahoy_tui.lobby import Lobby, Timing, codec
from ahoy_tui.lobby.table import Table
from server.bot_session import BotSession
from tests.botapi.schema_lite import validate
from tests.lobby.test_ahoi_table import scan_bytes
from tests.lobby.test_codec import Knowledge, cards_named, moments  # noqa: F401  (moments: a fixture)

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "examples"))
import bot_client  # noqa: E402
from test_moderation_bans import _refusal  # noqa: E402  (the one line a refused connection gets)

FAST = Timing(bot_delay=(0, 0.01), between_hands=0.05)


async def _server(tmp_path: Path, **overrides):
    return await start_server(tmp_path, Lobby(timing=FAST, seed=3), **overrides)


def _ahoy_scan(lines: list[bytes], seat: int, table, moments) -> int:
    """R18 on every byte the bot received at an AHOY!! V2 table: no ``TableUpdate`` names a card
    of another seat's hand that this seat had not held, been shown or told of when it was published
    (``tests.lobby.test_codec``: ``cards_named``, ``Knowledge``). Returns the updates checked."""
    knows, checked = Knowledge(), 0
    for line in lines:
        raw = json.loads(line)
        if raw["@"] != "TableUpdate":
            assert not set(_tags(raw)) & {"PlayerView", "Event"}, line[:200]   # cards travel in updates only
            continue
        msg = codec.decode(line.rstrip(b"\n"))
        m = moments.get(id(table), {}).get(msg.version)
        if m is None or msg.view is None or msg.view.phase is Phase.GAME_OVER:
            continue
        assert msg.seat == seat
        leaked = cards_named(line) & knows.secret(msg, m, table)
        assert not leaked, (msg.version, sorted(leaked))
        checked += 1
    return checked


def _leaky(lines: list[bytes], seat: int, moments) -> bytes:
    """One update the bot received, its view's hand swapped for the next seat's hand at that moment."""
    for line in lines:
        raw = json.loads(line)
        m = moments.get(raw.get("version")) if raw["@"] == "TableUpdate" else None
        if m is not None and raw["view"] is not None and raw["view"]["phase"]["v"] != Phase.GAME_OVER.value:
            other = m.hands[(seat + 1) % len(m.hands)]
            if other:
                raw["view"]["hand"] = {"@": "tuple", "v": other}
                return json.dumps(raw).encode() + b"\n"
    raise AssertionError("no update to make a leak of")


def _tags(node):
    if isinstance(node, dict):
        if "@" in node:
            yield node["@"]
        for v in node.values():
            yield from _tags(v)
    elif isinstance(node, list):
        for v in node:
            yield from _tags(v)


def _ahoi_scan(lines: list[bytes], seat: int) -> int:
    """AH16 on every byte the bot received at an Ahoi table (``tests.lobby.test_ahoi_table.scan_bytes``
    line by line, without its comparison with the engine's held card, which has moved on by the
    time a line is read)."""
    return sum(scan_bytes(line, seat, None) for line in lines)


@pytest.mark.slow
@pytest.mark.parametrize("game,options", [("ahoy", {"limit": 30}), ("ahoi", {})])
async def test_the_reference_client_plays_a_whole_game(tmp_path, client_key, game, options, monkeypatch, request):
    """A whole game of each game by ``examples/bot_client.py`` with the baseline policy, and the
    hidden-card scan over every byte its connection received; every line matches the published schema."""
    moments = request.getfixturevalue("moments") if game == "ahoy" else {}  # the engine at each publish (AHOY!! V2)
    tables: dict[str, Table] = {}
    publish = Table.publish

    def keep(self, *args, **kwargs):
        tables[self.table_id] = self
        return publish(self, *args, **kwargs)
    monkeypatch.setattr(Table, "publish", keep)
    server = await _server(tmp_path)
    lines: list[bytes] = []
    try:
        conn, client = await bot_client.open_bot("127.0.0.1", server.port, client_key, "robo", lines.append)
        try:
            result = await asyncio.wait_for(bot_client.play_game(client, game, 2, options, seed=4), 240)
        finally:
            await client.close()
            conn.close()
    finally:
        await server.stop()
    table = tables[result.table_id]
    assert result.acts > 0 and len(result.scores) == 3 and table.status == "game_over"
    assert table.game.over and list(result.scores) == list(table.game.scores)
    schema = json.loads((ROOT / "schema" / "bot-api" / "server-line.schema.json").read_text())
    for line in lines:
        validate(json.loads(line), schema)
    if game == "ahoy":
        assert _ahoy_scan(lines, result.seat, table, moments) > result.acts
        with pytest.raises(AssertionError):  # the scan sees a leak: another seat's hand in this seat's view
            _ahoy_scan([_leaky(lines, result.seat, moments[id(table)])], result.seat, table, moments)
    else:
        assert _ahoi_scan(lines, result.seat) > result.acts
        other = (result.seat + 1) % 3                            # the scan sees a leak: another seat's draw
        leak = {"@": "Notice", "text": "x", "level": "info", "key": "", "args": {"@": "tuple", "v": [
            {"@": "AhoiEvent", "kind": "drawn", "data": {"seat": other, "card": 7},
             "to": {"@": "frozenset", "v": [other]}, "hidden_from": {"@": "frozenset", "v": []}}]}}
        with pytest.raises(AssertionError):
            _ahoi_scan([json.dumps(leak).encode()], result.seat)


# -- the protocol over real SSH: one reply per request, errors that keep the link --------------------


class _Raw:
    """A raw ``bot`` channel: lines written as given, every received line kept."""

    def __init__(self, conn, process) -> None:
        self.conn, self.process = conn, process
        self.lines: list[bytes] = []
        self.replies: asyncio.Queue[dict] = asyncio.Queue()
        self.updates: list[dict] = []
        self.task = asyncio.ensure_future(self._read())

    async def _read(self) -> None:
        while line := await self.process.stdout.readline():
            self.lines.append(line)
            raw = json.loads(line)
            if raw["@"] == "Reply":
                await self.replies.put(raw)
            elif raw["@"] == "TableUpdate":
                self.updates.append(raw)

    async def ask(self, data: bytes | dict) -> dict:
        self.process.stdin.write(data if isinstance(data, bytes) else json.dumps(data).encode() + b"\n")
        return await asyncio.wait_for(self.replies.get(), 30)

    async def close(self) -> None:
        self.conn.close()


async def _raw(port: int, key, user: str = "robo") -> _Raw:
    conn = await asyncssh.connect("127.0.0.1", port, username=user, client_keys=[key], known_hosts=None,
                                  agent_path=None, config=None, preferred_auth="publickey")
    return _Raw(conn, await conn.create_process("bot", encoding=None, request_pty=False))


async def test_a_keyless_login_gets_one_line_and_status_1(server):
    conn = await asyncssh.connect("127.0.0.1", server.port, username="robo", password="", known_hosts=None,
                                  client_keys=None, agent_path=None, config=None,
                                  preferred_auth="keyboard-interactive,password")
    try:
        result = await asyncio.wait_for(conn.run("bot", encoding=None, request_pty=False), 30)
    finally:
        conn.close()
    assert result.exit_status == 1 and result.stdout == b""
    assert result.stderr.count(b"\n") == 1 and b"the bot API needs an SSH key" in result.stderr


async def test_a_terminal_is_refused_with_one_line(server, client_key):
    conn = await asyncssh.connect("127.0.0.1", server.port, username="robo", client_keys=[client_key],
                                  known_hosts=None, agent_path=None, config=None, preferred_auth="publickey")
    try:
        result = await asyncio.wait_for(conn.run("bot", encoding=None, term_type="xterm"), 30)
    finally:
        conn.close()
    assert result.exit_status == 1 and b"ssh -T host bot" in (result.stdout + result.stderr)


MALFORMED = [
    (b"{not json\n", "bad_json"),
    (b"\xff\xfe{}\n", "bad_utf8"),
    (b"[1, 2]\n", "not_object"),
    (b'{"id": 5, "cmd": "fly"}\n', "unknown_command"),
    (b'{"id": 6, "cmd": "join", "table": 7}\n', "bad_field"),
    (b'{"id": 7, "cmd": "act", "table": "t1", "action": {"@": "Draw"}}\n', "bad_field"),
    (b'{"id": 8, "cmd": "chat", "channel": "lobby", "text": "hi", "loud": true}\n', "bad_field"),
    (b'{"id": [1], "cmd": "ping"}\n', "bad_id"),
    (b'{"id": "\\ud800", "cmd": "ping"}\n', "bad_id"),       # a lone surrogate: it cannot be sent back
    (b'{"id": 12, "cmd": "act", "table": "t999", "action": {"@": "Draw"}, "version": 1}\n', "refused"),
    (b'{"id": 9, "cmd": "act", "table": "t1", "action": {"@": "Nope"}, "version": 1}\n', "bad_field"),
    (b'{"id": 10, "cmd": "create", "config": {"seats": "four"}}\n', "bad_field"),
    (b'{"id": 11, "cmd": "join", "table": "t999"}\n', "refused"),
    (b'{"id": "x" , "cmd": "' + b"a" * (1 << 20) + b'"}\n', "too_long"),
]


async def test_every_malformed_line_gets_a_clear_error_and_the_link_goes_on(server, client_key):
    bot = await _raw(server.port, client_key)
    try:
        for data, code in MALFORMED:
            reply = await bot.ask(data)
            assert reply["ok"] is False and reply["error"]["code"] == code, (data[:60], reply)
            assert len(reply["error"]["message"]) > 10
            if code not in ("bad_json", "bad_utf8", "not_object", "bad_id", "too_long"):
                assert reply["id"] == json.loads(data)["id"]          # the client's id is echoed
        assert (await bot.ask({"id": "last", "cmd": "ping"})) == {"@": "Reply", "id": "last", "ok": True,
                                                                   "result": "pong", "error": None}
    finally:
        await bot.close()


async def test_a_line_in_many_pieces_and_two_lines_in_one_packet(server, client_key):
    bot = await _raw(server.port, client_key)
    try:
        bot.process.stdin.write(b'{"id": 1, "cm')
        await asyncio.sleep(0)
        assert (await bot.ask(b'd": "ping"}\n'))["result"] == "pong"
        bot.process.stdin.write(b'{"id": 2, "cmd": "ping"}\n{"id": 3, "cmd": "tables"}\n')
        first, second = await bot.replies.get(), await bot.replies.get()
        assert (first["id"], second["id"], second["result"]) == (2, 3, [])
    finally:
        await bot.close()


async def test_actions_per_second_and_tables_per_key_are_limited(server, client_key):
    bot = await _raw(server.port, client_key)
    try:
        config = {"game": "ahoy", "seats": 2, "options": {"limit": 20}}
        tables = [await bot.ask({"id": i, "cmd": "create", "config": config}) for i in range(3)]
        assert [t["ok"] for t in tables] == [True, True, False]
        assert tables[2]["error"]["code"] == "too_many_tables"
        act = {"cmd": "act", "table": tables[0]["result"], "action": {"@": "Draw"}, "version": 1}
        codes = [(await bot.ask({**act, "id": i}))["error"]["code"] for i in range(30)]
        assert "slow_down" in codes and codes[0] != "slow_down"
        assert (await bot.ask({"id": "p", "cmd": "ping"}))["ok"]
        left = await bot.ask({"id": "l", "cmd": "leave", "table": tables[0]["result"]})
        assert left["ok"]
        assert (await bot.ask({"id": "again", "cmd": "create", "config": config}))["ok"]  # room again
    finally:
        await bot.close()


async def test_a_stale_version_is_refused_as_for_people(tmp_path, client_key):
    server = await _server(tmp_path)
    bot = await _raw(server.port, client_key)
    try:
        tid = (await bot.ask({"id": 1, "cmd": "create", "config": {"game": "ahoy", "seats": 2, "clocks": "untimed",
                                                                    "options": {"limit": 20}}}))["result"]
        await bot.ask({"id": 2, "cmd": "add_bot", "table": tid})
        await bot.ask({"id": 3, "cmd": "ready", "table": tid})
        assert (await bot.ask({"id": 4, "cmd": "start", "table": tid}))["ok"]
        await wait_until(lambda: any(u["legal"] for u in bot.updates))
        u = next(u for u in bot.updates if u["legal"])
        act = {"cmd": "act", "table": tid, "action": u["legal"][0], "version": u["version"]}
        assert (await bot.ask({**act, "id": 5}))["ok"]
        again = await bot.ask({**act, "id": 6})                       # the same press twice
        assert again["ok"] is False and again["error"]["code"] == "stale"
        assert "moved on" in again["error"]["message"] or "no hand" in again["error"]["message"]
        ahead = await bot.ask({**act, "id": 7, "version": u["version"] + 1000})  # a version never sent
        assert ahead["ok"] is False and ahead["error"]["code"] == "not_legal"
        assert "no update has version" in ahead["error"]["message"]
    finally:
        await bot.close()
        await server.stop()


async def test_an_operator_bans_a_bot_key_like_any_key(tmp_path, client_key, other_key):
    """``ban key NAME`` ends the live bot session with the ban's line (a ``Notice``), and the key's
    next ``bot`` connection is refused at connect with that line (``server.ssh``)."""
    server = await start_server(tmp_path, Lobby(), operators=frozenset({client_key.get_fingerprint("sha256")}))
    try:
        bot = await _raw(server.port, other_key, "robo")
        assert (await bot.ask({"id": 1, "cmd": "ping"}))["ok"]
        op = await asyncssh.connect("127.0.0.1", server.port, username="anna", client_keys=[client_key],
                                    known_hosts=None, agent_path=None, config=None, preferred_auth="publickey")
        result = await op.run("ban key robo 2h scripted spam", request_pty=False)
        op.close()
        assert result.exit_status == 0 and "(1 session ended)" in result.stdout, result
        await asyncio.wait_for(bot.task, 30)                          # the channel closed
        last = json.loads(bot.lines[-1])
        assert last["@"] == "Notice" and last["text"].startswith("You are banned from this server until")
        line = await _refusal(server.port, key=other_key, user="robo2")
        assert line.startswith("You are banned from this server until ") and line.endswith(": scripted spam")
    finally:
        await server.stop()


async def test_the_reference_client_stops_waiting_when_the_server_goes_away(server, client_key):
    """Found by a fresh host (issue 27): ``examples/bot_client.py`` waited forever for the reply to an
    ``act`` when its worker was killed; a request in flight now fails with ``ConnectionError``."""
    conn, client = await bot_client.open_bot("127.0.0.1", server.port, client_key, "robo")
    try:
        assert (await client.request("ping"))["ok"]
        for c in list(server.connections):
            c.abort()                                              # as a worker killed with -9
        with pytest.raises(ConnectionError):
            await asyncio.wait_for(client.request("ping"), 30)     # raised at once, not the timeout
    finally:
        conn.close()


async def test_a_bot_sessions_address_is_told_to_the_lobby(server, other_key):
    """Found by a fresh operator (issue 27): ``ban addr robo`` from another worker said robo's worker had
    not told its address yet: the bot session never gave it to the lobby host (its wrong table codes
    did not count per address either)."""
    bot = await _raw(server.port, other_key, "robo")
    assert (await bot.ask({"id": 1, "cmd": "ping"}))["ok"]
    handles = [s.handle for s in server.sessions if s.api_bot]
    assert len(handles) == 1 and handles[0].address == "127.0.0.1"


async def test_a_newer_bot_connection_of_a_key_takes_over_and_keeps_the_seat(server, client_key):
    first = await _raw(server.port, client_key, "robo")
    tid = (await first.ask({"id": 1, "cmd": "create", "config": {"game": "ahoy", "seats": 3}}))["result"]
    second = await _raw(server.port, client_key, "robo")
    try:
        await asyncio.wait_for(first.task, 30)                      # the older channel closed
        last = json.loads(first.lines[-1])
        assert last["@"] == "Notice" and "newer bot API connection" in last["text"]
        assert (await second.ask({"id": 2, "cmd": "ready", "table": tid}))["ok"]  # its seat, still
        assert sum(isinstance(s, BotSession) for s in server.sessions) == 1
        assert server.tally.started["bot_api"] == 2 and server.tally.started["screen"] == 0
    finally:
        await first.close()
        await second.close()


async def test_bot_connections_count_in_the_session_limits(tmp_path, client_key, other_key):
    server = await start_server(tmp_path, Lobby(), max_sessions_per_address=1)
    try:
        first = await _raw(server.port, client_key, "robo")
        assert (await first.ask({"id": 1, "cmd": "ping"}))["ok"]
        conn = await asyncssh.connect("127.0.0.1", server.port, username="dee", client_keys=[other_key],
                                      known_hosts=None, agent_path=None, config=None, preferred_auth="publickey")
        result = await asyncio.wait_for(conn.run("bot", encoding=None, request_pty=False), 30)
        conn.close()
        assert result.exit_status == 1 and result.stderr.count(b"\n") == 1, result
        await first.close()
    finally:
        await server.stop()

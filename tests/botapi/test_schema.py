"""The published schema of the bot API (``schema/bot-api/*.json``) against the codec, both ways (issue 28).

The lock has no ``jsonschema``: ``tests.botapi.schema_lite`` validates the subset the files use.
What a bot author would notice if this broke: a line the server sends that the published
schema refuses (or the other way round), a request the schema allows that the server
refuses, or an example in docs/bot-api.md that does not work.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from ahoy_tui.botapi import schema as botschema
from ahoy_tui.botapi.protocol import ERROR_CODES, BadRequest, Reply, parse, reply_line
from ahoy_tui.lobby import LobbyChanged, codec
from tests.botapi.schema_lite import Invalid, validate
from tests.lobby.test_codec import whole_game

ROOT = Path(__file__).resolve().parents[2]
FILES = ROOT / "schema" / "bot-api"
SERVER = json.loads((FILES / "server-line.schema.json").read_text())
REQUEST = json.loads((FILES / "request.schema.json").read_text())


def test_the_published_files_are_the_generated_ones():
    for name, built in botschema.build().items():
        assert (FILES / name).read_text() == botschema.dumps(built), f"regenerate {name}: python -m ahoy_tui.botapi.schema"


@pytest.mark.slow
@pytest.mark.parametrize("seed,seats,bots", [(1, 2, 0), (3, 4, 2), (6, 8, 5)])
def test_every_message_of_whole_games_validates(seed, seats, bots):
    members, _, _ = whole_game(seed, seats, bots)
    kinds = set()
    for p in members:
        for msg in p.got:
            if isinstance(msg, LobbyChanged):   # not pushed to bots
                continue
            validate(json.loads(codec.encode(msg)), SERVER)
            kinds.add(type(msg).__name__)
    assert kinds == set(botschema.PUSHED)


def test_every_reply_validates():
    samples = [Reply(1, True, "pong"), Reply("a", True, None), Reply(None, True, 3), Reply(2, True, [])]
    samples += [Reply(7, False, None, {"code": code, "message": "why"}) for code in ERROR_CODES]
    samples.append(Reply(8, False, None, {"code": "rule", "message": "not allowed: ...", "rule": "R9"}))
    for reply in samples:
        validate(json.loads(reply_line(reply)), SERVER)


def test_the_schema_refuses_what_the_codec_would_refuse():
    line = json.loads(reply_line(Reply(1, True, "pong")))
    for broken in ({**line, "extra": 1}, {k: v for k, v in line.items() if k != "ok"}, {**line, "@": "Nope"},
                   {**line, "error": {"code": "oops", "message": "x"}}):
        with pytest.raises(Invalid):
            validate(broken, SERVER)
        with pytest.raises(codec.CodecError):
            if broken["@"] != "Reply" or set(broken) != set(line):
                codec.decode_value(json.dumps(broken).encode())
            else:
                raise codec.CodecError("the error object is checked by the schema only")


def _examples(kind: str) -> list[str]:
    text = (ROOT / "docs" / "bot-api.md").read_text()
    blocks = re.findall(rf"```json {kind}\n(.*?)```", text, re.S)
    return [line for block in blocks for line in block.splitlines() if line.strip()]


def test_the_docs_examples_validate_and_decode():
    requests, lines = _examples("request"), _examples("server")
    assert len(requests) >= 9 and len(lines) >= 10
    for line in requests:
        validate(json.loads(line), REQUEST)
        parse(line.encode())                                         # the server reads it
    for line in lines:
        validate(json.loads(line), SERVER)
        value = codec.decode_value(line.encode())
        assert type(value).__name__ in ("Reply", *botschema.PUSHED)


REQUESTS = [
    b'{"cmd": "ping"}', b'{"id": "x", "cmd": "tables"}', b'{"id": 3, "cmd": "create"}',
    b'{"id": 3, "cmd": "create", "config": {"game": "ahoi", "seats": 3, "options": {"memory_aid": true}}}',
    b'{"cmd": "join", "table": "t1", "code": "ABC123"}', b'{"cmd": "act", "table": "t1", "action": {"@": "Draw"}, "version": 4}',
    b'{"cmd": "ready", "table": "t1", "ready": false}', b'{"cmd": "chat", "channel": "lobby", "text": "hi"}',
    b'{"cmd": "fly"}', b'{"id": 1}', b'{"cmd": "join"}', b'{"cmd": "join", "table": 3}',
    b'{"cmd": "act", "table": "t1", "action": {"@": "Draw"}, "version": "4"}',
    b'{"cmd": "act", "table": "t1", "action": {"@": "Draw"}, "version": true}',
    b'{"cmd": "ping", "extra": 1}', b'{"id": [1], "cmd": "ping"}', b'{"id": true, "cmd": "ping"}',
    b'{"cmd": "ready", "table": "t1", "ready": 1}', b'{"id": "' + b"x" * 65 + b'", "cmd": "ping"}',
    b'{"id": null, "cmd": "ping"}', b'{"id": 9007199254740993, "cmd": "ping"}', b'{"id": 9007199254740992, "cmd": "ping"}',
    b'{"cmd": "act", "table": "t1", "action": {"@": "Draw"}, "version": 1.0}',
    b'{"cmd": "act", "table": "t1", "action": {"@": "Draw"}, "version": 1.5}',
]


@pytest.mark.parametrize("line", REQUESTS)
def test_the_request_schema_accepts_exactly_what_the_server_parses(line):
    try:
        parse(line)
        parsed = True
    except BadRequest:
        parsed = False
    try:
        validate(json.loads(line), REQUEST)
        valid = True
    except Invalid:
        valid = False
    assert parsed == valid, line

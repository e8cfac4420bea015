"""Messages cross a process boundary (issue 13): one codec, ``ahoy_tui.lobby.codec``.

What a player would notice if this broke: a session in another process
would see a different table than the lobby has (a tuple turned list, a
phase turned string, a lost event), would crash on a bad message instead of
refusing it, or would receive someone else's cards. So: every message
subscribers receive over seeded whole games (2..8 seats, bots, spectators,
a reconnect, chat, a kick) decodes equal, with the same types; bad input is
a ``CodecError`` and nothing else; and the bytes a seat receives name no card
of another seat's hand that the seat may not know (R18).
"""

from __future__ import annotations

import dataclasses
import functools
import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ahoy_tui.games.ahoy import cards as C
from ahoy_tui.games.ahoy.actions import Exchange
from ahoy_tui.games.kit.events import Event
from ahoy_tui.games.ahoy.state import Phase
from ahoy_tui.games.ahoy.wire import WIRE_TYPES
from ahoy_tui.lobby import (ChatHistory, ChatMessage, LobbyChanged, Notice, TableClosed, TableConfig, TableSummary,
                            TableUpdate, Timing, codec)
from ahoy_tui.lobby.codec import MAX_BYTES, CodecError, decode, decode_value, encode
from ahoy_tui.lobby.table import Table
from tests.lobby.helpers import Person, instrument, make_lobby

codec.register_game_types(WIRE_TYPES)

INSTANT = Timing.instant()


# -- same value, same types -------------------------------------------------------------------


def assert_same(a: Any, b: Any, path: str = "msg") -> None:
    """``a == b`` and every part has the same type (tuple stays tuple, enum stays enum...)."""
    assert type(a) is type(b), (path, type(a), type(b))
    if dataclasses.is_dataclass(a):
        for f in dataclasses.fields(a):
            assert_same(getattr(a, f.name), getattr(b, f.name), f"{path}.{f.name}")
    elif isinstance(a, (list, tuple)):
        assert len(a) == len(b), path
        for i, (x, y) in enumerate(zip(a, b)):
            assert_same(x, y, f"{path}[{i}]")
    elif isinstance(a, dict):
        assert list(a) == list(b), path
        for k in a:
            assert_same(a[k], b[k], f"{path}[{k!r}]")
    elif isinstance(a, frozenset):
        assert a == b, path
        assert sorted(map(repr, a)) == sorted(map(repr, b)), path
    else:
        assert a == b, path


def round_trip(msg: Any) -> bytes:
    data = encode(msg)
    back = decode(data) if type(msg) in codec.MESSAGE_TYPES else decode_value(data)
    assert back == msg
    assert_same(msg, back)
    return data


# -- the engine as it was when each update was published ---------------------------------------


@dataclasses.dataclass
class Moment:
    """One published version of a table: hands, public cards, events so far."""

    hand_no: int
    hands: list[list[int]]
    public: frozenset[int]
    n_events: int


@pytest.fixture
def moments(monkeypatch) -> dict[int, dict[int, Moment]]:
    """Per table (``id``), per version: the engine at that ``Table.publish``."""
    log: dict[int, dict[int, Moment]] = {}
    orig = Table.publish

    def publish(self, new_events, exclude=None):
        g = self.game
        if g is not None:
            s = g.state
            public = {C.identity(c) for c in s.discard} | set(s.ahoy_cards)
            for h in s.revealed or ():
                public |= set(h)
            log.setdefault(id(self), {})[self.version] = Moment(
                s.hand_no, [[C.identity(c) for c in h] for h in s.hands], frozenset(public), len(self.events))
        orig(self, new_events, exclude)
    monkeypatch.setattr(Table, "publish", publish)
    return log


CARD_KEYS = frozenset({"card", "cards", "gave", "got", "draw_pile"})
VIEW_CARD_FIELDS = frozenset({"hand", "laid_down", "locked", "discard", "ahoy_cards", "revealed"})


def _ints(x: Any, out: set[int]) -> None:
    if type(x) is int:
        out.add(x)
    elif isinstance(x, (list, tuple)):
        for v in x:
            _ints(v, out)
    elif isinstance(x, dict):
        for k, v in x.items():
            if k != "@":
                _ints(v, out)


def _event_cards(raw: Any, out: set[int]) -> None:
    """Ints under card keys anywhere in an event's ``data`` (raw JSON or the engine's)."""
    if isinstance(raw, (list, tuple)):
        for v in raw:
            _event_cards(v, out)
    elif isinstance(raw, dict):
        for k, v in raw.items():
            if k in CARD_KEYS:
                _ints(v, out)
            else:
                _event_cards(v, out)


def cards_named(data: bytes) -> set[int]:
    """Card identities the encoded ``TableUpdate`` names (read as raw JSON, without the codec).

    The view's card fields, the legal actions' cards, and the cards in the
    events of the current hand (a catch-up's earlier hands are other deals).
    """
    raw = json.loads(data)
    out: set[int] = set()
    view = raw["view"]
    if view is not None:
        for f in VIEW_CARD_FIELDS:
            _ints(view[f], out)
    for a in raw["legal"]:
        for k in ("card", "cards"):
            if k in a:
                _ints(a[k], out)
    events = raw["events"]
    starts = [i for i, e in enumerate(events) if e["kind"] == "hand_started"]
    for e in events[starts[-1] if starts else 0:]:
        _event_cards(e["data"], out)
    return out


class Knowledge:
    """What one member may know of the cards in the current hand (R18), from the engine."""

    def __init__(self) -> None:
        self.at: tuple[int, int | None] = (-1, None)
        """(hand number, seat) the sets below are about."""
        self.own: set[int] = set()
        self.told: set[int] = set()
        self.read = 0
        """``table.events`` read into ``told``."""

    def secret(self, u: TableUpdate, m: Moment, table: Table) -> set[int]:
        """Cards in other seats' hands that this member has not seen (held, shown or been told)."""
        seat = u.view.seat if u.view is not None else None
        if (m.hand_no, seat) != self.at or m.n_events < self.read:
            self.at, self.own, self.told = (m.hand_no, seat), set(), set()
            starts = [i for i, e in enumerate(table.events[:m.n_events]) if e.kind == "hand_started"]
            self.read = starts[-1] if starts else 0
        if seat is not None and seat < len(m.hands):
            self.own |= set(m.hands[seat])
        for e in table.events[self.read:m.n_events]:
            if e.visible_to(seat):
                _event_cards(e.data, self.told)
        self.read = m.n_events
        others = {c for i, h in enumerate(m.hands) if i != seat for c in h}
        return others - self.own - m.public - self.told


# -- whole games ---------------------------------------------------------------------------------


@pytest.fixture(autouse=True)
def _hands_logged(monkeypatch):
    """Every ``Person`` checks each update against the hands (``check_private``, R18)."""
    instrument(monkeypatch)


def whole_game(seed: int, seats: int, bots: int) -> tuple[list[Person], Any, Any]:
    """A seeded game to the end: ``seats - bots`` people (p0 hosts), a spectator, a kick before the
    start, chat (up to the rate limit's notice), a reconnect mid-game; the table is closed at the end."""
    lobby, clock = make_lobby(seed, INSTANT)
    rng = random.Random(seed)
    people = [Person(lobby, clock, f"user:p{i}", f"p{i}ñ", think=rng.choice([0.5, 1.0, 2.0]),
                     rng=random.Random(seed * 10 + i)).connect() for i in range(seats - bots)]
    host = people[0]
    watcher = Person(lobby, clock, "user:watch", "watch☠", think=None).connect()
    kicked = Person(lobby, clock, "user:kicked", "kicked", think=None).connect()
    tid = lobby.create_table(host.handle, config_for(seed, seats))
    code = lobby.tables[tid].code
    lobby.join(kicked.handle, tid, code)
    lobby.remove_seat(host.handle, tid, lobby.tables[tid].seat_of("user:kicked"))
    for p in people[1:]:
        lobby.join(p.handle, tid, code)
        lobby.set_ready(p.handle, tid, True)
    for _ in range(bots):
        lobby.add_bot(host.handle, tid, "baseline")
    lobby.spectate(watcher.handle, tid, code)
    for i in range(7):  # the sixth line within ten seconds is refused with a Notice
        lobby.chat(host.handle, tid if i % 2 else "lobby", f"ahoy {i} — \"@\" {{}} ☠")
    lobby.start(host.handle, tid)
    table = lobby.tables[tid]
    back = people[-1]
    for step in range(20_000):
        if table.status == "game_over":
            break
        if step == 40 and back is not host:
            back.disconnect()
        if step == 90 and back is not host:
            back.connect()
        clock.advance(0.5)
    assert table.status == "game_over", (seed, seats, bots)
    lobby.chat(watcher.handle, tid, "gg")
    lobby.close_table(tid, "the host closed the table")
    return people + [watcher, kicked], lobby, table


def config_for(seed: int, seats: int) -> TableConfig:
    """Each seed its own settings: clocks, house rules, private or not, reveal or not."""
    return TableConfig.make(name=f"Seed {seed}", seats=seats, limit=20, ace_low=seed % 2 == 0,
                       verified_step_in=seed % 3 == 0, clocks=("normal", "blitz", "relaxed")[seed % 3],
                       private=seed % 4 == 1, reveal=seed % 2 == 1)


GAMES = [(1, 2, 0), (2, 3, 1), (3, 4, 2), (4, 5, 1), (5, 6, 3), (6, 8, 5), (7, 7, 0), (8, 2, 1)]


@pytest.mark.parametrize("seed,seats,bots", GAMES)
def test_every_message_of_a_whole_game_round_trips_with_its_types(seed, seats, bots, moments):
    members, lobby, table = whole_game(seed, seats, bots)
    kinds: set[type] = set()
    biggest = 0
    for p in members:
        knows: Knowledge = Knowledge()
        for msg in p.got:
            data = round_trip(msg)
            kinds.add(type(msg))
            biggest = max(biggest, len(data))
            if isinstance(msg, TableUpdate):
                m = moments.get(id(table), {}).get(msg.version)
                if m is not None and msg.view is not None and msg.view.phase is not Phase.GAME_OVER:
                    leaked = cards_named(data) & knows.secret(msg, m, table)
                    assert not leaked, (p.name, msg.seat, msg.version, sorted(leaked))
    assert kinds == set(codec.MESSAGE_TYPES)
    assert biggest < MAX_BYTES // 4  # room to spare for long games (catch-ups carry the whole game)


def test_the_hidden_information_check_sees_a_leak(moments):
    """The check above can fail: a private ``received`` event shown to another seat is caught."""
    members, lobby, table = whole_game(3, 4, 2)
    received = next(e for e in table.events if e.kind in ("received", "dealt", "drew_card"))
    owner = min(received.to)
    p = next(p for p in members if p.handle is not None and any(
        isinstance(m, TableUpdate) and m.seat is not None and m.seat != owner and m.view is not None
        and m.view.phase is not Phase.GAME_OVER and m.version in moments[id(table)] for m in p.got))
    u = next(m for m in p.got if isinstance(m, TableUpdate) and m.seat is not None and m.seat != owner
             and m.view is not None and m.view.phase is not Phase.GAME_OVER and m.version in moments[id(table)])
    m = moments[id(table)][u.version]
    held = next(c for c in m.hands[owner] if c not in m.hands[u.view.seat] and c not in m.public)
    leak = dataclasses.replace(u, events=[Event("received", {"seat": owner, "card": held}, frozenset({owner}))])
    assert held in cards_named(encode(leak)) & Knowledge().secret(u, m, table)


def test_every_wire_type_of_the_game_round_trips():
    from ahoy_tui.games.ahoy.actions import (Ahoy, ChoosePartner, Discard, Draw, HandsUp, LayDown, Offer, Pass, Pick,
                                             Respond, StepIn)
    from ahoy_tui.games.ahoy.state import HandResult, Settings

    samples = [Draw(), Offer(12, 40), HandsUp(2), Respond(True), Respond(False), StepIn(), Pass(),
               ChoosePartner(3), Exchange(52), LayDown((7, 8, 9)), Pick(1), Discard(0), Ahoy((1, 14, 27, 40)),
               Settings(150, True, True, 3), Settings(), HandResult(4, None, (0, -5), (10, 7)), *Phase]
    assert {type(x) for x in samples} == set(WIRE_TYPES) - {Event, type(_sample_view())}
    for x in samples + [_sample_view()]:
        round_trip(x)
        inside = Notice("x", "info", "", (("v", x),))  # type: ignore[arg-type]  (nested in a message, too)
        assert_same(inside, decode(encode(inside)))


@functools.cache
def _sample_view():
    members, _, _ = whole_game(3, 4, 2)
    return next(m.view for m in members[0].got if isinstance(m, TableUpdate) and m.view is not None)


# -- generated values ----------------------------------------------------------------------------

_text = st.text(max_size=40)
_scalars = st.none() | st.booleans() | st.integers(-2**53, 2**53) | st.floats(allow_nan=False,
                                                                            allow_infinity=False) | _text
_values = st.recursive(
    _scalars | st.sampled_from(list(Phase)) | st.builds(Exchange, st.integers(0, 52)),
    lambda inner: (st.lists(inner, max_size=4) | st.tuples(inner, inner)
                   | st.frozensets(st.integers(0, 60) | _text, max_size=4)
                   | st.dictionaries(st.sampled_from(["@", "v", "card", "x", ""]) | _text, inner, max_size=4)),
    max_leaves=12)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(kind=_text, data=st.dictionaries(_text, _values, max_size=5),
       to=st.none() | st.frozensets(st.integers(0, 7)))
def test_any_event_round_trips(kind, data, to):
    round_trip(Event(kind, data, to))


@settings(max_examples=100, deadline=None)
@given(channel=_text, sender=_text, text=_text, at=st.floats(0, 2e9), system=st.booleans(),
       key=_text, args=st.lists(st.tuples(_text, _text), max_size=3).map(tuple))
def test_any_chat_line_and_notice_round_trip(channel, sender, text, at, system, key, args):
    line = ChatMessage(channel, sender, text, at, system, key, args)
    round_trip(line)
    round_trip(ChatHistory(channel, [line, line]))
    round_trip(Notice(text, "warning", key, args))
    round_trip(TableClosed(channel, text, key))


@settings(max_examples=60, deadline=None)
@given(names=st.lists(_text, max_size=5), version=st.integers(0, 2**40),
       summaries=st.lists(st.builds(TableSummary, _text, _text, st.integers(0, 8), st.integers(2, 8),
                                    st.sampled_from(["waiting", "playing"]), st.integers(20, 1000),
                                    st.booleans(), _text, version=st.integers(0, 2**31)), max_size=4))
def test_any_lobby_list_round_trips(names, version, summaries):
    round_trip(LobbyChanged(summaries, names, frozenset(names), version, version))


# -- bad input: CodecError, never anything else --------------------------------------------------


@functools.cache
def _sample() -> bytes:
    """One mid-game ``TableUpdate`` of a seated player, encoded."""
    members, _, _ = whole_game(3, 4, 2)
    return encode(next(m for m in members[0].got if isinstance(m, TableUpdate) and m.view is not None
                       and m.legal and m.events))


def test_truncated_input_is_a_codec_error():
    data = _sample()
    for cut in range(0, len(data), max(1, len(data) // 300)):
        with pytest.raises(CodecError):
            decode(data[:cut])


@pytest.mark.parametrize("data,says", [
    (b'{"@":"Nope","x":1}', "unknown tag 'Nope'"),
    (b'{"@":"TableClosed","table_id":"t1","reason":"r"}', "missing field 'key'"),
    (b'{"@":"TableClosed","table_id":"t1","reason":"r","key":"","extra":1}', "no field(s) extra"),
    (b'{"@":"Phase","v":"nowhere"}', "not a Phase"),
    (b'{"@":"tuple","v":3}', "must be an array"),
    (b'{"@":"frozenset","v":[[1]]}', "bad value"),
    (b'{"@":"dict","v":[[1,2]]}', "pairs"),
    (b'{"@":7}', "tag must be a string"),
    (b'{"@":"Settings","limit":5,"ace_low":false,"verified_step_in":false,"max_reshuffles":null}', "refused"),
    (b'{"@":"Draw"}', "expected a lobby message"),
    (b'[1,2]', "expected a lobby message"),
    (b'{"a":NaN}', "NaN"),
    (b'{"a":1e999}', "not finite"),
    (b'\xff\xfe{}', "not UTF-8"),
    (b'{"@":"TableClosed","table_id":"\xc3(","reason":"","key":""}', "not UTF-8"),
    (b'[' * 100_000 + b']' * 100_000, "nested too deeply"),
    (b'{"a":' + b'1' * 5000 + b'}', "bad value"),
    (b'', "not JSON"),
    (b'{"@":"TableClosed",', "not JSON"),
])
def test_bad_input_is_a_codec_error_that_says_what_is_wrong(data, says):
    with pytest.raises(CodecError) as info:
        decode(data)
    assert says in str(info.value)


@pytest.mark.parametrize("where", ["field", "list", "tuple", "dict value", "dict key", "tagged dict"])
def test_a_megabyte_string_is_refused_both_ways(where):
    mb = "x" * (1 << 20)
    value, wire = {"field": (mb, mb), "list": ([[mb]], [[mb]]), "tuple": ((mb,), {"@": "tuple", "v": [mb]}),
                   "dict value": ({"a": mb}, {"a": mb}), "dict key": ({mb: 1}, {mb: 1}),
                   "tagged dict": ({"@": 1, "b": [mb]}, {"@": "dict", "v": [["@", 1], ["b", [mb]]]})}[where]
    with pytest.raises(CodecError, match="exceeds"):
        encode(Notice(value))  # type: ignore[arg-type]
    raw = json.dumps({"@": "Notice", "text": wire, "level": "info", "key": "", "args": []}).encode()
    with pytest.raises(CodecError, match="exceeds"):
        decode(raw)


def test_input_longer_than_the_limit_is_refused_unread():
    with pytest.raises(CodecError, match="exceeds"):
        decode(b" " * (MAX_BYTES + 1))


def test_what_cannot_be_encoded_is_a_codec_error():
    class Unknown:
        pass

    for bad in (Notice(Unknown()), Notice({1: "x"}), Notice(float("nan")), Notice({"a": {2}}),  # type: ignore[arg-type]
                Notice("\ud800"), Unknown()):
        with pytest.raises(CodecError):
            encode(bad)


def test_registering_twice_is_harmless_and_a_clash_is_refused():
    codec.register(Exchange)
    codec.register_game_types(WIRE_TYPES)

    @dataclasses.dataclass(frozen=True)
    class Exchange2:
        card: int

    with pytest.raises(CodecError, match="already"):
        codec.register(Exchange2, "Exchange")
    with pytest.raises(CodecError, match="reserved"):
        codec.register(Exchange2, "tuple")
    with pytest.raises(CodecError, match="neither"):
        codec.register(int)


@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.data())
def test_damaged_bytes_are_a_codec_error_or_a_message(data):
    raw = bytearray(_sample())
    for _ in range(data.draw(st.integers(1, 4))):
        i = data.draw(st.integers(0, len(raw) - 1))
        raw[i] = data.draw(st.integers(0, 255))
    try:
        msg = decode(bytes(raw))
    except CodecError:
        return
    assert type(msg) in codec.MESSAGE_TYPES


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=200))
def test_random_bytes_are_a_codec_error_or_a_message(raw):
    try:
        msg = decode(raw)
    except CodecError:
        return
    assert type(msg) in codec.MESSAGE_TYPES

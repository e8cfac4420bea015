"""Ahoi at a lobby table: bots, clocks and the autopilot serve it through games.base (issue 18, AH14, AH16)."""

from __future__ import annotations

import json
import random

import pytest

from ahoy_tui.games.ahoi import cards as C
from ahoy_tui.games.ahoi.actions import FirstLook
from ahoy_tui.games.ahoi.state import AhoiPhase
from ahoy_tui.games.ahoi.events import AhoiEvent
from ahoy_tui.games.kit.records import dumps
from ahoy_tui.games.ahoi.replay import check, replay
from ahoy_tui.lobby import CLOCK_PROFILES, Notice, TableConfig, TableUpdate
from ahoy_tui.lobby.codec import encode

from .helpers import make_lobby, play_out


def _updates(got) -> list[TableUpdate]:
    return [m for m in got if isinstance(m, TableUpdate)]


def _objects(node, tag: str):
    """Every JSON object tagged ``tag`` (the codec's ``"@"``) inside ``node``."""
    if isinstance(node, dict):
        if node.get("@") == tag:
            yield node
        for value in node.values():
            yield from _objects(value, tag)
    elif isinstance(node, list):
        for value in node:
            yield from _objects(value, tag)


def _seats(node) -> set[int]:
    return set(node["v"]) if isinstance(node, dict) else set()


def scan_bytes(data: bytes, seat: int, table) -> int:
    """AH16 on the bytes of one update to ``seat``: every event in them is one it may see; its
    view names no drawn card but its own and lists no remembered value unless the aid is on; with
    ``table`` (the lobby's, at the moment of the update) the drawn card it names is the engine's.
    Returns how many events and views it checked."""
    doc = json.loads(data)
    checked = 0
    for e in _objects(doc, "AhoiEvent"):
        checked += 1
        to, hidden = e["to"], _seats(e["hidden_from"])
        assert seat not in hidden and (to is None or seat in _seats(to)), e
    for v in _objects(doc, "AhoiView"):
        checked += 1
        assert v["seat"] == seat
        assert v["known"] is None or v["memory_aid"]
        if v["held"] is not None:
            assert v["active"] == seat or v["held_from"] == "discard", v
            assert table is None or v["held"] == C.value(table.game.state.held)
    return checked


def test_the_byte_scan_sees_a_leaked_event():
    leak = AhoiEvent("drawn", {"seat": 1, "card": 12}, frozenset({1}))
    update = Notice("x", "info", "", (("v", leak),))  # type: ignore[arg-type]
    with pytest.raises(AssertionError):
        scan_bytes(encode(update), 0, None)
    assert scan_bytes(encode(update), 1, None) == 1


@pytest.mark.parametrize("memory_aid", [False, True])
def test_a_whole_ahoi_game_plays_to_the_end_with_a_person_and_three_bots(memory_aid):
    lobby, clock = make_lobby(seed=3)
    anna = lobby.connect("user:anna", "anna")
    got: list = []
    anna.subscribe(got.append)
    tid = lobby.create_table(anna, TableConfig.make("ahoi", name="Cove", seats=4, clocks="untimed",
                                                     memory_aid=memory_aid))
    table = lobby.tables[tid]
    assert table.config.options == (("memory_aid", memory_aid),)
    for kind in ("baseline", "random", "baseline"):
        lobby.add_bot(anna, tid, kind)
    lobby.start(anna, tid)
    assert lobby.table_summaries()[0].game == "ahoi"
    rng = random.Random(1)
    seen = scanned = 0
    for _ in range(200_000):
        if table.status == "game_over":
            break
        ups = _updates(got)
        for u in ups[seen:]:
            scanned += scan_bytes(encode(u), 0, table)
        seen = len(ups)
        u = ups[-1]
        if u.legal and u.version == table.version:
            lobby.act(anna, tid, rng.choice(u.legal), u.version)
        else:
            assert clock.step()
    assert table.status == "game_over" and table.game.over and scanned > 300
    totals = table.game.scores
    assert max(totals) >= 101 and table.game.places[totals.index(min(totals))] == 1
    record = lobby.record_for(anna, tid)
    assert record[0]["game"] == "ahoi" and record[0]["seed"] is None
    last_deal = [line for line in record if line.get("chance") == "deal"][-1]
    assert None in last_deal["deck"]  # undrawn cards stay hidden in anna's projection
    _names, summary = check(dumps(record))  # what `ahoy replay` runs on a player's record
    assert summary.projected and summary.game_over and tuple(summary.totals) == totals


def test_a_first_look_left_to_the_clock_looks_at_positions_1_and_2():
    lobby, clock = make_lobby(seed=5)
    anna = lobby.connect("user:anna", "anna")
    got: list = []
    anna.subscribe(got.append)
    tid = lobby.create_table(anna, TableConfig.make("ahoi", name="Cove", seats=2, clocks="blitz"))
    lobby.add_bot(anna, tid, "baseline")
    lobby.start(anna, tid)
    table = lobby.tables[tid]
    u = _updates(got)[-1]
    assert u.clock_seconds == CLOCK_PROFILES["blitz"]["turn"]
    assert FirstLook((1, 2)) in u.legal and table.game.awaiting() in ((0,), (0, 1))
    while table.game.state.phase is AhoiPhase.FIRST_LOOK:
        assert clock.step()
    first_looks = [line for line in table.game.record if line.get("act") == "first_look" and line["seat"] == 0]
    assert first_looks == [{"seat": 0, "act": "first_look", "positions": [1, 2]}]


def test_an_ahoi_table_whose_host_never_acts_is_played_to_the_end_by_the_clock_and_bots():
    lobby, clock = make_lobby(seed=9)
    host = lobby.connect("user:host", "host")
    tid = lobby.create_table(host, TableConfig.make("ahoi", name="Cove", seats=4, clocks="blitz"))
    for kind in ("baseline", "random", "random"):
        lobby.add_bot(host, tid, kind)
    lobby.start(host, tid)
    table = lobby.tables[tid]
    play_out(table, clock, step=1.0)
    assert table.game.over and len(table.game.state.results) >= 2
    assert table.seats[0].timeouts > 0  # the host's every decision was the clock's (AH14)
    assert table.game.record[-1]["result"] == "game"
    assert replay(table.game.record)[0].record == table.game.record


def _ahoi_state(table) -> dict:
    s = table.game.state
    return {"layouts": [list(x) for x in s.layouts], "draw": list(s.draw_pile), "discard": list(s.discard),
            "held": s.held, "totals": list(s.totals), "phase": s.phase, "looked": list(s.looked),
            "record": json.loads(json.dumps(table.game.record)), "status": table.status}


@pytest.mark.parametrize("steps", [0, 5, 40, 150])
def test_an_ahoi_table_is_rebuilt_exactly_after_a_restart_and_plays_on(steps):
    from tests.lobby.test_resume import restarted

    from ahoy_tui.store import MemoryStore

    store = MemoryStore()
    lobby, clock = make_lobby()
    lobby.store = store
    lobby.store.listen(lobby._durable_from_writer, lobby._failed_from_writer)
    anna = lobby.connect("user:anna", "anna")
    tid = lobby.create_table(anna, TableConfig.make("ahoi", name="Cove", seats=3, clocks="relaxed",
                                                     memory_aid=True))
    for kind in ("baseline", "random"):
        lobby.add_bot(anna, tid, kind)
    lobby.start(anna, tid)
    lobby.set_autopilot(anna, tid, True)
    for _ in range(steps):
        clock.advance(1.0)
    before = _ahoi_state(lobby.tables[tid])

    again, clock2 = restarted(store)
    assert again.resume() == []
    back = again.tables[tid]
    assert _ahoi_state(back) == before and back.config.option("memory_aid") is True
    anna2 = again.connect("user:anna", "anna")
    got: list = []
    anna2.subscribe(got.append)
    update = _updates(got)[-1]
    assert update.catch_up and update.seat == 0 and update.view.known is not None
    play_out(back, clock2, step=1.0, ticks=20_000)
    assert back.game.record[:len(before["record"])] == before["record"]


def test_an_ahoi_seat_whose_link_drops_waits_its_grace_and_the_returner_hears_her_own_moves():
    """AH14 with R17: anna's first look waits for her grace (20 s, under the 60 s turn clock); then
    the autopilot plays her seat; back, her catch-up's ``while_away`` holds her own public moves
    only, and its bytes pass the AH16 scan (no value, nothing another seat may not see)."""
    lobby, clock = make_lobby(seed=5)
    anna = lobby.connect("user:anna", "anna")
    anna.subscribe(lambda m: None)
    bo = lobby.connect("user:bo", "bo")
    bo_got: list = []
    bo.subscribe(bo_got.append)
    tid = lobby.create_table(anna, TableConfig.make("ahoi", name="Cove", seats=3, clocks="normal"))
    lobby.join(bo, tid)
    lobby.set_ready(bo, tid, True)
    lobby.add_bot(anna, tid, "baseline")
    lobby.start(anna, tid)
    table = lobby.tables[tid]
    assert 0 in table.game.awaiting()                    # anna's first look (AH4) is pending
    lobby.disconnect(anna)
    assert _updates(bo_got)[-1].table.seats[0].reconnecting == pytest.approx(20.0)
    clock.advance(19.9)
    assert 0 in table.game.awaiting() and not table.autopilot(0)
    clock.advance(0.2)
    assert 0 not in table.game.awaiting() or table.game.state.phase is not AhoiPhase.FIRST_LOOK
    assert table.autopilot(0)
    for _ in range(400):                                  # bo plays; the autopilot plays anna's turns
        if table.status != "playing":
            break
        if table.legal_now(1):
            lobby.act(bo, tid, table.legal_now(1)[0], table.version)
        elif not clock.step():
            break
    back = lobby.connect("user:anna", "anna")
    got: list = []
    back.subscribe(got.append)
    first = _updates(got)[0]
    assert first.catch_up and first.while_away
    assert all(e.data.get("seat") == 0 and e.to is None and e in first.events for e in first.while_away)
    assert {e.kind for e in first.while_away} >= {"first_look"}
    assert scan_bytes(encode(first), 0, table) > 0

"""Tables rebuilt from their logs after a restart (issue 14; ahoy_tui.lobby.journal, resume).

A second lobby on the same store stands for the restarted server: it must
hold every table exactly as the first left it — seats, hands, draw pile
order, discard pile, scores, record, chat — and play on to the end.
"""

from __future__ import annotations

import json

import pytest
from tests.lobby.helpers import FAST, conserved, make_lobby, play_out

from ahoy_tui.lobby import Lobby, ManualClock, TableConfig, TableUpdate
from ahoy_tui.store import MemoryStore, TableLog


def restarted(store, seed: int = 7) -> tuple[Lobby, ManualClock]:
    clock = ManualClock()
    lobby = Lobby(clock=clock, timing=FAST, seed=seed, wall=lambda: 0.0, store=store)
    return lobby, clock


def state_of(table) -> dict:
    """What must survive a restart, as plain data."""
    g = table.game
    s = g.state
    return {"hands": [list(h) for h in s.hands], "draw": list(s.draw_pile), "discard": list(s.discard),
            "totals": list(s.totals), "phase": s.phase.name, "record": json.loads(json.dumps(g.record)),
            "seats": [(x.kind, x.identity, x.name, x.bot_kind) for x in table.seats],
            "chat": [m for m in table.chat.recent() if not m.key.startswith(("resumed", "adopted"))],
            "host": table.host,
            "status": table.status, "config": table.config}


def playing_table(store, steps: int):
    lobby, clock = make_lobby()
    lobby.store = store
    lobby.store.listen(lobby._durable_from_writer, lobby._failed_from_writer)
    anna = lobby.connect("user:anna", "anna")
    tid = lobby.create_table(anna, TableConfig.make(name="Revenge", seats=4, limit=50, clocks="relaxed"))
    for kind in ("baseline", "random", "baseline"):
        lobby.add_bot(anna, tid, kind)
    lobby.chat(anna, tid, "arr")
    lobby.start(anna, tid)
    lobby.set_autopilot(anna, tid, True)
    table = lobby.tables[tid]
    for _ in range(steps):
        clock.advance(1.0)
    return lobby, clock, anna, tid, table


@pytest.mark.parametrize("steps", [0, 3, 17, 60, 140])
def test_a_restart_rebuilds_the_table_exactly_and_it_plays_on(steps):
    store = MemoryStore()
    lobby, clock, anna, tid, table = playing_table(store, steps)
    before = state_of(table)
    assert conserved(table)

    again, clock2 = restarted(store)
    assert again.resume() == []
    back = again.tables[tid]
    assert state_of(back) == before
    assert conserved(back)
    assert back.held and back.pilot.deadline is None         # nobody plays until someone returns
    if back.in_play:
        assert again.table_summaries()[0].status == "held"   # the lobby list says it waits for its players
        assert not any(s.autopilot for s in back.snapshot(False).seats)
    clock2.advance(30.0)
    assert json.loads(json.dumps(back.game.record)) == before["record"]

    anna2 = again.connect("user:anna", "anna")
    got: list = []
    anna2.subscribe(got.append)                                # the reconnect takes anna back to her seat (R17)
    assert not back.held
    update = [m for m in got if isinstance(m, TableUpdate)][-1]
    assert update.catch_up and update.seat == 0
    assert sorted(update.view.hand) == sorted(before["hands"][0])
    play_out(back, clock2, step=1.0, ticks=3000)
    assert back.game.record[:len(before["record"])] == before["record"]
    games = again.my_games(anna2)
    assert [g.game_id for g in games] == [back.game_id]


def test_a_new_table_id_never_reuses_a_restored_one():
    store = MemoryStore()
    lobby, clock, anna, tid, table = playing_table(store, 2)
    again, _ = restarted(store)
    again.resume()
    bo = again.connect("user:bo", "bo")
    assert again.create_table(bo, TableConfig.make(name="Other", seats=2)) != tid


def test_lobby_chat_comes_back():
    store = MemoryStore()
    lobby, _ = make_lobby()
    lobby.store = store
    anna = lobby.connect("user:anna", "anna")
    for i in range(3):
        lobby.chat(anna, "lobby", f"ahoy {i}")
    again, _ = restarted(store)
    again.resume()
    assert [m.text for m in again.chat_log.recent()] == ["ahoy 0", "ahoy 1", "ahoy 2"]


class Damaged(MemoryStore):
    """A store whose logs were damaged on disk."""

    def __init__(self, logs: list[TableLog]) -> None:
        super().__init__()
        self.logs = logs

    def open_tables(self) -> list[TableLog]:
        return self.logs


def test_a_log_with_a_refused_entry_is_restored_up_to_it_and_others_resume():
    store = MemoryStore()
    lobby, clock, anna, tid, table = playing_table(store, 40)
    logs = store.open_tables()
    entries = logs[0].entries
    acts = [i for i, e in enumerate(entries) if e["k"] == "act"]
    cut = acts[len(acts) // 2]
    bad = dict(entries[cut], seat=(entries[cut]["seat"] + 1) % 4)   # an action the engine refuses now
    good_tail = [e for e in entries[:cut]]
    damaged = Damaged([TableLog(tid, good_tail + [bad] + entries[cut + 1:]),
                       TableLog("t9", [{"k": "nonsense"}]),
                       TableLog("t8", entries[:acts[3]], damage="entry 12 is cut")])
    again, _ = restarted(damaged)
    problems = again.resume()
    assert len(problems) == 3
    assert any("t9" in p and "closed" in p for p in problems)
    back = again.tables[tid]
    assert len(back.game.record) > 1 and back.status in ("playing", "between_hands")
    assert "t9" not in again.tables
    assert again.tables["t8"].game is not None
    rewritten = {t.table_id: t.entries for t in MemoryStore.open_tables(damaged)}
    assert rewritten[tid][:len(good_tail)] == good_tail      # the log now ends at its last good entry,
    assert [e["msg"]["key"] for e in rewritten[tid][len(good_tail):]] == ["resumed_partly"]  # then says so
    assert any(f"table {tid} " in p and "restored up to entry" in p and "later entries dropped" in p
               for p in problems)


def test_a_rematch_starts_the_log_again_and_the_new_game_comes_back():
    store = MemoryStore()
    lobby, clock, anna, tid, table = playing_table(store, 0)
    play_out(table, clock, step=1.0)
    first = table.game_id
    lobby.rematch(anna, tid)
    assert table.status == "playing" and table.game_id != first
    for _ in range(20):
        clock.advance(1.0)
    entries = store.open_tables()[0].entries
    assert [e["k"] for e in entries].count("game") == 1 and entries[0]["k"] == "table"
    assert [e["msg"]["text"] for e in entries if e["k"] == "chat" and e["msg"]["text"]] == ["arr"]
    before = state_of(table)
    again, _ = restarted(store)
    assert again.resume() == []
    assert state_of(again.tables[tid]) == before
    assert [g.game_id for g in again.my_games(again.connect("user:anna", "anna"))] == [first]

"""One table moving between lobbies (issue 15): ``Handover.adopt`` takes a table over from its log
into a running lobby, ``Handover.let_go`` drops a table another worker owns now (also when the
store refuses its writes as ``LEASE_LOST``: the handover is the lobby's failover strategy), and
the ``table_ids`` strategy names new tables."""

from __future__ import annotations

import asyncio
from dataclasses import replace

import pytest
from tests.lobby.helpers import FAST, conserved, play_out
from tests.lobby.test_resume import playing_table, restarted, state_of

from ahoy_tui.cluster.handover import Handover
from ahoy_tui.lobby import Lobby, ManualClock, Refused, TableClosed, TableConfig, TableUpdate
from ahoy_tui.lobby.messages import ChatHistory, ChatMessage
from ahoy_tui.store import MemoryStore
from ahoy_tui.store.base import LEASE_LOST


def test_an_adopted_table_joins_a_running_lobby_as_it_was_and_plays_to_the_end():
    store = MemoryStore()
    lobby, clock, anna, tid, table = playing_table(store, 25)
    before = state_of(table)
    other, clock2 = restarted(MemoryStore())
    bob = other.connect("user:bob", "bob")
    own = other.create_table(bob, TableConfig.make(name="Bob's", seats=2, limit=50))
    log = next(t for t in store.open_tables() if t.table_id == tid)
    assert Handover(other).adopt(log) is None
    adopted = other.tables[tid]
    assert state_of(adopted) == before and conserved(adopted)
    assert [m.key for m in adopted.chat.recent()][-1] == "adopted"   # it moved; the server did not restart
    assert set(other.tables) == {own, tid}
    assert adopted.held                              # until a seated person is back (R17)
    seen = []
    other.connect("user:anna", "anna").subscribe(seen.append)
    assert any(isinstance(m, TableUpdate) and m.table.table_id == tid for m in seen)
    play_out(adopted, clock2)


def test_let_go_stops_the_table_tells_its_members_once_and_writes_nothing():
    store = MemoryStore()
    lobby, clock, anna, tid, table = playing_table(store, 10)
    seen = []
    anna.subscribe(seen.append)
    logged = len(store.open_tables()[0].entries)
    handover = Handover(lobby)
    handover.let_go(tid)
    assert tid not in lobby.tables and table.closed
    closed = [m for m in seen if isinstance(m, TableClosed)]
    assert [(m.table_id, m.key) for m in closed] == [(tid, "moved")]
    assert not any(isinstance(m, TableUpdate) for m in seen[seen.index(closed[0]):])
    for _ in range(20):
        clock.advance(1.0)                           # no clock or bot of that table runs here any more
    assert len(store.open_tables()[0].entries) == logged
    assert tid not in {s.table_id for s in lobby.table_summaries()}
    handover.let_go(tid)                             # twice, or an unknown table: nothing
    handover.let_go("nope")


def test_a_table_taken_back_after_its_store_was_away_keeps_the_lost_line_in_every_history():
    """The ``db_lost`` line could not be logged when it was sent; the full update a member gets
    when the table is taken back replaces their chat, and a session on another worker may have
    missed the line: the history itself says the database was lost (when), then that it is back."""
    store = MemoryStore()
    lobby, clock, anna, tid, table = playing_table(store, 10)
    seen = []
    anna.subscribe(seen.append)
    lobby.wall = lambda: 100.0
    handover = Handover(lobby)
    handover.let_go(tid, unreachable=True)
    assert [m.key for m in seen if isinstance(m, ChatMessage)] == ["db_lost"]
    lobby.wall = lambda: 160.0
    log = next(t for t in store.open_tables() if t.table_id == tid)
    assert handover.adopt(log, "regained") is None
    history = [m for m in seen if isinstance(m, ChatHistory)][-1].messages
    assert [(m.key, m.at) for m in history if m.system][-2:] == [("db_lost", 100.0), ("regained", 160.0)]
    again, _ = restarted(store)                      # and the log kept it: a restart shows it too
    again.resume()
    assert [m.key for m in again.tables[tid].chat.recent() if m.system][-3:] == ["db_lost", "regained", "resumed"]


class RefusingStore(MemoryStore):
    """Refuses one table's writes the way a fenced store does: ``on_error(table, LEASE_LOST)``."""

    def listen(self, on_durable, on_error) -> None:
        self.on_error = on_error

    def refuse(self, table_id: str) -> None:
        self.on_error(table_id, LEASE_LOST)


async def test_a_lease_lost_refusal_lets_that_table_go_and_pauses_no_other():
    store = RefusingStore()
    lobby, clock, anna, tid, table = playing_table(store, 5)
    lobby.failover = Handover(lobby)
    other_tid = lobby.create_table(lobby.connect("user:bob", "bob"), TableConfig.make(name="Bob's", seats=2))
    lobby.log(other_tid, {"k": "probe"})             # the lobby learns its loop here
    store.refuse(tid)
    await asyncio.sleep(0)
    assert tid not in lobby.tables
    assert other_tid in lobby.tables and not lobby.tables[other_tid].paused


class TwoIds:
    """``TableIds`` with one id, then the refusal of a worker whose leased ids ran out."""

    def __init__(self) -> None:
        self.ids = iter(["w7.t1"])

    def new_id(self) -> str:
        try:
            return next(self.ids)
        except StopIteration:
            raise Refused("the harbour is busy: try again in a moment") from None

    def restored(self, table_id: str) -> None:
        pass


def test_new_tables_take_their_ids_from_the_strategy_and_its_refusal_reaches_the_player():
    lobby, _ = restarted(MemoryStore())
    lobby.table_ids = TwoIds()
    anna = lobby.connect("user:anna", "anna")
    assert lobby.create_table(anna, TableConfig.make(name="One", seats=2)) == "w7.t1"
    with pytest.raises(Refused, match="busy"):
        lobby.create_table(anna, TableConfig.make(name="Two", seats=2))
    assert list(lobby.tables) == ["w7.t1"]


class LaggingStore(MemoryStore):
    """A store whose writes are acknowledged only when the test says so."""

    written = 0

    def listen(self, on_durable, on_error) -> None:
        self.on_error = on_error

    @property
    def durable(self) -> int:
        return self.written


def test_let_go_drops_what_was_waiting_for_the_refused_log_and_nothing_of_other_tables():
    store = LaggingStore()
    lobby, clock, anna, tid, table = playing_table(store, 5)
    bob = lobby.connect("user:bob", "bob")
    bobs = lobby.create_table(bob, TableConfig.make(name="Bob's", seats=2))
    seen_anna, seen_bob = [], []
    anna.subscribe(seen_anna.append)
    bob.subscribe(seen_bob.append)
    for _ in range(5):
        clock.advance(1.0)                           # anna's table plays; nothing is acknowledged
    lobby.chat(bob, bobs, "ahoy")
    Handover(lobby).let_go(tid)
    store.written = store._seq
    lobby._written()
    assert not any(isinstance(m, TableUpdate) and m.table.table_id == tid for m in seen_anna)
    assert [m.key for m in seen_anna if isinstance(m, TableClosed)] == ["moved"]
    assert any(getattr(m, "text", "") == "ahoy" for m in seen_bob)


def test_messages_of_a_refused_table_are_never_delivered_even_before_it_is_let_go():
    store = LaggingStore()
    lobby, clock, anna, tid, table = playing_table(store, 5)
    bob = lobby.connect("user:bob", "bob")
    bobs = lobby.create_table(bob, TableConfig.make(name="Bob's", seats=2))
    seen_anna = []
    anna.subscribe(seen_anna.append)
    for _ in range(5):
        clock.advance(1.0)
    store.on_error(tid, LEASE_LOST)                  # the writer thread: refused, then durable moves on
    store.written = store._seq
    lobby.chat(bob, bobs, "ahoy")                    # any batch delivers what is written
    assert not any(isinstance(m, TableUpdate) and m.table.table_id == tid for m in seen_anna)


def test_an_adopted_table_nobody_sits_at_keeps_the_deadline_its_last_person_left_it():
    """A waiting table of bots whose host left closes ``empty_grace`` after that, however often
    workers dying in turn adopt it (not ``resume_grace`` after each adoption)."""
    now = [1000.0]
    timing = replace(FAST, empty_grace=120.0, resume_grace=900.0)
    store = MemoryStore()
    first = Lobby(clock=ManualClock(), timing=timing, seed=1, wall=lambda: now[0], store=store)
    anna = first.connect("user:anna", "anna")
    tid = first.create_table(anna, TableConfig.make(name="Bots", seats=4))
    first.add_bot(anna, tid)
    first.add_bot(anna, tid)
    first.leave(anna, tid)                           # nobody sits here now: it closes at 1120
    log = next(t for t in store.open_tables() if t.table_id == tid)

    def adopted_at(wall: float) -> tuple[Lobby, ManualClock]:
        now[0] = wall
        clock = ManualClock()
        lobby = Lobby(clock=clock, timing=timing, seed=2, wall=lambda: now[0], store=MemoryStore())
        assert Handover(lobby).adopt(log) is None and tid in lobby.tables
        return lobby, clock

    second, clock = adopted_at(1060.0)
    clock.advance(59.0)
    assert tid in second.tables
    clock.advance(2.0)
    assert tid not in second.tables                  # closed at 1120, as where its host left it
    third, clock = adopted_at(1100.0)                # adopted again before that (its worker died)
    clock.advance(21.0)
    assert tid not in third.tables
    late, clock = adopted_at(5000.0)
    clock.advance(0.0)
    assert tid not in late.tables                    # long past: closes at once


def test_a_table_away_refuses_commands_and_who_left_it_is_not_taken_back():
    """The handover as the lobby's failover strategy: while a table let go for an unreachable
    store waits to be taken back, a command about it is refused as not done (try again), and a
    member who leaves it meanwhile is not attached again when it comes back; the others are."""
    store = MemoryStore()
    lobby, clock, anna, tid, table = playing_table(store, 10)
    handover = Handover(lobby)
    lobby.failover = handover
    bob = lobby.connect("user:bob", "bob")
    anna.subscribe(lambda m: None)
    bob.subscribe(lambda m: None)
    lobby.spectate(bob, tid)
    handover.let_go(tid, unreachable=True)
    with pytest.raises(Refused, match="lost touch with its database"):
        lobby.set_autopilot(anna, tid, True)
    lobby.leave(bob, tid)                            # no error: bob simply goes
    with pytest.raises(Refused, match="no such table"):
        lobby.leave(bob, "nope")
    assert handover.adopt(next(t for t in store.open_tables() if t.table_id == tid), "regained") is None
    assert anna in lobby.tables[tid].members and bob not in lobby.tables[tid].members

"""R17: a dropped link keeps the seat waiting for a grace before the autopilot decides for it.

ben, choosing the card he really gives in an exchange (R10), loses his link.
The exchange clock keeps running, capped at the table's grace (20 s): the
autopilot decides only when that runs out, so back within it he makes his
own move; away longer, the autopilot decides for him, and his later
decisions at once. anna sees his seat "reconnecting" with the grace left;
ben, back, is told what the autopilot did (the card it gave), from his own
events only (R18). ManualClock: no real waiting.
"""

from __future__ import annotations

import pytest

from ahoy_tui.games.ahoy.actions import Exchange
from ahoy_tui.games.ahoy.engine import awaiting
from ahoy_tui.games.ahoy.state import Phase
from ahoy_tui.lobby import TableUpdate, codec
from ahoy_tui.lobby.messages import TableConfig
from ahoy_tui.lobby.errors import LobbyError
from ahoy_tui.lobby.resume import rebuild
from ahoy_tui.lobby.table import Table
from ahoy_tui.store.base import TableLog
from ahoy_tui.ui.games.ahoy.narrate import Narrator
from ahoy_tui.ui.games.ahoy.cards import card_label
from tests.lobby.helpers import Person, conserved, instrument, make_lobby, table_with

ANNA, BEN = 0, 1
GRACE = 20.0          # the default (TableConfig.grace); the relaxed exchange clock is 40 s


@pytest.fixture(autouse=True)
def _hands(monkeypatch):
    instrument(monkeypatch)


def at_exchange(seed: int = 3, clocks_profile: str = "relaxed", **cfg):
    """anna and ben (people answering after 2 s) at a relaxed table, stopped where ben must choose
    his exchange card; ben's person stops answering. Returns lobby, clock, table, anna, ben."""
    lobby, clock = make_lobby(seed=seed)
    anna = Person(lobby, clock, "user:anna", "anna").connect()
    ben = Person(lobby, clock, "user:ben", "ben").connect()
    table = table_with(lobby, [anna, ben], limit=1000, clocks=clocks_profile, **cfg)
    for _ in range(20_000):
        s = table.game.state
        if s.hand_in_progress and s.phase is Phase.EXCHANGE and BEN in awaiting(s) and BEN not in s.locked:
            break
        assert clock.step()
        assert conserved(table)
    else:
        pytest.fail("no exchange for ben")
    ben.think = None
    return lobby, clock, table, anna, ben


def ben_locked(table: Table) -> bool:
    s = table.game.state
    return s.phase is not Phase.EXCHANGE or BEN in s.locked


def run(clock, table, seconds: float) -> None:
    """Let ``seconds`` of lobby time pass, timer by timer (R1 checked after each)."""
    end = clock.now() + seconds
    while (due := clock.next_due()) is not None and due <= end:
        clock.step()
        assert conserved(table)
    clock.advance(max(0.0, end - clock.now()))


def test_the_pending_decision_waits_for_the_grace_not_for_the_autopilot():
    lobby, clock, table, anna, ben = at_exchange()
    t_drop = clock.now()
    ben.disconnect()
    run(clock, table, GRACE - 0.1)
    assert not ben_locked(table)                      # before the fix: the autopilot chose within 1.5 s
    assert not table.autopilot(BEN) and table.grace.running(BEN)
    run(clock, table, 0.2)
    assert ben_locked(table)                          # the grace ran out: the autopilot chose
    assert table.autopilot(BEN) and not table.grace.running(BEN)
    assert clock.now() - t_drop < 40.0                # well before the exchange clock


def test_a_player_back_within_the_grace_makes_her_own_move():
    lobby, clock, table, anna, ben = at_exchange()
    ben.disconnect()
    run(clock, table, 12.0)
    back = Person(lobby, clock, "user:ben", "ben", think=None).connect()
    first = next(m for m in back.got if isinstance(m, TableUpdate))
    assert first.catch_up and first.seat == BEN
    assert any(isinstance(a, Exchange) for a in first.legal)
    run(clock, table, GRACE)                          # past where the grace would have ended
    assert not ben_locked(table) and not table.autopilot(BEN)
    u = back.updates()[-1]
    mine = next(a for a in u.legal if isinstance(a, Exchange))
    lobby.act(back.handle, table.table_id, mine, u.version)   # his own choice
    assert ben_locked(table)


def test_after_the_grace_the_autopilot_decides_later_decisions_at_once():
    lobby, clock, table, anna, ben = at_exchange()
    ben.disconnect()
    run(clock, table, GRACE + 0.1)
    assert ben_locked(table) and table.autopilot(BEN)
    # ben's later decisions: each taken within the bot delay (FAST: at most 1.5 s), not his clock
    seen = 0
    for _ in range(5_000):
        s = table.game.state
        if s.hand_in_progress and BEN in awaiting(s):
            key, since = (s.hand_no, s.phase, s.active), clock.now()
            while (s := table.game.state).hand_in_progress and BEN in awaiting(s) and (
                    s.hand_no, s.phase, s.active) == key:
                assert clock.step()
            assert clock.now() - since <= 1.5 + 1e-9, key
            seen += 1
            if seen >= 5:
                break
        else:
            assert clock.step()
    assert seen >= 5


def test_others_see_the_seat_reconnecting_with_the_grace_counting_down():
    lobby, clock, table, anna, ben = at_exchange()
    ben.disconnect()
    seat = anna.updates()[-1].table.seats[BEN]       # the update the disconnect itself sent
    assert not seat.connected and not seat.autopilot
    assert seat.reconnecting == pytest.approx(GRACE)
    run(clock, table, 5.0)
    anna.got.clear()
    run(clock, table, 2.5)                            # anna locks her card meanwhile, or a later update
    late = [u.table.seats[BEN].reconnecting for u in anna.updates()]
    assert all(r is None or r < GRACE - 5.0 for r in late)
    run(clock, table, GRACE)
    seat = anna.updates()[-1].table.seats[BEN]
    assert seat.reconnecting is None and seat.autopilot and not seat.connected


def test_the_returner_is_told_which_card_the_autopilot_gave_and_nothing_more():
    lobby, clock, table, anna, ben = at_exchange()
    hand_before = set(ben.updates()[-1].view.hand)
    ben.disconnect()
    run(clock, table, GRACE + 3.0)                    # the autopilot locks; anna locked already: swapped
    back = Person(lobby, clock, "user:ben", "ben", think=None).connect()
    first = next(m for m in back.got if isinstance(m, TableUpdate))
    report = first.while_away
    got = [e for e in report if e.kind == "received"]
    assert got, report
    gave = got[0].data["gave"]
    assert gave in hand_before and gave not in first.view.hand
    # R18: only ben's own events, each visible to him and already in his catch-up
    assert all(e.visible_to(BEN) and e in first.events for e in report)
    assert all(e.to == frozenset({BEN}) or e.data.get("seat") == BEN for e in report)
    # the bytes sent and the sentences shown name no card of anna's he has not seen
    seen = set(first.view.hand) | hand_before
    for e in first.events:
        seen |= {v for k, v in e.data.items() if k in ("card", "gave", "want", "give") and isinstance(v, int)}
        seen |= {c for k, v in e.data.items() if k == "cards" and isinstance(v, list) for c in v}
    secret = {c % 53 for c in table.game.state.hands[ANNA]} - seen
    sent = codec.encode(first)
    assert b'"while_away"' in sent
    names = [s.name for s in table.seats]
    for lang in ("en", "es", "de"):
        text = " ".join(Narrator(names, BEN, lang, False).sentence(e) or "" for e in report)
        assert card_label(gave, False) in text, (lang, text)
        for c in secret:
            assert card_label(c, False) not in text, (lang, c, text)


def test_a_player_who_leaves_on_purpose_gets_no_grace():
    lobby, clock, table, anna, ben = at_exchange()
    lobby.leave(ben.handle, table.table_id)
    assert table.autopilot(BEN) and not table.grace.running(BEN)
    assert anna.updates()[-1].table.seats[BEN].reconnecting is None


def test_grace_zero_hands_the_seat_to_the_autopilot_at_once():
    lobby, clock, table, anna, ben = at_exchange(grace=0)
    ben.disconnect()
    assert table.autopilot(BEN)
    run(clock, table, 2.0)
    assert ben_locked(table)


@pytest.mark.parametrize("grace", [-1, 100, 2.5, True, "20"])
def test_the_grace_setting_is_checked(grace):
    lobby, clock = make_lobby()
    anna = Person(lobby, clock, "user:anna", "anna").connect()
    with pytest.raises(LobbyError, match="grace"):
        lobby.create_table(anna.handle, TableConfig.make(name="x", seats=2, grace=grace))


def test_the_grace_is_not_in_the_log_and_a_restart_replays_the_autopilots_move():
    lobby, clock, table, anna, ben = at_exchange(grace=15)
    ben.disconnect()
    run(clock, table, 15.5)
    assert ben_locked(table)
    (log,) = [tl for tl in lobby.store.open_tables() if tl.table_id == table.table_id]
    assert all("grace" not in e or e.get("k") == "table" for e in log.entries)
    head = log.entries[0]["config"]
    assert head["grace"] == 15
    # an older log without the setting gets the default
    old = TableLog(table.table_id, [{**log.entries[0], "config": {k: v for k, v in head.items() if k != "grace"}},
                                    *log.entries[1:]])
    for lg, want in ((log, 15), (old, 20)):
        again, fresh_clock = make_lobby(seed=99)
        done = rebuild(again, lg, __import__("random").Random(1), Table)
        assert done.problem is None and done.table.config.grace == want
        assert done.table.game.record == table.game.record


def test_a_clock_shorter_than_the_grace_decides_and_does_not_count_against_the_dropped_player():
    """The pending decision keeps its own clock (blitz exchange: 8 s < 20 s grace); a timeout
    while her link is down is not hers (no step towards the autopilot for good)."""
    lobby, clock, table, anna, ben = at_exchange(clocks_profile="blitz")
    ben.disconnect()
    run(clock, table, 8.1)
    assert ben_locked(table) and table.grace.running(BEN)
    assert table.seats[BEN].timeouts == 0


def test_after_a_restart_the_absent_get_a_fresh_grace_when_play_resumes():
    lobby, clock, table, anna, ben = at_exchange()
    store = lobby.store
    again, clock2 = make_lobby(seed=99)
    again.store = store
    again.resume()
    (t2,) = again.tables.values()
    assert t2.held
    anna2 = Person(again, clock2, "user:anna", "anna", think=None).connect()   # anna is back: play resumes
    assert not t2.held and t2.grace.running(BEN) and not t2.autopilot(BEN)
    assert anna2.updates()[-1].table.seats[BEN].reconnecting == pytest.approx(GRACE)
    clock2.advance(GRACE + 0.1)
    assert t2.autopilot(BEN)

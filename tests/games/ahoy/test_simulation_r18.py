"""Random full games for 2–8 players, invariants after every action (STYLE.md 6).

After each action: every physical card is in exactly one zone; views match
the state; no view or projected event of a seat holds a card only another
seat may know (R18); every seat the hand waits for has a legal action; the
record replays to the same totals.
"""

from collections import Counter

from hypothesis import HealthCheck, given, settings, strategies as st

from ahoy_tui.games.ahoy import cards as C
from ahoy_tui.games.ahoy.bots import make_bot
from ahoy_tui.games.ahoy.engine import ahoy_actions, awaiting
from ahoy_tui.games.ahoy.game import Game
from ahoy_tui.games.ahoy.replay import check, project, replay
from ahoy_tui.games.ahoy.state import Phase, Settings
from ahoy_tui.games.kit.events import for_viewer
from ahoy_tui.games.kit.records import RecordError


def check_conservation(state):
    zones = [c for h in state.hands for c in h] + state.draw_pile + state.discard
    assert sorted(zones) == C.full_deck(state.players)
    for seat, card in state.locked.items():
        assert card in state.hands[seat]
    for card in state.laid_down:
        assert card in state.hands[state.target]


def check_views(game):
    s = game.state
    for seat in list(range(s.players)) + [None]:
        v = game.view(seat)
        assert v.hand_sizes == tuple(len(h) for h in s.hands)
        assert v.draw_size == len(s.draw_pile)
        assert v.discard == tuple(C.identity(c) for c in s.discard)
        if seat is None:
            assert v.hand == () and v.laid_down == () and v.locked is None
        else:
            assert v.hand == tuple(sorted(C.identity(c) for c in s.hands[seat]))
            assert v.laid_down == () or seat == s.target
            mine = s.locked.get(seat)
            assert v.locked == (None if mine is None else C.identity(mine))
        if s.hand_in_progress:
            assert v.revealed is None


def check_events(events, before, after):
    for e in events:
        if e.to is None:
            for key in ("card", "cards", "draw_pile"):
                if key in e.data and e.kind not in ("discarded", "ahoy"):
                    raise AssertionError(f"public event {e.kind} carries {key}")
            continue
        if e.kind == "reshuffle_order":
            assert e.to == frozenset()
            continue
        seat = e.data["seat"]
        assert e.to == frozenset({seat}), e
        held_after = Counter(C.identity(c) for c in after.hands[seat])
        held_before = Counter(C.identity(c) for c in before.hands[seat])
        cards = e.data.get("cards") or [e.data["card"]]
        pool = held_before if e.kind == "lost" else held_after if e.kind != "dealt" else held_after
        for card in cards:
            assert pool[card] > 0, (e, pool)


def run_game(players, seed, kinds, max_hands=2):
    game = Game([f"p{i}" for i in range(players)], Settings(limit=50, max_reshuffles=8), seed=seed)
    bots = [make_bot(kinds[i % len(kinds)], seed * 10 + i) for i in range(players)]
    hands = 0
    while not game.over and hands < max_hands:
        before = game.state
        events = game.deal()
        check_events(events, before, game.state)
        while game.state.hand_in_progress:
            s = game.state
            waiting = awaiting(s)
            for seat in waiting:
                assert game.legal(seat), (seat, s.phase)
            callers = [x for x in range(s.players) if ahoy_actions(s, x)]
            if callers and bots[callers[0]].name == "baseline":
                seat = callers[0]
                action = bots[seat].choose(game.view(seat), ahoy_actions(s, seat))
            else:
                seat = waiting[bots[0].rng.randrange(len(waiting))]
                action = bots[seat].choose(game.view(seat), game.legal(seat))
            events = game.act(seat, action)
            check_conservation(game.state)
            check_views(game)
            check_events(events, s, game.state)
        hands += 1
    _, summary = replay(game.record)
    assert summary.totals == game.state.totals
    return game


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(2, 8), seed=st.integers(0, 10**6),
       kinds=st.sampled_from([["baseline"], ["baseline", "random"], ["random", "baseline", "baseline"]]))
def test_random_games_keep_every_invariant(players, seed, kinds):
    run_game(players, seed, kinds)


def test_every_table_size_plays_a_whole_game():
    for players in range(2, 9):
        game = run_game(players, players, ["baseline"], max_hands=100)
        assert game.over and game.state.phase is Phase.GAME_OVER
        assert min(game.state.totals) == min(game.state.totals[w] for w in game.state.winners)


def test_projected_records_hide_what_the_seat_may_not_know():
    game = run_game(5, 11, ["baseline"], max_hands=1)
    s = game.state
    for seat in list(range(5)) + [None]:
        lines = project(game.record, seat)
        assert lines[0]["seed"] is None
        for line in lines:
            if line.get("chance") == "reshuffle":
                assert set(line["draw_pile"]) == {None}
            if line.get("chance") == "deal":
                assert all(c is None for c in line["deck"][25:])


def test_projection_mid_hand_hides_other_seats_cards():
    game = Game(["a", "b", "c"], Settings(limit=50), seed=4)
    bots = [make_bot("baseline", i) for i in range(3)]
    game.deal()
    exchanges = 0
    while game.state.hand_in_progress and exchanges < 3:
        seat = awaiting(game.state)[0]
        a = bots[seat].choose(game.view(seat), game.legal(seat))
        if a.KIND == "ahoy":
            break
        game.act(seat, a)
        exchanges += a.KIND == "exchange"
    first = game.record[1]["first_seat"]
    for seat in range(3):
        lines = project(game.record, seat)
        deal = lines[1]["deck"]
        own = [c for i, c in enumerate(deal[:15]) if (first + i) % 3 == seat]
        assert None not in own and all(c is None for i, c in enumerate(deal) if (first + i) % 3 != seat or i >= 15)
        for line in lines:
            if line.get("act") == "exchange" and line["seat"] != seat:
                assert line["card"] is None
            if line.get("act") == "exchange" and line["seat"] == seat:
                assert line["card"] is not None


def test_a_seats_projection_names_its_own_draws_and_nothing_hidden_of_others():
    """RECORDS.md "Projections": a seat's own ``draw`` lines carry the card the engine gave it
    (R6); other seats' draws carry none, and nothing else changes but the hidden arguments (R18).
    A whole 4-seat game with reshuffles; the engine's private ``drew_card`` events are the oracle."""
    game = Game([f"p{i}" for i in range(4)], Settings(limit=60, max_reshuffles=8), seed=21)
    bots = [make_bot("random", 30 + i) for i in range(4)]
    drawn: dict[int, tuple[int, int]] = {}  # record line -> (seat, identity drawn)
    while not game.over:
        game.deal()
        while game.state.hand_in_progress:
            seat = awaiting(game.state)[0]
            action = bots[seat].choose(game.view(seat), game.legal(seat))
            events = game.act(seat, action)
            got = [e.data["card"] for e in events if e.kind == "drew_card"]
            if got:
                drawn[len(game.record) - 1] = (seat, got[0])
    assert any(line.get("chance") == "reshuffle" for line in game.record)
    hidden = {"seed", "deck", "draw_pile", "card", "cards"}
    for seat in [0, 1, 2, 3, None]:
        lines = project(game.record, seat)
        own = 0
        for no, (full, mine) in enumerate(zip(game.record, lines)):
            assert {k: v for k, v in full.items() if k not in hidden} == \
                {k: v for k, v in mine.items() if k not in hidden}, no
            if full.get("act") != "draw":
                continue
            who, card = drawn.get(no, (full["seat"], None))
            if who == seat and card is not None:
                assert C.identity(C.parse(mine["card"])) == card
                own += 1
            else:
                assert "card" not in mine, (seat, no, mine)
        assert (own > 20) == (seat is not None)
        names, summary = check(lines)
        assert summary.projected and summary.totals == list(game.state.totals)
    at = next(no for no, (who, _) in drawn.items() if who == 0)  # the engine knows the deck: it checks
    named = [dict(line) for line in game.record]
    named[at]["card"] = C.name(drawn[at][1])
    assert check(named)[1].totals == list(game.state.totals)
    lying = [dict(line) for line in game.record]
    lying[at]["card"] = next(C.name(c) for c in C.full_deck(4) if C.identity(c) != drawn[at][1])
    try:
        check(lying)
    except RecordError as err:
        assert (err.line, err.rule) == (at + 1, "R6")
    else:
        raise AssertionError("a wrong drawn card passed")

"""Random whole Ahoi games for 2–6 players, invariants after every action (AH2, AH15, AH16).

After each action: the 52 cards are each in exactly one place; every layout
has 1..4 cards; views match the state; every memory-aid value is true and
was shown to its seat (the ids a seat was shown are tracked from the events
it may see); every seat the round waits for has a legal action; at the end
the record round-trips through JSON and replays to the same record, with
and without its deal lines' decks.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings, strategies as st

from ahoy_tui.games.ahoi import cards as C
from ahoy_tui.games.ahoi.bots import make_bot
from ahoy_tui.games.ahoi.game import AhoiGame
from ahoy_tui.games.ahoi.memory import Memory
from ahoy_tui.games.ahoi.replay import replay
from ahoy_tui.games.ahoi.rules import awaiting
from ahoy_tui.games.ahoi.state import AhoiPhase
from ahoy_tui.games.kit.records import dumps, loads


def check_conservation(state):
    cards = [c for layout in state.layouts for c in layout] + state.draw_pile + state.discard
    if state.held >= 0:
        cards.append(state.held)
    assert sorted(cards) == C.full_deck()
    assert all(1 <= len(layout) <= 4 for layout in state.layouts)


PUBLIC_CARD = ("deal", "take_discard", "discard", "lupe", "fernrohr", "tauschen", "round_end", "game_over")


def check_events(events) -> None:
    """Values travel only as AH16 allows: privately to the seat that sees them, AH8's shown cards
    to everyone but the placer, public card values only for cards face up."""
    for e in events:
        d = e.data
        if e.kind in ("drawn", "peek", "placed_card"):
            assert e.to == frozenset({d["seat"]}) and not e.hidden_from, e
        elif e.kind == "shown":
            assert e.to is None and e.hidden_from == frozenset({d["seat"]}), e
        else:
            assert e.to is None and not e.hidden_from, e
            assert "values" not in d, e
            if e.kind == "place":
                face_up = d["source"] == "discard" or d["matched"] is False
                assert d["card"] is None or face_up, e
            else:
                assert "card" not in d or e.kind in PUBLIC_CARD, e


def learn(shown: list[set[int]], state, events) -> None:
    """Add to ``shown[viewer]`` the physical ids each event showed that viewer (last slot: spectators)."""
    n = state.players
    for e in events:
        ids = _ids_shown(state, e)
        for viewer in range(n + 1):
            if e.visible_to(viewer if viewer < n else None):
                shown[viewer] |= ids


def _ids_shown(state, e) -> set[int]:
    d = e.data
    if e.kind in ("peek", "shown"):
        owner = d["owner"] if e.kind == "peek" else d["seat"]
        return {state.layouts[owner][p - 1] for p in d["positions"]}
    if e.kind in ("drawn", "take_discard"):
        return {state.held}
    if e.kind == "placed_card" or (e.kind == "place" and d["card"] is not None and d["position"]):
        return {state.layouts[d["seat"]][d["position"] - 1]}
    if e.kind == "round_end":
        return {c for layout in state.layouts for c in layout}
    return set()


def check_views(game, shown):
    s = game.state
    n = s.players
    for viewer in list(range(n)) + [None]:
        v = game.view(viewer)
        slot = n if viewer is None else viewer
        assert v.layout_sizes == tuple(len(x) for x in s.layouts)
        assert v.draw_size == len(s.draw_pile) and v.discard_size == len(s.discard)
        assert v.discard_top == (C.value(s.discard[-1]) if s.discard else None)
        assert all(e.visible_to(viewer) for e in v.recent)
        if v.held is not None:
            assert s.held in shown[slot] and v.held == C.value(s.held)
        if viewer is not None and viewer != s.active:
            assert v.held is None or s.phase is AhoiPhase.TAKEN
        assert (v.known is None) == (not s.memory_aid)
        for owner, row in enumerate(v.known or ()):
            assert len(row) == len(s.layouts[owner])
            for p, value in enumerate(row):
                if value is not None:
                    card = s.layouts[owner][p]
                    assert value == C.value(card), (viewer, owner, p + 1)
                    assert card in shown[slot], f"seat {viewer} knows a card it was never shown"
        if s.in_round:
            assert v.revealed is None


def play_checked(players: int, seed: int, memory_aid: bool, kinds: list[str]) -> AhoiGame:
    game = AhoiGame([f"s{i}" for i in range(players)], memory_aid, seed=seed)
    bots = [make_bot(kinds[i % len(kinds)], seed * 10 + i) for i in range(players)]
    shown: list[set[int]] = [set() for _ in range(players + 1)]
    for _ in range(20000):
        if game.over:
            break
        if not game.state.in_round:
            events = game.deal()
            shown = [set() for _ in range(players + 1)]
        else:
            waiting = awaiting(game.state)
            assert waiting and all(game.legal(w) for w in waiting)
            seat = waiting[-1] if seed % 2 else waiting[0]
            events = game.act(seat, bots[seat].choose(game.view(seat), game.legal(seat)))
        shown[players] |= {game.state.discard[-1]} if game.state.discard else set()
        for viewer in range(players):
            shown[viewer] |= {game.state.discard[-1]} if game.state.discard else set()
        check_events(events)
        learn(shown, game.state, events)
        check_conservation(game.state)
        check_views(game, shown)
    assert game.over
    return game


def check_record(game: AhoiGame) -> None:
    text = dumps(game.record)
    assert [obj for _, obj in loads(text)] == game.record
    again, summary = replay(text)
    assert again.record == game.record and summary.game_over and summary.totals == game.state.totals
    seedless = [{k: v for k, v in line.items() if k != "deck"} for line in game.record]
    assert replay(seedless)[0].record == game.record


def test_random_whole_games_for_every_seat_count_keep_the_invariants():
    for players in range(2, 7):
        for seed in range(3):
            game = play_checked(players, seed, memory_aid=seed != 1, kinds=["random", "baseline"])
            check_record(game)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(2, 6), seed=st.integers(0, 10**6), memory_aid=st.booleans(),
       kinds=st.lists(st.sampled_from(["random", "baseline"]), min_size=1, max_size=6))
def test_ah16_no_view_ever_holds_a_value_its_seat_was_not_shown(players, seed, memory_aid, kinds):
    check_record(play_checked(players, seed, memory_aid, kinds))


def test_ah15_the_bots_memory_from_recent_events_equals_the_memory_aid():
    """Fed only with each view's ``recent`` events, a seat's Memory is the memory aid's table."""
    rng = random.Random(4)
    game = AhoiGame(["a", "b", "c"], True, seed=4)
    memories = [Memory(s) for s in range(3)]
    while not game.over:
        if not game.state.in_round:
            game.deal()
            continue
        seat = awaiting(game.state)[0]
        view = game.view(seat)
        memories[seat].see_all(view.recent)
        assert memories[seat].snapshot() == view.known
        game.act(seat, rng.choice(game.legal(seat)))

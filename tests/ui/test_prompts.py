"""The focused prompt for every decision, from real engine states (ui/games/ahoy/prompts.py)."""

from __future__ import annotations

from ahoy_tui.games.ahoy import cards as C
from ahoy_tui.games.ahoy.actions import ChoosePartner, Draw, HandsUp, LayDown, Offer, Pick, Respond, StepIn
from ahoy_tui.games.ahoy.engine import apply, legal_actions, new_game, start_hand
from ahoy_tui.games.ahoy.view import view
from ahoy_tui.ui.games.ahoy import prompts

NAMES = ["anna", "bo", "cy", "di"]


def deal(hands: list[list[str]]):
    """A state whose seat i holds ``hands[i]`` (first seat 0); the rest is the draw pile."""
    n = len(hands)
    ids = [[C.parse(c) for c in h] for h in hands]
    used = {c for h in ids for c in h}
    rest = [c for c in C.full_deck(n) if c not in used]
    deck = [ids[i % n][i // n] for i in range(5 * n)] + rest
    state, _ = start_hand(new_game(n), deck, 0)
    return state


def prompt(state, seat, sub=None):
    return prompts.build(view(state, seat), legal_actions(state, seat), NAMES[:state.players], "en", sub=sub)


def keys(p):
    return [o.key for o in p.options]


def test_hands_up_flow_and_r13_note():
    s = deal([["JK", "2S", "3S", "4S", "5S"], ["9H", "10H", "JD", "QC", "KC"], ["2H", "3D", "4C", "6H", "7D"]])
    assert keys(prompt(s, 0)) == ["d"]
    s, _ = apply(s, 0, Draw())
    p = prompt(s, 0)
    assert keys(p) == ["o", "u"] and "waits until everyone has drawn once" in p.note
    assert keys(prompt(s, 0, sub="hands_up")) == ["1", "2", "escape"]
    assert "Waiting for anna" in prompt(s, 1).text
    s, _ = apply(s, 0, HandsUp(1))
    p = prompt(s, 1)
    assert p.hand_mode == "lay_down" and p.lay_k == 3
    hand = view(s, 1).hand
    action = prompts.hand_action(p, hand, None, [0, 1, 2], legal_actions(s, 1))
    assert isinstance(action, LayDown)
    assert prompts.hand_action(p, hand, None, [0, 1], legal_actions(s, 1)) is None
    s, _ = apply(s, 1, action)
    assert keys(prompt(s, 0)) == ["1", "2", "3"]
    s, _ = apply(s, 0, Pick(0))
    p = prompt(s, 0)
    assert p.hand_mode == "discard"
    assert prompts.hand_action(p, view(s, 0).hand, 0, [], legal_actions(s, 0)) is not None


def test_offer_respond_step_in_choose_and_exchange():
    s = deal([["2S", "3S", "4S", "9H", "KD"], ["5S", "6H", "7H", "8C", "9C"],
              ["10H", "JH", "QC", "KC", "AC"], ["2H", "3D", "4C", "6D", "7D"]])
    s, _ = apply(s, 0, Draw())
    s, _ = apply(s, 0, Offer(C.parse("5S"), C.parse("KD")))
    p = prompt(s, 1)
    assert keys(p) == ["y", "n"] and "I want your 5♠, I'll give you my K♦" in p.text
    s, _ = apply(s, 1, Respond(False))
    p = prompt(s, 2)
    assert keys(p) == ["i", "p"]
    s, _ = apply(s, 2, StepIn())
    s, _ = apply(s, 3, StepIn())
    p = prompt(s, 0)
    assert keys(p) == ["1", "2"] and [o.label for o in p.options] == ["cy", "di"]
    s, _ = apply(s, 0, ChoosePartner(3))
    assert prompt(s, 0).hand_mode == "exchange" and prompt(s, 3).hand_mode == "exchange"
    assert prompt(s, 1).hand_mode is None


def test_spectator_prompt_and_treasure_hint():
    s = deal([["2S", "3S", "4S", "9H", "KD"], ["5H", "6H", "7H", "8C", "9C"]])
    p = prompts.build(view(s, None), [], NAMES[:2], "es")
    assert "mirando" in p.text
    hand = view(s, 0).hand
    hint = prompts.treasure_hint(hand)
    assert {hand[i] for i in hint} == {C.parse("2S"), C.parse("3S"), C.parse("4S")}
    needed, give = prompts.offer_hint(hand)
    assert needed == (C.parse("5S"),) and give == C.parse("KD")


def test_the_star_marks_one_run_when_runs_tie_and_never_a_dead_one():
    """Docs/ui.md "The ★ under your cards": one best run, completable given the public discard pile."""
    hand = sorted(C.parse(c) for c in ("2S", "3S", "9H", "10H", "KD"))
    both = prompts.treasure_hint(hand)
    assert {hand[i] for i in both} == {C.parse("2S"), C.parse("3S")}  # a tie: the lowest run only
    # 4♠ and 5♠ can't both come any more: 2♠ 3♠ 4♠ 5♠ and A... are dead; 3♠..6♠ needs 4♠ too
    discard = (C.parse("4S"),)
    marked = {hand[i] for i in prompts.treasure_hint(hand, discard=discard)}
    assert marked == {C.parse("9H"), C.parse("10H")}
    needed, _ = prompts.offer_hint(hand, discard=discard)
    assert C.parse("4S") not in needed and set(needed) <= {C.parse(c) for c in ("7H", "8H", "JH", "QH")}
    # with two decks one 4♠ on the pile leaves the other copy in play
    pair = sorted(C.parse(c) for c in ("2S", "3S", "KD"))
    assert prompts.treasure_hint(pair, discard=discard) == frozenset()  # the only run is dead
    assert {pair[i] for i in prompts.treasure_hint(pair, discard=discard, copies=2)} == {C.parse("2S"), C.parse("3S")}

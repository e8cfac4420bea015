"""The hard bot (issue 17): legal, view-only (R18), AHOY! at once (R12), deterministic, strong."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter

import pytest

from ahoy_tui.games.ahoy import cards as C
from ahoy_tui.games.ahoy.actions import Ahoy, Discard, Exchange, HandsUp, Offer, Pass, StepIn
from ahoy_tui.games.ahoy.bots import BOT_KINDS, make_bot
from ahoy_tui.games.ahoy.bots.hard import HardBot
from ahoy_tui.games.ahoy.bots.hard_memory import HandMemory, unseen_pool
from ahoy_tui.games.ahoy.bots.hard_search import run_index
from ahoy_tui.games.ahoy.bots.hard_tuning import DEFAULT, HardTuning
from ahoy_tui.games.ahoy.engine import ALL_OFFERS, ahoy_actions, awaiting
from ahoy_tui.games.ahoy.game import Game
from ahoy_tui.games.ahoy.state import Phase, Settings
from ahoy_tui.games.ahoy.view import PlayerView
from ahoy_tui.games.kit.bots import RandomBot

FIELDS = frozenset(f.name for f in dataclasses.fields(PlayerView))


class StrictView:
    """A PlayerView stand-in: any attribute that is not a public PlayerView field raises (R18)."""

    def __init__(self, view: PlayerView) -> None:
        object.__setattr__(self, "_view", view)

    def __getattribute__(self, name: str):
        if name not in FIELDS:
            raise AssertionError(f"the bot read {name!r}, which a PlayerView does not have")
        return getattr(object.__getattribute__(self, "_view"), name)

    def __setattr__(self, name: str, value) -> None:
        raise AssertionError(f"the bot wrote {name!r} on its view")


def play(game: Game, bots, hands: int, strict: bool = False, check_legal: bool = True) -> list:
    """Play ``hands`` hands (or to game over); returns the winners. Every choice is checked legal."""
    winners = []
    for _ in range(hands):
        if game.over:
            break
        game.deal()
        hand_no = game.state.hand_no
        while game.state.hand_in_progress and game.state.hand_no == hand_no:
            s = game.state
            caller = next((x for x in range(s.players) if ahoy_actions(s, x)), None)
            seat = caller if caller is not None else awaiting(s)[0]
            legal = ahoy_actions(s, seat) if caller is not None else game.legal(seat)
            view = game.view(seat)
            before = dataclasses.replace(view)
            action = bots[seat].choose(StrictView(view) if strict else view, legal)
            assert view == before
            if check_legal:
                assert action in legal, (action, s.phase)
            game.act(seat, action)
        winners.append(game.state.results[-1].winner)
    return winners


def hard(seed: int) -> HardBot:
    return HardBot(random.Random(seed), worlds=8, horizon=8, budget=None)


def test_hard_is_a_bot_kind_and_the_autopilot_stays_baseline():
    assert "hard" in BOT_KINDS and BOT_KINDS[0] == "baseline"
    assert make_bot("hard", 1).name == "hard"


@pytest.mark.parametrize("players,settings", [
    (2, Settings(limit=50, max_reshuffles=5)),
    (4, Settings(limit=50, max_reshuffles=5, verified_step_in=True)),
    (6, Settings(limit=50, max_reshuffles=5, ace_low=True)),
])
def test_hard_always_chooses_a_legal_action_and_reads_only_its_view(players, settings):
    game = Game([f"p{i}" for i in range(players)], settings, seed=players)
    bots = [hard(i) if i % 2 == 0 else make_bot("baseline", i) for i in range(players)]
    winners = play(game, bots, hands=3, strict=True)
    assert winners


def test_hard_calls_ahoy_at_once():
    game = Game(["a", "b", "c", "d"], Settings(), seed=3)
    game.deal()
    v = game.view(0)
    run = (0, 4, 8, 12)  # 2♠ 3♠ 4♠ 5♠ (R2)
    v = dataclasses.replace(v, hand=tuple(sorted(run + (51,))))
    legal = [Ahoy(run), Discard(0), Discard(4), Discard(51)]
    assert hard(1).choose(StrictView(v), legal) == Ahoy(run)


def test_hard_is_deterministic_for_a_seed():
    def run():
        game = Game(["a", "b", "c", "d"], Settings(limit=50, max_reshuffles=5), seed=11)
        bots = [hard(1), make_bot("baseline", 2), hard(3), make_bot("baseline", 4)]
        play(game, bots, hands=3)
        return game.record
    assert run() == run()


def test_hard_clearly_beats_random():
    game = Game(["h", "r1", "r2", "r3"], Settings(limit=1000, max_reshuffles=10), seed=2026)
    bots = [hard(7)] + [RandomBot(random.Random(i)) for i in range(3)]
    winners = play(game, bots, hands=20)
    # Seeded: the hard seat wins most of 20 hands; its fair share is 5.
    assert winners.count(0) >= 12, winners


def test_unseen_pool_leaves_out_own_hand_discards_and_cards_given_away():
    game = Game(["a", "b", "c", "d"], Settings(), seed=5)
    game.deal()
    v = dataclasses.replace(game.view(0), discard=(51,))
    mem = HandMemory()
    mem.update(v)
    mem.out[2][50] += 1
    pool = unseen_pool(v, mem)
    assert len(pool) == 53 - 5 - 1 - 1
    assert not set(pool) & (set(v.hand) | {50, 51})


def test_hard_modules_import_nothing_that_holds_game_state():
    """R18: the hard bot's modules reach the engine only for cards, actions, treasures,
    the PlayerView type and the list of offers; never State, Game or the lobby."""
    import ast
    from pathlib import Path

    allowed = {"ahoy_tui.games.ahoy.cards", "ahoy_tui.games.ahoy.actions", "ahoy_tui.games.ahoy.treasure",
               "ahoy_tui.games.ahoy.view", "ahoy_tui.games.ahoy.bots.hard_memory",
               "ahoy_tui.games.ahoy.bots.hard_search", "ahoy_tui.games.ahoy.bots.base",
               "ahoy_tui.games.ahoy.bots.hard_tuning", "ahoy_tui.games.ahoy.bots.hard_model"}
    root = Path(__file__).resolve().parents[4] / "ahoy_tui" / "games" / "ahoy" / "bots"
    for name in ("hard.py", "hard_memory.py", "hard_model.py", "hard_search.py", "hard_tuning.py"):
        for node in ast.walk(ast.parse((root / name).read_text())):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("ahoy_tui"):
                if node.module == "ahoy_tui.games.ahoy":
                    assert [a.name for a in node.names] == ["cards"], name
                elif node.module == "ahoy_tui.games.ahoy.engine":
                    assert [a.name for a in node.names] == ["ALL_OFFERS"], name
                elif node.module == "ahoy_tui.games.ahoy.view":
                    assert [a.name for a in node.names] == ["PlayerView"], name
                else:
                    assert node.module in allowed, (name, node.module)


def test_hard_keeps_the_three_cards_the_offered_card_completes():
    """R8, R10: seat 1 offers 5♠ to the hard seat; holding 2♠ 3♠ 4♠ and 9♥ 10♥ J♥ it hands
    over a heart, so that the 5♠ it is told it gets makes a treasure (R2)."""
    game = Game(["a", "b", "c", "d"], Settings(), seed=5)
    game.deal()
    spades = tuple(C.parse(n) for n in ("2S", "3S", "4S"))
    hearts = tuple(C.parse(n) for n in ("9H", "10H", "JH"))
    hand = tuple(sorted(spades + hearts))
    v = dataclasses.replace(game.view(0), phase=Phase.EXCHANGE, active=1, partner=0, hand=hand, discard=(),
                            offer=(1, 0, C.parse("KD"), C.parse("5S")), hand_sizes=(6, 5, 5, 5))
    card = hard(1).choose(StrictView(v), [Exchange(i) for i in hand]).card
    assert card in hearts, C.name(card)


def test_tuning_names_its_fields_and_plays_through_the_bot():
    assert DEFAULT == HardTuning() and DEFAULT.with_(gamma=0.9).gamma == 0.9
    with pytest.raises(ValueError, match="gama"):
        DEFAULT.with_(gama=0.9)
    bot = HardBot(random.Random(1), tuning=DEFAULT.with_(worlds=5, horizon=3))
    assert (bot.n_worlds, bot.horizon) == (5, 3)


def _hand_over_after_step_in(tuning: HardTuning) -> int:
    """Seat 1 stepped in for 7♣ (R9): it collects a treasure with 7♣. Later the hard seat 0 steps
    in on seat 1's offer and trades with it (R10) holding 3♠ 4♠ 5♠ and two sevens; returns the card
    it hands over."""
    game = Game(["a", "b", "c", "d"], Settings(), seed=5)
    game.deal()
    bot = HardBot(random.Random(1), worlds=32, horizon=8, budget=None, tuning=tuning)
    base = game.view(0)
    hand = tuple(sorted(C.parse(n) for n in ("3S", "4S", "5S", "7H", "7C")))
    asked = dataclasses.replace(base, phase=Phase.STEP_IN, active=2, hand=hand, discard=(),
                                offer=(2, 3, C.parse("KD"), C.parse("7C")),
                                step_answers=(None, True, None, None), hand_sizes=(5, 5, 6, 5))
    bot.choose(StrictView(asked), [StepIn(), Pass()])
    trade = dataclasses.replace(base, phase=Phase.EXCHANGE, active=1, partner=0, hand=hand, discard=(),
                                offer=(1, 2, C.parse("QD"), C.parse("KH")), step_answers=(True, None, None, False),
                                hand_sizes=(5, 6, 5, 5))
    return bot.choose(StrictView(trade), [Exchange(i) for i in hand]).card


def test_hard_does_not_hand_over_the_card_a_seat_stepped_in_for():
    """R9, R10, R18: a step-in is public; the hard bot remembers that seat 1 stepped in for 7♣
    and hands it the other seven, which nobody asked for."""
    assert _hand_over_after_step_in(DEFAULT) == C.parse("7H")


def test_memory_reads_who_discarded_what_and_who_stepped_in():
    """R5, R9, R11, R18: from two of its own views the hard seat 0 learns that seat 3 discarded 9♦
    and seat 1 K♣ (the pile's top card is the previous seat's, a HANDS UP! Joker is no turn), that
    seat 2 stepped in for 7♣ and seat 1 passed on it; the treasures with 7♣ become seat 2's likely
    ones, and 9♦ is a card seat 3 does not collect."""
    from ahoy_tui.games.ahoy.bots.hard_model import danger, run_weights
    from ahoy_tui.games.ahoy.bots.hard_search import run_index

    game = Game(["a", "b", "c", "d"], Settings(), seed=5)
    game.deal()
    base = game.view(0)
    mem = HandMemory()
    mem.update(dataclasses.replace(base, phase=Phase.DRAW, active=1, discard=(C.parse("2H"),)))  # its own
    pile = tuple(C.parse(n) for n in ("2H", "KC", "JK", "QD", "9D"))  # seats 1, 2 (HANDS UP! + QD), 3
    v = dataclasses.replace(base, phase=Phase.STEP_IN, active=0, discard=pile, hand_sizes=(5, 5, 6, 4),
                            offer=(3, 0, C.parse("5D"), C.parse("7C")), step_answers=(None, False, True, None))
    mem.update(v)
    assert (C.parse("9D"), "discard") in mem.junk[3] and (C.parse("QD"), "discard") in mem.junk[2]
    assert (C.parse("KC"), "discard") in mem.junk[1]
    assert (C.parse("7C"), "step_in") in mem.needs[2] and (C.parse("7C"), "pass") in mem.junk[1]
    assert not any(i == C.parse("2H") for i, _ in mem.junk[3])
    idx = run_index(False)
    w2 = run_weights(v, mem, idx, 2)
    assert danger(C.parse("7C"), w2, idx, Counter()) > 0.9 > 0.1 > danger(C.parse("7H"), w2, idx, Counter())
    w3 = run_weights(v, mem, idx, 3)
    assert danger(C.parse("9D"), w3, idx, Counter()) < danger(C.parse("9S"), w3, idx, Counter())


def test_memory_reads_the_discard_left_by_a_reshuffle_once():
    """R6, R11: the hard seat 0 sees seat 3's K♣ on top of the pile, then its own draw finds the
    draw pile empty: the pile is reshuffled and K♣ stays on it. K♣ is one discard of seat 3, not
    two (it would weigh seat 3's treasures with K♣ down twice)."""
    game = Game(["a", "b", "c", "d"], Settings(), seed=5)
    game.deal()
    base = game.view(0)
    mem = HandMemory()
    kc = C.parse("KC")
    mem.update(dataclasses.replace(base, phase=Phase.DRAW, active=0, discard=(C.parse("2H"), kc), draw_size=0))
    mem.update(dataclasses.replace(base, phase=Phase.ACTION, active=0, discard=(kc,), draw_size=45, reshuffles=1))
    assert mem.junk[3].count((kc, "discard")) == 1
    assert (C.parse("2H"), "discard") in mem.junk[2]


def test_hard_says_it_gives_the_card_the_addressed_seat_stepped_in_for():
    """R8, R9: seat 1, the seat the hard seat 0 offers to, asked for 5♠ once, then stepped in for
    9♥ on another offer (a step-in: it misses 9♥ now). The hard seat says it gives 9♥ (a card it
    does not hold), so that seat 1 accepts and trades; its old answer, seat 1's last claim, was 5♠."""
    game = Game(["a", "b", "c", "d"], Settings(), seed=5)
    game.deal()
    base = game.view(0)
    hand = tuple(sorted(C.parse(n) for n in ("2C", "3C", "4C", "8D", "KD", "QS")))
    bot = HardBot(random.Random(1), worlds=8, horizon=8, budget=None)
    asked = dataclasses.replace(base, phase=Phase.STEP_IN, active=1, hand=hand[:5], discard=(),
                                offer=(1, 2, C.parse("5S"), C.parse("10D")),
                                step_answers=(None, None, None, None), hand_sizes=(5, 6, 5, 5), draw_size=30)
    bot.choose(StrictView(asked), [StepIn(), Pass()])
    stepped = dataclasses.replace(base, phase=Phase.STEP_IN, active=3, hand=hand[:5], discard=(),
                                  offer=(3, 0, C.parse("7C"), C.parse("9H")),
                                  step_answers=(None, True, None, None), hand_sizes=(5, 5, 5, 6), draw_size=28)
    bot.choose(StrictView(stepped), [StepIn(), Pass()])
    turn = dataclasses.replace(base, phase=Phase.ACTION, active=0, hand=hand, discard=(), offer=None,
                               step_answers=(None, None, None, None), hand_sizes=(6, 5, 5, 5), draw_size=27)
    offers = [Offer(w, g) for w in range(C.IDENTITIES) for g in range(C.IDENTITIES)]
    give = bot.choose(StrictView(turn), offers).give
    assert give == C.parse("9H"), C.name(give)
    old = HardBot(random.Random(1), worlds=8, horizon=8, budget=None, tuning=DEFAULT.with_(give_model=False))
    for v in (asked, stepped):
        old.choose(StrictView(v), [StepIn(), Pass()])
    give = old.choose(StrictView(turn), offers).give
    assert give == C.parse("5S"), C.name(give)


def _stepped_in_for_9h(bot: HardBot, base: PlayerView, hand: tuple[int, ...]) -> None:
    """The hard seat 0 sees seat 3's offer (give 9♥) declined by itself and seat 1 step in for 9♥
    (R9): seat 1 likely collects a treasure with 9♥."""
    stepped = dataclasses.replace(base, phase=Phase.STEP_IN, active=3, hand=hand[:5], discard=(),
                                  offer=(3, 0, C.parse("7C"), C.parse("9H")),
                                  step_answers=(None, True, None, None), hand_sizes=(5, 5, 5, 6), draw_size=28)
    bot.choose(StrictView(stepped), [StepIn(), Pass()])


def _discard_after_step_in(tuning: HardTuning) -> int:
    game = Game(["a", "b", "c", "d"], Settings(), seed=5)
    game.deal()
    base = game.view(0)
    hand = tuple(sorted(C.parse(n) for n in ("2C", "3C", "4C", "9H", "KD", "QS")))
    bot = HardBot(random.Random(1), worlds=16, horizon=8, budget=None, tuning=tuning)
    _stepped_in_for_9h(bot, base, hand)
    turn = dataclasses.replace(base, phase=Phase.DISCARD, active=0, hand=hand, discard=(), offer=None,
                               step_answers=(None, None, None, None), hand_sizes=(6, 5, 5, 5), draw_size=27)
    return bot.choose(StrictView(turn), [Discard(i) for i in hand]).card


def test_hard_discards_the_junk_card_another_seat_stepped_in_for():
    """R1, R9, R11: of three cards it has no use for (9♥, K♦, Q♠) the hard seat discards the 9♥
    seat 1 stepped in for: one deck, a discarded 9♥ is dead until the next reshuffle (R6), and so
    is every treasure seat 1 could make with it. Without the denial (``deny_feed`` 0) it lets the
    King go, the most points."""
    assert _discard_after_step_in(DEFAULT) == C.parse("9H")
    assert _discard_after_step_in(DEFAULT.with_(deny_feed=0.0)) != C.parse("9H")


def _raid_target(tuning: HardTuning) -> int:
    """Seat 1 asked for 5♥ and 6♥ (two cards of one treasure), seat 2 twice for 5♠ (one card
    short, R8); the hard seat 0 holds the Joker (R7)."""
    game = Game(["a", "b", "c", "d"], Settings(), seed=5)
    game.deal()
    base = game.view(0)
    hand = tuple(sorted(C.parse(n) for n in ("2C", "3C", "4C", "9H", "KD"))) + (C.JOKER,)
    bot = HardBot(random.Random(1), worlds=8, horizon=8, budget=None, tuning=tuning)
    draw = 30
    for offerer, want in ((1, "5H"), (2, "5S"), (1, "6H"), (2, "5S")):
        draw -= 1
        seen = dataclasses.replace(base, phase=Phase.RESPOND, active=offerer, hand=hand[:5], discard=(),
                                   offer=(offerer, offerer + 1, C.parse(want), C.parse("2D")),
                                   step_answers=(None, None, None, None), hand_sizes=(5, 5, 5, 5), draw_size=draw)
        bot.mem.update(seen)
    turn = dataclasses.replace(base, phase=Phase.ACTION, active=0, hand=hand, discard=(), offer=None,
                               step_answers=(None, None, None, None), hand_sizes=(6, 5, 5, 5), draw_size=draw - 1)
    legal = [HandsUp(t) for t in (1, 2, 3)] + list(ALL_OFFERS)  # R7 or R8, as the engine lists them
    return bot.choose(StrictView(turn), legal).target


def test_hard_raids_the_seat_that_asks_for_the_same_card_again():
    """R7, R8: a seat that names the same wanted card twice is likely one card short of a
    treasure; HANDS UP! shrinks its hand for the rest of the hand. Without ``target_repeat`` the
    hard seat raids seat 1, whose claims look the most focused."""
    assert _raid_target(DEFAULT) == 2
    assert _raid_target(DEFAULT.with_(target_repeat=0.0)) == 1


def test_cards_other_seats_collect_weigh_less_in_the_worlds():
    """R8–R10: after seat 1 stepped in for 9♥, the hearts around 9♥ are likelier in its hand (or
    wanted by it) than on their way to this seat: ``_collected``, by which the worlds weigh a card
    down (``collect_down``), gives them a bigger share than cards of a treasure nobody's evidence
    points to (2♦, 3♦)."""
    game = Game(["a", "b", "c", "d"], Settings(), seed=5)
    game.deal()
    base = game.view(0)
    hand = tuple(sorted(C.parse(n) for n in ("2C", "3C", "4C", "KD", "QS", "7C")))
    bot = HardBot(random.Random(1), worlds=8, horizon=8, budget=None)
    _stepped_in_for_9h(bot, base, hand)
    share = bot._collected(base, run_index(False), {C.parse(n) for n in ("9H", "10H", "2D", "3D")})
    assert share[C.parse("9H")] > share[C.parse("2D")] and share[C.parse("10H")] > share[C.parse("3D")]

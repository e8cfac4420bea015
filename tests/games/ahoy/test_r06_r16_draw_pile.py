"""R6 reshuffle of the discard pile and R16 becalmed hands."""

import pytest

from ahoy_tui.games.ahoy import cards as C
from ahoy_tui.games.ahoy.actions import Discard, Draw, Offer, Respond
from ahoy_tui.games.ahoy.engine import apply
from ahoy_tui.games.ahoy.errors import RuleError
from ahoy_tui.games.ahoy.state import Phase
from tests.games.ahoy.helpers import HANDS_4, deal, ids, play


def empty_pile_state(**settings):
    s = deal(2, HANDS_4[:2], draw=["AH"], **settings)
    s.discard = s.draw_pile[:5]  # move five cards to the discard pile, empty the draw pile
    s.draw_pile = []
    return s


def test_r6_reshuffle_keeps_top_discard_and_draws_from_new_pile():
    s = empty_pile_state()
    top = s.discard[-1]
    below = s.discard[:-1]
    order = list(reversed(below))
    s2, ev = apply(s, 0, Draw(), lambda cards: order)
    assert s2.discard == [top]
    assert s2.hands[0][-1] == order[0]  # the new top is drawn
    assert len(s2.draw_pile) == len(below) - 1
    kinds = [e.kind for e in ev]
    assert "reshuffled" in kinds
    secret = [e for e in ev if e.kind == "reshuffle_order"][0]
    assert secret.to == frozenset()  # nobody sees the new order (R18)


def test_r6_reshuffle_must_be_the_discard_pile_below_its_top():
    s = empty_pile_state()
    with pytest.raises(RuleError) as e:
        apply(s, 0, Draw(), lambda cards: cards[:-1])
    assert e.value.rule == "R6"


def test_r6_nothing_to_draw_still_counts_as_the_draw():
    s = empty_pile_state()
    s.discard = s.discard[-1:]
    s2, ev = apply(s, 0, Draw())
    assert [e.kind for e in ev] == ["drew_nothing"]
    assert s2.drawn[0] and s2.phase is Phase.ACTION and len(s2.hands[0]) == 5


def test_r16_becalmed_after_max_reshuffles():
    s = empty_pile_state(max_reshuffles=0)
    totals = list(s.totals)
    s2, ev = apply(s, 0, Draw())
    assert s2.results[-1].winner is None and s2.results[-1].scores == (0, 0)
    assert s2.totals == totals and s2.phase is Phase.NO_HAND


def test_r16_one_rebuild_allowed_then_becalmed():
    s = empty_pile_state(max_reshuffles=1)
    s, _ = apply(s, 0, Draw(), lambda c: c)
    assert s.reshuffles == 1
    s.draw_pile = []
    s.phase, s.active = Phase.DRAW, 1
    s, _ = apply(s, 1, Draw(), lambda c: c)
    assert s.results[-1].winner is None

"""R1 cards and R14 point values."""

import pytest

from ahoy_tui.games.ahoy import cards as C
from ahoy_tui.games.ahoy.errors import RuleError


@pytest.mark.parametrize("players,size", [(2, 53), (4, 53), (5, 106), (8, 106)])
def test_r1_deck_size_by_players(players, size):
    deck = C.full_deck(players)
    assert len(deck) == size and len(set(deck)) == size
    assert sum(1 for c in deck if C.identity(c) == C.JOKER) == size // 53


def test_r1_two_decks_share_identities_but_not_ids():
    deck = C.full_deck(6)
    assert C.card_name(0) == C.card_name(53) == "2S"
    assert 0 != 53


@pytest.mark.parametrize("name,value", [("2S", 2), ("10H", 10), ("JD", 10), ("QC", 10), ("KS", 10),
                                        ("AH", 20), ("JK", 30)])
def test_r14_point_values(name, value):
    assert C.value(C.parse(name)) == value


def test_r1_names_accept_symbols_and_round_trip():
    assert C.parse("10♥") == C.parse("10H")
    assert C.parse("qs") == C.parse("QS")
    for i in range(53):
        assert C.parse(C.name(i)) == i


@pytest.mark.parametrize("bad", ["1S", "11H", "ZZ", "", "10", None, 5, "JKX"])
def test_r1_bad_card_names_are_rejected(bad):
    with pytest.raises(RuleError) as e:
        C.parse(bad)
    assert e.value.rule == "R1"

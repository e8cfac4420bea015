"""R2 treasure detection."""

from ahoy_tui.games.ahoy.treasure import is_treasure, treasures_in
from tests.games.ahoy.helpers import ids


def test_r2_four_consecutive_same_suit():
    assert is_treasure(ids("3S", "4S", "5S", "6S"))
    assert is_treasure(ids("9C", "10C", "JC", "QC"))


def test_r2_ace_is_high():
    assert is_treasure(ids("JS", "QS", "KS", "AS"))
    assert not is_treasure(ids("AS", "2S", "3S", "4S"))


def test_r2_ace_low_house_rule():
    assert is_treasure(ids("AS", "2S", "3S", "4S"), ace_low=True)
    assert is_treasure(ids("JS", "QS", "KS", "AS"), ace_low=True)


def test_r2_wrapping_is_never_a_treasure():
    assert not is_treasure(ids("KH", "AH", "2H", "3H"), ace_low=True)
    assert not is_treasure(ids("QH", "KH", "AH", "2H"), ace_low=True)


def test_r2_mixed_suits_gaps_and_jokers_are_not():
    assert not is_treasure(ids("3S", "4S", "5H", "6S"))
    assert not is_treasure(ids("3S", "4S", "6S", "7S"))
    assert not is_treasure(ids("3S", "4S", "5S", "JK"))
    assert not is_treasure(ids("3S", "4S", "5S"))


def test_r2_treasure_among_other_cards_and_duplicates():
    hand = [0, 4, 8, 12, 53, 52]  # 2S 3S 4S 5S, a second 2S, the Joker
    assert treasures_in(hand) == [tuple(ids("2S", "3S", "4S", "5S"))]
    assert treasures_in(ids("2S", "3S", "4S", "JK", "6S")) == []


def test_r2_five_in_a_row_holds_two_treasures():
    assert len(treasures_in(ids("5D", "6D", "7D", "8D", "9D"))) == 2

"""Bot levels as players read them (issue 17): easy/normal/hard in both languages."""

from functools import partial

from ahoy_tui.games.ahoy.bots import BOT_KINDS
from ahoy_tui.ui.bot_levels import LEVELS, bot_tag, level_word, ring_tag
from ahoy_tui.ui.i18n import tr


def test_every_level_is_a_bot_kind_and_the_autopilot_is_the_normal_level():
    assert set(LEVELS) <= set(BOT_KINDS) and LEVELS[1] == BOT_KINDS[0] == "baseline"


def test_level_words_in_english_and_spanish():
    en, es = partial(tr, "en"), partial(tr, "es")
    assert [level_word(en, k) for k in LEVELS] == ["easy", "normal", "hard"]
    assert [level_word(es, k) for k in LEVELS] == ["fácil", "normal", "difícil"]
    assert level_word(en, None) == "" and level_word(en, "kraken") == ""


def test_waiting_room_names_every_level_and_the_ring_only_the_unusual_ones():
    en = partial(tr, "en")
    assert bot_tag(en, "hard") == "bot, hard" and bot_tag(en, "baseline") == "bot, normal"
    assert ring_tag(en, "hard") == "bot hard" and ring_tag(en, "random") == "bot easy"
    assert ring_tag(en, "baseline") == "bot" and ring_tag(en, None) == "bot"

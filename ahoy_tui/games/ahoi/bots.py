"""Ahoi bots: policies that see one seat's ``AhoiView`` and its legal actions only (AH16).

``random`` picks uniformly (the kit's ``RandomBot``); ``baseline`` (``baseline.py``) remembers, estimates
and calls „Ahoi“; ``hard`` (``hard.py``) counts the cards it has not seen and calls „Ahoi“ on the odds of
sampled worlds. The first kind plays an absent person's seat (AH14).
"""

from __future__ import annotations

from ahoy_tui.games.ahoi.baseline import BaselineBot
from ahoy_tui.games.ahoi.hard import HardBot
from ahoy_tui.games.kit.bots import BotFactory, RandomBot

make_bot = BotFactory({"baseline": BaselineBot, "random": RandomBot, "hard": HardBot})
"""A new Ahoi bot of ``kind`` with its own RNG; ValueError for another kind."""

BOT_KINDS: tuple[str, ...] = make_bot.kinds

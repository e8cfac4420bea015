"""AHOY!! V2's bots: policies that see only a PlayerView and the legal actions (DESIGN.md; docs/bots.md).

``make_bot(kind, seed)`` makes one; ``BOT_KINDS`` lists the kinds, the first
(``baseline``) is the autopilot (R17).
"""

from ahoy_tui.games.ahoy.bots.base import Bot
from ahoy_tui.games.ahoy.bots.baseline import BaselineBot
from ahoy_tui.games.ahoy.bots.hard import HardBot
from ahoy_tui.games.kit.bots import BotFactory, RandomBot

make_bot = BotFactory({"baseline": BaselineBot, "random": RandomBot, "hard": HardBot})
"""A new bot of ``kind`` (``"baseline"``, ``"random"`` or ``"hard"``) with its own RNG; ValueError for another kind."""

BOT_KINDS: tuple[str, ...] = make_bot.kinds
"""Bot kinds; the first is the autopilot (R17) and stays ``baseline``."""

__all__ = ["BOT_KINDS", "Bot", "make_bot"]

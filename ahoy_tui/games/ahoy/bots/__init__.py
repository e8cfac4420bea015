"""Bots: policies that see only a PlayerView and the legal actions (DESIGN.md)."""

from ahoy_tui.games.ahoy.bots.base import BOT_KINDS, Bot, make_bot

__all__ = ["BOT_KINDS", "Bot", "make_bot"]

"""Ahoi's words for line mode (placeholder until written)."""
from ahoy_tui.line.games.ahoy import AhoyLine

GAME = AhoyLine()

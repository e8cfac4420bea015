"""Plays the UI like a person: reads the focused prompt and presses keys."""

from __future__ import annotations

from textual.pilot import Pilot
from ahoy_tui.games.ahoy.cards import card_name

from ahoy_tui.ui.games.ahoy.game_over import GameOverScreen
from ahoy_tui.ui.games.ahoy.hand_over import HandOverScreen
from ahoy_tui.ui.games.ahoy.offer import OfferScreen
from ahoy_tui.ui.games.ahoy.table import TableScreen


async def step(pilot: Pilot, accept: bool = False) -> str:
    """Press the keys for one decision; returns what was done ("" when nothing to do)."""
    app = pilot.app
    screen = app.screen
    if isinstance(screen, HandOverScreen):
        await pilot.press("enter")
        return "hand_over"
    if isinstance(screen, GameOverScreen):
        return "game_over"
    if isinstance(screen, OfferScreen):
        if screen.want is None:  # "I want" starts empty: type the code of the hint's first card
            await pilot.press(*card_name(screen.picks[0]).lower())
        await pilot.press("ctrl+s")
        return "offer_sent"
    if not isinstance(screen, TableScreen):
        return ""
    p = screen.prompt
    keys = {o.key for o in p.options}
    if "a" in keys:
        await pilot.press("a")
        return "ahoy"
    if p.hand_mode == "lay_down":
        await pilot.press(*[str(i + 1) for i in range(p.lay_k)], "enter")
        return "lay_down"
    if p.hand_mode in ("discard", "exchange"):
        await pilot.press("1", "enter")
        return p.hand_mode
    for key in ("d", "o", "y" if accept else "n", "n", "p"):
        if key in keys:
            await pilot.press(key)
            return key
    if "1" in keys:
        await pilot.press("1")
        return "1"
    return ""


async def play_until(pilot: Pilot, done, max_steps: int = 2000, accept: bool = False) -> list[str]:
    """Step until ``done(app)`` is true; returns the steps taken."""
    steps = []
    for _ in range(max_steps):
        await pilot.pause()
        if done(pilot.app):
            return steps
        s = await step(pilot, accept)
        steps.append(s)
        if s == "":
            await pilot.pause(0.01)
    raise AssertionError(f"not done after {max_steps} steps: {steps[-20:]}")

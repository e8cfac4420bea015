"""The table's layout at 60x20, 80x24 and 120x40: ring, banner, HANDS UP! backs, discard row (issue: a clearer table)."""

from __future__ import annotations

import re

import pytest
from ui_driver import play_until
from ui_helpers import at_table, screen_text, seated_at_bot_table, wait_for

from ahoy_tui.games.ahoy.state import Phase
from ahoy_tui.ui.games.ahoy.table import TableScreen
from ahoy_tui.ui.screens.too_small import TooSmallScreen
from ahoy_tui.ui.games.ahoy.widgets.banner import TableBanner
from ahoy_tui.ui.games.ahoy.widgets.piles import Piles

SIZES = [(60, 20), (80, 24), (120, 40)]
NAMES = ["anna", "Mary Read", "Charles Vane"]


def _discard_prompt(app):
    s = app.screen
    return isinstance(s, TableScreen) and at_table(app) and s.prompt.hand_mode == "discard"


@pytest.mark.parametrize("size", SIZES)
async def test_ring_in_play_order_with_turn_arrow_and_banner(size):
    """R4: seats listed in play order, the ring closes last → first, ▶ on whose turn; the banner names the next."""
    async with seated_at_bot_table(size=size, seed=5, limit=100) as (app, pilot, lobby, tid):
        await play_until(pilot, _discard_prompt)
        assert not isinstance(app.screen, TooSmallScreen)
        lines = screen_text(app).splitlines()
        rows = [next(line for line in lines if re.search(re.escape(name) + r"\s+▮", line)) for name in NAMES]
        assert [lines.index(r) for r in rows] == sorted(lines.index(r) for r in rows)
        assert "╭→▶ anna" in rows[0]
        assert "│" in rows[1] and "▶" not in rows[1]
        assert "╰─" in rows[2]
        assert any("Your turn → next: Mary Read" in line for line in lines)


async def test_banner_shows_the_pending_offer():
    """R8: an offer to you reads who offers to whom and the two claimed cards at a glance."""
    async with seated_at_bot_table(size=(80, 24), seed=5, limit=100) as (app, pilot, lobby, tid):

        def offered_to_me(a):
            s = a.screen
            return (isinstance(s, TableScreen) and at_table(a) and s.view.phase is Phase.RESPOND
                    and s.view.offer is not None and s.view.offer[1] == s.view.seat)
        await play_until(pilot, offered_to_me)
        view = app.screen.view
        from ahoy_tui.ui.games.ahoy.cards import card_label
        offerer = app.screen.names[view.offer[0]]
        banner = app.screen.query_one(TableBanner).line.plain
        assert banner == (f"Offer {offerer} → you: wants {card_label(view.offer[2])}, "
                          f"gives {card_label(view.offer[3])}")
        assert banner in screen_text(app)


@pytest.mark.parametrize("size", [(60, 20), (120, 40)])
async def test_hands_up_backs_drawn_without_faces(size):
    """R7/R18: the target's face-down cards are drawn as numbered backs, never their faces."""
    async with seated_at_bot_table(size=size, seed=5, limit=100) as (app, pilot, lobby, tid):
        screen = app.screen
        banner = screen.query_one(TableBanner)
        view = screen.view
        from dataclasses import replace
        fake = replace(view, phase=Phase.PICK, hands_up=(0, 1, 3), waiting_for=(0,))
        from ahoy_tui.ui.games.ahoy.banner import banner_for
        line, backs = banner_for(fake, screen.names, app.t, False, app.card_styles)
        assert backs == 3
        banner.line, banner.backs = line, backs
        await pilot.pause()
        text = screen_text(app)
        assert "HANDS UP! you → Mary Read: 3 cards" in text
        if size[1] >= 30:
            assert text.count("│▒1▒│") == 1 and "│▒3▒│" in text and "│▒4▒│" not in text
        else:
            assert "▐1▌ ▐2▌ ▐3▌ HANDS UP!" in text
        rows = banner.lines(banner.size.height)
        assert not any(ch in row.plain for row in rows[1:] for ch in "♠♥♦♣")


async def test_hands_up_banner_speaks_to_its_target():
    async with seated_at_bot_table(size=(80, 24), seed=5, limit=100) as (app, pilot, lobby, tid):
        screen = app.screen
        from dataclasses import replace

        from ahoy_tui.ui.games.ahoy.banner import banner_for
        fake = replace(screen.view, phase=Phase.LAY_DOWN, hands_up=(1, 0, 0), waiting_for=(0,))
        line, _ = banner_for(fake, screen.names, app.t, False, app.card_styles)
        assert line.plain.endswith("→ you: lay cards face down"), line.plain
        assert "you lays" not in line.plain


async def test_choose_partner_banner_speaks_to_the_offerer():
    async with seated_at_bot_table(size=(80, 24), seed=5, limit=100) as (app, pilot, lobby, tid):
        screen = app.screen
        from dataclasses import replace

        from ahoy_tui.ui.games.ahoy.banner import banner_for
        mine = replace(screen.view, phase=Phase.CHOOSE_PARTNER, offer=(screen.view.seat, 1, 5, 7))
        line, _ = banner_for(mine, screen.names, app.t, False, app.card_styles)
        assert line.plain.startswith("Your offer: wants") and line.plain.endswith("Pick a partner"), line.plain
        theirs = replace(mine, offer=(1, screen.view.seat, 5, 7))
        line, _ = banner_for(theirs, screen.names, app.t, False, app.card_styles)
        assert line.plain.endswith(f"{screen.names[1]} picks a partner") and "you picks" not in line.plain


async def test_discard_row_shows_all_cards_that_fit_at_120():
    """R11: at 120 columns the discard row is not cut after 6 cards."""
    async with seated_at_bot_table(size=(120, 40), seed=5, limit=100) as (app, pilot, lobby, tid):
        piles = app.screen.query_one(Piles)
        piles.discard = tuple(range(0, 12))
        await pilot.pause()
        from ahoy_tui.ui.games.ahoy.cards import card_label
        row = next(line for line in screen_text(app).splitlines() if "Discard:" in line)
        for ident in range(12):
            assert card_label(ident) in row
        assert "…" not in row
        piles.discard = tuple(range(0, 52)) * 2
        await pilot.pause()
        row = next(line for line in screen_text(app).splitlines() if "Discard:" in line)
        shown = row.split("│")[0].rstrip()
        assert shown.endswith("…") and shown.count(" ") > 15  # every card that fits, then "…"


async def test_60x20_plays_59x19_refuses():
    """The compact layout plays at 60x20; only under that the size notice comes."""
    async with seated_at_bot_table(size=(60, 20), seed=5, limit=100) as (app, pilot, lobby, tid):
        assert app.screen.has_class("-compact")
        await pilot.resize_terminal(59, 19)
        await wait_for(pilot, lambda a: isinstance(a.screen, TooSmallScreen))
        assert "60x20" in screen_text(app)

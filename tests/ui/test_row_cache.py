"""The table's panels reuse styled lines, and never show a stale one.

``RowsWidget`` keeps each row's styled line and ``RowStylesCache`` each
content line's finished line (padding, borders, colours), so a row that
stays or moves costs a lookup (ahoy_tui/ui/widgets/rows.py). A wrong reuse
would show a player old colours, an old border or an old width. Here, after
every move of a seeded game and after each theme, ASCII, language and size
change, every panel's lines through the caches must equal the lines Textual's
own styler draws from scratch.
"""

from __future__ import annotations

import pytest
from textual._styles_cache import StylesCache
from textual.geometry import Region

from ahoy_tui.lobby import Lobby, Timing
from ahoy_tui.lobby.clock import ManualClock
from ahoy_tui.ui.games.ahoy.table import TableScreen
from ahoy_tui.ui.widgets.rows import RowsWidget, RowStylesCache
from test_frugal_rendering import _close_reports, _settle
from ui_helpers import at_table, bot_table, make_app, wait_for


def _stale_panels(screen: TableScreen) -> list[str]:
    """Panels whose cached lines differ from a fresh render with Textual's stock styler."""
    stale = []
    for widget in screen.query(RowsWidget):
        if not widget.display or not widget.size:
            continue
        whole = Region(0, 0, *widget.outer_size)
        cached = widget.render_lines(whole)
        kept, styled, styled_for = widget._styles_cache, widget._styled, widget._styled_for
        widget._styles_cache, widget._styled, widget._styled_for = StylesCache(), {}, None
        try:
            fresh = widget.render_lines(whole)
        finally:
            widget._styles_cache, widget._styled, widget._styled_for = kept, styled, styled_for
        if [list(s) for s in cached] != [list(s) for s in fresh]:
            stale.append(f"{type(widget).__name__}#{widget.id}")
    return stale


@pytest.mark.slow
@pytest.mark.parametrize("seed", [3, 11])
async def test_cached_panel_lines_equal_fresh_ones_through_a_game_and_style_changes(seed):
    clock = ManualClock()
    lobby = Lobby(clock=clock, timing=Timing(bot_delay=(0.5, 1.0), between_hands=1.0), seed=seed)
    app = make_app(lobby, color_system="256")
    stale: list[tuple[str, list[str]]] = []
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        tid = bot_table(app, players=4, limit=40)
        await wait_for(pilot, at_table)
        lobby.set_autopilot(app.handle, tid, True)
        changes = {10: app.action_next_theme, 20: app.action_toggle_ascii, 30: app.action_toggle_lang,
                   40: lambda: pilot.resize_terminal(100, 30), 50: app.action_next_theme,
                   60: lambda: pilot.resize_terminal(80, 24)}
        checked = 0
        for step in range(80):
            if step in changes:
                result = changes[step]()
                if result is not None:
                    await result
                await _settle(pilot)
            elif not clock.step():
                break
            await _settle(pilot)
            await _close_reports(pilot)
            if isinstance(app.screen, TableScreen):
                checked += 1
                found = _stale_panels(app.screen)
                if found:
                    stale.append((f"step {step}", found))
        assert any(isinstance(w._styles_cache, RowStylesCache) for w in app.screen.query(RowsWidget))
    assert checked >= 40
    assert stale == []

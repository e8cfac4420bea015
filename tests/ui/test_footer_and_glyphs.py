"""The key footer in step with the prompt and dialogs, fitting 80 columns; ASCII glyphs and toasts."""

from __future__ import annotations

import pytest
from ui_helpers import at_table, bot_table, make_app, new_lobby, screen_text, seat_on_autopilot, wait_for

from ahoy_tui.ui.glyphs import SessionScrollBarRender
from ahoy_tui.ui.screens.create_table import CreateTableScreen
from ahoy_tui.ui.games.ahoy.table import TableScreen

SIZE = (80, 24)


async def test_ascii_mode_swaps_textual_glyphs_and_toasts():
    lobby = new_lobby()
    app = make_app(lobby, utf8=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, CreateTableScreen)
        assert screen_text(app).isascii(), [ln for ln in screen_text(app).splitlines() if not ln.isascii()]
        app.notify("←/→ 5♥")
        await pilot.pause()
        assert any(n.message == "<-/-> 5H" for n in app._notifications)
        bars = SessionScrollBarRender.render_bar(size=5, virtual_size=20, window_size=5, position=3)
        assert "".join(seg.text for seg in bars.segments if seg.text).isascii()


async def test_lobby_status_keeps_private_visible_and_footer_fits_80():
    from ahoy_tui.lobby.messages import TableSummary

    app = make_app(new_lobby())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.lobby_screen.set_lobby([TableSummary("t1", "A rather long ship name", 1, 4, "waiting", 50,
                                                 private=True, host="captainlongname")], ["anna"])
        await pilot.pause()
        text = screen_text(app)
        assert "private" in text
        assert text.splitlines()[-1].rstrip().endswith("Help")


def _footer_keys(screen) -> set[str]:
    from ahoy_tui.ui.widgets.key_footer import KeyFooter

    return {e[0] for e in screen.query_one(KeyFooter)._entries}


_DECISION_KEYS = {"d", "o", "u", "a", "y", "n", "i", "p", "enter"}


@pytest.mark.slow
async def test_footer_paints_in_the_same_frame_as_the_prompt():
    """Every frame painted at the table shows in the footer the keys the prompt bar offers.

    The footer used to read the bindings only after the next refresh, so the frame that drew a
    new prompt ("Dirty deal … Enter") still drew the old keys ("y Accept  n Decline").
    """
    from ahoy_tui.ui.games.ahoy.widgets.prompt_bar import PromptBar
    from ui_driver import step

    lobby = new_lobby(5)
    app = make_app(lobby)
    bad: list[tuple[str, set[str], set[str]]] = []
    frames = 0
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        bot_table(app, players=3)
        await wait_for(pilot, at_table)
        table = app.screen
        assert isinstance(table, TableScreen)
        real = table._compositor_refresh

        def checked_refresh() -> None:
            nonlocal frames
            if app.screen is table and table._ready:
                prompt = table.query_one(PromptBar).prompt
                offered = {o.key for o in prompt.options} & _DECISION_KEYS if prompt is not None else set()
                shown = _footer_keys(table) & _DECISION_KEYS
                frames += 1
                if offered != shown:
                    bad.append((prompt.text[:50] if prompt else "", offered, shown))
            real()

        table._compositor_refresh = checked_refresh
        for _ in range(120):
            await pilot.pause()
            if await step(pilot, accept=True) == "game_over":
                break
        await pilot.pause()
    assert frames > 30
    assert not bad, bad[:5]


async def test_footer_under_a_dialog_lists_the_dialogs_keys_not_the_tables():
    """A dialog dims the table behind it; the table's keys don't work there, so the footer lists the dialog's."""
    lobby = new_lobby(5)
    app = make_app(lobby)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        bot_table(app, players=3)
        await wait_for(pilot, at_table)
        table = app.screen
        await pilot.pause()
        assert "Scores" in screen_text(app).splitlines()[-1]
        table.action_scores()
        await wait_for(pilot, lambda a: a.screen is not table)
        await pilot.pause()
        await pilot.pause()
        bottom = screen_text(app).splitlines()[-1]
        assert "Scores" not in bottom and "Leave" not in bottom, bottom
        assert "Close" in bottom, bottom  # the dialog's own key
        await pilot.press("escape")
        await wait_for(pilot, lambda a: a.screen is table)
        await pilot.pause()
        await pilot.pause()
        assert "Scores" in screen_text(app).splitlines()[-1]


async def test_the_footer_takes_the_new_themes_colours():
    """The footer's key colours are read once per theme (issue 25), so a new theme must still recolour it."""
    from ahoy_tui.ui.widgets.key_footer import KeyFooter

    app = make_app(new_lobby())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        footer = app.screen.query_one(KeyFooter)

        def key_colours() -> set:
            return {seg.style.color for row in footer._rows for seg in row if seg.style and seg.style.bold}

        before = key_colours()
        app.theme = "high-contrast"
        await wait_for(pilot, lambda a: key_colours() and key_colours() != before)
        assert key_colours() != before


@pytest.mark.slow
async def test_sessions_at_a_table_read_each_set_of_keys_once_and_show_the_right_keys(monkeypatch):
    """Every session at a table shows the same few sets of keys: the footer reads Textual's active
    bindings once per set (process-wide), and after every move each player's footer lists exactly the
    keys a fresh read of that player's screen gives (their language too)."""
    from ahoy_tui.lobby import Lobby, Timing
    from ahoy_tui.lobby.clock import ManualClock
    from ahoy_tui.ui.widgets import key_footer
    from ahoy_tui.ui.widgets.key_footer import KeyFooter

    key_footer._ENTRIES.clear()
    reads: list[str] = []
    real_read = KeyFooter._read
    monkeypatch.setattr(KeyFooter, "_read", staticmethod(
        lambda screen, app, lang, ascii_only: reads.append(app.session.display_name)
        or real_read(screen, app, lang, ascii_only)))
    syncs: list[object] = []
    real_sync = KeyFooter.sync
    monkeypatch.setattr(KeyFooter, "sync", lambda self, state=None: syncs.append(state) or real_sync(self, state))
    clock = ManualClock()
    lobby = Lobby(clock=clock, timing=Timing(bot_delay=(0.5, 1.0), between_hands=1.0), seed=8)
    anna, bo, cleo = make_app(lobby, "anna"), make_app(lobby, "bo", lang="es"), make_app(lobby, "cleo")
    apps = (anna, bo, cleo)
    wrong, checked = [], 0
    async with anna.run_test(size=SIZE) as pa, bo.run_test(size=SIZE) as pb, cleo.run_test(size=SIZE) as pc:
        await seat_on_autopilot(lobby, apps, (pa, pb, pc))
        reads.clear()
        syncs.clear()
        for _ in range(40):
            if not clock.step():
                break
            for p in (pa, pb, pc):
                await p.pause()
                await p.pause()
            for app in apps:
                while len(app.screen_stack) > 2 and not isinstance(app.screen, TableScreen):
                    app.pop_screen()
                await (pa, pb, pc)[apps.index(app)].pause()
                table = app.screen
                if isinstance(table, TableScreen) and table._ready:
                    checked += 1
                    footer = table.query_one(KeyFooter)
                    fresh = real_read(table, app, app.lang, app.ascii_only)
                    if footer._entries != fresh:
                        wrong.append((app.session.display_name, footer._entries, fresh))
    states = {s for s in syncs if s is not None}
    assert checked >= 60 and len(states) >= 3
    assert wrong == [], wrong[:2]
    assert len(reads) < len([s for s in syncs if s is not None]) / 2, (len(reads), len(syncs))

"""The reveal in the UI: the hand-over report lists the hand's deals, H lists every hand, the
game-over report sums each player's game up (docs/ui.md)."""

from __future__ import annotations

import io

import pytest
from rich.console import Console
from textual.widgets import Static
from ui_driver import step
from ui_helpers import bot_table, make_app, screen_text, wait_for

from ahoy_tui.games.ahoy.reveal import game_summary
from ahoy_tui.lobby import Lobby, TableConfig, Timing
from ahoy_tui.ui.games.ahoy.game_over import GameOverScreen
from ahoy_tui.ui.games.ahoy.hand_over import HandOverScreen
from ahoy_tui.ui.games.ahoy.history import HistoryScreen
from ahoy_tui.ui.games.ahoy.table import TableScreen


def _plain(screen, selector: str = "Static") -> str:
    """The text of the screen's Statics (rich tables drawn 78 wide), also what is scrolled away."""
    console = Console(width=78, record=True, file=io.StringIO())
    for s in screen.query(selector).results(Static):
        console.print(s.content)
    return console.export_text()


def _lobby(seed: int) -> Lobby:
    """Bots act at once; the next hand waits until ``_deal_now`` (a report stays up to be read)."""
    return Lobby(timing=Timing(bot_delay=(0.0, 0.0), between_hands=3600.0), seed=seed)


def _deal_now(table) -> None:
    table._deal_timer.cancel()
    table._deal_timer = None
    with table.lobby.batch():
        table._deal()


async def _until(pilot, table, cond, max_steps: int = 3000) -> None:
    for _ in range(max_steps):
        await pilot.pause()
        if cond(pilot.app):
            return
        if isinstance(pilot.app.screen, (HandOverScreen, GameOverScreen)):
            await pilot.press("enter")
            continue
        if table.status == "between_hands" and table._deal_timer is not None:
            _deal_now(table)
            continue
        if await step(pilot, accept=True) == "":
            await pilot.pause(0.01)
    raise AssertionError("not reached")


def _deal_lines(text: str) -> int:
    return sum(1 for line in text.splitlines() if line[:4].strip().rstrip(".").isdigit() and line[2:4] == ". ")


@pytest.mark.slow
async def test_hand_over_reveals_the_deals_history_lists_every_hand_and_game_over_sums_up():
    lobby = _lobby(seed=8)
    app = make_app(lobby)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        tid = bot_table(app, players=3, limit=100)
        table = lobby.tables[tid]
        await wait_for(pilot, lambda a: isinstance(a.screen, TableScreen) and a.screen.view is not None)
        await _until(pilot, table, lambda a: isinstance(a.screen, HandOverScreen))
        report = app.screen
        box = report.query_one("#over-box")
        assert box.region.right <= 80 and box.region.bottom <= 24  # fits 80x24, scrolls inside
        truth = [e for e in table.events if e.kind == "reveal"]
        text = _plain(report, ".reveal")
        assert "The deals of this hand" in text
        assert _deal_lines(text) == len(truth[0].data["deals"])
        box.scroll_end(animate=False)
        await pilot.pause()
        assert "Enter: continue" in screen_text(app)
        # Play on to the end; then every hand is in the history (H) and the summary is shown.
        await _until(pilot, table, lambda a: isinstance(a.screen, GameOverScreen))
        over = app.screen
        screen = next(s for s in app.screen_stack if isinstance(s, TableScreen))
        results = table.game.state.results
        assert len(results) >= 2
        shown = _plain(over)
        assert "The game in figures" in shown and "Lies told" in shown
        for i, s in enumerate(game_summary(table.events, 3)):
            assert " ".join(str(p) for p in s.points) in shown
        assert [h.over["hand"] for h in screen.record.book.hands] == [r.hand for r in results]
        await pilot.press("escape")
        await pilot.pause()
        while not isinstance(app.screen, TableScreen):
            await pilot.press("escape")
            await pilot.pause()
        await pilot.press("H")
        await wait_for(pilot, lambda a: isinstance(a.screen, HistoryScreen))
        hist = _plain(app.screen)
        for r in results:
            assert f"Hand {r.hand}" in hist
        assert hist.count("The deals of this hand") == len(results)


@pytest.mark.slow
async def test_no_reveal_with_the_option_off_and_spanish_texts():
    lobby = _lobby(seed=8)
    app = make_app(lobby, lang="es")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        tid = lobby.create_table(app.handle, TableConfig.make(name="x", seats=3, limit=100, clocks="untimed",
                                                         reveal=False))
        app.open_table(tid)
        for _ in range(2):
            lobby.add_bot(app.handle, tid, "baseline")
        lobby.start(app.handle, tid)
        table = lobby.tables[tid]
        await wait_for(pilot, lambda a: isinstance(a.screen, TableScreen) and a.screen.view is not None)
        await _until(pilot, table, lambda a: isinstance(a.screen, GameOverScreen))
        shown = _plain(app.screen)
        assert "Los tratos de esta mano" not in shown
        assert "La partida en cifras" in shown and "esta mesa no revela los tratos" in shown
        screen = next(s for s in app.screen_stack if isinstance(s, TableScreen))
        assert all(h.reveal is None for h in screen.record.book.hands)


async def test_create_dialog_reveal_is_on_by_default_and_can_be_turned_off():
    from ahoy_tui.ui.screens.create_table import CreateTableScreen

    for turn_off in (False, True):
        lobby = _lobby(seed=1)
        app = make_app(lobby)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("n")
            assert isinstance(app.screen, CreateTableScreen)
            box = app.screen.query_one("#c-reveal")
            assert box.value is True and box.region.bottom <= 24
            if turn_off:
                await pilot.click("#c-reveal")
                await pilot.pause()
            await pilot.click("#c-create")
            await wait_for(pilot, lambda a: isinstance(a.screen, TableScreen))
            assert next(iter(lobby.tables.values())).config.option("reveal") is (not turn_off)

"""The table screen repaints only what changed, and a player still sees exactly the right screen.

``FrugalCompositor`` (ahoy_tui/hosting/compositor.py) renders only dirty rows in
partial updates, and the table's panels repaint only their changed rows
(ahoy_tui/ui/widgets/rows.py). Both are about cost; a mistake would leave
stale cells on a player's terminal. Here every frame a playing table sends
is fed to a terminal emulator (pyte), and after each one the terminal must
show what a full repaint of the screen shows: every character, colour and
attribute.
"""

from __future__ import annotations

import pyte
import pytest
from textual._compositor import LayoutUpdate

from ahoy_tui.hosting.compositor import FrugalCompositor
from ahoy_tui.lobby import Lobby, Timing
from ahoy_tui.lobby.clock import ManualClock
from ahoy_tui.ui.games.ahoy.table import TableScreen
from ahoy_tui.ui.games.ahoy.widgets.prompt_bar import PromptBar
from ahoy_tui.ui.widgets.event_log import EventLog
from ui_helpers import at_table, bot_table, make_app, painted, wait_for

W, H = 80, 24


def _terminal() -> tuple[pyte.Screen, pyte.Stream]:
    screen = pyte.Screen(W, H)
    return screen, pyte.Stream(screen)


async def _settle(pilot) -> None:  # noqa: ANN001
    """Let the app paint until no widget waits to be painted."""
    for _ in range(50):
        await pilot.pause()
        screen = pilot.app.screen
        nodes = [screen, *screen.walk_children()]
        if not (screen._dirty_widgets or any(n._repaint_required or n._layout_required for n in nodes)):
            return


async def _close_reports(pilot) -> None:  # noqa: ANN001
    """Close hand-over reports as a player would, letting the table paint after each."""
    app = pilot.app
    while len(app.screen_stack) > 2 and not isinstance(app.screen, TableScreen):
        app.pop_screen()
        await _settle(pilot)


def _cells(screen: pyte.Screen) -> list[list[tuple]]:
    return [[(c.data, c.fg, c.bg, c.bold, c.reverse, c.italics, c.underscore)
             for c in (screen.buffer[y][x] for x in range(W))] for y in range(H)]


@pytest.mark.slow
@pytest.mark.parametrize("seed", [5, 8])
async def test_every_partial_frame_leaves_the_same_screen_as_a_full_repaint(seed, monkeypatch):
    clock = ManualClock()
    lobby = Lobby(clock=clock, timing=Timing(bot_delay=(0.5, 1.0), between_hands=1.0), seed=seed)
    app = make_app(lobby, color_system="256")
    term, stream = _terminal()
    checked = {"partial": 0, "full": 0, "compared": 0, "mismatch": []}
    original = FrugalCompositor.render_update

    def watched(self, full=False, screen_stack=None, simplify=False):  # noqa: ANN001, ANN202
        update = original(self, full=full, screen_stack=screen_stack, simplify=simplify)
        screen = app.screen if app.screen_stack else None
        if update is not None and isinstance(screen, TableScreen) and screen._compositor is self:
            stream.feed(update.render_segments(app.console))
            checked["full" if isinstance(update, LayoutUpdate) else "partial"] += 1
        return update

    def compare() -> None:
        """When nothing waits to be painted, the terminal shows what a full repaint shows."""
        screen = app.screen
        if not isinstance(screen, TableScreen) or not checked["full"]:
            return
        checked["compared"] += 1
        expected, expected_stream = _terminal()
        strips = screen._compositor.render_strips()
        expected_stream.feed(LayoutUpdate([[s] for s in strips], screen._compositor.size.region)
                             .render_segments(app.console))
        got, want = _cells(term), _cells(expected)
        if got != want:
            rows = [y for y in range(H) if got[y] != want[y]]
            checked["mismatch"].append((checked["partial"], rows, term.display[rows[0]], expected.display[rows[0]]))

    monkeypatch.setattr(FrugalCompositor, "render_update", watched)
    async with app.run_test(size=(W, H)) as pilot:
        await pilot.pause()
        tid = bot_table(app, players=4, limit=40)
        await wait_for(pilot, at_table)
        lobby.set_autopilot(app.handle, tid, True)
        for _ in range(150):  # one timer (a bot's move, the next hand) at a time
            if not clock.step():
                break
            await _settle(pilot)
            await _close_reports(pilot)
            compare()
    assert checked["full"] >= 1
    assert checked["compared"] >= 20, checked
    assert checked["mismatch"] == [], f"stale cells after partial frames {checked['mismatch']}"


async def test_log_panel_shows_the_newest_lines_and_e_shows_the_whole_log():
    lobby = Lobby(timing=Timing.instant(), seed=4)
    app = make_app(lobby)
    async with app.run_test(size=(W, H)) as pilot:
        await pilot.pause()
        tid = bot_table(app, players=4, limit=40)
        await wait_for(pilot, at_table)
        table = app.screen
        log = table.query_one(EventLog)
        for i in range(40):
            log.add(__import__("rich.text", fromlist=["Text"]).Text(f"line number {i:02d}"))
        await pilot.pause()
        panel = "\n".join(log.render_line(y).text for y in range(log.content_region.height))
        assert "line number 39" in panel  # the newest line is in sight...
        assert panel.rstrip().endswith("line number 39")  # ...at the bottom
        assert "line number 00" not in panel  # the oldest scrolled out of the panel
        await pilot.press("e")
        await pilot.pause()
        from ahoy_tui.ui.screens.log_view import LogScreen

        assert isinstance(app.screen, LogScreen)
        assert any("Hand 1 begins" in str(e) for e in app.screen.entries)  # the first event of the game
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is table
        assert tid


async def test_clicking_a_prompt_button_sends_that_option():
    lobby = Lobby(timing=Timing.instant(), seed=5)
    app = make_app(lobby)
    async with app.run_test(size=(W, H)) as pilot:
        await pilot.pause()
        bot_table(app, players=4, limit=40)
        await wait_for(pilot, lambda a: at_table(a) and "d" in {o.key for o in a.screen.prompt.options})
        table = app.screen
        bar = table.query_one(PromptBar)
        assert bar.labels[0].startswith("d ")
        box = bar.button_at(0)
        assert box is not None
        hand_before = len(table.view.hand)
        offset = bar.content_region.offset - bar.region.offset + box.offset
        await pilot.click(PromptBar, offset=offset)
        await wait_for(pilot, lambda a: a.screen.view is not None and len(a.screen.view.hand) == hand_before + 1)


async def test_ctrl_l_paints_the_whole_screen_again(monkeypatch):
    app = make_app(Lobby(timing=Timing.instant(), seed=5))
    kinds: list[str] = []
    original = FrugalCompositor.render_update

    def watched(self, full=False, screen_stack=None, simplify=False):  # noqa: ANN001, ANN202
        update = original(self, full=full, screen_stack=screen_stack, simplify=simplify)
        if update is not None:
            kinds.append("full" if isinstance(update, LayoutUpdate) else "partial")
        return update

    monkeypatch.setattr(FrugalCompositor, "render_update", watched)
    async with app.run_test(size=(W, H)) as pilot:
        await pilot.pause()
        bot_table(app, players=4, limit=40)
        # the bots have played up to anna's draw and that is painted: nothing else paints until she moves
        await wait_for(pilot, lambda a: at_table(a) and "d" in {o.key for o in a.screen.prompt.options}
                       and painted(a))
        kinds.clear()
        await pilot.press("ctrl+l")
        await wait_for(pilot, lambda a: kinds)
    assert kinds[0] == "full"  # a full frame: every cell sent, the server's shadow reset


async def test_the_log_panel_is_told_again_in_ascii_and_spanish():
    app = make_app(Lobby(timing=Timing.instant(), seed=5))
    async with app.run_test(size=(W, H)) as pilot:
        await pilot.pause()
        bot_table(app, players=4, limit=40)
        await wait_for(pilot, at_table)
        log = app.screen.query_one(EventLog)

        def panel() -> str:
            return "\n".join(log.render_line(y).text for y in range(log.content_region.height))

        assert any(ch in panel() for ch in "♠♥♦♣")  # "You were dealt ..." with suit symbols
        await pilot.press("m")  # ASCII
        await pilot.pause()
        assert not any(ch in panel() for ch in "♠♥♦♣→")
        await pilot.press("l")  # Spanish
        await pilot.pause()
        assert "Mano 1" in panel() or "Te repartieron" in panel() or "Recibiste" in panel(), panel()

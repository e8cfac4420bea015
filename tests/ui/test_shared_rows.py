"""Sessions share rendered rows, and each still sees exactly its own screen (issue 25).

The rows of the table's panels are rendered and styled once for every
session that shows them alike (``ahoy_tui.ui.widgets.rows``: process-wide
caches keyed by the text, the width and the styles). Here two players with
different looks (English, Unicode, the pirate theme; Spanish, ASCII, the
monochrome theme) and a third who looks like the first sit at one table.
After every move each one's terminal (every frame fed to a pyte screen)
must show what that session's screen shows when drawn from scratch with no
cache at all; and the third session must find the first one's rows already
styled.
"""

from __future__ import annotations

import pyte
import pytest
from textual._compositor import LayoutUpdate

from ahoy_tui.hosting.compositor import FrugalCompositor
from ahoy_tui.lobby import Lobby, Timing
from ahoy_tui.lobby.clock import ManualClock
from ahoy_tui.ui import cost
from ahoy_tui.ui.games.ahoy.table import TableScreen
from ahoy_tui.ui.widgets import rows
from ahoy_tui.ui.widgets.rows import RowsWidget
from ui_helpers import make_app, seat_on_autopilot

W, H = 80, 24


def _cells(screen: pyte.Screen) -> list[list[tuple]]:
    return [[(c.data, c.fg, c.bg, c.bold, c.reverse, c.italics, c.underscore)
             for c in (screen.buffer[y][x] for x in range(W))] for y in range(H)]


def _from_scratch(app) -> pyte.Screen:  # noqa: ANN001
    """The app's table screen drawn with every row rendered and styled again, no cache shared."""
    screen = app.screen
    rows.share(False)
    try:
        for widget in screen.query(RowsWidget):
            widget._styled.clear()
            widget._row_cache.clear()
            widget._rows = []
            widget.rebuild()
        term = pyte.Screen(W, H)
        strips = screen._compositor.render_strips()
        pyte.Stream(term).feed(LayoutUpdate([[s] for s in strips], screen._compositor.size.region)
                               .render_segments(app.console))
        return term
    finally:
        rows.share(True)


async def _settle(*pilots) -> None:  # noqa: ANN002
    for _ in range(50):
        for p in pilots:
            await p.pause()
        if all(not p.app.screen._dirty_widgets for p in pilots):
            return


@pytest.mark.slow
async def test_three_looks_at_one_table_each_see_their_own_screen(monkeypatch):
    rows.share(True)
    clock = ManualClock()
    lobby = Lobby(clock=clock, timing=Timing(bot_delay=(0.5, 1.0), between_hands=1.0), seed=8)
    anna = make_app(lobby, "anna", color_system="256")
    bo = make_app(lobby, "bo", color_system="256", lang="es", utf8=False)
    cleo = make_app(lobby, "cleo", color_system="256")
    apps = (anna, bo, cleo)
    terms = {app: pyte.Screen(W, H) for app in apps}
    streams = {app: pyte.Stream(terms[app]) for app in apps}
    original = FrugalCompositor.render_update

    def watched(self, full=False, screen_stack=None, simplify=False):  # noqa: ANN001, ANN202
        update = original(self, full=full, screen_stack=screen_stack, simplify=simplify)
        for app in apps:
            if update is not None and app.screen_stack and app.screen._compositor is self:
                streams[app].feed(update.render_segments(app.console))
        return update

    monkeypatch.setattr(FrugalCompositor, "render_update", watched)
    mismatches, compared = [], 0
    async with anna.run_test(size=(W, H)) as pa, bo.run_test(size=(W, H)) as pb, \
            cleo.run_test(size=(W, H)) as pc:
        bo.theme = "monochrome"
        await seat_on_autopilot(lobby, apps, (pa, pb, pc))
        with cost.counting():
            for _ in range(40):
                if not clock.step():
                    break
                await _settle(pa, pb, pc)
                for app in apps:
                    while len(app.screen_stack) > 2 and not isinstance(app.screen, TableScreen):
                        app.pop_screen()
                await _settle(pa, pb, pc)
                if not all(isinstance(a.screen, TableScreen) for a in apps):
                    continue
                for app in apps:
                    compared += 1
                    want = _from_scratch(app)
                    if _cells(terms[app]) != _cells(want):
                        y = next(y for y in range(H) if _cells(terms[app])[y] != _cells(want)[y])
                        mismatches.append((app.session.display_name, y, terms[app].display[y], want.display[y]))
                await _settle(pa, pb, pc)
            styled = {app.session.display_name: cost.counts(app).styled for app in apps}
    assert compared >= 30
    assert mismatches == [], f"a session shows another's rows: {mismatches[:3]}"
    assert styled["cleo"] < styled["anna"] / 2 or styled["anna"] < styled["cleo"] / 2, (
        f"sessions that look alike style their rows once between them: {styled}")

"""A third game needs only its own packages and one registry line per side (issue 26).

„Two cards“ (``tests/games/toy.py``, its engine from the engine kit alone)
and its UI plug-in (``tests/ui/toy_table.py``, its table screen on the
table-screen kit) are registered for this test only: one line in
``games.registry.GAMES`` and one in ``ui.game_uis.GAME_UIS``. The same game
is played whole by the simulation harness (``tests/games/test_a_third_game.py``);
here it is played to the end through the lobby and the app like any table:
the app opens its screen by the game's name, the kit queues the first updates
until the layout exists, takes the seat keys and sends each move with the
update's version. At every turn the seat's screen shows its own two cards and
never the other seat's (T1, R18).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from ui_helpers import make_app, new_lobby, screen_text, wait_for

from ahoy_tui.games import registry
from ahoy_tui.lobby import TableConfig
from ahoy_tui.ui import game_uis
from tests.games import toy

import toy_table
from toy_table import ToyTableScreen, cards_text

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def toy_registered(monkeypatch):
    """The toy game on both sides: one engine registry line, one UI registry line."""
    monkeypatch.setitem(registry.GAMES, "toy", toy.TOY)
    monkeypatch.setitem(game_uis.GAME_UIS, "toy", "toy_table:UI")
    game_uis.game_ui.cache_clear()
    yield
    game_uis.game_ui.cache_clear()


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text())
    return {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module} | {
        a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}


def test_the_toy_ui_imports_only_the_table_kit_the_plugin_type_and_its_own_engine():
    ours = {m for m in _imports(Path(toy_table.__file__)) if m.startswith(("ahoy_tui", "tests"))}
    assert ours and all(m.startswith("ahoy_tui.ui.table_kit.") or m in ("ahoy_tui.ui.game_ui", "tests.games.toy")
                        for m in ours), ours


def test_no_product_module_names_the_toy_game():
    """The product is not touched for a third game: its two registry lines are the test's own."""
    named = [p for folder in ("ahoy_tui", "server") for p in (ROOT / folder).rglob("*.py")
             if re.search(r"\btoy\b", p.read_text(), re.IGNORECASE)]
    assert named == []


def _board(app) -> str:
    return str(app.screen.query_one("#toy-board").render())


async def test_the_toy_game_is_played_to_the_end_on_the_table_screen_kit(toy_registered):
    app = make_app(new_lobby())
    async with app.run_test(size=(80, 24)) as pilot:
        core = app.lobby.core
        tid = core.create_table(app.handle, TableConfig.make("toy", name="Pair", seats=2, clocks="untimed",
                                                             limit=20))
        app.open_table(tid)
        await wait_for(pilot, lambda a: isinstance(a.screen, ToyTableScreen) and a.screen._ready)
        await wait_for(pilot, lambda a: "waiting for the start" in screen_text(a))
        assert app.screen.check_action("add_bot", ()) and not app.screen.check_action("keep", ())
        assert core.add_bot(app.handle, tid, "steady") == 1
        core.start(app.handle, tid)
        table = core.tables[tid]
        moves, pressed_at = 0, -1

        def my_turn_drawn(a) -> bool:
            """Game over, or my turn with the table's latest update on screen (my cards as the engine has
            them), newer than the one I last moved on."""
            if table.status == "game_over":
                return True
            update = a.screen.update
            return (update is not None and update.version == table.version != pressed_at
                    and a.screen.check_action("keep", ())
                    and update.view.hand == tuple(toy.value(c) for c in table.game.game.state.hands[0]))

        while True:
            await wait_for(pilot, my_turn_drawn)
            if table.status == "game_over":
                break
            hands = [[toy.value(c) for c in h] for h in table.game.game.state.hands]
            text = screen_text(app)
            assert f"your cards {cards_text(hands[0])}" in text
            shown = sorted(int(v) for v in re.findall(r"\[(\d)\]", text))
            assert shown == sorted(hands[0]), (shown, hands)  # no card but the seat's own (T1)
            assert not any(f"[{v}]" in text for v in set(hands[1]) - set(hands[0])), (text, hands[1])
            pressed_at = app.screen.update.version
            await pilot.press("1" if moves % 2 else "k")
            moves += 1
        await wait_for(pilot, lambda a: "game over" in _board(a))
        totals = table.game.scores
        assert max(totals) >= 20 and moves >= 2
        assert f"totals {totals[0]} {totals[1]}" in screen_text(app)
        assert not app.screen.check_action("keep", ()) and not app.screen.check_action("swap", ())
        game, summary = toy.REPLAYER.replay(table.game.record)
        assert summary.game_over and summary.totals == list(totals)

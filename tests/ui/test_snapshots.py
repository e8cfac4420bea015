"""SVG snapshots at 80x24 and 120x40 (pytest-textual-snapshot).

Regenerate after an intended change: ``pytest tests/ui/test_snapshots.py --snapshot-update``.
Every app runs on a seeded lobby whose bots act at once, so screens repeat.
"""

from __future__ import annotations

import pytest
from ui_driver import play_until
from ui_helpers import at_table, bot_table, make_app, new_lobby, wait_for

from ahoy_tui.games.base import Strength
from ahoy_tui.games.kit import strength as strength_file
from ahoy_tui.lobby import TableConfig
from ahoy_tui.ui.games.ahoy.game_over import GameOverScreen
from ahoy_tui.ui.games.ahoy.table import TableScreen

SIZES = [(80, 24), (120, 40)]


def lobby_app():
    lobby = new_lobby(seed=11)
    bo = lobby.connect("user:bo", "bo")
    lobby.create_table(bo, TableConfig.make(name="Queen Anne's Revenge", seats=4, limit=100, clocks="normal"))
    lobby.create_table(bo, TableConfig.make(name="Secret cove", seats=2, limit=50, private=True))
    lobby.chat(bo, "lobby", "Ahoy, who sails tonight?")
    return make_app(lobby)


@pytest.mark.parametrize("size", SIZES)
def test_lobby(snap_compare, size):
    async def settle(pilot):
        await pilot.pause()

    assert snap_compare(lobby_app(), terminal_size=size, run_before=settle)


FIXED_STRENGTH = {kind: Strength(kind, 25.0, 2.0, rating, 300, "2026-12-06")
                  for kind, rating in (("random", 1000), ("baseline", 1900), ("hard", 2200))}
"""The bot levels' ratings the waiting room's pictures show (the shipped figures move with each
``bench/bot_strength.py`` run; the pictures must not)."""


@pytest.mark.parametrize("size", SIZES)
def test_waiting_room(snap_compare, size, monkeypatch):
    monkeypatch.setattr(strength_file, "load", lambda package: FIXED_STRENGTH)
    app = make_app(new_lobby(seed=11))

    async def setup(pilot):
        await pilot.pause()
        bot_table(app, players=4, start=False, private=True)
        await wait_for(pilot, lambda a: isinstance(a.screen, TableScreen) and a.screen._ready)

    assert snap_compare(app, terminal_size=size, run_before=setup)


def _until_prompt(kind: str):
    def cond(app):
        s = app.screen
        if not (isinstance(s, TableScreen) and at_table(app)):
            return False
        keys = {o.key for o in s.prompt.options}
        return kind in keys or s.prompt.hand_mode == kind
    return cond


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("phase", ["d", "discard"])
def test_table_phases(snap_compare, size, phase):
    app = make_app(new_lobby(seed=5))

    async def setup(pilot):
        await pilot.pause()
        bot_table(app, players=3, limit=100)
        await wait_for(pilot, at_table)
        await play_until(pilot, _until_prompt(phase))

    assert snap_compare(app, terminal_size=size, run_before=setup)


@pytest.mark.parametrize("size", SIZES)
def test_offer_composer(snap_compare, size):
    app = make_app(new_lobby(seed=5))

    async def setup(pilot):
        await pilot.pause()
        bot_table(app, players=3, limit=100)
        await wait_for(pilot, at_table)
        await play_until(pilot, _until_prompt("o"))
        await pilot.press("o")
        await pilot.pause()

    assert snap_compare(app, terminal_size=size, run_before=setup)


async def autopilot_until(pilot, app, cond, timeout: float = 20.0) -> None:
    """Let the autopilot play this seat until ``cond(app)`` (no key presses: fast)."""
    tid = app.screen.table_id
    app.lobby.core.set_autopilot(app.handle, tid, True)
    await wait_for(pilot, cond, timeout)
    app.lobby.core.set_autopilot(app.handle, tid, False)


def played_view(hands: int = 3, seed: int = 4):
    """A seat-0 view after ``hands`` hands played by baseline bots (engine only: fast)."""
    from ahoy_tui.games.ahoy.bots import make_bot
    from ahoy_tui.games.ahoy import Phase, awaiting
    from ahoy_tui.games.ahoy.game import Game
    from ahoy_tui.games.ahoy.state import Settings

    names = ["anna", "Calico Jack", "Anne Bonny"]
    game = Game(names, Settings(limit=1000, max_reshuffles=3), seed=seed, first_seat=0)
    bots = [make_bot("baseline", seed + i) for i in range(3)]
    while len(game.state.results) < hands:
        if game.state.phase is Phase.NO_HAND:
            game.deal()
            continue
        seat = next((s for s in range(3) if any(a.KIND == "ahoy" for a in game.legal(s))), None)
        seat = awaiting(game.state)[0] if seat is None else seat
        game.act(seat, bots[seat].choose(game.view(seat), game.legal(seat)))
    return names, game.view(0)


@pytest.mark.parametrize("size", SIZES)
def test_scoreboard(snap_compare, size):
    from ahoy_tui.ui.games.ahoy.scores import ScoresScreen

    app = make_app(new_lobby(seed=3))
    names, view = played_view()

    async def setup(pilot):
        await pilot.pause()
        app.push_screen(ScoresScreen(names, view))
        await pilot.pause()

    assert snap_compare(app, terminal_size=size, run_before=setup)


@pytest.mark.parametrize("size", SIZES)
def test_game_over(snap_compare, size):
    app = make_app(new_lobby(seed=3))

    async def setup(pilot):
        await pilot.pause()
        bot_table(app, players=3, limit=20)
        await wait_for(pilot, at_table)
        await autopilot_until(pilot, app, lambda a: isinstance(a.screen, GameOverScreen))
        await pilot.pause()

    assert snap_compare(app, terminal_size=size, run_before=setup)


def test_table_ascii_spanish_monochrome(snap_compare):
    app = make_app(new_lobby(seed=5), utf8=False, lang="es")

    async def setup(pilot):
        await pilot.pause()
        app.theme = "monochrome"
        bot_table(app, players=3, limit=100)
        await wait_for(pilot, at_table)
        await play_until(pilot, _until_prompt("discard"))

    assert snap_compare(app, terminal_size=(80, 24), run_before=setup)


def test_too_small(snap_compare):
    assert snap_compare(make_app(new_lobby()), terminal_size=(59, 19))


@pytest.mark.parametrize("size", [(60, 20), (120, 40)])
def test_table_compact_and_wide(snap_compare, size):
    """The compact (60x20) and wide (120x40) table layouts during a discard."""
    app = make_app(new_lobby(seed=5))

    async def setup(pilot):
        await pilot.pause()
        bot_table(app, players=4, limit=100)
        await wait_for(pilot, at_table)
        await play_until(pilot, _until_prompt("discard"))

    assert snap_compare(app, terminal_size=size, run_before=setup)

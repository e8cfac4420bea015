"""The key footer speaks the session's language, on every screen and after a switch.

Labels are translated when the footer draws them (``ui.keys.translated``),
not by rewriting each screen's bindings; these tests read what the footer
shows.
"""

from __future__ import annotations

from ahoy_tui.ui.games.ahoy.discards import DiscardsScreen
from ahoy_tui.ui.screens.help import HelpScreen
from ahoy_tui.ui.screens.pick_seat import PickSeatScreen
from ahoy_tui.ui.widgets.key_footer import KeyFooter
from tests.ui.ui_helpers import make_app, new_lobby, wait_for


def _labels(screen) -> dict[str, str]:
    """Key display -> label of what ``screen``'s footer shows."""
    return {display: label for _key, display, label, _enabled in screen.query_one(KeyFooter)._entries}


async def test_lobby_footer_follows_a_language_switch():
    app = make_app(new_lobby())
    async with app.run_test(size=(100, 30)) as pilot:
        lobby = app.screen
        await wait_for(pilot, lambda a: _labels(lobby).get("n") == "New table")
        await pilot.press("l")
        await wait_for(pilot, lambda a: _labels(lobby).get("n") == "Nueva mesa")
        assert _labels(lobby)["q"] == "Salir"


async def test_a_dialogs_keys_are_in_the_sessions_language():
    """Under a dialog the footer lists the dialog's keys, in Spanish for a Spanish session."""
    app = make_app(new_lobby(), lang="es")
    async with app.run_test(size=(100, 30)) as pilot:
        lobby = app.screen
        await wait_for(pilot, lambda a: "n" in _labels(lobby))
        app.push_screen(DiscardsScreen(()))
        await wait_for(pilot, lambda a: list(_labels(lobby)) == ["esc"])
        assert _labels(lobby) == {"esc": "Cerrar"}


async def test_textual_footer_under_help_is_translated():
    """The help dialog keeps Textual's own Footer; the bindings it reads are translated."""
    app = make_app(new_lobby(), lang="es")
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda a: a.screen.is_attached)
        await pilot.press("f1")
        await wait_for(pilot, lambda a: isinstance(a.screen, HelpScreen))
        shown = {b.binding.action: b.binding.description for b in app.screen.active_bindings.values()}
        assert shown["close"] == "Cerrar"


async def test_the_seat_picker_names_its_way_out_in_the_footer():
    """The host's "give a seat to a bot" picker showed an empty footer; now it lists Esc, in Spanish too."""
    app = make_app(new_lobby(), lang="es")
    async with app.run_test(size=(100, 30)) as pilot:
        lobby = app.screen
        await wait_for(pilot, lambda a: "n" in _labels(lobby))
        picked: list = []
        app.push_screen(PickSeatScreen("Dar una plaza", "Pulsa el número", [(1, "bo")]), picked.append)
        await wait_for(pilot, lambda a: list(_labels(lobby)) == ["esc"])
        assert _labels(lobby) == {"esc": "Cancelar"}
        await pilot.press("escape")
        await wait_for(pilot, lambda a: picked == [None])

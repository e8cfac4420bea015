"""Each session in its own language: system lines, notices, dialogs, footers; no rule ids in help or prompts."""

from __future__ import annotations

import pytest
from ui_helpers import at_table, make_app, new_lobby, screen_text, wait_for

from ahoy_tui.lobby import TableConfig
from ahoy_tui.lobby.messages import ChatMessage
from ahoy_tui.ui.widgets.chat_box import ChatBox

SIZE = (100, 30)

SEEN = {
    "en": ["bo sat down.", "The game begins: 3 players, to 20 points.",
           "bo lost the connection; the seat waits 20 s for them, then the autopilot plays it."],
    "es": ["bo se sentó.", "Empieza la partida: 3 jugadores, a 20 puntos.",
           "bo perdió la conexión; su plaza le espera 20 s y luego juega el piloto automático."],
}


def _chat_lines(app) -> str:
    """Every line of the active screen's chat box as the player reads it (also those scrolled away)."""
    box = app.screen.query_one(ChatBox)
    return "\n".join(box._render_line(*entry).plain for entry in box._messages)


@pytest.mark.parametrize("lang", ["en", "es"])
async def test_table_system_lines_are_in_each_sessions_language(lang):
    """The same events (someone sits, the game starts, someone drops) read in the session's language."""
    lobby = new_lobby()
    app = make_app(lobby, lang=lang)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        tid = lobby.create_table(app.handle, TableConfig.make(name="Pearl", seats=3, limit=20, clocks="untimed"))
        app.open_table(tid)
        bo = lobby.connect("user:bo", "bo")
        got: list[object] = []
        bo.subscribe(got.append)
        lobby.join(bo, tid)
        lobby.add_bot(app.handle, tid, "baseline")
        lobby.set_ready(bo, tid, True)
        lobby.start(app.handle, tid)
        await wait_for(pilot, at_table)
        lobby.disconnect(bo)
        await wait_for(pilot, lambda a: SEEN[lang][-1].split(";")[0] in _chat_lines(a))
        panel = _chat_lines(app)
        for line in SEEN[lang]:
            assert line in panel
        other = SEEN["es" if lang == "en" else "en"]
        assert not any(line in panel for line in other)
        # The lobby sent keys, not sentences: nothing English went over the wire for a system line.
        system = [m for m in got if isinstance(m, ChatMessage) and m.system]
        assert system and all(m.text == "" and m.key for m in system)

        # Switching the language redraws the lines already shown (l cycles en → es → de → en).
        await pilot.press(*("l", "l")[:1 if lang == "en" else 2])
        await wait_for(pilot, lambda a: other[0] in _chat_lines(a))
        assert other[1] in _chat_lines(app)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_help_and_prompts_show_no_rule_ids(lang):
    """Rule ids ("(R13)") are for the spec, not for players."""
    import re

    from ahoy_tui.ui import i18n

    table = i18n.EN if lang == "en" else i18n.ES
    assert not [k for k, v in table.items() if re.search(r"\bR\d+\b", v)]


async def test_spanish_yes_no_dialog_shows_and_takes_s():
    """A Spanish yes/no dialog names the key "s" (sí) on its button, and "s" answers yes."""
    from ahoy_tui.ui.screens.confirm import ConfirmScreen

    app = make_app(new_lobby(), lang="es")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        answers: list[bool] = []
        app.push_screen(ConfirmScreen("¿Dejar la mesa?", "¿Seguro?", "Salir", "Quedarme"), answers.append)
        await wait_for(pilot, lambda a: "Salir (s)" in screen_text(a))
        assert "Quedarme (n)" in screen_text(app)
        await pilot.press("s")
        await wait_for(pilot, lambda a: answers == [True])


async def test_dialog_footers_are_in_spanish():
    """Under the create dialog a Spanish session reads "esc Cancelar", not "Cancel"."""
    from ahoy_tui.ui.screens.create_table import CreateTableScreen

    app = make_app(new_lobby(), lang="es")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("n")
        await wait_for(pilot, lambda a: isinstance(a.screen, CreateTableScreen) and "Cancelar" in
                       screen_text(a).splitlines()[-1])
        assert "Cancel " not in screen_text(app).splitlines()[-1] + " "


async def test_lobby_notices_are_in_each_sessions_language():
    """The chat rate limit's notice reads in the session's language (same event, English and Spanish)."""
    seen = {}
    for lang in ("en", "es"):
        lobby = new_lobby()
        app = make_app(lobby, lang=lang)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            for i in range(6):
                lobby.chat(app.handle, "lobby", f"hi {i}")
            await wait_for(pilot, lambda a: any(n.severity == "warning" for n in a._notifications))
            seen[lang] = [n.message for n in app._notifications if n.severity == "warning"][0]
    assert seen["en"].startswith("Slow down, matey: wait")
    assert seen["es"].startswith("Más despacio, grumete: espera")

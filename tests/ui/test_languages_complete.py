"""Every language is a whole language (issue 24.7): the catalogues have every key in es and de, and the
lobby, create dialog, waiting room and both game tables at 80x24 show no English and an uncut footer."""

from __future__ import annotations

import re

import pytest
from ui_helpers import at_table, make_app, new_lobby, screen_text, wait_for

from ahoy_tui.games.registry import GAMES
from ahoy_tui.lobby import TableConfig
from ahoy_tui.ui import i18n
from ahoy_tui.ui.games.ahoi.table import AhoiTableScreen
from ahoy_tui.ui.games.ahoy.table import TableScreen
from ahoy_tui.ui.option_text import status_word
from ahoy_tui.ui.screens.create_table import CreateTableScreen
from ahoy_tui.ui.screens.leaderboard import LeaderboardScreen
from ahoy_tui.ui.screens.lobby import LobbyScreen
from ahoy_tui.ui.widgets.key_footer import KeyFooter

SIZE = (80, 24)
FIELD = re.compile(r"{(\w+)")
ENGLISH = ("welcome aboard", "Pirates online", "Lobby chat", "Say something", "Join by code", "Point limit",
           "Ace low", "Verified step-in", "Reveal each hand", "s for a turn", "waiting for the crew", "not ready",
           "empty seat", "Add bots", "Remove player", "Your hand", "Draw pile", "Your turn", "draw a card",
           "sat down", "The game begins", "baseline", "Table chat", "Discards", "Games", "Quit", "Leave",
           "Overall", "30 days", "Profile", "Back")
"""Phrases seen in English on German screens in real play (issue 24.7) or that would be."""


def _tables() -> dict[str, dict[str, str]]:
    return {"en": i18n.EN, "es": i18n.ES, "de": i18n.DE}


@pytest.mark.parametrize("lang", ["es", "de"])
def test_every_english_key_has_this_language_with_the_same_fields(lang):
    table = _tables()[lang]
    assert sorted(set(i18n.EN) - set(table)) == []
    assert sorted(set(table) - set(i18n.EN) - {k for k in table if k.startswith("cm.stat.")}) == []
    differ = [k for k, v in i18n.EN.items() if set(FIELD.findall(v)) != set(FIELD.findall(table[k]))]
    assert differ == []


@pytest.mark.parametrize("lang", ["es", "de"])
def test_every_games_stat_line_has_this_language(lang):
    """A profile card's game lines (``StatLine``, English in the game's module) are translated too."""
    table = _tables()[lang]
    for game, spec in GAMES.items():
        for line in spec.stat_lines:
            key = f"cm.stat.{game}.{line.key}"
            assert key in table, key
            assert set(FIELD.findall(table[key])) == set(line.counters), key


def test_the_language_key_cycles_every_language():
    assert [i18n.next_lang(x) for x in ("en", "es", "de")] == ["es", "de", "en"]
    assert [i18n.tr(x, "key.lang") for x in ("en", "es", "de")] == ["Español", "Deutsch", "English"]


def test_an_ahoi_table_between_rounds_says_rounds_in_every_language():
    from ahoy_tui.lobby.messages import TableSummary

    Summary = TableSummary("t1", "Crew", 2, 4, "between_hands", 0, game="ahoi")
    V2 = TableSummary("t2", "Crew", 2, 4, "between_hands", 100, game="ahoy")

    assert [status_word(x, Summary) for x in ("en", "es", "de")] == ["between rounds", "entre rondas",
                                                                    "zwischen Runden"]
    assert status_word("en", V2) == "between hands"


def _english_in(text: str, lang: str) -> list[str]:
    """Known English phrases, and any English catalogue text of 12+ characters that differs in ``lang``,
    found in ``text``."""
    own = _tables()[lang]
    found = [p for p in ENGLISH if p in text and all(p not in v for v in own.values())]
    for key, value in i18n.EN.items():
        if len(value) >= 12 and "{" not in value and value != own[key] and value in text:
            found.append(value)
    return found


def _footer_uncut(app) -> list[str]:
    """The footer's keys not shown whole on its rows, the screen's last (a cut label: "q Bee")."""
    footer = app.screen.query_one(KeyFooter) if app.screen.query(KeyFooter) else app.screen_stack[-2].query_one(
        KeyFooter)
    rows = "\n".join(screen_text(app).splitlines()[-max(1, footer.size.height):])
    return [f"{d} {label}" for _k, d, label, _on in footer._entries if f"{d} {label}" not in rows]


async def _screens(lang: str):
    """(name, screen text, cut footer labels) of the lobby, leaderboard, create dialog, waiting room and
    AHOY!! V2's table (one app), then Ahoi's table (another)."""
    out = []
    lobby = new_lobby()
    bo = lobby.connect("user:bo", "bo")
    lobby.create_table(bo, TableConfig.make(name="Pearl", seats=3, limit=100, clocks="normal"))
    cove = lobby.create_table(bo, TableConfig.make("ahoi", name="Cove", seats=2, clocks="untimed"))
    lobby.add_bot(bo, cove, "baseline")
    lobby.start(bo, cove)
    app = make_app(lobby, lang=lang)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda a: isinstance(a.screen, LobbyScreen) and "Cove" in screen_text(a))
        out.append(("lobby", screen_text(app), _footer_uncut(app)))
        await pilot.press("L")
        await wait_for(pilot, lambda a: isinstance(a.screen, LeaderboardScreen) and a.screen.fetched
                       and a.screen.query_one(KeyFooter)._entries)
        out.append(("leaderboard", screen_text(app), _footer_uncut(app)))
        await pilot.press("escape")
        await wait_for(pilot, lambda a: isinstance(a.screen, LobbyScreen))
        await pilot.press("n")
        await wait_for(pilot, lambda a: isinstance(a.screen, CreateTableScreen) and "AHOY!! V2" in screen_text(a))
        out.append(("create", screen_text(app), _footer_uncut(app)))
        await pilot.press("escape")
        core = app.lobby.core
        tid = core.create_table(app.handle, TableConfig.make(name="Wake", seats=3, limit=20, clocks="normal"))
        app.open_table(tid)
        core.add_bot(app.handle, tid, "baseline")
        await wait_for(pilot, lambda a: isinstance(a.screen, TableScreen) and a.screen._ready
                       and "Mary Read" in screen_text(a) and a.screen.query_one(KeyFooter)._entries)
        out.append(("waiting room", screen_text(app), _footer_uncut(app)))
        core.add_bot(app.handle, tid, "hard")
        core.start(app.handle, tid)
        await wait_for(pilot, lambda a: at_table(a) and a.screen.query_one(KeyFooter)._entries)
        out.append(("table", screen_text(app), _footer_uncut(app)))
    app = make_app(new_lobby(), lang=lang)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        core = app.lobby.core
        tid = core.create_table(app.handle, TableConfig.make("ahoi", name="Cove", seats=3, clocks="normal"))
        app.open_table(tid)
        for _ in range(2):
            core.add_bot(app.handle, tid, "baseline")
        core.start(app.handle, tid)
        await wait_for(pilot, lambda a: isinstance(a.screen, AhoiTableScreen) and a.screen.query_one(
            KeyFooter)._entries)
        await pilot.press("1", "2")
        await wait_for(pilot, lambda a: "d " + i18n.tr(lang, "key.draw") in screen_text(a).splitlines()[-1])
        out.append(("ahoi table", screen_text(app), _footer_uncut(app)))
    return out


@pytest.mark.parametrize("lang", ["de", "es"])
async def test_screens_show_no_english_and_an_uncut_footer(lang):
    """Issue 24.7: under LANG=de_DE.UTF-8 the lobby, create dialog and waiting room were English, and the
    lobby footer was cut to "q Bee" at 80x24."""
    for name, text, cut in await _screens(lang):
        assert _english_in(text, lang) == [], (name, text)
        assert cut == [], (name, text)
        assert text.splitlines()[-1].strip(), name


REFUSALS_NOT_FOR_PLAYERS = {
    "table settings are missing", "private must be on or off", "a chat message is text", "give a player's name",
}
"""Refusals of malformed requests the UI never makes (shown in English if they ever came)."""


def _refusal_sentences() -> list[str]:
    """Every sentence ``ahoy_tui`` raises a lobby refusal with, parts of f-strings filled with "2"."""
    import ast
    from pathlib import Path

    import ahoy_tui

    root = Path(ahoy_tui.__file__).parent
    out = []
    for path in root.rglob("*.py"):
        tree = ast.parse(path.read_text())
        consts = {t.id: n.value.value for n in ast.walk(tree) if isinstance(n, ast.Assign)
                  for t in n.targets if isinstance(t, ast.Name) and isinstance(n.value, ast.Constant)
                  and isinstance(n.value.value, str)}
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id in ("Refused", "Unreadable") and node.args):
                continue
            arg = node.args[0]
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                out.append(arg.value)
            elif isinstance(arg, ast.Name) and arg.id in consts:
                out.append(consts[arg.id])
            elif isinstance(arg, ast.JoinedStr):
                out.append("".join(v.value if isinstance(v, ast.Constant) else "2" for v in arg.values))
    return out


def test_every_refusal_a_player_can_meet_is_translated():
    """The lobby's refusals are English sentences; each one the UI can meet has a translation
    (``ui/i18n_refusals.py``), so a German or Spanish player never gets an English toast."""
    from ahoy_tui.ui.i18n_refusals import refusal

    sentences = _refusal_sentences()
    assert len(sentences) > 30
    for lang in ("es", "de"):
        untranslated = [s for s in sentences if s not in REFUSALS_NOT_FOR_PLAYERS
                        and not s.startswith(("there is no game", "no leaderboard", "a seat count is", "clocks are", "the grace for", "the bot pace is",
                                              "there is no seat", "bots are"))
                        and refusal(lambda k, **kw: i18n.tr(lang, k, **kw), s) == s[:1].upper() + s[1:]]
        assert untranslated == [], lang


@pytest.mark.parametrize("lang,toast", [("de", "Kein Tisch hat diesen Code"), ("es", "Ninguna mesa tiene ese código")])
async def test_a_refusal_toast_speaks_the_sessions_language(lang, toast):
    """A wrong invite code (k, a code, Enter) was refused with "No table has that code" in every language."""
    from ui_helpers import toasts

    app = make_app(new_lobby(), lang=lang)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("k", "z", "z", "z", "z", "enter")
        await wait_for(pilot, lambda a: toast in toasts(a))


@pytest.mark.parametrize("lang", ["en", "es", "de"])
def test_no_text_a_player_reads_names_a_rule_id(lang):
    """Rule ids (R9, AH15) are the specs' names, not the players': a fresh tester read "AH15" in the
    create dialog and could make nothing of it."""
    rule_id = re.compile(r"\b(?:R|AH)\d{1,2}(?:\.\d)?\b")
    named = {k: v for k, v in _tables()[lang].items() if isinstance(v, str) and rule_id.search(v)}
    assert named == {}


def test_each_games_own_texts_come_from_its_plugin_in_every_language():
    """AHOY!! V2's texts (prompts, banner, narration, reports) are its plug-in's, as Ahoi's are
    (``GameUI.texts``); ``tr`` finds them as before, and the shared catalogues keep none of them."""
    from importlib import import_module
    from pathlib import Path

    from ahoy_tui.ui.game_uis import game_ui

    for game in ("ahoy", "ahoi"):
        texts = import_module(game_ui(game).texts).TEXTS
        for lang, own in texts.items():
            assert all(_tables()[lang][key] == text for key, text in own.items()), (game, lang)
    ahoy = import_module(game_ui("ahoy").texts).TEXTS
    keys = [{k for k in lang if not k.startswith("cm.stat.")} for lang in ahoy.values()]  # English: its StatLine
    assert keys[0] == keys[1] == keys[2]
    assert {"p.draw", "banner.offer", "ev.ahoy", "rv.lie", "over.title", "go.title"} <= set(ahoy["en"])
    assert {"option.ahoy.limit", "lobby.game.ahoy", "cm.stat.ahoy.lies"} <= set(ahoy["de"])
    for game, other in (("ahoy", "ahoi"), ("ahoi", "ahoy")):  # a plug-in holds no other game's texts
        own = import_module(game_ui(game).texts).TEXTS
        assert not [k for lang in own.values() for k in lang if f".{other}." in k or k.endswith(f".{other}")]
    ahoi = import_module(game_ui("ahoi").texts).TEXTS  # nor the shared words (the create dialog's, yes/no, keys)
    assert not {"create.title", "create.game", "yes", "key.quit", "bot.refused"} & {k for t in ahoi.values() for k in t}
    shared = "".join(Path(m.__file__).read_text() for m in (i18n, import_module("ahoy_tui.ui.i18n_de")))
    assert not re.search(r'"(p|banner|ev|rv|over|go|sum|scores|hist|hints|autopass)\.\w+":', shared)


def test_each_games_own_keys_are_labelled_by_its_plugin():
    """The footer labels of a game's own keys (AHOY!'s offer, HANDS UP!, step in; Ahoi's take, call) are
    its ``GameUI.key_texts``, in every language; the shared ``ui/keys.py`` names none of them."""
    from pathlib import Path

    from ahoy_tui.ui import keys
    from ahoy_tui.ui.game_uis import game_ui

    for game, action in (("ahoy", "offer"), ("ahoy", "hands_up"), ("ahoy", "step_in"), ("ahoi", "take"),
                         ("ahoi", "call")):
        key = dict(game_ui(game).key_texts)[action]
        assert keys.ACTION_TEXT[action] == key and all(key in table for table in _tables().values())
        assert f'"{action}":' not in Path(keys.__file__).read_text()


def test_every_text_key_the_code_names_exists_in_english():
    """A key named in a ``tr(lang, "key")`` call that no table has shows the player the bare key
    ("cm.no_stats" once did, after its text was taken for unused: ``ssh host top`` printed it)."""
    import ast
    from pathlib import Path

    import ahoy_tui.ui.game_uis  # noqa: F401 - every game's texts registered

    root = Path(i18n.__file__).resolve().parents[1]
    missing = []
    for path in sorted(root.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if (isinstance(node, ast.Call) and isinstance(node.func, (ast.Name, ast.Attribute))
                    and (node.func.id if isinstance(node.func, ast.Name) else node.func.attr) == "tr"
                    and len(node.args) >= 2 and isinstance(node.args[1], ast.Constant)
                    and isinstance(node.args[1].value, str) and node.args[1].value not in i18n.EN):
                missing.append(f"{path.relative_to(root)}:{node.lineno} {node.args[1].value}")
    assert not missing, missing

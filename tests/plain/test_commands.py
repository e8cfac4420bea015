"""Plain-text answers for connections without a PTY."""

from __future__ import annotations

from ahoy_tui.lobby import InMemoryLobby, TableSummary
from ahoy_tui.plain.answers import answer


async def test_known_commands_exit_zero():
    lobby = InMemoryLobby()
    for command in (None, "", "help", "rules", "tables", " tables "):
        ans = await answer(command, lobby, "ssh -p 2222 NAME@host")
        assert ans.status == 0
        assert "\x1b" not in ans.text


async def test_unknown_command():
    ans = await answer("\x1b[2Jdance", InMemoryLobby(), "ssh host")
    assert ans.status == 1
    assert "\x1b" not in ans.text and "unknown command" in ans.text


async def test_tables_lists_summaries():
    lobby = InMemoryLobby()
    lobby.core.table_summaries = lambda: [  # type: ignore[method-assign]
        TableSummary("t1", "Black\x1b[31mPearl", 2, 4, "waiting", 100, private=True)
    ]
    text = (await answer("tables", lobby, "ssh host")).text
    assert "t1" in text and "2/4" in text and "(private)" in text and "\x1b" not in text


async def test_help_and_rules_follow_lang():
    """No-PTY help/rules/tables are Spanish for a Spanish LANG, with accents only for UTF-8."""
    lobby = InMemoryLobby()
    rules = (await answer("rules", lobby, "ssh host", "es", utf8=True)).text
    assert "tesoro" in rules and "¡MANOS ARRIBA!" in rules and "treasure" not in rules
    ascii_rules = (await answer("rules", lobby, "ssh host", "es", utf8=False)).text
    assert "tesoro" in ascii_rules and "que carta quieres" in ascii_rules and ascii_rules.isascii()
    assert "Órdenes sin terminal" in (await answer("help", lobby, "ssh host", "es", utf8=True)).text
    assert "Piratas conectados" in (await answer("tables", lobby, "ssh host", "es", utf8=True)).text
    assert "treasure" in (await answer("rules", lobby, "ssh host")).text


async def test_rules_ahoi_in_the_sessions_language():
    """``ssh host rules ahoi`` prints Ahoi's rules in the client's language (German too); Lupe, Fernrohr,
    Tauschen and „Ahoi“ stay German in every language; ASCII clients get the quotes as plain quotes."""
    from server.termcaps import plain_locale

    lobby = InMemoryLobby()
    texts = {}
    for lang in ("en", "es", "de"):
        ans = await answer("rules ahoi", lobby, "ssh host", lang, utf8=True)
        assert ans.status == 0 and "\x1b" not in ans.text
        assert all(word in ans.text for word in ("Lupe", "Fernrohr", "Tauschen", "„Ahoi“", "101"))
        assert max(len(line) for line in ans.text.splitlines()) <= 78 and not ans.text.endswith("\n\n")
        texts[lang] = ans.text
    assert "layout" in texts["en"] and "fila" in texts["es"] and "Auslage" in texts["de"]
    assert len(set(texts.values())) == 3 and "treasure" not in texts["en"]
    lang, utf8 = plain_locale({"LANG": "de_DE.UTF-8"})
    german = await answer("rules ahoi", lobby, "ssh host", lang, utf8=utf8)
    assert german.text == texts["de"]
    plain = (await answer("rules ahoi", lobby, "ssh host", "de", utf8=False)).text
    assert plain.isascii() and "Fernrohr" in plain and "Ahoi" in plain
    assert "treasure" in (await answer("rules ahoy", lobby, "ssh host")).text
    assert (await answer("rules chess", lobby, "ssh host")).status == 1


async def test_tables_names_each_tables_game():
    """``ssh host tables`` says which game each table plays (issue 18), as the lobby's list does."""
    from ahoy_tui.lobby import Lobby, TableConfig

    core = Lobby()
    bo = core.connect("user:bo", "bo")
    bo.subscribe(lambda m: None)
    core.create_table(bo, TableConfig.make("ahoi", name="Cove", seats=3))
    core.create_table(bo, TableConfig.make(name="Deck", seats=3, limit=50))
    text = (await answer("tables", InMemoryLobby(core), "ssh host")).text
    assert "Ahoi" in next(ln for ln in text.splitlines() if "Cove" in ln)
    assert "V2 50" in next(ln for ln in text.splitlines() if "Deck" in ln)


async def test_help_names_the_motd_and_the_operator_commands():
    """``ssh host help`` tells a player how to read the MOTD and names what operators can do (docs/moderation.md)."""
    for lang, motd in (("en", "the message of the day"), ("es", "el mensaje del día")):
        text = (await answer("help", InMemoryLobby(), "ssh host", lang, utf8=True)).text
        assert f"motd    {motd}" in text and "kick, ban, bans, unban" in text

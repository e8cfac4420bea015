"""Plain-text answers for connections without a PTY."""

from __future__ import annotations

from ahoy_tui.lobby import Lobby, TableSummary
from server.commands import answer


def test_known_commands_exit_zero():
    lobby = Lobby()
    for command in (None, "", "help", "rules", "tables", " tables "):
        ans = answer(command, lobby, "ssh -p 2222 NAME@host")
        assert ans.status == 0
        assert "\x1b" not in ans.text


def test_unknown_command():
    ans = answer("\x1b[2Jdance", Lobby(), "ssh host")
    assert ans.status == 1
    assert "\x1b" not in ans.text and "unknown command" in ans.text


def test_tables_lists_summaries():
    lobby = Lobby()
    lobby.table_summaries = lambda: [  # type: ignore[method-assign]
        TableSummary("t1", "Black\x1b[31mPearl", 2, 4, "waiting", 100, private=True)
    ]
    text = answer("tables", lobby, "ssh host").text
    assert "t1" in text and "2/4" in text and "(private)" in text and "\x1b" not in text


def test_help_and_rules_follow_lang():
    """No-PTY help/rules/tables are Spanish for a Spanish LANG, with accents only for UTF-8."""
    lobby = Lobby()
    rules = answer("rules", lobby, "ssh host", "es", utf8=True).text
    assert "tesoro" in rules and "¡MANOS ARRIBA!" in rules and "treasure" not in rules
    ascii_rules = answer("rules", lobby, "ssh host", "es", utf8=False).text
    assert "tesoro" in ascii_rules and "que carta quieres" in ascii_rules and ascii_rules.isascii()
    assert "Órdenes sin terminal" in answer("help", lobby, "ssh host", "es", utf8=True).text
    assert "Piratas conectados" in answer("tables", lobby, "ssh host", "es", utf8=True).text
    assert "treasure" in answer("rules", lobby, "ssh host").text

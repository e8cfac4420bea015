"""Colour depth from TERM/COLORTERM and clamping colour codes on the wire."""

from __future__ import annotations

import pytest

from server.termcaps import clamp_colors, color_system_for, lang_for, utf8_for


@pytest.mark.parametrize(
    ("term", "colorterm", "system"),
    [
        ("xterm", None, "standard"),
        ("vt100", None, "standard"),
        (None, None, "standard"),
        ("xterm-256color", None, "256"),
        ("tmux-256color", "", "256"),
        ("xterm-256color", "truecolor", "truecolor"),
        ("xterm", "24bit", "truecolor"),
        ("xterm-direct", None, "standard"),
    ],
)
def test_color_system_for(term, colorterm, system):
    assert color_system_for(term, colorterm) == system


def test_locale():
    assert utf8_for({}) is True
    assert utf8_for({"LANG": "en_US.UTF-8"}) is True
    assert utf8_for({"LANG": "C"}) is False
    assert utf8_for({"LC_ALL": "es_ES.utf8", "LANG": "C"}) is True
    assert lang_for({"LANG": "es_ES.UTF-8"}) == "es"
    assert lang_for({}) == "en"


SAMPLE = "\x1b[1;38;2;255;0;0;48;5;17mX\x1b[0m\x1b[31mY\x1b[0m"


def test_clamp_to_standard():
    assert clamp_colors(SAMPLE, "standard") == "\x1b[1;31;44mX\x1b[0m\x1b[31mY\x1b[0m"


def test_clamp_to_256():
    assert clamp_colors(SAMPLE, "256") == "\x1b[1;38;5;196;48;5;17mX\x1b[0m\x1b[31mY\x1b[0m"


def test_clamp_to_truecolor_upgrades_256():
    out = clamp_colors(SAMPLE, "truecolor")
    assert "48;5;" not in out and "38;2;255;0;0" in out and "48;2;" in out


def test_clamp_leaves_plain_text_alone():
    text = "no colours here; 38;5;1 as text"
    assert clamp_colors(text, "standard") is text


def test_clamp_never_turns_a_code_into_reset():
    assert clamp_colors("\x1b[58;5;3mX", "standard") == "X"

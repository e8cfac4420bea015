"""Colour depth from TERM/COLORTERM and clamping colour codes on the wire."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from server import termcaps
from server.termcaps import clamp_colors, color_system_for, lang_for, notify_for, title_for, utf8_for


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


# -- turn alerts (issue 28.3): the title and the desktop notification, by terminal -----------------------

@pytest.mark.parametrize(
    ("term", "env", "title", "notify"),
    [
        ("xterm", {}, True, ""),                        # a title, no notification known
        ("xterm-256color", {}, True, ""),
        ("tmux-256color", {"LC_TERMINAL": "iTerm2"}, True, ""),   # tmux drops OSC 777/9
        ("screen", {}, True, ""),
        ("foot", {}, True, "osc777"),
        ("foot-extra", {}, True, "osc777"),
        ("xterm-ghostty", {}, True, "osc777"),
        ("wezterm", {}, True, "osc777"),
        ("xterm-256color", {"TERM_PROGRAM": "WezTerm"}, True, "osc777"),
        ("xterm-256color", {"TERM_PROGRAM": "ghostty"}, True, "osc777"),
        ("xterm-kitty", {}, True, "osc9"),
        ("xterm-256color", {"LC_TERMINAL": "iTerm2"}, True, "osc9"),
        ("xterm-256color", {"TERM_PROGRAM": "iTerm.app"}, True, "osc9"),
        ("xterm-256color", {"TERM_PROGRAM": "Apple_Terminal"}, True, ""),
        ("linux", {"LC_TERMINAL": "iTerm2"}, False, ""),      # the Linux console prints unknown OSC text
        ("vt100", {}, False, ""),
        ("vt220", {}, False, ""),
        ("dumb", {}, False, ""),
        ("", {}, False, ""),
        (None, {}, False, ""),
        ("someterm", {}, False, ""),                  # unknown: nothing that could print as junk
    ],
)
def test_title_and_notification_only_for_terminals_known_to_show_them(term, env, title, notify):
    assert title_for(term) is title
    assert notify_for(term, env) == notify


_PARAM = st.sampled_from(["0", "1", "2", "5", "8", "31", "38", "48", "58", "255", "17", "", "x"])
_SGRS = st.lists(_PARAM, max_size=9).map(lambda ps: "\x1b[" + ";".join(ps) + "m")
_FRAME = st.lists(st.one_of(_SGRS, st.sampled_from(["A", "8;5;", "8;2;", ";", "\x1b[3;4H"])), max_size=12).map("".join)


@settings(max_examples=400, deadline=None)
@given(text=_FRAME, system=st.sampled_from(["truecolor", "256", "standard", "monochrome"]))
def test_the_substring_shortcut_gives_what_the_full_rewrite_gives(text, system, monkeypatch_module):
    """A frame the shortcut passes untouched (no code foreign to a truecolor or 256-colour session) is
    exactly what rewriting every SGR sequence would give."""
    fast = clamp_colors(text, system)
    with monkeypatch_module.context() as m:
        m.setattr(termcaps, "_NATIVE_ONLY", {})
        full = clamp_colors(text, system)
    assert fast == full


def test_a_frame_at_the_sessions_depth_is_passed_untouched():
    truecolor = "\x1b[1;38;2;255;0;0;48;2;0;0;95mX\x1b[0m"
    assert clamp_colors(truecolor, "truecolor") is truecolor
    eight_bit = "\x1b[38;5;196;48;5;17mX\x1b[0m"
    assert clamp_colors(eight_bit, "256") is eight_bit
    assert clamp_colors(eight_bit, "truecolor") != eight_bit  # a 256-colour code still reaches truecolor as 38;2


@pytest.fixture(scope="module")
def monkeypatch_module():
    """A monkeypatch usable inside a hypothesis test (the function-scoped one is not)."""
    with pytest.MonkeyPatch.context() as m:
        yield m

"""Display names from untrusted SSH usernames."""

from __future__ import annotations

import pytest
from rich.cells import cell_len

from ahoy_tui.lobby.names import FALLBACK_NAME, sanitize_name
from server.identity import identity_for


@pytest.mark.parametrize(
    ("raw", "name"),
    [
        ("anna", "anna"),
        ("\x1b]0;pwned\x07\x1b[2Jeve", "]0;pwned[2Jeve"),
        ("\u202eevil\u202c", "evil"),
        ("\u2066iso\u2069", "iso"),
        ("a\u200db\u200bc", "abc"),
        ("z" * 200, "z" * 16),
        ("船长" * 10, "船长" * 4),
        ("\u0301bob", "bob"),
        ("  two   words ", "two words"),
        ("line\nbreak\r", "linebreak"),
        ("\x00\x07\x1b", FALLBACK_NAME),
        ("", FALLBACK_NAME),
    ],
)
def test_sanitize_name(raw, name):
    assert sanitize_name(raw) == name


def test_names_fit_sixteen_columns():
    for raw in ("ｗｉｄｅ" * 9, "a船" * 20, "é" * 40, "🏴‍☠️" * 10):
        assert cell_len(sanitize_name(raw)) <= 16


def test_identity():
    assert identity_for("anna", "SHA256:abc") == "key:SHA256:abc"
    assert identity_for("\x1banna", None) == "user:anna"

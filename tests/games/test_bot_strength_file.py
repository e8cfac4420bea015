"""Known strength (issue 30): a game's ``bot_strength.json`` as the product reads it (``games.kit.strength``).

A missing file, an unreadable one or a kind it does not list is unknown (None): players then see no number.
"""

from __future__ import annotations

import importlib
import json
import sys

import pytest

from ahoy_tui.games import GAMES
from ahoy_tui.games.kit import strength as ks
from tests.games import toy


@pytest.fixture
def package(tmp_path, monkeypatch):
    """A package ``strengthpkg`` on the path (no data file yet) and a spec class defined in it."""
    (tmp_path / "strengthpkg").mkdir()
    (tmp_path / "strengthpkg" / "__init__.py").write_text("")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "strengthpkg", raising=False)   # each test its own folder
    importlib.invalidate_caches()
    ks.load.cache_clear()
    yield tmp_path / "strengthpkg"
    ks.load.cache_clear()


def _spec():
    cls = type("Spec", (), {"__module__": "strengthpkg.spec"})
    return cls()


def _write(folder, kinds, **top):
    (folder / ks.FILE).write_text(json.dumps({"game": "x", "date": "2026-12-06", "kinds": kinds, **top}))


def test_a_game_without_the_file_has_no_known_strength(package):
    assert ks.load("strengthpkg") == {}
    assert ks.strength(_spec(), "hard") is None


def test_a_listed_kind_is_known_and_another_is_not(package):
    _write(package, {"hard": {"mu": 31.5, "sigma": 2.0, "rating": 1020, "games": 40}})
    got = ks.strength(_spec(), "hard")
    assert got == ks.Strength("hard", 31.5, 2.0, 1020, 40, "2026-12-06")
    assert ks.strength(_spec(), "random") is None and ks.strength(_spec(), None) is None


@pytest.mark.parametrize("text", ["not json", "[]", '{"kinds": 3}', '{"game": "x"}'])
def test_an_unreadable_file_is_unknown_not_an_error(package, text):
    (package / ks.FILE).write_text(text)
    assert ks.strength(_spec(), "hard") is None


def test_a_malformed_entry_is_left_out_and_the_others_kept(package):
    _write(package, {"hard": {"mu": "x"}, "baseline": {"mu": 25, "sigma": 3, "rating": 640, "games": 12}})
    assert set(ks.load("strengthpkg")) == {"baseline"}


def test_the_games_spec_reads_its_own_package_file_and_a_game_without_one_knows_nothing():
    """The shipped figures: every registered game's levels are known (bench/bot_strength.py wrote them);
    the toy game (tests only, no file) knows none."""
    for spec in GAMES.values():
        known = {k: spec.bot_strength(k) for k in spec.bot_kinds}
        unknown = [k for k, s in known.items() if s is None or s.kind != k or s.games < 1]
        assert not unknown, (f"{spec.name}: no measured strength for {unknown}: run "
                             f"nice .venv/bin/python bench/bot_strength.py --game {spec.name} --games 300 --workers 2")
    assert toy.TOY.bot_strength("random") is None

"""How strong each bot level of a game is, as measured (issue 30; docs/bots.md "Known strength").

``bench/bot_strength.py`` plays the levels of every game against each other
and fits one rating per level with the server's rating model
(``community.rating``); it writes ``bot_strength.json`` into the game's
package (``ahoy_tui/games/<game>/bot_strength.json``)::

    {"game": "ahoy", "command": "...", "date": "2026-12-06", "games": 300, "seed": 1,
     "kinds": {"hard": {"mu": 31.2, "sigma": 1.1, "rating": 1116, "games": 200}, ...}}

This module only reads that file: no file, an unreadable one or a kind it
does not list is *unknown* (None), which players see as nothing.
"""

from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources
from typing import Any

from ahoy_tui.games.base import Strength

FILE = "bot_strength.json"
"""The data file's name inside a game's package."""


def _parse(kind: str, entry: Any, date: str) -> Strength | None:
    try:
        return Strength(kind, float(entry["mu"]), float(entry["sigma"]), int(entry["rating"]), int(entry["games"]),
                        date)
    except (TypeError, KeyError, ValueError):
        return None


@lru_cache(maxsize=None)
def load(package: str) -> dict[str, Strength]:
    """The strengths in ``package``'s ``bot_strength.json`` by kind (read once per process).

    Args:
        package: A game's package (``"ahoy_tui.games.ahoy"``).

    Returns:
        Per kind listed (and well formed) its :class:`Strength`; empty when the file is missing,
        unreadable or not JSON.
    """
    try:
        data = json.loads(resources.files(package).joinpath(FILE).read_text(encoding="utf-8"))
        date = str(data.get("date", ""))
        found = {str(k): _parse(str(k), v, date) for k, v in data["kinds"].items()}
    except (OSError, ValueError, TypeError, KeyError, AttributeError, ModuleNotFoundError):
        return {}
    return {k: s for k, s in found.items() if s is not None}


def package_of(spec: object) -> str:
    """The package a game's spec is defined in (``ahoy_tui.games.ahoy.spec`` -> ``ahoy_tui.games.ahoy``)."""
    return type(spec).__module__.rpartition(".")[0]


def strength(spec: object, kind: str | None) -> Strength | None:
    """The measured strength of ``spec``'s bot ``kind``, or None (unknown: no file, or no such kind)."""
    if not kind:
        return None
    return load(package_of(spec)).get(kind)

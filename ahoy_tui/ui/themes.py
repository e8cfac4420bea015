"""Colour themes loaded from ``themes/*.toml`` into Textual Themes (STYLE.md 9).

A theme file has ``name``, ``label``, ``dark``, a ``[colors]`` table (the
fields of :class:`textual.theme.Theme`) and a ``[cards]`` table of rich
styles for suits, Joker, card backs and highlights. Files are read once at
start-up; a missing or broken directory falls back to the built-in pirate
theme so the game always starts.
"""

from __future__ import annotations

import logging
import tomllib
from importlib import metadata
from dataclasses import dataclass, field
import sys
from pathlib import Path

from textual.theme import Theme

log = logging.getLogger(__name__)

def _themes_dir() -> Path:
    """``themes/`` beside the package in a checkout, else where the installed wheel put them.

    A wheel installs the files as data (``share/ahoy-tui/themes`` under the
    install scheme's data directory: the venv, ``~/.local`` for ``pip install
    --user``, ``/usr/local`` ...); the distribution's own file list says where.
    """
    here = Path(__file__).resolve().parents[2] / "themes"
    if here.is_dir():
        return here
    try:
        for file in metadata.distribution("ahoy-tui").files or ():
            if file.name == "pirate.toml" and file.parent.name == "themes":
                return Path(str(file.locate())).resolve().parent
    except metadata.PackageNotFoundError:
        pass
    return Path(sys.prefix) / "share" / "ahoy-tui" / "themes"


THEMES_DIR = _themes_dir()
DEFAULT_THEME = "pirate"
ORDER = ("pirate", "high-contrast", "four-colour", "monochrome")

_FALLBACK_CARDS = {"spades": "bold", "clubs": "bold", "hearts": "bold red", "diamonds": "bold red",
                   "joker": "bold yellow", "back": "blue", "treasure": "underline",
                   "selected": "reverse", "marked": "bold yellow", "turn": "bold yellow"}


@dataclass(frozen=True)
class ThemeSpec:
    """One loaded theme.

    Attributes:
        theme: The Textual theme registered with each app.
        label: Human name shown when switching.
        cards: Rich styles keyed by ``spades hearts diamonds clubs joker back
            treasure selected marked turn``.
    """

    theme: Theme
    label: str
    cards: dict[str, str] = field(default_factory=dict)


def parse_theme(data: dict) -> ThemeSpec:
    """Build a :class:`ThemeSpec` from a parsed TOML table.

    Raises:
        KeyError, ValueError: when ``name`` or ``colors.primary`` is missing.
    """
    colors = dict(data.get("colors", {}))
    theme = Theme(name=str(data["name"]), primary=colors.pop("primary"), dark=bool(data.get("dark", True)),
                  **{k: str(v) for k, v in colors.items()})
    cards = dict(_FALLBACK_CARDS)
    cards.update({k: str(v) for k, v in data.get("cards", {}).items()})
    return ThemeSpec(theme=theme, label=str(data.get("label", data["name"])), cards=cards)


def load_themes(directory: Path = THEMES_DIR) -> dict[str, ThemeSpec]:
    """Every theme in ``directory``, pirate first; broken files are logged and skipped."""
    specs: dict[str, ThemeSpec] = {}
    for path in sorted(directory.glob("*.toml")) if directory.is_dir() else []:
        try:
            spec = parse_theme(tomllib.loads(path.read_text(encoding="utf-8")))
        except (OSError, ValueError, KeyError, TypeError) as exc:
            log.warning("skipping theme %s: %s", path, exc)
            continue
        specs[spec.theme.name] = spec
    if DEFAULT_THEME not in specs:
        specs[DEFAULT_THEME] = ThemeSpec(Theme(name=DEFAULT_THEME, primary="#d7af5f", background="#0a1628",
                                               foreground="#eeeedd", dark=True), "Pirate", dict(_FALLBACK_CARDS))
    ordered = {n: specs[n] for n in ORDER if n in specs}
    ordered.update({n: s for n, s in specs.items() if n not in ordered})
    return ordered


_LOADED: dict[str, ThemeSpec] | None = None


def themes() -> dict[str, ThemeSpec]:
    """The themes of this process, loaded once."""
    global _LOADED
    if _LOADED is None:
        _LOADED = load_themes()
    return _LOADED

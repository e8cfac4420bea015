"""Unique display names, unique table names and private-table join codes."""

from __future__ import annotations

import random
import secrets
import unicodedata

from rich.cells import cell_len

from ahoy_tui.lobby.errors import Refused

CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6


MAX_NAME_COLUMNS = 16
FALLBACK_NAME = "sailor"
RESERVED_LEAD = "✓+"
"""Characters a name may not start with: the online list's key mark (UTF-8 and ASCII)."""

# Unicode categories dropped from names: controls, format characters (this
# includes the bidi overrides/isolates U+202A..U+202E, U+2066..U+2069 and
# zero-width joiners), surrogates, private use, unassigned, and line or
# paragraph separators.
_DROP_CATEGORIES = {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}


def sanitize_name(raw: str, max_columns: int = MAX_NAME_COLUMNS) -> str:
    """Turn an SSH username into a display name.

    Drops control, format (bidi, zero-width) and unassigned characters,
    turns any run of spaces into one space, strips the ends (and a leading
    key mark, ``RESERVED_LEAD``) and cuts the
    result to ``max_columns`` terminal columns (wide characters count 2).

    Args:
        raw: The username as the client sent it.
        max_columns: Width limit in terminal cells.

    Returns:
        A non-empty name of at most ``max_columns`` columns
        (``"sailor"`` when nothing printable is left).
    """
    text = unicodedata.normalize("NFC", raw)
    kept: list[str] = []
    for ch in text:
        cat = unicodedata.category(ch)
        if cat in _DROP_CATEGORIES:
            continue
        if cat == "Zs":
            ch = " "
        kept.append(ch)
    name = " ".join("".join(kept).split())
    # The lobby marks names of players with a key by a leading mark (and
    # "+" in ASCII mode): a chosen name cannot start with either.
    name = name.lstrip(RESERVED_LEAD + " ")
    # Combining marks must not start the name (they would join a border).
    while name and unicodedata.category(name[0]).startswith("M"):
        name = name[1:]
    # Measure the whole prefix: a variation selector can widen the
    # character before it, so per-character widths do not add up.
    end = 0
    while end < len(name) and cell_len(name[: end + 1]) <= max_columns:
        end += 1
    name = name[:end].rstrip()
    return name or FALLBACK_NAME


def unique_name(wanted: str, taken: set[str], limit: int = 16) -> str:
    """``wanted``, or ``wanted~2``, ``wanted~3``... : the first not in ``taken`` (at most ``limit`` characters)."""
    if wanted not in taken:
        return wanted
    for n in range(2, 10_000):
        suffix = f"~{n}"
        cand = wanted[: limit - len(suffix)] + suffix
        if cand not in taken:
            return cand
    raise RuntimeError("no free name")


def unique_table_name(name: str, taken: set[str], limit: int = 24) -> str:
    """``name``, or ``name (2)``, ``name (3)``... : the first not in ``taken`` (at most ``limit`` characters)."""
    if name not in taken:
        return name
    for n in range(2, 10_000):
        suffix = f" ({n})"
        cand = name[: limit - len(suffix)].rstrip() + suffix
        if cand not in taken:
            return cand
    raise Refused("too many tables have that name")


def new_code(taken: set[str | None], rng: random.Random | None) -> str:
    """A join code not in ``taken``: from ``rng`` (a seeded lobby, tests) or else the OS (``secrets``)."""
    while True:
        if rng is not None:
            code = "".join(rng.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
        else:
            code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
        if code not in taken:
            return code

"""Unique display names, unique table names and private-table join codes."""

from __future__ import annotations

import random
import secrets

from ahoy_tui.lobby.errors import Refused

CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6


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

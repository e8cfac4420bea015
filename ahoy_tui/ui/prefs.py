"""Per-identity display preferences, remembered while the server runs.

A small in-memory store (no disk): theme, ASCII mode, language, "always
pass on step-in" and first-game hints chosen by an identity come back when
the same identity reconnects.
"""

from __future__ import annotations

from dataclasses import dataclass, replace


HINTS_DEFAULT = True
"""Whether an identity with no stored preferences sees first-game hints (UI tests switch it off:
a hint toast over unrelated screens would make their pictures depend on toast timing)."""


@dataclass(slots=True)
class Prefs:
    """What one identity chose.

    Attributes:
        theme: Theme name (see ``themes``).
        ascii_only: Suits as letters and ASCII borders.
        lang: ``"en"`` or ``"es"``.
        auto_pass: Always pass on step-in (R9.2): the table answers every
            step-in window with a pass at once (key ``P`` at the table).
        hints: Show the first-game hints (★, clocks, step-in, HANDS UP!),
            each once per session (key ``I`` at the table turns them off).
    """

    theme: str
    ascii_only: bool
    lang: str
    auto_pass: bool = False
    hints: bool = True


class PrefsStore:
    """Preferences per identity, in memory, for the life of the process."""

    def __init__(self) -> None:
        self._by_identity: dict[str, Prefs] = {}

    def get(self, identity: str) -> Prefs | None:
        """The stored preferences of ``identity`` (a copy), or None."""
        p = self._by_identity.get(identity)
        return None if p is None else replace(p)

    def put(self, identity: str, prefs: Prefs) -> None:
        """Remember ``prefs`` for ``identity``."""
        self._by_identity[identity] = replace(prefs)

    def clear(self) -> None:
        """Forget everything (tests)."""
        self._by_identity.clear()


#: The process-wide store every session uses.
STORE = PrefsStore()

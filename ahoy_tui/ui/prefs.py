"""Per-identity display preferences, remembered across reconnects and (on a server) restarts.

Theme, ASCII mode, language, "always pass on step-in", turn alerts, first-game hints on or
off, and which hints the identity has already been shown (issue 24.13: each
hint once per identity, not once per session) come back when the same identity
connects again. The process keeps them in memory; a server also writes them
to its store (``ahoy_tui.store.prefs``: SQLite, or Redis with ``--redis``) with
:meth:`PrefsStore.attach`, and reads an identity's back on its first session.
A store that fails is logged and the preferences live on in memory.
"""

from __future__ import annotations

import json
import logging
from dataclasses import asdict, dataclass, fields, replace

from ahoy_tui.store.base import StoreError
from ahoy_tui.store.prefs import PrefsBackend

log = logging.getLogger(__name__)


ALERT_MODES = ("off", "bell", "title")
"""Turn alert modes in the order ``N`` cycles them (``Prefs.alerts``)."""

HINTS_DEFAULT = True
"""Whether an identity with no stored preferences sees first-game hints (UI tests switch it off:
a hint toast over unrelated screens would make their pictures depend on toast timing)."""


@dataclass(slots=True)
class Prefs:
    """What one identity chose.

    Attributes:
        theme: Theme name (see ``themes``).
        ascii_only: Suits as letters and ASCII borders.
        lang: ``"en"``, ``"es"`` or ``"de"``.
        auto_pass: Always pass on step-in (R9.2): the table answers every
            step-in window with a pass at once (key ``P`` at the table).
        hints: Show the first-game hints (★, clocks, step-in, HANDS UP!),
            each once per identity (key ``I`` at the table turns them off).
        hints_seen: The hints (``ui.games.ahoy.hints.HINT_KEYS``) this identity was shown already.
        chosen: Which of ``"lang"`` and ``"ascii_only"`` the player chose with a key
            (``l``, ``m``); the others follow each session's terminal (its ``LANG``,
            UTF-8 or not), so a first session in English does not make every later
            one English.
        alerts: Turn alerts (key ``N`` at a table, docs/ui.md "Turn alerts"): ``"off"``,
            ``"bell"`` (the default) or ``"title"`` (bell, terminal title and, where the
            terminal shows one, a desktop notification).
        line_mode: Plain logins start in line mode (``line on`` in line mode; issue 28.1).
        suit_words: Line mode reads suits as words ("6 of hearts"; ``suits words``).
    """

    theme: str
    ascii_only: bool
    lang: str
    auto_pass: bool = False
    hints: bool = True
    hints_seen: tuple[str, ...] = ()
    chosen: tuple[str, ...] = ()
    alerts: str = "bell"
    line_mode: bool = False
    suit_words: bool = False

    def to_text(self) -> str:
        """These preferences as one JSON object (what the store keeps)."""
        return json.dumps(asdict(self), sort_keys=True)

    @classmethod
    def from_text(cls, text: str) -> "Prefs | None":
        """Preferences kept by :meth:`to_text`; None for text that is not such an object (a field of the
        wrong type or missing is left at its default; unknown fields are ignored)."""
        try:
            d = json.loads(text)
        except ValueError:
            return None
        if not isinstance(d, dict) or not all(isinstance(d.get(k), str) for k in ("theme", "lang")):
            return None
        kept = {f.name: d[f.name] for f in fields(cls) if f.name in d}
        kept["ascii_only"] = bool(kept.get("ascii_only", False))
        kept["auto_pass"] = bool(kept.get("auto_pass", False))
        kept["hints"] = bool(kept.get("hints", True))
        kept["line_mode"] = bool(kept.get("line_mode", False))
        kept["suit_words"] = bool(kept.get("suit_words", False))
        seen = kept.get("hints_seen", ())
        kept["hints_seen"] = tuple(str(k) for k in seen) if isinstance(seen, list) else ()
        chosen = kept.get("chosen", ())
        kept["chosen"] = tuple(str(k) for k in chosen) if isinstance(chosen, list) else ()
        if kept.get("alerts") not in ALERT_MODES:
            kept["alerts"] = "bell"
        return cls(**kept)


class PrefsStore:
    """Preferences per identity, in memory for the life of the process, and in ``backend`` when attached."""

    def __init__(self, backend: PrefsBackend | None = None) -> None:
        self._by_identity: dict[str, Prefs] = {}
        self._backend = backend

    def attach(self, backend: PrefsBackend | None) -> None:
        """Keep preferences in ``backend`` from now on (None: memory only); forgets what memory holds,
        so the next read of each identity comes from ``backend``."""
        self._backend = backend
        self._by_identity.clear()

    def get(self, identity: str) -> Prefs | None:
        """The stored preferences of ``identity`` (a copy), or None.

        With a backend they are read from it (once per session start: with ``--redis`` another worker
        may have changed them since); when it fails or has none, memory answers.
        """
        p = None
        if self._backend is not None:
            try:
                text = self._backend.load(identity)
            except StoreError as e:
                log.error("preferences of a player could not be read: %s", e)
                text = None
            p = Prefs.from_text(text) if text is not None else None
            if p is not None:
                self._by_identity[identity] = p
        p = p or self._by_identity.get(identity)
        return None if p is None else replace(p)

    def put(self, identity: str, prefs: Prefs) -> None:
        """Remember ``prefs`` for ``identity`` (and write them to the backend; a failure is logged)."""
        if self._by_identity.get(identity) == prefs:
            return  # nothing changed since this worker last read or wrote them
        self._by_identity[identity] = replace(prefs)
        if self._backend is not None:
            try:
                self._backend.save(identity, prefs.to_text())
            except StoreError as e:
                log.error("preferences of a player could not be kept: %s", e)

    def clear(self) -> None:
        """Forget everything in memory (tests)."""
        self._by_identity.clear()


#: The process-wide store every session uses.
STORE = PrefsStore()

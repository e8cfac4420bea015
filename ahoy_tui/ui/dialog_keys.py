"""Keys around dialogs: a key meant for one screen does not act on another.

The key that closed a dialog, pressed again at once, does not reach the table.

A double tap on ``n`` in the leave dialog would otherwise decline the offer
waiting behind it (``y``/``n`` are accept/decline at the table). The app
tells :class:`SecondTapGuard` about every key it handles (``pressed``) and
every screen it pops (``popping``); it asks ``swallow`` before a key reaches
the bindings. The guard holds for the first key after a dialog closed by a
key onto the table screen, and only while that screen shows the same update
(nothing happened since): any other key, or a table that moved on, ends it.
No timer.

A report that opened by itself (the game-over or hand-over report an update
pushed, not a key) takes no key typed before it was on screen: under load a
key typed at the table (Enter confirming a card) is handled only after the
update that ended the game, and it used to close the report before the
player saw it. :class:`TypedBefore` compares each key's ``time`` (when the
driver parsed it) with when the report was first painted. No timer either.
"""

from __future__ import annotations

import time
from typing import Any
from weakref import WeakKeyDictionary

from textual.screen import ModalScreen


class SecondTapGuard:
    """State: the key being handled now, and the armed ``(key, table screen, version)``."""

    def __init__(self) -> None:
        self._key_on: tuple[str, Any] | None = None
        self._armed: tuple[str, Any, int] | None = None

    def pressed(self, key: str, screen: Any) -> None:
        """``key`` reached ``screen``'s bindings (call ``handled`` once it was dealt with)."""
        self._key_on = (key, screen)

    def handled(self) -> None:
        self._key_on = None

    def popping(self, stack: list[Any], table: Any) -> None:
        """The top of ``stack`` is being popped; arm when a key closes a dialog onto ``table``."""
        pressed = self._key_on
        if (pressed is not None and len(stack) >= 2 and pressed[1] is stack[-1] and isinstance(stack[-1], ModalScreen)
                and table is not None and stack[-2] is table and table.update is not None):
            self._armed = (pressed[0], table, table.update.version)

    def swallow(self, key: str, screen: Any) -> bool:
        """True when ``key`` repeats the key that just closed a dialog and the table is unchanged."""
        armed, self._armed = self._armed, None
        if armed is None:
            return False
        was, table, version = armed
        return key == was and screen is table and table.update is not None and table.update.version == version


class TypedBefore:
    """State: each open report that opened by itself, and when it was first painted (None: not yet)."""

    def __init__(self) -> None:
        self._shown: WeakKeyDictionary[Any, float | None] = WeakKeyDictionary()

    def opened(self, screen: Any) -> None:
        """``screen`` was just pushed by an update (not by a key); call after ``push_screen``.

        Its first paint is noted after the next refresh (``call_after_refresh``).
        """
        self._shown[screen] = None
        self._watch(screen)

    def _watch(self, screen: Any) -> None:
        screen.call_after_refresh(self._painted, screen)

    def _painted(self, screen: Any) -> None:
        if screen in self._shown and self._shown[screen] is None:
            self._shown[screen] = time.monotonic()

    def swallow(self, typed: float, screen: Any) -> bool:
        """True when a key typed at ``typed`` reached ``screen``, a report that opened by itself,
        before that report was first painted.

        ``typed`` is the key event's ``time`` (Textual's clock: ``time.monotonic()`` on POSIX).
        A key that finds the report not yet noted as painted watches for the paint again: were
        the first refresh callback lost (it runs with whichever screen is in front), that costs
        one key, never the report's keys for good.
        """
        if screen not in self._shown:
            return False
        shown = self._shown[screen]
        if shown is None:
            self._watch(screen)
            return True
        return typed < shown

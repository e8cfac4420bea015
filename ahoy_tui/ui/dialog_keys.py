"""The key that closed a dialog, pressed again at once, does not reach the table.

A double tap on ``n`` in the leave dialog would otherwise decline the offer
waiting behind it (``y``/``n`` are accept/decline at the table). The app
tells :class:`SecondTapGuard` about every key it handles (``pressed``) and
every screen it pops (``popping``); it asks ``swallow`` before a key reaches
the bindings. The guard holds for the first key after a dialog closed by a
key onto the table screen, and only while that screen shows the same update
(nothing happened since): any other key, or a table that moved on, ends it.
No timer.
"""

from __future__ import annotations

from typing import Any

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

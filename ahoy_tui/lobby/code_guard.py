"""Limits per identity and per address group over a sliding window: wrong private-table codes
(guessing a code takes more than typing fast) and new tables (a flood of tables fills every lobby).

Wrong codes: a session (its identity) that gave ``WRONG_CODES`` wrong codes within
``WRONG_CODE_WINDOW`` seconds is refused every code, right or wrong, with
"too many wrong codes: wait N s" until the oldest of them is that old; so
is every session from an address group (``PlayerHandle.address``) whose
sessions gave ``WRONG_CODES_PER_ADDRESS`` together (several names from one
address). The counting is :class:`ahoy_tui.lobby.chat.RateLimiter`'s
sliding window. Each worker counts the sessions it serves (docs/deploy.md,
"Not shared between workers yet").

New tables: an identity that made ``TABLES`` tables within ``TABLE_WINDOW``
seconds, or an address group whose sessions made ``TABLES_PER_ADDRESS``
together, is refused the next one with :class:`TooFast` ("you are making
tables too fast: wait N s"). With ``--redis`` a table is made by the worker
serving the session, which counts it (as it counts wrong codes).
"""

from __future__ import annotations

import math
from typing import Callable

from ahoy_tui.lobby.chat import RateLimiter
from ahoy_tui.lobby.errors import LobbyError, Refused, TooFast
from ahoy_tui.lobby.handle import PlayerHandle

PRIVATE = "this table is private: ask the host for its code"
"""The refusal of a private table without its code (a wrong or missing one)."""
WRONG_CODES = 5
"""Wrong codes one identity may give within ``WRONG_CODE_WINDOW``."""
WRONG_CODES_PER_ADDRESS = 15
"""Wrong codes the sessions of one address group may give together within ``WRONG_CODE_WINDOW``."""
WRONG_CODE_WINDOW = 60.0
"""Seconds a wrong code is remembered."""
TABLES = 4
"""Tables one identity may make within ``TABLE_WINDOW``."""
TABLES_PER_ADDRESS = 12
"""Tables the sessions of one address group may make together within ``TABLE_WINDOW``."""
TABLE_WINDOW = 60.0
"""Seconds a new table counts."""


class WindowGuard:
    """Events (wrong codes, new tables) per identity and per address group, over a sliding window.

    Args:
        now: The lobby's clock (seconds, ``Clock.now``).
        count: Events one identity may have within ``window``.
        window: Seconds an event counts.
        per_address: Events one address group may have together within ``window``.
        refusal: The refusal for a wait of N whole seconds (at least 1).
    """

    def __init__(self, now: Callable[[], float], count: int, window: float, per_address: int,
                 refusal: Callable[[int], LobbyError]) -> None:
        self._now = now
        self._by_identity = RateLimiter(count, window)
        self._by_address = RateLimiter(per_address, window)
        self._refusal = refusal

    def check(self, handle: PlayerHandle) -> None:
        """Refuse ``handle`` while its identity or its address group is over the limit.

        Raises:
            LobbyError: ``refusal(N)``, N the whole seconds until the oldest counted event expires.
        """
        now = self._now()
        wait = self._by_identity.wait(handle.identity, now)
        if handle.address:
            wait = max(wait, self._by_address.wait(handle.address, now))
        if wait > 0:
            raise self._refusal(max(1, math.ceil(wait)))

    def count(self, handle: PlayerHandle) -> None:
        """Count one event of ``handle`` (call after ``check`` let it through)."""
        now = self._now()
        self._by_identity.allow(handle.identity, now)
        if handle.address:
            self._by_address.allow(handle.address, now)


class CodeGuard(WindowGuard):
    """Wrong private-table codes: ``WRONG_CODES`` per identity, ``WRONG_CODES_PER_ADDRESS`` per address
    group, per ``WRONG_CODE_WINDOW`` seconds; refused with "too many wrong codes: wait N s"."""

    def __init__(self, now: Callable[[], float], count: int = WRONG_CODES,
                 window: float = WRONG_CODE_WINDOW, per_address: int = WRONG_CODES_PER_ADDRESS) -> None:
        super().__init__(now, count, window, per_address,
                         lambda wait: Refused(f"too many wrong codes: wait {wait} s"))

    def wrong(self, handle: PlayerHandle) -> None:
        """Count one wrong code of ``handle`` (call after ``check`` let it try)."""
        self.count(handle)


def table_guard(now: Callable[[], float], count: int = TABLES, window: float = TABLE_WINDOW,
                per_address: int = TABLES_PER_ADDRESS) -> WindowGuard:
    """New tables: ``count`` per identity and ``per_address`` per address group per ``window`` seconds;
    refused with :class:`TooFast`."""
    return WindowGuard(now, count, window, per_address, TooFast)

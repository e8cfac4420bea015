"""The limit on wrong private-table codes: guessing a code takes more than typing fast.

A session (its identity) that gave ``WRONG_CODES`` wrong codes within
``WRONG_CODE_WINDOW`` seconds is refused every code, right or wrong, with
"too many wrong codes: wait N s" until the oldest of them is that old; so
is every session from an address group (``PlayerHandle.address``) whose
sessions gave ``WRONG_CODES_PER_ADDRESS`` together (several names from one
address). The counting is :class:`ahoy_tui.lobby.chat.RateLimiter`'s
sliding window. Each worker counts the sessions it serves (docs/deploy.md,
"Not shared between workers yet").
"""

from __future__ import annotations

import math
from typing import Callable

from ahoy_tui.lobby.chat import RateLimiter
from ahoy_tui.lobby.errors import Refused
from ahoy_tui.lobby.handle import PlayerHandle

PRIVATE = "this table is private: ask the host for its code"
"""The refusal of a private table without its code (a wrong or missing one)."""
WRONG_CODES = 5
"""Wrong codes one identity may give within ``WRONG_CODE_WINDOW``."""
WRONG_CODES_PER_ADDRESS = 15
"""Wrong codes the sessions of one address group may give together within ``WRONG_CODE_WINDOW``."""
WRONG_CODE_WINDOW = 60.0
"""Seconds a wrong code is remembered."""


class CodeGuard:
    """Wrong codes per identity and per address group, over a sliding window.

    Args:
        now: The lobby's clock (seconds, ``Clock.now``).
        count: Wrong codes one identity may give within ``window``.
        window: Seconds a wrong code counts.
        per_address: Wrong codes one address group may give within ``window``.
    """

    def __init__(self, now: Callable[[], float], count: int = WRONG_CODES,
                 window: float = WRONG_CODE_WINDOW, per_address: int = WRONG_CODES_PER_ADDRESS) -> None:
        self._now = now
        self._wrong = RateLimiter(count, window)
        self._by_address = RateLimiter(per_address, window)

    def check(self, handle: PlayerHandle) -> None:
        """Refuse ``handle`` any code while its identity or its address is over the limit.

        Raises:
            Refused: "too many wrong codes: wait N s" (N whole seconds, at least 1).
        """
        now = self._now()
        wait = self._wrong.wait(handle.identity, now)
        if handle.address:
            wait = max(wait, self._by_address.wait(handle.address, now))
        if wait > 0:
            raise Refused(f"too many wrong codes: wait {max(1, math.ceil(wait))} s")

    def wrong(self, handle: PlayerHandle) -> None:
        """Count one wrong code of ``handle`` (call after ``check`` let it try)."""
        now = self._now()
        self._wrong.allow(handle.identity, now)
        if handle.address:
            self._by_address.allow(handle.address, now)

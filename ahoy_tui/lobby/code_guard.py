"""The limit on wrong private-table codes: guessing a code takes more than typing fast.

A session (its identity) that gave ``WRONG_CODES`` wrong codes within
``WRONG_CODE_WINDOW`` seconds is refused every code, right or wrong, with
"too many wrong codes: wait N s" until the oldest of them is that old. The
counting is :class:`ahoy_tui.lobby.chat.RateLimiter`'s sliding window. Each
worker counts the sessions it serves (docs/deploy.md, "Not shared between
workers yet").
"""

from __future__ import annotations

import math
from typing import Callable

from ahoy_tui.lobby.chat import RateLimiter
from ahoy_tui.lobby.errors import Refused

PRIVATE = "this table is private: ask the host for its code"
"""The refusal of a private table without its code (a wrong or missing one)."""
WRONG_CODES = 5
"""Wrong codes one identity may give within ``WRONG_CODE_WINDOW``."""
WRONG_CODE_WINDOW = 60.0
"""Seconds a wrong code is remembered."""


class CodeGuard:
    """Wrong codes per identity, over a sliding window.

    Args:
        now: The lobby's clock (seconds, ``Clock.now``).
        count: Wrong codes allowed within ``window``.
        window: Seconds a wrong code counts.
    """

    def __init__(self, now: Callable[[], float], count: int = WRONG_CODES,
                 window: float = WRONG_CODE_WINDOW) -> None:
        self._now = now
        self._wrong = RateLimiter(count, window)

    def check(self, identity: str) -> None:
        """Refuse ``identity`` any code while it is over the limit.

        Raises:
            Refused: "too many wrong codes: wait N s" (N whole seconds, at least 1).
        """
        wait = self._wrong.wait(identity, self._now())
        if wait > 0:
            raise Refused(f"too many wrong codes: wait {max(1, math.ceil(wait))} s")

    def wrong(self, identity: str) -> None:
        """Count one wrong code of ``identity`` (call after ``check`` let it try)."""
        self._wrong.allow(identity, self._now())

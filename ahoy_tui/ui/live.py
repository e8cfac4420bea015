"""Guards for handlers that may run while the app is still building, or already ending.

A session can end (EOF, server shutdown) while Textual is still mounting the
first screen: ``on_mount`` and lobby messages then run against a screen whose
children were never mounted, and ``query_one`` raises ``NoMatches`` (logged as a
crash). Handlers that query widgets return early when :func:`built` is False.
"""

from __future__ import annotations

from typing import Any

from textual.css.query import NoMatches


def exiting(node: Any) -> bool:
    """True once the node's app is exiting (or the node has no running app).

    An app that is exiting has a return code: ``App.exit`` sets it (0 or
    the one given), and a crash sets 1.
    """
    try:
        app = node.app
    except Exception:  # no active app: being torn down
        return True
    return app.return_code is not None


def built(node: Any, *selectors: str) -> bool:
    """True when the app is not exiting, ``node`` is attached and every selector is mounted below it."""
    if exiting(node) or not node.is_attached:
        return False
    try:
        for selector in selectors:
            node.query_one(selector)
    except NoMatches:
        return False
    return True

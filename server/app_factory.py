"""Which app a session runs: the factory (``--app MODULE:FUNC``, default ``ahoy_tui.ui.app.create_app``)."""

from __future__ import annotations

import importlib
import inspect
from typing import Any, Callable

from textual.app import App

from ahoy_tui.lobby.api import LobbyAPI
from ahoy_tui.lobby.handle import PlayerHandle
from ahoy_tui.session import SessionInfo

AppFactory = Callable[..., App[Any]]
"""``factory(session, lobby)`` or ``factory(session, lobby, handle)``."""


def build_app(factory: AppFactory, info: SessionInfo, lobby: LobbyAPI, handle: PlayerHandle) -> App[Any]:
    """Call ``factory`` with the session's lobby handle when it takes one.

    The session connected ``handle`` and disconnects it when the session
    ends; a two-argument factory (``--app``, tests) connects its own.
    """
    try:
        params = inspect.signature(factory).parameters.values()
    except (TypeError, ValueError):
        return factory(info, lobby)
    takes_handle = sum(p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD) for p in params) >= 3 or any(
        p.kind is p.VAR_POSITIONAL for p in params)
    return factory(info, lobby, handle) if takes_handle else factory(info, lobby)


def load_app_factory(spec: str) -> AppFactory:
    """Import ``MODULE:FUNC`` and return the function.

    Raises:
        SystemExit: ``spec`` is not of that form or cannot be imported.
    """
    module_name, _, func_name = spec.partition(":")
    if not module_name or not func_name:
        raise SystemExit(f"--app wants MODULE:FUNC, got {spec!r}")
    try:
        return getattr(importlib.import_module(module_name), func_name)
    except (ImportError, AttributeError) as error:
        raise SystemExit(f"--app {spec}: {error}") from None

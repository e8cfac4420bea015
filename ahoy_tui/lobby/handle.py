"""One connected session as the lobby knows it (``Lobby.connect`` returns it)."""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Callable

log = logging.getLogger(__name__)


@dataclass(eq=False)
class PlayerHandle:
    """One connected session as the lobby knows it.

    Attributes:
        identity: Stable identity (SSH key fingerprint or ``user:NAME``).
        name: Lobby-unique display name.
        listeners: Callbacks given to ``subscribe``.
        on_subscribe: Called with this handle after each ``subscribe`` (the
            lobby sends what a new subscriber must know).
        address: The client's address group (``ahoy_tui.lobby.gate.address_key``), set
            by the SSH server after ``connect``; "" when unknown (tests, a session
            another worker serves). Counts towards per-address limits (``code_guard``).
    """

    identity: str
    name: str
    listeners: list[Callable[[object], None]] = field(default_factory=list)
    on_subscribe: Callable[["PlayerHandle"], None] | None = field(default=None, repr=False)
    address: str = ""

    def subscribe(self, callback: Callable[[object], None]) -> None:
        """Receive every message for this session through ``callback`` (on the loop).

        Immediately sends ``LobbyChanged``, the lobby ``ChatHistory`` and, when
        this identity holds a seat, the full ``TableUpdate`` and chat of one
        table: the one it was last at (reconnect, R17; ``Lobby.reconnect_table``).
        """
        self.listeners.append(callback)
        if self.on_subscribe is not None:
            self.on_subscribe(self)

    def unsubscribe(self, callback: Callable[[object], None]) -> None:
        """Stop sending to ``callback``; safe to call twice."""
        if callback in self.listeners:
            self.listeners.remove(callback)

    def deliver(self, msg: object) -> None:
        """Call every listener with ``msg``; a failing listener is logged, not fatal."""
        for cb in list(self.listeners):
            try:
                cb(msg)
            except Exception:
                log.exception("session callback of %s failed", self.name)

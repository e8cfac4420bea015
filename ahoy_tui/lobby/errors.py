"""The one error every refused lobby command raises (docs/lobby-api.md)."""

from __future__ import annotations


class LobbyError(Exception):
    """A command the lobby refuses.

    Attributes:
        reason: A sentence a player can read. Stale actions start with
            ``"stale: "`` so a session can tell them apart.
    """

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason

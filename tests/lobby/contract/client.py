"""A contract-test session: connects through ``LobbyAPI`` and keeps every message it is sent."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TypeVar

from ahoy_tui.lobby.api import LobbyAPI
from ahoy_tui.lobby.handle import PlayerHandle
from ahoy_tui.lobby.messages import TableUpdate

M = TypeVar("M")


@dataclass(eq=False)
class Client:
    """One session: its handle and the messages it received, oldest first."""

    lobby: LobbyAPI
    handle: PlayerHandle
    got: list[object] = field(default_factory=list)

    @classmethod
    async def connect(cls, lobby: LobbyAPI, name: str) -> "Client":
        """Connect ``user:NAME`` and subscribe."""
        client = cls(lobby, await lobby.connect(f"user:{name}", name))
        client.handle.subscribe(client.got.append)
        return client

    def of(self, kind: type[M]) -> list[M]:
        """Every received message of this type."""
        return [m for m in self.got if isinstance(m, kind)]

    def latest(self, table_id: str) -> TableUpdate | None:
        """The last ``TableUpdate`` of ``table_id`` received, or None."""
        return next((m for m in reversed(self.of(TableUpdate)) if m.table.table_id == table_id), None)

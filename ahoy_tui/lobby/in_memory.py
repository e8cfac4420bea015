"""``InMemoryLobby``: the lobby contract (:class:`~ahoy_tui.lobby.api.LobbyAPI`) over one process's ``Lobby``.

A thin async adapter: each command calls the synchronous single writer
(:class:`ahoy_tui.lobby.lobby.Lobby`) and awaits nothing, so a command runs
to completion on the caller's loop turn exactly as before, and messages are
delivered before it returns.
"""

from __future__ import annotations

from ahoy_tui.community.rating import Change
from ahoy_tui.community.service import BoardRow, Profile
from ahoy_tui.games.base import Action
from ahoy_tui.lobby import standings
from ahoy_tui.lobby.api import BotKind
from ahoy_tui.lobby.handle import PlayerHandle
from ahoy_tui.lobby.lobby import Lobby
from ahoy_tui.lobby.messages import LobbyChanged, TableConfig, TableSummary
from ahoy_tui.store.base import GameListing


class InMemoryLobby:
    """:class:`~ahoy_tui.lobby.api.LobbyAPI` over a :class:`Lobby` of this process.

    Args:
        core: The lobby to delegate to (default: a new ``Lobby()``).

    Attributes:
        core: The synchronous lobby, for server code and tests that need its
            internals (tables, clocks); sessions use only the coroutines.
    """

    def __init__(self, core: Lobby | None = None) -> None:
        self.core = core if core is not None else Lobby()

    async def connect(self, identity: str, wanted_name: str) -> PlayerHandle:
        return self.core.connect(identity, wanted_name)

    async def disconnect(self, handle: PlayerHandle) -> None:
        self.core.disconnect(handle)

    async def online_names(self) -> list[str]:
        return self.core.online_names()

    async def table_summaries(self) -> list[TableSummary]:
        return self.core.table_summaries()

    async def lobby_state(self) -> LobbyChanged:
        return self.core.lobby_state()

    async def seated_tables(self, identity: str) -> frozenset[str]:
        return self.core.seated_tables(identity)

    async def create_table(self, handle: PlayerHandle, config: TableConfig) -> str:
        return self.core.create_table(handle, config)

    async def join(self, handle: PlayerHandle, table_id: str, code: str | None = None) -> int:
        return self.core.join(handle, table_id, code)

    async def join_by_code(self, handle: PlayerHandle, code: str) -> str:
        return self.core.join_by_code(handle, code)

    async def spectate(self, handle: PlayerHandle, table_id: str, code: str | None = None) -> None:
        self.core.spectate(handle, table_id, code)

    async def leave(self, handle: PlayerHandle, table_id: str) -> None:
        self.core.leave(handle, table_id)

    async def add_bot(self, handle: PlayerHandle, table_id: str, kind: BotKind = "baseline") -> int:
        return self.core.add_bot(handle, table_id, kind)

    async def remove_seat(self, handle: PlayerHandle, table_id: str, seat: int) -> None:
        self.core.remove_seat(handle, table_id, seat)

    async def set_ready(self, handle: PlayerHandle, table_id: str, ready: bool) -> None:
        self.core.set_ready(handle, table_id, ready)

    async def start(self, handle: PlayerHandle, table_id: str) -> None:
        self.core.start(handle, table_id)

    async def give_to_bot(self, handle: PlayerHandle, table_id: str, seat: int) -> None:
        self.core.give_to_bot(handle, table_id, seat)

    async def rematch(self, handle: PlayerHandle, table_id: str) -> None:
        self.core.rematch(handle, table_id)

    async def set_autopilot(self, handle: PlayerHandle, table_id: str, on: bool) -> None:
        self.core.set_autopilot(handle, table_id, on)

    async def set_auto_pass(self, handle: PlayerHandle, table_id: str, on: bool) -> None:
        self.core.set_auto_pass(handle, table_id, on)

    async def act(self, handle: PlayerHandle, table_id: str, action: Action, version: int) -> None:
        self.core.act(handle, table_id, action, version)

    async def record_for(self, handle: PlayerHandle, table_id: str, game: int = -1) -> list[dict]:
        return self.core.record_for(handle, table_id, game)

    async def my_games(self, handle: PlayerHandle, limit: int = 50) -> list[GameListing]:
        return self.core.my_games(handle, limit)

    async def game_record(self, handle: PlayerHandle, game_id: str) -> list[dict]:
        return self.core.game_record(handle, game_id)

    async def close_table(self, table_id: str, reason: str, key: str = "") -> None:
        self.core.close_table(table_id, reason, key)

    async def chat(self, handle: PlayerHandle, channel: str, text: str) -> None:
        self.core.chat(handle, channel, text)

    async def leaderboard(self, board: str = "overall", players: int = 0, limit: int = 20,
                          game: str = "ahoy") -> list[BoardRow]:
        return await standings.leaderboard(self.core, board, players, limit, game)

    async def profiles(self, name: str) -> list[Profile]:
        return await standings.profiles(self.core, name)

    async def rating_changes(self, table_id: str) -> list[Change | None]:
        return await standings.rating_changes(self.core, table_id)

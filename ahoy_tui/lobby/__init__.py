"""The shared in-memory lobby: players online, tables, seats, chat, clocks.

The only writer of game state (DESIGN.md, lobby; docs/lobby-api.md). Sessions
and the front door use the contract ``LobbyAPI`` (``api.py``: async commands,
typed refusals in ``errors.py``); ``InMemoryLobby`` implements it over the
synchronous single writer ``Lobby``.
"""

from ahoy_tui.lobby.clock import LoopClock, ManualClock
from ahoy_tui.lobby.config import CLOCK_PROFILES, Timing
from ahoy_tui.lobby.errors import LobbyError, Refused, RuleBroken, Stale, TooFast
from ahoy_tui.lobby.handle import PlayerHandle
from ahoy_tui.lobby.lobby import LOBBY, Lobby
from ahoy_tui.lobby.api import LobbyAPI
from ahoy_tui.lobby.in_memory import InMemoryLobby
from ahoy_tui.lobby.messages import (ChatHistory, ChatMessage, LobbyChanged, Notice, SeatInfo, TableClosed,
                                     TableConfig, TableSnapshot, TableSummary, TableUpdate)

__all__ = ["Lobby", "LobbyAPI", "InMemoryLobby", "PlayerHandle", "TableSummary", "LobbyError", "Refused", "TooFast",
           "Stale", "RuleBroken", "LOBBY", "Timing", "CLOCK_PROFILES",
           "LoopClock", "ManualClock", "ChatHistory", "ChatMessage", "LobbyChanged", "Notice", "SeatInfo",
           "TableClosed", "TableConfig", "TableSnapshot", "TableUpdate"]

"""The shared in-memory lobby: players online, tables, seats, chat, clocks.

The only writer of game state (DESIGN.md, lobby; docs/lobby-api.md). The
front door uses ``Lobby.connect`` / ``Lobby.disconnect`` /
``Lobby.table_summaries``; the UI uses the player handle ``connect`` returns.
"""

from ahoy_tui.lobby.clock import LoopClock, ManualClock
from ahoy_tui.lobby.config import CLOCK_PROFILES, Timing
from ahoy_tui.lobby.errors import LobbyError
from ahoy_tui.lobby.handle import PlayerHandle
from ahoy_tui.lobby.lobby import LOBBY, Lobby
from ahoy_tui.lobby.messages import (ChatHistory, ChatMessage, LobbyChanged, Notice, SeatInfo, TableClosed,
                                     TableConfig, TableSnapshot, TableSummary, TableUpdate)

__all__ = ["Lobby", "PlayerHandle", "TableSummary", "LobbyError", "LOBBY", "Timing", "CLOCK_PROFILES",
           "LoopClock", "ManualClock", "ChatHistory", "ChatMessage", "LobbyChanged", "Notice", "SeatInfo",
           "TableClosed", "TableConfig", "TableSnapshot", "TableUpdate"]

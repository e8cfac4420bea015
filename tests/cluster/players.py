"""Players for the two-worker tests: sessions that act like people and check what they are sent."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from ahoy_tui.games.ahoy.bots import make_bot
from ahoy_tui.games.ahoy.actions import Ahoy
from ahoy_tui.lobby.errors import LobbyError
from ahoy_tui.lobby.messages import TableUpdate
from ahoy_tui.lobby.table import Table
from tests.lobby.contract.client import Client
from tests.lobby.helpers import check_private


@dataclass(eq=False)
class Player(Client):
    """A ``Client`` that plays its seat with the baseline bot's choices, once per version."""

    acted: int = 0
    refused: int = 0
    _done: set = field(default_factory=set)
    _bot: object = None

    async def play(self, table_id: str) -> None:
        """Act once on the newest update if it offers this seat a choice (a refusal is counted)."""
        u = self.latest(table_id)
        if u is None or not u.legal or u.seat is None or u.version in self._done:
            return
        self._done.add(u.version)
        if self._bot is None:
            self._bot = make_bot("baseline", random.Random(self.handle.name).randrange(1 << 30))
        action = next((a for a in u.legal if isinstance(a, Ahoy)), None) or self._bot.choose(u.view, u.legal)
        try:
            await self.lobby.act(self.handle, table_id, action, u.version)
            self.acted += 1
        except LobbyError:
            self.refused += 1

    def updates(self, table_id: str) -> list[TableUpdate]:
        return [m for m in self.of(TableUpdate) if m.table.table_id == table_id]


def check_everything_sent(players: list[Player], table: Table) -> int:
    """R18 on every ``TableUpdate`` each player got (views, events, legal), and versions one by one:
    after a catch-up, each update is exactly one version after the one before. Returns how many."""
    n = 0
    for p in players:
        last = None
        for u in p.updates(table.table_id):
            check_private(u, table)
            if not u.catch_up and last is not None:
                assert u.version == last + 1, (p.handle.name, last, u.version)
            last = u.version
            n += 1
    return n

"""The ``lobby_factory`` fixture: a fresh lobby behind the contract (``LobbyAPI``) for every test.

The tests in this package use only what it yields: ``.lobby`` (a
:class:`~ahoy_tui.lobby.api.LobbyAPI`) and ``.advance(seconds)`` (let lobby
time pass: timers, bots, clocks). Every test runs three times: an ``InMemoryLobby``
over a ``Lobby`` with a ``ManualClock``, instant timing and a fixed seed
(``memory``); one ``ClusterLobby`` worker on a real redis-server
(``cluster``); and two workers sharing it, the sessions dealt to them in
turn (``cluster2``, ``tests/cluster/workers.py``: every command ends once
the other worker has acted on it). The same tests run unchanged.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import AsyncIterator, Awaitable, Callable

import pytest

from ahoy_tui.lobby import InMemoryLobby, Lobby, ManualClock, Timing
from ahoy_tui.lobby.api import LobbyAPI


@dataclass
class LobbyUnderTest:
    """What a contract test gets: the lobby, and a way to let its time pass.

    Attributes:
        lobby: The lobby under test.
        advance: ``await advance(seconds)``: lobby time moves on by
            ``seconds``; every timer due on the way (bot moves, deals,
            clocks) has run, and its messages are delivered, when it returns.
    """

    lobby: LobbyAPI
    advance: Callable[[float], Awaitable[None]]

    async def until(self, cond: Callable[[], bool], seconds: float = 3600.0, step: float = 1.0) -> None:
        """Let lobby time pass in ``step``s until ``cond()`` holds; fails after ``seconds``."""
        waited = 0.0
        while not cond():
            assert waited < seconds, f"not reached within {seconds} s of lobby time"
            await self.advance(step)
            waited += step


@pytest.fixture(params=["memory", "cluster", "cluster2"])
async def lobby_factory(request) -> AsyncIterator[LobbyUnderTest]:
    """A fresh lobby: manual clock(s), bots without pauses, seed 7 (see the module docstring)."""
    if request.param != "memory":
        from tests.cluster.workers import SplitLobby, Workers

        workers = await Workers(request.getfixturevalue("redis_server").url,
                                1 if request.param == "cluster" else 2).start()
        try:
            yield LobbyUnderTest(SplitLobby(workers), workers.advance)
        finally:
            await workers.close()
        return
    clock = ManualClock()
    core = Lobby(clock=clock, timing=Timing.instant(), seed=7, wall=lambda: 0.0)

    async def advance(seconds: float) -> None:
        clock.advance(seconds)

    yield LobbyUnderTest(InMemoryLobby(core), advance)

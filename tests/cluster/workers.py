"""Several ``ClusterLobby`` workers in one test process, sharing one redis-server.

:class:`Workers` starts them (manual clocks, instant timing, seed 7) and
:meth:`Workers.settle` waits until every message any of them published has
been acted on by the others (ping round trips: a worker's writes arrive in
order, so a reply to a ping comes after everything sent before it).
:class:`SplitLobby` is one ``LobbyAPI`` over them for the contract tests:
``connect`` puts sessions on the workers in turn, a command runs on the
session's own worker, and every command ends settled, so the contract's
"delivered when the command returns" holds across workers too.
:class:`Paused` pauses one worker as SIGSTOP would (its loop aside).
"""

from __future__ import annotations

from typing import Any

from ahoy_tui.cluster.lobby import ClusterLobby
from ahoy_tui.lobby import ManualClock, Timing
from ahoy_tui.lobby.errors import Refused
from ahoy_tui.lobby.handle import PlayerHandle
from tests.waiting import wait_until


class Workers:
    """``n`` started workers on ``url``; ``clocks[i]`` is worker ``i``'s manual clock; ``lobby(i)``:
    more ``Lobby`` arguments for worker ``i`` (e.g. its ratings and stats)."""

    def __init__(self, url: str, n: int, heartbeat: float = 0.1, dead_after: float = 0.5,
                 lobby: Any = lambda i: {}) -> None:
        self.clocks = [ManualClock() for _ in range(n)]
        self.all = [ClusterLobby(url, f"w{i}", heartbeat=heartbeat, dead_after=dead_after, request_timeout=2.0,
                                 clock=clock,
                                 timing=Timing.instant(), seed=7, wall=lambda: 0.0, **lobby(i))
                    for i, clock in enumerate(self.clocks)]

    async def start(self) -> "Workers":
        for w in self.all:
            await w.open()
        await self.settle()
        return self

    async def close(self) -> None:
        for w in self.all:
            await w.close()

    async def settle(self) -> None:
        """Every message published so far has been acted on (two rounds: replies cause messages too)."""
        live = [w for w in self.all if w.bus.running]
        await wait_until(lambda: all(w.bus.connected for w in live), what="every worker listening")
        for _ in range(2):
            for a in live:
                for b in live:
                    if a is not b:
                        await self._ping(a, b)

    @staticmethod
    async def _ping(a: ClusterLobby, b: ClusterLobby) -> None:
        for _ in range(5):  # a ping sent while Redis came back may be lost
            try:
                await a.ask(b.worker_id, "ping", None)
                return
            except Refused:
                pass
        raise AssertionError(f"{b.worker_id} does not answer {a.worker_id}")

    async def advance(self, seconds: float) -> None:
        for clock in self.clocks:
            clock.advance(seconds)
        await self.settle()


class SplitLobby:
    """The lobby contract over several workers: sessions are dealt to them in turn."""

    def __init__(self, workers: Workers) -> None:
        self.workers = workers
        self._home: dict[PlayerHandle, ClusterLobby] = {}
        self._next = 0

    async def connect(self, identity: str, wanted_name: str) -> PlayerHandle:
        worker = self.workers.all[self._next % len(self.workers.all)]
        self._next += 1
        handle = await worker.connect(identity, wanted_name)
        self._home[handle] = worker
        await self.workers.settle()
        return handle

    def __getattr__(self, name: str) -> Any:
        async def command(*args: Any, **kwargs: Any) -> Any:
            first = args[0] if args else None
            worker = self._home.get(first, self.workers.all[0]) if isinstance(first, PlayerHandle) \
                else self.workers.all[0]
            try:
                return await getattr(worker, name)(*args, **kwargs)
            finally:
                await self.workers.settle()
        return command


class Paused:
    """Worker ``w`` as a paused process: no heartbeat, no watch, and what Redis sends it waits
    in its subscription until :meth:`resume`."""

    def __init__(self, w: ClusterLobby) -> None:
        self.w = w
        self.heard: list[tuple[str, bytes]] = []
        self.on_message = w.bus.on_message

    async def pause(self) -> None:
        await self.w.watch.pause()
        self.w.bus.on_message = lambda channel, data: self.heard.append((channel, data))

    def resume(self, heard: bool = True) -> None:
        """Run again; ``heard``: what Redis sent meanwhile is acted on (else it was lost)."""
        self.w.bus.on_message = self.on_message
        for channel, data in self.heard if heard else []:
            self.on_message(channel, data)
        self.w.watch.start()

"""What the front door (``server/``) needs of the lobby it serves, beyond the players' commands.

:class:`LobbyHost` is the host contract: the players' commands
(:attr:`LobbyHost.lobby`, a :class:`~ahoy_tui.lobby.api.LobbyAPI`) plus its
life (:meth:`~LobbyHost.close`), where a session comes from
(:meth:`~LobbyHost.set_address`), the session limits and connection rates
(:meth:`~LobbyHost.session_limits`, :meth:`~LobbyHost.connection_rates`),
who is online on other processes (:meth:`~LobbyHost.sessions_elsewhere`),
moderation changes published and heard, and the stores it keeps bans and
preferences in. Two implementations pass the same contract tests
(``tests/lobby/test_host_contract.py``):

* :class:`ahoy_tui.lobby.embedded.EmbeddedHost` — one process, the lobby in
  memory over the SQLite store; what concerns other processes is a no-op;
* :class:`ahoy_tui.cluster.hosted.ClusterHost` — one worker of a cluster
  sharing the lobby, limits and moderation through Redis (``--redis``).

``server.runtime`` builds one from the configuration and never asks which
kind it has.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Protocol

from ahoy_tui.lobby.api import LobbyAPI
from ahoy_tui.lobby.handle import PlayerHandle
from ahoy_tui.lobby.gate import Gate
from ahoy_tui.lobby.lobby import Lobby
from ahoy_tui.store.base import TableStore
from ahoy_tui.store.moderation import ModerationStore
from ahoy_tui.store.prefs import PrefsBackend

Change = dict[str, Any]
"""An operator's moderation change as it travels between processes (``ahoy_tui.moderation.sync``)."""


@dataclass(frozen=True, slots=True)
class SharedCounts:
    """What this process's part in a shared lobby counts (all 0 for a lobby of one process).

    Attributes:
        leases: Table leases it holds now.
        adoptions: Tables it took over from a dead process so far.
        store_errors: Writes to the shared store (Redis) that failed so far (each is retried).
        lease_errors: Lease renewals that failed so far.
    """

    leases: int = 0
    adoptions: int = 0
    store_errors: int = 0
    lease_errors: int = 0


class ConnectionRates(Protocol):
    """New connections and failed passwords counted per address (``Gate``'s limits).

    Each returns the refusal (one line for the client, already logged) or None.
    """

    async def connection_refusal(self, addr: str) -> str | None:
        """Count a new connection from ``addr`` (refused: not counted)."""
        ...

    async def password_failed(self, addr: str) -> str | None:
        """Count a failed password from ``addr``; the refusal once it gave too many."""
        ...


class SessionLimits(Protocol):
    """Interactive sessions at once: on the server and per address (``Gate``'s limits)."""

    async def take(self, addr: str, identity: str, name: str,
                   running: list[tuple[str, str]]) -> tuple[str | None, str]:
        """A place for a new session of ``identity`` from ``addr``: ``(refusal, place)``; refusal is
        one line (the session must not start) or None; give ``place`` back with :meth:`release`.
        ``running``: ``(address, identity)`` of this process's running sessions."""
        ...

    def release(self, place: str) -> None:
        """Give back the place :meth:`take` returned (the session ended); "" does nothing."""
        ...


class LobbyHost(Protocol):
    """The lobby as the front door hosts it (see the module docstring).

    Attributes:
        lobby: The players' commands (``LobbyAPI``): every session calls only these.
        core: This process's lobby: the tables it owns (metrics, the GC policy's table hooks,
            ``chat_gate``) and players connected here.
        store: Where this process's tables are kept (``queued``/``write_errors`` read by metrics).
        on_replaced: ``(handle, name)``: a newer session of ``handle``'s identity started in
            another process; the server tells the older one and ends it (never called when embedded).
        on_moderation: ``(change)``: an operator's change kept in another process
            (``{"op": "reload"}``: read everything again); never called when embedded.
    """

    lobby: LobbyAPI
    core: Lobby
    store: TableStore
    on_replaced: Callable[[PlayerHandle, str], None]
    on_moderation: Callable[[Change], None]

    async def close(self) -> None:
        """Say goodbye (a worker: to the cluster, its leases released), write what the store holds
        and let it go. Call after the core was frozen and sessions were told."""
        ...

    def set_address(self, handle: PlayerHandle, address: str) -> None:
        """Session ``handle`` comes from ``address`` (``gate.address_key`` form): wrong table codes
        count per address, and operators elsewhere find it for ``ban addr NAME``."""
        ...

    def connection_rates(self, gate: Gate) -> ConnectionRates:
        """``gate``'s connection and failed-password rates, counted where every process of this
        lobby sees them (embedded: ``gate`` itself)."""
        ...

    def session_limits(self, gate: Gate) -> SessionLimits:
        """``gate``'s ``max_sessions`` and ``per_address``, counted over every process."""
        ...

    def sessions_elsewhere(self) -> list[tuple[str, str, str]]:
        """``(identity, name, address)`` of each session on other processes ([] when embedded);
        address "" until its process told it."""
        ...

    def publish_moderation(self, change: Change) -> None:
        """Tell the other processes an operator's change kept here (no-op when embedded)."""
        ...

    def moderation_store(self) -> ModerationStore:
        """Where bans, mutes, the MOTD and the audit log are kept (embedded: the SQLite file of the
        tables, or memory without one; a cluster: its Redis). Never raises: a store that cannot be
        used is logged once and memory serves."""
        ...

    def prefs_backend(self) -> PrefsBackend | None:
        """Where players' preferences are kept, as :meth:`moderation_store` (None: memory only)."""
        ...

    def shared_counts(self) -> SharedCounts:
        """Leases, adoptions and Redis errors of this process (the host's metrics; zeros when embedded)."""
        ...

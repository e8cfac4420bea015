"""A worker's tables changing owner: taken over from a log (``adopt``), given up (``let_go``).

:class:`Handover` is the ``Failover`` strategy of a worker's ``Lobby``
(``ahoy_tui.lobby.strategies``) and what ``Ownership``
(:mod:`ahoy_tui.cluster.failover`) calls when it wins or loses a lease:

* **adopt** — another worker owned the table and died (or this one let it
  go while Redis was away, ``"regained"``): the table is rebuilt from its
  log into the running lobby (``ahoy_tui.lobby.restoring.restore``).
* **let go** — another worker owns it now (this one lost its lease, or the
  store refused a write as ``LEASE_LOST``): this lobby stops writing it at
  once and forgets it; its members get ``TableClosed`` (``moved``).
* **waiting** — a table let go because the store could not be reached
  (nobody is known to own it): its members keep its screen with the line
  ``db_lost`` (:mod:`ahoy_tui.cluster.regain`) and wait here until this
  lobby takes it back or another worker announces it (``watch``: they follow
  it there). A command about it meanwhile is refused with "try again shortly".
"""

from __future__ import annotations

import logging

from ahoy_tui.cluster import regain
from ahoy_tui.lobby import restoring
from ahoy_tui.lobby.errors import Refused
from ahoy_tui.lobby.handle import PlayerHandle
from ahoy_tui.lobby.lobby import Lobby
from ahoy_tui.store.base import TableLog

log = logging.getLogger(__name__)

AWAY = "not done: the server lost touch with its database; this table will be back shortly, try again then"


class Handover:
    """Tables of ``lobby`` taken over and given up (see the module docstring).

    Args:
        lobby: The worker's lobby (or later, :meth:`attach`); give the handover to it as its
            ``failover`` strategy so that refused writes and commands about tables away reach it.

    Attributes:
        waiting: Per table let go while its store was out of reach: who was at it
            (``regain.Members``), to attach again when this lobby adopts it back, or to send
            after it (another worker's).
    """

    def __init__(self, lobby: Lobby | None = None) -> None:
        self._lobby = lobby
        self.waiting: dict[str, regain.Members] = {}
        self._lost_at: dict[str, float] = {}
        """Per table in ``waiting``: when it was let go (wall s), the time of its ``db_lost`` line."""

    def attach(self, lobby: Lobby) -> None:
        """The lobby whose tables these are."""
        self._lobby = lobby

    @property
    def lobby(self) -> Lobby:
        if self._lobby is None:
            raise RuntimeError("Handover.attach was not called")
        return self._lobby

    # -- the lobby's Failover strategy -----------------------------------------------------------

    def lease_lost(self, table_id: str) -> None:
        """The store refused ``table_id``'s writes (``LEASE_LOST``): another worker owns it now."""
        self.let_go(table_id)

    def absent(self, table_id: str) -> None:
        """Raises ``Refused`` (try again shortly) when ``table_id`` is ``waiting``."""
        if table_id in self.waiting:
            raise Refused(AWAY)

    def left(self, handle: PlayerHandle, table_id: str) -> bool:
        """``handle`` leaves a ``waiting`` table: it is not taken back to it (True); False otherwise."""
        members = self.waiting.get(table_id)
        if members is None:
            return False
        for h in [h for h in members if h.identity == handle.identity]:
            del members[h]
        return True

    def take_waiting(self, table_id: str) -> regain.Members:
        """Who waited for ``table_id`` (another worker announced it: they follow it); {} for none."""
        return self.waiting.pop(table_id, {})

    # -- taking over and giving up ---------------------------------------------------------------

    def adopt(self, tl: TableLog, line: str = "adopted") -> str | None:
        """Resume one table from its log into the running lobby: another worker owned it and
        died, and this one took its lease (``ahoy_tui.cluster.failover``). The table is held,
        as after a restart, until a seated person comes back (R17); its chat says the table moved
        (system line ``adopted``), or, when its owner stopped cleanly and handed it over
        (``line="resumed"``, ``Leases.take_handed``), that the server restarted; a table no person sits at keeps
        the deadline it had where its last person left (``Table.keep_deadline``). ``line``
        ``"regained"``: this lobby let it go while its store was out of reach and takes it back;
        its members then (``waiting``) are attached again (``regain.reattach``), and its chat
        keeps the ``db_lost`` line they were sent when it was let go (the log could not take it then).

        Returns:
            One line when the table was not restored whole (logged here), else None.
        """
        lobby = self.lobby
        lobby.outbox.release(tl.table_id)
        lost_at = self._lost_at.pop(tl.table_id, None)
        kept = regain.lost_line(tl.table_id, lost_at) if line == "regained" and lost_at is not None else None
        with lobby.batch():
            problem = restoring.restore(lobby, tl, line, kept)
            table = lobby.tables.get(tl.table_id)
            members = self.waiting.pop(tl.table_id, {})
            if table is not None:
                table.keep_deadline()
                regain.reattach(table, members, lambda h: h in lobby.players.get(h.identity, ()))
            lobby.tables_changed()
        if problem:
            log.warning("%s", problem)
        return problem

    def let_go(self, table_id: str, unreachable: bool = False) -> None:
        """Another worker owns ``table_id`` now (this one lost its lease): stop writing it at once
        and forget it here. Its clocks and bots stop, messages not yet delivered about it are
        dropped (their entries were refused), and its members here get ``TableClosed``
        (key ``moved``); nothing is logged. Safe for an unknown table.

        ``unreachable``: the lease ran out because the store could not be reached (nobody is
        known to own the table): its members stay on it with the system line ``db_lost`` and
        wait in ``waiting`` until this lobby adopts it back (``regain``) or another worker does.
        """
        lobby = self.lobby
        table = lobby.tables.pop(table_id, None)
        if table is None:
            return
        log.warning("table %s (%s) let go: %s", table_id, table.config.name,
                    "its store cannot be reached (its lease ran out); taken back when it can" if unreachable
                    else "another worker owns it now")
        with lobby.batch():
            lobby.outbox.drop(table_id)
            if unreachable:
                self._lost_at = {t: at for t, at in self._lost_at.items() if t in self.waiting}  # others took theirs
                self._lost_at[table_id] = lobby.wall()
                self.waiting[table_id] = regain.pause_members(table, self._lost_at[table_id])
            else:
                table.close("the table moved to another server: join it again from the lobby", "moved")
                lobby.forget_table(table_id)
            lobby.table_gone(table)
            lobby.tables_changed()

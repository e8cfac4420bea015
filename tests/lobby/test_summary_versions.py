"""Receivers find what changed in the lobby by ``(table_id, version)``, not by identity (issue 13).

What a player would notice if this broke: a lobby screen in another process
(which only ever sees decoded copies) would show a stale row, or redraw
every row on every join. So over a mix of lobby operations, every
``LobbyChanged`` a watcher receives keeps the rules receivers rely on.
"""

from __future__ import annotations

import dataclasses

from hypothesis import given, settings
from hypothesis import strategies as st

from ahoy_tui.lobby import LobbyChanged, LobbyError, TableConfig, TableSummary, codec
from tests.lobby.helpers import make_lobby


def _facts(s: TableSummary) -> TableSummary:
    return dataclasses.replace(s, version=0)


def check_rules(got: list[LobbyChanged]) -> int:
    """The version rules over one receiver's messages; returns how many row changes they showed."""
    seen: dict[tuple[str, int], TableSummary] = {}
    last: dict[str, TableSummary] = {}
    changes = 0
    for before, after in zip(got, got[1:]):
        if (before.tables, before.online, before.keyed) != (after.tables, after.online, after.keyed):
            assert after.version > before.version
        else:
            assert after.version == before.version
        if before.tables == after.tables:
            assert after.tables_version == before.tables_version
        else:
            assert after.tables_version == after.version
    for msg in got:
        for s in msg.tables:
            key = (s.table_id, s.version)
            assert _facts(seen.setdefault(key, s)) == _facts(s), key     # one version, one summary
            prev = last.get(s.table_id)
            if prev is not None and _facts(prev) != _facts(s):
                assert s.version > prev.version                            # a change bumps it
                changes += 1
            elif prev is not None:
                assert s.version == prev.version                          # no change keeps it
            last[s.table_id] = s
    return changes


_OPS = st.lists(st.tuples(st.sampled_from(["create", "join", "leave", "watch", "bot", "ready", "start", "come",
                                           "go", "close", "time"]),
                          st.integers(0, 5), st.integers(0, 5)), min_size=1, max_size=30)


@settings(max_examples=40, deadline=None)
@given(ops=_OPS)
def test_versions_tell_every_change_and_only_changes(ops):
    lobby, clock = make_lobby(seed=5)
    got: list[LobbyChanged] = []
    watcher = lobby.connect("user:watcher", "watcher")
    watcher.subscribe(lambda m: got.append(codec.decode(codec.encode(m))) if isinstance(m, LobbyChanged) else None)
    people = [lobby.connect(f"user:p{i}", f"p{i}") for i in range(6)]
    gone: set[int] = set()
    for op, a, b in ops:
        tids = list(lobby.tables)
        tid = tids[b % len(tids)] if tids else None
        p = people[a]
        try:
            if op == "create":
                lobby.create_table(p, TableConfig.make(name=f"T{a}{b}", seats=2 + b % 3, clocks="untimed"))
            elif op == "come" and a in gone:
                people[a] = lobby.connect(f"user:p{a}", f"p{a}")
                gone.discard(a)
            elif op == "go" and a not in gone:
                lobby.disconnect(p)
                gone.add(a)
            elif tid is None or a in gone:
                continue
            elif op == "join":
                lobby.join(p, tid)
            elif op == "leave":
                lobby.leave(p, tid)
            elif op == "watch":
                lobby.spectate(p, tid)
            elif op == "bot":
                lobby.add_bot(p, tid)
            elif op == "ready":
                lobby.set_ready(p, tid, True)
            elif op == "start":
                lobby.start(p, tid)
            elif op == "close":
                lobby.close_table(tid, "closed")
            elif op == "time":
                clock.advance(30.0)
        except LobbyError:
            pass
    assert got, "the watcher heard of the lobby"
    final = lobby.lobby_state()
    assert [_facts(s) for s in got[-1].tables] == [_facts(s) for s in final.tables]
    check_rules(got + [final])


def test_a_join_changes_one_rows_version_and_a_login_none():
    lobby, _ = make_lobby()
    host = lobby.connect("user:host", "host")
    t1 = lobby.create_table(host, TableConfig.make(name="One"))
    t2 = lobby.create_table(host, TableConfig.make(name="Two"))
    first = lobby.lobby_state()
    guest = lobby.connect("user:guest", "guest")
    login = lobby.lobby_state()
    assert login.version > first.version and login.tables_version == first.tables_version
    assert [(s.table_id, s.version) for s in login.tables] == [(s.table_id, s.version) for s in first.tables]
    lobby.join(guest, t2)
    joined = lobby.lobby_state()
    assert joined.tables_version == joined.version > login.version
    versions = {s.table_id: s.version for s in joined.tables}
    old = {s.table_id: s.version for s in login.tables}
    assert versions[t1] == old[t1] and versions[t2] > old[t2]
    assert check_rules([first, login, joined]) == 1

"""How many tables may open (``ahoy_tui.lobby.limits``): one source for a lobby alone and for the
cluster's Redis script (``tests/cluster/test_cluster_limits.py`` changes the same numbers)."""

from __future__ import annotations

import pytest
from tests.lobby.helpers import make_lobby

from ahoy_tui.lobby import Refused, TableConfig
from ahoy_tui.lobby import limits


def test_a_host_is_refused_past_the_hosts_limit_and_everyone_past_the_harbours(monkeypatch):
    monkeypatch.setattr(limits, "MAX_TABLES", 3)
    monkeypatch.setattr(limits, "MAX_TABLES_PER_HOST", 2)
    lobby, clock = make_lobby()
    anna, bob = lobby.connect("user:anna", "anna"), lobby.connect("user:bob", "bob")
    for _ in range(2):
        lobby.create_table(anna, TableConfig.make(name="Anna's", seats=2))
        clock.advance(60.0)
    with pytest.raises(Refused, match="^you already host 2 tables$"):
        lobby.create_table(anna, TableConfig.make(name="Anna's", seats=2))
    lobby.create_table(bob, TableConfig.make(name="Bob's", seats=2))
    with pytest.raises(Refused, match="^the harbour is full: no more tables can open right now$"):
        lobby.create_table(bob, TableConfig.make(name="Bob's", seats=2))
    assert len(lobby.tables) == 3

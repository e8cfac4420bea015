"""The contract's surface: every command is a coroutine, documented, and implemented alike."""

from __future__ import annotations

import inspect
import re
from pathlib import Path

import pytest

from ahoy_tui.cluster.lobby import ClusterLobby
from ahoy_tui.lobby.api import LobbyAPI
from ahoy_tui.lobby.in_memory import InMemoryLobby

DOC = Path(__file__).resolve().parents[3] / "docs" / "lobby-api.md"


def commands() -> dict[str, object]:
    return {name: fn for name, fn in vars(LobbyAPI).items() if not name.startswith("_") and callable(fn)}


def test_every_command_is_a_coroutine_named_in_the_docs():
    doc = DOC.read_text(encoding="utf-8")
    assert len(commands()) >= 20
    for name, fn in commands().items():
        assert inspect.iscoroutinefunction(fn), name
        assert re.search(rf"\b{name}\(", doc), f"docs/lobby-api.md does not name {name}()"


@pytest.mark.parametrize("implementation", [InMemoryLobby, ClusterLobby])
def test_every_lobby_implements_every_command_with_the_same_signature(implementation):
    if implementation is InMemoryLobby:
        assert isinstance(InMemoryLobby(), LobbyAPI)
    for name, fn in commands().items():
        mine = getattr(implementation, name)
        assert inspect.iscoroutinefunction(mine), name
        assert inspect.signature(mine) == inspect.signature(fn), name

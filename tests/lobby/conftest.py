"""Lobby tests: a simulated person's failed R18 check fails the test (the lobby only logs it)."""

from __future__ import annotations

import pytest

from tests.lobby.helpers import PEOPLE


@pytest.fixture(autouse=True)
def _people_saw_only_their_own_cards():
    PEOPLE.clear()
    yield
    broken = [(p.name, v) for p in PEOPLE for v in p.violations]
    PEOPLE.clear()
    assert not broken, f"{len(broken)} updates broke R18 or were not checked; first: {broken[0]}"

"""The bot pace (issue 24, 14) is one of the table's durable options: it comes back after a
restart from every store (memory, SQLite, Redis), and a table logged before there was a pace
comes back at the normal pace."""

from __future__ import annotations

import pytest

from ahoy_tui.lobby import Lobby, ManualClock, TableConfig
from ahoy_tui.lobby.config import BOT_PACES, bot_delay
from ahoy_tui.lobby.journal import to_json
from tests.lobby.helpers import FAST


def _lobby(store) -> tuple[Lobby, ManualClock]:
    clock = ManualClock()
    return Lobby(clock=clock, timing=FAST, seed=3, wall=lambda: 0.0, store=store), clock


def first_bot_move_after(lobby: Lobby, clock: ManualClock, tid: str, step: float = 0.01) -> float:
    """Seconds of the lobby's (manual) clock until the first move of the table's game."""
    table = lobby.tables[tid]
    start = len(table.game.record)
    waited = 0.0
    while len(table.game.record) == start:
        clock.advance(step)
        waited += step
        assert waited < 10, "no bot moved"
    return waited


def solo_table(lobby: Lobby, pace: str) -> str:
    """anna alone with three bots, her seat on the autopilot, started: every seat is a bot's."""
    anna = lobby.connect("user:anna", "anna")
    tid = lobby.create_table(anna, TableConfig.make(name=f"Solo {pace}", seats=4, bot_pace=pace))
    for _ in range(3):
        lobby.add_bot(anna, tid, "baseline")
    lobby.start(anna, tid)
    lobby.set_autopilot(anna, tid, True)
    return tid


@pytest.mark.parametrize("pace", list(BOT_PACES))
def test_bots_act_at_the_pace_the_host_chose(pace):
    from ahoy_tui.store import MemoryStore

    lobby, clock = _lobby(MemoryStore())
    tid = solo_table(lobby, pace)
    lo, hi = bot_delay(pace, FAST)
    assert lo - 0.02 <= first_bot_move_after(lobby, clock, tid) <= hi + 0.02


def test_fast_bots_keep_a_lone_player_waiting_far_less():
    assert bot_delay("fast", FAST)[1] < bot_delay("normal", FAST)[0] < bot_delay("relaxed", FAST)[0]


def test_an_unknown_pace_is_refused():
    from ahoy_tui.lobby.errors import LobbyError
    from ahoy_tui.store import MemoryStore

    lobby, _ = _lobby(MemoryStore())
    anna = lobby.connect("user:anna", "anna")
    with pytest.raises(LobbyError, match="bot pace"):
        lobby.create_table(anna, TableConfig.make(name="x", bot_pace="warp"))


def test_the_bot_pace_survives_a_restart(backend):
    store = backend.new()
    lobby, clock = _lobby(store)
    tid = solo_table(lobby, "fast")
    assert store.flush(10.0)
    again, clock = _lobby(backend.restart(store))
    again.resume()
    table = again.tables[tid]
    assert table.config.bot_pace == "fast"
    assert table.bot_pace == "fast"  # what its autopilot reads


def test_a_table_logged_before_the_bot_pace_comes_back_at_the_normal_pace(backend):
    store = backend.new()
    header = to_json(TableConfig.make(name="Old Cove", seats=2))
    del header["bot_pace"]  # as written before issue 24
    store.append("t-old", {"k": "table", "id": "t-old", "config": header, "code": None})
    assert store.flush(10.0)
    again, _ = _lobby(backend.restart(store))
    again.resume()
    assert again.tables["t-old"].config.name == "Old Cove"
    assert again.tables["t-old"].config.bot_pace == "normal"

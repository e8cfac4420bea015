"""A process that plays one table of four bots into the SQLite store, for the kill -9 tests.

Usage: ``python worker.py DB SEED TARGET`` where TARGET names a decision
(``respond``, ``step_in``, ``exchange``, ``pick``, ``discard``,
``between_hands``, ``game_over``) or ``run`` (play on without stopping).
For a decision it plays until the table waits for it, waits until the log
is written, prints one JSON line with the table as it is (``state_of``)
and then sleeps until it is killed. ``run`` prints ``playing`` once the
start is written and keeps appending until killed. Exit status 3: the target was not reached.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from ahoy_tui.games.ahoy.state import Phase  # noqa: E402
from ahoy_tui.lobby import Lobby, ManualClock, TableConfig, Timing  # noqa: E402
from ahoy_tui.store.sqlite import SQLiteStore  # noqa: E402

TIMING = Timing(bot_delay=(0.5, 1.5), between_hands=3.0, empty_grace=1e9)
PHASES = {"respond": Phase.RESPOND, "step_in": Phase.STEP_IN, "exchange": Phase.EXCHANGE,
          "pick": Phase.PICK, "discard": Phase.DISCARD}


def state_of(table) -> dict:
    """What must survive a restart: hands, draw pile order, discard pile, scores, phase, record."""
    g = table.game
    s = g.state
    return {"hands": [list(h) for h in s.hands], "draw": list(s.draw_pile), "discard": list(s.discard),
            "laid_down": list(s.laid_down), "locked": repr(s.locked),
            "totals": list(s.totals), "phase": s.phase.name, "active": s.active,
            "record": json.loads(json.dumps(g.record)), "status": table.status,
            "seats": [[x.kind, x.identity, x.name] for x in table.seats]}


def reached(table, target: str) -> bool:
    if target == "between_hands":
        return table.status == "between_hands"
    if target == "game_over":
        return table.status == "game_over"
    return table.game is not None and table.game.state.phase is PHASES[target] and table.status == "playing"


def main() -> int:
    db, seed, target = Path(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
    store = SQLiteStore(db)
    clock = ManualClock()
    lobby = Lobby(clock=clock, timing=TIMING, seed=seed, store=store)
    anna = lobby.connect("user:anna", "anna")
    limit = 20 if target == "game_over" else 100
    tid = lobby.create_table(anna, TableConfig.make(name="Kill", seats=4, limit=limit, clocks="relaxed"))
    for kind in ("baseline", "random", "baseline"):
        lobby.add_bot(anna, tid, kind)
    lobby.start(anna, tid)
    lobby.set_autopilot(anna, tid, True)
    table = lobby.tables[tid]
    if target == "run":
        assert store.flush(30.0)                       # the start is written; what follows may not be
        print("playing", flush=True)
        while table.status != "game_over":
            clock.advance(0.25)
        print("over", flush=True)
        time.sleep(3600)
        return 0
    for _ in range(40_000):
        if reached(table, target):
            break
        clock.advance(0.25)
    else:
        return 3
    assert store.flush(30.0)
    print(json.dumps(state_of(table)), flush=True)
    time.sleep(3600)
    return 0


if __name__ == "__main__":
    sys.exit(main())

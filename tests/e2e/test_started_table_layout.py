"""Every seat is listed on every player's screen once the host starts a table from its waiting room.

The waiting room shows a text in place of the seat list; on "start" the seat
list appears with a row per seat, which changes its height: a layout pass.
A render shortcut that painted the changed rows before Textual's layout had
taken the new height left a guest's seat list one row high ("anna" only)
for the whole game (issue 25's attempt to paint without the screen's update
timer; seen over SSH, not in headless tests).
"""

from __future__ import annotations

from pathlib import Path

from harness import connect, start_server

from ahoy_tui.lobby import Lobby
from ahoy_tui.ui.app import create_app


async def test_host_and_guest_see_every_seat_when_the_host_starts(tmp_path: Path):
    server = await start_server(tmp_path, Lobby(), app_factory=create_app)
    players = []
    try:
        anna = await connect(server.port, "anna")
        bo = await connect(server.port, "bo")
        players = [anna, bo]
        for p in players:
            await p.wait_for("welcome aboard", 30)
        anna.send("n")
        await anna.wait_for("Create a table", 30)
        anna.send("\r")
        await anna.wait_for("waiting for the crew", 30)
        await bo.wait_for("anna's ship", 30)
        bo.send("j")
        await bo.wait_for("waiting for the crew", 30)
        for _ in range(2):
            anna.send("b")
            await anna.wait_for("Add a bot", 30)
            anna.send("3")
            await anna.wait_for(r"\(bot, hard", 30)
            await anna.settle(0.3)
        bo.send("r")
        await anna.wait_for("start the game", 30)
        anna.send("g")
        for p in players:
            await p.wait_for("Hand 1", 30)
            await p.settle(0.5)
        server_seats = [s.name for s in server.lobby.core.tables[next(iter(server.lobby.core.tables))].seats]
        for who, p in zip(("anna", "bo"), players):
            top = p.screen.display[:8]
            seat_rows = [line for line in top if " pts" in line]  # a seat row: name, cards, points
            listed = [name for name in server_seats if any(name in row for row in seat_rows)]
            assert len(seat_rows) == 4 and listed == server_seats, (
                f"{who}'s seat list shows {listed} of {server_seats}:\n" + "\n".join(top))
    finally:
        for p in players:
            await p.close()
        await server.stop()

"""A bot API player's seat is marked as a bot (player-run) everywhere a seat is shown (issue 28).

The lobby marks the seat (``SeatInfo.api_bot``) for every member; the waiting room, the
seat ring and the table chat's "sat down" line say "bot API" in en/es/de, and a person's
seat says nothing of the kind.
"""

from __future__ import annotations

import pytest

from ahoy_tui.lobby import TableConfig, TableUpdate, Timing
from ahoy_tui.lobby.messages import ChatMessage
from ahoy_tui.ui.i18n import tr
from ahoy_tui.ui.table_kit.look import Look
from ahoy_tui.ui.table_kit.seats import seat_status, waiting_text
from tests.lobby.helpers import make_lobby

WORD = {"en": "bot API", "es": "bot API", "de": "Bot-API"}


def _table():
    lobby, _clock = make_lobby(1, Timing.instant())
    bot = lobby.connect("bot:SHA256:abcdef", "robo")
    anna = lobby.connect("key:SHA256:anna", "anna")
    got: list[object] = []
    anna.subscribe(got.append)
    bot.subscribe(lambda m: None)
    tid = lobby.create_table(anna, TableConfig.make("ahoy", name="Cove", seats=3, limit=20))
    lobby.join(bot, tid)
    return lobby, anna, bot, tid, got


def test_the_bot_api_seat_is_marked_for_every_member():
    lobby, anna, bot, tid, got = _table()
    update = [m for m in got if isinstance(m, TableUpdate)][-1]
    seats = update.table.seats
    assert [s.api_bot for s in seats] == [False, True, False]
    assert seats[1].kind == "person"


@pytest.mark.parametrize("lang", ["en", "es", "de"])
def test_the_waiting_room_the_ring_and_the_chat_say_bot_api(lang):
    lobby, anna, bot, tid, got = _table()
    update = [m for m in got if isinstance(m, TableUpdate)][-1]
    room = waiting_text(update, Look(lang=lang)).plain.splitlines()
    assert WORD[lang] in next(line for line in room if "robo" in line)
    assert WORD[lang] not in next(line for line in room if "anna" in line)
    lobby.add_bot(anna, tid, "baseline")
    lobby.set_ready(bot, tid, True)
    lobby.set_ready(anna, tid, True)
    lobby.start(anna, tid)
    update = [m for m in got if isinstance(m, TableUpdate)][-1]
    t = lambda k, **kw: tr(lang, k, **kw)  # noqa: E731
    assert seat_status(update, 1, t) == WORD[lang]
    assert seat_status(update, 0, t) == ""
    sat = [m for m in got if isinstance(m, ChatMessage) and m.key.endswith("sat_down") and ("name", "robo") in m.args]
    assert [m.key for m in sat] == ["api_bot_sat_down"]
    assert tr(lang, "sys.api_bot_sat_down", name="robo").startswith(f"robo ({WORD[lang]})")

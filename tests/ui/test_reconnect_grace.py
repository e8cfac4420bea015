"""R17 in the UI: a dropped seat reads "reconnecting 20 s" counting down in the others' seat list
(en/es/de), and the player back is told what the autopilot did for her, naming no card she may
not know (R18)."""

from __future__ import annotations

import re

import pytest
from test_hidden_info import known_cards, leaked, secret_cards
from ui_helpers import at_table, make_app, new_lobby, screen_text, toasts, wait_for

from ahoy_tui.lobby import TableConfig
from ahoy_tui.ui.games.ahoy.table import TableScreen

SIZE = (100, 30)
WORD = {"en": "reconnecting", "es": "reconectando", "de": "getrennt"}
TITLE = {"en": "While you were away", "es": "Mientras no estabas", "de": "Während du weg warst"}


def table_for_anna_and_ben(lobby, anna_handle, grace: int) -> tuple[str, object]:
    """anna (the app, host) and ben (a lobby session) and a bot at a started untimed table."""
    tid = lobby.create_table(anna_handle, TableConfig.make(name="Cove", seats=3, limit=1000, clocks="untimed",
                                                           grace=grace))
    ben = lobby.connect("user:ben", "ben")
    ben.subscribe(lambda m: None)
    lobby.join(ben, tid)
    lobby.set_ready(ben, tid, True)
    lobby.add_bot(anna_handle, tid, "baseline")
    lobby.start(anna_handle, tid)
    return tid, ben


@pytest.mark.parametrize("lang", ["en", "es", "de"])
async def test_the_others_see_the_dropped_seat_reconnecting_with_the_grace_counting_down(lang):
    lobby = new_lobby()
    app = make_app(lobby, lang=lang)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        tid, ben = table_for_anna_and_ben(lobby, app.handle, grace=20)
        app.open_table(tid)
        await wait_for(pilot, at_table)
        lobby.disconnect(ben)
        pattern = re.compile(rf"ben\b.*{WORD[lang]} (\d+) s")
        await wait_for(pilot, lambda a: pattern.search(screen_text(a)))
        first = int(pattern.search(screen_text(app)).group(1))
        assert 18 <= first <= 20
        # it counts down on anna's screen without any update from the table
        await wait_for(pilot, lambda a: (m := pattern.search(screen_text(a))) and int(m.group(1)) < first)


async def test_the_returner_is_told_what_the_autopilot_did_and_no_card_she_may_not_know():
    lobby = new_lobby(seed=5)
    anna_app = make_app(lobby)
    async with anna_app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        tid, ben = table_for_anna_and_ben(lobby, anna_app.handle, grace=0)   # the autopilot at once
        table = lobby.tables[tid]
        n0 = len(table.events)
        lobby.disconnect(ben)
        # anna plays (through the lobby) until ben's seat has discarded for him
        for _ in range(200):
            if any(e.kind == "discarded" and e.data.get("seat") == 1 for e in table.events[n0:]):
                break
            legal = table.legal_now(0)
            if legal:
                lobby.act(anna_app.handle, tid, legal[-1], table.version)
            await pilot.pause(0.01)
        gave = next(e.data["card"] for e in table.events[n0:] if e.kind == "discarded" and e.data.get("seat") == 1)
    ben_app = make_app(lobby, name="ben")
    async with ben_app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await wait_for(pilot, lambda a: at_table(a) and any(TITLE["en"] in t for t in toasts(a)))
        said = next(t for t in toasts(ben_app) if TITLE["en"] in t)
        from ahoy_tui.ui.games.ahoy.cards import card_label
        assert card_label(gave) in said, said
        screen = ben_app.screen
        assert isinstance(screen, TableScreen)
        secret = secret_cards(lobby, tid, 1) - known_cards(screen)
        assert not leaked(said, secret), said


async def test_an_ahoi_table_shows_the_dropped_seat_reconnecting_and_counts_down():
    from ahoy_tui.ui.games.ahoi.table import AhoiTableScreen

    lobby = new_lobby()
    app = make_app(lobby)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        tid = lobby.create_table(app.handle, TableConfig.make("ahoi", name="Cove", seats=3, clocks="untimed"))
        ben = lobby.connect("user:ben", "ben")
        ben.subscribe(lambda m: None)
        lobby.join(ben, tid)
        lobby.set_ready(ben, tid, True)
        lobby.add_bot(app.handle, tid, "baseline")
        app.open_table(tid)
        lobby.start(app.handle, tid)
        await wait_for(pilot, lambda a: isinstance(a.screen, AhoiTableScreen) and a.screen.state.update is not None
                       and a.screen.state.update.view is not None)
        lobby.disconnect(ben)
        pattern = re.compile(r"ben\b.*reconnecting (\d+) s")
        await wait_for(pilot, lambda a: pattern.search(screen_text(a)))
        first = int(pattern.search(screen_text(app)).group(1))
        await wait_for(pilot, lambda a: (m := pattern.search(screen_text(a))) and int(m.group(1)) < first)

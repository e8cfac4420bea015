"""Hidden information: no screen ever shows a card its viewer may not know (R18).

A seat plays through the UI against bots; after every step every line the
app holds (screen, whole event log, open dialogs) is scanned for the names
of cards in other hands or the draw pile that this seat has no way to know.
"""

from __future__ import annotations

import re

import pytest
from textual.widgets import Static
from ui_driver import step
from ui_helpers import all_text, at_table, bot_table, make_app, new_lobby, wait_for

from ahoy_tui.games.ahoy import cards as C
from ahoy_tui.ui.screens.log_view import LogScreen
from ahoy_tui.ui.games.ahoy.offer import OfferScreen
from ahoy_tui.ui.games.ahoy.table import TableScreen
from ahoy_tui.ui.games.ahoy.cards import card_label

_CARD_EVENTS = ("dealt", "laid_down_cards")
_ONE_CARD = ("drew_card", "received", "took", "lost", "discarded")


def known_cards(screen: TableScreen) -> set[int]:
    """Identities this viewer legitimately knows: own hand, discards, statements, own events, reveals."""
    view = screen.view
    known = set(view.hand) | set(view.discard) | set(view.ahoy_cards)
    for e in screen.record.events:
        d = e.data
        if e.kind == "offered":
            known |= {d["want"], d["give"]}
        elif e.kind in _CARD_EVENTS or e.kind == "ahoy":
            known |= set(d.get("cards", []))
        elif e.kind in _ONE_CARD:
            known |= {d[k] for k in ("card", "gave") if k in d}
        elif e.kind == "hand_over":
            for h in d.get("hands", []):
                known |= set(h)
    return known


def early_reveals(screen: TableScreen) -> list:
    """``reveal`` events of the hand still being played that reached this screen (must be none)."""
    view = screen.view
    if view is None or view.phase.value in ("no_hand", "game_over"):
        return []
    return [e for e in list(screen.record.events) + list(screen.record.book.events)
            if e.kind == "reveal" and e.data.get("hand") == view.hand_no]


def secret_cards(lobby, table_id: str, seat: int | None) -> set[int]:
    """Identities in other seats' hands and in the draw pile now."""
    state = lobby.tables[table_id].game.state
    out = {C.identity(c) for c in state.draw_pile}
    for s, hand in enumerate(state.hands):
        if s != seat:
            out |= {C.identity(c) for c in hand}
    return out


def leaked(text: str, idents: set[int]) -> list[str]:
    found = []
    for ident in idents:
        label = re.escape(card_label(ident))
        if re.search(rf"(?<![0-9A-Za-z]){label}", text):
            found.append(card_label(ident))
    return found


@pytest.mark.slow
async def test_seat_never_sees_cards_it_may_not_know():
    lobby = new_lobby(seed=8)
    app = make_app(lobby)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        tid = bot_table(app, players=3, limit=200)
        await wait_for(pilot, at_table)
        checked = 0
        for _ in range(18):
            await pilot.pause()
            screen = app.table_screen
            if screen is None or screen.view is None or lobby.tables[tid].game.state.revealed is not None:
                break
            composing = isinstance(app.screen, OfferScreen)  # its choosers list every card: statements
            if not composing and screen.view.hand_no == 1 and lobby.tables[tid].game.state.hand_in_progress:
                forbidden = secret_cards(lobby, tid, screen.view.seat) - known_cards(screen)
                assert not leaked(all_text(app), forbidden), screen.view.phase
                assert not early_reveals(screen)
                if checked % 3 == 0 and app.screen is screen:  # the whole-log dialog (e) too
                    await pilot.press("e")
                    await pilot.pause()
                    assert isinstance(app.screen, LogScreen)
                    shown = all_text(app) + "\n".join(e.plain for e in app.screen.entries)
                    assert not leaked(shown, forbidden), "log view"
                    await pilot.press("escape")
                    await pilot.pause()
                checked += 1
            await step(pilot, accept=True)
        assert checked >= 8


async def test_spectator_sees_only_public_cards():
    lobby = new_lobby(seed=8)
    host = make_app(lobby, "bo")
    async with host.run_test(size=(80, 24)) as hp:
        await hp.pause()
        tid = bot_table(host, players=3, limit=200)
        await wait_for(hp, at_table)
        for _ in range(3):
            await step(hp, accept=True)
            await hp.pause()
        watcher = make_app(lobby, "eve")
        async with watcher.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            watcher.lobby_screen.query_one("#tables").move_cursor(row=0)
            await pilot.press("w")
            await wait_for(pilot, at_table)
            screen = watcher.table_screen
            assert screen.view.seat is None
            forbidden = secret_cards(lobby, tid, None) - known_cards(screen)
            assert not leaked(all_text(watcher), forbidden)
            for _ in range(12):  # the spectator's screen while the host plays on
                assert not early_reveals(screen)
                assert not leaked(all_text(watcher), secret_cards(lobby, tid, None) - known_cards(screen))
                await step(hp, accept=True)
                await pilot.pause()


def test_leak_detector_finds_card_names():
    nine_hearts = C.parse("9H")
    assert leaked("Bo holds 9♥ and more", {nine_hearts}) == ["9♥"]
    assert leaked("Bo holds 19♥", {nine_hearts}) == []


async def test_the_scan_flags_another_seats_card_shown_on_the_table_screen():
    """The check above is not blind: a neighbour's card drawn on anna's table screen is found."""
    lobby = new_lobby(seed=8)
    app = make_app(lobby)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        tid = bot_table(app, players=3, limit=200)
        await wait_for(pilot, at_table)
        screen = app.table_screen
        forbidden = secret_cards(lobby, tid, screen.view.seat) - known_cards(screen)
        assert forbidden and not leaked(all_text(app), forbidden)
        neighbour = next(s for s in range(3) if s != screen.view.seat)
        card = next(C.identity(c) for c in lobby.tables[tid].game.state.hands[neighbour]
                    if C.identity(c) in forbidden)
        shown = Static(f"Mary Read holds {card_label(card)}")  # as if a panel showed her hand
        shown.styles.dock = "top"
        await screen.mount(shown)
        await wait_for(pilot, lambda a: leaked(all_text(a), {card}))
        assert leaked(all_text(app), forbidden) == [card_label(card)]

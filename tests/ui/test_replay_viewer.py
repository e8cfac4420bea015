"""The replay viewer (issue 24 item 12): own draws named, autoplay and jumps, the table's card widgets,
Ahoi games replayed through the game interface, and nothing shown the seat was not shown (R18, AH16)."""

from __future__ import annotations

from ui_helpers import make_app, screen_text, wait_for

from ahoy_tui.games.ahoy import cards as C
from ahoy_tui.games.ahoi import cards as AC
from ahoy_tui.games.ahoi.replay import replay as ahoi_replay
from ahoy_tui.games.kit.events import for_viewer
from ahoy_tui.games.ahoi.game import AhoiGame
from ahoy_tui.games.ahoi.record import parse_action
from ahoy_tui.ui.games.ahoi.cards import FACE
from ahoy_tui.ui.screens.my_games import MyGamesScreen
from ahoy_tui.ui.screens.replay_view import SPEEDS, ReplayScreen
from ahoy_tui.ui.games.ahoy.cards import card_label
from ahoy_tui.ui.games.ahoy.widgets.hand_view import HandView
from tests.history_helpers import finished_lobby

SIZE = (80, 24)


def listed(app) -> bool:
    return isinstance(app.screen, MyGamesScreen) and app.screen.fetched


def replaying(app) -> bool:
    return isinstance(app.screen, ReplayScreen)


async def open_viewer(pilot, app):
    await pilot.pause()
    await pilot.press("g")
    await wait_for(pilot, listed)
    await pilot.press("enter")
    await wait_for(pilot, replaying)
    return app.screen


def hand_rows(app) -> str:
    """The hand panel's lines (above the piles line)."""
    lines = screen_text(app).splitlines()
    end = next(i for i, line in enumerate(lines) if "Draw pile" in line)
    return "\n".join(lines[1:end])


async def test_own_draws_show_as_the_cards_drawn_in_the_tables_hand_view():
    """RECORDS.md "Projections": after the seat's own draw the card is in its hand, drawn by the
    table's HandView (frames, sorted), and the log names it; no ``?`` anywhere in the hand."""
    lobby = finished_lobby(seed=7)
    full = lobby.finished_records[-1][1]
    app = make_app(lobby)
    async with app.run_test(size=SIZE) as pilot:
        viewer = await open_viewer(pilot, app)
        own = [i for i, line in enumerate(full) if line.get("act") == "draw" and line["seat"] == 0]
        assert len(own) > 3
        for at in own[:4]:
            await pilot.press("g", *str(at), "enter")
            await wait_for(pilot, lambda a: viewer.at == at)
            step = viewer.steps[at]
            drawn = C.identity(C.parse(step.line["card"]))
            hand = app.screen.query_one(HandView)
            assert drawn in hand.cards and list(hand.cards) == sorted(step.picture.mine)
            assert step.picture.unknown == 0
            rows = hand_rows(app)
            assert "╭───╮" in rows and card_label(drawn) in rows and "?" not in rows
            assert f"You drew {card_label(drawn)}." in screen_text(app)


async def test_autoplay_plays_pauses_and_changes_speed():
    lobby = finished_lobby(seed=7)
    app = make_app(lobby)
    async with app.run_test(size=SIZE) as pilot:
        viewer = await open_viewer(pilot, app)
        footer = screen_text(app).splitlines()[-1]
        assert "space Play" in footer and "g Go to" in footer and "+ Faster" in footer and "❚❚" in screen_text(app)
        speed = viewer.speed
        await pilot.press("plus")
        assert viewer.speed == speed + 1
        await pilot.press("minus", "minus")
        assert viewer.speed == speed - 1
        await pilot.press("plus", "plus", "plus")  # faster, so the waiting below is short
        await pilot.press("space")
        await wait_for(pilot, lambda a: viewer.at >= 3)
        assert viewer.playing and "Pause" in screen_text(app).splitlines()[-1]
        assert f"▶ {SPEEDS[viewer.speed]:g}/s" in screen_text(app).splitlines()[0]
        await pilot.press("space")
        await wait_for(pilot, lambda a: not viewer.playing)
        stopped = viewer.at
        await pilot.pause(0.3)
        assert viewer.at == stopped and "❚❚" in screen_text(app).splitlines()[0]
        await pilot.press("end", "space")  # at the end, play starts over from the start
        await wait_for(pilot, lambda a: viewer.playing and viewer.at < 10)
        await pilot.press("escape")
        await wait_for(pilot, listed)


async def test_autoplay_stops_at_the_end():
    lobby = finished_lobby(seed=7)
    app = make_app(lobby)
    async with app.run_test(size=SIZE) as pilot:
        viewer = await open_viewer(pilot, app)
        await pilot.press("g", *str(len(viewer.steps) - 3), "enter", *["plus"] * 5, "space")
        await wait_for(pilot, lambda a: viewer.at == len(viewer.steps) - 1 and not viewer.playing)


async def test_go_to_a_step_or_a_hand_and_a_wrong_entry_loses_nothing():
    lobby = finished_lobby(seed=7, limit=100)
    app = make_app(lobby, lang="de")
    async with app.run_test(size=SIZE) as pilot:
        viewer = await open_viewer(pilot, app)
        assert len(viewer.starts) >= 2
        await pilot.press("g", "4", "2", "enter")
        await wait_for(pilot, lambda a: viewer.at == 42)
        assert "Schritt 42/" in screen_text(app)
        await pilot.press("g", "h", "2", "enter")
        await wait_for(pilot, lambda a: viewer.at == viewer.starts[1])
        assert viewer.steps[viewer.at].line.get("chance") == "deal" and viewer.steps[viewer.at].hand == 2
        await pilot.press("g")
        await wait_for(pilot, lambda a: "Gehe zu" in screen_text(a))
        await pilot.press("x", "y", "enter")
        await wait_for(pilot, lambda a: any("'xy'" in n.message for n in a._notifications))
        box = app.screen.query_one("#replay-jump")
        assert box.value == "xy" and viewer.at == viewer.starts[1]  # the text stays to be mended
        await pilot.press("escape")
        await wait_for(pilot, lambda a: not viewer._jumping())
        assert replaying(app)
        await pilot.press("home")
        await wait_for(pilot, lambda a: viewer.at == 0)
        await pilot.press("n")
        await wait_for(pilot, lambda a: viewer.at == viewer.starts[0])
        await pilot.press("n")
        await wait_for(pilot, lambda a: viewer.at == viewer.starts[1])
        await pilot.press("p")
        await wait_for(pilot, lambda a: viewer.at == viewer.starts[0])
        await pilot.press("end")
        await wait_for(pilot, lambda a: viewer.at == len(viewer.steps) - 1)
        await pilot.press("m")
        await pilot.pause()
        assert screen_text(app).isascii() and screen_text(app).splitlines()[0].endswith("| ||")  # paused


def live_views(full: list[dict], seat: int) -> list:
    """The oracle: the seat's view and its visible events after every line of the FULL record, as the
    live table had them (the engine's ``view(seat)``, AH16)."""
    head = full[0]
    game = AhoiGame(head["seats"], head["options"]["memory_aid"], None)
    out = [(game.view(seat), ())]
    for line in full[1:]:
        events = []
        if line.get("chance") == "deal":
            events = game.deal(AC.physical(line["deck"], AC.full_deck()), line["dealer"])
        elif "act" in line:
            events = game.act(*parse_action(line))
        out.append((game.view(seat), tuple(for_viewer(events, seat))))
    return out


async def test_an_ahoi_game_replays_and_shows_only_what_the_seat_was_shown():
    """AH16: every step of the viewer is the seat's own live view (the oracle replays the full
    record); every value on screen is one that view shows (the discard top, the held card, a peek,
    the memory aid, the round's reveal)."""
    lobby = finished_lobby(seed=7, game="ahoi")
    full = lobby.finished_records[-1][1]
    ahoi_replay(full)
    live = live_views(full, 0)
    app = make_app(lobby)
    async with app.run_test(size=(100, 30)) as pilot:
        viewer = await open_viewer(pilot, app)
        assert len(viewer.steps) == len(full) and "round" in screen_text(app).splitlines()[0]
        for k, (view, events) in enumerate(live):  # every step: the seat's own live view, no more
            assert viewer.steps[k].picture.view == view, k
            assert viewer.steps[k].picture.events == events, k
        seen = [k for k, (view, events) in enumerate(live) if any(e.kind == "peek" for e in events)]
        ends = [k for k, line in enumerate(full) if line.get("result") == "round"]
        held = [k for k, (view, _) in enumerate(live) if view.held is not None and view.held_from == "draw"]
        checked = sorted(set(seen[:8] + ends[:2] + held[:6] + [len(full) // 2]))
        assert seen and held
        for k in checked:  # on screen: only values that view shows
            await pilot.press("g", *str(k), "enter")
            await wait_for(pilot, lambda a: viewer.at == k)
            view, events = live[k]
            allowed = {view.discard_top, view.held}
            for e in events:
                allowed |= set(e.data.get("values", ()))
            for row in (view.known or ()) + (view.revealed or ()):
                allowed |= set(row)
            panel = screen_text(app).split("What happened")[0]
            shown = {int(v) for v in FACE.findall(panel)}
            assert shown <= allowed, (k, full[k], shown - allowed)
            if k in seen:
                assert len(FACE.findall(panel)) >= 2  # the peek is face up at its step


async def test_a_hands_report_shows_every_seat_of_four_at_80x24():
    """At a hand's result line the report panel names every seat's score, total and dealt cards: with four
    seats at 80x24 the fourth seat's dealt cards were cut off the panel."""
    lobby = finished_lobby(seed=7, players=4, limit=100)
    app = make_app(lobby)
    async with app.run_test(size=SIZE) as pilot:
        viewer = await open_viewer(pilot, app)
        at = next(i for i, s in enumerate(viewer.steps) if s.line.get("result") == "hand")
        await pilot.press("g", *str(at), "enter")
        await wait_for(pilot, lambda a: viewer.at == at and "Hand 1 is over" in screen_text(a))
        report = viewer.steps[at].picture.report
        text = screen_text(app)
        for seat, name in enumerate(viewer.paint.names):
            dealt = " ".join(card_label(c) for c in report.deals[seat])
            assert dealt in text, (name, dealt, text)
            assert f"+{report.scores[seat]}" in text

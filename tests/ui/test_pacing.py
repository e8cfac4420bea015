"""Pacing at the table: always pass on step-in, the autopilot warning, first-game hints,
and card codes typed in the offer composer (issue: what players asked for most)."""

from __future__ import annotations

import pytest
from textual.widgets import Select, Static
from ui_driver import play_until, step
from ui_helpers import at_table, bot_table, make_app, new_lobby, screen_text, toasts, wait_for

from ahoy_tui.cluster.handover import Handover
from ahoy_tui.games.ahoy import cards as C
from ahoy_tui.lobby import Lobby, TableConfig, Timing
from ahoy_tui.ui.prefs import STORE
from ahoy_tui.ui.games.ahoy.offer import OfferScreen
from ahoy_tui.ui.games.ahoy.table import TableScreen
from ahoy_tui.ui.widgets.countdown import Countdown


def _prompt_has(key: str):
    def cond(app):
        s = app.screen
        return isinstance(s, TableScreen) and at_table(app) and key in {o.key for o in s.prompt.options}
    return cond


async def _open_offer(pilot, app):
    bot_table(app, players=3, limit=100)
    await wait_for(pilot, at_table)
    await play_until(pilot, _prompt_has("o"))
    await pilot.press("o")
    await wait_for(pilot, lambda a: isinstance(a.screen, OfferScreen) and a.screen.is_mounted)
    return app.screen


# -- offer composer: card codes ------------------------------------------------------------

async def test_typed_codes_pick_both_cards_and_enter_sends_the_offer():
    app = make_app(new_lobby(seed=5))
    async with app.run_test(size=(80, 24)) as pilot:
        offer = await _open_offer(pilot, app)
        await pilot.press("5", "d")
        assert offer.query_one("#offer-want", Select).value == C.parse("5D")
        assert app.focused is offer.query_one("#offer-give", Select)     # on to the second field
        await pilot.press("1", "0", "h")
        assert offer.query_one("#offer-give", Select).value == C.parse("10H")
        assert "5♦" in offer.preview_text() and "10♥" in offer.preview_text()
        await pilot.press("enter")                                         # the Send button has focus
        await wait_for(pilot, lambda a: isinstance(a.screen, TableScreen))
        table = app.lobby.core.tables[app.screen.table_id]
        mine = [e.data for e in table.events if e.kind == "offered" and e.data["seat"] == app.screen.update.seat]
        assert (mine[-1]["want"], mine[-1]["give"]) == (C.parse("5D"), C.parse("10H"))


async def test_joker_queen_and_ace_codes_and_a_bad_code_says_so():
    app = make_app(new_lobby(seed=5))
    async with app.run_test(size=(80, 24)) as pilot:
        offer = await _open_offer(pilot, app)
        want = offer.query_one("#offer-want", Select)
        before = want.value
        await pilot.press("x")
        line = str(offer.query_one("#offer-code", Static).render())
        assert "x" in line and "no card" in line
        assert want.value == before and app.focused is want
        await pilot.press("1", "s")                                        # no rank "1"
        assert "1s" in str(offer.query_one("#offer-code", Static).render())
        assert want.value == before
        await pilot.press("j", "k")
        assert want.value == C.JOKER
        await pilot.press("Q", "S")                                        # capitals too, in the give field
        assert offer.query_one("#offer-give", Select).value == C.parse("QS")
        offer.query_one("#offer-want", Select).focus()
        await pilot.pause()
        await pilot.press("a", "h")
        assert want.value == C.parse("AH")


async def test_a_half_typed_code_is_shown_and_backspace_forgets_it():
    app = make_app(new_lobby(seed=5))
    async with app.run_test(size=(80, 24)) as pilot:
        offer = await _open_offer(pilot, app)
        await pilot.press("1", "0")
        assert "10" in str(offer.query_one("#offer-code", Static).render())
        await pilot.press("backspace", "7", "c")
        assert offer.query_one("#offer-want", Select).value == C.parse("7C")


async def test_codes_speak_spanish_too():
    app = make_app(new_lobby(seed=5), lang="es")
    async with app.run_test(size=(80, 24)) as pilot:
        offer = await _open_offer(pilot, app)
        await pilot.press("z")
        assert "no es una carta" in str(offer.query_one("#offer-code", Static).render())


# -- always pass on step-in ----------------------------------------------------------------

async def test_always_pass_answers_every_step_in_window_at_once():
    app = make_app(new_lobby(seed=3))
    async with app.run_test(size=(80, 24)) as pilot:
        tid = bot_table(app, players=4, limit=100)
        await wait_for(pilot, at_table)
        await pilot.press("P")
        assert app.auto_pass
        assert "always pass" in str(app.screen.query_one("#table-title", Static).render())
        table = app.lobby.core.tables[tid]
        me = app.screen.update.seat

        def passed(a):
            return any(e.kind == "passed" and e.data["seat"] == me for e in table.events)
        seen = []
        for _ in range(3000):
            await pilot.pause()
            if passed(app):
                break
            s = app.screen
            if isinstance(s, TableScreen) and "i" in {o.key for o in s.prompt.options}:
                seen.append(s.prompt.text)
            if await step(pilot) == "":
                await pilot.pause(0.01)
        assert passed(app)
        assert seen == []                       # the window never waited for this player
        assert STORE.get("user:anna").auto_pass  # remembered for the next session


async def test_always_pass_toggled_off_asks_again():
    app = make_app(new_lobby(seed=3))
    async with app.run_test(size=(80, 24)) as pilot:
        bot_table(app, players=4, limit=100)
        await wait_for(pilot, at_table)
        await pilot.press("P", "P")
        assert not app.auto_pass
        await play_until(pilot, _prompt_has("i"))   # the step-in question comes to the player


async def test_a_remembered_always_pass_is_told_to_the_lobby_on_sitting_down():
    lobby = new_lobby(seed=3)
    app = make_app(lobby)
    app.auto_pass = True
    async with app.run_test(size=(80, 24)) as pilot:
        tid = bot_table(app, players=4, limit=100)
        await wait_for(pilot, lambda a: lobby.tables[tid].seats[0].auto_pass)


# -- the autopilot warning -------------------------------------------------------------------

def _fast_clock_app(**session):
    """A timed table whose clocks run 3 s (turn) and 1.5 s (discard): the warning comes at once."""
    lobby = Lobby(timing=Timing(bot_delay=(0.0, 0.0), between_hands=0.0, clock_scale=0.05), seed=3)
    app = make_app(lobby, **session)
    return app, lobby


def _start_against_a_bot(app, lobby) -> str:
    """The app's player and a bot at a new timed table, started and open in the app; its id."""
    tid = lobby.create_table(app.handle, TableConfig.make(name="Fast", seats=2, limit=100, clocks="normal"))
    app.open_table(tid)
    lobby.add_bot(app.handle, tid, "baseline")
    lobby.start(app.handle, tid)
    return tid


async def test_own_clock_turns_red_rings_and_says_the_autopilot_is_near():
    app, lobby = _fast_clock_app()
    bells = []
    app.bell = lambda: bells.append(1)
    async with app.run_test(size=(80, 24)) as pilot:
        tid = _start_against_a_bot(app, lobby)
        await wait_for(pilot, lambda a: any("Autopilot in" in t for t in toasts(a)))
        assert bells
        clock = app.screen.query_one(Countdown)
        assert clock.mine or clock.deadline is None or not app.screen.model.clock.mine


async def test_a_player_away_gets_one_warning_toast_not_one_per_decision():
    app, lobby = _fast_clock_app()
    bells, warned = [], []
    app.bell = lambda: bells.append(1)
    real_notify = app.notify

    def notify(message, *args, **kw):
        if "Autopilot in" in str(message):
            warned.append(message)
        return real_notify(message, *args, **kw)

    app.notify = notify
    async with app.run_test(size=(80, 24)) as pilot:
        tid = _start_against_a_bot(app, lobby)
        await wait_for(pilot, lambda a: len(bells) >= 3, timeout=30)  # three of anna's clocks ran low
        assert len(warned) == 1


async def test_the_warning_goes_when_the_player_is_sent_to_the_lobby():
    app, lobby = _fast_clock_app()
    async with app.run_test(size=(80, 24)) as pilot:
        tid = _start_against_a_bot(app, lobby)
        await wait_for(pilot, lambda a: any("Autopilot in" in t for t in toasts(a)))
        Handover(lobby).let_go(tid)  # the table moved to another server: the lobby is shown
        await wait_for(pilot, lambda a: a.screen is a.lobby_screen)
        await pilot.pause()
        assert not any("Autopilot in" in t for t in toasts(app)), toasts(app)


async def test_no_warning_while_the_clock_runs_for_someone_else():
    app, lobby = _fast_clock_app()
    async with app.run_test(size=(80, 24)) as pilot:
        host = lobby.connect("user:bo", "bo")
        tid = lobby.create_table(host, TableConfig.make(name="Fast", seats=2, limit=100, clocks="normal"))
        lobby.join(app.handle, tid)
        app.open_table(tid)
        lobby.set_ready(app.handle, tid, True)
        lobby.start(host, tid)
        table = lobby.tables[tid]
        await wait_for(pilot, at_table)
        await wait_for(pilot, lambda a: table.game.state.active == 0 and a.screen.update.remaining is not None
                       and 0 in a.screen.update.waiting_for)
        assert not app.screen.query_one(Countdown).mine        # bo's clock, not anna's
        assert not any("Autopilot in" in t for t in toasts(app))


# -- first-game hints ------------------------------------------------------------------------

@pytest.fixture
def hints_on(monkeypatch):
    monkeypatch.setattr("ahoy_tui.ui.prefs.HINTS_DEFAULT", True)


async def test_step_in_hint_shows_once_when_the_situation_first_arises(hints_on):
    app = make_app(new_lobby(seed=3))
    async with app.run_test(size=(80, 24)) as pilot:
        bot_table(app, players=4, limit=100)
        await wait_for(pilot, at_table)
        text = app.t("hint.step_in")
        assert text not in toasts(app)
        await play_until(pilot, _prompt_has("i"))
        assert toasts(app).count(text) == 1
        await pilot.press("p")
        await play_until(pilot, lambda a: "step_in" in a.hints_shown and _prompt_has("d")(a))
        await play_until(pilot, _prompt_has("i"))
        assert toasts(app).count(text) <= 1                    # never a second time this session
        assert "step_in" in app.hints_shown


async def test_I_closes_the_hint_and_stops_hints(hints_on):
    app = make_app(new_lobby(seed=3))
    async with app.run_test(size=(80, 24)) as pilot:
        bot_table(app, players=4, limit=100)
        await wait_for(pilot, at_table)
        await play_until(pilot, lambda a: bool(a.hints_shown))
        await pilot.press("I")
        assert not app.hints
        assert not any(app.t("hint.title") == str(n.title) for n in app._notifications)
        shown = set(app.hints_shown)
        await play_until(pilot, _prompt_has("i"))
        assert app.hints_shown == shown                          # no new hint came


async def test_hints_speak_spanish(hints_on):
    app = make_app(new_lobby(seed=3), lang="es")
    async with app.run_test(size=(80, 24)) as pilot:
        bot_table(app, players=4, limit=100)
        await wait_for(pilot, at_table)
        await play_until(pilot, _prompt_has("i"))
        assert any("interviene (i)" in t for t in toasts(app))


async def test_letters_typed_in_the_composer_do_not_run_the_app_keys():
    app = make_app(new_lobby(seed=5))
    async with app.run_test(size=(80, 24)) as pilot:
        offer = await _open_offer(pilot, app)
        theme, lang, ascii_only = app.theme, app.lang, app.ascii_only
        await pilot.press("t", "l", "m")
        assert (app.theme, app.lang, app.ascii_only) == (theme, lang, ascii_only)
        assert app.screen is offer


async def test_countdown_warns_once_and_goes_red_only_for_the_players_own_clock():
    import time

    from textual.app import App

    got = []

    class One(App):
        def compose(self):
            yield Countdown()

        def on_countdown_running_out(self, event):
            got.append(event.seconds)

    def red(clock) -> bool:  # what the terminal gets: the row's segments
        return any(seg.style is not None and seg.style.bgcolor is not None
                   and seg.style.bgcolor.triplet == (0xc6, 0x28, 0x28) for seg in clock._rows[0])

    app = One()
    async with app.run_test(size=(20, 3)) as pilot:
        clock = app.query_one(Countdown)
        clock.deadline = time.monotonic() + 60
        clock.mine = True
        await pilot.pause()
        assert got == [] and not red(clock)
        clock.mine = False
        clock.deadline = time.monotonic() + 3.5
        await pilot.pause()
        assert got == [] and not red(clock)      # someone else's clock
        clock.mine = True
        await wait_for(pilot, lambda a: len(got) == 1)
        assert red(clock)
        clock.rebuild()
        await pilot.pause()
        assert len(got) == 1                                             # once per decision


async def test_a_dialog_opening_over_the_table_takes_the_hints_away(hints_on):
    app = make_app(new_lobby(seed=3))
    async with app.run_test(size=(80, 24)) as pilot:
        bot_table(app, players=4, limit=100)
        await wait_for(pilot, at_table)
        title = app.t("hint.title")
        await play_until(pilot, lambda a: _prompt_has("o")(a)
                         and any(str(n.title) == title for n in a._notifications))
        app.notify("not a hint", timeout=30)
        await pilot.press("o")
        await wait_for(pilot, lambda a: isinstance(a.screen, OfferScreen))
        assert not any(str(n.title) == title for n in app._notifications)
        assert "not a hint" in toasts(app)


async def test_hints_come_one_at_a_time(hints_on):
    app = make_app(new_lobby(seed=3))
    async with app.run_test(size=(80, 24)) as pilot:
        bot_table(app, players=4, limit=100)
        await wait_for(pilot, at_table)
        title = app.t("hint.title")
        most = 0
        for _ in range(300):
            most = max(most, sum(1 for n in app._notifications if str(n.title) == title))
            if len(app.hints_shown) >= 2:
                break
            if await step(pilot) == "":
                await pilot.pause(0.01)
            await pilot.pause()
        assert len(app.hints_shown) >= 2 and most == 1


async def test_the_autopilot_warning_goes_as_soon_as_the_player_moves():
    """"Autopilot in 5 s" is not left on screen once it is no longer true (issue 24 #13)."""
    app, lobby = _fast_clock_app()
    app.bell = lambda: None
    async with app.run_test(size=(80, 24)) as pilot:
        _start_against_a_bot(app, lobby)
        await wait_for(pilot, lambda a: any("Autopilot in" in t for t in toasts(a)) and at_table(a)
                       and isinstance(a.screen, TableScreen) and a.screen.prompt.options)
        warning = next(n for n in app._notifications if "Autopilot in" in str(n.message))
        done = await step(pilot)
        assert done
        await pilot.pause()
        assert warning not in list(app._notifications)  # (a 3 s clock warns again at once for her next move)



async def test_a_tab_after_the_first_code_does_not_send_the_second_to_i_want():
    """``3d Tab as``: the Tab (not needed: the first code moved on by itself) leaves "I want" alone (issue 24 #6)."""
    app = make_app(new_lobby(seed=5))
    async with app.run_test(size=(80, 24)) as pilot:
        offer = await _open_offer(pilot, app)
        await pilot.press("3", "d", "tab", "a", "s")
        assert offer.query_one("#offer-want", Select).value == C.parse("3D")
        assert offer.query_one("#offer-give", Select).value == C.parse("AS")


async def test_the_focused_field_is_marked_without_colour():
    app = make_app(new_lobby(seed=5))
    async with app.run_test(size=(80, 24)) as pilot:
        offer = await _open_offer(pilot, app)

        def marked() -> list[str]:
            return [line.strip() for line in screen_text(app).splitlines() if "▶ I" in line]

        assert any("▶ I want" in line for line in marked()) and not any("▶ I'll give" in line for line in marked())
        await pilot.press("3", "d")
        await pilot.pause()
        assert any("▶ I'll give" in line for line in marked()) and not any("▶ I want" in line for line in marked())


async def test_two_codes_arriving_together_fill_both_fields():
    """``3das`` in one burst (keys batched over SSH): the second code goes to "I'll give", not over the first
    (Textual moves the focus a moment later than the code moves on) (issue 24 #6)."""
    from textual import events

    app = make_app(new_lobby(seed=5))
    async with app.run_test(size=(80, 24)) as pilot:
        offer = await _open_offer(pilot, app)
        for ch in "3das":
            app.post_message(events.Key(ch, ch))
        await wait_for(pilot, lambda a: offer.query_one("#offer-give", Select).value == C.parse("AS"))
        assert offer.query_one("#offer-want", Select).value == C.parse("3D")

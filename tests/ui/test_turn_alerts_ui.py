"""Turn alerts (issue 28.3) in the app: both games, the 10 s clock alert, the sequences, the preference.

The bytes over real SSH are tested in ``tests/e2e/test_turn_alerts.py``; here
the app's ``TerminalAlerts`` writes into a list (a headless app has no terminal).
"""

from __future__ import annotations

import pytest
from textual.app import App, ComposeResult
from ui_helpers import bot_table, make_app, new_lobby, wait_for

from ahoy_tui.games.ahoy import cards as C
from ahoy_tui.lobby import TableConfig
from ahoy_tui.ui.games.ahoy.cards import card_label
from ahoy_tui.ui.prefs import Prefs
from ahoy_tui.ui.table_kit.seats import decision_is_mine
from ahoy_tui.ui.terminal_alerts import (TITLE_POP, TITLE_PUSH, TerminalAlerts, next_mode, notify_sequence, osc_text,
                                         title_sequence)
from ahoy_tui.ui.widgets import countdown as countdown_module
from ahoy_tui.ui.widgets.countdown import Countdown


CARD_LABELS = {card_label(i) for i in range(C.IDENTITIES)}


class Recorder:
    """A ``TerminalAlerts`` whose bell and writes land in ``out`` (``"BEL"`` for a bell)."""

    def __init__(self, mode: str = "title", title: bool = True, notify: str = "osc777") -> None:
        self.out: list[str] = []
        self.alerts = TerminalAlerts(self.out.append, lambda: self.out.append("BEL"), title=title, notify=notify,
                                     mode=mode)

    @property
    def bells(self) -> int:
        return self.out.count("BEL")


# -- the sequences ------------------------------------------------------------------------------------

def test_osc_text_keeps_no_control_character_and_no_field_separator():
    assert osc_text("bo\x1b]2;pwn\x07; \u202eevil\u202c") == "bo]2,pwn, evil"
    assert len(osc_text("x" * 500)) == 100


def test_title_and_notification_sequences():
    assert title_sequence("Ahoy — your turn") == "\x1b]2;Ahoy — your turn\x07"
    assert notify_sequence("osc777", "Ahoy", "bo; makes you an offer.") == "\x1b]777;notify;Ahoy;bo, makes you an offer.\x07"
    assert notify_sequence("osc9", "Ahoy", "It is your move.") == "\x1b]9;It is your move.\x07"
    assert notify_sequence("", "Ahoy", "It is your move.") == ""


def test_modes_cycle_bell_title_off_and_leaving_title_takes_the_title_down():
    assert [next_mode(m) for m in ("bell", "title", "off", "nonsense")] == ["title", "off", "bell", "bell"]
    r = Recorder()
    r.alerts.send("T", "N", "B")
    assert r.out == ["BEL", TITLE_PUSH + title_sequence("T") + notify_sequence("osc777", "N", "B")]
    r.alerts.send("T", "N", "B")   # a second alert while the title is up: no second push
    assert r.out[-1] == title_sequence("T") + notify_sequence("osc777", "N", "B")
    assert r.alerts.cycle() == "off"
    assert r.out[-1] == title_sequence("Ahoy") + TITLE_POP and not r.alerts.title_shown
    r.out.clear()
    r.alerts.send("T", "N", "B")
    assert r.out == []              # off: nothing at all


def test_bell_mode_and_a_terminal_without_a_title_send_only_the_bell():
    r = Recorder(mode="bell")
    r.alerts.send("T", "N", "B")
    assert r.out == ["BEL"]
    r = Recorder(mode="title", title=False, notify="")
    r.alerts.send("T", "N", "B")
    assert r.out == ["BEL"]
    r.alerts.clear()
    assert r.out == ["BEL"]         # no title was set: none to take down


def test_the_preference_is_kept_and_a_bad_one_is_the_default():
    p = Prefs("default", False, "en", alerts="title")
    assert Prefs.from_text(p.to_text()).alerts == "title"
    assert Prefs.from_text('{"theme": "default", "lang": "en"}').alerts == "bell"
    assert Prefs.from_text('{"theme": "default", "lang": "en", "alerts": "loud"}').alerts == "bell"


# -- the 10 s clock alert -----------------------------------------------------------------------------

class ClockApp(App[None]):
    def __init__(self) -> None:
        super().__init__()
        self.alerts: list[int] = []

    def compose(self) -> ComposeResult:
        yield Countdown()

    def on_countdown_clock_alert(self, event: Countdown.ClockAlert) -> None:
        self.alerts.append(event.seconds)


@pytest.mark.parametrize(("length", "alerts"), [(30.0, [10]), (8.0, [])])
async def test_own_clock_alerts_once_at_10_s_if_it_started_with_more(monkeypatch, length, alerts):
    now = [1000.0]
    monkeypatch.setattr(countdown_module, "monotonic", lambda: now[0])
    app = ClockApp()
    async with app.run_test(size=(20, 3)) as pilot:
        clock = app.query_one(Countdown)
        clock.mine = True
        clock.deadline = now[0] + length
        for left in (12, 10, 9.5, 9, 6):    # each tick draws the clock again
            now[0] = clock.deadline - left
            clock.rebuild()
            await pilot.pause()
        assert app.alerts == alerts


async def test_someone_elses_clock_never_alerts(monkeypatch):
    now = [1000.0]
    monkeypatch.setattr(countdown_module, "monotonic", lambda: now[0])
    app = ClockApp()
    async with app.run_test(size=(20, 3)) as pilot:
        clock = app.query_one(Countdown)
        clock.deadline = now[0] + 30
        now[0] += 21
        clock.rebuild()
        await pilot.pause()
        assert app.alerts == []


# -- both games ---------------------------------------------------------------------------------------

async def _alerted_once_when_the_table_waits(app, start) -> Recorder:
    rec = Recorder()
    app.turn_alerts = rec.alerts
    async with app.run_test(size=(80, 24)) as pilot:
        tid = start(app)
        await wait_for(pilot, lambda a: getattr(a.screen, "update", None) is not None
                       and decision_is_mine(a.screen.update))
        await wait_for(pilot, lambda a: rec.bells >= 1)
        app.screen.refresh_texts()       # a redraw is not a new event
        await pilot.pause()
        assert rec.bells == 1
        assert any("\x1b]2;Ahoy — your turn\x07" in s for s in rec.out)
        assert not [s for s in rec.out for label in CARD_LABELS if label in s]   # no card in a title or notice (R18)
        app.lobby.core.set_autopilot(app.handle, tid, True)
        await wait_for(pilot, lambda a: any(TITLE_POP in s for s in rec.out))
    return rec


async def test_ahoy_table_alerts_once_and_takes_the_title_down():
    app = make_app(new_lobby(seed=4), title=True, notify="osc777")
    await _alerted_once_when_the_table_waits(app, lambda a: bot_table(a, players=2))


async def test_ahoi_table_alerts_once_and_takes_the_title_down():
    app = make_app(new_lobby(seed=4), title=True, notify="osc777")

    def start(a) -> str:
        core = a.lobby.core
        tid = core.create_table(a.handle, TableConfig.make("ahoi", name="Cove", seats=2, clocks="untimed"))
        a.open_table(tid)
        core.add_bot(a.handle, tid, "baseline")
        core.start(a.handle, tid)
        return tid

    await _alerted_once_when_the_table_waits(app, start)


async def test_an_offer_alert_names_the_offerer_and_no_card():
    """Seed 2: the bot opens the hand with an offer to anna (R9.1). The notification says who offers,
    not the cards wanted or given (R18: a notification is read by anyone near the screen)."""
    app = make_app(new_lobby(seed=2), title=True, notify="osc9")
    rec = Recorder(notify="osc9")
    app.turn_alerts = rec.alerts
    async with app.run_test(size=(80, 24)) as pilot:
        tid = bot_table(app, players=2)
        await wait_for(pilot, lambda a: rec.bells >= 1)
        view = app.screen.update.view
        assert view.offer is not None and view.offer[1] == view.seat
        offerer = app.screen.state.names[view.offer[0]]
        notices = [s for s in rec.out if "\x1b]9;" in s]
        assert len(notices) == 1 and f"\x1b]9;{offerer} makes you an offer.\x07" in notices[0]
        offered = {card_label(c) for c in view.offer[2:]} | {card_label(c, True) for c in view.offer[2:]}
        assert not [s for s in rec.out for label in offered | CARD_LABELS if label in s]
        assert app.lobby.core.tables[tid].game is not None

"""Known strength (issue 30) as a player reads it: the waiting room's seat list, the add-bot chooser (``b``)
and a bot's profile card (``v``) show the level's measured rating; an unknown one shows nothing."""

from __future__ import annotations

from functools import partial

from ui_helpers import make_app, new_lobby, screen_text, wait_for

from ahoy_tui.games.ahoy.spec import AhoySpec
from ahoy_tui.lobby import TableConfig
from ahoy_tui.ui.bot_levels import rated_bot_tag, strength, strength_label
from ahoy_tui.ui.community_text import bot_lines
from ahoy_tui.ui.i18n import tr
from ahoy_tui.ui.screens.create_table import CreateTableScreen
from ahoy_tui.ui.screens.pick_seat import PickSeatScreen
from ahoy_tui.ui.screens.profile import ProfileScreen

SIZE = (80, 24)


def _flat(app) -> str:
    return " ".join(screen_text(app).split())


async def test_the_waiting_room_and_the_level_chooser_show_each_levels_rating():
    hard, normal = strength_label("ahoy", "hard"), strength_label("ahoy", "baseline")
    assert hard and normal                      # shipped: bench/bot_strength.py wrote the game's figures
    lobby = new_lobby()
    app = make_app(lobby)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        tid = lobby.create_table(app.handle, TableConfig.make(name="Wake", seats=3, clocks="untimed"))
        app.open_table(tid)
        await wait_for(pilot, lambda a: "waiting for the crew" in screen_text(a))
        await pilot.press("b")
        await wait_for(pilot, lambda a: isinstance(a.screen, PickSeatScreen))
        assert f"3. hard · {hard}" in screen_text(app) and f"2. normal · {normal}" in screen_text(app)
        await pilot.press("3")
        await wait_for(pilot, lambda a: f"(bot, hard · {hard})" in screen_text(a))
        lobby.add_bot(app.handle, tid, "baseline")
        await wait_for(pilot, lambda a: f"(bot, normal · {normal})" in screen_text(a))


async def test_a_bots_name_opens_a_bots_card_with_its_levels_strength():
    lobby = new_lobby()
    app = make_app(lobby)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        tid = lobby.create_table(app.handle, TableConfig.make(name="Wake", seats=2, clocks="untimed"))
        app.open_table(tid)
        lobby.add_bot(app.handle, tid, "hard")
        await wait_for(pilot, lambda a: "bot, hard" in screen_text(a))
        await pilot.press("v")
        await wait_for(pilot, lambda a: isinstance(a.screen, ProfileScreen))
        bot = app.screen.names[1]
        await pilot.press("down")
        await wait_for(pilot, lambda a: a.screen.shown == bot)
        card = _flat(app)
        assert f"{bot} is a bot: AHOY!! V2, level hard." in card
        assert f"Strength {strength_label('ahoy', 'hard')}:" in card and "not rated" in card


def test_an_unknown_strength_shows_the_level_alone(monkeypatch):
    en, de = partial(tr, "en"), partial(tr, "de")
    monkeypatch.setattr(AhoySpec, "bot_strength", lambda self, kind: None)
    assert strength("ahoy", "hard") is None
    assert rated_bot_tag(en, "ahoy", "hard") == "bot, hard" and rated_bot_tag(de, "ahoy", "hard") == "Bot, schwer"
    assert rated_bot_tag(en, "kraken", "hard") == "bot, hard"       # no such game: unknown too


async def test_the_create_dialog_offers_each_level_with_its_rating():
    app = make_app(new_lobby())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("n")
        await wait_for(pilot, lambda a: isinstance(a.screen, CreateTableScreen))
        labels = [str(label) for label, _ in app.screen.query_one("#c-bots")._options]
        assert labels[3] == f"hard · {strength_label('ahoy', 'hard')}" and labels[0] == "none"


def test_a_bots_card_in_every_language_and_with_an_unknown_strength(monkeypatch):
    hard = strength_label("ahoy", "hard")
    assert bot_lines("es", "Anne Bonny", "ahoy", "hard")[1:3] == [
        "Anne Bonny es un bot: AHOY!! V2, nivel difícil.",
        f"Fuerza {hard}: su nivel puntuado como las personas (la misma escala), en "
        f"{strength('ahoy', 'hard').games} partidas entre los niveles ({strength('ahoy', 'hard').date})."]
    assert f"schwer {hard}" in bot_lines("de", "Anne Bonny", "ahoy", "hard")[3]       # every level's figure
    monkeypatch.setattr(AhoySpec, "bot_strength", lambda self, kind: None)
    card = bot_lines("en", "Anne Bonny", "ahoy", "hard")
    assert card == ["Anne Bonny", "Anne Bonny is a bot: AHOY!! V2, level hard.",
                    "Its level's strength has not been measured yet.",
                    "A bot has no rating of its own; games against bots are not rated."]

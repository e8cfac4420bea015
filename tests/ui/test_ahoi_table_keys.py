"""Play-tester findings at the Ahoi table at 80x24 (issue 18): your own total, the bot levels Ahoi seats,
„Ahoi“ asked first, the discard pile's own key."""

from __future__ import annotations

import re

from test_ahoi_table import SIZE, ahoi_table_for, own_row, state_of
from ui_helpers import make_app, new_lobby, screen_text, wait_for

from ahoy_tui.games.ahoi.actions import CallAhoi, TakeDiscard
from ahoy_tui.lobby import Lobby, TableConfig, Timing
from ahoy_tui.ui import bot_levels
from ahoy_tui.ui.i18n import tr
from ahoy_tui.ui.games.ahoi.table import AhoiTableScreen
from ahoy_tui.ui.screens.confirm import ConfirmScreen
from ahoy_tui.ui.screens.create_table import CreateTableScreen
from ahoy_tui.ui.screens.pick_seat import PickSeatScreen


def fast_lobby() -> Lobby:
    return Lobby(timing=Timing(bot_delay=(0.0, 0.0), between_hands=60.0), seed=6)


async def my_turn(pilot, app) -> None:
    """Look at cards 1 and 2, then wait for the first turn."""
    await wait_for(pilot, lambda a: "Look at two" in screen_text(a))
    await pilot.press("1", "2")
    await wait_for(pilot, lambda a: "Your turn: d draw" in screen_text(a), timeout=30)


async def test_your_own_total_shows_beside_your_layout_in_the_other_rows_column():
    app = make_app(new_lobby(seed=4))
    async with app.run_test(size=SIZE) as pilot:
        ahoi_table_for(app)
        await wait_for(pilot, lambda a: "Look at two" in screen_text(a))
        mine = own_row(app)
        other = next(ln for ln in screen_text(app).splitlines() if "1[░░]" in ln and ln is not mine
                     and "Total" not in ln)
        total = app.screen.update.view.totals[0]
        assert re.search(rf"Total +{total} 1\[░░\]", mine), mine
        assert mine.index("1[") == other.index("1["), (mine, other)


async def test_add_bot_offers_ahois_three_levels_and_seats_the_one_picked():
    """Ahoi's ``bot_kinds`` are random, baseline and hard (issue 30): the chooser lists easy, normal and hard."""
    app = make_app(new_lobby())
    async with app.run_test(size=SIZE) as pilot:
        core = app.lobby.core
        tid = core.create_table(app.handle, TableConfig.make("ahoi", name="Cove", seats=3, clocks="untimed"))
        app.open_table(tid)
        await wait_for(pilot, lambda a: isinstance(a.screen, AhoiTableScreen) and "Cove" in screen_text(a))
        await pilot.press("b")
        await wait_for(pilot, lambda a: isinstance(a.screen, PickSeatScreen))
        text = screen_text(app)
        assert "easy" in text and "normal" in text and "hard" in text, text
        assert "Press 1, 2 or 3 for the bot's level" in text
        await pilot.press("3")
        await wait_for(pilot, lambda a: any(s.kind == "bot" for s in a.lobby.core.tables[tid].seats))
        assert [s.bot_kind for s in core.tables[tid].seats if s.kind == "bot"] == ["hard"]


async def test_the_create_dialog_fills_seats_with_the_chosen_games_bot_levels_hard_for_ahoi_too():
    app = make_app(new_lobby())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("n")
        await wait_for(pilot, lambda a: isinstance(a.screen, CreateTableScreen))
        dialog = app.screen
        bots = dialog.query_one("#c-bots")
        assert [v for _, v in bots._options] == ["", "random", "baseline", "hard"]
        bots.value = "hard"
        dialog.query_one("#c-game").value = "ahoi"
        await wait_for(pilot, lambda a: bool(a.screen.query("#c-memory-aid")))
        assert [v for _, v in bots._options] == ["", "random", "baseline", "hard"]
        assert bots.value == "hard"                # kept: Ahoi has a hard level (issue 30)


def test_a_refused_bot_level_reads_as_a_sentence_in_the_players_language():
    english = bot_levels.refusal(lambda k, **kw: tr("en", k, **kw), "ahoi")
    assert english == "Bots at this table play easy, normal or hard."
    german = bot_levels.refusal(lambda k, **kw: tr("de", k, **kw), "ahoi")
    assert german == "Bots an diesem Tisch spielen leicht, normal oder schwer."
    assert bot_levels.refusal(lambda k, **kw: tr("es", k, **kw), "ahoi").endswith("fácil, normal o difícil.")


async def test_a_asks_before_calling_ahoi_and_n_keeps_your_turn():
    """AH10: a call cannot be taken back, so ``a`` asks first; ``n`` keeps the turn, ``y`` calls."""
    app = make_app(fast_lobby())
    async with app.run_test(size=SIZE) as pilot:
        tid = ahoi_table_for(app)
        await my_turn(pilot, app)
        assert CallAhoi() in app.table_screen.state.legal, "with this seed no bot calls before anna's turn"
        await pilot.press("a")
        await wait_for(pilot, lambda a: isinstance(a.screen, ConfirmScreen))
        text = screen_text(app)
        assert "Call „Ahoi“?" in text and "Everyone else gets one more turn." in text
        assert "y Call" in text and "n Not yet" in text
        await pilot.press("n")
        await wait_for(pilot, lambda a: isinstance(a.screen, AhoiTableScreen))
        assert state_of(app, tid).caller < 0 and "Your turn: d draw" in screen_text(app)
        await pilot.press("a")
        await wait_for(pilot, lambda a: isinstance(a.screen, ConfirmScreen))
        await pilot.press("y")
        await wait_for(pilot, lambda a: state_of(a, tid).caller == 0)


async def test_the_german_question_before_ahoi():
    app = make_app(fast_lobby(), lang="de")
    async with app.run_test(size=SIZE) as pilot:
        ahoi_table_for(app)
        await wait_for(pilot, lambda a: "Sieh dir zwei" in screen_text(a))
        await pilot.press("1", "2")
        await wait_for(pilot, lambda a: "Du bist dran" in screen_text(a), timeout=30)
        assert CallAhoi() in app.table_screen.state.legal, "with this seed no bot calls before anna's turn"
        await pilot.press("a")
        await wait_for(pilot, lambda a: isinstance(a.screen, ConfirmScreen))
        text = screen_text(app)
        assert "„Ahoi“ ansagen?" in text and "Alle anderen sind noch einmal am Zug." in text
        assert "Noch nicht" in text


async def test_k_takes_the_discard_and_t_only_changes_the_theme():
    """``t`` is the next theme everywhere; the discard pile has its own key (AH5)."""
    app = make_app(fast_lobby())
    async with app.run_test(size=SIZE) as pilot:
        tid = ahoi_table_for(app)
        await my_turn(pilot, app)
        assert TakeDiscard() in app.table_screen.state.legal and "k take the discard" in screen_text(app)
        theme = app.theme
        await pilot.press("t")
        await wait_for(pilot, lambda a: a.theme != theme)
        assert state_of(app, tid).held < 0
        await pilot.press("k")
        await wait_for(pilot, lambda a: "Taken [" in screen_text(a))
        assert state_of(app, tid).held >= 0


async def test_f1_wraps_the_ahoi_rules_once_with_no_orphan_words_at_80x24():
    """The rules are wrapped for 80 columns; the help box is narrower: no line starts a word left over."""
    from ahoy_tui.ui.screens.help import HelpScreen

    for lang in ("en", "de"):
        app = make_app(new_lobby(seed=4), lang=lang)
        async with app.run_test(size=SIZE) as pilot:
            ahoi_table_for(app)
            await wait_for(pilot, lambda a: isinstance(a.screen, AhoiTableScreen) and "Ahoi" in screen_text(a))
            await pilot.press("f1")
            await wait_for(pilot, lambda a: isinstance(a.screen, HelpScreen))
            await pilot.pause(0.2)
            lines = screen_text(app).splitlines()
            top = next(i for i, ln in enumerate(lines) if "Ahoi: " in ln)
            left = lines[top].index("╭─ Ahoi") + 2
            bottom = next(i for i in range(top + 1, len(lines)) if lines[i][left - 2:left].startswith("╰"))
            body = [ln[left:left + 72] for ln in lines[top + 1:bottom]]
            assert "Ahoi" in body[0] and body[1].startswith("- 2-6"), body[:3]
            for ln in body[1:]:
                assert ln.startswith(("- ", "  ", "Keys", "Tasten")) or not ln.strip(), (lang, ln, body)


async def test_the_ahoi_leaderboard_names_its_seat_range_and_an_empty_board_has_no_header():
    from ahoy_tui.community.service import Community
    from ahoy_tui.ui.screens.leaderboard import LeaderboardScreen

    community = Community()
    try:
        app = make_app(Lobby(timing=Timing.instant(), community=community))
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("L")
            await wait_for(pilot, lambda a: isinstance(a.screen, LeaderboardScreen) and a.screen.fetched)
            assert "2-8 players" in screen_text(app)
            await pilot.press("g")
            await wait_for(pilot, lambda a: a.screen.game == "ahoi" and a.screen.fetched)
            text = screen_text(app)
            assert "2-6 players" in text and "2-8" not in text, text
            assert "Nobody is on this leaderboard yet" in text and not re.search(r"rating +player", text), text
            await pilot.press("7")
            await pilot.pause()
            assert app.screen.board == "overall"  # Ahoi seats at most 6
    finally:
        community.close()


async def test_a_six_seat_ahoi_waiting_room_shows_every_seat_at_80x24():
    app = make_app(new_lobby())
    async with app.run_test(size=SIZE) as pilot:
        core = app.lobby.core
        tid = core.create_table(app.handle, TableConfig.make("ahoi", name="Cove", seats=6, clocks="untimed"))
        app.open_table(tid)
        for _ in range(5):
            core.add_bot(app.handle, tid, "baseline")
        await wait_for(pilot, lambda a: isinstance(a.screen, AhoiTableScreen) and " 5. " in screen_text(a))
        await pilot.pause(0.2)
        text = screen_text(app)
        assert all(f" {n}. " in text for n in range(1, 7)), text


async def test_h_after_the_next_deal_titles_the_last_round_by_its_sums():
    """Once the next round is dealt the cards are private again (AH11): ``h`` shows sums and totals only."""
    from ahoy_tui.ui.games.ahoi.round import AhoiRoundScreen

    app = make_app(Lobby(timing=Timing(bot_delay=(0.0, 0.0), between_hands=0.2), seed=6))
    async with app.run_test(size=SIZE) as pilot:
        tid = ahoi_table_for(app)
        await my_turn(pilot, app)
        if CallAhoi() in app.table_screen.state.legal:
            await pilot.press("a")
            await wait_for(pilot, lambda a: isinstance(a.screen, ConfirmScreen))
            await pilot.press("y")
        else:
            await pilot.press("d", "x")
        await wait_for(pilot, lambda a: state_of(a, tid).round_no == 2 and isinstance(a.screen, AhoiTableScreen),
                       timeout=10)
        await pilot.press("h")
        await wait_for(pilot, lambda a: isinstance(a.screen, AhoiRoundScreen))
        text = screen_text(app)
        assert "Round 1: sums and totals" in text and "the layouts" not in text, text


def test_reflow_leaves_the_ahoy_help_as_it_was_and_wraps_the_ahoi_rules_at_the_width():
    from ahoy_tui.ui.reflow import reflow

    for lang in ("en", "es", "de"):
        for key in ("help.body", "cm.help"):
            assert reflow(tr(lang, key), 71) == tr(lang, key)  # the widget wraps those paragraphs
        rules = reflow(tr(lang, "plain.rules_ahoi"), 60)
        assert max(len(ln) for ln in rules.splitlines()) <= 60
        assert rules.split() == tr(lang, "plain.rules_ahoi").split()  # every word, in order

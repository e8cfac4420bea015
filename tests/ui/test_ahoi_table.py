"""The Ahoi table screen at 80x24 (issue 18): a peek shows and hides, the drawn card shows while held,
the round's reveal with sums and totals, ASCII mode, the create dialog's game choice, the screen by game."""

from __future__ import annotations

import re
import time

from ui_helpers import make_app, new_lobby, screen_text, wait_for

from ahoy_tui.games.ahoi import cards as AC
from ahoy_tui.games.ahoi.actions import CallAhoi
from ahoy_tui.games.ahoi.state import AhoiPhase
from ahoy_tui.lobby import Lobby, TableConfig, Timing
from ahoy_tui.ui.games.ahoi import cards as ahoi_cards
from ahoy_tui.ui.table_kit.seats import seat_names
from ahoy_tui.ui.games.ahoi import table as ahoi_table
from ahoy_tui.ui.games.ahoi.round import AhoiRoundScreen
from ahoy_tui.ui.games.ahoi.table import AhoiTableScreen
from ahoy_tui.ui.screens.confirm import ConfirmScreen
from ahoy_tui.ui.screens.create_table import CreateTableScreen

SIZE = (80, 24)


def ahoi_table_for(app, seats: int = 3, memory_aid: bool = False) -> str:
    """An untimed Ahoi table hosted by the app's player, the other seats baseline bots, started."""
    core = app.lobby.core
    tid = core.create_table(app.handle, TableConfig.make("ahoi", name="Cove", seats=seats, clocks="untimed",
                                                         memory_aid=memory_aid))
    app.open_table(tid)
    for _ in range(seats - 1):
        core.add_bot(app.handle, tid, "baseline")
    core.start(app.handle, tid)
    return tid


def own_row(app) -> str:
    """The line of the "Your layout" panel that holds the cards."""
    lines = screen_text(app).splitlines()
    i = next(i for i, ln in enumerate(lines) if "Your layout" in ln or "Your layout".upper() in ln)
    return lines[i + 1]


async def call_ahoi(pilot) -> None:
    """``a``, then ``y`` in the question that asks first."""
    await pilot.press("a")
    await wait_for(pilot, lambda a: isinstance(a.screen, ConfirmScreen))
    await pilot.press("y")


def faces_in(text: str) -> list[int]:
    return [int(m.group(1)) for m in ahoi_cards.FACE.finditer(text)]


def state_of(app, tid: str):
    return app.lobby.core.tables[tid].game.state


async def test_first_look_shows_two_cards_then_turns_them_face_down(monkeypatch):
    """AH4 with the memory aid off (AH15): the two picked cards show their values, then face down again."""
    monkeypatch.setattr(ahoi_table, "PEEK_SECONDS", 0.6)
    app = make_app(new_lobby(seed=4))
    async with app.run_test(size=SIZE) as pilot:
        tid = ahoi_table_for(app)
        await wait_for(pilot, lambda a: isinstance(a.screen, AhoiTableScreen) and "Look at two" in screen_text(a))
        assert faces_in(own_row(app)) == []
        await pilot.press("2", "4")
        st = state_of(app, tid)
        mine = [AC.value(c) for c in st.layouts[0]]
        await wait_for(pilot, lambda a: len(faces_in(own_row(a))) == 2)
        row = own_row(app)
        assert re.search(r"2\[ ?\d+\]", row) and re.search(r"4\[ ?\d+\]", row), row
        assert faces_in(row) == [mine[1], mine[3]]
        await wait_for(pilot, lambda a: faces_in(own_row(a)) == [], timeout=30)
        assert "1[░░] 2[░░] 3[░░] 4[░░]" in own_row(app)


async def test_the_drawn_card_shows_while_held_and_the_round_reveal_has_sums_and_totals():
    """AH5.2: the drawn card is shown beside the piles while held; „Ahoi“ ends the round (AH10) and the
    reveal lists every layout face up with its sum, the round's score and the totals (AH11, AH12)."""
    app = make_app(Lobby(timing=Timing(bot_delay=(0.0, 0.0), between_hands=60.0), seed=6))
    async with app.run_test(size=SIZE) as pilot:
        tid = ahoi_table_for(app)
        await wait_for(pilot, lambda a: "Look at two" in screen_text(a))
        await pilot.press("1", "2")
        await wait_for(pilot, lambda a: "Your turn: d draw" in screen_text(a), timeout=30)
        await pilot.press("d")
        await wait_for(pilot, lambda a: "Drawn [" in screen_text(a))
        held = AC.value(state_of(app, tid).held)
        line = next(ln for ln in screen_text(app).splitlines() if "Drawn [" in ln)
        assert faces_in(line.split("Drawn")[1])[0] == held
        await pilot.press("x")
        await wait_for(pilot, lambda a: "Drawn [" not in screen_text(a))
        await wait_for(pilot, lambda a: "Your turn: d draw" in screen_text(a) or isinstance(a.screen, AhoiRoundScreen),
                       timeout=10)
        if isinstance(app.screen, AhoiRoundScreen):
            pass  # a bot called „Ahoi“ before that turn, which was the last (AH10)
        elif any(isinstance(a, CallAhoi) for a in app.table_screen.state.legal):
            await call_ahoi(pilot)
        else:  # a bot called first (AH10): this is the last turn
            await pilot.press("d")
            await wait_for(pilot, lambda a: "Drawn [" in screen_text(a))
            await pilot.press("x")
        await wait_for(pilot, lambda a: isinstance(a.screen, AhoiRoundScreen), timeout=30)
        text = screen_text(app)
        result = state_of(app, tid).results[-1]
        caller = seat_names(app.table_screen.state.update)[result.caller]
        assert "Sum" in text and "Total" in text and f"„Ahoi“ called by {caller}" in text
        names = seat_names(app.table_screen.state.update)
        body = app.screen.query_one("#ahoi-round-body").render().plain  # the dialog's own lines
        for name, total, s, score in zip(names, result.totals, result.sums, result.scores):
            line = next(ln for ln in body.splitlines() if ln.startswith(name[:10]))
            assert line.strip(" │|").split()[-3:] == [str(s), str(score), str(total)] or \
                line.strip(" │|").split()[-4:] == [str(s), "+5", str(score), str(total)], line
        revealed = state_of(app, tid).revealed
        assert revealed is not None and faces_in(body)[:len(revealed[0])] == list(revealed[0])
        assert all(ln in text for ln in body.splitlines()[:2])  # on screen
        await pilot.press("enter")
        await wait_for(pilot, lambda a: isinstance(a.screen, AhoiTableScreen))


async def test_ascii_mode_at_80x24_draws_backs_and_frames_in_ascii():
    """ASCII mode (a client without UTF-8): backs are [##], frames ASCII, nothing outside ASCII on screen."""
    app = make_app(new_lobby(seed=4), utf8=False)
    async with app.run_test(size=SIZE) as pilot:
        ahoi_table_for(app, seats=4)
        await wait_for(pilot, lambda a: "Look at two" in screen_text(a))
        text = screen_text(app)
        assert "1[##] 2[##] 3[##] 4[##]" in text and "Layouts" in text
        assert all(ord(ch) < 128 for ch in text), [ch for ch in text if ord(ch) >= 128][:5]
        assert len(text.splitlines()) == 24 and max(len(ln) for ln in text.splitlines()) <= 80
        assert "Draw pile" in text and "Discard [" in text


async def test_the_create_dialog_offers_both_games_and_creates_an_ahoi_table_with_its_options():
    """The game drop-down lists AHOY!! V2 and Ahoi; Ahoi shows its memory-aid option (not the point limit)
    and 2–6 seats; Create makes an Ahoi table with that option, shown by the Ahoi screen."""
    lobby = new_lobby()
    app = make_app(lobby)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("n")
        await wait_for(pilot, lambda a: isinstance(a.screen, CreateTableScreen))
        dialog = app.screen
        game = dialog.query_one("#c-game")
        assert [str(label) for label, _ in game._options] == ["AHOY!! V2", "Ahoi"]
        assert dialog.query("#c-limit") and not dialog.query("#c-memory-aid")
        game.value = "ahoi"
        await wait_for(pilot, lambda a: bool(a.screen.query("#c-memory-aid")))
        assert not dialog.query("#c-limit") and "Memory aid" in screen_text(app)
        assert "60 s for every decision." in screen_text(app) and "to discard" not in screen_text(app)
        assert [v for _, v in dialog.query_one("#c-seats")._options] == [2, 3, 4, 5, 6]
        dialog.query_one("#c-memory-aid").value = True
        dialog.query_one("#c-seats").value = 3
        await pilot.pause()
        dialog.query_one("#c-create").press()
        await wait_for(pilot, lambda a: isinstance(a.screen, AhoiTableScreen))
        (table,) = lobby.tables.values()
        assert table.config.game == "ahoi" and table.config.option("memory_aid") is True
        assert table.config.seats == 3
        await wait_for(pilot, lambda a: "Memory aid" in screen_text(a) and "Game: Ahoi" in screen_text(a))


async def test_the_lobby_list_names_each_tables_game():
    lobby = new_lobby()
    app = make_app(lobby)
    async with app.run_test(size=SIZE) as pilot:
        bo = lobby.connect("user:bo", "bo")
        bo.subscribe(lambda m: None)
        lobby.create_table(bo, TableConfig.make("ahoi", name="Cove", seats=3))
        lobby.create_table(bo, TableConfig.make(name="Deck", seats=3, limit=50))
        await wait_for(pilot, lambda a: "Cove" in screen_text(a) and "Deck" in screen_text(a))
        lines = screen_text(app).splitlines()
        assert "Ahoi" in next(ln for ln in lines if "Cove" in ln)
        assert "V2 50" in next(ln for ln in lines if "Deck" in ln)


async def test_tauschen_sends_the_chosen_positions():
    """AH9 Tauschen through the keys: u, own position 3, a seat, its position 2: the two cards trade places."""
    app = make_app(Lobby(timing=Timing(bot_delay=(0.0, 0.0), between_hands=60.0), seed=6))
    async with app.run_test(size=SIZE) as pilot:
        tid = ahoi_table_for(app)
        await wait_for(pilot, lambda a: "Look at two" in screen_text(a))
        await pilot.press("1", "2")
        await wait_for(pilot, lambda a: "Your turn: d draw" in screen_text(a), timeout=30)
        pile = state_of(app, tid).draw_pile  # the test stacks the deck: a Tauschen (11) on top
        eleven = next(i for i, c in enumerate(pile) if AC.value(c) == 11)
        pile.insert(0, pile.pop(eleven))
        await pilot.press("d")
        await wait_for(pilot, lambda a: "Tauschen [11]: u use it" in screen_text(a))
        await pilot.press("u")
        await wait_for(pilot, lambda a: "Tauschen: which of your cards" in screen_text(a))
        before = [list(x) for x in state_of(app, tid).layouts]
        await pilot.press("3")
        await wait_for(pilot, lambda a: "Tauschen your 3 with" in screen_text(a))
        target = app.screen.keys.sel.target
        await pilot.press("2")
        await wait_for(pilot, lambda a: state_of(a, tid).layouts[0][2] == before[target][1])
        assert state_of(app, tid).layouts[target][1] == before[0][2]


async def test_german_and_spanish_sessions_read_the_table_in_their_language():
    """LANG=de gives German Ahoi texts (issue 18), LANG=es Spanish; the printed words stay German."""
    for lang, words in (("de", ("Deine Auslage", "Nachziehstapel", "Ablagestapel", "Sieh dir zwei")),
                        ("es", ("Tu fila", "Mazo", "Descarte", "Mira dos de tus cartas"))):
        app = make_app(new_lobby(seed=4), lang=lang)
        async with app.run_test(size=SIZE) as pilot:
            ahoi_table_for(app)
            await wait_for(pilot, lambda a: words[3] in screen_text(a))
            text = screen_text(app)
            assert all(w in text for w in words), (lang, text)
            assert "Your layout" not in text and "Draw pile" not in text


async def test_ascii_mode_switched_at_the_table_tells_the_log_again():
    """``m`` at an Ahoi table: the log's earlier lines are told again in ASCII („Ahoi“ becomes "Ahoi")."""
    app = make_app(Lobby(timing=Timing(bot_delay=(0.0, 0.0), between_hands=60.0), seed=6))
    async with app.run_test(size=SIZE) as pilot:
        ahoi_table_for(app)
        await wait_for(pilot, lambda a: "Look at two" in screen_text(a))
        await pilot.press("1", "2")
        await wait_for(pilot, lambda a: "Your turn: d draw" in screen_text(a), timeout=30)
        if any(isinstance(a, CallAhoi) for a in app.table_screen.state.legal):
            await call_ahoi(pilot)  # else a bot called already: its line is in the log
        await wait_for(pilot, lambda a: "called „Ahoi“" in screen_text(a) or isinstance(a.screen, AhoiRoundScreen))
        if isinstance(app.screen, AhoiRoundScreen):
            await pilot.press("escape")
        await pilot.press("m")
        await wait_for(pilot, lambda a: 'called "Ahoi"' in screen_text(a))
        assert all(ord(ch) < 128 for ch in screen_text(app))


async def test_with_the_memory_aid_seen_cards_stay_face_up(monkeypatch):
    """AH15 on: after the peek's seconds the two cards of the first look stay face up (the view remembers)."""
    monkeypatch.setattr(ahoi_table, "PEEK_SECONDS", 0.3)
    app = make_app(new_lobby(seed=4))
    async with app.run_test(size=SIZE) as pilot:
        tid = ahoi_table_for(app, memory_aid=True)
        await wait_for(pilot, lambda a: "Look at two" in screen_text(a))
        await pilot.press("1", "3")
        await wait_for(pilot, lambda a: len(faces_in(own_row(a))) == 2)
        flashes = app.table_screen.flashes
        await wait_for(pilot, lambda a: all(f.until < time.monotonic() for f in flashes))
        await pilot.pause(0.2)
        mine = state_of(app, tid).layouts[0]
        if state_of(app, tid).phase is not AhoiPhase.NO_ROUND and len(mine) == 4:
            row = own_row(app)
            assert faces_in(row) == [AC.value(mine[0]), AC.value(mine[2])], row
            assert "memory aid" in screen_text(app)


async def test_a_reconnect_lands_at_the_ahoi_table_with_its_log_and_no_old_peeks():
    """Back after a disconnect (the autopilot kept the seat): the Ahoi screen again, the round's log told,
    and no card face up that was peeked before (AH15: the peek was shown once, at its time)."""
    lobby = Lobby(timing=Timing(bot_delay=(8.0, 8.0), between_hands=60.0), seed=4)  # the bots wait: still AH4
    app = make_app(lobby)
    async with app.run_test(size=SIZE) as pilot:
        tid = ahoi_table_for(app)
        await wait_for(pilot, lambda a: "Look at two" in screen_text(a))
        await pilot.press("1", "2")
        await wait_for(pilot, lambda a: len(faces_in(own_row(a))) == 2)
    again = make_app(lobby)
    async with again.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda a: isinstance(a.screen, AhoiTableScreen) and "Your layout" in screen_text(a))
        assert again.table_screen.table_id == tid
        await wait_for(pilot, lambda a: "looked at two cards" in screen_text(a))
        assert faces_in(own_row(again)) == [] and lobby.tables[tid].game.state.phase is AhoiPhase.FIRST_LOOK


def test_every_ahoi_text_is_in_english_spanish_and_german():
    """Issue 18: Ahoi's texts exist in the three languages, and the printed words stay German in each."""
    from ahoy_tui.ui.games.ahoi.texts import DE_AHOI, EN_AHOI, ES_AHOI

    ahoi = {k for k in EN_AHOI if k.startswith(("ahoi.", "plain.rules_ahoi", "option.ahoi."))}
    assert ahoi <= set(ES_AHOI) and ahoi <= set(DE_AHOI)
    for table in (EN_AHOI, ES_AHOI, DE_AHOI):
        assert "Tauschen" in table["ahoi.p.tauschen_own"] and "Fernrohr" in table["ahoi.p.fernrohr"]
        assert "Lupe" in table["ahoi.p.lupe"] and "„Ahoi“" in table["ahoi.called"]


async def test_the_drawn_card_fits_the_german_table_at_80x24():
    """The longest words (German) still leave the drawn card on screen, whole."""
    app = make_app(Lobby(timing=Timing(bot_delay=(0.0, 0.0), between_hands=60.0), seed=6), lang="de")
    async with app.run_test(size=SIZE) as pilot:
        tid = ahoi_table_for(app)
        await wait_for(pilot, lambda a: "Sieh dir zwei" in screen_text(a))
        await pilot.press("1", "2")
        await wait_for(pilot, lambda a: "Du bist dran: d ziehen" in screen_text(a), timeout=30)
        await pilot.press("d")
        await wait_for(pilot, lambda a: "Gezogen [" in screen_text(a))
        line = next(ln for ln in screen_text(app).splitlines() if "Gezogen [" in ln)
        assert faces_in(line.split("Gezogen")[1])[:1] == [AC.value(state_of(app, tid).held)]
        assert "Nachziehstapel" in screen_text(app) and "Ablagestapel [" in screen_text(app)


async def test_the_autopilot_key_hands_the_seat_over_and_the_prompt_says_so():
    """R17/AH14 through the shared seat keys: z puts the seat on the autopilot, the prompt tells it, z takes it back."""
    app = make_app(Lobby(timing=Timing(bot_delay=(8.0, 8.0), between_hands=60.0), seed=4))
    async with app.run_test(size=SIZE) as pilot:
        tid = ahoi_table_for(app)
        await wait_for(pilot, lambda a: "Look at two" in screen_text(a))
        await pilot.press("z")
        on = lambda a: a.table_screen.state.update.table.seats[0].autopilot  # noqa: E731  (as the lobby told it)
        await wait_for(pilot, lambda a: on(a) and "autopilot is playing your seat" in screen_text(a))
        prompt = app.table_screen.model.prompt.plain
        assert re.search(r"[.!?…:] The autopilot is playing your seat", prompt), prompt  # a sentence apart
        await pilot.press("z")
        await wait_for(pilot, lambda a: not on(a) and "autopilot is playing" not in screen_text(a))
        assert app.lobby.core.tables[tid].game is not None


async def test_f1_at_an_ahoi_table_explains_ahoi_and_at_the_lobby_both_games():
    """The lobby's help names every game with what it is about and the lobby's keys, not one game's full
    rules (it was AHOY!! V2's rules and table keys); a table's help is its game's."""
    app = make_app(new_lobby(seed=4))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("f1")
        await wait_for(pilot, lambda a: "Help: the lobby" in screen_text(a))
        help_text = " ".join(screen_text(app).split())
        assert "AHOY!! V2 — collect a treasure" in help_text and "Ahoi — keep the sum" in help_text
        assert "n new table" in help_text and "DIRTY DEAL" not in help_text and "o offer" not in help_text
        await pilot.press("escape")
        ahoi_table_for(app)
        await wait_for(pilot, lambda a: "Look at two" in screen_text(a))
        await pilot.press("f1")
        await wait_for(pilot, lambda a: "Ahoi: rules and keys" in screen_text(a))
        assert "Fernrohr" in screen_text(app) and "treasure" not in screen_text(app)


async def test_a_whole_game_on_the_autopilot_ends_with_the_winners_and_r_starts_a_rematch():
    """AH13 at the table: the last round's dialog names the winners; closed, r asks for a rematch and the
    new game deals a fresh round 1 on the same screen."""
    app = make_app(new_lobby(seed=8))
    async with app.run_test(size=SIZE) as pilot:
        tid = ahoi_table_for(app)
        await wait_for(pilot, lambda a: "Look at two" in screen_text(a))
        await pilot.press("z")  # the autopilot plays the seat (R17, AH14); the bots act at once
        await wait_for(pilot, lambda a: isinstance(a.screen, AhoiRoundScreen) and " won" in screen_text(a),
                       timeout=20)
        game = app.lobby.core.tables[tid].game
        winners = [seat_names(app.table_screen.state.update)[w] for w in game.state.winners]
        assert f"{', '.join(winners)} won" in screen_text(app) and max(game.state.totals) >= 101
        await pilot.press("enter")
        await wait_for(pilot, lambda a: isinstance(a.screen, AhoiTableScreen) and "r Rematch" in screen_text(a))
        await pilot.press("r")
        await wait_for(pilot, lambda a: app.lobby.core.tables[tid].game is not game
                       and "Round 1 · to 101" in screen_text(a), timeout=10)


async def test_an_update_reaching_an_ahoi_table_being_taken_down_is_dropped_not_a_crash():
    """The session's app ends (or leaves the table) while the table plays on: the screen's
    widgets go first, and an update that comes meanwhile must not end the session with NoMatches."""
    from ahoy_tui.ui.widgets.event_log import EventLog

    app = make_app(new_lobby(), lang="en")
    async with app.run_test(size=(80, 24)) as pilot:
        core = app.lobby.core
        tid = core.create_table(app.handle, TableConfig.make("ahoi", name="Cove", seats=2, clocks="untimed"))
        app.open_table(tid)
        core.add_bot(app.handle, tid, "baseline")
        await wait_for(pilot, lambda a: a.table_screen is not None and a.table_screen.query(EventLog), timeout=30)
        screen = app.table_screen
        await screen.query_one(EventLog).remove()     # as when the screen's widgets are pruned
        reached = []
        take = screen.apply_update
        screen.apply_update = lambda update, received=None: (reached.append(update), take(update, received))
        core.start(app.handle, tid)
        await wait_for(pilot, lambda a: any(u.view is not None for u in reached), timeout=30)
        assert app.return_code is None     # the session goes on

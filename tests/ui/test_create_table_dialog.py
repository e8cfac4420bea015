"""The create-table dialog: tick boxes, a custom limit, clocks explained, the focused drop-down."""

from __future__ import annotations

from textual.widgets import Button, Input, Select
from ui_helpers import make_app, new_lobby, screen_text, wait_for

from ahoy_tui.ui.screens.create_table import CreateTableScreen
from ahoy_tui.ui.widgets.tick_box import TickBox

SIZE = (100, 30)


def _line_with(app, needle: str) -> str:
    return next(line for line in screen_text(app).splitlines() if needle in line)


async def test_create_dialog_ticked_and_unticked_boxes_look_different():
    """A ticked box shows an X, an unticked one does not (not only a colour change); ASCII: [X] / [ ]."""
    from ahoy_tui.ui.screens.create_table import CreateTableScreen

    app = make_app(new_lobby())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("n")
        await wait_for(pilot, lambda a: isinstance(a.screen, CreateTableScreen))
        app.screen.query_one("#c-private", TickBox).value = True
        await pilot.pause()
        ticked, unticked = _line_with(app, "Private"), _line_with(app, "Ace low")
        assert "X" in ticked.split("Private")[0] and "X" not in unticked.split("Ace low")[0]
        await pilot.press("escape")
        await pilot.press("m")  # ASCII mode
        await pilot.press("n")
        await wait_for(pilot, lambda a: isinstance(a.screen, CreateTableScreen))
        app.screen.query_one("#c-private", TickBox).value = True
        await pilot.pause()
        assert "[X] Private" in screen_text(app) and "[ ] Ace low" in screen_text(app)


async def test_typing_a_custom_limit_chooses_custom_and_clocks_are_explained():
    """The custom field takes typing at once (and picks "custom"); the clock choice says its seconds."""
    from ahoy_tui.ui.screens.create_table import CreateTableScreen

    lobby = new_lobby()
    app = make_app(lobby)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("n")
        await wait_for(pilot, lambda a: isinstance(a.screen, CreateTableScreen))
        assert "60 s for a turn, 20 s to answer an offer" in screen_text(app)
        app.screen.query_one("#c-clocks", Select).value = "blitz"
        await wait_for(pilot, lambda a: "20 s for a turn, 8 s to answer" in screen_text(a))
        app.screen.query_one("#c-limit-custom", Input).focus()
        await pilot.press("7", "7")
        await wait_for(pilot, lambda a: a.screen.query_one("#c-limit-custom", Input).value == "77")
        app.screen.query_one("#c-create", Button).press()
        await wait_for(pilot, lambda a: lobby.table_summaries())
        assert lobby.table_summaries()[0].limit == 77


async def test_the_focused_drop_down_in_the_create_table_dialog_stands_out():
    """Tab onto a drop-down (compact, no border): its current value is drawn in clearly different colours."""
    from textual.widgets import Select
    from textual.widgets._select import SelectCurrent

    lobby = new_lobby(5)
    app = make_app(lobby)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.push_screen(CreateTableScreen())
        await wait_for(pilot, lambda a: isinstance(a.screen, CreateTableScreen))
        seats = app.screen.query_one("#c-seats", Select)
        current = seats.query_one(SelectCurrent)
        await pilot.pause()
        blurred = current.rich_style.bgcolor
        seats.focus()
        await pilot.pause()
        await pilot.pause()
        assert seats.has_focus
        focused = current.rich_style.bgcolor
        # Textual's own change (#102040 -> #1b2a47 in the default theme) is too faint to see
        contrast = sum(abs(a - b) for a, b in zip(focused.get_truecolor(), blurred.get_truecolor()))
        assert contrast > 150, (blurred, focused)


async def test_the_grace_for_a_dropped_player_is_chosen_in_the_dialog_and_kept_with_the_table():
    """R17: "Wait if dropped" (default 20 s) goes into the table's settings (TableConfig.grace)."""
    lobby = new_lobby()
    app = make_app(lobby)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("n")
        await wait_for(pilot, lambda a: isinstance(a.screen, CreateTableScreen))
        assert "Wait if dropped" in screen_text(app) and "20 s" in _line_with(app, "Wait if dropped")
        app.screen.query_one("#c-grace", Select).value = 60
        await pilot.pause()
        app.screen.query_one("#c-create", Button).press()
        await wait_for(pilot, lambda a: lobby.table_summaries())
        assert next(iter(lobby.tables.values())).config.grace == 60


async def test_the_host_chooses_the_bot_pace_and_the_dialog_still_fits_80x24():
    """Issue 24 (14): a lone player with bots picks "fast" so the bots do not keep her waiting;
    the table is made with that pace and says so in its settings line. At 80x24 the whole
    dialog, its Create button too, is on screen."""
    from ahoy_tui.ui.option_text import settings_line

    lobby = new_lobby()
    app = make_app(lobby)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("n")
        await wait_for(pilot, lambda a: isinstance(a.screen, CreateTableScreen))
        text = screen_text(app)
        assert "Bot pace" in text and "normal" in _line_with(app, "Bot pace")
        assert "Create" in text and "Cancel" in text
        pace = app.screen.query_one("#c-pace", Select)
        assert [value for _, value in pace._options] == ["relaxed", "normal", "fast"]
        pace.value = "fast"
        await pilot.pause()
        app.screen.query_one("#c-create", Button).press()
        await wait_for(pilot, lambda a: lobby.table_summaries())
        table = next(iter(lobby.tables.values()))
        assert table.config.bot_pace == "fast"
        assert "Bot pace: fast" in settings_line(app.t, table.config)
        # the waiting room says so
        await wait_for(pilot, lambda a: "waiting for the crew" in screen_text(a) and "Bot pace: fast" in screen_text(a))


async def test_an_open_drop_down_is_framed_over_the_rows_below_it():
    """An open drop-down has a border of its own: it no longer blends into the labels it covers (issue 24 #13)."""
    from textual.widgets._select import SelectOverlay

    app = make_app(new_lobby())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("n")
        await wait_for(pilot, lambda a: isinstance(a.screen, CreateTableScreen))
        select = app.screen.query_one("#c-game", Select)
        select.focus()
        await pilot.press("enter")
        await wait_for(pilot, lambda a: select.expanded)
        await pilot.pause()
        region = select.query_one(SelectOverlay).region
        rows = screen_text(app).splitlines()
        assert rows[region.y][region.x] == "╭" and rows[region.bottom - 1][region.x] == "╰"
        assert rows[region.y + 1][region.x] == "│"


async def test_the_lobby_lets_the_closed_create_dialog_go():
    """Issue 24: the lobby screen kept its last create dialog (and every widget in it) for as
    long as the session lasted; once the table is made, nothing refers to the dialog."""
    import gc
    import weakref

    from ahoy_tui.ui.games.ahoy.table import TableScreen

    lobby = new_lobby()
    app = make_app(lobby)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("n")
        await wait_for(pilot, lambda a: isinstance(a.screen, CreateTableScreen))
        dialog = weakref.ref(app.screen)
        await pilot.press("enter")
        await wait_for(pilot, lambda a: isinstance(a.screen, TableScreen))
        await pilot.pause()
        gc.collect()
        assert dialog() is None, [type(r).__name__ for r in gc.get_referrers(dialog())]

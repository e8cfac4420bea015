"""Profile cards (``v`` in the lobby, at a table, on the game-over screen and the leaderboard).

A modal with the names to choose from (players online, a table's seats, a
game's players, a leaderboard line) on the left and the chosen player's
card on the right: per game played (ratings are per game) its rating
(``?`` while provisional), every stat, per seat count, the newest games.
PageUp/PageDown scroll a card taller than the box. Cards come from ``LobbyAPI.profiles`` (aggregates
over finished games only: nothing hidden, docs/community.md); a bot's name (a table's bot seat) gets
a bot's card instead, made here: its game, level and the level's measured strength (issue 30).
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static

from ahoy_tui.lobby.errors import LobbyError
from ahoy_tui.ui.community_text import bot_lines, profile_lines
from ahoy_tui.ui.i18n_refusals import refusal
from ahoy_tui.ui.services import AppServices, services
from ahoy_tui.ui.text import asciify, clean
from ahoy_tui.ui.widgets.key_footer import KeyFooter


async def ask_open(app: AppServices, command: Any, *args: Any) -> Any:
    """Run a lobby command that needs no handle; a refusal is a toast and None."""
    try:
        return await command(*args)
    except LobbyError as refused:
        app.notify(refusal(app.t, refused.reason), severity="warning", timeout=4)
        return None


def card_text(app: AppServices, profiles: Sequence[Any], name: str) -> str:
    """The cards of ``profiles`` (several players may share a name), or "nobody called NAME"."""
    if not profiles:
        return app.t("cm.no_player", name=clean(name, 16))
    return "\n\n".join("\n".join(profile_lines(app.lang, p)) for p in profiles)


BOX_ROWS = 22
"""Rows of the profile box on a tall enough screen."""


class ProfileScreen(ModalScreen[None]):
    """Choose a name (Up/Down), read its card; Esc closes.

    Attributes:
        names: The names offered, in the order given (duplicates and bots' names included as given).
        bots: The names that are bots: ``(game, bot kind)`` each (a table's bot seats); their card is
            :func:`community_text.bot_lines`, not the lobby's.
        shown: The name whose card is on screen ("" before the first arrives).
    """

    DEFAULT_CSS = """
    ProfileScreen { align: center middle; }
    ProfileScreen #profile-box { width: 96; max-width: 100%; height: 22; max-height: 100%; }  /* BOX_ROWS (_fit_box) */
    ProfileScreen #profile-names { width: 20; height: 1fr; }
    ProfileScreen #profile-scroll { width: 1fr; height: 1fr; }
    ProfileScreen #profile-card { width: 1fr; height: auto; padding: 0 1; }
    """
    BINDINGS = [Binding("escape,q,v", "close", "Close"),
                Binding("pageup", "scroll_card(-1)", show=False, priority=True),
                Binding("pagedown", "scroll_card(1)", show=False, priority=True)]

    def __init__(self, names: Sequence[str], first: str | None = None,
                 bots: Mapping[str, tuple[str, str | None]] | None = None) -> None:
        super().__init__()
        self.names = [n for n in names if n]
        self.bots = dict(bots or {})
        self.first = first if first in self.names else (self.names[0] if self.names else None)
        self.shown = ""

    def compose(self) -> ComposeResult:
        app = services(self)
        fix = asciify if app.ascii_only else (lambda s: s)
        with Horizontal(id="profile-box", classes="dialog") as box:
            box.border_title = fix(app.t("cm.profile_title", name=""))
            yield OptionList(*(fix(clean(n, 16)) for n in self.names), id="profile-names")
            with VerticalScroll(id="profile-scroll", can_focus=False):
                yield Static(id="profile-card")
        yield KeyFooter()

    def on_resize(self, event: events.Resize) -> None:
        self._fit_box(event.size.height)

    def _fit_box(self, rows: int) -> None:
        """``BOX_ROWS`` rows, centred above the key footer; when that would leave its bottom border a
        row or two above the footer, on or just over the bottom border of the screen behind (two
        bottom lines, one under the other), the box fills every row above the footer instead."""
        room = rows - 1
        self.query_one("#profile-box").styles.height = room if room < BOX_ROWS + 3 else BOX_ROWS

    def on_mount(self) -> None:
        self._fit_box(self.app.size.height)
        names = self.query_one("#profile-names", OptionList)
        if self.first is not None:
            names.highlighted = self.names.index(self.first)
        names.focus()

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        if 0 <= event.option_index < len(self.names):
            self.run_worker(self.show(self.names[event.option_index]), exclusive=True, group="card")

    async def show(self, name: str) -> None:
        """Fetch and show ``name``'s card."""
        app = services(self)
        if name in self.bots:
            text = "\n".join(bot_lines(app.lang, name, *self.bots[name]))
        else:
            found = await ask_open(app, app.lobby.profiles, name)
            if found is None or not self.is_attached:
                return
            text = card_text(app, found, name)
        fix = asciify if app.ascii_only else (lambda s: s)
        self.shown = name
        self.query_one("#profile-box").border_title = fix(app.t("cm.profile_title", name=clean(name, 16)))
        self.query_one("#profile-card", Static).update(Text(fix(text)))

    def action_scroll_card(self, pages: int) -> None:
        """PageUp/PageDown: the card one page up or down (the name list keeps the focus)."""
        box = self.query_one("#profile-scroll", VerticalScroll)
        box.scroll_relative(y=pages * max(1, box.size.height - 1), animate=False)

    def action_close(self) -> None:
        self.dismiss(None)

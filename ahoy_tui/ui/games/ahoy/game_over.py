"""Game over: the winners, the BIGGEST LOSER OF THE NIGHT, totals, rematch (R15)."""

from __future__ import annotations

from typing import Any, Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import ActiveBinding, Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Static

from ahoy_tui.ui.services import services
from ahoy_tui.ui.keys import in_language
from ahoy_tui.ui.games.ahoy.reveal_view import HandBook, reveal_text, summary_table
from ahoy_tui.ui.games.ahoy.hand_over import hand_over_text
from ahoy_tui.ui.games.ahoy.scores import score_table
from ahoy_tui.ui.text import asciify, clean
from ahoy_tui.ui.widgets.rating_changes import RatingChanges


class GameOverScreen(ModalScreen[str | None]):
    """Dismisses with ``"rematch"``, ``"lobby"`` or None (stay and look).

    Only a seated player is offered the rematch (``r``); a spectator may go
    back to the lobby or keep watching. Players who left during play (and
    were not back by its end) are marked "(left)" in every viewer's report,
    their own too, whenever it is opened (``TableSnapshot.left``); leaving or
    coming back after the end changes no mark.
    """

    BINDINGS = [
        Binding("r", "rematch", "Rematch"),
        Binding("q", "lobby", "Lobby"),
        Binding("v", "profile", "Profile"),
        Binding("escape,enter", "close", "Close"),
    ]

    @property
    def active_bindings(self) -> dict[str, ActiveBinding]:
        """The keys, as Textual's ``Footer`` shows them, in the session's language (``keys.in_language``)."""
        return in_language(super().active_bindings, self.app)

    def __init__(self, names: Sequence[str], view: Any, seated: bool, gone: frozenset[int], last: Any,
                 ahoy: Any, book: HandBook, table_id: str | None = None,
                 bots: dict[str, tuple[str, str | None]] | None = None) -> None:
        """``names``: seat names in play order; ``view``: the viewer's final ``PlayerView``;
        ``seated``: the viewer holds a seat; ``gone``: seats whose player left during play; ``last``: the last
        ``hand_over`` event (or None) and ``ahoy`` the newest ``ahoy`` event; ``book``: the game's hands; ``table_id``: where
        to ask for the rating changes (None: none are shown); ``bots``: the bot seats' names, ``(game, kind)``
        each (``v`` shows a bot's card for them, ``table_kit.seats.bot_seats``)."""
        super().__init__()
        self.names = list(names)
        self.view = view
        self.seated = seated
        self.gone = frozenset(gone)
        self.last = last
        self.ahoy = ahoy
        self.book = book
        self.table_id = table_id
        self.bots = dict(bots or {})

    def compose(self) -> ComposeResult:
        app = services(self)
        fix = asciify if app.ascii_only else (lambda s: s)
        v = self.view
        names = lambda seats: ", ".join(self.seat_name(i) for i in seats)  # noqa: E731
        head = Text()
        head.append(fix(app.t("go.winners", names=names(v.winners))) + "\n", style="bold")
        head.append(fix(app.t("go.loser", names=names(v.biggest_losers))) + "\n", style="bold reverse")
        with VerticalScroll(id="gameover-box", classes="dialog") as b:
            b.border_title = fix(app.t("go.title"))
            yield Static(head)
            yield Static(Text(fix(app.t("go.hint" if self.seated else "go.hint_watch")), style="dim"))
            yield RatingChanges(self.table_id, self.names, id="gameover-ratings")
            yield Static(score_table(app, self.names, v))
            yield Static(Text(fix(app.t("go.summary")), style="bold underline"))
            yield Static(summary_table(app, self.names, self.book.events))
            if not any(h.reveal is not None for h in self.book.hands):
                yield Static(Text(fix(app.t("go.no_reveal")), style="dim"))
            if self.last is not None:
                yield Static(Text())
                yield Static(hand_over_text(app, self.names, self.last.data, self.ahoy, hint=False))
                yield Static(reveal_text(app, self.names, self.book.reveal_of(self.last.data.get("hand"))))
        yield Footer()

    def seat_name(self, seat: int) -> str:
        """Seat ``seat``'s name, marked when that player left during play."""
        name = clean(self.names[seat], 16)
        return self.app.t("go.left", name=name) if seat in self.gone else name  # type: ignore[attr-defined]

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """No rematch for spectators (it is not theirs to ask)."""
        return self.seated if action == "rematch" else True

    def on_mount(self) -> None:
        self.set_class(self.app.ascii_only, "-ascii")  # type: ignore[attr-defined]
        self.refresh_bindings()

    def action_profile(self) -> None:
        """``v``: profile cards of this game's players."""
        from ahoy_tui.ui.screens.profile import ProfileScreen

        self.app.push_screen(ProfileScreen(self.names, bots=self.bots))

    def action_rematch(self) -> None:
        self.dismiss("rematch")

    def action_lobby(self) -> None:
        self.dismiss("lobby")

    def action_close(self) -> None:
        self.dismiss(None)

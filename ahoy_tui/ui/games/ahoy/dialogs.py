"""The AHOY table's dialogs, each given the data it shows and callbacks (never the table screen).

Offer composer, hand-over report (after a hand, ``h``), game-over report,
scores (``s``), discards (``x``), the whole log (``e``) and the hand history
(``H``); the confirmations and the seat picker come from the kit
(``table_kit.dialogs``). Which report is news, and when a report or the
composer gets out of the way, is decided here too.
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

from ahoy_tui.games.ahoy.state import Phase
from ahoy_tui.ui.games.ahoy import prompts
from ahoy_tui.ui.services import AppServices
from ahoy_tui.ui.games.ahoy.state import AhoyTableState
from ahoy_tui.ui.table_kit.dialogs import TableDialogs
from ahoy_tui.ui.games.ahoy.record import TableRecord


class AhoyDialogs(TableDialogs):
    """Opens the AHOY table's dialogs over it (and the kit's confirmations and seat picker).

    Args:
        app: The session's app services (``push_screen``, ``t``, ``notify``).
        state: The table screen's state (read only).
        record: The kept events and hands.
        on_chat: Types in the table chat (``c`` in a hand report).
        on_game_over: Called with the game-over report's choice (``"rematch"``, ``"lobby"`` or None).
    """

    def __init__(self, app: AppServices, state: AhoyTableState, record: TableRecord, on_chat: Callable[[], None],
                 on_game_over: Callable[[str | None], None]) -> None:
        super().__init__(app)
        self.state = state
        self.record = record
        self.on_chat = on_chat
        self.on_game_over = on_game_over
        self._shown_over: set[tuple[str, int]] = set()

    # -- reports after a hand and after the game -------------------------------------------
    def show_over(self, events: Sequence[Any], news: bool = True, flush: Callable[[], None] | None = None) -> None:
        """Show the game-over report, or the report of a hand that just ended.

        ``news`` is False for a catch-up (join, watch, reconnect): its events
        are the history, and a hand that ended before is not news (``h``
        shows it). A report still open when the next one comes shows the new
        hand instead: one current report, never a stack. ``flush`` draws the
        table first (it shows under the report).
        """
        from ahoy_tui.ui.games.ahoy.hand_over import HandOverScreen

        view = self.state.view
        if view is None:
            return
        kinds = {e.kind: e for e in events}
        if any(e.kind == "hand_started" and e.data.get("hand") == 1 for e in events):
            self._shown_over.clear()  # a new game (a rematch) counts its hands from 1 again
        if view.phase is Phase.GAME_OVER and ("game", view.hand_no) not in self._shown_over:
            if flush is not None:
                flush()
            self._shown_over.add(("game", view.hand_no))
            self.game_over()
        elif "hand_over" in kinds and ("hand", kinds["hand_over"].data.get("hand")) not in self._shown_over:
            self._shown_over.add(("hand", kinds["hand_over"].data.get("hand")))
            if not news:
                return
            if flush is not None:
                flush()
            over, ahoy = kinds["hand_over"].data, kinds.get("ahoy")
            reveal = kinds["reveal"].data if "reveal" in kinds else None
            open_report = next((s for s in self.app.screen_stack if isinstance(s, HandOverScreen)), None)
            if open_report is not None:
                open_report.show(over, ahoy, self.state.names, reveal)
            else:
                self.app.push_unasked(HandOverScreen(self.state.names, over, ahoy, reveal=reveal, on_chat=self.on_chat))

    def game_over(self) -> None:
        """Open the game-over report (it opened by itself: keys typed before it showed do not close it)."""
        from ahoy_tui.ui.games.ahoy.game_over import GameOverScreen
        from ahoy_tui.ui.table_kit.seats import bot_seats

        u, record = self.state.update, self.record
        self.app.push_unasked(GameOverScreen(self.state.names, u.view, seated=u.seat is not None,
                                             gone=frozenset(u.table.left), last=record.last_hand_over(),
                                             ahoy=record.last_ahoy(), book=record.book,
                                             table_id=self.state.table_id, bots=bot_seats(u)), self.on_game_over)

    def last_hand(self) -> None:
        """Show the last hand's report again (treasure, every hand, scores), with the names of its time."""
        from ahoy_tui.ui.games.ahoy.hand_over import HandOverScreen

        last = self.record.last_hand_over()
        if last is None:
            return
        reveal = self.record.book.reveal_of(last.data.get("hand"))
        self.app.push_screen(HandOverScreen(self.record.names_at(last, self.state.names), last.data,
                                            self.record.ahoy_of(last), reveal, on_chat=self.on_chat))

    def close_hand_over_for_move(self) -> None:
        """A new hand needs this seat: close the hand-over report so the keys reach the table."""
        from ahoy_tui.ui.games.ahoy.hand_over import HandOverScreen

        view, app = self.state.view, self.app
        if view is None or view.seat is None or view.phase in (Phase.NO_HAND, Phase.GAME_OVER):
            return
        if view.seat not in view.waiting_for or not isinstance(app.screen, HandOverScreen):
            return
        app.screen.dismiss(None)
        app.notify(app.t("over.your_move", n=view.hand_no), timeout=3)

    # -- side views ---------------------------------------------------------------------------
    def history(self) -> None:
        """Every finished hand of this game with its deals (``H``)."""
        from ahoy_tui.ui.games.ahoy.history import HistoryScreen

        self.app.push_screen(HistoryScreen(self.state.names, self.record.book))

    def discards(self) -> None:
        from ahoy_tui.ui.games.ahoy.discards import DiscardsScreen

        if self.state.view is not None:
            self.app.push_screen(DiscardsScreen(tuple(self.state.view.discard)))

    def log(self) -> None:
        from ahoy_tui.ui.screens.log_view import LogScreen

        def entries() -> list[Any]:
            view, app = self.state.view, self.app
            return self.record.narrate_kept(None if view is None else view.seat, app.lang, app.ascii_only)

        self.app.push_screen(LogScreen(entries))

    def scores(self) -> None:
        from ahoy_tui.ui.games.ahoy.scores import ScoresScreen

        if self.state.view is not None:
            self.app.push_screen(ScoresScreen(self.state.names, self.state.view))

    # -- the offer composer -----------------------------------------------------------
    def offer(self, on_offered: Callable[[tuple[int, int] | None], None]) -> None:
        """The offer composer (R8) for this seat to the next (R4), with the private hint of its best run."""
        from ahoy_tui.ui.games.ahoy.offer import OfferScreen

        view, names = self.state.view, self.state.names
        if view is None or view.seat is None:
            return
        other = (view.seat + 1) % view.players
        needed, give = prompts.offer_hint(view.hand, view.ace_low, view.discard, prompts.copies_of(view.players))
        self.app.push_screen(OfferScreen(names[view.seat], names[other], None, give, needed), on_offered)

    def close_stale_offer(self) -> None:
        """Close the offer composer once an offer is no longer this seat's move.

        The clock can run out while it is open (the autopilot offers instead,
        and says so in a toast), or the hand can end: its Offer button would do
        nothing, and it would hide the table that has moved on.
        """
        from ahoy_tui.ui.games.ahoy.offer import OfferScreen

        screen = self.app.screen
        if isinstance(screen, OfferScreen) and not any(a.KIND == "offer" for a in self.state.legal):
            screen.dismiss(None)

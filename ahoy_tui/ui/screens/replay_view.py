"""The replay viewer: one past game, step by step, from the player's own seat (R18).

It shows only :mod:`ahoy_tui.ui.replay_model`'s moments, built from the seat's
projection (``LobbyAPI.game_record``): the player's hand as they knew it,
the piles, every seat's number of cards and totals, what happened so far, and
on a hand's result line that hand's report. Nothing else is asked of the lobby.
"""

from __future__ import annotations

from typing import Any, Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Static

from ahoy_tui.ui.live import built
from ahoy_tui.ui.replay_model import HandReport, Moment, hand_starts, moments, sentence
from ahoy_tui.ui.screens.my_games import date_utc
from ahoy_tui.ui.text import asciify, card_label, card_text, clean
from ahoy_tui.ui.widgets.key_footer import KeyFooter


class ReplayScreen(Screen[None]):
    """Step through one archived game.

    Keys: →/l/space next, ←/h previous, Home/End, PgDn/PgUp next/previous hand, Esc back.

    Attributes:
        game: The game's ``GameListing``.
        seat: The viewer's seat in it.
        steps: One :class:`Moment` per record line (the header first).
        at: The step shown (index into ``steps``).
    """

    DEFAULT_CSS = """
    ReplayScreen #replay-state { height: auto; padding: 0 1; }
    ReplayScreen #replay-log { height: 1fr; padding: 0 1; overflow-y: hidden; }
    """
    BINDINGS = [
        Binding("right,l,space", "next", "Next"),
        Binding("left,h", "prev", "Previous"),
        Binding("pagedown", "next_hand", "Next hand"),
        Binding("pageup", "prev_hand", "Previous hand", show=False),
        Binding("home", "first", "Start", show=False),
        Binding("end", "last", "End", show=False),
        Binding("escape,q", "back", "Back"),
    ]

    def __init__(self, game: Any, record: Sequence[dict], seat: int) -> None:
        """Build every step now (raises ``RuleError`` for a record that cannot hold)."""
        super().__init__()
        self.game = game
        self.seat = seat
        self.names = [clean(n, 16) for n in record[0].get("seats", game.names)]
        self.steps: list[Moment] = moments(record, seat)
        self.starts = hand_starts(self.steps)
        self.at = 0

    def compose(self) -> ComposeResult:
        yield Static(id="replay-title", classes="title-bar")
        yield Static(id="replay-state", classes="panel")
        yield Static(id="replay-log", classes="panel")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.refresh_texts()

    # -- moving ------------------------------------------------------------------
    def go(self, index: int) -> None:
        """Show step ``index`` (clamped to the game)."""
        self.at = max(0, min(len(self.steps) - 1, index))
        self.refresh_texts()

    def action_next(self) -> None:
        self.go(self.at + 1)

    def action_prev(self) -> None:
        self.go(self.at - 1)

    def action_first(self) -> None:
        self.go(0)

    def action_last(self) -> None:
        self.go(len(self.steps) - 1)

    def action_next_hand(self) -> None:
        self.go(next((i for i in self.starts if i > self.at), len(self.steps) - 1))

    def action_prev_hand(self) -> None:
        self.go(max((i for i in self.starts if i < self.at), default=0))

    def action_back(self) -> None:
        self.dismiss(None)

    # -- drawing -----------------------------------------------------------------
    def refresh_texts(self) -> None:
        """Draw the step shown, in the session's language and ASCII mode."""
        if not built(self, "#replay-title", "#replay-state", "#replay-log"):
            return
        app: Any = self.app
        self.set_class(app.ascii_only, "-ascii")
        fix = asciify if app.ascii_only else (lambda s: s)
        m = self.steps[self.at]
        title = app.t("replay.title", table=clean(self.game.table_name, 24), date=date_utc(self.game.finished),
                      hand=m.hand, step=self.at, steps=len(self.steps) - 1)
        self.query_one("#replay-title", Static).update(Text(fix(title)))
        state = self.query_one("#replay-state", Static)
        state.border_title = fix(app.t("replay.hand"))
        state.update(self._state(m, app, fix))
        log = self.query_one("#replay-log", Static)
        log.border_title = fix(app.t("replay.report", hand=m.report.hand) if m.report else app.t("replay.log"))
        log.update(self._report(m.report, app, fix) if m.report else self._log(app, fix))
        self.refresh_bindings()

    def _state(self, m: Moment, app: Any, fix: Any) -> Text:
        """The viewer's hand, the piles, and one line per seat."""
        out = Text()
        for ident in m.mine:
            out.append_text(card_text(ident, app.card_styles, app.ascii_only))
            out.append(" ")
        if m.unknown:
            out.append(" ".join("?" * m.unknown), style="bold")
            out.append("   " + fix(app.t("replay.unknown")), style="dim")
        top = app.t("replay.discard", top=card_label(m.discard_top, app.ascii_only), n=m.discard_size) \
            if m.discard_top is not None else app.t("replay.discard_empty")
        out.append("\n" + fix(f"{top}   {app.t('replay.draw', n=m.draw_size)}") + "\n")
        who = m.line.get("seat")
        for i, name in enumerate(self.names):
            label = f"{name} {app.t('replay.you')}" if i == self.seat else name
            line = app.t("replay.seat", mark=">" if who == i else " ", name=label[:16], cards=m.counts[i],
                         total=m.totals[i])
            out.append(fix(line) + ("\n" if i < len(self.names) - 1 else ""), style="bold" if who == i else "")
        return out

    def _say(self, m: Moment, app: Any) -> str:
        name = lambda s: self.names[s] if isinstance(s, int) and 0 <= s < len(self.names) else "?"  # noqa: E731
        card = lambda c: card_label(c, app.ascii_only) if c is not None else "?"  # noqa: E731
        cards = lambda cs: " ".join(card(c) for c in cs)  # noqa: E731
        return sentence(m, self.seat, app.t, name, card, cards)

    def _log(self, app: Any, fix: Any) -> Text:
        """The sentences up to the step shown, newest last and bold (as many as fit)."""
        rows = max(1, self.query_one("#replay-log").size.height or 10)
        first = max(0, self.at - rows * 2)
        lines = [fix(self._say(self.steps[i], app)) for i in range(first, self.at + 1)]
        out = Text()
        for i, line in enumerate(lines[-rows:]):
            last = i == len(lines[-rows:]) - 1
            out.append(("> " if last else "  ") + line + ("" if last else "\n"), style="bold" if last else "dim")
        return out

    def _report(self, r: HandReport, app: Any, fix: Any) -> Text:
        """A hand's end: the AHOY! with its treasure (or becalmed), scores, totals, the deals."""
        out = Text()
        if r.winner is None:
            out.append(fix(app.t("over.becalmed")) + "\n", style="bold")
        else:
            out.append(fix(app.t("over.winner", name=self.names[r.winner], cards="")), style="bold")
            out.append(" ".join(card_label(c, app.ascii_only) for c in r.ahoy) + "\n")
        for i, name in enumerate(self.names):
            out.append(fix(f"{name:<16} +{r.scores[i]:<4} = {r.totals[i]}\n"), style="bold" if i == r.winner else "")
        out.append(fix(app.t("replay.dealt")) + "\n", style="dim")
        for i, name in enumerate(self.names):
            dealt = " ".join(card_label(c, app.ascii_only) if c is not None else "?" for c in r.deals[i])
            out.append(fix(f"{name:<16} {dealt}\n"))
        return out

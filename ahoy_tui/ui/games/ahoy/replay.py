"""AHOY!! V2 in the replay viewer (``screens.replay_view``): the table's own widgets and presenter.

The hand in the table's :class:`~ahoy_tui.ui.games.ahoy.widgets.hand_view.HandView`
(``presenter.hand_model``: sorted, the ★ of the best run), the table's
:class:`~ahoy_tui.ui.games.ahoy.widgets.piles.Piles`, one line per seat,
and on a hand's result line that hand's report. Reads only the step's
picture, which the game built from the seat's projection (R18).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.widgets import Static

from ahoy_tui.games.ahoy.replay_steps import HandReport, Moment
from ahoy_tui.games.base import ReplayStep
from ahoy_tui.ui.games.ahoy.model import Selection
from ahoy_tui.ui.games.ahoy.presenter import hand_model, piles_model
from ahoy_tui.ui.games.ahoy.replay_model import sentence
from ahoy_tui.ui.games.ahoy.widgets.hand_view import HandView
from ahoy_tui.ui.games.ahoy.widgets.piles import Piles
from ahoy_tui.ui.services import AppServices
from ahoy_tui.ui.table_kit.look import look_of
from ahoy_tui.ui.games.ahoy.cards import card_label


class AhoyPaint:
    """AHOY!! V2 steps (:class:`~ahoy_tui.games.ahoy.replay_steps.Moment`) with the table's widgets."""

    hand_word: ClassVar[str] = "h"
    """What the jump prompt takes before a hand number (``h2``)."""
    title_key: ClassVar[str] = "replay.title"
    jump_key: ClassVar[str] = "replay.jump"

    def __init__(self, names: Sequence[str], seat: int, header: dict) -> None:
        self.names = list(names)
        self.seat = seat
        self.ace_low = bool((header.get("settings") or {}).get("ace_low", False))

    def compose(self) -> ComposeResult:
        yield HandView(id="replay-hand")
        yield Static(id="replay-unknown")
        yield Piles(id="replay-piles")
        yield Static(id="replay-seats")

    def paint(self, screen: Any, step: ReplayStep, app: AppServices, fix: Any) -> None:
        """The hand (as the table draws it), the piles and one line per seat."""
        m: Moment = step.picture
        look = look_of(app)
        seen = _HandSeen(tuple(sorted(m.mine)), self.ace_low, m.discard, len(self.names), self.seat, m.draw_size)
        model = hand_model(seen, look, Selection())
        hand = screen.query_one("#replay-hand", HandView)
        hand.cards, hand.highlight, hand.faded = model.cards, model.highlight, model.faded
        hand.ascii_only, hand.card_styles = look.ascii_only, dict(look.card_styles)
        unknown = screen.query_one("#replay-unknown", Static)
        unknown.display = bool(m.unknown)  # a seat's own projection names all its cards (RECORDS.md)
        unknown.update(Text(" ".join("?" * m.unknown) + "   " + fix(app.t("replay.unknown")), style="dim"))
        piles = screen.query_one("#replay-piles", Piles)
        pm = piles_model(seen, look)
        piles.draw_size, piles.discard, piles.labels = pm.draw_size, pm.discard, pm.labels
        piles.ascii_only, piles.card_styles = look.ascii_only, dict(look.card_styles)
        out = Text()
        who = m.line.get("seat")
        for i, name in enumerate(self.names):
            label = f"{name} {app.t('replay.you')}" if i == self.seat else name
            line = app.t("replay.seat", mark=">" if who == i else " ", name=label[:16], cards=m.counts[i],
                         total=m.totals[i])
            out.append(fix(line) + ("\n" if i < len(self.names) - 1 else ""), style="bold" if who == i else "")
        screen.query_one("#replay-seats", Static).update(out)
        screen.query_one("#replay-state").border_title = model.title or fix(app.t("replay.hand"))

    def say(self, step: ReplayStep, app: AppServices) -> str:
        """What happened at ``step``, for the seat (``replay_model.sentence``)."""
        m: Moment = step.picture
        name = lambda s: self.names[s] if isinstance(s, int) and 0 <= s < len(self.names) else "?"  # noqa: E731
        card = lambda c: card_label(c, app.ascii_only) if c is not None else "?"  # noqa: E731
        cards = lambda cs: " ".join(card(c) for c in cs)  # noqa: E731
        return sentence(m, self.seat, app.t, name, card, cards)

    def report(self, step: ReplayStep, app: AppServices, fix: Any) -> tuple[str, Text] | None:
        """A hand's end: ``(panel title, text)``: the AHOY! and its treasure, then a line a seat with its score,
        total and the cards it was dealt (revealed once the hand was over: RECORDS.md)."""
        r: HandReport | None = step.picture.report
        if r is None:
            return None
        out = Text()
        if r.winner is None:
            out.append(fix(app.t("over.becalmed")) + "\n", style="bold")
        else:
            out.append(fix(app.t("over.winner", name=self.names[r.winner], cards="")), style="bold")
            out.append(" ".join(card_label(c, app.ascii_only) for c in r.ahoy) + "\n")
        out.append(fix(app.t("replay.dealt")) + "\n", style="dim")
        for i, name in enumerate(self.names):  # one line a seat: six seats fit the 80x24 panel
            dealt = " ".join(card_label(c, app.ascii_only) if c is not None else "?" for c in r.deals[i])
            score = f"+{r.scores[i]:<4} = {r.totals[i]:<5}"
            out.append(fix(f"{name[:16]:<16} {score} "), style="bold" if i == r.winner else "")
            out.append(fix(dealt) + ("\n" if i < len(self.names) - 1 else ""))
        return fix(app.t("replay.report", hand=r.hand)), out


@dataclass(frozen=True, slots=True)
class _HandSeen:
    """What ``presenter.hand_model``/``piles_model`` read of a view, from a replay :class:`Moment`."""

    hand: tuple[int, ...]
    ace_low: bool
    discard: tuple[int, ...]
    players: int
    seat: int
    draw_size: int
    laid_down: tuple[int, ...] = ()
    locked: int | None = None

"""How the replay viewer draws one game's steps: the table's own widgets and presenters, per game.

:class:`~ahoy_tui.ui.screens.replay_view.ReplayScreen` is the same for every
game (stepping, autoplay, jumps, the log); what a step shows comes from the
game's ``GameSpec.replay_steps`` (its ``ReplayStep.picture``) and is drawn
here with what the live table uses, so a replay looks like the table did:

* AHOY!! V2 (:class:`AhoyPaint`): the hand in the table's
  :class:`~ahoy_tui.ui.widgets.hand_view.HandView` (``presenter.hand_model``:
  sorted, the ★ of the best run), the table's
  :class:`~ahoy_tui.ui.widgets.piles.Piles`, one line per seat, and on a
  hand's result line that hand's report.
* Ahoi (:class:`AhoiPaint`): the Ahoi table's presenter
  (``ui.ahoi_model``: every layout, piles, status, the seat's own layout),
  with this step's peeks face up (``flashes_after``), as the table shows them.

A painter reads only the step's picture, which the game built from the
seat's projection (R18, AH16).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.widgets import Static

from ahoy_tui.games.ahoy.replay_steps import HandReport, Moment
from ahoy_tui.games.base import ReplayStep
from ahoy_tui.ui.ahoi_model import flashes_after, layouts_text, mine_text, piles_text, status_text
from ahoy_tui.ui.ahoi_narrate import narrate
from ahoy_tui.ui.ahoi_prompt import AhoiSelection
from ahoy_tui.ui.presenter import hand_model, piles_model
from ahoy_tui.ui.replay_model import sentence
from ahoy_tui.ui.table_model import Look, Selection
from ahoy_tui.ui.text import card_label
from ahoy_tui.ui.widgets.hand_view import HandView
from ahoy_tui.ui.widgets.piles import Piles


def look_of(app: Any) -> Look:
    """The session's look (language, ASCII mode, theme, card styles)."""
    return Look(app.lang, app.ascii_only, app.theme, app.card_styles, app.me, False)


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

    def paint(self, screen: Any, step: ReplayStep, app: Any, fix: Any) -> None:
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

    def say(self, step: ReplayStep, app: Any) -> str:
        """What happened at ``step``, for the seat (``replay_model.sentence``)."""
        m: Moment = step.picture
        name = lambda s: self.names[s] if isinstance(s, int) and 0 <= s < len(self.names) else "?"  # noqa: E731
        card = lambda c: card_label(c, app.ascii_only) if c is not None else "?"  # noqa: E731
        cards = lambda cs: " ".join(card(c) for c in cs)  # noqa: E731
        return sentence(m, self.seat, app.t, name, card, cards)

    def report(self, step: ReplayStep, app: Any, fix: Any) -> tuple[str, Text] | None:
        """A hand's end: ``(panel title, text)`` with the AHOY! and its treasure, scores, the deals."""
        r: HandReport | None = step.picture.report
        if r is None:
            return None
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


@dataclass(frozen=True, slots=True)
class _ReplaySeat:
    """A seat as the Ahoi presenter's seat tags read it: a person still there (no tag)."""

    name: str
    kind: str = "person"
    autopilot: bool = False
    connected: bool = True


@dataclass(frozen=True, slots=True)
class _ReplayTable:
    """The finished table as the Ahoi presenter reads it (names in play order, nobody gone)."""

    name: str
    players: tuple[str, ...]
    seats: tuple[_ReplaySeat, ...]
    gone: tuple[int, ...] = ()
    status: str = "game_over"


@dataclass(frozen=True, slots=True)
class _ReplayUpdate:
    """Stands for a ``TableUpdate`` where the Ahoi presenter takes one (only ``table`` is read)."""

    table: _ReplayTable


class AhoiPaint:
    """Ahoi steps (``ahoi.replay.AhoiStep``: the seat's view then) with the Ahoi table's presenter."""

    hand_word: ClassVar[str] = "r"
    title_key: ClassVar[str] = "replay.title_round"
    jump_key: ClassVar[str] = "replay.jump_round"

    def __init__(self, names: Sequence[str], seat: int, header: dict) -> None:
        self.names = list(names)
        self.seat = seat
        table = _ReplayTable("", tuple(names), tuple(_ReplaySeat(n) for n in names))
        self.update = _ReplayUpdate(table)

    def compose(self) -> ComposeResult:
        yield Static(id="replay-layouts")
        yield Static(id="replay-piles")
        yield Static(id="replay-mine")

    def paint(self, screen: Any, step: ReplayStep, app: Any, fix: Any) -> None:
        """Every layout, the piles and status, the seat's own layout; this step's peeks face up."""
        look, view = look_of(app), step.picture.view
        flashes = {(f.owner, f.position): f.value
                   for f in flashes_after([], step.picture.events, self.seat, float("inf"))}
        screen.query_one("#replay-layouts", Static).update(layouts_text(self.update, view, look, flashes, None))
        piles = piles_text(view, look)
        status = status_text(self.update, view, look)
        if status.plain:
            piles.append(fix("   "))
            piles.append_text(status)
        screen.query_one("#replay-piles", Static).update(piles)
        screen.query_one("#replay-mine", Static).update(mine_text(view, look, flashes, AhoiSelection()))
        screen.query_one("#replay-state").border_title = fix(app.t("replay.layout"))

    def say(self, step: ReplayStep, app: Any) -> str:
        """This step's log lines (``ahoi_narrate``), or the header's and a result line's own words."""
        d = step.line
        if "format" in d:
            return app.t("replay.start_ahoi", players=", ".join(self.names))
        if d.get("result") == "round":
            scores = ", ".join(f"{n} +{s}" for n, s in zip(self.names, d.get("scores", [])))
            return app.t("replay.round_over", n=d.get("round"), scores=scores)
        return " · ".join(t.plain for t in narrate(step.picture.events, self.names, self.seat, app.lang, False))

    def report(self, step: ReplayStep, app: Any, fix: Any) -> tuple[str, Text] | None:
        """Ahoi's round end shows in the layouts themselves (every card face up, AH11)."""
        return None


PAINTERS: dict[str, type] = {"ahoy": AhoyPaint, "ahoi": AhoiPaint}
"""The painter of each registered game (``GameSpec.name``)."""


def painter_for(game: str, names: Sequence[str], seat: int, header: dict) -> Any:
    """The painter for ``game``.

    Raises:
        KeyError: a game the viewer cannot draw.
    """
    return PAINTERS[game](names, seat, header)



"""The reveal, the hand history and the end-of-game summary as text (docs/ui.md).

Everything here is drawn from events the session received: public events
and the ``reveal`` the table sends once a hand is over (``game.reveal``).
:class:`HandBook` keeps the few kinds these need for the whole game (the
table screen's own event list is trimmed), so nothing here holds game truth.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable, Sequence

from rich import box
from rich.table import Table
from rich.text import Text

from ahoy_tui.games.ahoy.reveal import game_summary
from ahoy_tui.ui.services import AppServices
from ahoy_tui.ui.text import asciify, clean
from ahoy_tui.ui.games.ahoy.cards import card_text

#: Event kinds the book keeps (enough for the history and the summary).
BOOK_KINDS = frozenset({"hand_started", "traded", "ahoy", "hands_up", "hand_over", "reveal"})


@dataclass(slots=True)
class HandEntry:
    """One finished hand: its ``hand_over`` data, its ``ahoy`` event and ``reveal`` data (or None)."""

    over: dict
    ahoy: Any = None
    reveal: dict | None = None


@dataclass(slots=True)
class HandBook:
    """This game's hands as one session saw them, in order.

    Attributes:
        events: The kept events (``BOOK_KINDS``) of the current game.
        hands: One :class:`HandEntry` per finished hand of the current game.
    """

    events: list[Any] = field(default_factory=list)
    hands: list[HandEntry] = field(default_factory=list)

    def take(self, events: Iterable[Any], reset: bool = False) -> None:
        """Add a ``TableUpdate``'s events; ``reset`` (a catch-up) or a new game's hand 1 starts over."""
        if reset:
            self.events, self.hands = [], []
        ahoy = None
        for e in events:
            if e.kind not in BOOK_KINDS:
                continue
            if e.kind == "hand_started" and e.data.get("hand") == 1:
                self.events, self.hands = [], []
            self.events.append(e)
            if e.kind == "ahoy":
                ahoy = e
            elif e.kind == "hand_over":
                self.hands.append(HandEntry(dict(e.data), ahoy))
                ahoy = None
            elif e.kind == "reveal" and self.hands and self.hands[-1].over.get("hand") == e.data.get("hand"):
                self.hands[-1].reveal = dict(e.data)

    def reveal_of(self, hand: object) -> dict | None:
        """The reveal of hand number ``hand``, or None (not sent: the option is off)."""
        return next((h.reveal for h in self.hands if h.over.get("hand") == hand), None)


def _card(app: AppServices, ident: object) -> Text:
    if not isinstance(ident, int):
        return Text("?")
    return card_text(ident, app.card_styles, app.ascii_only)


def reveal_text(app: AppServices, names: Sequence[str], reveal: dict | None) -> Text:
    """The deals of one hand: each claim next to the card given, step-ins, HANDS UP! (two lines a deal)."""
    fix = asciify if app.ascii_only else (lambda s: s)
    t = app.t
    n = lambda seat: clean(names[seat], 12) if isinstance(seat, int) and 0 <= seat < len(names) else "?"  # noqa: E731
    out = Text()
    if reveal is None:
        return out
    out.append("\n")
    out.append(fix(t("rv.title")) + "\n", style="bold underline")
    deals = reveal.get("deals") or []
    if not deals:
        out.append(fix(t("rv.none")) + "\n", style="dim")
    for i, d in enumerate(deals, 1):
        out.append(f"{i:>2}. ")
        if d.get("kind") == "hands_up":
            out.append(fix(t("rv.hands_up", name=n(d.get("seat")), target=n(d.get("target")))))
            if d.get("card") is not None:
                out.append(" ")
                out.append_text(_card(app, d.get("card")))
            out.append("\n")
            continue
        out.append(fix(t("rv.offer", name=n(d.get("seat")), to=n(d.get("to")))) + " ")
        out.append(fix(t("rv.want")) + " ")
        out.append_text(_card(app, d.get("want")))
        out.append(", " + fix(t("rv.give")) + " ")
        out.append_text(_card(app, d.get("give")))
        out.append("\n    ")
        steppers = d.get("steppers") or []
        if d.get("accepted"):
            out.append(fix(t("rv.accepted")))
        elif d.get("accepted") is False:
            out.append(fix(t("rv.declined")))
            out.append("; " + fix(t("rv.stepped", names=", ".join(n(s) for s in steppers)) if steppers
                                  else t("rv.nobody")))
        if d.get("gave") is None:
            out.append(("; " if d.get("accepted") is not None else "") + fix(t("rv.no_deal")) + "\n")
            continue
        out.append("\n    " if steppers else ": ")
        for j, (seat, card, lied) in enumerate(((d.get("seat"), d.get("gave"), d.get("offerer_lied")),
                                                (d.get("partner"), d.get("got"), d.get("partner_lied")))):
            if j:
                out.append(" · " if not app.ascii_only else " - ")
            out.append(fix(t("rv.gave", name=n(seat))) + " ")
            out.append_text(_card(app, card))
            out.append(" ")
            out.append(fix(t("rv.lie" if lied else "rv.true")), style="bold reverse" if lied else "dim")
        out.append("\n")
    return out


def summary_table(app: AppServices, names: Sequence[str], events: Iterable[Any]) -> Table:
    """Per player: trades, lies told and caught, AHOY!s, HANDS UP!s, points per hand (``game_summary``)."""
    fix = asciify if app.ascii_only else (lambda s: s)
    t = app.t
    table = Table(box=box.ASCII if app.ascii_only else box.SIMPLE_HEAD, expand=False, pad_edge=False)
    table.add_column(fix(t("sum.player")), no_wrap=True)
    for key in ("sum.trades", "sum.lies_told", "sum.lies_caught", "sum.ahoys", "sum.hands_ups"):
        table.add_column(fix(t(key)), justify="right")
    table.add_column(fix(t("sum.points")))
    dash = lambda x: "-" if x is None else str(x)  # noqa: E731
    for i, s in enumerate(game_summary(events, len(names))):
        table.add_row(Text(fix(clean(names[i], 12))), str(s.trades), dash(s.lies_told), dash(s.lies_caught),
                      str(s.ahoys), str(s.hands_ups), " ".join(str(p) for p in s.points))
    return table

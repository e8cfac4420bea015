"""The scoreboard: a row per hand, totals, the limit and the leader (R14, R15)."""

from __future__ import annotations

from typing import Any, Sequence

from rich import box
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from ahoy_tui.ui.services import AppServices, services
from ahoy_tui.ui.text import asciify, clean


def score_table(app: AppServices, names: Sequence[str], view: Any) -> Table:
    """A rich table: one column per seat, one row per hand, then totals."""
    fix = asciify if app.ascii_only else (lambda s: s)
    table = Table(box=box.ASCII if app.ascii_only else box.SIMPLE_HEAD, expand=False, pad_edge=False)
    table.add_column(fix(app.t("scores.hand")), justify="right")
    for n in names:
        table.add_column(Text(fix(clean(n, 10))), justify="right", max_width=10)
    for r in view.results:
        cells = []
        for i, sc in enumerate(r.scores):
            cells.append(Text(fix(app.t("scores.winner_mark")) if r.winner == i else str(sc),
                              style="bold" if r.winner == i else ""))
        label = str(r.hand) if r.winner is not None else f"{r.hand} ({fix(app.t('scores.becalmed'))})"
        table.add_row(label, *cells)
    low = min(view.totals) if view.totals else 0
    table.add_row(Text(fix(app.t("scores.total")), style="bold"),
                  *[Text(str(t), style="bold reverse" if t == low else "bold") for t in view.totals])
    return table


def leader_line(app: AppServices, names: Sequence[str], view: Any) -> Text:
    """``Leader (lowest): Anna, Bo``."""
    fix = asciify if app.ascii_only else (lambda s: s)
    low = min(view.totals) if view.totals else 0
    leaders = ", ".join(clean(names[i], 16) for i, t in enumerate(view.totals) if t == low)
    return Text(fix(app.t("scores.leader", names=leaders)), style="bold")


class ScoresScreen(ModalScreen[None]):
    """The live scoreboard; Esc or s closes."""

    BINDINGS = [Binding("escape,s,q,enter", "close", "Close")]

    def __init__(self, names: Sequence[str], view: Any) -> None:
        super().__init__()
        self.names = list(names)
        self.view = view

    def compose(self) -> ComposeResult:
        app = services(self)
        with VerticalScroll(id="scores-box", classes="dialog") as b:
            title = app.t("scores.title", limit=self.view.limit)
            b.border_title = asciify(title) if app.ascii_only else title
            yield Static(score_table(app, self.names, self.view))
            yield Static(leader_line(app, self.names, self.view))

    def on_mount(self) -> None:
        self.set_class(self.app.ascii_only, "-ascii")  # type: ignore[attr-defined]

    def action_close(self) -> None:
        self.dismiss(None)

"""The end of an Ahoi round: every layout face up with its sum, the penalty, the round's score and the
totals (AH11, AH12), and at the end of the game who won (AH13).

The cards come from ``view.revealed`` (AH11: public until the next deal);
the table closes this dialog when the next round is dealt. Opened later
with ``h`` (the last round), it shows the sums and totals without cards.
"""

from __future__ import annotations

from functools import partial
from typing import Any, Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from ahoy_tui.games.ahoi.state import PENALTY
from ahoy_tui.ui.games.ahoi.cards import row
from ahoy_tui.ui.i18n import tr
from ahoy_tui.ui.services import services
from ahoy_tui.ui.text import asciify, clean
from ahoy_tui.ui.widgets.rating_changes import RatingChanges


def round_text(result: Any, names: Sequence[str], revealed: Sequence[Sequence[int]] | None, lang: str,
               ascii_only: bool, styles: dict[str, str], over: tuple[Sequence[int], int] | None = None) -> Text:
    """The round's table: one line per seat (name, cards, sum, penalty, round, total), the caller, the winners.

    Args:
        result: A ``RoundResult`` (sums, scores, totals, caller).
        revealed: Every layout's values (AH11), or None to leave the cards out.
        over: ``(winners, target)`` once the game is over (AH13).
    """
    t = partial(tr, lang)
    fix = asciify if ascii_only else (lambda s: s)
    out = Text()
    head = f"{'':10} {'':23} {t('ahoi.reveal.sum'):>5} {t('ahoi.reveal.penalty'):>7} " \
           f"{t('ahoi.reveal.round'):>6} {t('ahoi.reveal.total'):>6}"
    out.append(fix(head) + "\n", style="bold")
    for i, total in enumerate(result.totals):
        name = clean(names[i] if i < len(names) else "?", 10).ljust(10)
        out.append(fix(name) + " ", style="bold" if result.scores[i] == 0 else "")
        cards = row(list(revealed[i]), ascii_only, styles) if revealed is not None and i < len(revealed) else Text()
        cards.truncate(23, pad=True)
        out.append_text(cards)
        penalty = PENALTY if result.caller == i and result.scores[i] > result.sums[i] else 0
        out.append(f" {result.sums[i]:>5} {('+' + str(penalty)) if penalty else '':>7} "
                   f"{result.scores[i]:>6} {total:>6}\n")
    caller = result.caller
    out.append(fix(t("ahoi.reveal.caller", name=clean(names[caller], 16)) if caller is not None
                   and caller < len(names) else t("ahoi.reveal.no_caller")))
    if over is not None:
        winners, _target = over
        out.append("\n" + fix(t("ahoi.over.won", names=", ".join(clean(names[w], 16) for w in winners
                                                                 if w < len(names)))), style="bold")
    return out


class AhoiRoundScreen(ModalScreen[None]):
    """The round's reveal (or the game's end); Enter or Esc closes it.

    Args:
        title: The border title (``Round 3: the layouts``, ``Game over``).
        body: :func:`round_text`.
        ratings: At the game's end, the rating changes it made (``RatingChanges``); None otherwise.
    """

    BINDINGS = [Binding("escape,enter", "close", "Close")]

    def __init__(self, title: str, body: Text, ratings: RatingChanges | None = None) -> None:
        super().__init__()
        self._title = title
        self._body = body
        self._ratings = ratings

    def compose(self) -> ComposeResult:
        with Vertical(id="ahoi-round-box", classes="dialog") as box:
            box.border_title = self._title
            yield Static(self._body, id="ahoi-round-body")
            if self._ratings is not None:
                yield self._ratings
            app = services(self)
            hint = tr(app.lang, "key.close") + ": Enter"
            yield Static(asciify(hint) if app.ascii_only else hint, classes="hint")

    def action_close(self) -> None:
        self.dismiss(None)

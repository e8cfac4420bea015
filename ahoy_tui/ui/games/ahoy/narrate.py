"""Events as plain sentences for the event log (issue 5; RULES.md R18).

Only events the lobby already projected for this viewer arrive here
(``for_viewer``); this module never adds information, it only words it.
Names are hostile strings and are cleaned; card names come from identities.
"""

from __future__ import annotations

from typing import Sequence

from rich.text import Text

from ahoy_tui.games.kit.events import Event
from ahoy_tui.ui.i18n import tr
from ahoy_tui.ui.text import asciify, clean
from ahoy_tui.ui.games.ahoy.cards import card_label


class Narrator:
    """Turns events into one-line sentences for one viewer.

    Args:
        names: Seat names in play order (hostile strings).
        me: The viewer's seat, or None for a spectator.
        lang: ``"en"``, ``"es"`` or ``"de"``.
        ascii_only: Suits as letters.
    """

    def __init__(self, names: Sequence[str], me: int | None, lang: str, ascii_only: bool) -> None:
        self.names = [clean(n, 16) for n in names]
        self.me = me
        self.lang = lang
        self.ascii_only = ascii_only

    def name(self, seat: object) -> str:
        """Display name of ``seat`` (``"you"`` words are left to the templates)."""
        if isinstance(seat, int) and 0 <= seat < len(self.names):
            return self.names[seat] or f"#{seat + 1}"
        return "?"

    def card(self, ident: object) -> str:
        return card_label(int(ident), self.ascii_only) if isinstance(ident, int) else "?"

    def cards(self, idents: object) -> str:
        return " ".join(self.card(i) for i in idents) if isinstance(idents, (list, tuple)) else "?"

    def sentence(self, e: Event) -> str | None:
        """The sentence for ``e``, or None for events the log does not show."""
        d = e.data
        k = e.kind
        t = lambda key, **kw: tr(self.lang, key, **kw)  # noqa: E731
        n = self.name
        if k == "hand_started":
            return t("ev.hand_started", hand=d.get("hand"), name=n(d.get("first_seat")))
        if k == "dealt":
            return t("ev.dealt", cards=self.cards(d.get("cards")))
        if k == "drew":
            return t("ev.drew", name=n(d.get("seat")))
        if k == "drew_card":
            return t("ev.drew_card", card=self.card(d.get("card")))
        if k == "drew_nothing":
            return t("ev.drew_nothing", name=n(d.get("seat")))
        if k == "reshuffled":
            return t("ev.reshuffled", n=d.get("draw_size"))
        if k == "offered":
            return t("ev.offered", name=n(d.get("seat")), to=n(d.get("to")), want=self.card(d.get("want")),
                     give=self.card(d.get("give")))
        if k == "responded":
            return t("ev.accepted" if d.get("accept") else "ev.declined", name=n(d.get("seat")))
        if k == "offer_open":
            return t("ev.offer_open")
        if k == "stepped_in":
            return t("ev.stepped_in", name=n(d.get("seat")))
        if k == "passed":
            return t("ev.passed", name=n(d.get("seat")))
        if k == "offer_closed":
            return None if d.get("steppers") else t("ev.offer_closed_none")
        if k == "partner":
            return t("ev.partner", name=n(d.get("seat")), partner=n(d.get("partner")))
        if k == "no_exchange":
            return t("ev.no_exchange", name=n(d.get("seat")))
        if k == "exchange_locked":
            return t("ev.exchange_locked", name=n(d.get("seat")))
        if k == "traded":
            return t("ev.traded", name=n(d.get("seat")), partner=n(d.get("partner")))
        if k == "received":
            return t("ev.received", gave=self.card(d.get("gave")), card=self.card(d.get("card")),
                     other=n(d.get("other")))
        if k == "hands_up":
            return t("ev.hands_up", name=n(d.get("seat")), target=n(d.get("target")))
        if k == "laid_down":
            return t("ev.laid_down", name=n(d.get("seat")), n=d.get("count"))
        if k == "laid_down_cards":
            return t("ev.laid_down_cards", cards=self.cards(d.get("cards")))
        if k == "picked":
            return t("ev.picked", name=n(d.get("seat")), target=n(d.get("target")))
        if k == "took":
            return t("ev.took", card=self.card(d.get("card")), target=n(d.get("target")))
        if k == "lost":
            return t("ev.lost", to=n(d.get("to")), card=self.card(d.get("card")))
        if k == "discarded":
            return t("ev.discarded", name=n(d.get("seat")), card=self.card(d.get("card")))
        if k == "turn":
            return t("ev.turn", name=n(d.get("seat")))
        if k == "ahoy":
            return t("ev.ahoy", name=n(d.get("seat")), cards=self.cards(d.get("cards")))
        if k == "hand_over":
            w = d.get("winner")
            if w is None:
                return t("ev.hand_over_becalmed", hand=d.get("hand"))
            return t("ev.hand_over", hand=d.get("hand"), winner=f"AHOY! {n(w)}")
        if k == "game_over":
            return t("ev.game_over", winners=", ".join(n(x) for x in d.get("winners", [])))
        return None

    def line(self, e: Event) -> Text | None:
        """The sentence as safe Text (ASCII mode applied), or None."""
        s = self.sentence(e)
        if s is None:
            return None
        return Text(asciify(s) if self.ascii_only else s, style="bold" if e.to is not None else "")

"""The banner's sentence for a view: the offer pending, a HANDS UP!, or whose turn and who is next.

Pure function of public information only (R18): the offer's two statements
(R8, public), seat names, the HANDS UP! seats and how many cards lie face
down (R7: the table learns that, never which cards).
"""

from __future__ import annotations

import re
from typing import Any, Callable

from rich.text import Text

from ahoy_tui.games.ahoy.state import Phase
from ahoy_tui.ui.text import asciify, clean
from ahoy_tui.ui.games.ahoy.cards import card_text

_FIELD = re.compile(r"\{(\w+)\}")


def _fill(template: str, parts: dict[str, Text | str], fix: Callable[[str], str]) -> Text:
    """``template`` with each ``{field}`` replaced by ``parts[field]`` (styled Text kept as is)."""
    out = Text(no_wrap=True, overflow="ellipsis")
    pos = 0
    for m in _FIELD.finditer(template):
        out.append(fix(template[pos:m.start()]))
        part = parts.get(m.group(1), "")
        if isinstance(part, Text):
            out.append_text(part)
        else:
            out.append(fix(part), style="bold")
        pos = m.end()
    out.append(fix(template[pos:]))
    return out


def banner_for(view: Any, names: list[str], t: Callable[..., str], ascii_only: bool,
               styles: dict[str, str]) -> tuple[Text, int]:
    """``(sentence, face-down cards)`` for the banner; ``(Text(), 0)`` when no hand is being played.

    Args:
        view: The seat's ``PlayerView`` (or None).
        names: Seat names in play order (R4).
        t: The session's translator (``app.t``): returns the template for a key.
        ascii_only: ASCII mode.
        styles: Theme card styles (suits).
    """
    if view is None or view.phase in (Phase.NO_HAND, Phase.GAME_OVER) or not view.players:
        return Text(), 0
    fix = asciify if ascii_only else (lambda s: s)

    def name(i: int) -> str:
        if i == view.seat:
            return t("banner.you")
        return clean(names[i], 16) if 0 <= i < len(names) else "?"

    if view.hands_up is not None and view.phase in (Phase.LAY_DOWN, Phase.PICK):
        attacker, target, laid = view.hands_up
        key = ("banner.hands_up_pick" if view.phase is Phase.PICK
               else "banner.hands_up_you" if target == view.seat else "banner.hands_up")
        line = _fill(t(key), {"a": name(attacker), "b": name(target), "n": str(laid)}, fix)
        line.stylize("bold", 0, len(line))
        return line, laid if view.phase is Phase.PICK else 0
    if view.offer is not None and view.phase in (Phase.RESPOND, Phase.STEP_IN, Phase.CHOOSE_PARTNER,
                                                 Phase.EXCHANGE):
        offerer, addressed, want, give = view.offer
        parts: dict[str, Text | str] = {
            "a": name(offerer), "b": name(addressed),
            "want": card_text(want, styles, ascii_only, "bold"), "give": card_text(give, styles, ascii_only, "bold")}
        if view.phase is Phase.EXCHANGE and view.partner is not None:
            parts["b"] = name(view.partner)
        key = {Phase.RESPOND: "banner.offer", Phase.STEP_IN: "banner.open",
               Phase.CHOOSE_PARTNER: "banner.choose", Phase.EXCHANGE: "banner.deal"}[view.phase]
        if view.phase is Phase.CHOOSE_PARTNER and offerer == view.seat:
            key = "banner.choose_you"  # "Your offer ... pick a partner", not "you picks"
        return _fill(t(key), parts, fix), 0
    active = view.active
    nxt = (active + 1) % view.players  # R4: the next player of seat i is seat (i+1) mod n
    key = "banner.your_turn" if active == view.seat else "banner.turn"
    return _fill(t(key), {"a": name(active), "next": name(nxt)}, fix), 0

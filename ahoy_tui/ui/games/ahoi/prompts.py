"""The Ahoi table's prompt line and the game keys usable now, from the view, the legal actions and the
local selection (AH4–AH10). Every key the prompt names runs only an action of ``update.legal``
(``screens.ahoi_keys``)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import Any, Sequence

from rich.text import Text

from ahoy_tui.games.ahoi.actions import CallAhoi, DiscardDrawn, DrawCard, Fernrohr, Lupe, TakeDiscard, Tauschen
from ahoy_tui.games.ahoi.state import AhoiPhase
from ahoy_tui.ui.games.ahoi.cards import ACTION_NAMES, face
from ahoy_tui.ui.i18n import tr
from ahoy_tui.ui.table_kit.look import Look
from ahoy_tui.ui.table_kit.seats import seat_names
from ahoy_tui.ui.text import asciify, clean


@dataclass(frozen=True, slots=True)
class AhoiSelection:
    """The local part of a decision (nothing is sent until it is complete).

    Attributes:
        mode: ``""``; ``"mark"`` (AH8: marking equal cards); ``"lupe"``, ``"fernrohr"``,
            ``"tauschen_own"``, ``"tauschen_other"`` (choosing an action's target, AH9).
        first: The first-look position picked first (AH4), or Tauschen's own position.
        marked: Positions marked for AH8.
        target: The seat chosen for Fernrohr or Tauschen.
    """

    mode: str = ""
    first: int | None = None
    marked: frozenset[int] = frozenset()
    target: int | None = None


def holding(view: Any) -> bool:
    """The viewer holds a card now (drawn or taken, AH5)."""
    return (view is not None and view.seat is not None and view.active == view.seat
            and view.phase in (AhoiPhase.DRAWN, AhoiPhase.TAKEN))


def action_kind(legal: Sequence[Any]) -> str | None:
    """``"lupe"``, ``"fernrohr"`` or ``"tauschen"`` when the held card's action may be used now (AH9)."""
    for cls, kind in ((Lupe, "lupe"), (Fernrohr, "fernrohr"), (Tauschen, "tauschen")):
        if any(isinstance(a, cls) for a in legal):
            return kind
    return None


def targets(legal: Sequence[Any]) -> list[int]:
    """The seats a Fernrohr or Tauschen in ``legal`` may aim at, in seat order."""
    return sorted({a.target for a in legal if isinstance(a, (Fernrohr, Tauschen))})


def _has(legal: Sequence[Any], cls: type) -> bool:
    return any(isinstance(a, cls) for a in legal)


def _holding_prompt(view: Any, legal: Sequence[Any], sel: AhoiSelection, t: Any,
                    names: Sequence[str]) -> tuple[str, set[str]]:
    k = view.layout_sizes[view.seat]
    target = clean(names[sel.target], 16) if sel.target is not None and sel.target < len(names) else "?"
    if sel.mode == "mark":
        keys = {"number", "mark", "back"} | ({"confirm"} if len(sel.marked) >= 2 else set())
        return t("ahoi.p.marked", positions=",".join(map(str, sorted(sel.marked))) or "-"), keys
    if sel.mode == "lupe":
        return t("ahoi.p.lupe", k=k), {"number", "back"}
    if sel.mode == "fernrohr":
        size = view.layout_sizes[sel.target] if sel.target is not None else k
        return t("ahoi.p.fernrohr", name=target, k=size), {"number", "move", "back"}
    if sel.mode == "tauschen_own":
        return t("ahoi.p.tauschen_own", k=k), {"number", "back"}
    if sel.mode == "tauschen_other":
        size = view.layout_sizes[sel.target] if sel.target is not None else k
        return t("ahoi.p.tauschen_other", pos=sel.first, name=target, k=size), {"number", "move", "back"}
    keys = {"number", "mark"}
    if _has(legal, DiscardDrawn):
        keys.add("throw")
    kind = action_kind(legal)
    if kind is not None:
        keys.add("use")
        return t("ahoi.p.drawn_action", action=f"{ACTION_NAMES[view.held]} {face(view.held)}", k=k), keys
    if view.phase is AhoiPhase.TAKEN:
        return t("ahoi.p.taken", card=face(view.held), k=k), keys
    return t("ahoi.p.drawn", card=face(view.held) if view.held is not None else "?", k=k), keys


def prompt_and_keys(update: Any, view: Any, look: Look, sel: AhoiSelection) -> tuple[Text, frozenset[str]]:
    """The prompt for the viewer's decision now (or what the table waits for), and the game keys it offers.

    Key names are the screen's actions: ``draw take call throw use number mark confirm move back``.
    """
    t = partial(tr, look.lang)
    names = seat_names(update)
    legal = list(update.legal or ())
    me = view.seat
    keys: set[str] = set()
    if view.phase is AhoiPhase.GAME_OVER:
        won = ", ".join(clean(names[i], 16) for i in view.winners if i < len(names))
        text = t("ahoi.over.won", names=won) + (" · " + t("ahoi.p.over") if me is not None else "")
    elif view.phase is AhoiPhase.NO_ROUND:
        text = t("ahoi.p.between") if view.results else ""
    elif me is not None and view.phase is AhoiPhase.FIRST_LOOK and me in view.waiting_for:
        k = view.layout_sizes[me]
        text = (t("ahoi.p.first_look", k=k) if sel.first is None
                else t("ahoi.p.first_look_one", pos=sel.first))
        keys = {"number", "back"}
    elif holding(view) and legal:
        text, keys = _holding_prompt(view, legal, sel, t, names)
    elif me is not None and view.active == me and view.phase is AhoiPhase.TURN and legal:
        keys = {name for name, cls in (("draw", DrawCard), ("take", TakeDiscard), ("call", CallAhoi))
                if _has(legal, cls)}
        text = t("ahoi.p.turn", choices=", ".join(t(f"ahoi.p.{k}") for k in ("draw", "take", "call") if k in keys))
    else:
        waiting = [clean(names[i], 16) for i in view.waiting_for if i < len(names) and i != me]
        text = t("ahoi.p.wait", names=", ".join(waiting)) if waiting else ""
    return Text(asciify(text) if look.ascii_only else text), frozenset(keys)

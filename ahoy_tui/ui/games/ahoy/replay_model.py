"""AHOY!! V2 replay steps worded for the viewing seat (the replay viewer's sentences; pure, no Textual).

The steps themselves are the game's (``GameSpec.replay_steps``,
:mod:`ahoy_tui.games.ahoy.replay_steps`): a :class:`Moment` per record line, built
from the seat's projection only (R18). Moments hold seat numbers and card
identities, never words: :func:`sentence` words one in the session's language.
"""

from __future__ import annotations

from typing import Any

from ahoy_tui.games.ahoy import cards as C
from ahoy_tui.games.ahoy.replay_steps import HandReport, Moment, deals

__all__ = ["HandReport", "Moment", "sentence"]


def sentence(m: Moment, seat: int, t: Any, name: Any, card: Any, cards: Any) -> str:
    """What happened at ``m``, worded for the viewing ``seat``.

    Args:
        t: ``t(key, **kw)`` translates (``AhoyApp.t``).
        name: ``name(seat) -> str``; ``card(ident | None)``, ``cards(idents)`` label cards.
    """
    d, f = m.line, m.facts
    who = d.get("seat")
    act = d.get("act")
    if "format" in d:
        return t("replay.start", players=", ".join(name(i) for i in range(len(d.get("seats", [])))),
                 limit=(d.get("settings") or {}).get("limit", "?"))
    if d.get("chance") == "deal":
        mine = [c for c in deals(d, len(m.counts))[seat] if c is not None]
        return (t("ev.hand_started", hand=d.get("hand"), name=name(d.get("first_seat")))
                + " " + t("ev.dealt", cards=cards(mine)))
    if d.get("chance") == "reshuffle":
        return t("ev.reshuffled", n=m.draw_size)
    if d.get("result") == "hand":
        w = d.get("winner")
        return (t("ev.hand_over_becalmed", hand=d.get("hand")) if w is None
                else t("ev.hand_over", hand=d.get("hand"), winner=f"AHOY! {name(w)}"))
    if d.get("result") == "game":
        return t("ev.game_over", winners=", ".join(name(x) for x in d.get("winners", [])))
    if act == "draw":
        if not f.get("drew"):
            return t("ev.drew_nothing", name=name(who))
        if who == seat and d.get("card") is not None:  # its own draw: the projection names it
            return t("replay.drew_card", card=card(_ident(d["card"])))
        return t("ev.drew", name=name(who))
    if act == "offer":
        return t("ev.offered", name=name(who), to=name((who + 1) % len(m.counts)),
                 want=card(_ident(d.get("want"))), give=card(_ident(d.get("give"))))
    if act == "respond":
        return t("ev.accepted" if d.get("accept") else "ev.declined", name=name(who))
    if act in ("step_in", "pass"):
        return t("ev.stepped_in" if act == "step_in" else "ev.passed", name=name(who))
    if act == "choose_partner":
        return t("ev.partner", name=name(who), partner=name(d.get("partner")))
    if act == "exchange":
        return _exchange(m, seat, t, name, card)
    if act == "hands_up":
        return t("ev.hands_up", name=name(who), target=name(d.get("target")))
    if act == "lay_down":
        if who == seat:
            return t("ev.laid_down_cards", cards=cards([_ident(c) for c in d.get("cards", [])]))
        return t("ev.laid_down", name=name(who), n=len(d.get("cards", [])))
    if act == "pick":
        attacker, target, got = f.get("took", (who, None, None))
        if attacker == seat:
            return t("ev.took", card=card(got), target=name(target))
        if target == seat:
            return t("ev.lost", to=name(attacker), card=card(got))
        return t("ev.picked", name=name(attacker), target=name(target))
    if act == "discard":
        return t("ev.discarded", name=name(who), card=card(_ident(d.get("card"))))
    if act == "ahoy":
        return t("ev.ahoy", name=name(who), cards=cards([_ident(c) for c in d.get("cards", [])]))
    return "?"


def _exchange(m: Moment, seat: int, t: Any, name: Any, card: Any) -> str:
    """An exchange card chosen; when it completes the trade, what the viewer gave and got."""
    text = t("ev.exchange_locked", name=name(m.line.get("seat")))
    trade = m.facts.get("trade")
    if trade is None:
        return text
    a, ca, b, cb = trade
    if seat in (a, b):
        gave, got, other = (ca, cb, b) if seat == a else (cb, ca, a)
        return text + " " + t("ev.received", gave=card(gave), card=card(got), other=name(other))
    return text + " " + t("ev.traded", name=name(a), partner=name(b))


def _ident(v: Any) -> int | None:
    return None if v is None else C.identity(C.parse(v))

"""Ahoi's words for line mode: ``look 1 3``, ``take``, ``draw``, ``discard``, ``place 2`` (``place 1 3``:
over cards claimed equal), ``lupe 2``, ``fernrohr bo 3``, ``tauschen 3 with bo 1``, ``ahoi`` (AH4-AH10).

Positions are 1-based, left to right (AH2). A value is said only in the sentence of the event that
shows it to this seat (AH15 off: the table log keeps positions, never values; such sentences are
not kept for ``log``: :meth:`AhoiLine.keeps`), or from the view (the discard pile's top, the held
card, the memory aid's ``known`` when the table has it on).
"""

from __future__ import annotations

from typing import Any, Sequence

from ahoy_tui.games.ahoi.actions import (CallAhoi, DiscardDrawn, DrawCard, Fernrohr, FirstLook, Lupe, Place,
                                         TakeDiscard, Tauschen)
from ahoy_tui.games.ahoi.state import AhoiPhase
from ahoy_tui.line.games import Ctx, LineGame, Refusal
from ahoy_tui.ui.games.ahoi.narrate import line as log_line

VERBS: tuple[str, ...] = ("look", "take", "draw", "discard", "place", "lupe", "fernrohr", "tauschen", "ahoi")
_KIND_VERBS = {"first_look": "look", "take_discard": "take", "draw": "draw", "discard": "discard",
               "place": "place", "lupe": "lupe", "fernrohr": "fernrohr", "tauschen": "tauschen", "ahoi": "ahoi"}
_USAGE = {"look": "look P P", "take": "take", "draw": "draw", "discard": "discard", "place": "place P | place P P",
          "lupe": "lupe P", "fernrohr": "fernrohr NAME P", "tauschen": "tauschen P with NAME Q", "ahoi": "ahoi"}
_ACTION = {7: "Lupe", 8: "Lupe", 9: "Fernrohr", 10: "Fernrohr", 11: "Tauschen", 12: "Tauschen"}
_PRIVATE_VALUES = frozenset({"peek", "drawn", "placed_card"})
"""Events whose sentence names a card only this seat saw: said once, not kept for ``log`` (AH15)."""

TEXTS: dict[str, dict[str, str]] = {
    "en": {
        "ahoi.line.first_look": "Look at two of your cards: look P P, positions 1 to {k}.",
        "ahoi.line.turn": "Your turn: take the discard {top}, draw{ahoi}.",
        "ahoi.line.turn_last": "Your last turn: take the discard {top} or draw.",
        "ahoi.line.or_ahoi": ", or ahoi",
        "ahoi.line.drawn": "You hold {card}, drawn: place P, discard{actions}.",
        "ahoi.line.taken": "You hold {card} from the discard pile: place P.",
        "ahoi.line.peek": "You see {what}.",
        "ahoi.line.peek_own": "your position {pos}: {card}",
        "ahoi.line.peek_other": "{name}'s position {pos}: {card}",
        "ahoi.line.drew": "You drew {card}.",
        "ahoi.line.placed_card": "Your position {pos} now holds {card}.",
        "ahoi.line.took": "{name} took the discard {card}.",
        "ahoi.line.discarded": "{name} discarded the drawn {card}.",
        "ahoi.line.placed": "{name} placed {card} at {pos}",
        "ahoi.line.removed": "{sentence}; the {cards} there went to the discard pile.",
        "ahoi.line.shown": "{name}'s named cards at {positions} were {cards}.",
        "ahoi.line.deal": "Round {n}: {name} deals; the discard shows {card}.",
        "ahoi.line.turn_of": "{name}'s turn.",
        "ahoi.line.last_turn_of": "{name}'s last turn.",
        "ahoi.line.round_end": "Round {n} over. Sums: {sums}.\nTotals: {totals}.",
        "ahoi.line.layouts": "Layouts: {layouts}.",
        "ahoi.line.game_over": "Game over. Winner: {winners}.",
        "ahoi.line.layout": "Your layout, {k} cards: {cards}.",
        "ahoi.line.unknown": "{pos} unknown",
        "ahoi.line.known": "{pos} is {card}",
        "ahoi.line.positions": "positions 1 to {k}, face down",
        "ahoi.line.holding": "You hold {card}.",
        "ahoi.line.table": "Round {n}. {turn}Draw pile {draw}, discard top {top}. Layouts: {sizes}.",
        "ahoi.line.caller": "{name} called Ahoi.",
        "ahoi.line.none": "none",
        "ahoi.line.no_round": "No round is being played now.",
        "ahoi.line.usage": "Type: {words}.",
        "ahoi.line.positions_usage": "Name positions 1 to {k} of your layout.",
        "ahoi.line.who_usage": "Name another player: {names}.",
        "ahoi.line.not_legal": "That is not possible now. {usage}",
        "ahoi.line.scores": "Totals to {target}: {scores}.",
    },
    "es": {
        "ahoi.line.first_look": "Mira dos de tus cartas: look P P, posiciones 1 a {k}.",
        "ahoi.line.turn": "Te toca: toma el descarte {top}, roba (draw){ahoi}.",
        "ahoi.line.turn_last": "Tu último turno: toma el descarte {top} o roba (draw).",
        "ahoi.line.or_ahoi": ", o ahoi",
        "ahoi.line.drawn": "Tienes {card}, robada: place P, discard{actions}.",
        "ahoi.line.taken": "Tienes {card} del descarte: place P.",
        "ahoi.line.peek": "Ves {what}.",
        "ahoi.line.peek_own": "tu posición {pos}: {card}",
        "ahoi.line.peek_other": "la posición {pos} de {name}: {card}",
        "ahoi.line.drew": "Robaste {card}.",
        "ahoi.line.placed_card": "Tu posición {pos} tiene ahora {card}.",
        "ahoi.line.took": "{name} tomó el descarte {card}.",
        "ahoi.line.discarded": "{name} descartó la robada, {card}.",
        "ahoi.line.placed": "{name} colocó {card} en {pos}",
        "ahoi.line.removed": "{sentence}; lo que había ({cards}) fue al descarte.",
        "ahoi.line.shown": "Las cartas nombradas de {name} en {positions} eran {cards}.",
        "ahoi.line.deal": "Ronda {n}: reparte {name}; el descarte muestra {card}.",
        "ahoi.line.turn_of": "Turno de {name}.",
        "ahoi.line.last_turn_of": "Último turno de {name}.",
        "ahoi.line.round_end": "Fin de la ronda {n}. Sumas: {sums}.\nTotales: {totals}.",
        "ahoi.line.layouts": "Filas: {layouts}.",
        "ahoi.line.game_over": "Fin de la partida. Gana: {winners}.",
        "ahoi.line.layout": "Tu fila, {k} cartas: {cards}.",
        "ahoi.line.unknown": "{pos} desconocida",
        "ahoi.line.known": "{pos} es {card}",
        "ahoi.line.positions": "posiciones 1 a {k}, boca abajo",
        "ahoi.line.holding": "Tienes {card}.",
        "ahoi.line.table": "Ronda {n}. {turn}Pozo {draw}, descarte arriba {top}. Filas: {sizes}.",
        "ahoi.line.caller": "{name} cantó Ahoi.",
        "ahoi.line.none": "ninguna",
        "ahoi.line.no_round": "Ahora no se juega ninguna ronda.",
        "ahoi.line.usage": "Escribe: {words}.",
        "ahoi.line.positions_usage": "Nombra posiciones de 1 a {k} de tu fila.",
        "ahoi.line.who_usage": "Nombra a otro jugador: {names}.",
        "ahoi.line.not_legal": "Ahora eso no es posible. {usage}",
        "ahoi.line.scores": "Totales hasta {target}: {scores}.",
    },
    "de": {
        "ahoi.line.first_look": "Schau zwei deiner Karten an: look P P, Positionen 1 bis {k}.",
        "ahoi.line.turn": "Du bist dran: nimm die Ablage {top}, zieh (draw){ahoi}.",
        "ahoi.line.turn_last": "Dein letzter Zug: nimm die Ablage {top} oder zieh (draw).",
        "ahoi.line.or_ahoi": ", oder ahoi",
        "ahoi.line.drawn": "Du hältst {card}, gezogen: place P, discard{actions}.",
        "ahoi.line.taken": "Du hältst {card} von der Ablage: place P.",
        "ahoi.line.peek": "Du siehst {what}.",
        "ahoi.line.peek_own": "deine Position {pos}: {card}",
        "ahoi.line.peek_other": "{name}s Position {pos}: {card}",
        "ahoi.line.drew": "Du hast {card} gezogen.",
        "ahoi.line.placed_card": "Auf deiner Position {pos} liegt jetzt {card}.",
        "ahoi.line.took": "{name} nahm die Ablage {card}.",
        "ahoi.line.discarded": "{name} warf die gezogene {card} ab.",
        "ahoi.line.placed": "{name} legte {card} auf {pos}",
        "ahoi.line.removed": "{sentence}; was dort lag ({cards}), kam auf die Ablage.",
        "ahoi.line.shown": "{name}s genannte Karten auf {positions} waren {cards}.",
        "ahoi.line.deal": "Runde {n}: {name} gibt; die Ablage zeigt {card}.",
        "ahoi.line.turn_of": "{name} ist dran.",
        "ahoi.line.last_turn_of": "{name}s letzter Zug.",
        "ahoi.line.round_end": "Runde {n} vorbei. Summen: {sums}.\nStände: {totals}.",
        "ahoi.line.layouts": "Reihen: {layouts}.",
        "ahoi.line.game_over": "Spiel aus. Gewinner: {winners}.",
        "ahoi.line.layout": "Deine Reihe, {k} Karten: {cards}.",
        "ahoi.line.unknown": "{pos} unbekannt",
        "ahoi.line.known": "{pos} ist {card}",
        "ahoi.line.positions": "Positionen 1 bis {k}, verdeckt",
        "ahoi.line.holding": "Du hältst {card}.",
        "ahoi.line.table": "Runde {n}. {turn}Stapel {draw}, oben auf der Ablage {top}. Reihen: {sizes}.",
        "ahoi.line.caller": "{name} hat Ahoi gerufen.",
        "ahoi.line.none": "nichts",
        "ahoi.line.no_round": "Gerade wird keine Runde gespielt.",
        "ahoi.line.usage": "Tippe: {words}.",
        "ahoi.line.positions_usage": "Nenne Positionen 1 bis {k} deiner Reihe.",
        "ahoi.line.who_usage": "Nenne einen anderen Spieler: {names}.",
        "ahoi.line.not_legal": "Das geht jetzt nicht. {usage}",
        "ahoi.line.scores": "Stände bis {target}: {scores}.",
    },
}


def value(v: object) -> str:
    """A card value as said: ``7 (Lupe)``, ``13``; ``?`` for none."""
    if not isinstance(v, int):
        return "?"
    return f"{v} ({_ACTION[v]})" if v in _ACTION else str(v)


class AhoiLine(LineGame):
    """Ahoi's :class:`~ahoy_tui.line.games.LineGame`."""

    name = "ahoi"
    verbs = VERBS
    texts = TEXTS

    def legal_verbs(self, legal: Sequence[Any]) -> list[str]:
        out: list[str] = []
        for a in legal:
            v = _KIND_VERBS.get(a.KIND)
            if v and v not in out:
                out.append(v)
        return out

    def keeps(self, event: Any) -> bool:
        """False for a sentence naming a value only this seat saw (said once, not repeated by ``log``; AH15)."""
        return event.kind not in _PRIVATE_VALUES

    def usage(self, ctx: Ctx) -> str:
        words = [_USAGE[v] for v in self.legal_verbs(ctx.legal)]
        return ctx.say("ahoi.line.usage", words=", ".join(words)) if words else ctx.say("line.legal_none")

    def _size(self, ctx: Ctx) -> int:
        v = ctx.view
        return v.layout_sizes[ctx.me] if v is not None and ctx.me is not None else 4

    # -- prompts ----------------------------------------------------------------------------
    def prompt_kept(self, ctx: Ctx) -> bool:
        """False while the prompt names a card this seat drew (AH15: said once, never repeated by ``log``)."""
        v = ctx.view
        return v is None or v.held is None or v.held_from != "draw"

    def prompt(self, ctx: Ctx) -> str | None:
        v, legal = ctx.view, ctx.legal
        if v is None or not legal or ctx.me is None:
            return None
        s = ctx.say
        kinds = {a.KIND for a in legal}
        top = value(v.discard_top) if v.discard_top is not None else s("ahoi.line.none")
        if "first_look" in kinds:
            return s("ahoi.line.first_look", k=self._size(ctx))
        if "draw" in kinds or "take_discard" in kinds:
            if ctx.me in v.last_turns or v.caller is not None:
                return s("ahoi.line.turn_last", top=top)
            return s("ahoi.line.turn", top=top, ahoi=s("ahoi.line.or_ahoi") if "ahoi" in kinds else "")
        if v.phase is AhoiPhase.TAKEN:
            return s("ahoi.line.taken", card=value(v.held))
        actions = "".join(f", {_USAGE[k]}" for k in ("lupe", "fernrohr", "tauschen") if k in kinds)
        return s("ahoi.line.drawn", card=value(v.held), actions=actions)

    # -- parsing ----------------------------------------------------------------------------
    def parse(self, verb: str, args: list[str], ctx: Ctx) -> Any:
        legal, s = ctx.legal, ctx.say
        simple = {"take": TakeDiscard(), "draw": DrawCard(), "discard": DiscardDrawn(), "ahoi": CallAhoi()}
        if verb in simple:
            return simple[verb]
        numbers = [int(a) for a in args if a.isdigit()]
        others = [a for a in args if not a.isdigit() and a.casefold() not in ("with", "of", "at", "and", "mit")]
        k = self._size(ctx)
        if verb in ("look", "place", "lupe"):
            if others or not numbers or any(not 1 <= n <= k for n in numbers):
                return Refusal(s("ahoi.line.positions_usage", k=k) + " " + self.usage(ctx))
            if verb == "lupe":
                return Lupe(numbers[0]) if len(numbers) == 1 else Refusal(self.usage(ctx))
            cls = FirstLook if verb == "look" else Place
            for ps in (tuple(numbers), tuple(sorted(numbers))):
                if cls(ps) in legal:
                    return cls(ps)
            return Refusal(s("ahoi.line.not_legal", usage=self.usage(ctx)))
        # fernrohr NAME P; tauschen P with NAME Q
        targets = sorted({a.target for a in legal if isinstance(a, (Fernrohr, Tauschen))})
        names = ", ".join(ctx.name(t) for t in targets)
        seat = ctx.seat_named(" ".join(others)) if others else None  # a name may hold spaces ("Ned Low")
        if not isinstance(seat, int) or seat not in targets:
            return Refusal(s("ahoi.line.who_usage", names=names) + " " + self.usage(ctx))
        if verb == "fernrohr" and len(numbers) == 1:
            action: Any = Fernrohr(seat, numbers[0])
        elif verb == "tauschen" and len(numbers) == 2:
            action = Tauschen(numbers[0], seat, numbers[1])
        else:
            return Refusal(self.usage(ctx))
        return action if action in legal else Refusal(s("ahoi.line.not_legal", usage=self.usage(ctx)))

    # -- narration ----------------------------------------------------------------------------
    def narrate(self, event: Any, ctx: Ctx) -> str | None:
        k, d, s, n = event.kind, event.data, ctx.say, ctx.name
        if k == "turn":
            if d.get("seat") == ctx.me:
                return None  # the prompt says it
            return s("ahoi.line.last_turn_of" if d.get("last") else "ahoi.line.turn_of", name=n(d.get("seat")))
        if k == "deal":
            return s("ahoi.line.deal", n=d.get("round", "?"), name=n(d.get("dealer")), card=value(d.get("discard")))
        if k == "peek":
            owner = d.get("owner")
            parts = [s("ahoi.line.peek_own" if owner == ctx.me else "ahoi.line.peek_other", name=n(owner), pos=p,
                       card=value(x)) for p, x in zip(d.get("positions") or (), d.get("values") or ())]
            return s("ahoi.line.peek", what="; ".join(parts)) if parts else None
        if k == "drawn":
            return s("ahoi.line.drew", card=value(d.get("card")))
        if k == "placed_card":
            return s("ahoi.line.placed_card", pos=d.get("position"), card=value(d.get("card")))
        if k == "take_discard":
            return s("ahoi.line.took", name=n(d.get("seat")), card=value(d.get("card")))
        if k == "discard":
            return s("ahoi.line.discarded", name=n(d.get("seat")), card=value(d.get("card")))
        if k == "shown":
            return s("ahoi.line.shown", name=n(d.get("seat")),
                     positions=",".join(str(p) for p in d.get("positions") or ()),
                     cards=", ".join(value(x) for x in d.get("values") or ()))
        if k == "round_end":
            sums, totals = ctx.per_seat(d.get("sums") or ()), ctx.per_seat(d.get("totals") or ())
            layouts = "; ".join(f"{n(i)} {' '.join(str(x) for x in row)}" for i, row in enumerate(d.get("layouts") or ()))
            return (s("ahoi.line.round_end", n=d.get("round", "?"), sums=sums, totals=totals) + "\n"
                    + s("ahoi.line.layouts", layouts=layouts))
        if k == "game_over":
            return s("ahoi.line.game_over", winners=", ".join(n(x) for x in d.get("winners") or ()))
        if k == "place" and d.get("card") is not None and d.get("matched") is None:
            sentence: str | None = s("ahoi.line.placed", name=n(d.get("seat")), card=value(d.get("card")),
                                     pos=",".join(str(p) for p in d.get("positions") or ()))
        else:
            sentence = log_line(event, ctx.names, ctx.me, ctx.lang)
        if sentence is not None and k == "place" and d.get("removed"):
            sentence = s("ahoi.line.removed", sentence=sentence, cards=", ".join(value(x) for x in d["removed"]))
        return None if sentence is None else sentence + ("" if sentence.endswith(".") else ".")

    # -- reading the table ----------------------------------------------------------------------
    def hand(self, ctx: Ctx) -> str:
        v, s = ctx.view, ctx.say
        if v is None or ctx.me is None or not v.round_no:
            return s("ahoi.line.no_round")
        k = v.layout_sizes[ctx.me]
        if v.revealed is not None:
            cards = ", ".join(s("ahoi.line.known", pos=i + 1, card=value(x)) for i, x in enumerate(v.revealed[ctx.me]))
        elif v.known is not None:
            row = v.known[ctx.me]
            cards = ", ".join(s("ahoi.line.unknown", pos=i + 1) if x is None else s("ahoi.line.known", pos=i + 1,
                                                                                       card=value(x))
                              for i, x in enumerate(row))
        else:
            cards = s("ahoi.line.positions", k=k)
        text = s("ahoi.line.layout", k=k, cards=cards)
        if v.held is not None and v.active == ctx.me:
            text += " " + s("ahoi.line.holding", card=value(v.held))
        return text

    def table(self, ctx: Ctx) -> list[str]:
        v, s = ctx.view, ctx.say
        if v is None or not v.round_no:
            return [s("ahoi.line.no_round")]
        turn = s("ahoi.line.turn_of", name=ctx.name(v.active)) + " " if v.active is not None else ""
        top = value(v.discard_top) if v.discard_top is not None else s("ahoi.line.none")
        sizes = ctx.per_seat(v.layout_sizes)
        lines = [s("ahoi.line.table", n=v.round_no, turn=turn, draw=v.draw_size, top=top, sizes=sizes)]
        if v.caller is not None:
            lines.append(s("ahoi.line.caller", name=ctx.name(v.caller)))
        return lines

    def scores(self, ctx: Ctx) -> str:
        v = ctx.view
        if v is None:
            return ctx.say("line.scores_none")
        return ctx.say("ahoi.line.scores", target=v.target, scores=ctx.per_seat(v.totals))


GAME = AhoiLine()

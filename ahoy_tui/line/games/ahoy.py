"""AHOY!! V2's words for line mode: ``draw``, ``offer 6h for 5d``, ``accept``, ``decline``, ``step in``,
``pass``, ``partner bo``, ``exchange 9c``, ``hands up cy``, ``lay 2c 5d 9h``, ``pick 2``, ``discard 2c``,
``ahoy`` (R5-R13).

Cards are typed as their record names, any case, with letters or suit symbols (``6h``, ``10♥``,
``qs``, ``jk``). Sentences reuse the table log's (``ui.games.ahoy.narrate``) where they fit; the
events and view are only what the lobby sent this seat (R18).
"""

from __future__ import annotations

import re
from typing import Any, Sequence

from ahoy_tui.games.ahoy import cards as C
from ahoy_tui.games.ahoy.actions import (Ahoy, ChoosePartner, Discard, Draw, Exchange, HandsUp, LayDown, Offer, Pass,
                                         Pick, Respond, StepIn)
from ahoy_tui.games.ahoy.state import Phase
from ahoy_tui.line.games import Ctx, LineGame, Refusal
from ahoy_tui.ui.games.ahoy.cards import card_label
from ahoy_tui.ui.games.ahoy.narrate import Narrator

VERBS: tuple[str, ...] = ("draw", "offer", "accept", "decline", "step", "pass", "partner", "exchange", "hands",
                          "lay", "pick", "discard", "ahoy")
"""Every AHOY!! V2 command word (``step in``, ``hands up``: the second word may be left out)."""

_KIND_VERBS = {"draw": ("draw",), "offer": ("offer",), "respond": ("accept", "decline"), "step_in": ("step",),
               "pass": ("pass",), "choose_partner": ("partner",), "exchange": ("exchange",),
               "hands_up": ("hands",), "lay_down": ("lay",), "pick": ("pick",), "discard": ("discard",),
               "ahoy": ("ahoy",)}

_RANK_WORDS = {
    "en": ("2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen", "king", "ace"),
    "es": ("2", "3", "4", "5", "6", "7", "8", "9", "10", "jota", "reina", "rey", "as"),
    "de": ("2", "3", "4", "5", "6", "7", "8", "9", "10", "Bube", "Dame", "König", "Ass"),
}
_SUIT_WORDS = {
    "en": ("spades", "hearts", "diamonds", "clubs"),
    "es": ("picas", "corazones", "diamantes", "tréboles"),
    "de": ("Pik", "Herz", "Karo", "Kreuz"),
}
_JOKER_WORD = {"en": "the joker", "es": "el comodín", "de": "der Joker"}

TEXTS: dict[str, dict[str, str]] = {
    "en": {
        "ahoy.line.turn": "Your turn: draw.",
        "ahoy.line.action": "Your move: offer a card to {next} (offer GIVE for WANT){joker}.",
        "ahoy.line.joker": ", or hands up NAME with your joker",
        "ahoy.line.respond": "{name} offers you {give} for your {want}; accept or decline.",
        "ahoy.line.step_in": "{name} offers {give} for {want} and {addressed} declined; step in or pass.",
        "ahoy.line.partner": "Choose your partner: partner NAME, one of {names}.",
        "ahoy.line.exchange": "Choose the card you give {name}: exchange CARD.",
        "ahoy.line.lay_down": "HANDS UP! from {name}: lay down {k} cards: lay CARD CARD CARD.",
        "ahoy.line.pick": "Pick one of {name}'s {k} face-down cards: pick 1 to {k}.",
        "ahoy.line.discard": "Discard a card: discard CARD.",
        "ahoy.line.ahoy_now": "You hold a treasure: type ahoy to call AHOY!",
        "ahoy.line.offered": "{name} offers {to} {give} for {want}.",
        "ahoy.line.offered_you": "{name} offers you {give} for your {want}.",
        "ahoy.line.hand": "Your hand, {n} cards: {cards}.",
        "ahoy.line.hand_none": "You hold no cards.",
        "ahoy.line.locked": "You locked {card} for the exchange.",
        "ahoy.line.table": "Hand {hand}. {turn} Draw pile {draw}, discard top {top}.",
        "ahoy.line.turn_of": "{name}'s turn.",
        "ahoy.line.sizes": "Cards held: {sizes}.",
        "ahoy.line.no_hand": "No hand is being played now.",
        "ahoy.line.top_none": "none",
        "ahoy.line.usage": "Type: {words}.",
        "ahoy.line.bad_card": "{word!r} is not a card; type cards like 6h, 10s, qd or jk.",
        "ahoy.line.not_in_hand": "You do not hold {card}.",
        "ahoy.line.offer_usage": "Type offer GIVE for WANT, for example offer 6h for 5d.",
        "ahoy.line.offer_next": "An offer goes to the next player, {name} (R8).",
        "ahoy.line.not_legal": "That is not a legal {what} now.",
        "ahoy.line.lay_count": "Lay down exactly {k} cards of your hand.",
        "ahoy.line.pick_usage": "Type pick and a number from 1 to {k}.",
        "ahoy.line.who_usage": "Name the player: {names}.",
        "ahoy.line.ahoy_usage": "You can call AHOY! with: {options}.",
        "ahoy.line.scores": "Scores to {limit}: {scores}.",
        "ahoy.line.held": "{name} held {cards}.",
        "ahoy.line.deals_none": "No hand is over yet, or the table does not show deals.",
        "ahoy.line.deals_of": "The deals of hand {hand}:",
        "ahoy.line.deal_hands_up": "{name}: HANDS UP! at {target}, took {card}.",
        "ahoy.line.deal_offer": "{name} offered {to} {give} for {want}",
        "ahoy.line.deal_accepted": "accepted",
        "ahoy.line.deal_stepped": "declined, stepped in: {names}",
        "ahoy.line.deal_nobody": "declined, nobody stepped in",
        "ahoy.line.deal_none": "no deal",
        "ahoy.line.deal_gave": "{name} gave {card}, {truth}",
        "ahoy.line.lie": "a lie",
        "ahoy.line.true": "true",
        "ahoy.line.deals_hint": "Type deals to hear who lied in this hand's deals.",
        "ahoy.line.hand_won": "Hand {hand} scores: {scores}.",
    },
    "es": {
        "ahoy.line.turn": "Te toca: draw (robar).",
        "ahoy.line.action": "Tu jugada: ofrece una carta a {next} (offer DOY for QUIERO){joker}.",
        "ahoy.line.joker": ", o hands up NOMBRE con tu comodín",
        "ahoy.line.respond": "{name} te ofrece {give} por tu {want}; accept o decline.",
        "ahoy.line.step_in": "{name} ofrece {give} por {want} y {addressed} rechazó; step in o pass.",
        "ahoy.line.partner": "Elige compañero: partner NOMBRE, entre {names}.",
        "ahoy.line.exchange": "Elige la carta que das a {name}: exchange CARTA.",
        "ahoy.line.lay_down": "¡MANOS ARRIBA! de {name}: baja {k} cartas: lay CARTA CARTA CARTA.",
        "ahoy.line.pick": "Elige una de las {k} cartas boca abajo de {name}: pick 1 a {k}.",
        "ahoy.line.discard": "Descarta una carta: discard CARTA.",
        "ahoy.line.ahoy_now": "Tienes un tesoro: escribe ahoy para cantar ¡AHOY!",
        "ahoy.line.offered": "{name} ofrece a {to} {give} por {want}.",
        "ahoy.line.offered_you": "{name} te ofrece {give} por tu {want}.",
        "ahoy.line.hand": "Tu mano, {n} cartas: {cards}.",
        "ahoy.line.hand_none": "No tienes cartas.",
        "ahoy.line.locked": "Fijaste {card} para el intercambio.",
        "ahoy.line.table": "Mano {hand}. {turn} Pozo {draw}, descarte arriba {top}.",
        "ahoy.line.turn_of": "Turno de {name}.",
        "ahoy.line.sizes": "Cartas en mano: {sizes}.",
        "ahoy.line.no_hand": "Ahora no se juega ninguna mano.",
        "ahoy.line.top_none": "ninguna",
        "ahoy.line.usage": "Escribe: {words}.",
        "ahoy.line.bad_card": "{word!r} no es una carta; escribe cartas como 6h, 10s, qd o jk.",
        "ahoy.line.not_in_hand": "No tienes {card}.",
        "ahoy.line.offer_usage": "Escribe offer DOY for QUIERO, por ejemplo offer 6h for 5d.",
        "ahoy.line.offer_next": "Una oferta va al siguiente jugador, {name} (R8).",
        "ahoy.line.not_legal": "Ahora eso no es un {what} válido.",
        "ahoy.line.lay_count": "Baja exactamente {k} cartas de tu mano.",
        "ahoy.line.pick_usage": "Escribe pick y un número de 1 a {k}.",
        "ahoy.line.who_usage": "Nombra al jugador: {names}.",
        "ahoy.line.ahoy_usage": "Puedes cantar ¡AHOY! con: {options}.",
        "ahoy.line.scores": "Puntos hasta {limit}: {scores}.",
        "ahoy.line.held": "{name} tenía {cards}.",
        "ahoy.line.deals_none": "Aún no terminó ninguna mano, o la mesa no muestra los tratos.",
        "ahoy.line.deals_of": "Los tratos de la mano {hand}:",
        "ahoy.line.deal_hands_up": "{name}: ¡MANOS ARRIBA! a {target}, se llevó {card}.",
        "ahoy.line.deal_offer": "{name} ofreció a {to} {give} por {want}",
        "ahoy.line.deal_accepted": "aceptado",
        "ahoy.line.deal_stepped": "rechazado, intervino: {names}",
        "ahoy.line.deal_nobody": "rechazado, nadie intervino",
        "ahoy.line.deal_none": "sin trato",
        "ahoy.line.deal_gave": "{name} dio {card}, {truth}",
        "ahoy.line.lie": "mentira",
        "ahoy.line.true": "verdad",
        "ahoy.line.deals_hint": "Escribe deals para oír quién mintió en los tratos de esta mano.",
        "ahoy.line.hand_won": "Puntos de la mano {hand}: {scores}.",
    },
    "de": {
        "ahoy.line.turn": "Du bist dran: draw (ziehen).",
        "ahoy.line.action": "Dein Zug: biete {next} eine Karte an (offer GEBE for WILL){joker}.",
        "ahoy.line.joker": ", oder hands up NAME mit deinem Joker",
        "ahoy.line.respond": "{name} bietet dir {give} für deine {want}; accept oder decline.",
        "ahoy.line.step_in": "{name} bietet {give} für {want} und {addressed} lehnte ab; step in oder pass.",
        "ahoy.line.partner": "Wähle den Partner: partner NAME, einer von {names}.",
        "ahoy.line.exchange": "Wähle die Karte, die du {name} gibst: exchange KARTE.",
        "ahoy.line.lay_down": "HÄNDE HOCH! von {name}: lege {k} Karten verdeckt: lay KARTE KARTE KARTE.",
        "ahoy.line.pick": "Wähle eine von {name}s {k} verdeckten Karten: pick 1 bis {k}.",
        "ahoy.line.discard": "Wirf eine Karte ab: discard KARTE.",
        "ahoy.line.ahoy_now": "Du hast einen Schatz: tippe ahoy für AHOY!",
        "ahoy.line.offered": "{name} bietet {to} {give} für {want}.",
        "ahoy.line.offered_you": "{name} bietet dir {give} für deine {want}.",
        "ahoy.line.hand": "Deine Hand, {n} Karten: {cards}.",
        "ahoy.line.hand_none": "Du hast keine Karten.",
        "ahoy.line.locked": "Du hast {card} für den Tausch festgelegt.",
        "ahoy.line.table": "Hand {hand}. {turn} Stapel {draw}, oben auf der Ablage {top}.",
        "ahoy.line.turn_of": "{name} ist dran.",
        "ahoy.line.sizes": "Karten in der Hand: {sizes}.",
        "ahoy.line.no_hand": "Gerade wird keine Hand gespielt.",
        "ahoy.line.top_none": "nichts",
        "ahoy.line.usage": "Tippe: {words}.",
        "ahoy.line.bad_card": "{word!r} ist keine Karte; tippe Karten wie 6h, 10s, qd oder jk.",
        "ahoy.line.not_in_hand": "Du hast {card} nicht.",
        "ahoy.line.offer_usage": "Tippe offer GEBE for WILL, zum Beispiel offer 6h for 5d.",
        "ahoy.line.offer_next": "Ein Angebot geht an den nächsten Spieler, {name} (R8).",
        "ahoy.line.not_legal": "Das ist jetzt kein gültiges {what}.",
        "ahoy.line.lay_count": "Lege genau {k} Karten deiner Hand.",
        "ahoy.line.pick_usage": "Tippe pick und eine Zahl von 1 bis {k}.",
        "ahoy.line.who_usage": "Nenne den Spieler: {names}.",
        "ahoy.line.ahoy_usage": "Du kannst AHOY! rufen mit: {options}.",
        "ahoy.line.scores": "Punkte bis {limit}: {scores}.",
        "ahoy.line.held": "{name} hatte {cards}.",
        "ahoy.line.deals_none": "Noch ist keine Hand vorbei, oder der Tisch zeigt keine Tauschgeschäfte.",
        "ahoy.line.deals_of": "Die Tauschgeschäfte von Hand {hand}:",
        "ahoy.line.deal_hands_up": "{name}: HÄNDE HOCH! gegen {target}, nahm {card}.",
        "ahoy.line.deal_offer": "{name} bot {to} {give} für {want}",
        "ahoy.line.deal_accepted": "angenommen",
        "ahoy.line.deal_stepped": "abgelehnt, eingesprungen: {names}",
        "ahoy.line.deal_nobody": "abgelehnt, niemand sprang ein",
        "ahoy.line.deal_none": "kein Tausch",
        "ahoy.line.deal_gave": "{name} gab {card}, {truth}",
        "ahoy.line.lie": "gelogen",
        "ahoy.line.true": "wahr",
        "ahoy.line.deals_hint": "Tippe deals, um zu hören, wer in dieser Hand gelogen hat.",
        "ahoy.line.hand_won": "Punkte der Hand {hand}: {scores}.",
    },
}

_LABEL = re.compile(r"(?<![0-9A-Za-z])(10|[2-9JQKA])([♠♥♦♣])|(?<![0-9A-Za-z])JK(?![0-9A-Za-z])")


def card_words(ident: int, lang: str) -> str:
    """A card as words: ``6 of hearts``, ``6 de corazones``, ``Herz 6``, ``the joker``."""
    if ident == C.JOKER:
        return _JOKER_WORD.get(lang, _JOKER_WORD["en"])
    rank = _RANK_WORDS.get(lang, _RANK_WORDS["en"])[C.rank_of(ident)]
    suit = _SUIT_WORDS.get(lang, _SUIT_WORDS["en"])[C.suit_of(ident)]
    if lang == "de":
        return f"{suit} {rank}"
    return f"{rank} {'de' if lang == 'es' else 'of'} {suit}"


def card(ident: object, ctx: Ctx) -> str:
    """One card as the viewer asked: ``6♥`` or ``6 of hearts``."""
    if not isinstance(ident, int):
        return "?"
    return card_words(ident, ctx.lang) if ctx.words else card_label(ident)


def worded(sentence: str, ctx: Ctx) -> str:
    """``sentence`` with every card label (``6♥``, ``JK``) as words when the viewer asked for them."""
    if not ctx.words:
        return sentence

    def one(m: re.Match) -> str:
        if m.group(0) == "JK":
            return card_words(C.JOKER, ctx.lang)
        return card_words(C.parse(m.group(0)), ctx.lang)

    return _LABEL.sub(one, sentence)


def parse_card(word: str) -> int | None:
    """The identity a typed card names (``6h``, ``10♥``, ``QS``, ``jk``, ``joker``), or None."""
    w = word.strip().rstrip(",.;")
    if w.casefold() in ("jk", "joker", "j0"):
        return C.JOKER
    if w[:1] in ("t", "T") and len(w) == 2:
        w = "10" + w[1:]
    try:
        return C.parse(w if not w.isascii() else w.upper())
    except Exception:
        return None


class AhoyLine(LineGame):
    """AHOY!! V2's :class:`~ahoy_tui.line.games.LineGame`."""

    name = "ahoy"
    verbs = VERBS
    texts = TEXTS
    tells = ("deals",)

    def tell(self, word: str, args: list[str], ctx: Ctx, seen: Sequence[Any]) -> list[str]:
        """``deals``: the last finished hand's deals as the reveal showed the table (house rule ``reveal``,
        beside R18: public once the hand is over), one sentence each."""
        reveal = next((e for e in reversed(seen) if e.kind == "reveal"), None)
        if reveal is None:
            return [ctx.say("ahoy.line.deals_none")]
        s = ctx.say
        out = [s("ahoy.line.deals_of", hand=reveal.data.get("hand"))]
        for d in reveal.data.get("deals") or ():
            name = ctx.name(d.get("seat"))
            if d.get("kind") == "hands_up":
                took = card(d.get("card"), ctx) if d.get("card") is not None else "-"
                out.append(s("ahoy.line.deal_hands_up", name=name, target=ctx.name(d.get("target")), card=took))
                continue
            parts = [s("ahoy.line.deal_offer", name=name, to=ctx.name(d.get("to")), give=card(d.get("give"), ctx),
                       want=card(d.get("want"), ctx))]
            if d.get("accepted"):
                parts.append(s("ahoy.line.deal_accepted"))
            elif d.get("accepted") is False:
                steppers = d.get("steppers") or []
                parts.append(s("ahoy.line.deal_stepped", names=", ".join(ctx.name(x) for x in steppers))
                             if steppers else s("ahoy.line.deal_nobody"))
            if d.get("gave") is None:
                parts.append(s("ahoy.line.deal_none"))
            out.append("; ".join(parts) + ".")
            if d.get("gave") is not None:  # who gave what: a sentence of its own (short lines)
                out.append("; ".join(
                    s("ahoy.line.deal_gave", name=ctx.name(seat), card=card(given, ctx),
                      truth=s("ahoy.line.lie" if lied else "ahoy.line.true"))
                    for seat, given, lied in ((d.get("seat"), d.get("gave"), d.get("offerer_lied")),
                                              (d.get("partner"), d.get("got"), d.get("partner_lied")))) + ".")
        return out

    def legal_verbs(self, legal: Sequence[Any]) -> list[str]:
        out: list[str] = []
        for a in legal:
            for v in _KIND_VERBS.get(a.KIND, ()):
                if v == "accept" and a != Respond(True):
                    continue
                if v == "decline" and a != Respond(False):
                    continue
                if v not in out:
                    out.append(v)
        return out

    # -- prompts --------------------------------------------------------------------------
    def prompt(self, ctx: Ctx) -> str | None:
        v, legal = ctx.view, ctx.legal
        if v is None or not legal or ctx.me is None:
            return None
        s = ctx.say
        kinds = {a.KIND for a in legal}
        me = ctx.me
        parts: list[str] = []
        if "draw" in kinds:
            parts.append(s("ahoy.line.turn"))
        elif "offer" in kinds:
            joker = s("ahoy.line.joker") if "hands_up" in kinds else ""
            parts.append(s("ahoy.line.action", next=ctx.name((me + 1) % v.players), joker=joker))
        elif "respond" in kinds and v.offer is not None:
            off, _, want, give = v.offer
            parts.append(s("ahoy.line.respond", name=ctx.name(off), want=card(want, ctx), give=card(give, ctx)))
        elif ("step_in" in kinds or "pass" in kinds) and v.offer is not None:
            off, addressed, want, give = v.offer
            parts.append(s("ahoy.line.step_in", name=ctx.name(off), addressed=ctx.name(addressed),
                           want=card(want, ctx), give=card(give, ctx)))
        elif "choose_partner" in kinds:
            names = [ctx.name(a.partner) for a in legal if isinstance(a, ChoosePartner)]
            parts.append(s("ahoy.line.partner", names=", ".join(names)))
        elif "exchange" in kinds:
            other = v.partner if me == v.active else v.active
            parts.append(s("ahoy.line.exchange", name=ctx.name(other)))
        elif "lay_down" in kinds:
            parts.append(s("ahoy.line.lay_down", name=ctx.name(v.active), k=min(3, len(v.hand))))
        elif "pick" in kinds:
            k = sum(1 for a in legal if isinstance(a, Pick))
            target = v.hands_up[1] if v.hands_up else None
            parts.append(s("ahoy.line.pick", name=ctx.name(target), k=k))
        elif "discard" in kinds:
            parts.append(s("ahoy.line.discard"))
        if "ahoy" in kinds:
            parts.append(s("ahoy.line.ahoy_now"))
        return "\n".join(parts) or None

    def usage(self, ctx: Ctx) -> str:
        words = []
        for verb in self.legal_verbs(ctx.legal):
            words.append({"offer": "offer GIVE for WANT", "step": "step in", "partner": "partner NAME",
                          "exchange": "exchange CARD", "hands": "hands up NAME", "lay": "lay CARD CARD CARD",
                          "pick": "pick N", "discard": "discard CARD"}.get(verb, verb))
        return ctx.say("ahoy.line.usage", words=", ".join(words)) if words else ctx.say("line.legal_none")

    # -- parsing --------------------------------------------------------------------------
    def parse(self, verb: str, args: list[str], ctx: Ctx) -> Any:
        legal = ctx.legal
        v = ctx.view
        s = ctx.say
        cards, bad = [], None
        if verb in ("draw",):
            return Draw()
        if verb == "accept":
            return Respond(True)
        if verb == "decline":
            return Respond(False)
        if verb == "step":
            return StepIn()
        if verb == "pass":
            return Pass()
        if verb in ("partner", "hands"):
            words = [a for a in args if a.casefold() not in ("up", "with", "at", "to")]
            options = [a for a in legal if isinstance(a, ChoosePartner if verb == "partner" else HandsUp)]
            seats = [a.partner if verb == "partner" else a.target for a in options]
            names = ", ".join(ctx.name(x) for x in seats)
            if len(options) == 1 and not words:
                return options[0]
            if not words:
                return Refusal(s("ahoy.line.who_usage", names=names))
            seat = ctx.seat_named(" ".join(words))  # a name may hold spaces ("Ned Low")
            for a, x in zip(options, seats):
                if x == seat:
                    return a
            return Refusal(s("ahoy.line.who_usage", names=names))
        if verb == "pick":
            k = sum(1 for a in legal if isinstance(a, Pick))
            if len(args) == 1 and args[0].isdigit() and Pick(int(args[0]) - 1) in legal:
                return Pick(int(args[0]) - 1)
            return Refusal(s("ahoy.line.pick_usage", k=k))
        for w in args:
            if w.casefold() in ("for", "to", "and", "give", "want", "with", "in", "up"):
                continue
            c = parse_card(w)
            if c is None:
                bad = w
                break
            cards.append(c)
        if verb == "offer":
            words = [a.casefold() for a in args]
            if bad is not None and "to" not in words:
                return Refusal(s("ahoy.line.bad_card", word=bad[:20]) + " " + s("ahoy.line.offer_usage"))
            if "to" in words:  # "to NAME" names the next player (R8): the only one an offer can go to
                cards = [c for c in (parse_card(w) for w in args[:words.index("to")]) if c is not None]
                to = ctx.seat_named(" ".join(args[words.index("to") + 1:]))
                nxt = ((ctx.me or 0) + 1) % v.players if v is not None else None
                if to != nxt:
                    return Refusal(s("ahoy.line.offer_next", name=ctx.name(nxt)) + " " + s("ahoy.line.offer_usage"))
            if len(cards) != 2:
                return Refusal(s("ahoy.line.offer_usage"))
            give, want = cards
            return Offer(want=want, give=give)
        if bad is not None:
            return Refusal(s("ahoy.line.bad_card", word=bad[:20]))
        hand = v.hand if v is not None else ()
        for c in cards:
            if verb != "ahoy" and c not in hand:
                return Refusal(s("ahoy.line.not_in_hand", card=card(c, ctx)))
        if verb in ("exchange", "discard"):
            if len(cards) != 1:
                return Refusal(self.usage(ctx))
            return Exchange(cards[0]) if verb == "exchange" else Discard(cards[0])
        if verb == "lay":
            k = min(3, len(hand))
            if len(cards) != k:
                return Refusal(s("ahoy.line.lay_count", k=k))
            for a in legal:
                if isinstance(a, LayDown) and sorted(a.cards) == sorted(cards):
                    return a
            return Refusal(s("ahoy.line.lay_count", k=k))
        if verb == "ahoy":
            options = [a for a in legal if isinstance(a, Ahoy)]
            if len(options) == 1 and not cards:
                return options[0]
            for a in options:
                if sorted(a.cards) == sorted(cards):
                    return a
            shown = "; ".join(" ".join(card(c, ctx) for c in a.cards) for a in options)
            return Refusal(s("ahoy.line.ahoy_usage", options=shown))
        return Refusal(self.usage(ctx))

    # -- narration ------------------------------------------------------------------------
    def narrate(self, event: Any, ctx: Ctx) -> str | None:
        k, d = event.kind, event.data
        if k == "turn" and d.get("seat") == ctx.me:
            return None  # the prompt says it
        if k == "offered":
            to = d.get("to")
            if to == ctx.me:
                return None  # the prompt says it ("... accept or decline")
            return ctx.say("ahoy.line.offered", name=ctx.name(d.get("seat")), to=ctx.name(to),
                           give=card(d.get("give"), ctx), want=card(d.get("want"), ctx))
        if k == "reveal":
            return ctx.say("ahoy.line.deals_hint") if event.data.get("deals") else None
        if k == "offer_open" and ctx.me is not None and ctx.update.legal:
            return None  # the prompt says it (step in or pass)
        if k == "hand_over":
            base = Narrator(ctx.names, ctx.me, ctx.lang, False).sentence(event)
            scores = d.get("scores")
            if isinstance(scores, (list, tuple)):
                base = f"{base}\n" + ctx.say("ahoy.line.hand_won", hand=d.get("hand"),
                                            scores=ctx.per_seat(scores))
            v = ctx.view
            if v is not None and v.revealed is not None:  # R14: every hand face up at the end
                for i, held in enumerate(v.revealed):
                    base += "\n" + ctx.say("ahoy.line.held", name=ctx.name(i),
                                            cards=" ".join(card_label(c % C.IDENTITIES)
                                                           for c in sorted(c % C.IDENTITIES for c in held)) or "-")
            return worded(base, ctx)
        if k == "game_over" and ctx.view is not None:  # the winner, then every final total (R15)
            sentence = Narrator(ctx.names, ctx.me, ctx.lang, False).sentence(event)
            return worded("\n".join(filter(None, (sentence, self.scores(ctx)))), ctx)
        if k == "dealt" and isinstance(d.get("cards"), (list, tuple)):  # in the hand's order (by rank, then suit)
            return worded(ctx.say("ev.dealt", cards=" ".join(card_label(c % C.IDENTITIES) for c in
                                                             sorted(c % C.IDENTITIES for c in d["cards"]))), ctx)
        sentence = Narrator(ctx.names, ctx.me, ctx.lang, False).sentence(event)
        return None if sentence is None else worded(sentence, ctx)

    # -- reading the table ----------------------------------------------------------------
    def hand(self, ctx: Ctx) -> str:
        v = ctx.view
        if v is None or ctx.me is None or not v.hand:
            return ctx.say("ahoy.line.hand_none")
        text = ctx.say("ahoy.line.hand", n=len(v.hand), cards=", ".join(card(c, ctx) for c in v.hand))
        if v.locked is not None:
            text += " " + ctx.say("ahoy.line.locked", card=card(v.locked, ctx))
        return text

    def table(self, ctx: Ctx) -> list[str]:
        v = ctx.view
        if v is None or v.phase is Phase.NO_HAND and not v.hand_no:
            return [ctx.say("ahoy.line.no_hand")]
        top = card(v.discard[-1], ctx) if v.discard else ctx.say("ahoy.line.top_none")
        turn = ctx.say("ahoy.line.turn_of", name=ctx.name(v.active)) if v.phase is not Phase.NO_HAND else ""
        lines = [ctx.say("ahoy.line.table", hand=v.hand_no, turn=turn, draw=v.draw_size, top=top).replace("  ", " "),
                 ctx.say("ahoy.line.sizes", sizes=ctx.per_seat(v.hand_sizes))]
        if v.offer is not None:
            off, to, want, give = v.offer
            lines.append(ctx.say("ahoy.line.offered", name=ctx.name(off), to=ctx.name(to), give=card(give, ctx),
                                 want=card(want, ctx)))
        return lines

    def scores(self, ctx: Ctx) -> str:
        v = ctx.view
        if v is None:
            return ctx.say("line.scores_none")
        return ctx.say("ahoy.line.scores", limit=v.limit, scores=ctx.per_seat(v.totals))


GAME = AhoyLine()

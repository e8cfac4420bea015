"""Ahoi's own texts (AHOI-RULES.md) in English, Spanish and German (its ``GameUI.texts``).

Merged into :mod:`ahoy_tui.ui.i18n`. The printed words stay German in every
language: Lupe, Fernrohr, Tauschen, „Ahoi“. A card's value is never in a
template: templates get it already drawn as a card face
(``ui.games.ahoi.cards.face``), so every value a screen shows looks the same.
"""

from __future__ import annotations

import re
import textwrap

WIDTH = 78
"""Columns of the rules and keys texts (``ssh host rules ahoi`` prints them as they are)."""
_ITEM = re.compile(r"^(\s*(?:- |\d\. |\S.*?\s{2,})?)")
_STARTS = re.compile(r"^\s*(?:- |\d\. )|^\s+\S.*?\s{2,}\S")
"""A line that starts an item: a ``- `` or ``1. `` point, or a key line (a label, two spaces, its text)."""


def rewrap(text: str, width: int = WIDTH) -> str:
    """``text`` with each item (a line and the more indented lines under it) wrapped to ``width``
    columns, its continuation lines aligned under the item's text (after ``- ``, ``1. `` or a key column)."""
    items: list[tuple[str, str]] = []
    for line in text.splitlines():
        indent = len(line) - len(line.lstrip())
        starts = bool(_STARTS.match(line)) or indent == 0
        if items and line.strip() and not starts and indent > len(items[-1][0]) - len(items[-1][0].lstrip()):
            items[-1] = (items[-1][0], items[-1][1] + " " + line.strip())
        else:
            prefix = _ITEM.match(line).group(1) if line.strip() else ""
            items.append((prefix, line[len(prefix):].strip()))
    while items and items[-1] == ("", ""):
        items.pop()
    out = [textwrap.fill(body, width, initial_indent=prefix, subsequent_indent=" " * len(prefix),
                         break_on_hyphens=False) if body else prefix.rstrip() for prefix, body in items]
    return "\n".join(out) + "\n"

EN_AHOI: dict[str, str] = {
    "ahoi.call.title": "Call „Ahoi“?", "ahoi.call.question": "Everyone else gets one more turn.",
    "ahoi.call.yes": "Call", "ahoi.call.no": "Not yet",
    # its option, lobby listing and status words
    "option.ahoi.memory_aid": "Memory aid (remember cards you saw)",
    "lobby.game.ahoi": "Ahoi", "status.ahoi.between_hands": "between rounds",
    # the table
    "ahoi.title": "Round {n} · to {target}",
    "ahoi.draw_pile": "Draw pile", "ahoi.discard_pile": "Discard", "ahoi.drawn": "Drawn", "ahoi.taken": "Taken",
    "ahoi.your_layout": "Your layout", "ahoi.layouts": "Layouts",
    "ahoi.turn": "{name}'s turn", "ahoi.your_turn": "Your turn",
    "ahoi.called": "{name} called „Ahoi“", "ahoi.caller_tag": "„Ahoi“",
    "ahoi.first_look_wait": "Everyone looks at two of their cards",
    "ahoi.memory": "memory aid",
    "ahoi.p.first_look": "Look at two of your cards: press two of 1–{k}",
    "ahoi.p.first_look_one": "Position {pos} chosen: press a second one (Esc: undo)",
    "ahoi.p.turn": "Your turn: {choices}", "ahoi.p.draw": "d draw", "ahoi.p.take": "k take the discard",
    "ahoi.p.call": "a call „Ahoi“",
    "ahoi.p.drawn": "You drew {card}: 1–{k} place it, Space marks equal cards + Enter, x discard",
    "ahoi.p.drawn_action": "{action}: u use it, 1–{k} place it, x discard",
    "ahoi.p.taken": "Place {card}: 1–{k}, or Space marks equal cards + Enter",
    "ahoi.p.marked": "Marked {positions}: Enter places over them, Space cancels",
    "ahoi.p.lupe": "Lupe: look at which of your cards? 1–{k}",
    "ahoi.p.fernrohr": "Fernrohr: ↑↓ a player ({name}), then 1–{k}",
    "ahoi.p.tauschen_own": "Tauschen: which of your cards? 1–{k}",
    "ahoi.p.tauschen_other": "Tauschen your {pos} with: ↑↓ a player ({name}), then 1–{k}",
    "ahoi.p.wait": "Waiting for {names}",
    "ahoi.p.between": "Round over: the next one starts soon",
    "ahoi.p.over": "Game over: r rematch, q leave",
    # the log: positions only, never a value (AH15)
    "ahoi.log.round": "Round {n}: {name} deals",
    "ahoi.log.looked": "{name} looked at two cards",
    "ahoi.log.drew": "{name} drew a card",
    "ahoi.log.took": "{name} took the top discard",
    "ahoi.log.placed": "{name} placed a card at {pos}",
    "ahoi.log.matched": "{name} placed over {positions}: all equal",
    "ahoi.log.mismatch": "{name} named {positions}: not equal",
    "ahoi.log.discarded": "{name} discarded the drawn card",
    "ahoi.log.lupe": "{name} used Lupe on their {pos}",
    "ahoi.log.fernrohr": "{name} used Fernrohr on {other}'s {pos}",
    "ahoi.log.tauschen": "{name} used Tauschen: their {pos} with {other}'s {opos}",
    "ahoi.log.called": "{name} called „Ahoi“",
    "ahoi.log.round_over": "Round {n} over",
    "ahoi.log.game_over": "Game over",
    # reveal and game over
    "ahoi.reveal.title": "Round {n}: the layouts", "ahoi.reveal.title_sums": "Round {n}: sums and totals",
    "ahoi.reveal.sum": "Sum",
    "ahoi.reveal.penalty": "Penalty", "ahoi.reveal.round": "Round", "ahoi.reveal.total": "Total",
    "ahoi.reveal.caller": "„Ahoi“ called by {name}", "ahoi.reveal.no_caller": "Nobody called „Ahoi“",
    "ahoi.over.title": "Game over", "ahoi.over.won": "{names} won",
    "key.take": "Take discard", "key.use": "Use", "key.call": "„Ahoi“", "key.throw": "Discard", "key.reveal": "Last round",
    "ahoi.refused": "That is not a move now.",
    "ahoi.help.title": "Ahoi: rules and keys",
    "ahoi.help.summary": ("• Ahoi — keep the sum of your face-down layout low: look with Lupe and Fernrohr, swap"
                          " with Tauschen, and call „Ahoi“ when you think yours is the lowest."),
    "ahoi.help.keys": (
        "Keys\n"
        "  first look     two position keys 1-4 (Esc undoes the first)\n"
        "  your turn      d draw, k take the discard, a call „Ahoi“\n"
        "  card in hand   1-4 place it there; Space, positions, Enter: place over equal cards;\n"
        "                 x discard a drawn card; u use a drawn Lupe, Fernrohr or Tauschen\n"
        "  targets        up/down a player, then a position\n"
        "  any time       c chat, h last round, z autopilot, N turn alerts (off/bell/bell+title), q leave,\n"
        "                 F1 this help\n"
    ),
    # ssh host rules ahoi
    "plain.rules_ahoi": (
        "Ahoi in short (AHOI-RULES.md)\n"
        "- 2-6 players, 52 cards worth 0-13. Each has a layout of 4 face-down cards,\n"
        "  positions 1-4. Before the first turn you look at two of your own cards.\n"
        "- Your turn, one of:\n"
        "  1. take the top discard and place it into your layout;\n"
        "  2. draw a card (only you see it), then discard it, place it, or use its\n"
        "     action and discard it: 7/8 Lupe (look at one of your cards),\n"
        "     9/10 Fernrohr (look at another player's card), 11/12 Tauschen (swap\n"
        "     one of yours with another player's, unseen; not with the caller's);\n"
        "  3. call „Ahoi“: everyone else has one more turn, then the round ends.\n"
        "- Placing: the new card takes one position, the old one is discarded. Or name\n"
        "  several positions you think are equal: the others see them; if they are,\n"
        "  all go and the new card takes their place; if not, the new card is discarded.\n"
        "- Round end (also when the draw pile is empty): lowest sum scores 0, the\n"
        "  others add their sum. A caller without the lowest sum adds 5 more; a caller\n"
        "  tied for lowest wins alone. At 101 points or more the game ends: lowest total wins.\n"
    ),
    # its profile card lines (cm.hands.ahoi; cm.stat.ahoi.KEY: the engine's StatLine in English)
    "cm.hands.ahoi": "rounds {hands}  won {won}  points per round {pph}",
    # its replay viewer (replay.py)
    "replay.title_round": "Replay · {table} · {date} UTC · round {hand} · step {step}/{steps}",
    "replay.jump_round": "Go to: a step 0-{last}, or r and a round 1-{hands} (r2); Enter goes, Esc cancels",
    "replay.start_ahoi": "The game begins: {players}.",
    "replay.round_over": "Round {n} is over: {scores}.",
    "replay.layout": "Your layout",
}

ES_AHOI: dict[str, str] = {
    "ahoi.call.title": "¿Cantar „Ahoi“?", "ahoi.call.question": "Todos los demás juegan un turno más.",
    "ahoi.call.yes": "Cantar", "ahoi.call.no": "Todavía no",
    "option.ahoi.memory_aid": "Ayuda de memoria (recordar las cartas vistas)",
    "lobby.game.ahoi": "Ahoi", "status.ahoi.between_hands": "entre rondas",
    "ahoi.title": "Ronda {n} · hasta {target}",
    "ahoi.draw_pile": "Mazo", "ahoi.discard_pile": "Descarte", "ahoi.drawn": "Robada", "ahoi.taken": "Tomada",
    "ahoi.your_layout": "Tu fila", "ahoi.layouts": "Filas",
    "ahoi.turn": "Turno de {name}", "ahoi.your_turn": "Tu turno",
    "ahoi.called": "{name} cantó „Ahoi“", "ahoi.caller_tag": "„Ahoi“",
    "ahoi.first_look_wait": "Todos miran dos de sus cartas",
    "ahoi.memory": "ayuda de memoria",
    "ahoi.p.first_look": "Mira dos de tus cartas: pulsa dos de 1–{k}",
    "ahoi.p.first_look_one": "Posición {pos} elegida: pulsa otra (Esc: deshacer)",
    "ahoi.p.turn": "Tu turno: {choices}", "ahoi.p.draw": "d robar", "ahoi.p.take": "k tomar el descarte",
    "ahoi.p.call": "a cantar „Ahoi“",
    "ahoi.p.drawn": "Robaste {card}: 1–{k} colocarla, Espacio marca cartas iguales + Enter, x descartar",
    "ahoi.p.drawn_action": "{action}: u usarla, 1–{k} colocarla, x descartar",
    "ahoi.p.taken": "Coloca {card}: 1–{k}, o Espacio marca cartas iguales + Enter",
    "ahoi.p.marked": "Marcadas {positions}: Enter coloca encima, Espacio cancela",
    "ahoi.p.lupe": "Lupe: ¿qué carta tuya miras? 1–{k}",
    "ahoi.p.fernrohr": "Fernrohr: ↑↓ un jugador ({name}), luego 1–{k}",
    "ahoi.p.tauschen_own": "Tauschen: ¿qué carta tuya? 1–{k}",
    "ahoi.p.tauschen_other": "Tauschen tu {pos} con: ↑↓ un jugador ({name}), luego 1–{k}",
    "ahoi.p.wait": "Esperando a {names}",
    "ahoi.p.between": "Ronda terminada: la siguiente empieza enseguida",
    "ahoi.p.over": "Fin de la partida: r revancha, q salir",
    "ahoi.log.round": "Ronda {n}: reparte {name}",
    "ahoi.log.looked": "{name} miró dos cartas",
    "ahoi.log.drew": "{name} robó una carta",
    "ahoi.log.took": "{name} tomó la carta del descarte",
    "ahoi.log.placed": "{name} colocó una carta en {pos}",
    "ahoi.log.matched": "{name} colocó sobre {positions}: todas iguales",
    "ahoi.log.mismatch": "{name} nombró {positions}: no iguales",
    "ahoi.log.discarded": "{name} descartó la carta robada",
    "ahoi.log.lupe": "{name} usó Lupe en su {pos}",
    "ahoi.log.fernrohr": "{name} usó Fernrohr en la {pos} de {other}",
    "ahoi.log.tauschen": "{name} usó Tauschen: su {pos} con la {opos} de {other}",
    "ahoi.log.called": "{name} cantó „Ahoi“",
    "ahoi.log.round_over": "Fin de la ronda {n}",
    "ahoi.log.game_over": "Fin de la partida",
    "ahoi.reveal.title": "Ronda {n}: las filas", "ahoi.reveal.title_sums": "Ronda {n}: sumas y totales",
    "ahoi.reveal.sum": "Suma",
    "ahoi.reveal.penalty": "Castigo", "ahoi.reveal.round": "Ronda", "ahoi.reveal.total": "Total",
    "ahoi.reveal.caller": "„Ahoi“ cantado por {name}", "ahoi.reveal.no_caller": "Nadie cantó „Ahoi“",
    "ahoi.over.title": "Fin de la partida", "ahoi.over.won": "Ganó {names}",
    "key.take": "Tomar descarte", "key.use": "Usar", "key.call": "„Ahoi“", "key.throw": "Descartar", "key.reveal": "Última ronda",
    "ahoi.refused": "Eso no es una jugada ahora.",
    "ahoi.help.title": "Ahoi: reglas y teclas",
    "ahoi.help.summary": ("• Ahoi — mantén baja la suma de tu fila boca abajo: mira con Lupe y Fernrohr,"
                          " cambia con Tauschen y canta „Ahoi“ cuando creas que la tuya es la más baja."),
    "ahoi.help.keys": (
        "Teclas\n"
        "  primera mirada  dos teclas de posición 1-4 (Esc deshace la primera)\n"
        "  tu turno        d robar, k tomar el descarte, a cantar „Ahoi“\n"
        "  carta en mano   1-4 colocarla ahí; Espacio, posiciones, Enter: sobre cartas iguales;\n"
        "                  x descartar la robada; u usar Lupe, Fernrohr o Tauschen\n"
        "  objetivos       arriba/abajo un jugador, luego una posición\n"
        "  siempre         c chat, h última ronda, z piloto automático, N avisos de turno (no/campana/campana+título),\n"
        "                  q salir, F1 esta ayuda\n"
    ),
    "plain.rules_ahoi": (
        "Ahoi en breve (AHOI-RULES.md)\n"
        "- 2-6 jugadores, 52 cartas de valor 0-13. Cada uno tiene una fila de 4 cartas\n"
        "  boca abajo, posiciones 1-4. Antes del primer turno miras dos de las tuyas.\n"
        "- En tu turno, una de estas:\n"
        "  1. tomar la carta de arriba del descarte y colocarla en tu fila;\n"
        "  2. robar una carta (solo tú la ves) y descartarla, colocarla o usar su\n"
        "     acción y descartarla: 7/8 Lupe (mirar una carta tuya), 9/10 Fernrohr\n"
        "     (mirar una carta de otro), 11/12 Tauschen (cambiar una tuya por una de\n"
        "     otro sin verlas; nunca con quien cantó);\n"
        "  3. cantar „Ahoi“: los demás juegan un turno más y la ronda termina.\n"
        "- Colocar: la nueva ocupa una posición y la vieja va al descarte. O nombra\n"
        "  varias posiciones que crees iguales: los demás las ven; si lo son, se van\n"
        "  todas y la nueva ocupa su lugar; si no, la nueva va al descarte.\n"
        "- Fin de ronda (también con el mazo vacío): la suma más baja anota 0, los demás\n"
        "  suman la suya. Quien cantó sin tener la más baja suma 5 más; si empata en la\n"
        "  más baja, gana solo. Con 101 puntos o más acaba la partida: gana el total más bajo.\n"
    ),
    # its profile card lines (cm.hands.ahoi; cm.stat.ahoi.KEY: the engine's StatLine in English)
    "cm.hands.ahoi": "rondas {hands}  ganadas {won}  puntos por ronda {pph}",
    "cm.stat.ahoi.calls": ("„Ahoi“ cantados {ahoi_calls}  con la suma más baja {ahoi_lowest}"
                           "  penalizados {penalties}"),
    "cm.stat.ahoi.actions": "Lupe {lupe}  Fernrohr {fernrohr}  Tauschen {tauschen}",
    "cm.stat.ahoi.matches": "cartas quitadas al emparejar {matched}  emparejamientos fallidos {failed_matches}",
    # its replay viewer (replay.py)
    "replay.title_round": "Repaso · {table} · {date} UTC · ronda {hand} · paso {step}/{steps}",
    "replay.jump_round": "Ir a: un paso 0-{last}, o r y una ronda 1-{hands} (r2); Intro va, Esc cancela",
    "replay.start_ahoi": "Empieza la partida: {players}.",
    "replay.round_over": "Termina la ronda {n}: {scores}.",
    "replay.layout": "Tu fila",
}

DE_AHOI: dict[str, str] = {
    "ahoi.call.title": "„Ahoi“ ansagen?", "ahoi.call.question": "Alle anderen sind noch einmal am Zug.",
    "ahoi.call.yes": "Ansagen", "ahoi.call.no": "Noch nicht",
    "option.ahoi.memory_aid": "Gedächtnisstütze (gesehene Karten merken)",
    "lobby.game.ahoi": "Ahoi", "status.ahoi.between_hands": "zwischen Runden",
    "ahoi.title": "Runde {n} · bis {target}",
    "ahoi.draw_pile": "Nachziehstapel", "ahoi.discard_pile": "Ablagestapel", "ahoi.drawn": "Gezogen", "ahoi.taken": "Genommen",
    "ahoi.your_layout": "Deine Auslage", "ahoi.layouts": "Auslagen",
    "ahoi.turn": "{name} ist am Zug", "ahoi.your_turn": "Du bist am Zug",
    "ahoi.called": "{name} hat „Ahoi“ angesagt", "ahoi.caller_tag": "„Ahoi“",
    "ahoi.first_look_wait": "Alle sehen sich zwei eigene Karten an",
    "ahoi.memory": "Gedächtnisstütze",
    "ahoi.p.first_look": "Sieh dir zwei deiner Karten an: zwei Tasten von 1–{k}",
    "ahoi.p.first_look_one": "Position {pos} gewählt: noch eine (Esc: zurück)",
    "ahoi.p.turn": "Du bist dran: {choices}", "ahoi.p.draw": "d ziehen", "ahoi.p.take": "k Ablage nehmen",
    "ahoi.p.call": "a „Ahoi“ ansagen",
    "ahoi.p.drawn": "Gezogen: {card}: 1–{k} anlegen, Leertaste markiert gleiche + Enter, x abwerfen",
    "ahoi.p.drawn_action": "{action}: u ausführen, 1–{k} anlegen, x abwerfen",
    "ahoi.p.taken": "Lege {card} an: 1–{k}, oder Leertaste markiert gleiche + Enter",
    "ahoi.p.marked": "Markiert {positions}: Enter legt darüber, Leertaste bricht ab",
    "ahoi.p.lupe": "Lupe: welche deiner Karten? 1–{k}",
    "ahoi.p.fernrohr": "Fernrohr: ↑↓ ein Mitspieler ({name}), dann 1–{k}",
    "ahoi.p.tauschen_own": "Tauschen: welche deiner Karten? 1–{k}",
    "ahoi.p.tauschen_other": "Tauschen deine {pos} mit: ↑↓ ein Mitspieler ({name}), dann 1–{k}",
    "ahoi.p.wait": "Warten auf {names}",
    "ahoi.p.between": "Runde vorbei: die nächste beginnt gleich",
    "ahoi.p.over": "Spiel vorbei: r Revanche, q verlassen",
    "ahoi.log.round": "Runde {n}: {name} gibt",
    "ahoi.log.looked": "{name} hat zwei Karten angesehen",
    "ahoi.log.drew": "{name} hat gezogen",
    "ahoi.log.took": "{name} nimmt die oberste Karte der Ablage",
    "ahoi.log.placed": "{name} legt eine Karte an {pos} an",
    "ahoi.log.matched": "{name} legt über {positions}: alle gleich",
    "ahoi.log.mismatch": "{name} nennt {positions}: nicht gleich",
    "ahoi.log.discarded": "{name} wirft die gezogene Karte ab",
    "ahoi.log.lupe": "{name} nutzt die Lupe an eigener {pos}",
    "ahoi.log.fernrohr": "{name} nutzt das Fernrohr an {other}s {pos}",
    "ahoi.log.tauschen": "{name} nutzt Tauschen: eigene {pos} mit {other}s {opos}",
    "ahoi.log.called": "{name} sagt „Ahoi“ an",
    "ahoi.log.round_over": "Runde {n} vorbei",
    "ahoi.log.game_over": "Spiel vorbei",
    "ahoi.reveal.title": "Runde {n}: die Auslagen", "ahoi.reveal.title_sums": "Runde {n}: Summen und Punkte",
    "ahoi.reveal.sum": "Summe",
    "ahoi.reveal.penalty": "Strafe", "ahoi.reveal.round": "Runde", "ahoi.reveal.total": "Gesamt",
    "ahoi.reveal.caller": "„Ahoi“ angesagt von {name}", "ahoi.reveal.no_caller": "Niemand hat „Ahoi“ angesagt",
    "ahoi.over.title": "Spiel vorbei", "ahoi.over.won": "{names} gewinnt",
    "key.take": "Ablage nehmen", "key.use": "Ausführen", "key.call": "„Ahoi“", "key.throw": "Abwerfen", "key.reveal": "Letzte Runde",
    "ahoi.refused": "Das ist jetzt kein Zug.",
    "ahoi.help.title": "Ahoi: Regeln und Tasten",
    "ahoi.help.summary": ("• Ahoi — halte die Summe deiner verdeckten Auslage niedrig: schau mit Lupe und Fernrohr,"
                          " tausche mit Tauschen und sag „Ahoi“ an, wenn deine die niedrigste ist."),
    "ahoi.help.keys": (
        "Tasten\n"
        "  erster Blick    zwei Positionstasten 1-4 (Esc nimmt die erste zurück)\n"
        "  dein Zug        d ziehen, k Ablage nehmen, a „Ahoi“ ansagen\n"
        "  Karte in Hand   1-4 dort anlegen; Leertaste, Positionen, Enter: über gleiche Karten;\n"
        "                  x gezogene abwerfen; u Lupe, Fernrohr oder Tauschen ausführen\n"
        "  Ziele           hoch/runter ein Mitspieler, dann eine Position\n"
        "  immer           c Chat, h letzte Runde, z Autopilot, N Zug-Hinweise (aus/Glocke/Glocke+Titel),\n"
        "                  q verlassen, F1 diese Hilfe\n"
    ),
    "plain.rules_ahoi": (
        "Ahoi kurz (AHOI-RULES.md)\n"
        "- 2-6 Spieler, 52 Karten mit Werten 0-13. Jeder hat eine Auslage aus 4 verdeckten\n"
        "  Karten, Positionen 1-4. Vor dem ersten Zug sieht jeder zwei eigene Karten an.\n"
        "- Wer am Zug ist, macht eins davon:\n"
        "  1. die oberste Karte des Ablagestapels nehmen und in die Auslage legen;\n"
        "  2. vom Nachziehstapel ziehen (nur du siehst sie), dann abwerfen, anlegen oder\n"
        "     ihre Aktion ausführen und abwerfen: 7/8 Lupe (eine eigene Karte ansehen),\n"
        "     9/10 Fernrohr (eine Karte eines Mitspielers ansehen), 11/12 Tauschen (eine\n"
        "     eigene mit einer fremden tauschen, ungesehen; nicht mit dem Ansager);\n"
        "  3. „Ahoi“ ansagen: alle anderen sind noch einmal am Zug, dann endet die Runde.\n"
        "- Anlegen: die neue Karte nimmt eine Position, die alte kommt auf die Ablage. Oder\n"
        "  mehrere vermeintlich gleiche nennen: die anderen sehen sie; sind sie gleich, gehen\n"
        "  alle weg und die neue liegt an ihrer Stelle; sonst wird die neue abgeworfen.\n"
        "- Rundenende (auch bei leerem Nachziehstapel): die kleinste Summe zählt 0, die\n"
        "  anderen schreiben ihre Summe an. Hat der Ansager nicht die kleinste, kommen\n"
        "  5 Strafpunkte dazu; bei Gleichstand gewinnt er. Ab 101 Punkten endet das Spiel:\n"
        "  die wenigsten Punkte gewinnen.\n"
    ),
    # its profile card lines (cm.hands.ahoi; cm.stat.ahoi.KEY: the engine's StatLine in English)
    "cm.hands.ahoi": "Runden {hands}  gewonnen {won}  Punkte pro Runde {pph}",
    "cm.stat.ahoi.calls": ("„Ahoi“ angesagt {ahoi_calls}  mit kleinster Summe {ahoi_lowest}"
                           "  Strafpunkte bekommen {penalties}"),
    "cm.stat.ahoi.actions": "Lupe {lupe}  Fernrohr {fernrohr}  Tauschen {tauschen}",
    "cm.stat.ahoi.matches": "Karten per Gleiche abgelegt {matched}  Fehlversuche {failed_matches}",
    # its replay viewer (replay.py)
    "replay.title_round": "Wiederholung · {table} · {date} UTC · Runde {hand} · Schritt {step}/{steps}",
    "replay.jump_round": "Gehe zu: Schritt 0-{last}, oder r und Runde 1-{hands} (r2); Enter geht, Esc bricht ab",
    "replay.start_ahoi": "Die Partie beginnt: {players}.",
    "replay.round_over": "Runde {n} ist vorbei: {scores}.",
    "replay.layout": "Deine Auslage",
}


for _table in (EN_AHOI, ES_AHOI, DE_AHOI):
    for _key in ("plain.rules_ahoi", "ahoi.help.keys"):
        _table[_key] = rewrap(_table[_key])

TEXTS: dict[str, dict[str, str]] = {"en": EN_AHOI, "es": ES_AHOI, "de": DE_AHOI}
"""Ahoi's texts by language (``GameUI.texts``: ``ui.i18n`` merges them)."""

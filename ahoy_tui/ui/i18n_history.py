"""Texts of the game history: the "My games" screen and the replay viewer, English, Spanish and German.

Merged into :mod:`ahoy_tui.ui.i18n`. The viewer words record lines with the
table's own ``ev.*`` (AHOY!! V2) and ``ahoi.log.*`` (Ahoi) sentences; these
are what it adds. German has the viewer's own texts (Ahoi games are replayed
in it too).
"""

from __future__ import annotations

EN_HISTORY: dict[str, str] = {
    "games.title": "My games (newest first)",
    "games.empty": "No finished games yet. Play a game to the end and it appears here, "
                   "to step through again. Esc: back to the lobby.",
    "games.col.date": "Date (UTC)", "games.col.table": "Table", "games.col.players": "Players",
    "games.col.winner": "Winner", "games.col.place": "Place", "games.col.total": "Total",
    "games.place": "{place} of {of}",
    "games.loading": "Fetching your games…",
    "replay.bad_record": "This game's record cannot be shown.",
    "key.games": "Games", "key.replay": "Replay",
    "replay.title": "Replay · {table} · {date} UTC · hand {hand} · step {step}/{steps}",
    "replay.title_round": "Replay · {table} · {date} UTC · round {hand} · step {step}/{steps}",
    "replay.playing": "▶ {speed}/s", "replay.paused": "❚❚",
    "replay.jump": "Go to: a step 0-{last}, or h and a hand 1-{hands} (h2); Enter goes, Esc cancels",
    "replay.jump_round": "Go to: a step 0-{last}, or r and a round 1-{hands} (r2); Enter goes, Esc cancels",
    "replay.jump_bad": "'{text}' is neither a step 0-{last} nor a hand or round 1-{hands}.",
    "replay.drew_card": "You drew {card}.",
    "replay.start_ahoi": "The game begins: {players}.",
    "replay.round_over": "Round {n} is over: {scores}.",
    "replay.layout": "Your layout",
    "key.play": "Play", "key.pause": "Pause", "key.faster": "Faster", "key.slower": "Slower", "key.jump": "Go to",
    "replay.start": "The game begins: {players}; limit {limit}.",
    "replay.hand": "Your hand", "replay.unknown": "? = a card the record does not name",
    "replay.seat": "{mark} {name:<16} {cards} cards   total {total}",
    "replay.you": "(you)",
    "replay.report": "Hand {hand} is over",
    "replay.dealt": "Dealt this hand (shown once it was over):",
    "replay.log": "What happened",
    "key.next": "Next", "key.prev": "Previous", "key.next_hand": "Next hand", "key.prev_hand": "Previous hand",
    "key.first": "Start", "key.last": "End",
}

ES_HISTORY: dict[str, str] = {
    "games.title": "Mis partidas (la más reciente primero)",
    "games.empty": "Aún no hay partidas terminadas. Juega una hasta el final y aparecerá aquí "
                   "para repasarla. Esc: volver al salón.",
    "games.col.date": "Fecha (UTC)", "games.col.table": "Mesa", "games.col.players": "Jugadores",
    "games.col.winner": "Ganador", "games.col.place": "Puesto", "games.col.total": "Total",
    "games.place": "{place} de {of}",
    "games.loading": "Buscando tus partidas…",
    "replay.bad_record": "No se puede mostrar el registro de esta partida.",
    "key.games": "Archivo", "key.replay": "Repasar",
    "replay.title": "Repaso · {table} · {date} UTC · mano {hand} · paso {step}/{steps}",
    "replay.title_round": "Repaso · {table} · {date} UTC · ronda {hand} · paso {step}/{steps}",
    "replay.playing": "▶ {speed}/s", "replay.paused": "❚❚",
    "replay.jump": "Ir a: un paso 0-{last}, o h y una mano 1-{hands} (h2); Intro va, Esc cancela",
    "replay.jump_round": "Ir a: un paso 0-{last}, o r y una ronda 1-{hands} (r2); Intro va, Esc cancela",
    "replay.jump_bad": "'{text}' no es un paso 0-{last} ni una mano o ronda 1-{hands}.",
    "replay.drew_card": "Robaste {card}.",
    "replay.start_ahoi": "Empieza la partida: {players}.",
    "replay.round_over": "Termina la ronda {n}: {scores}.",
    "replay.layout": "Tu fila",
    "key.play": "Reproducir", "key.pause": "Pausa", "key.faster": "Más rápido", "key.slower": "Más lento",
    "key.jump": "Ir a",
    "replay.start": "Empieza la partida: {players}; límite {limit}.",
    "replay.hand": "Tu mano", "replay.unknown": "? = una carta que el registro no nombra",
    "replay.seat": "{mark} {name:<16} {cards} cartas   total {total}",
    "replay.you": "(tú)",
    "replay.report": "Termina la mano {hand}",
    "replay.dealt": "Repartido en esta mano (visible al terminar):",
    "replay.log": "Lo que pasó",
    "key.next": "Siguiente", "key.prev": "Anterior", "key.next_hand": "Mano siguiente",
    "key.prev_hand": "Mano anterior", "key.first": "Inicio", "key.last": "Final",
}

DE_HISTORY: dict[str, str] = {
    "games.title": "Meine Partien (neueste zuerst)",
    "games.empty": "Noch keine beendeten Partien. Spiel eine Partie zu Ende, dann erscheint sie hier "
                   "zum Nachspielen. Esc: zurück zur Lobby.",
    "games.col.date": "Datum (UTC)", "games.col.table": "Tisch", "games.col.players": "Spieler",
    "games.col.winner": "Sieger", "games.col.place": "Platz", "games.col.total": "Summe",
    "games.place": "{place} von {of}",
    "games.loading": "Deine Partien werden geholt…",
    "replay.bad_record": "Die Aufzeichnung dieser Partie kann nicht gezeigt werden.",
    "key.games": "Partien", "key.replay": "Nachspielen",
    "replay.title": "Wiederholung · {table} · {date} UTC · Hand {hand} · Schritt {step}/{steps}",
    "replay.title_round": "Wiederholung · {table} · {date} UTC · Runde {hand} · Schritt {step}/{steps}",
    "replay.playing": "▶ {speed}/s", "replay.paused": "❚❚",
    "replay.jump": "Gehe zu: Schritt 0-{last}, oder h und Hand 1-{hands} (h2); Enter geht, Esc bricht ab",
    "replay.jump_round": "Gehe zu: Schritt 0-{last}, oder r und Runde 1-{hands} (r2); Enter geht, Esc bricht ab",
    "replay.jump_bad": "'{text}' ist weder ein Schritt 0-{last} noch eine Hand oder Runde 1-{hands}.",
    "replay.drew_card": "Du hast {card} gezogen.",
    "replay.start": "Die Partie beginnt: {players}; Grenze {limit}.",
    "replay.start_ahoi": "Die Partie beginnt: {players}.",
    "replay.round_over": "Runde {n} ist vorbei: {scores}.",
    "replay.layout": "Deine Auslage",
    "replay.hand": "Deine Hand", "replay.unknown": "? = eine Karte, die die Aufzeichnung nicht nennt",
    "replay.seat": "{mark} {name:<16} {cards} Karten   Summe {total}",
    "replay.you": "(du)",
    "replay.report": "Hand {hand} ist vorbei",
    "replay.dealt": "In dieser Hand ausgeteilt (gezeigt, als sie vorbei war):",
    "replay.log": "Was geschah",
    "key.next": "Weiter", "key.prev": "Zurück", "key.next_hand": "Nächste Hand", "key.prev_hand": "Vorige Hand",
    "key.first": "Anfang", "key.last": "Ende",
    "key.play": "Abspielen", "key.pause": "Anhalten", "key.faster": "Schneller", "key.slower": "Langsamer",
    "key.jump": "Gehe zu",
}

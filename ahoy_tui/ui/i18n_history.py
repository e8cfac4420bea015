"""Texts of the game history: the "My games" screen and the replay viewer, English and Spanish.

Merged into :mod:`ahoy_tui.ui.i18n`. The viewer words record lines with the
table's own ``ev.*`` sentences; these are what it adds.
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
    "replay.other_game": ("The replay viewer shows AHOY!! V2 games. Get this {title} game with "
                          "'ssh HOST record {game_id}' and check it with 'ahoy replay'."),
    "key.games": "Games", "key.replay": "Replay",
    "replay.title": "Replay · {table} · {date} UTC · hand {hand} · step {step}/{steps}",
    "replay.start": "The game begins: {players}; limit {limit}.",
    "replay.drew_me": "You drew a card (the record does not name it: ? until you play it).",
    "replay.hand": "Your hand", "replay.unknown": "? = drawn: named once you play it",
    "replay.discard": "Discard pile: {top} ({n})", "replay.discard_empty": "Discard pile: empty",
    "replay.draw": "Draw pile: {n}",
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
    "replay.other_game": ("El visor de repeticiones muestra partidas de AHOY!! V2. Descarga esta partida de "
                          "{title} con 'ssh HOST record {game_id}' y compruébala con 'ahoy replay'."),
    "key.games": "Archivo", "key.replay": "Repasar",
    "replay.title": "Repaso · {table} · {date} UTC · mano {hand} · paso {step}/{steps}",
    "replay.start": "Empieza la partida: {players}; límite {limit}.",
    "replay.drew_me": "Robaste una carta (el registro no la nombra: ? hasta que la juegues).",
    "replay.hand": "Tu mano", "replay.unknown": "? = robada: se nombra al jugarla",
    "replay.discard": "Descarte: {top} ({n})", "replay.discard_empty": "Descarte: vacío",
    "replay.draw": "Pozo: {n}",
    "replay.seat": "{mark} {name:<16} {cards} cartas   total {total}",
    "replay.you": "(tú)",
    "replay.report": "Termina la mano {hand}",
    "replay.dealt": "Repartido en esta mano (visible al terminar):",
    "replay.log": "Lo que pasó",
    "key.next": "Siguiente", "key.prev": "Anterior", "key.next_hand": "Mano siguiente",
    "key.prev_hand": "Mano anterior", "key.first": "Inicio", "key.last": "Final",
}

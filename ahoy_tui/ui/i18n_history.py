"""Texts of the game history: the "My games" screen and the replay viewer, English, Spanish and German.

Merged into :mod:`ahoy_tui.ui.i18n`. These are the viewer's shared words (its
keys, autoplay, go to, the log); each game's painter words its record lines and
titles with its own texts (``ui.games.ahoy.texts``: ``ev.*``, ``replay.*``;
``ui.games.ahoi.texts``: ``ahoi.log.*``, ``replay.*_round``).
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
    "replay.playing": "▶ {speed}/s", "replay.paused": "❚❚",
    "replay.jump_bad": "'{text}' is neither a step 0-{last} nor a hand or round 1-{hands}.",
    "key.play": "Play", "key.pause": "Pause", "key.faster": "Faster", "key.slower": "Slower", "key.jump": "Go to",
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
    "replay.playing": "▶ {speed}/s", "replay.paused": "❚❚",
    "replay.jump_bad": "'{text}' no es un paso 0-{last} ni una mano o ronda 1-{hands}.",
    "key.play": "Reproducir", "key.pause": "Pausa", "key.faster": "Más rápido", "key.slower": "Más lento",
    "key.jump": "Ir a",
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
    "replay.playing": "▶ {speed}/s", "replay.paused": "❚❚",
    "replay.jump_bad": "'{text}' ist weder ein Schritt 0-{last} noch eine Hand oder Runde 1-{hands}.",
    "replay.log": "Was geschah",
    "key.next": "Weiter", "key.prev": "Zurück", "key.next_hand": "Nächste Hand", "key.prev_hand": "Vorige Hand",
    "key.first": "Anfang", "key.last": "Ende",
    "key.play": "Abspielen", "key.pause": "Anhalten", "key.faster": "Schneller", "key.slower": "Langsamer",
    "key.jump": "Gehe zu",
}

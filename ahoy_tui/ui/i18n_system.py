"""Table-chat system lines, notices and close reasons in English and Spanish, a few in German (merged into :mod:`ahoy_tui.ui.i18n`).

The lobby sends a system line as a key and arguments
(``ChatMessage.key``/``args``); the session renders ``"sys." + key`` in its
own language; ``Notice.key`` -> ``"notice." + key``, ``TableClosed.key`` ->
``"closed." + key``. Arguments: ``name``/``bot`` are display names (untrusted,
cleaned by the caller), ``kind`` a bot kind (shown as its level, "bot, normal": ``widgets.chat_box``), ``n``, ``limit`` and ``s`` numbers.
"""

from __future__ import annotations

EN_SYSTEM: dict[str, str] = {
    "sys.sat_down": "{name} sat down.",
    "sys.api_bot_sat_down": "{name} (bot API) sat down.",
    "sys.bot_sat_down": "{name} ({kind}) sat down.",
    "sys.removed": "{name} was removed by the host.",
    "sys.seat_to_bot": "{name}'s seat now belongs to {bot} ({kind}).",
    "sys.wants_rematch": "{name} wants a rematch.",
    "sys.game_begins": "The game begins: {n} players, to {limit} points.",
    "sys.store_failing": "The server cannot save this table right now: play is paused until it can.",
    "sys.store_back": "The server saves again: play goes on.",
    "sys.resumed": "The server restarted: the table is back as it was. Play goes on when a player returns.",
    "sys.resumed_partly": "The server restarted: the table is back as it was a little earlier (its last moves could not be restored). Play goes on when a player returns.",
    "sys.back": "{name} is back.",
    "sys.left_table": "{name} left the table.",
    "sys.left_autopilot": "{name} left; the autopilot keeps the seat.",
    "sys.lost_autopilot": "{name} lost the connection; the autopilot keeps the seat.",
    "sys.lost_grace": "{name} lost the connection; the seat waits {s} s for them, then the autopilot plays it.",
    "table.reconnecting": "reconnecting {s} s",
    "away.title": "While you were away the autopilot played for you:",
    "create.grace": "Wait if dropped",
    "create.grace_none": "no wait",
    "sys.new_host": "{name} is now the host.",
    "notice.timed_out": "Time ran out: the autopilot decided for you.",
    "notice.timed_out_again": "Time ran out again: the autopilot plays your seat until you act.",
    "notice.slow_down": "Slow down, matey: wait {s} s before the next message.",
    "notice.seat_given": "The host gave your seat to {bot}; you are watching now.",
    "closed.removed": "The host removed you from the table.",
    "closed.empty": "No players were left at the table.",
    "closed.moved": "The table moved to another server: join it again from the lobby.",
    "sys.adopted": "This table moved to another server process after a failure; play goes on.",
    "sys.adopted_partly": "This table moved to another server process after a failure; its last moves could not be restored. Play goes on.",
    "sys.db_lost": "The server lost touch with its database for a moment: this table will be back shortly.",
    "sys.regained": "The server has its database back: the table is here again and play goes on.",
    "sys.regained_partly": "The server has its database back: the table is here again as it was a little earlier (its last moves could not be saved). Play goes on.",
}

ES_SYSTEM: dict[str, str] = {
    "sys.sat_down": "{name} se sentó.",
    "sys.api_bot_sat_down": "{name} (bot API) se sentó.",
    "sys.bot_sat_down": "{name} ({kind}) se sentó.",
    "sys.removed": "El anfitrión quitó a {name}.",
    "sys.seat_to_bot": "La plaza de {name} es ahora de {bot} ({kind}).",
    "sys.wants_rematch": "{name} quiere la revancha.",
    "sys.game_begins": "Empieza la partida: {n} jugadores, a {limit} puntos.",
    "sys.store_failing": "El servidor no puede guardar esta mesa ahora: el juego se pausa hasta que pueda.",
    "sys.store_back": "El servidor vuelve a guardar: el juego sigue.",
    "sys.resumed": "El servidor se reinició: la mesa vuelve tal como estaba. El juego sigue cuando vuelva un jugador.",
    "sys.resumed_partly": "El servidor se reinició: la mesa vuelve como estaba un poco antes (no se pudieron recuperar sus últimas jugadas). El juego sigue cuando vuelva un jugador.",
    "sys.back": "{name} ha vuelto.",
    "sys.left_table": "{name} dejó la mesa.",
    "sys.left_autopilot": "{name} se fue; el piloto automático lleva su plaza.",
    "sys.lost_autopilot": "{name} perdió la conexión; el piloto automático lleva su plaza.",
    "sys.lost_grace": "{name} perdió la conexión; su plaza le espera {s} s y luego juega el piloto automático.",
    "table.reconnecting": "reconectando {s} s",
    "away.title": "Mientras no estabas, el piloto automático jugó por ti:",
    "create.grace": "Espera si se cae",
    "create.grace_none": "sin espera",
    "sys.new_host": "{name} es ahora el anfitrión.",
    "notice.timed_out": "Se acabó el tiempo: el piloto automático decidió por ti.",
    "notice.timed_out_again": "Se acabó el tiempo otra vez: el piloto automático juega tu plaza hasta que actúes.",
    "notice.slow_down": "Más despacio, grumete: espera {s} s antes del siguiente mensaje.",
    "notice.seat_given": "El anfitrión dio tu plaza a {bot}; ahora estás mirando.",
    "closed.removed": "El anfitrión te quitó de la mesa.",
    "closed.empty": "No quedaba nadie en la mesa.",
    "closed.moved": "La mesa pasó a otro servidor: vuelve a unirte desde el vestíbulo.",
    "sys.adopted": "Esta mesa pasó a otro proceso del servidor tras un fallo; el juego sigue.",
    "sys.adopted_partly": "Esta mesa pasó a otro proceso del servidor tras un fallo; no se pudieron recuperar sus últimas jugadas. El juego sigue.",
    "sys.db_lost": "El servidor perdió un momento el contacto con su base de datos: esta mesa vuelve enseguida.",
    "sys.regained": "El servidor recuperó su base de datos: la mesa está aquí otra vez y el juego sigue.",
    "sys.regained_partly": "El servidor recuperó su base de datos: la mesa vuelve como estaba un poco antes (no se pudieron guardar sus últimas jugadas). El juego sigue.",
}

DE_SYSTEM: dict[str, str] = {
    "sys.lost_grace": "{name} hat die Verbindung verloren; der Platz wartet {s} s, dann spielt der Autopilot.",
    "table.reconnecting": "getrennt {s} s",
    "away.title": "Während du weg warst, hat der Autopilot für dich gespielt:",
    "create.grace": "Warten bei Abbruch",
    "create.grace_none": "nicht warten",
    "sys.db_lost": "Der Server hat kurz den Kontakt zu seiner Datenbank verloren: dieser Tisch ist gleich wieder da.",
    "sys.regained": "Der Server hat seine Datenbank wieder: der Tisch ist wieder da, das Spiel geht weiter.",
    "sys.regained_partly": "Der Server hat seine Datenbank wieder: der Tisch ist wieder da, wie er kurz zuvor war (seine letzten Züge konnten nicht gespeichert werden). Das Spiel geht weiter.",
}

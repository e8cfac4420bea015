"""Table-chat system lines in English and Spanish (merged into :mod:`ahoy_tui.ui.i18n`).

The lobby sends a system line as a key and arguments
(``ChatMessage.key``/``args``); the session renders ``"sys." + key`` in its
own language. Arguments: ``name``/``bot`` are display names (untrusted,
cleaned by the caller), ``kind`` a bot kind, ``n`` and ``limit`` numbers.
"""

from __future__ import annotations

EN_SYSTEM: dict[str, str] = {
    "sys.sat_down": "{name} sat down.",
    "sys.bot_sat_down": "{name} ({kind} bot) sat down.",
    "sys.removed": "{name} was removed by the host.",
    "sys.seat_to_bot": "{name}'s seat now belongs to {bot} (baseline bot).",
    "sys.wants_rematch": "{name} wants a rematch.",
    "sys.game_begins": "The game begins: {n} players, to {limit} points.",
    "sys.back": "{name} is back.",
    "sys.left_table": "{name} left the table.",
    "sys.left_autopilot": "{name} left; the autopilot keeps the seat.",
    "sys.lost_autopilot": "{name} lost the connection; the autopilot keeps the seat.",
    "sys.new_host": "{name} is now the host.",
}

ES_SYSTEM: dict[str, str] = {
    "sys.sat_down": "{name} se sentó.",
    "sys.bot_sat_down": "{name} (bot {kind}) se sentó.",
    "sys.removed": "El anfitrión quitó a {name}.",
    "sys.seat_to_bot": "La plaza de {name} es ahora de {bot} (bot baseline).",
    "sys.wants_rematch": "{name} quiere la revancha.",
    "sys.game_begins": "Empieza la partida: {n} jugadores, a {limit} puntos.",
    "sys.back": "{name} ha vuelto.",
    "sys.left_table": "{name} dejó la mesa.",
    "sys.left_autopilot": "{name} se fue; el piloto automático lleva su plaza.",
    "sys.lost_autopilot": "{name} perdió la conexión; el piloto automático lleva su plaza.",
    "sys.new_host": "{name} es ahora el anfitrión.",
}

"""The no-PTY answers (``ssh host help|rules|tables|games|record ID``) in English and Spanish.

Merged into :mod:`ahoy_tui.ui.i18n`; :mod:`ahoy_tui.plain.answers` picks the
language from the LANG/LC_ALL the client sent (``ssh -o SetEnv=LANG=...``).
"""

from __future__ import annotations

EN_PLAIN: dict[str, str] = {
    "plain.help": (
        "Ahoy! This is an AHOY!! card game server.\n"
        "Play in a terminal:  {connect}\n"
        "Play in plain lines (screen readers, braille):  ssh -t ... line  (docs/accessibility.md)\n"
        "Commands without a terminal:\n"
        "  help    this text\n"
        "  rules   the rules in short (rules ahoi: Ahoi's)\n"
        "  tables  the open tables\n"
        "  games   your finished games (id, date UTC, table, players, winner, your place)\n"
        "  record GAME_ID > game.ahoy.jsonl\n"
        "          that game as your seat saw it; check it with: ahoy replay game.ahoy.jsonl\n"
        "  motd    the message of the day\n"
        "  (operators: kick, ban, bans, unban, mute, unmute, mutes, close, motd TEXT, audit)\n"
    ),
    "plain.online": "Players online: {n}",
    "plain.no_tables": "No open tables. Connect with a terminal to open one.",
    "plain.private": " (private)",
    "plain.table": "{id:<8} {name:<24} {taken}/{seats} seats  {status:<13} {game}{lock}",
    "plain.unknown": "ahoy: unknown command '{word}'. Try: help, rules, tables, games, record GAME_ID\n",
    "plain.games_head": "id             date (UTC)        table / players / winner / your place",
    "plain.game": "{id:<14} {date}  {table} | {players} | winner: {winners} | place {place} of {of}",
    "plain.no_games": "No finished games yet: play one to the end and it appears here.",
    "plain.no_game": "ahoy: you played no game with that id. 'games' lists yours.\n",
    "plain.record_usage": "ahoy: which game? ssh HOST record GAME_ID ('games' lists yours).\n",
    "plain.damaged_game": "ahoy: that game's record is damaged on the server and cannot be shown.\n",
    "plain.full": "Ahoy! The ship is full right now. Try again in a little while.",
    "plain.unchecked": "Ahoy! The server cannot check its limits right now. Try again in a moment.",
    "plain.address_full": "Too many sessions from your address (limit {n}); close one first.",
}

ES_PLAIN: dict[str, str] = {
    "plain.help": (
        "¡Ahoy! Este es un servidor del juego de cartas AHOY!!\n"
        "Para jugar en un terminal:  {connect}\n"
        "Para jugar en líneas simples (lectores de pantalla, braille):  ssh -t ... line\n"
        "Órdenes sin terminal:\n"
        "  help    este texto\n"
        "  rules   las reglas en breve (rules ahoi: las de Ahoi)\n"
        "  tables  las mesas abiertas\n"
        "  games   tus partidas terminadas (id, fecha UTC, mesa, jugadores, ganador, tu puesto)\n"
        "  record ID_PARTIDA > partida.ahoy.jsonl\n"
        "          esa partida tal como la vio tu asiento; compruébala con: ahoy replay partida.ahoy.jsonl\n"
        "  motd    el mensaje del día\n"
        "  (operadores: kick, ban, bans, unban, mute, unmute, mutes, close, motd TEXTO, audit)\n"
    ),
    "plain.online": "Piratas conectados: {n}",
    "plain.no_tables": "No hay mesas abiertas. Conéctate con un terminal para abrir una.",
    "plain.private": " (privada)",
    "plain.table": "{id:<8} {name:<24} {taken}/{seats} plazas  {status:<13} {game}{lock}",
    "plain.unknown": "ahoy: orden desconocida '{word}'. Prueba: help, rules, tables, games, record ID_PARTIDA\n",
    "plain.games_head": "id             fecha (UTC)       mesa / jugadores / ganador / tu puesto",
    "plain.game": "{id:<14} {date}  {table} | {players} | gana: {winners} | puesto {place} de {of}",
    "plain.no_games": "Aún no hay partidas terminadas: juega una hasta el final y aparecerá aquí.",
    "plain.no_game": "ahoy: no jugaste ninguna partida con ese id. 'games' lista las tuyas.\n",
    "plain.record_usage": "ahoy: ¿qué partida? ssh HOST record ID_PARTIDA ('games' lista las tuyas).\n",
    "plain.damaged_game": "ahoy: el registro de esa partida está dañado en el servidor y no se puede mostrar.\n",
    "plain.full": "¡Ahoy! El barco está lleno ahora mismo. Vuelve a intentarlo dentro de un rato.",
    "plain.unchecked": "¡Ahoy! El servidor no puede comprobar sus límites ahora. Inténtalo en un momento.",
    "plain.address_full": "Demasiadas sesiones desde tu dirección (límite {n}); cierra una antes.",
}

"""The no-PTY answers (``ssh host help|rules|tables|games|record ID``) in English and Spanish.

Merged into :mod:`ahoy_tui.ui.i18n`; :mod:`server.commands` picks the
language from the LANG/LC_ALL the client sent (``ssh -o SetEnv=LANG=...``).
"""

from __future__ import annotations

EN_PLAIN: dict[str, str] = {
    "plain.help": (
        "Ahoy! This is an AHOY!! card game server.\n"
        "Play in a terminal:  {connect}\n"
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
    "plain.rules": (
        "AHOY!! V2 in short\n"
        "- 2-8 pirates, 5 cards each. Goal: a treasure = 4 cards of one suit in a row\n"
        "  (2 3 4 5 6 7 8 9 10 J Q K A; ace high; a Joker is never part of one).\n"
        "- Your turn: DRAW, then either OFFER or HANDS UP!, then DISCARD.\n"
        "- OFFER: tell the next player which card you want and which you give. Both\n"
        "  may be lies. They accept or decline; on a decline the others may step in.\n"
        "  Then you and your partner each secretly give any one card: a dirty deal.\n"
        "- HANDS UP! (needs a Joker, which goes on the discard pile): a player lays up\n"
        "  to 3 cards face down and you take one blind.\n"
        "- Call AHOY! at any moment while you hold a treasure: you win the hand.\n"
        "- Points: 2-10 face value, J/Q/K 10, A 20, Joker 30.\n"
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
    "plain.rules": (
        "AHOY!! V2 en breve\n"
        "- De 2 a 8 piratas, 5 cartas cada uno. Objetivo: un tesoro = 4 cartas\n"
        "  seguidas del mismo palo (2 3 4 5 6 7 8 9 10 J Q K A; el As es alto;\n"
        "  un Joker nunca forma parte de uno).\n"
        "- Tu turno: ROBAR, luego OFERTAR o ¡MANOS ARRIBA!, y luego DESCARTAR.\n"
        "- OFERTA: dile al siguiente jugador qué carta quieres y cuál das. Ambas\n"
        "  pueden ser mentira. Acepta o rechaza; si rechaza, los demás pueden\n"
        "  intervenir. Luego tú y tu pareja dais en secreto una carta cualquiera:\n"
        "  un trato sucio.\n"
        "- ¡MANOS ARRIBA! (con un Joker, que va al descarte): un jugador pone hasta\n"
        "  3 cartas boca abajo y tú te llevas una a ciegas.\n"
        "- Grita ¡AHOY! en cualquier momento con un tesoro en la mano: ganas la mano.\n"
        "- Puntos: 2-10 su valor, J/Q/K 10, A 20, Joker 30.\n"
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

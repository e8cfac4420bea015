"""The lobby's refusals in the player's language (issue 24.7).

The lobby refuses a command with a ``LobbyError`` whose ``reason`` is an
English sentence (``ahoy_tui/lobby/errors.py``; it crosses workers as text
with ``--redis``). The session shows it as a toast: :func:`refusal` finds the
sentence among :data:`PATTERNS` and gives ``refused.<key>`` in the session's
language (no final period, as the English sentence came), with the sentence's parts (a number, names) as arguments. A
sentence not known here is shown as it came (English): refusals a player
cannot reach from the UI (a malformed request) are left so.
"""

from __future__ import annotations

import re
from typing import Callable

PATTERNS: tuple[tuple[str, str], ...] = (
    ("started_watch", r"the game has started; you can watch it"),
    ("bots_before", r"bots join before the game starts"),
    ("seats_before", r"seats can be changed only before the game starts"),
    ("started", r"the game has already started"),
    ("two_seats", r"at least two seats must be filled"),
    ("not_ready", r"not everyone is ready: (?P<names>.+)"),
    ("rematch_after", r"a rematch is possible only after the game is over"),
    ("no_stats", r"this server keeps no ratings or stats"),
    ("board_unreadable", r"the leaderboard cannot be read right now"),
    ("stats_unreadable", r"that player's stats cannot be read right now"),
    ("empty_message", r"the message is empty"),
    ("long_message", r"a message has at most (?P<n>\d+) characters \(this one has (?P<has>\d+)\)"),
    ("name_taken", r"too many tables have that name"),
    ("wrong_codes", r"too many wrong codes: wait (?P<s>\d+) s"),
    ("no_seat", r"you have no seat at this table"),
    ("host_only", r"only the host can do that"),
    ("full_watch", r"the table is full; you can watch it"),
    ("full", r"the table is full"),
    ("seat_empty", r"that seat is empty"),
    ("host_stays", r"the host cannot remove themselves; leave the table instead"),
    ("person_only", r"only a person's seat can be given to a bot"),
    ("busy", r"the table is busy; try again"),
    ("no_hand", r"no hand is being played"),
    ("paused", r"play is paused: the server cannot save this table right now"),
    ("not_allowed", r"not allowed: (?P<detail>.+)"),
    ("damaged", r"that game's record is damaged and cannot be shown"),
    ("no_game", r"you played no game with that id"),
    ("db_lost", r"not done: the server lost touch with its database; this table will be back shortly, try again then"),
    ("no_table", r"there is no such table \(it may have closed\)"),
    ("harbour_full", r"the harbour is full: no more tables can open right now"),
    ("hosts_many", r"you already host (?P<n>\d+) tables"),
    ("no_code", r"no table has that code"),
    ("private", r"this table is private: ask the host for its code"),
    ("talk_there", r"join or watch the table to talk there"),
    ("nothing_to_show", r"no finished game to show"),
    ("no_answer", r"not done: that table's server does not answer; try again in a moment"),
    ("unreachable", r"the harbour master cannot be reached; try again in a moment"),
    ("harbour_busy", r"the harbour is busy: try again in a moment"),
)
"""``(key, regular expression of the English reason)``; its named groups are the text's arguments."""

_COMPILED = tuple((key, re.compile(pattern)) for key, pattern in PATTERNS)

EN_REFUSALS: dict[str, str] = {
    "refused.started_watch": "The game has started; you can watch it",
    "refused.bots_before": "Bots join before the game starts",
    "refused.seats_before": "Seats can be changed only before the game starts",
    "refused.started": "The game has already started",
    "refused.two_seats": "At least two seats must be filled",
    "refused.not_ready": "Not everyone is ready: {names}",
    "refused.rematch_after": "A rematch is possible only after the game is over",
    "refused.no_stats": "This server keeps no ratings or stats",
    "refused.board_unreadable": "The leaderboard cannot be read right now",
    "refused.stats_unreadable": "That player's stats cannot be read right now",
    "refused.empty_message": "The message is empty",
    "refused.long_message": "A message has at most {n} characters (this one has {has})",
    "refused.name_taken": "Too many tables have that name",
    "refused.wrong_codes": "Too many wrong codes: wait {s} s",
    "refused.no_seat": "You have no seat at this table",
    "refused.host_only": "Only the host can do that",
    "refused.full_watch": "The table is full; you can watch it",
    "refused.full": "The table is full",
    "refused.seat_empty": "That seat is empty",
    "refused.host_stays": "The host cannot remove themselves; leave the table instead",
    "refused.person_only": "Only a person's seat can be given to a bot",
    "refused.busy": "The table is busy; try again",
    "refused.no_hand": "No hand is being played",
    "refused.paused": "Play is paused: the server cannot save this table right now",
    "refused.not_allowed": "Not allowed: {detail}",
    "refused.damaged": "That game's record is damaged and cannot be shown",
    "refused.no_game": "You played no game with that id",
    "refused.db_lost": ("Not done: the server lost touch with its database; this table will be back shortly,"
                        " try again then"),
    "refused.no_table": "There is no such table (it may have closed)",
    "refused.harbour_full": "The harbour is full: no more tables can open right now",
    "refused.hosts_many": "You already host {n} tables",
    "refused.no_code": "No table has that code",
    "refused.private": "This table is private: ask the host for its code",
    "refused.talk_there": "Join or watch the table to talk there",
    "refused.nothing_to_show": "No finished game to show",
    "refused.no_answer": "Not done: that table's server does not answer; try again in a moment",
    "refused.unreachable": "The harbour master cannot be reached; try again in a moment",
    "refused.harbour_busy": "The harbour is busy: try again in a moment",
    "notice.no_free_seat": "No seat is free for you there: you are watching the table.",
    "notice.elsewhere": "You connected again elsewhere as {name}: this session ends.",
}

ES_REFUSALS: dict[str, str] = {
    "refused.started_watch": "La partida ya empezó; puedes mirarla",
    "refused.bots_before": "Los bots se sientan antes de que empiece la partida",
    "refused.seats_before": "Las plazas solo se cambian antes de que empiece la partida",
    "refused.started": "La partida ya ha empezado",
    "refused.two_seats": "Hacen falta al menos dos plazas ocupadas",
    "refused.not_ready": "No todos están listos: {names}",
    "refused.rematch_after": "La revancha solo es posible cuando la partida ha terminado",
    "refused.no_stats": "Este servidor no guarda puntuaciones ni estadísticas",
    "refused.board_unreadable": "La clasificación no se puede leer ahora",
    "refused.stats_unreadable": "Las estadísticas de ese jugador no se pueden leer ahora",
    "refused.empty_message": "El mensaje está vacío",
    "refused.long_message": "Un mensaje tiene como mucho {n} caracteres (este tiene {has})",
    "refused.name_taken": "Demasiadas mesas tienen ese nombre",
    "refused.wrong_codes": "Demasiados códigos erróneos: espera {s} s",
    "refused.no_seat": "No tienes plaza en esta mesa",
    "refused.host_only": "Solo el anfitrión puede hacer eso",
    "refused.full_watch": "La mesa está llena; puedes mirarla",
    "refused.full": "La mesa está llena",
    "refused.seat_empty": "Esa plaza está libre",
    "refused.host_stays": "El anfitrión no puede quitarse a sí mismo; deja la mesa en su lugar",
    "refused.person_only": "Solo la plaza de una persona puede darse a un bot",
    "refused.busy": "La mesa está ocupada; inténtalo otra vez",
    "refused.no_hand": "No se está jugando ninguna mano",
    "refused.paused": "El juego está en pausa: el servidor no puede guardar esta mesa ahora",
    "refused.not_allowed": "No permitido: {detail}",
    "refused.damaged": "El registro de esa partida está dañado y no se puede mostrar",
    "refused.no_game": "No jugaste ninguna partida con ese id",
    "refused.db_lost": ("No se hizo: el servidor perdió el contacto con su base de datos; esta mesa vuelve"
                        " enseguida, inténtalo entonces"),
    "refused.no_table": "No existe esa mesa (puede que se haya cerrado)",
    "refused.harbour_full": "El puerto está lleno: ahora no se pueden abrir más mesas",
    "refused.hosts_many": "Ya eres anfitrión de {n} mesas",
    "refused.no_code": "Ninguna mesa tiene ese código",
    "refused.private": "Esta mesa es privada: pide su código al anfitrión",
    "refused.talk_there": "Únete a la mesa o mírala para hablar allí",
    "refused.nothing_to_show": "No hay ninguna partida terminada que mostrar",
    "refused.no_answer": "No se hizo: el servidor de esa mesa no responde; inténtalo en un momento",
    "refused.unreachable": "No se puede contactar con el capitán del puerto; inténtalo en un momento",
    "refused.harbour_busy": "El puerto está ocupado: inténtalo en un momento",
    "notice.no_free_seat": "No queda plaza libre para ti: estás mirando la mesa.",
    "notice.elsewhere": "Te conectaste otra vez en otro sitio como {name}: esta sesión termina.",
}

DE_REFUSALS: dict[str, str] = {
    "refused.started_watch": "Das Spiel hat begonnen; du kannst zuschauen",
    "refused.bots_before": "Bots setzen sich vor Spielbeginn dazu",
    "refused.seats_before": "Plätze lassen sich nur vor Spielbeginn ändern",
    "refused.started": "Das Spiel hat schon begonnen",
    "refused.two_seats": "Mindestens zwei Plätze müssen besetzt sein",
    "refused.not_ready": "Noch nicht alle sind bereit: {names}",
    "refused.rematch_after": "Eine Revanche gibt es erst, wenn das Spiel vorbei ist",
    "refused.no_stats": "Dieser Server führt keine Wertungen oder Statistiken",
    "refused.board_unreadable": "Die Rangliste lässt sich gerade nicht lesen",
    "refused.stats_unreadable": "Die Statistik dieses Spielers lässt sich gerade nicht lesen",
    "refused.empty_message": "Die Nachricht ist leer",
    "refused.long_message": "Eine Nachricht hat höchstens {n} Zeichen (diese hat {has})",
    "refused.name_taken": "Zu viele Tische haben diesen Namen",
    "refused.wrong_codes": "Zu viele falsche Codes: warte {s} s",
    "refused.no_seat": "Du hast an diesem Tisch keinen Platz",
    "refused.host_only": "Das darf nur der Gastgeber",
    "refused.full_watch": "Der Tisch ist voll; du kannst zuschauen",
    "refused.full": "Der Tisch ist voll",
    "refused.seat_empty": "Dieser Platz ist frei",
    "refused.host_stays": "Der Gastgeber kann sich nicht selbst entfernen; verlass stattdessen den Tisch",
    "refused.person_only": "Nur der Platz eines Menschen kann an einen Bot gehen",
    "refused.busy": "Der Tisch ist beschäftigt; versuch es noch einmal",
    "refused.no_hand": "Es wird gerade keine Hand gespielt",
    "refused.paused": "Das Spiel pausiert: der Server kann diesen Tisch gerade nicht speichern",
    "refused.not_allowed": "Nicht erlaubt: {detail}",
    "refused.damaged": "Der Bericht dieses Spiels ist beschädigt und kann nicht gezeigt werden",
    "refused.no_game": "Du hast kein Spiel mit dieser Id gespielt",
    "refused.db_lost": ("Nicht erledigt: der Server hat den Kontakt zu seiner Datenbank verloren; dieser Tisch ist"
                        " gleich wieder da, versuch es dann"),
    "refused.no_table": "Diesen Tisch gibt es nicht (vielleicht wurde er geschlossen)",
    "refused.harbour_full": "Der Hafen ist voll: gerade können keine Tische mehr öffnen",
    "refused.hosts_many": "Du bist schon Gastgeber von {n} Tischen",
    "refused.no_code": "Kein Tisch hat diesen Code",
    "refused.private": "Dieser Tisch ist privat: frag den Gastgeber nach seinem Code",
    "refused.talk_there": "Setz dich an den Tisch oder schau zu, um dort zu schreiben",
    "refused.nothing_to_show": "Kein beendetes Spiel zum Zeigen",
    "refused.no_answer": "Nicht erledigt: der Server dieses Tisches antwortet nicht; versuch es gleich noch einmal",
    "refused.unreachable": "Der Hafenmeister ist nicht zu erreichen; versuch es gleich noch einmal",
    "refused.harbour_busy": "Der Hafen ist beschäftigt: versuch es gleich noch einmal",
    "notice.no_free_seat": "Dort ist kein Platz für dich frei: du schaust dem Tisch zu.",
    "notice.elsewhere": "Du hast dich anderswo wieder als {name} verbunden: diese Sitzung endet.",
}


def refusal(t: Callable[..., str], reason: str) -> str:
    """The lobby's refusal ``reason`` as the player reads it: ``refused.<key>`` through ``t`` (the session's
    ``tr``) when :data:`PATTERNS` knows the sentence, else ``reason`` itself with a capital first letter.

    Args:
        t: ``(key, **kw) -> text`` in the session's language (``AhoyApp.t``).
        reason: ``LobbyError.reason`` (English, lower case; its parts are untrusted and shown as text).
    """
    for key, pattern in _COMPILED:
        m = pattern.fullmatch(reason)
        if m is not None:
            return t(f"refused.{key}", **m.groupdict())
    return reason[:1].upper() + reason[1:]

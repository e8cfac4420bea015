"""Texts of moderation in the UI (docs/moderation.md): the operator menu and what players are told."""

from __future__ import annotations

EN_MODERATION: dict[str, str] = {
    "lobby.operator": "O: operator menu",
    "operator.title": "Operator menu (Enter: use a command, Esc: close)",
    "operator.line": "command, e.g. kick NAME REASON (Enter runs it)",
    "notice.muted": "You are muted in the lobby chat until {until}: nobody sees your messages. ({reason})",
    "session.kicked": "An operator ended your session: {reason}",
}

ES_MODERATION: dict[str, str] = {
    "lobby.operator": "O: menú de operador",
    "operator.title": "Menú de operador (Intro: usar una orden, Esc: cerrar)",
    "operator.line": "orden, p. ej. kick NOMBRE MOTIVO (Intro la ejecuta)",
    "notice.muted": "Estás silenciado en el chat del salón hasta {until}: nadie ve tus mensajes. ({reason})",
    "session.kicked": "Un operador cerró tu sesión: {reason}",
}

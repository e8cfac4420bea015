"""Texts of the dialogs' shared pieces in English, Spanish and German (merged into :mod:`ahoy_tui.ui.i18n`).

The turn alert on a dialog over the table (``table_kit/watch.py``), the turn alerts' title,
notification and ``N`` confirmations (``table_kit/alerts.py``), the
operator menu's footer label and what Ctrl+C says (``AhoyApp.action_help_quit``): it never quits or stops
anything, it says which key does.
"""

from __future__ import annotations

EN_DIALOGS: dict[str, str] = {
    "turn.yours": "▶ Your move! Esc: back to the table",
    "alert.title": "Ahoy — your turn",
    "alert.turn": "It is your move.",
    "alert.offer": "{name} makes you an offer.",
    "alert.clock": "{n} seconds left for your move.",
    "alerts.off": "Turn alerts off (N: bell)",
    "alerts.bell": "Turn alerts: bell (N: bell and title)",
    "alerts.title": "Turn alerts: bell and title (N: off)",
    "alerts.notify": "Turn alerts: bell, title and desktop notification (N: off)",
    "alerts.no_title": "Turn alerts: bell (this terminal shows no title; N: off)",
    "key.operator": "Operator",
    "ctrlc.title": "Ctrl+C does not quit",
    "ctrlc.lobby": "Press q to leave the game (Esc first while typing in the chat).",
    "ctrlc.table": "Press q to leave the table (Esc first while typing in the chat).",
    "ctrlc.dialog": "Esc closes this window; then q leaves.",
}

ES_DIALOGS: dict[str, str] = {
    "turn.yours": "▶ ¡Te toca! Esc: volver a la mesa",
    "alert.title": "Ahoy — te toca",
    "alert.turn": "Te toca jugar.",
    "alert.offer": "{name} te hace una oferta.",
    "alert.clock": "Quedan {n} segundos para tu jugada.",
    "alerts.off": "Avisos de turno apagados (N: campana)",
    "alerts.bell": "Avisos de turno: campana (N: campana y título)",
    "alerts.title": "Avisos de turno: campana y título (N: apagados)",
    "alerts.notify": "Avisos de turno: campana, título y notificación de escritorio (N: apagados)",
    "alerts.no_title": "Avisos de turno: campana (esta terminal no muestra título; N: apagados)",
    "key.operator": "Operador",
    "ctrlc.title": "Ctrl+C no sale",
    "ctrlc.lobby": "Pulsa q para salir del juego (antes Esc si escribes en el chat).",
    "ctrlc.table": "Pulsa q para dejar la mesa (antes Esc si escribes en el chat).",
    "ctrlc.dialog": "Esc cierra esta ventana; luego q sale.",
}

DE_DIALOGS: dict[str, str] = {
    "turn.yours": "▶ Du bist dran! Esc: zurück zum Tisch",
    "alert.title": "Ahoy — du bist dran",
    "alert.turn": "Du bist am Zug.",
    "alert.offer": "{name} macht dir ein Angebot.",
    "alert.clock": "Noch {n} Sekunden für deinen Zug.",
    "alerts.off": "Zug-Hinweise aus (N: Glocke)",
    "alerts.bell": "Zug-Hinweise: Glocke (N: Glocke und Titel)",
    "alerts.title": "Zug-Hinweise: Glocke und Titel (N: aus)",
    "alerts.notify": "Zug-Hinweise: Glocke, Titel und Desktop-Benachrichtigung (N: aus)",
    "alerts.no_title": "Zug-Hinweise: Glocke (dieses Terminal zeigt keinen Titel; N: aus)",
    "key.operator": "Operator",
    "ctrlc.title": "Strg+C beendet nichts",
    "ctrlc.lobby": "Drücke q, um das Spiel zu verlassen (vorher Esc, wenn du im Chat schreibst).",
    "ctrlc.table": "Drücke q, um den Tisch zu verlassen (vorher Esc, wenn du im Chat schreibst).",
    "ctrlc.dialog": "Esc schließt dieses Fenster, danach verlässt q.",
}

"""Texts of the dialogs' shared pieces in English, Spanish and German (merged into :mod:`ahoy_tui.ui.i18n`).

The turn alert on a dialog over the table (``table_kit/watch.py``), the
operator menu's footer label and what Ctrl+C says (``AhoyApp.action_help_quit``): it never quits or stops
anything, it says which key does.
"""

from __future__ import annotations

EN_DIALOGS: dict[str, str] = {
    "turn.yours": "▶ Your move! Esc: back to the table",
    "key.operator": "Operator",
    "ctrlc.title": "Ctrl+C does not quit",
    "ctrlc.lobby": "Press q to leave the game (Esc first while typing in the chat).",
    "ctrlc.table": "Press q to leave the table (Esc first while typing in the chat).",
    "ctrlc.dialog": "Esc closes this window; then q leaves.",
}

ES_DIALOGS: dict[str, str] = {
    "turn.yours": "▶ ¡Te toca! Esc: volver a la mesa",
    "key.operator": "Operador",
    "ctrlc.title": "Ctrl+C no sale",
    "ctrlc.lobby": "Pulsa q para salir del juego (antes Esc si escribes en el chat).",
    "ctrlc.table": "Pulsa q para dejar la mesa (antes Esc si escribes en el chat).",
    "ctrlc.dialog": "Esc cierra esta ventana; luego q sale.",
}

DE_DIALOGS: dict[str, str] = {
    "turn.yours": "▶ Du bist dran! Esc: zurück zum Tisch",
    "key.operator": "Operator",
    "ctrlc.title": "Strg+C beendet nichts",
    "ctrlc.lobby": "Drücke q, um das Spiel zu verlassen (vorher Esc, wenn du im Chat schreibst).",
    "ctrlc.table": "Drücke q, um den Tisch zu verlassen (vorher Esc, wenn du im Chat schreibst).",
    "ctrlc.dialog": "Esc schließt dieses Fenster, danach verlässt q.",
}

"""Footer key labels in the player's language.

Bindings are declared with English descriptions; :func:`translate_bindings`
rewrites one node's own copy of its bindings from ``ACTION_TEXT`` so the
footer speaks the session's language (each node holds its own copy).
"""

from __future__ import annotations

from dataclasses import replace

from textual.dom import DOMNode

from ahoy_tui.ui.i18n import tr
from ahoy_tui.ui.text import asciify

#: Binding action -> i18n key of its footer label.
ACTION_TEXT: dict[str, str] = {
    "help": "key.help", "next_theme": "key.theme", "toggle_ascii": "key.ascii", "toggle_lang": "key.lang",
    "quit": "key.quit", "new_table": "key.new", "join": "key.join", "watch": "key.watch",
    "join_code": "key.code", "chat": "key.chat", "draw": "key.draw", "offer": "key.offer",
    "hands_up": "key.hands_up", "ahoy": "key.ahoy", "accept": "key.accept", "decline": "key.decline",
    "step_in": "key.step_in", "pass": "key.pass", "confirm": "key.confirm", "mark": "key.mark",
    "discards": "key.discards", "log": "key.log", "scores": "key.scores", "leave": "key.leave", "ready": "key.ready",
    "add_bot": "key.bot", "start": "key.start", "rematch": "key.rematch", "close": "key.close",
    "back": "key.back", "remove_seat": "key.remove", "lobby": "key.lobby", "cancel": "cancel",
    "send": "offer.send",
    "auto_pass": "key.auto_pass", "toggle_hints": "key.hints",
}


def translate_bindings(node: DOMNode, lang: str, ascii_only: bool | None = None) -> None:
    """Rewrite ``node``'s binding descriptions into ``lang`` (ASCII only in ASCII mode)."""
    if ascii_only is None:
        ascii_only = bool(getattr(node.app, "ascii_only", False))
    fix = asciify if ascii_only else (lambda s: s)
    bmap = node._bindings
    for key, bindings in bmap.key_to_bindings.items():
        bmap.key_to_bindings[key] = [
            replace(b, description=fix(tr(lang, ACTION_TEXT[b.action])),
                    key_display=_ascii_key(b.key) if ascii_only else None) if b.action in ACTION_TEXT else b
            for b in bindings
        ]


def _ascii_key(key: str) -> str | None:
    """How the footer names ``key`` in ASCII mode (Textual shows Enter as a Unicode arrow)."""
    return "Enter" if key == "enter" else None

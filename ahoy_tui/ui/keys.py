"""Footer key labels in the player's language.

Bindings are declared with English descriptions; the footer
(``ui.widgets.key_footer``) shows each through :func:`translated`, from
``ACTION_TEXT`` in the session's language, so bindings are never rewritten.
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

from textual.binding import ActiveBinding, Binding

from ahoy_tui.ui.game_uis import game_uis
from ahoy_tui.ui.i18n import tr
from ahoy_tui.ui.services import AppServices
from ahoy_tui.ui.text import asciify

#: Binding action -> i18n key of its footer label: the shared ones here, then each game's own
#: (``GameUI.key_texts``; a game's action names are its own, as its wire class names are).
ACTION_TEXT: dict[str, str] = {
    "help": "key.help", "next_theme": "key.theme", "toggle_ascii": "key.ascii", "toggle_lang": "key.lang",
    "quit": "key.quit", "new_table": "key.new", "join": "key.join", "watch": "key.watch",
    "join_code": "key.code", "chat": "key.chat", "draw": "key.draw",
    "confirm": "key.confirm", "mark": "key.mark", "scores": "key.scores", "leave": "key.leave", "ready": "key.ready", "unready": "key.unready",
    "add_bot": "key.bot", "start": "key.start", "rematch": "key.rematch", "close": "key.close",
    "back": "key.back", "remove_seat": "key.remove", "cancel": "cancel",
    "my_games": "key.games", "open_game": "key.replay", "next": "key.next", "prev": "key.prev",
    "next_hand": "key.next_hand", "prev_hand": "key.prev_hand", "first": "key.first", "last": "key.last",
    "play": "key.play", "pause": "key.pause", "faster": "key.faster", "slower": "key.slower", "jump": "key.jump",
    "leaderboard": "key.leaderboard", "profile": "key.profile", "operator": "key.operator",
    "next_game": "key.game", "board('overall')": "key.overall", "board('recent')": "key.recent",
}
for _ui in game_uis():
    ACTION_TEXT.update(_ui.key_texts)


@lru_cache(maxsize=1024)
def translated(binding: Binding, lang: str, ascii_only: bool) -> Binding:
    """``binding`` as the footer shows it in ``lang``: its description from ``ACTION_TEXT``.

    In ASCII mode the description is ASCII and Enter is named ``Enter``.
    A binding whose action has no text in ``ACTION_TEXT`` is returned as it is.
    """
    if binding.action not in ACTION_TEXT:
        return binding
    description = tr(lang, ACTION_TEXT[binding.action])
    return replace(binding, description=asciify(description) if ascii_only else description,
                   key_display=_ascii_key(binding.key) if ascii_only else None)


def in_language(active: dict[str, ActiveBinding], app: AppServices) -> dict[str, ActiveBinding]:
    """``Screen.active_bindings`` with every binding :func:`translated` for ``app``'s language and ASCII mode.

    For screens under Textual's own ``Footer`` (which shows ``active_bindings``
    as they are): they override ``active_bindings`` with this.
    """
    lang, ascii_only = app.lang, app.ascii_only
    return {key: ActiveBinding(node, translated(binding, lang, ascii_only), enabled, tooltip)
            for key, (node, binding, enabled, tooltip) in active.items()}


def _ascii_key(key: str) -> str | None:
    """How the footer names ``key`` in ASCII mode (Textual shows Enter as a Unicode arrow)."""
    return _ASCII_KEYS.get(key)


_ASCII_KEYS = {"enter": "Enter", "right": "Right", "left": "Left", "pageup": "PgUp", "pagedown": "PgDn"}

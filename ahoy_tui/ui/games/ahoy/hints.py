"""First-game hints: which situations a table update shows a player (issue: first-game help).

A hint is a short text (``hint.<key>`` in ``i18n``) shown once per identity (kept in its preferences,
``ui.prefs.Prefs.hints_seen``, across reconnects and restarts)
the first time its situation arises for the player; the table screen shows
it as a toast and remembers it in ``AhoyApp.hints_shown``. Pure functions
of one ``TableUpdate``: nothing here reads or changes game state.
"""

from __future__ import annotations

from ahoy_tui.games.ahoy.actions import HandsUp, LayDown, Pass, StepIn
from ahoy_tui.games.ahoy.state import Phase
from ahoy_tui.lobby.messages import TableUpdate

HINT_KEYS: tuple[str, ...] = ("star", "clock", "step_in", "hands_up")
"""Every hint, in the order they are shown when several arise at once."""


def due(update: TableUpdate, treasure_cards: bool) -> list[str]:
    """The hints this update's situation calls for (shown or not yet), in ``HINT_KEYS`` order.

    Args:
        update: A ``TableUpdate`` for a seated player (spectators get none).
        treasure_cards: The hand shows ★ (cards towards a treasure).

    Returns:
        Keys among ``HINT_KEYS``: ``star`` (★ in the hand), ``clock`` (the
        player's own decision runs on a clock, R17), ``step_in`` (the player
        is asked to step in or pass, R9.2), ``hands_up`` (the player may call
        HANDS UP! or must lay cards down for one, R7).
    """
    view = update.view
    if view is None or view.seat is None or view.phase in (Phase.NO_HAND, Phase.GAME_OVER):
        return []
    legal = list(update.legal or [])
    mine = view.seat in tuple(update.waiting_for or ())
    out = []
    if treasure_cards:
        out.append("star")
    if mine and update.remaining is not None:
        out.append("clock")
    if any(isinstance(a, (StepIn, Pass)) for a in legal):
        out.append("step_in")
    if any(isinstance(a, (HandsUp, LayDown)) for a in legal):
        out.append("hands_up")
    return out

"""How the replay viewer draws one game's steps: the table's own widgets and presenters, per game.

:class:`~ahoy_tui.ui.screens.replay_view.ReplayScreen` is the same for every
game (stepping, autoplay, jumps, the log); what a step shows comes from the
game's ``GameSpec.replay_steps`` (its ``ReplayStep.picture``) and is drawn
with what the live table uses, so a replay looks like the table did, by
each game's painter (``GameUI.replay_paint``: ``ui.games.ahoy.replay.AhoyPaint``,
``ui.games.ahoi.replay.AhoiPaint``), found in the game UI registry.

A painter reads only the step's picture, which the game built from the
seat's projection (R18, AH16).
"""

from __future__ import annotations

from typing import Any, Sequence

from ahoy_tui.ui.game_uis import GAME_UIS, game_ui
from ahoy_tui.ui.game_ui import load


def painter_for(game: str, names: Sequence[str], seat: int, header: dict) -> Any:
    """The painter for ``game`` (its ``GameUI.replay_paint``), made for this record's seats and header.

    Raises:
        KeyError: a game the viewer cannot draw (not registered).
    """
    if game not in GAME_UIS:
        raise KeyError(game)
    return load(game_ui(game).replay_paint)(names, seat, header)

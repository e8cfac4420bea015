"""The dialogs every game's table opens: a yes/no confirmation and the seat picker.

Given the texts they show and a callback (never the table screen, never a
game's record). A game's table adds its own dialogs in a subclass (AHOY's
reports, scores, discards: ``ui.games.ahoy.dialogs``).
"""

from __future__ import annotations

from typing import Callable


class TableDialogs:
    """Opens the confirmations and the seat picker over a table.

    Args:
        app: The session's app services (``push_screen``).
    """

    def __init__(self, app: AppServices) -> None:
        self.app = app

    def confirm(self, title: str, question: str, yes: str, no: str,
                answered: Callable[[bool | None], None]) -> None:
        """Ask a yes/no ``question`` (texts already translated); ``answered`` gets True, False or None."""
        from ahoy_tui.ui.screens.confirm import ConfirmScreen

        self.app.push_screen(ConfirmScreen(title, question, yes, no), answered)

    def pick_seat(self, title: str, hint: str, seats: list[tuple[int, str]],
                  picked: Callable[[int | None], None]) -> None:
        from ahoy_tui.ui.screens.pick_seat import PickSeatScreen

        self.app.push_screen(PickSeatScreen(title, hint, seats), picked)

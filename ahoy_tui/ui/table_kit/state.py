"""What a table screen knows now: the table and its latest ``TableUpdate``.

One object, owned by the table screen (:class:`~ahoy_tui.ui.table_kit.screen.TableScreenBase`)
and handed to its collaborators (seat keys, dialogs, the game's keys): they
read it; only the screen replaces ``update``. A game's screen may keep more
in a subclass (AHOY's selection and model: ``ui.games.ahoy.state``).
"""

from __future__ import annotations

from typing import Any

from ahoy_tui.lobby.messages import TableUpdate
from ahoy_tui.ui.table_kit.seats import seat_names


class TableState:
    """The table shown and its latest update.

    Attributes:
        table_id: The table shown.
        update: The latest update (None until the first arrives); its ``view`` is the game's.
    """

    def __init__(self, table_id: str) -> None:
        self.table_id = table_id
        self.update: TableUpdate | None = None

    @property
    def view(self) -> Any:
        """The viewer's view of the game (the game's ``PlayerView``; None in the waiting room)."""
        return None if self.update is None else self.update.view

    @property
    def legal(self) -> list[Any]:
        """The viewer's legal actions now (empty for spectators)."""
        return [] if self.update is None else list(self.update.legal)

    @property
    def names(self) -> list[str]:
        """The game's seat names in play order."""
        return seat_names(self.update)

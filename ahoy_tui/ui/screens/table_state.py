"""The table screen's state: the latest update, the local selection and the model shown.

One object, owned by :class:`~ahoy_tui.ui.screens.table.TableScreen` and
handed to its collaborators (keys, dialogs, pacing): they read it, and the
keys move the selection; nobody redeclares it.
"""

from __future__ import annotations

from typing import Any

from ahoy_tui.ui.presenter import IDLE_KEYS, seat_names
from ahoy_tui.ui.prompts import Prompt
from ahoy_tui.ui.table_model import Selection, TableModel

_NO_PROMPT = Prompt("")


class TableState:
    """What one table screen knows now.

    Attributes:
        table_id: The table shown.
        update: The latest ``TableUpdate`` (None until the first arrives).
        selection: The card cursor, marks and HANDS UP! sub-prompt (``table_model.Selection``).
        model: What the panels show for ``update``, the look and ``selection`` (None before the first).
    """

    def __init__(self, table_id: str) -> None:
        self.table_id = table_id
        self.update: Any = None
        self.selection = Selection()
        self.model: TableModel | None = None

    @property
    def view(self) -> Any:
        """The viewer's ``PlayerView`` (None in the waiting room)."""
        return None if self.update is None else self.update.view

    @property
    def legal(self) -> list[Any]:
        """The viewer's legal actions now (empty for spectators)."""
        return [] if self.update is None else list(self.update.legal)

    @property
    def names(self) -> list[str]:
        """The game's seat names in play order."""
        return seat_names(self.update)

    @property
    def prompt(self) -> Prompt:
        """The focused prompt shown."""
        return _NO_PROMPT if self.model is None else self.model.prompt

    @property
    def keys(self) -> frozenset[str]:
        """The key actions usable now (``presenter.KEY_ACTIONS``)."""
        return IDLE_KEYS if self.model is None else self.model.keys

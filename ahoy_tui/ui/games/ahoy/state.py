"""The AHOY table screen's state: the kit's table state plus the local selection and the model shown.

One object, owned by :class:`~ahoy_tui.ui.games.ahoy.table.TableScreen` and
handed to its collaborators (keys, dialogs, pacing): they read it, and the
keys move the selection; nobody redeclares it.
"""

from __future__ import annotations

from ahoy_tui.ui.games.ahoy.presenter import IDLE_KEYS
from ahoy_tui.ui.games.ahoy.prompts import Prompt
from ahoy_tui.ui.table_kit.state import TableState
from ahoy_tui.ui.games.ahoy.model import Selection, TableModel

_NO_PROMPT = Prompt("")


class AhoyTableState(TableState):
    """What one AHOY table screen knows now.

    Attributes:
        selection: The card cursor, marks and HANDS UP! sub-prompt (``table_model.Selection``).
        model: What the panels show for ``update``, the look and ``selection`` (None before the first).
    """

    def __init__(self, table_id: str) -> None:
        super().__init__(table_id)
        self.selection = Selection()
        self.model: TableModel | None = None

    @property
    def prompt(self) -> Prompt:
        """The focused prompt shown."""
        return _NO_PROMPT if self.model is None else self.model.prompt

    @property
    def keys(self) -> frozenset[str]:
        """The key actions usable now (``presenter.KEY_ACTIONS``)."""
        return IDLE_KEYS if self.model is None else self.model.keys

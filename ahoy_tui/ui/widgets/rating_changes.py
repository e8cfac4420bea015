"""The rating changes a finished game made, one line per rated player (docs/community.md).

Shown on the game-over screen of every game. Hidden until the lobby answers;
a game the server counted but did not rate (fewer than two keyed players: bots
and keyless names are never rated, docs/community.md) shows one line saying why
(issue 24.8); a server that keeps no ratings shows nothing.
"""

from __future__ import annotations

from typing import Any, Sequence

from rich.text import Text
from textual.widgets import Static

from ahoy_tui.ui.community_text import change_lines
from ahoy_tui.ui.services import services
from ahoy_tui.ui.text import asciify


class RatingChanges(Static):
    """Asks ``lobby.rating_changes(table_id)`` once mounted and shows ``anna: 1000 -> 1043 (+43)`` lines.

    Args:
        table_id: The table whose last finished game to ask about (None: show nothing).
        names: Seat names in play order (player-controlled: cleaned by ``change_lines``).
    """

    def __init__(self, table_id: str | None, names: Sequence[str], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.table_id = table_id
        self.names = list(names)

    def on_mount(self) -> None:
        self.display = False
        if self.table_id is not None:
            self.run_worker(self.show(self.table_id), exclusive=True, group="ratings")

    async def show(self, table_id: str) -> None:
        """Fetch the changes of ``table_id``'s last game and show them; nothing when the lobby has no
        ratings or nobody was rated."""
        app = services(self)
        changes = await app.lobby.rating_changes(table_id)
        lines = change_lines(app.lang, self.names, changes)
        if not self.is_attached or not changes:
            return
        fix = asciify if app.ascii_only else (lambda s: s)
        text = Text(fix(app.t("cm.changes_head")) + "\n", style="bold")
        text.append(fix("\n".join(lines) if lines else app.t("cm.unrated_game")))
        self.update(text)
        self.display = True

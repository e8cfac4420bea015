"""The cheapest Textual screen update the server can host: the floor under a table update (issue 25).

``ahoy-server --app floor_app:create_app`` (with ``bench/`` on
``PYTHONPATH``; ``bench/update_floor.py`` does this) hosts :class:`FloorApp`
in every session: one Line-API widget of 24 rows, nothing else. A process
timer (one for all sessions, period ``FLOOR_PERIOD`` seconds, default
0.25) changes one row of every session's widget per tick, as a log line
would, and refreshes that row's region only: per session and tick one
Textual screen update over one changed row, one frame diff, one SSH write.
The table screen's update does all of that and more (presenter, painter,
five to seven panels, the lobby's message), so this is a lower bound for
any design that keeps a Textual app per session.

``FLOOR_STYLED=1``: the row is drawn in three colours (as the log's lines
are), not plain.
"""

from __future__ import annotations

import asyncio
import os
import weakref
from typing import Any

from rich.segment import Segment
from rich.style import Style
from textual.app import App, ComposeResult
from textual.geometry import Region
from textual.strip import Strip
from textual.widget import Widget

PERIOD = float(os.environ.get("FLOOR_PERIOD", "0.25"))
STYLED = os.environ.get("FLOOR_STYLED", "1") == "1"
ROWS = 24
_APPS: weakref.WeakSet[FloorApp] = weakref.WeakSet()
_ticker: asyncio.Task[None] | None = None
_STYLES = (Style(color="bright_white", bold=True), Style(color="cyan"), Style(color="yellow"))


def row_text(tick: int, width: int) -> Strip:
    """Row ``tick``'s content: a sentence as long as a log line, in three colours (``FLOOR_STYLED``)."""
    words = f"Tick {tick}: Hook offered Calico Jack a card for the 7 of clubs".ljust(width)[:width]
    if not STYLED:
        return Strip([Segment(words)], width)
    third = width // 3
    parts = (words[:third], words[third:2 * third], words[2 * third:])
    return Strip([Segment(p, s) for p, s in zip(parts, _STYLES)], width)


class Rows(Widget):
    """24 rows drawn with the Line API; :meth:`tick` changes one and repaints only it."""

    def __init__(self) -> None:
        super().__init__()
        self.rows: list[Strip] = []
        self.ticks = 0

    def on_resize(self) -> None:
        self.rows = [row_text(-1, self.size.width)] * ROWS
        self.refresh()

    def tick(self) -> None:
        if not self.rows:
            return
        y = self.ticks % ROWS
        self.rows[y] = row_text(self.ticks, self.size.width)
        self.ticks += 1
        self.refresh(Region(0, y, self.size.width, 1))

    def render_line(self, y: int) -> Strip:
        return self.rows[y] if y < len(self.rows) else Strip.blank(self.size.width)


class FloorApp(App[None]):
    """One Line-API widget, ticked by the process timer."""

    CSS = "Rows { height: 1fr; }"

    def __init__(self, *_args: Any, **_kwargs: Any) -> None:
        super().__init__()

    def compose(self) -> ComposeResult:
        yield Rows()

    def on_mount(self) -> None:
        global _ticker
        _APPS.add(self)
        if _ticker is None:
            _ticker = asyncio.get_running_loop().create_task(_tick_all())


async def _tick_all() -> None:
    """Every ``PERIOD`` seconds, one row of every app changes (each in its own app's context)."""
    while True:
        await asyncio.sleep(PERIOD)
        for app in list(_APPS):
            if app.is_running:
                app.call_later(app.query_one(Rows).tick)


def create_app(*args: Any, **kwargs: Any) -> FloorApp:
    """The ``--app`` factory (any session info, lobby and handle are ignored)."""
    return FloorApp(*args, **kwargs)

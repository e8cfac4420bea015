"""The lobby's box of players online: the names that fit, then "+N more"."""

from __future__ import annotations

from typing import Any

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style
from textual.geometry import Region
from textual.strip import Strip
from textual.widget import Widget

from ahoy_tui.hosting.textual_private import set_border_title_text
from ahoy_tui.ui.text import asciify, clean

KEY_MARK = "✓"
"""Before the name of a player who logged in with an SSH key (asciified: ``+``)."""


class OnlineList(Widget):
    """The players online: the names that fit, then "+N more" on the last line.

    Drawn line by line (Textual's line API): a change repaints only the lines
    that differ, and a new count only the title line, where a ``Static``
    would repaint (and lay out) the whole box. Names are hostile strings:
    cleaned to one line of at most 16 characters. A name whose player logged
    in with an SSH key starts with ``KEY_MARK`` (``+`` in ASCII mode); no
    name can start with it otherwise (``server.identity.sanitize_name``), so
    a keyless nickname never looks like a keyed name.
    """

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.names: list[str] = []
        self.keyed: frozenset[str] = frozenset()
        self.ascii_only = False
        self.more = "+{n}"
        self._drawn: list[str] = []
        self._drawn_height = -1

    def show(self, names: list[str], title: str, more: str, ascii_only: bool,
             keyed: frozenset[str] = frozenset()) -> None:
        """Show ``names`` (not copied: the caller must not change the list) under ``title``.

        ``more`` is the last line's text when not every name fits, with ``{n}``
        for the number of names left out; names in ``keyed`` get the key mark.
        """
        restyle = ascii_only != self.ascii_only or more != self.more
        self.names, self.more, self.ascii_only, self.keyed = names, more, ascii_only, keyed
        height = self.size.height
        lines = self.visible_lines(height)
        if restyle or height != self._drawn_height:
            self.refresh()
        else:
            width, old = self.size.width, self._drawn
            for y in range(max(len(old), len(lines))):  # rows added or removed change too
                if y >= len(old) or y >= len(lines) or old[y] != lines[y]:
                    self.refresh(Region(0, y, width, 1))
        self._drawn, self._drawn_height = lines, height
        self._set_title(title)

    def _set_title(self, title: str) -> None:
        """Change the border title, repainting only the top border line."""
        if title == self.border_title:
            return
        region = self.region
        # The ``border_title`` setter repaints the whole box; only its top line shows the title.
        if not self.is_mounted or not region or not set_border_title_text(self, title):
            self.border_title = title
            return
        left, top = self.content_offset
        self.refresh(Region(-left, -top, region.width, 1))

    def visible_lines(self, height: int) -> list[str]:
        """The lines shown in ``height`` rows: names that fit, or all but the last and "+N more"."""
        names = self.names
        if height <= 0:
            return []
        if len(names) <= height:
            shown, rest = names, 0
        else:
            shown, rest = names[:height - 1], len(names) - (height - 1)
        lines = [f"{KEY_MARK} {clean(n, 16)}" if n in self.keyed else clean(n, 16) for n in shown]
        if rest:
            lines.append(self.more.format(n=rest))
        if self.ascii_only:
            lines = [asciify(line) for line in lines]
        return lines

    def on_resize(self) -> None:
        self._drawn, self._drawn_height = self.visible_lines(self.size.height), self.size.height

    def render_line(self, y: int) -> Strip:
        width, height = self.size
        if height != self._drawn_height:
            self._drawn, self._drawn_height = self.visible_lines(height), height
        style = self.rich_style
        blank = Style.from_color(bgcolor=style.bgcolor)  # as a Static pads its lines
        text = self._drawn[y] if 0 <= y < len(self._drawn) else ""
        if not text:
            return Strip.blank(width, blank)
        return Strip([Segment(text, style)], cell_len(text)).adjust_cell_length(width, blank)

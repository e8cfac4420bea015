"""A widget drawn from a list of rows that repaints only the rows that change.

The table's panels (seats, prompt, log) change a row or two per move. Drawn
with Textual's line API from a list of :class:`~textual.strip.Strip`, a new
list repaints just the rows that differ from the old one, and lays the
screen out only when the number of rows changes while the widget's height
follows its content (issue 6, docs/performance.md).

Rows are also styled once: a row object keeps its styled content line, and
:class:`RowStylesCache` keeps the finished line (padding, borders, colours)
of each content line, so a row that stays or moves (the log panel scrolling
up by one) costs a dictionary lookup on the next frame, not Textual's
per-line styling again.

Rows are shared by every session of the process (issue 25): the four
seated players of a table see the same seat rows, piles, banner and log
lines. :meth:`RowsWidget.wrap` keeps the rows of each text (by its content,
width and wrapping) in a process-wide cache, so the same text gives the same
:class:`~textual.strip.Strip` objects in every session, and the styled and
finished lines of a row are kept process-wide too (by the row's identity and
what its styling depends on): the first session to show a row styles it,
the other three look it up. Strips are immutable, so sharing them is safe.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any, Iterable

from rich.segment import Segment
from rich.style import Style
from rich.terminal_theme import DEFAULT_TERMINAL_THEME
from rich.text import Text
from textual.geometry import Region, Size
from textual.strip import Strip
from textual.widget import Widget

from ahoy_tui.hosting.textual_private import StylesCache, repaint_region, set_styles_cache, shared_line_filters

#: Finished lines a :class:`RowStylesCache` keeps before it starts again (a bound in
#: case a widget never calls :meth:`RowStylesCache.keep_only`).
FINISHED_LINES_KEPT = 256

#: Entries each process-wide cache keeps (texts wrapped, rows styled, lines finished), newest kept.
#: A row is shared between the sessions of one update (milliseconds apart) and kept by each widget
#: after that, so a short memory does: three caches of ~1 KiB rows stay under ~6 MiB.
SHARED_KEPT = 2048


class SharedCache:
    """A bounded process-wide map, least recently used first out (``SHARED_KEPT`` entries)."""

    def __init__(self, kept: int = SHARED_KEPT) -> None:
        self.kept = kept
        self._items: OrderedDict[Any, Any] = OrderedDict()

    def get(self, key: Any) -> Any:
        """The value kept for ``key`` (now the most recent), or None."""
        value = self._items.get(key)
        if value is not None:
            self._items.move_to_end(key)
        return value

    def put(self, key: Any, value: Any) -> None:
        """Keep ``value`` for ``key``, letting the least recently used entry go past ``kept``."""
        self._items[key] = value
        if len(self._items) > self.kept:
            self._items.popitem(last=False)

    def clear(self) -> None:
        self._items.clear()


WRAPPED = SharedCache()
"""``(text's content, width, wrap)`` -> its rows (:meth:`RowsWidget.wrap`)."""

STYLED = SharedCache()
"""``(id(row), width, base style)`` -> ``(row, styled row)`` (:meth:`RowsWidget.render_line`)."""

FINISHED = SharedCache()
"""``(id(content line), styling key)`` -> ``(content line, finished line)`` (:class:`RowStylesCache`)."""


def clear_shared() -> None:
    """Empty the process-wide caches (benches and tests that count work from a cold start)."""
    for cache in (WRAPPED, STYLED, FINISHED):
        cache.clear()


def share(on: bool) -> None:
    """Share rows between sessions (the default) or not (``SHARED_KEPT`` 0: the figures before sharing)."""
    for cache in (WRAPPED, STYLED, FINISHED):
        cache.kept = SHARED_KEPT if on else 0
        cache.clear()


def text_key(text: Text) -> tuple:
    """What ``text``'s rendering depends on (hashable unless a style in it is not)."""
    return (text.plain, tuple(text.spans), text.style, text.justify, text.overflow, text.no_wrap, text.end,
            text.tab_size)


class RowStylesCache(StylesCache):
    """Textual's per-widget line styler, remembering each content line's finished line.

    A content row's finished line (``StylesCache.render_line``: the line
    padded, bordered at the sides and coloured) depends only on the content
    line and on the widget's size, colours and box styles, not on its ``y``.
    Finished lines are kept by content line *object* while those stay the
    same; any change of size, colours, padding, border, outline, tint, hatch,
    opacity or ANSI theme starts afresh, as does :meth:`clear`. Top and
    bottom rows (borders, padding, outlines) go Textual's way every time.
    Depends on Textual 8.2.8's ``StylesCache.render``/``render_line``
    signatures (pinned; docs/ssh.md).
    """

    def __init__(self) -> None:
        super().__init__()
        self._finished: dict[int, tuple[Strip, Strip]] = {}
        self._finished_key: tuple | None = None

    def clear(self) -> None:
        super().clear()
        self._finished.clear()

    def keep_only(self, content: Iterable[Strip]) -> None:
        """Forget the finished lines of content lines other than ``content`` (those no longer shown)."""
        finished = self._finished
        self._finished = {id(line): finished[id(line)] for line in content
                          if id(line) in finished and finished[id(line)][0] is line}

    def render(self, styles, size, base_background, background, render_content_line,  # noqa: ANN001, D102
               filters, border_title, border_subtitle, content_size=None, padding=None, crop=None,
               opacity=1.0, ansi_theme=DEFAULT_TERMINAL_THEME, native_ansi=False):  # noqa: ANN201
        key = (size, content_size, padding, base_background, background, opacity, id(ansi_theme), native_ansi,
               styles.border, styles.outline, styles.tint, styles.text_opacity,
               styles.hatch if styles.has_rule("hatch") else None)
        if key != self._finished_key:
            self._finished.clear()
            self._finished_key = key
        filters = shared_line_filters(filters) if filters else filters  # a shared row filtered once per process
        return super().render(styles, size, base_background, background, render_content_line, filters,
                              border_title, border_subtitle, content_size=content_size, padding=padding,
                              crop=crop, opacity=opacity, ansi_theme=ansi_theme, native_ansi=native_ansi)

    def render_line(self, styles, y, size, content_size, padding, base_background, background,  # noqa: ANN001, D102
                    render_content_line, border_title, border_subtitle, opacity, ansi_theme,
                    native_ansi):  # noqa: ANN201
        top, _right, bottom, _left = styles.gutter
        outline = styles.outline
        content_y = y - top
        if (0 <= content_y < content_size.height and y < size.height - bottom
                and not (outline[0][0] and y == 0) and not (outline[2][0] and y == size.height - 1)):
            content = render_content_line(content_y)
            hit = self._finished.get(id(content))
            if hit is not None and hit[0] is content:
                return hit[1]
            shared_key = (id(content), self._finished_key)
            hit = FINISHED.get(shared_key)  # another session finished this line with the same styles
            if hit is None or hit[0] is not content:
                hit = (content, super().render_line(styles, y, size, content_size, padding, base_background,
                                                    background, lambda _y: content, border_title,
                                                    border_subtitle, opacity, ansi_theme, native_ansi))
                FINISHED.put(shared_key, hit)
            if len(self._finished) >= FINISHED_LINES_KEPT:
                self._finished.clear()
            self._finished[id(content)] = hit
            return hit[1]
        return super().render_line(styles, y, size, content_size, padding, base_background, background,
                                   render_content_line, border_title, border_subtitle, opacity,
                                   ansi_theme, native_ansi)


class RowsWidget(Widget):
    """Content rows from :meth:`set_rows`; subclasses build them in :meth:`rebuild`.

    :meth:`rebuild` is called again when the width or the theme changes.
    """

    def __init__(self, **kwargs) -> None:  # noqa: ANN003
        super().__init__(**kwargs)
        self._rows: list[Strip] = []
        self._base: Style | None = None  # this widget's own colours (Textual recomputes them per call)
        self._row_cache = RowStylesCache()
        set_styles_cache(self, self._row_cache)
        self._styled: dict[int, tuple[Strip, Strip]] = {}  # id(row) -> (row, row cropped, extended, coloured)
        self._styled_for: tuple[int, Style] | None = None
        self._blank: Strip | None = None
        self.style_generation = 0
        """Counts theme/CSS changes (rows drawn with an older one must be drawn again)."""

    # -- for subclasses -----------------------------------------------------------
    def rebuild(self) -> None:
        """Build the rows for the current state and width, then call :meth:`set_rows`."""

    @property
    def row_width(self) -> int:
        """Width of a row in cells (the content area; 0 before the first layout)."""
        return self.content_region.width

    def wrap(self, text: Text, width: int | None = None, wrap: bool = True) -> list[Strip]:
        """``text`` as rows of at most ``width`` cells (default: :attr:`row_width`); one row if not ``wrap``.

        A one-line text that fits takes a short path (no measuring or wrapping).
        """
        width = max(1, self.row_width if width is None else width)
        key: tuple | None = (text_key(text), width, wrap)
        try:
            rows = WRAPPED.get(key)
        except TypeError:  # a style that cannot be hashed: not shared
            rows = key = None
        if rows is None:
            rows = self._render_rows(text, width, wrap)
            if key is not None:
                WRAPPED.put(key, rows)
        return list(rows)

    def _render_rows(self, text: Text, width: int, wrap: bool) -> list[Strip]:
        console = self.app.console
        if "\n" not in text.plain and text.cell_len <= width:
            return [Strip(list(text.render(console, end="")), text.cell_len)]
        options = console.options.update_width(width).update(highlight=False)
        if not wrap:
            options = options.update(no_wrap=True, overflow="ellipsis")
        lines = Segment.split_and_crop_lines(console.render(text, options), width, pad=False,
                                             include_new_lines=False)
        rows = [Strip(line) for line in lines] or [Strip([])]
        return rows if wrap else rows[:1]

    def set_rows(self, rows: Iterable[Strip], region_only: bool = True) -> None:
        """Show ``rows``; repaint the rows that differ (all if not ``region_only``)."""
        rows = list(rows)
        old = self._rows
        for y in range(min(len(rows), len(old))):
            if rows[y] is not old[y] and rows[y] == old[y]:
                rows[y] = old[y]  # the same row keeps its styled and finished lines
        self._rows = rows
        styled = self._styled
        self._styled = {id(row): styled[id(row)] for row in rows if id(row) in styled and styled[id(row)][0] is row}
        self._row_cache.keep_only(strip for _row, strip in self._styled.values())
        if len(rows) != len(old) and self.styles.height is not None and self.styles.height.is_auto:
            self.refresh(layout=True)
            return
        if not region_only:
            self.refresh()
            return
        changed = [y for y in range(max(len(rows), len(old)))
                   if y >= len(rows) or y >= len(old) or rows[y] != old[y]]
        if changed:
            repaint_region(self, Region(0, changed[0], max(1, self.row_width), changed[-1] - changed[0] + 1))

    # -- Textual ------------------------------------------------------------------------
    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._base = None
        self.style_generation += 1
        if self.is_mounted:
            self.call_later(self._restyle)

    def _restyle(self) -> None:
        self._rows = []
        self.rebuild()
        self.refresh()

    def on_resize(self) -> None:
        self.rebuild()
        self.refresh()

    def render_lines(self, crop: Region) -> list[Strip]:
        if self._base is None:
            self._base = self.rich_style
        styled_for = (self.row_width, self._base)
        if styled_for != self._styled_for:
            self._styled.clear()
            self._styled_for = styled_for
            self._blank = Strip.blank(*styled_for)
        return super().render_lines(crop)

    def render_line(self, y: int) -> Strip:
        width, base = self._styled_for or (self.row_width, self.rich_style)
        if y >= len(self._rows):
            return self._blank or Strip.blank(width, base)
        row = self._rows[y]
        hit = self._styled.get(id(row))
        if hit is not None and hit[0] is row:
            return hit[1]
        shared_key = (id(row), width, base)
        hit = STYLED.get(shared_key)  # another session styled this row alike
        if hit is None or hit[0] is not row:
            hit = (row, row.crop_extend(0, width, Style()).apply_style(base))
            STYLED.put(shared_key, hit)
        self._styled[id(row)] = hit
        return hit[1]

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return max(1, len(self._rows))

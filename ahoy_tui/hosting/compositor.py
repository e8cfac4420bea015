"""A compositor that renders only the rows a partial update repaints.

Textual's :class:`~textual._compositor.Compositor` answers a partial update
(some widgets refreshed) by rendering, for every widget that meets the
bounding box of all dirty regions, *every* line of that widget, then keeps
only the dirty lines. On the table screen a move dirties the log (top
right) and the prompt (bottom left), so the bounding box is the whole
screen, and every panel and container went through Textual's per-line
styling each frame (issue 6, docs/performance.md: ~5 ms a frame).

:class:`FrugalCompositor` renders, for each widget, only the rows of the
dirty regions that meet that widget; widgets that meet no dirty region are
skipped; a widget under two dirty regions far apart renders two bands of
rows, not everything between them, and a widget whose dirty cells are
all drawn by widgets in front of it (a container's children) is not
rendered at all. The pixels are the same: a cell of a dirty span can only come from
a widget under that span. Full updates (layout, resize) are Textual's own.

Textual's private names it depends on (``Compositor._get_renders``,
``._dirty_regions``, ``Screen._compositor``) are used in
:mod:`ahoy_tui.hosting.textual_private` (``RowsCompositor``), which this
subclasses.
"""

from __future__ import annotations

from typing import Any, Iterable

from textual.geometry import Region
from textual.strip import Strip

from ahoy_tui.hosting.textual_private import RowsCompositor, set_compositor


class FrugalCompositor(RowsCompositor):
    """Textual's compositor, rendering only dirty rows in partial updates."""

    def partial_renders(self, crop: Region, regions: list[Region]) -> Iterable[tuple[Region, Region, list[Strip]]]:
        drawn: list[Region] = []  # what widgets in front have drawn (front to back order)
        for widget, (region, clip) in self.visible_widgets.items():
            visible = region.intersection(clip)
            for top, bottom in _bands(r.intersection(visible) for r in regions if r.overlaps(visible)):
                rows = Region(clip.x, top, clip.width, bottom - top).intersection(clip)
                x, y, width, height = area = region.intersection(rows)
                if not (width and height) or all(_covered(r.intersection(area), drawn)
                                                 for r in regions if r.overlaps(area)):
                    continue  # its dirty cells are drawn by widgets in front, which win every cut there
                drawn.append(area)
                yield region, rows, widget.render_lines(Region(x - region.x, y - region.y, width, height))


def _covered(area: Region, fronts: list[Region]) -> bool:
    """Whether the union of ``fronts`` covers every cell of ``area``."""
    x, y, width, height = area
    right = x + width
    overlapping = [front for front in fronts if front.overlaps(area)]
    if any(front.contains_region(area) for front in overlapping):
        return True
    for row in range(y, y + height):
        reach = x
        for left, end in sorted((f.x, f.right) for f in overlapping if f.y <= row < f.bottom):
            if left > reach:
                return False
            reach = max(reach, end)
            if reach >= right:
                break
        if reach < right:
            return False
    return True


def _bands(regions: Iterable[Region]) -> list[tuple[int, int]]:
    """The rows ``[top, bottom)`` that ``regions`` cover, overlapping ones merged, top first."""
    bands: list[tuple[int, int]] = []
    for top, bottom in sorted((r.y, r.bottom) for r in regions):
        if bands and top <= bands[-1][1]:
            bands[-1] = (bands[-1][0], max(bands[-1][1], bottom))
        else:
            bands.append((top, bottom))
    return bands

def use_frugal_compositor(screen: Any) -> None:
    """Give ``screen`` a :class:`FrugalCompositor` (call in its ``__init__``, before it is laid out)."""
    set_compositor(screen, FrugalCompositor())

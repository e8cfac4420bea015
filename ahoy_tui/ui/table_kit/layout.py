"""The table's layout per terminal size: compact (60x20 up to 80x24), normal (80x24), wide and tall.

The screen carries CSS classes (``ahoy.tcss`` reads them):

- ``-compact`` (under 80 columns or 24 rows, down to the 60x20 minimum):
  panels lose their frames, the log and table chat sit side by side under
  the prompt, the hand has no frame; nothing the game needs is dropped.
- ``-wide`` (110 columns or more): the log and chat column takes 36% of the
  width instead of 34 cells.
- ``-tall`` (30 rows or more): the banner gets 4 rows, so a HANDS UP!'s
  face-down cards are drawn as card frames; the seat ring may grow.

Classes change only when the size crosses a threshold (a resize), never per
update, so the frugal per-move redraw is untouched.
"""

from __future__ import annotations

COMPACT_BELOW = (80, 24)
"""Under either (columns, rows): the compact layout."""
WIDE_FROM = 110
"""Columns from which the log column widens."""
TALL_FROM = 30
"""Rows from which the banner draws card frames."""


def size_classes(width: int, height: int) -> dict[str, bool]:
    """``{css class: on}`` for a terminal of ``width`` x ``height`` cells."""
    return {
        "-compact": width < COMPACT_BELOW[0] or height < COMPACT_BELOW[1],
        "-wide": width >= WIDE_FROM,
        "-tall": height >= TALL_FROM and width >= COMPACT_BELOW[0],
    }


def apply_size(screen, width: int, height: int) -> None:  # noqa: ANN001
    """Set ``screen``'s size classes for ``width`` x ``height`` (only the ones that change)."""
    for name, on in size_classes(width, height).items():
        if screen.has_class(name) != on:
            screen.set_class(on, name)

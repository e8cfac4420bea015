"""Per-session frame diff: send only the cells a client's screen lacks.

Textual repaints a widget's whole region (``ChopsUpdate``: every chop of
every dirty span), although most of its cells are usually what the client
already shows (borders, unchanged rows, padding). :class:`FrameDiff` keeps a
*shadow* of the client's screen: per row, its text (one narrow character
per cell) and per cell its :class:`~ahoy_tui.hosting.render.Pen`, or ``None`` for a
cell whose content is not known (its character is then a placeholder). A
partial update is compared with it and only the runs of cells that differ
are written (cursor move + the run, runs closer than :data:`GAP` cells
joined); the shadow takes the new cells. Output is the same text a terminal
shows with Textual's encoding, in fewer bytes.

What resets the shadow (the client can never be left with a wrong screen):

* a full update (``LayoutUpdate``: first paint, resize, ``app.refresh()``)
  is painted whole, every row, and becomes the shadow;
* :meth:`FrameDiff.invalidate` (the driver calls it on a window change and
  when entering/leaving the alternate screen; also after any renderable
  that is not a compositor update): every cell unknown, so later partial
  updates paint their chops whole (as Textual would) until a full one;
* a partial update whose screen size differs from the shadow's is painted
  as if every cell were unknown.

Wide characters (CJK, emoji), zero-width and combining characters: a chop
containing one is painted whole, as Textual does, and its cells (plus the
cell after it, in case the terminal measured a character differently) are
left unknown, so they are painted again next time. A full-update row with
one is left unknown.

Any error while encoding invalidates the shadow and falls back to Textual's
own ``render_segments`` for that frame.

Each frame of a hosted app passes :meth:`FrameDiff.wrap` (the one display
hook of ``ahoy_tui.hosting.apps.prepare_app``, after ``hosting.FirstPaint``): apps
that are not hosted, and Textual's headless apps, are untouched. Textual
internals used: the compositor update classes and their fields
(``ChopsUpdate.chops/spans/chop_ends``, ``LayoutUpdate.strips/region``), from
:mod:`ahoy_tui.hosting.textual_private`.
"""

from __future__ import annotations

import logging
from collections import OrderedDict
from functools import lru_cache
from itertools import compress, count
from operator import is_not, ne, or_
from typing import Any

from rich.cells import get_character_cell_size
from rich.color import ColorSystem
from rich.console import Console
from textual.strip import Strip

from ahoy_tui.hosting.render import NO_PEN, Pen, color_system_of, encode_segments, pen, transition
from ahoy_tui.hosting.textual_private import ChopsUpdate, CompositorUpdate, LayoutUpdate
from ahoy_tui.hosting.textual_private import is_single_cell_widths as _is_single_cell_widths

log = logging.getLogger(__name__)

#: Unchanged cells between two changed runs of a row that are sent anyway,
#: instead of a cursor move (``ESC[y;xH`` is 6-8 bytes).
GAP = 4


@lru_cache(maxsize=4096)
def _narrow_only(text: str) -> bool:
    return all(get_character_cell_size(c) == 1 for c in text)


def narrow(text: str) -> bool:
    """True if every character of ``text`` is one cell wide (no wide or zero-width)."""
    return _is_single_cell_widths(text) or _narrow_only(text)


#: Chops whose cells :data:`_CHOP_CELLS` keeps (the oldest entry goes first): sharing is between
#: the sessions of one table update (milliseconds apart), so a short memory does (~1 KiB a chop).
CHOPS_KEPT = 1024
_CHOP_CELLS: OrderedDict[tuple[int, ColorSystem], tuple[Strip, str | None, tuple[Pen, ...]]] = OrderedDict()
"""``(id(chop), colour system)`` -> ``(chop, its text or None if not all narrow, a pen per cell)``."""


def _chop_cells(strip: Strip, color_system: ColorSystem) -> tuple[Strip, str | None, tuple[Pen, ...]]:
    """A chop's characters and a pen per cell, kept process-wide by the chop's identity.

    Chops are the compositor's pieces of widgets' finished lines, and those
    are shared by the sessions that show a row alike (the four seats of a
    table: ``ahoy_tui.ui.widgets.rows``); strips are immutable, so the first
    session's decomposition serves the others (issue 25). The text is None
    when a segment holds a wide, zero-width or combining character (the chop
    is then painted whole).
    """
    texts: list[str] = []
    pens: list[Pen] = []
    text: str | None = None
    for segment_text, style, _control in strip:
        if not (_is_single_cell_widths(segment_text) or _narrow_only(segment_text)):
            break
        texts.append(segment_text)
        pens.extend([NO_PEN if style is None else pen(style, color_system)] * len(segment_text))
    else:
        text = "".join(texts)
    kept = (strip, text, tuple(pens))
    _CHOP_CELLS[(id(strip), color_system)] = kept
    if len(_CHOP_CELLS) > CHOPS_KEPT:
        _CHOP_CELLS.popitem(last=False)
    return kept


class _Encoded(CompositorUpdate):
    """A compositor update whose ``render_segments`` goes through a :class:`FrameDiff`."""

    def __init__(self, frames: FrameDiff, update: CompositorUpdate) -> None:
        self.frames = frames
        self.update = update

    def render_segments(self, console: Console) -> str:
        return self.frames.encode(self.update, console)


class FrameDiff:
    """One session's shadow of its client's screen and the frame encoder.

    Never shared between sessions. Not thread-safe (used on the app's loop).

    Attributes:
        full_frames: Full updates encoded.
        partial_frames: Partial updates encoded.
        fallbacks: Frames handed to Textual's encoder after an error.
    """

    def __init__(self) -> None:
        self._chars: list[str] | None = None
        self._pens: list[list[Pen | None]] | None = None
        self._size = (0, 0)
        self._known = False
        self.full_frames = 0
        self.partial_frames = 0
        self.fallbacks = 0

    # -- hook ---------------------------------------------------------
    def wrap(self, renderable: Any) -> Any:
        """The frame to hand Textual instead of ``renderable``.

        A compositor update comes back encoded by :meth:`encode` when Textual
        renders it; anything else (not ``None``) invalidates the shadow and
        goes unchanged. Textual still does the rest: batch checks,
        synchronized output, the cursor move, the write.
        """
        if isinstance(renderable, CompositorUpdate):
            if not isinstance(renderable, _Encoded):
                renderable = _Encoded(self, renderable)
        elif renderable is not None:
            self.invalidate()
        return renderable

    def invalidate(self) -> None:
        """Forget the client's screen: later partial updates paint whole chops."""
        self._chars = self._pens = None
        self._known = False

    @property
    def known(self) -> bool:
        """True once a full update was painted and nothing invalidated it since."""
        return self._known

    # -- encoding -----------------------------------------------------
    def encode(self, update: CompositorUpdate, console: Console) -> str:
        """Terminal output for ``update`` given what the client shows; updates the shadow.

        Args:
            update: A ``LayoutUpdate`` or ``ChopsUpdate`` (anything else is
                encoded by Textual and invalidates the shadow).
            console: The session's console (its colour system is used).

        Returns:
            Text with escape sequences, ending with the SGR state reset (or
            unchanged). Cursor position afterwards is undefined (Textual
            moves it after every frame).
        """
        color_system = color_system_of(console)
        try:
            if isinstance(update, ChopsUpdate):
                self.partial_frames += 1
                return self._partial(update, color_system)
            if isinstance(update, LayoutUpdate) and update.region.x == 0 and update.region.y == 0:
                self.full_frames += 1
                return self._full(update, color_system)
        except Exception:
            log.exception("frame diff failed; repainting with Textual's encoder")
            self.fallbacks += 1
        self.invalidate()
        return update.render_segments(console)

    def _full(self, update: LayoutUpdate, color_system: ColorSystem) -> str:
        width, height = update.region.size
        chars: list[str] = []
        pens: list[list[Pen | None]] = []
        parts: list[str] = []
        append = parts.append
        current = NO_PEN
        for y, line in enumerate(update.strips):
            append(f"\x1b[{y + 1};1H")
            texts: list[str] = []
            row_pens: list[Pen | None] = []
            known = True
            for strip in line:
                for text, style, _control in strip:
                    if not text:
                        continue
                    new = NO_PEN if style is None else pen(style, color_system)
                    if new is not current:
                        if new != current:
                            append(transition(current, new))
                        current = new
                    append(text)
                    if known:
                        if narrow(text):
                            texts.append(text)
                            row_pens.extend([new] * len(text))
                        else:
                            known = False
            row_text = "".join(texts)
            if not known or len(row_text) != width:
                row_text, row_pens = " " * width, [None] * width
            chars.append(row_text)
            pens.append(row_pens)
        for _ in range(len(chars), height):
            chars.append(" " * width)
            pens.append([None] * width)
        append(transition(current, NO_PEN))
        self._chars, self._pens, self._size, self._known = chars, pens, (width, height), True
        return "".join(parts)

    def _partial(self, update: ChopsUpdate, color_system: ColorSystem) -> str:
        chops, chop_ends = update.chops, update.chop_ends
        height = len(chops)
        width = chop_ends[0][-1] if height and chop_ends[0] else 0
        if self._chars is None or self._pens is None or self._size != (width, height):
            self._chars = [" " * width for _ in range(height)]
            self._pens = [[None] * width for _ in range(height)]
            self._size, self._known = (width, height), False
        all_chars, all_pens = self._chars, self._pens
        parts: list[str] = []
        append = parts.append
        current = NO_PEN
        pending: tuple[int, int, int] | None = None  # (y, start, stop) not yet written

        def emit(y: int, start: int, stop: int) -> None:
            """Write cells ``[start, stop)`` of shadow row ``y``."""
            nonlocal current
            row_text, row_pens = all_chars[y], all_pens[y]
            append(f"\x1b[{y + 1};{start + 1}H")
            i = start
            while i < stop:
                p = row_pens[i]
                j = i + 1
                while j < stop and row_pens[j] is p:
                    j += 1
                if p is not current:
                    if p != current:
                        append(transition(current, p))  # type: ignore[arg-type]
                    current = p  # type: ignore[assignment]
                append(row_text[i:j])
                i = j

        def add_run(y: int, start: int, stop: int) -> None:
            """Queue a changed run, joined to the queued one when close on the same row."""
            nonlocal pending
            if pending is not None:
                py, pstart, pstop = pending
                if py == y and pstart <= start <= pstop + GAP and None not in all_pens[y][pstop:start]:
                    pending = (y, pstart, max(pstop, stop))
                    return
                emit(py, pstart, pstop)
            pending = (y, start, stop)

        def flush() -> None:
            nonlocal pending
            if pending is not None:
                emit(*pending)
                pending = None

        cells_of = _CHOP_CELLS.get
        for y, x1, x2 in update.spans:
            row_pens = all_pens[y]
            for end, (x, strip) in zip(chop_ends[y], chops[y].items()):
                if strip is None or x >= x2 or end <= x1:
                    continue
                stop = min(end, x2)
                cells = stop - x
                kept = cells_of((id(strip), color_system))
                if kept is None or kept[0] is not strip:
                    kept = _chop_cells(strip, color_system)
                _strip, new_text, full_pens = kept
                new_pens = list(full_pens[:cells])
                if new_text is None or len(new_text) < cells:
                    flush()
                    append(f"\x1b[{y + 1};{x + 1}H")
                    if cells < strip.cell_length:
                        strip = strip.crop(0, cells)
                    current = encode_segments(strip, color_system, parts, current)
                    blank = min(stop + 1, width) - x
                    row = all_chars[y]
                    all_chars[y] = row[:x] + " " * blank + row[x + blank :]
                    row_pens[x : x + blank] = [None] * blank
                    continue
                if len(new_text) > cells:
                    new_text = new_text[:cells]
                row = all_chars[y]
                old_text, old_pens = row[x:stop], row_pens[x:stop]
                if new_text == old_text and new_pens == old_pens:
                    continue
                all_chars[y] = row[:x] + new_text + row[stop:]
                row_pens[x:stop] = new_pens
                differs = map(or_, map(ne, new_text, old_text), map(is_not, new_pens, old_pens))
                changed = list(compress(count(), differs))  # indices of changed cells
                if not changed:
                    continue
                run_start = run_stop = changed[0]
                for i in changed:
                    if i - run_stop > GAP:
                        add_run(y, x + run_start, x + run_stop)
                        run_start = i
                    run_stop = i + 1
                add_run(y, x + run_start, x + run_stop)
        flush()
        append(transition(current, NO_PEN))
        return "".join(parts)

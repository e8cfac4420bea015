"""A per-colour-system render path for Textual strips (process-wide patch).

Textual's ``Strip.render(console)`` caches the rendered text on the strip
(``Strip._render_cache``) and reuses rich's ``Style._ansi``; both caches are
shared by every app in the process and ignore the console's colour system.
Strips and styles are themselves shared through ``lru_cache``s, so with
sessions of different colour depths one session's codes reach another.

:func:`install` replaces ``Strip.render`` with a version whose only caches
are keyed by ``(style, colour system)`` (:func:`pen`) or by pens already
resolved for one colour system (:func:`transition`). It is installed by the
server at start-up, never on import.

Encoding. Textual writes every segment as ``ESC[{sgr}m{text}ESC[0m``. Here a
strip is a sequence of *pens* (what a cell looks like on the wire: SGR
parameters and hyperlink): text of consecutive segments with the same pen is
written under one SGR, a change of pen writes only what differs
(:func:`transition`: colours alone when the attributes stay, else
``ESC[0;{sgr}m``), and the strip ends with one reset. The screen that
results is the same as with Textual's encoding; tests compare both on a
terminal emulator (``tests/hosting/test_frame_diff.py``).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Callable, Iterable, NamedTuple

from rich.color import ColorSystem
from rich.console import COLOR_SYSTEMS, Console
from rich.segment import Segment
from rich.style import Style
from textual.strip import SGR_STYLES, Strip

from ahoy_tui.hosting.textual_private import replace_strip_method, style_attribute_bits

_original_render: Callable[[Strip, Console], str] | None = None


class Pen(NamedTuple):
    """How a cell is drawn on the wire, for one colour system.

    Attributes:
        sgr: All SGR parameters (``"1;38;5;12;48;5;0"``), ``""`` for none.
        attrs: The attribute part (``"1;4"``).
        fg: The foreground part (``"31"``, ``"38;5;12"``, ``"39"``) or ``""``.
        bg: The background part or ``""``.
        link: Hyperlink target (OSC 8) or ``""``.
        link_id: OSC 8 ``id`` (only meaningful with ``link``).
    """

    sgr: str
    attrs: str
    fg: str
    bg: str
    link: str
    link_id: str


@lru_cache(maxsize=8192)
def _intern(value: Pen) -> Pen:
    """Equal pens as one object (identity comparisons hit in the common case)."""
    return value


#: The terminal's state after ``ESC[0m`` (and no open hyperlink).
NO_PEN = _intern(Pen("", "", "", "", "", ""))


@lru_cache(maxsize=16384)
def pen(style: Style, color_system: ColorSystem) -> Pen:
    """The :class:`Pen` of ``style`` at ``color_system`` (never ``style._ansi``).

    Args:
        style: A rich style.
        color_system: The session console's colour system.

    Returns:
        An interned pen (equal pens are usually the same object).
    """
    attributes = style_attribute_bits(style)
    attrs = ";".join(
        SGR_STYLES[bit] for bit in range(attributes.bit_length()) if attributes & (1 << bit)
    )
    color, bgcolor = style.color, style.bgcolor
    fg = ";".join(color.downgrade(color_system).get_ansi_codes()) if color is not None else ""
    bg = ";".join(bgcolor.downgrade(color_system).get_ansi_codes(False)) if bgcolor is not None else ""
    sgr = ";".join(part for part in (attrs, fg, bg) if part)
    link = style.link or ""
    return _intern(Pen(sgr, attrs, fg, bg, link, style.link_id if link else ""))


def color_system_of(console: Console) -> ColorSystem:
    """The colour system ``console`` writes (truecolor when it has none: monochrome is clamped later)."""
    return COLOR_SYSTEMS.get(console.color_system or "", ColorSystem.TRUECOLOR)


@lru_cache(maxsize=16384)
def transition(before: Pen, after: Pen) -> str:
    """Escape codes that turn a terminal drawing with ``before`` into ``after``.

    Args:
        before: The pen in effect (``NO_PEN`` after a reset).
        after: The pen wanted.

    Returns:
        ``""`` when nothing changes; else SGR (only the colours when the
        attributes are equal, ``ESC[0;…m`` otherwise, ``ESC[0m`` for no
        style) and OSC 8 hyperlink close/open as needed.
    """
    out = ""
    if before.link != after.link or (after.link and before.link_id != after.link_id):
        if before.link:
            out += "\x1b]8;;\x1b\\"
        if after.link:
            out += f"\x1b]8;id={after.link_id};{after.link}\x1b\\"
    if before.sgr != after.sgr:
        if not after.sgr:
            out += "\x1b[0m"
        elif not before.sgr:
            out += f"\x1b[{after.sgr}m"
        elif before.attrs == after.attrs:
            codes = []
            if before.fg != after.fg:
                codes.append(after.fg or "39")
            if before.bg != after.bg:
                codes.append(after.bg or "49")
            out += f"\x1b[{';'.join(codes)}m"
        else:
            out += f"\x1b[0;{after.sgr}m"
    return out


def encode_segments(
    segments: Iterable[Segment], color_system: ColorSystem, parts: list[str], current: Pen
) -> Pen:
    """Append the encoding of ``segments`` to ``parts``, starting at pen ``current``.

    Args:
        segments: Rich segments (``style`` ``None`` means no style).
        color_system: The session console's colour system.
        parts: Output list; the caller joins it.
        current: The pen in effect on the terminal before the first segment.

    Returns:
        The pen in effect after the last segment (no reset is appended).
    """
    append = parts.append
    for text, style, _control in segments:
        if not text:
            continue
        new = NO_PEN if style is None else pen(style, color_system)
        if new is not current:
            if new != current:
                append(transition(current, new))
            current = new
        append(text)
    return current


def _render(self: Strip, console: Console) -> str:
    """Render the strip for ``console``'s colour system (no shared cache).

    Same-pen runs share one SGR; the strip ends with the terminal reset.
    """
    parts: list[str] = []
    last = encode_segments(self, color_system_of(console), parts, NO_PEN)
    if last is not NO_PEN:
        parts.append(transition(last, NO_PEN))  # "" when equal to NO_PEN
    return "".join(parts)


def install() -> None:
    """Replace ``Strip.render`` with the per-colour-system version (idempotent)."""
    global _original_render
    if _original_render is None:
        _original_render = replace_strip_method("render", _render)


def uninstall() -> None:
    """Restore Textual's own ``Strip.render`` (used by tests)."""
    global _original_render
    if _original_render is not None:
        replace_strip_method("render", _original_render)
        _original_render = None


def installed() -> bool:
    """True while the per-colour-system render path is active."""
    return _original_render is not None

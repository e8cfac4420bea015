"""A per-colour-system render path for Textual strips (process-wide patch).

Textual's ``Strip.render(console)`` caches the rendered text on the strip
(``Strip._render_cache``) and reuses rich's ``Style._ansi``; both caches are
shared by every app in the process and ignore the console's colour system.
Strips and styles are themselves shared through ``lru_cache``s, so with
sessions of different colour depths one session's codes reach another.

:func:`install` replaces ``Strip.render`` with a version whose only cache is
keyed by ``(style, colour system)``. For a process running apps of a single
colour depth the output is byte-for-byte the same as Textual's. It is
installed by the server at start-up, never on import.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Callable

from rich.color import ColorSystem
from rich.console import Console
from rich.style import Style
from textual.strip import SGR_STYLES, Strip

_original_render: Callable[[Strip, Console], str] | None = None


@lru_cache(maxsize=16384)
def _sgr(style: Style, color_system: ColorSystem) -> str:
    """The SGR parameters for ``style`` at ``color_system``, without touching
    ``style._ansi``."""
    sgr: list[str]
    if attributes := style._attributes & style._set_attributes:
        sgr = [
            SGR_STYLES[bit]
            for bit in range(attributes.bit_length())
            if attributes & (1 << bit)
        ]
    else:
        sgr = []
    if (color := style._color) is not None:
        sgr.extend(color.downgrade(color_system).get_ansi_codes())
    if (bgcolor := style._bgcolor) is not None:
        sgr.extend(bgcolor.downgrade(color_system).get_ansi_codes(False))
    return ";".join(sgr)


def _render(self: Strip, console: Console) -> str:
    """Render the strip for ``console``'s colour system (no shared cache)."""
    color_system = console._color_system or ColorSystem.TRUECOLOR
    parts: list[str] = []
    append = parts.append
    for text, style, _control in self._segments:
        if style is None:
            append(text)
            continue
        ansi = _sgr(style, color_system)
        output = f"\x1b[{ansi}m{text}\x1b[0m" if ansi else text
        if style._link:
            output = f"\x1b]8;id={style._link_id};{style._link}\x1b\\{output}\x1b]8;;\x1b\\"
        append(output)
    return "".join(parts)


def install() -> None:
    """Replace ``Strip.render`` with the per-colour-system version (idempotent)."""
    global _original_render
    if _original_render is None:
        _original_render = Strip.render
        Strip.render = _render  # type: ignore[method-assign]


def uninstall() -> None:
    """Restore Textual's own ``Strip.render`` (used by tests)."""
    global _original_render
    if _original_render is not None:
        Strip.render = _original_render  # type: ignore[method-assign]
        _original_render = None


def installed() -> bool:
    """True while the per-colour-system render path is active."""
    return _original_render is not None

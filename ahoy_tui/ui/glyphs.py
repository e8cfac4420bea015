"""ASCII mode for Textual's own glyphs: scrollbars, checkboxes, select arrows.

Textual draws these with block and arrow characters that a terminal without
UTF-8 shows as garbage. Scrollbars are drawn by a class-wide renderer, so
:class:`SessionScrollBarRender` (installed once per process) looks at the app
being rendered: ASCII bars when it has the ``-ascii`` class (``AhoyApp`` sets it
with its ASCII mode; the ASCII frames of ``ahoy.tcss`` follow the same class),
Textual's own for any other app. Checkboxes and select arrows are per widget
and set by :func:`apply_ascii`.
"""

from __future__ import annotations

from typing import Any

from textual.dom import DOMNode
from textual.scrollbar import ScrollBar, ScrollBarRender
from textual.widgets import Static

from ahoy_tui.hosting.textual_private import active_app

#: Checkbox sides and select arrows in ASCII mode.
ASCII_GLYPHS = {"BUTTON_LEFT": "[", "BUTTON_RIGHT": "]", "down-arrow": "v", "up-arrow": "^"}
_UNICODE_ARROWS = {"down-arrow": "▼", "up-arrow": "▲"}


class _AsciiBars(ScrollBarRender):
    """A scrollbar thumb made of coloured blanks only (no partial blocks)."""

    VERTICAL_BARS = [" "] * 8
    HORIZONTAL_BARS = [" "] * 8


class SessionScrollBarRender(ScrollBarRender):
    """Textual's scrollbar, or :class:`_AsciiBars` when the rendering app is in ASCII mode (its ``-ascii`` class)."""

    @classmethod
    def render_bar(cls, *args: Any, **kwargs: Any) -> Any:
        app = active_app.get(None)
        if app is not None and app.has_class("-ascii"):
            return _AsciiBars.render_bar(*args, **kwargs)
        return ScrollBarRender.render_bar(*args, **kwargs)


def install_scrollbars() -> None:
    """Make every scrollbar in this process follow its app's ASCII mode (idempotent)."""
    ScrollBar.renderer = SessionScrollBarRender


def apply_ascii(root: DOMNode, ascii_only: bool) -> None:
    """Swap the checkbox and select-arrow glyphs under ``root`` for ASCII (or back)."""
    for button in root.query("ToggleButton"):  # Checkbox, RadioButton (by CSS type name)
        for side in ("BUTTON_LEFT", "BUTTON_RIGHT"):
            if ascii_only:
                setattr(button, side, ASCII_GLYPHS[side])
            elif side in vars(button):
                delattr(button, side)
        button.refresh()
    for arrow in root.query(".arrow").results(Static):
        for name, glyph in _UNICODE_ARROWS.items():
            if arrow.has_class(name):
                arrow.update(ASCII_GLYPHS[name] if ascii_only else glyph)

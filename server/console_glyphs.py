"""Glyphs for the Linux console (TERM=linux): what its fonts can draw, and stand-ins for the rest.

A Linux virtual console draws text with a 256/512-glyph font: the
code page 437 set (light and double box lines, ``█ ▀ ▄ ▌ ▐ ░ ▒ ▓ ■``,
``♠ ♥ ♦ ♣``, ``► ◄ ▲ ▼``, ``• ○ → ←``...) plus Latin-1 letters in the
usual fonts (default8x16, Lat15/Terminus). Rounded corners, eighth
blocks, ``▮``, ``▶``, ``…``, ``★`` and emoji show as a box or a diamond
there. For such a session every character sent is mapped, cell width kept,
onto that set (:func:`to_console`): ``╭`` becomes ``┌``, ``▮`` ``■``,
``…`` ``.``; anything else unknown becomes ``?`` (one per cell).
"""

from __future__ import annotations

from rich.cells import cell_len

#: The glyphs code page 437 shows for bytes 0x01-0x1F and 0x7F (fonts map them by Unicode).
_CP437_PICTURES = "☺☻♥♦♣♠•◘○◙♂♀♪♫☼►◄↕‼¶§▬↨↑↓→←∟↔▲▼⌂"

#: Every character a session on the Linux console may receive (besides control bytes).
LINUX_GLYPHS: frozenset[str] = frozenset(
    bytes(range(0x20, 0x7F)).decode("ascii")
    + bytes(range(0x80, 0x100)).decode("cp437")
    + bytes(range(0xA0, 0x100)).decode("latin-1")
    + _CP437_PICTURES
)

#: Stand-ins of the same width for glyphs the UI and Textual use.
SUBSTITUTES: dict[str, str] = {
    "╭": "┌", "╮": "┐", "╰": "└", "╯": "┘",
    "━": "─", "┃": "│", "┏": "┌", "┓": "┐", "┗": "└", "┛": "┘", "┣": "├", "┫": "┤", "┳": "┬", "┻": "┴",
    "╋": "┼", "╴": "─", "╶": "─", "╵": "│", "╷": "│", "╌": "─", "╎": "│",
    "▮": "■", "▯": "░", "▶": "►", "◀": "◄", "▸": "►", "◂": "◄", "▴": "▲", "▾": "▼",
    "●": "•", "◆": "♦", "◇": "○", "★": "*", "☆": "*", "✓": "√", "✔": "√", "✗": "x", "✘": "x",
    "…": ".", "—": "-", "–": "-", "‘": "'", "’": "'", "“": '"', "”": '"', "‹": "<", "›": ">",
    "▁": " ", "▂": " ", "▃": "▄", "▅": "▄", "▆": "█", "▇": "█", "▔": " ", "▕": "▐",
    "▏": "▌", "▎": "▌", "▍": "▌", "▋": "▌", "▊": "█", "▉": "█",
    "▖": "▄", "▗": "▄", "▘": "▀", "▝": "▀", "▙": "█", "▛": "█", "▜": "█", "▟": "█", "▚": "▒", "▞": "▒",
    "⏱": " ", "⚓": "?", "🃏": "JK",
}


class _ConsoleMap(dict):
    """``str.translate`` table: kept, substituted or ``?`` per cell; filled as characters are met."""

    def __missing__(self, code: int) -> str:
        ch = chr(code)
        if ch in LINUX_GLYPHS or code < 0x20 or code == 0x7F:
            out = ch  # kept as is (control bytes belong to escape sequences)
        else:
            width = max(1, cell_len(ch))
            out = SUBSTITUTES.get(ch)
            if out is None or cell_len(out) != width:
                out = "?" * width
        self[code] = out
        return out


_MAP = _ConsoleMap()


def to_console(text: str) -> str:
    """``text`` with every character outside :data:`LINUX_GLYPHS` replaced, cell widths unchanged.

    Escape sequences are ASCII and pass untouched; the same object is
    returned when ``text`` is ASCII.
    """
    if text.isascii():
        return text
    return text.translate(_MAP)


def linux_console(term: str | None) -> bool:
    """True for the Linux virtual console's TERM (``linux``, ``linux-16color``...)."""
    return (term or "").lower().startswith("linux")

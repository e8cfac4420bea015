"""Plain-text safety and card labels (issue 5: hostile strings, ASCII mode).

Player-controlled strings (names, chat, table names) are hostile: they are
turned into :class:`rich.text.Text` through :func:`plain`, which drops every
control character (C0, C1, DEL: no escape sequence reaches the terminal) and
every bidi control, and is never parsed as markup.
"""

from __future__ import annotations

import re
import unicodedata

from rich.text import Text

from ahoy_tui.games.ahoy import cards as C

#: Bidi embedding/override/isolate controls and marks (Unicode "Bidi_Control").
BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
_ASCII_PUNCT = {
    "→": "->", "←": "<-", "—": "-", "–": "-", "…": "...", "•": "*", "·": "|", "“": '"', "”": '"',
    "«": '"', "»": '"', "¡": "!", "¿": "?", "▶": ">", "❚": "|", "●": "*", "○": "o", "▮": "#", "▯": ".",
    "★": "*", "✓": "+", "⏱": "", "⚓": "", "♠": "S", "♥": "H", "♦": "D", "♣": "C", "🃏": "JK",
    "’": "'", "│": "|", "─": "-", "↔": "<->",
    "„": '"', "↑": "^", "↓": "v", "▸": ">", "░": "#", "ß": "ss",
}
_UMLAUT = re.compile(r"[ÄÖÜ](?=[A-ZÄÖÜ])|(?<=[A-ZÄÖÜ])[ÄÖÜ]|[äöüÄÖÜß]")
_UMLAUT_ASCII = {"ä": "ae", "ö": "oe", "ü": "ue", "Ä": "Ae", "Ö": "Oe", "Ü": "Ue", "ß": "ss"}


def german_ascii(text: str) -> str:
    """``text`` with German's umlauts and ß as German writes them in ASCII: "Schlüssel" -> "Schluessel",
    "HÄNDE HOCH!" -> "HAENDE HOCH!" (not "Schlussel", "HANDE")."""
    def one(m: re.Match) -> str:
        ch = m.group(0)
        word = m.string[max(0, m.start() - 1):m.end() + 1]
        caps = ch.isupper() and sum(c.isupper() for c in word) > 1
        return _UMLAUT_ASCII[ch].upper() if caps else _UMLAUT_ASCII[ch]

    return _UMLAUT.sub(one, text)


#: Characters that make a terminal's width of an emoji differ from Rich's: the zero width joiner
#: (Rich counts a joined sequence as one 2-cell emoji, most terminals as its parts), the
#: variation selectors (Rich widens a narrow symbol followed by VS16 to 2 cells, most terminals
#: do not) and the skin tone modifiers (Rich: 0 cells, most terminals: 2).
UNSTEADY_WIDTH = frozenset("\u200d\ufe0e\ufe0f" + "".join(map(chr, range(0x1F3FB, 0x1F400))))


def steady_width(text: str) -> str:
    """``text`` without :data:`UNSTEADY_WIDTH` characters, so that every terminal gives it the
    width Rich (and so Textual's layout) gives it: each emoji stands alone and a border after it
    stays in its column (issue 24, 13). "🏴‍☠️" (flag, joiner, skull, VS16) becomes "🏴☠"."""
    if text.isascii():
        return text
    return "".join(ch for ch in text if ch not in UNSTEADY_WIDTH)


def clean(value: object, limit: int = 400) -> str:
    """``value`` as a string without control or bidi characters, at most ``limit`` chars.

    Tabs and newlines become spaces: a player's text is always one line.
    Emoji joiners, variation selectors and skin tone modifiers are dropped
    (:func:`steady_width`): the text takes the same columns in every terminal.
    """
    out = []
    for ch in str(value)[: limit * 2]:
        if ch in BIDI_CONTROLS or ch in UNSTEADY_WIDTH:
            continue
        cat = unicodedata.category(ch)
        if cat == "Cc":
            if ch in "\t\n\r":
                out.append(" ")
            continue
        if cat in ("Cf", "Cs", "Co", "Cn"):
            continue
        out.append(ch)
    return "".join(out)[:limit]


def asciify(text: str) -> str:
    """``text`` with only ASCII characters: suits as letters, accents stripped (ASCII mode)."""
    if text.isascii():
        return text
    text = german_ascii(text)
    out = []
    for ch in text:
        if ch.isascii():
            out.append(ch)
        elif ch in _ASCII_PUNCT:
            out.append(_ASCII_PUNCT[ch])
        else:
            base = unicodedata.normalize("NFKD", ch).encode("ascii", "ignore").decode()
            out.append(base or "?")
    return "".join(out)


_NUMBERED = re.compile(r"^(.*\S)( \(\d+\))$")


def cut_keeping_number(name: str, limit: int) -> str:
    """``name`` cut to ``limit`` characters, keeping a trailing `` (n)``.

    The lobby makes table names unique with `` (2)``, `` (3)``... (``lobby/names.py``);
    cut plainly, "Barco de bo" and "Barco de bo (2)" both read "Barco de b" in
    a narrow column. Cut here they read "Barco de b" and "Barco (2)".
    """
    if len(name) <= limit:
        return name
    m = _NUMBERED.match(name)
    if m is None or len(m.group(2)) >= limit:
        return name[:limit]
    return m.group(1)[: limit - len(m.group(2))].rstrip() + m.group(2)


def plain(value: object, style: str = "", ascii_only: bool = False, limit: int = 400) -> Text:
    """A hostile string as safe rich ``Text`` (never markup)."""
    s = clean(value, limit)
    return Text(asciify(s) if ascii_only else s, style=style, no_wrap=False)


def card_label(ident: int, ascii_only: bool = False) -> str:
    """Short name of a card identity: ``"10♥"``, ``"JK"`` (ASCII: ``"10H"``)."""
    if ident == C.JOKER:
        return "JK"
    rank = C.RANKS[C.rank_of(ident)]
    return rank + (C.SUITS if ascii_only else C.SUIT_SYMBOLS)[C.suit_of(ident)]


def card_style_key(ident: int) -> str:
    """Key of the card's style in a theme's ``[cards]`` table."""
    return "joker" if ident == C.JOKER else ("spades", "hearts", "diamonds", "clubs")[C.suit_of(ident)]


def card_text(ident: int, styles: dict[str, str], ascii_only: bool = False, extra: str = "") -> Text:
    """A card label styled by suit (theme ``[cards]`` table)."""
    style = styles.get(card_style_key(ident), "")
    return Text(card_label(ident, ascii_only), style=f"{style} {extra}".strip())


def cards_text(idents, styles: dict[str, str], ascii_only: bool = False, sep: str = " ") -> Text:
    """Several card labels separated by ``sep``."""
    out = Text()
    for i, ident in enumerate(idents):
        if i:
            out.append(sep)
        out.append_text(card_text(ident, styles, ascii_only))
    return out

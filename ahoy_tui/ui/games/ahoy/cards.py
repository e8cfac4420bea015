"""AHOY!! V2's cards as text: labels (``7♥``, ``7H`` in ASCII mode), their theme style, styled runs."""

from __future__ import annotations

from rich.text import Text

from ahoy_tui.games.ahoy import cards as C


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

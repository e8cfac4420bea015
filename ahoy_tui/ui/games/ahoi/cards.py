"""Ahoi's cards as text: a face-up value, a face-down back, a layout row with position numbers.

Every value any Ahoi screen shows is drawn by :func:`face` (``[ 7]``,
``[13]``), so one pattern (:data:`FACE`) finds every value a client was
sent: the leak scan of ``tests/e2e`` reads screens with it. A back is
``[##]`` (ASCII) or ``[░░]``; a position number stands before each card
(``1[##] 2[ 5]``), so backs and faces never look alike.
"""

from __future__ import annotations

import re
from typing import Mapping

from rich.text import Text

FACE = re.compile(r"\[ ?(1[0-3]|[0-9])\]")
"""A face-up card as :func:`face` draws it; group 1 is its value (0..13)."""
BACK = "[##]"
BACK_UTF8 = "[░░]"

ACTION_NAMES = {7: "Lupe", 8: "Lupe", 9: "Fernrohr", 10: "Fernrohr", 11: "Tauschen", 12: "Tauschen"}
"""The printed action of a value (AH1); the name stays German in every language."""


def face(value: int) -> str:
    """``value`` (0..13) face up: ``[ 7]``, ``[13]``."""
    return f"[{value:>2}]"


def back(ascii_only: bool) -> str:
    """A face-down card."""
    return BACK if ascii_only else BACK_UTF8


def card_style(value: int | None, styles: Mapping[str, str]) -> str:
    """The theme's style for a face (its ``joker`` colour for action cards, bold else) or a back."""
    if value is None:
        return styles.get("back", "")
    return styles.get("joker", "bold") if value in ACTION_NAMES else "bold"


def row(values: list[int | None], ascii_only: bool, styles: Mapping[str, str],
        marked: frozenset[int] = frozenset()) -> Text:
    """One layout left to right: ``1[##] 2[ 5] 3[##]``; ``values[i]`` is position ``i + 1``'s
    value when the viewer may see it now, else None; ``marked`` positions are shown reversed."""
    out = Text(no_wrap=True, overflow="crop")
    for i, value in enumerate(values):
        if i:
            out.append(" ")
        pos = i + 1
        out.append(str(pos), style="bold reverse" if pos in marked else "dim")
        out.append(back(ascii_only) if value is None else face(value), style=card_style(value, styles))
    return out


def faces(values: list[int]) -> str:
    """Several faces, one space apart (``[ 3] [ 3]``)."""
    return " ".join(face(v) for v in values)

"""The session's preferences a table is drawn with (every game's presenter takes one)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Mapping

if TYPE_CHECKING:
    from ahoy_tui.ui.services import AppServices


@dataclass(frozen=True)
class Look:
    """The session's preferences the table is drawn with.

    Attributes:
        lang: ``"en"``, ``"es"`` or ``"de"``.
        ascii_only: Suits as letters, ASCII frames and punctuation.
        theme: Theme name (its card styles are ``card_styles``).
        card_styles: Rich styles for cards in that theme (suit, back, ...).
        me: This session's lobby name (hostile; compared cleaned to 16 characters).
        auto_pass: "Always pass on step-in" is on (``AhoyApp.auto_pass``).
    """

    lang: str = "en"
    ascii_only: bool = False
    theme: str = ""
    card_styles: Mapping[str, str] = field(default_factory=dict)
    me: str = ""
    auto_pass: bool = False


def look_of(app: AppServices, auto_pass: bool = False) -> Look:
    """The session's look (language, ASCII mode, theme, card styles, name; ``auto_pass`` as given)."""
    return Look(app.lang, app.ascii_only, app.theme, app.card_styles, app.me, auto_pass)

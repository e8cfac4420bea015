"""Bot levels as players see them: easy (``random``), normal (``baseline``), hard (issue 17).

The lobby names bots by kind (``GameSpec.bot_kinds``); the UI names them by
level, in this order, in the create-table dialog, the add-bot chooser and
the seat lists. A level's measured strength (issue 30: ``bench/bot_strength.py``
writes it into the game's package, ``games.kit.strength`` reads it) follows the
level where players choose or read a bot: ``bot, hard · 1520``; unknown, nothing.
"""

from __future__ import annotations

from typing import Callable

from ahoy_tui.community.rating import marked
from ahoy_tui.games.base import Strength
from ahoy_tui.games.registry import GAMES

LEVELS: tuple[str, ...] = ("random", "baseline", "hard")
"""Bot kinds from easiest to hardest."""


def levels_for(game: str) -> tuple[str, ...]:
    """The bot kinds ``game`` seats (its ``GameSpec.bot_kinds``), easiest first: ``("random", "baseline", "hard")``
    for both games (Ahoi's hard level since issue 30).

    Raises:
        KeyError: ``game`` is not in ``games.registry``.
    """
    kinds = GAMES[game].bot_kinds
    return tuple(k for k in LEVELS if k in kinds) + tuple(k for k in kinds if k not in LEVELS)


def either(t: Callable[..., str], words: list[str]) -> str:
    """``words`` as one choice in ``t``'s language: "easy or normal", "1, 2 or 3"."""
    return words[0] if len(words) == 1 else t("bot.levels_or", first=", ".join(words[:-1]), last=words[-1])


def refusal(t: Callable[..., str], game: str) -> str:
    """The sentence that refuses a bot level ``game`` does not seat: "Bots at this table play easy, normal or hard." """
    return t("bot.refused", levels=either(t, [t(f"level.{k}") for k in levels_for(game)]))


def level_hint(t: Callable[..., str], game: str) -> str:
    """The add-bot chooser's hint: "Press 1, 2 or 3 for the bot's level (Esc: cancel)."."""
    return t("bot.hint_levels", keys=either(t, [str(n) for n in range(1, len(levels_for(game)) + 1)]))


def level_word(t: Callable[..., str], kind: str | None) -> str:
    """The translated level of a bot ``kind`` ("easy", "normal", "hard"), or "" for no or an unknown kind."""
    return t(f"level.{kind}") if kind in LEVELS else ""


def bot_tag(t: Callable[..., str], kind: str | None) -> str:
    """A bot as players read it everywhere (waiting room, seat ring, table chat, docs): ``bot, hard``,
    ``bot, normal`` (just ``bot`` for an unknown kind); issue 24.13: one naming, never "baseline bot"."""
    word = level_word(t, kind)
    return f"{t('wait.bot')}, {word}" if word else t("wait.bot")


def ring_tag(t: Callable[..., str], kind: str | None) -> str:
    """A bot's word in the narrow seat ring, :func:`bot_tag` shortened: ``bot`` for the normal level,
    ``bot hard`` / ``bot easy`` otherwise (the same level words)."""
    word = level_word(t, kind)
    return f"{t('wait.bot')} {word}" if word and kind != "baseline" else t("wait.bot")


def strength(game: str | None, kind: str | None) -> Strength | None:
    """The measured strength of ``game``'s bot ``kind`` (``GameSpec.bot_strength``), or None: unknown
    (no such game or kind, or no data file)."""
    spec = GAMES.get(game) if isinstance(game, str) else None
    return spec.bot_strength(kind) if spec is not None else None


def strength_label(game: str | None, kind: str | None) -> str:
    """A bot level's rating as players read people's (``community.rating.marked``): ``"1520"``,
    ``"1520?"`` from fewer than 10 games, ``""`` when unknown."""
    s = strength(game, kind)
    return marked(s.rating, s.games) if s is not None else ""


def with_strength(text: str, game: str | None, kind: str | None) -> str:
    """``text`` (a level or a :func:`bot_tag`) with the level's rating after it: ``"bot, hard · 1520"``;
    ``text`` alone when the strength is unknown."""
    label = strength_label(game, kind)
    return f"{text} · {label}" if label else text


def rated_bot_tag(t: Callable[..., str], game: str | None, kind: str | None) -> str:
    """:func:`bot_tag` with the level's measured rating, for the seat lists: ``bot, hard · 1520``
    (``bot, hard`` when unknown)."""
    return with_strength(bot_tag(t, kind), game, kind)

"""Leaderboards and profile cards as lines of text, for the TUI and the no-PTY commands (docs/community.md).

Names are player-controlled: callers pass them through ``clean`` (here) and
build ``rich.text.Text`` from the lines, never markup.
"""

from __future__ import annotations

import time
from typing import Sequence

from ahoy_tui.community.rating import PROVISIONAL_GAMES, Change, label, keyed
from ahoy_tui.community.service import BoardRow, GameCard, Profile
from ahoy_tui.games import DEFAULT_GAME, GAMES
from ahoy_tui.ui.bot_levels import level_word, levels_for, strength, strength_label
from ahoy_tui.ui.i18n import tr
from ahoy_tui.ui.text import clean

NAME_COLUMNS = 16
RECENT_SHOWN = 3
"""Newest games a profile card lists per game."""


def game_title(game: str) -> str:
    """The title players read for a registry name (``"AHOY!! V2"``, ``"Ahoi"``)."""
    spec = GAMES.get(game)
    return spec.title if spec is not None else game


def board_title(lang: str, board: str, players: int = 0, game: str = DEFAULT_GAME) -> str:
    """The heading of a leaderboard (``overall``, ``recent``, ``players``) of ``game``."""
    return f"{game_title(game)} · {tr(lang, f'cm.board.{board}', n=players)}"


def _pad(text: str, width: int) -> str:
    from rich.cells import cell_len

    return text + " " * max(0, width - cell_len(text))


def board_lines(lang: str, board: str, rows: Sequence[BoardRow]) -> list[str]:
    """The column heads and one line per row (rank, rating, name, games, wins, then the
    average place or, on the ``recent`` board, the rating gained)."""
    if not rows:
        return [tr(lang, "cm.board.empty")]
    extra = "cm.col.gained" if board == "recent" else "cm.col.avg"
    cols = [tr(lang, k) for k in ("cm.col.rank", "cm.col.rating", "cm.col.player", "cm.col.games",
                                   "cm.col.wins", extra)]
    out = [f"{cols[0]:>3}  {cols[1]:<7} {_pad(cols[2], NAME_COLUMNS)} {cols[3]:>8} {cols[4]:>9}  {cols[5]}"]
    for r in rows:
        if board == "recent":
            tail = f"{r.gained:+d}" if r.gained is not None else "-"
        else:
            tail = "-" if r.average_place is None else f"{r.average_place:.2f}"
        out.append(f"{r.rank:>3}  {label(r.rating):<7} {_pad(clean(r.name, NAME_COLUMNS), NAME_COLUMNS)}"
                   f" {r.games:>8} {r.wins:>9}  {tail}")
    return out


def board_note(lang: str, board: str = "overall") -> str:
    """What ``?`` means and who is rated on ``board`` (the ``bots`` board rates bot API programs among
    themselves; every other board rates people with a key)."""
    return tr(lang, "cm.board.note_bots" if board == "bots" else "cm.board.note", n=PROVISIONAL_GAMES)


def profile_lines(lang: str, p: Profile) -> list[str]:
    """A profile card: the name, then per game played its rating, every stat, per seat count
    and the newest games."""
    name, is_keyed = clean(p.player.name, NAME_COLUMNS), keyed(p.player.identity)
    out = [name if is_keyed else tr(lang, "cm.keyless", name=name)]
    if not is_keyed:
        out.append(tr(lang, "cm.unrated"))
    for card in p.games:
        out += game_lines(lang, card, is_keyed)
    return out


def bot_lines(lang: str, name: str, game: str, kind: str | None) -> list[str]:
    """A bot's profile card (issue 30): that it is a bot, its game and level, its level's measured
    strength (``bot_levels.strength``, on people's scale) or that it is unknown, every level's
    strength of that game, and that games against bots are not rated."""
    t = lambda key, **kw: tr(lang, key, **kw)  # noqa: E731
    level = level_word(t, kind) or kind or "?"
    out = [clean(name, NAME_COLUMNS), t("cm.bot", name=clean(name, NAME_COLUMNS), game=game_title(game), level=level)]
    s = strength(game, kind)
    out.append(t("cm.bot_unknown") if s is None else
               t("cm.bot_strength", rating=strength_label(game, kind), games=s.games, date=s.date or "-"))
    known = [f"{level_word(t, k) or k} {strength_label(game, k)}" for k in (levels_for(game) if game in GAMES else ())
             if strength_label(game, k)]
    if known:
        out.append(t("cm.bot_levels", levels=" · ".join(known)))
    out.append(t("cm.bot_unrated"))
    return out


def game_lines(lang: str, card: GameCard, is_keyed: bool) -> list[str]:
    """One game's part of a profile card: title and rating, generic counts, the game's own
    counters (``GameSpec.stat_lines``), per seat count, the newest games."""
    s, r = card.stats, card.rating
    head = game_title(card.game)
    if is_keyed:
        rating = (tr(lang, "cm.rating_none") if r is None
                  else counted(lang, "cm.rating", r.games, rating=label(r), games=r.games))
        head = f"{head} · {rating}"
    avg = "-" if s.average_place is None else f"{s.average_place:.2f}"
    pph = "-" if s.points_per_hand is None else f"{s.points_per_hand:.1f}"
    hands = dict(hands=s.hands, won=s.hands_won, pph=pph)
    out = [head, "  " + tr(lang, "cm.games", games=s.games, wins=s.wins, avg=avg, left=s.left),
           "  " + _text(lang, f"cm.hands.{card.game}", tr(lang, "cm.hands", **hands), **hands)]
    spec = GAMES.get(card.game)
    for line in spec.stat_lines if spec is not None else ():
        counts = {c: s.count(c) for c in line.counters}
        out.append("  " + _text(lang, f"cm.stat.{card.game}.{line.key}", line.text.format(**counts), **counts))
    if card.by_count:
        out.append("  " + " · ".join(
            tr(lang, "cm.by_count", n=n, games=counted(lang, "cm.n_games", c.games),
               wins=counted(lang, "cm.n_wins", c.wins)) for n, c in sorted(card.by_count.items())))
    if card.recent:
        games = ", ".join(f"{time.strftime('%Y-%m-%d', time.gmtime(f))} {pl}/{n}"
                          + (f" {a - b:+d}" if a is not None and b is not None else "")
                          for _, f, pl, n, b, a in card.recent[:RECENT_SHOWN])
        out.append("  " + tr(lang, "cm.recent", games=games))
    return out


def counted(lang: str, key: str, n: int, **kw: object) -> str:
    """The text ``key`` for a count ``n``: ``key.one`` when ``n`` is 1 ("1 game"), else ``key``
    ("3 games"); ``n`` is passed as ``{n}``."""
    return tr(lang, f"{key}.one" if n == 1 else key, n=n, **kw)


def _text(lang: str, key: str, fallback: str, **kw: object) -> str:
    """The text ``key`` in ``lang`` (else English), or ``fallback`` when no language has it."""
    text = tr(lang, key, **kw)
    return fallback if text == key else text


def change_lines(lang: str, names: Sequence[str], changes: Sequence[Change | None]) -> list[str]:
    """One line per rated seat: ``anna: 1000? -> 1043? (+43)`` (``?``: provisional, as on the
    leaderboard); empty when nobody was rated."""
    return [tr(lang, "cm.change", name=clean(n, NAME_COLUMNS), before=c.labels[0], after=c.labels[1],
               delta=f"{c.after - c.before:+d}")
            for n, c in zip(names, changes) if c is not None]

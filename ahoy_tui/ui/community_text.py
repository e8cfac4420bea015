"""Leaderboards and profile cards as lines of text, for the TUI and the no-PTY commands (docs/community.md).

Names are player-controlled: callers pass them through ``clean`` (here) and
build ``rich.text.Text`` from the lines, never markup.
"""

from __future__ import annotations

import time
from typing import Sequence

from ahoy_tui.community.rating import PROVISIONAL_GAMES, label, keyed
from ahoy_tui.community.service import BoardRow, Profile
from ahoy_tui.ui.i18n import tr
from ahoy_tui.ui.text import clean

NAME_COLUMNS = 16


def board_title(lang: str, board: str, players: int = 0) -> str:
    """The heading of a leaderboard (``overall``, ``recent``, ``players``)."""
    return tr(lang, f"cm.board.{board}", n=players)


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


def board_note(lang: str) -> str:
    """What ``?`` means and who is rated."""
    return tr(lang, "cm.board.note", n=PROVISIONAL_GAMES)


def profile_lines(lang: str, p: Profile) -> list[str]:
    """A profile card: name, rating, every stat, per seat count, the newest games."""
    s, name = p.stats, clean(p.player.name, NAME_COLUMNS)
    r = p.player.rating
    out = [name if keyed(p.player.identity) else tr(lang, "cm.keyless", name=name)]
    if not keyed(p.player.identity):
        out.append(tr(lang, "cm.unrated"))
    elif r is None:
        out.append(tr(lang, "cm.rating_none"))
    else:
        out.append(tr(lang, "cm.rating", rating=label(r), games=r.games))
    avg = "-" if s.average_place is None else f"{s.average_place:.2f}"
    pph = "-" if s.points_per_hand is None else f"{s.points_per_hand:.1f}"
    out += [tr(lang, "cm.games", games=s.games, wins=s.wins, avg=avg, left=s.left),
            tr(lang, "cm.hands", hands=s.hands, won=s.hands_won, pph=pph),
            tr(lang, "cm.ahoys", ahoys=s.ahoys, dealt=s.ahoys_dealt),
            tr(lang, "cm.raids", made=s.raids_made, suffered=s.raids_suffered),
            tr(lang, "cm.offers", made=s.offers_made, accepted=s.offers_accepted),
            tr(lang, "cm.lies", told=s.lies_told, received=s.lies_received),
            tr(lang, "cm.loser", n=s.biggest_loser)]
    out += [tr(lang, "cm.by_count", n=n, games=c.games, wins=c.wins) for n, c in sorted(p.by_count.items())]
    if p.recent:
        games = ", ".join(f"{time.strftime('%Y-%m-%d', time.gmtime(f))} {pl}/{n}"
                          + (f" {a - b:+d}" if a is not None and b is not None else "")
                          for _, f, pl, n, b, a in p.recent[:5])
        out.append(tr(lang, "cm.recent", games=games))
    return out


def change_lines(lang: str, names: Sequence[str], changes: Sequence[tuple[int, int] | None]) -> list[str]:
    """One line per rated seat: ``anna: 1000 -> 1043 (+43)``; empty when nobody was rated."""
    return [tr(lang, "cm.change", name=clean(n, NAME_COLUMNS), before=b, after=a, delta=f"{a - b:+d}")
            for n, c in zip(names, changes) if c is not None for b, a in [c]]

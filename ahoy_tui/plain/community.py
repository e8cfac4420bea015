"""``ssh host top [GAME] [30d|2..8|bots]`` and ``ssh host stats NAME``: leaderboards and profiles as plain text
(docs/community.md).

Everything shown is an aggregate over finished games (no hidden card), so
anyone may ask, with or without a key. Answers follow ``ahoy_tui.plain.answers``:
the client's language, printable characters only, status 0, or one line
and status 1 for a bad request.
"""

from __future__ import annotations

from ahoy_tui.games import DEFAULT_GAME, GAMES
from ahoy_tui.lobby.api import LobbyAPI
from ahoy_tui.lobby.errors import LobbyError, Unreadable
from ahoy_tui.lobby.names import sanitize_name
from ahoy_tui.ui.community_text import board_lines, board_note, board_title, profile_lines
from ahoy_tui.ui.i18n import tr

COMMUNITY_COMMANDS = ("top", "stats")
BOARD_LINES = 20
"""Lines ``top`` shows."""
PROFILES_SHOWN = 3
"""Players ``stats NAME`` shows when several were last seen under that name."""


def _board_of(words: list[str]) -> tuple[str, int, str] | None:
    """``top`` arguments to (board, seat count, game), or None when they are not one.

    A game's registry name may come first (``top ahoi 30d``); without one the board is
    ``DEFAULT_GAME``'s (AHOY!! V2).
    """
    game = DEFAULT_GAME
    if len(words) > 1 and words[1].lower() in GAMES:
        game, words = words[1].lower(), words[:1] + words[2:]
    which = _board_only(words)
    return None if which is None else (*which, game)


def _board_only(words: list[str]) -> tuple[str, int] | None:
    if len(words) == 1:
        return "overall", 0
    if len(words) == 2 and words[1] in ("30d", "30", "recent", "month"):
        return "recent", 0
    if len(words) == 2 and words[1] in ("overall", "all"):
        return "overall", 0
    if len(words) == 2 and words[1] == "bots":
        return "bots", 0
    if len(words) == 2 and words[1].isdigit() and 2 <= int(words[1]) <= 8:
        return "players", int(words[1])
    return None


async def community_answer(words: list[str], lobby: LobbyAPI, lang: str) -> tuple[str, int]:
    """The text and exit status of ``top ...`` or ``stats NAME`` (``words``: the command line split)."""
    try:
        if words[0] == "top":
            which = _board_of(words)
            if which is None:
                return tr(lang, "plain.top_usage"), 1
            rows = await lobby.leaderboard(which[0], which[1], BOARD_LINES, which[2])
            lines = [board_title(lang, *which), *board_lines(lang, which[0], rows), "", board_note(lang, which[0])]
            return "\n".join(lines) + "\n", 0
        name = sanitize_name(" ".join(words[1:]), 64) if len(words) > 1 else ""
        if not name:
            return tr(lang, "plain.stats_usage"), 1
        found = await lobby.profiles(name)
        if not found:
            return tr(lang, "cm.no_player", name=name[:24]) + "\n", 1
        blocks = ["\n".join(profile_lines(lang, p)) for p in found[:PROFILES_SHOWN]]
        return "\n\n".join(blocks) + "\n", 0
    except Unreadable:
        return tr(lang, "cm.unreadable") + "\n", 1
    except LobbyError:
        return tr(lang, "cm.no_stats") + "\n", 1

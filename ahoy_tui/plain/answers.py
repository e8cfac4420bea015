"""Plain-text answers for connections without a PTY.

``ssh -T host`` and ``ssh host help|rules|tables|games|top`` (and ``stats NAME``,
``ahoy_tui.plain.community``) get text with no escape bytes and exit status 0, ``ssh host record GAME_ID`` the caller's
record of that game (its seat's projection, R18) as ``.ahoy.jsonl`` text;
anything else gets a one-line error and status 1.
The answer is in the client's language (LANG/LC_ALL sent with SendEnv or
SetEnv); a client that sent a non-UTF-8 locale gets ASCII only.
"""

from __future__ import annotations

import re
import time
import unicodedata
from dataclasses import dataclass

from ahoy_tui.lobby.api import LobbyAPI
from ahoy_tui.lobby.errors import LobbyError, Unreadable
from ahoy_tui.lobby.names import sanitize_name
from ahoy_tui.plain.community import COMMUNITY_COMMANDS, community_answer
from ahoy_tui.ui.game_uis import rules_text
from ahoy_tui.ui.i18n import tr
from ahoy_tui.ui.option_text import game_word, status_word
from ahoy_tui.ui.text import german_ascii

COMMANDS = ("help", "rules", "tables", "games", "record", *COMMUNITY_COMMANDS)

@dataclass(frozen=True, slots=True)
class Answer:
    """What a no-PTY connection gets: text to print and an exit status."""

    text: str
    status: int


def _plain(text: str, utf8: bool = False) -> str:
    """Keep newlines and printable characters only (no escape or bidi bytes).

    Args:
        text: The answer.
        utf8: The client reads UTF-8: accented letters stay; otherwise they
            lose their accents and anything else outside printable ASCII goes.
    """
    if utf8:
        return "".join(ch for ch in text if ch == "\n" or ch.isprintable())
    text = german_ascii(text.replace("¡", "!").replace("¿", "?"))
    text = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in text if ch == "\n" or " " <= ch <= "~")


plain_text = _plain
"""Public name of :func:`_plain` for other no-PTY answers (``ahoy_tui.moderation.console``)."""


async def _tables(lobby: LobbyAPI, lang: str) -> str:
    tables = await lobby.table_summaries()
    lines = [tr(lang, "plain.online", n=len(await lobby.online_names()))]
    if not tables:
        lines.append(tr(lang, "plain.no_tables"))
    for t in tables:
        lines.append(tr(lang, "plain.table", id=t.table_id, name=_plain(sanitize_name(t.name, 24)),
                        taken=t.seats_taken, seats=t.seats, status=status_word(lang, t),
                        game=game_word(lang, t), lock=tr(lang, "plain.private") if t.private else ""))
    return "\n".join(lines) + "\n"


GAME_ID = re.compile(r"g[0-9a-z]{1,31}")
"""What an archive id looks like (``store.base.GameListing.game_id``); anything else is refused unasked."""

GAMES_LISTED = 20
"""Games ``ssh host games`` lists, newest first."""


def _date(seconds: float) -> str:
    """Wall-clock seconds as ``YYYY-MM-DD HH:MM`` in UTC."""
    return time.strftime("%Y-%m-%d %H:%M", time.gmtime(seconds))


def _game_line(g: object, identity: str, lang: str) -> str:
    """One ``games`` line: id, date (UTC), table, players, winners, the caller's place."""
    names = [sanitize_name(n, 16) for n in g.names]  # type: ignore[attr-defined]
    place = g.place_of(identity)  # type: ignore[attr-defined]
    winners = [names[i] for i, p in enumerate(g.places) if p == 1]  # type: ignore[attr-defined]
    return tr(lang, "plain.game", id=g.game_id, date=_date(g.finished),  # type: ignore[attr-defined]
              table=sanitize_name(g.table_name, 24), players=", ".join(names), winners=", ".join(winners),
              place="-" if place is None else place, of=len(names))


async def _history(words: list[str], lobby: LobbyAPI, lang: str, identity: str, name: str) -> Answer:
    """``games`` or ``record GAME_ID`` for ``identity``; a bad id is refused before the lobby is asked.

    The session connects to the lobby for the question only (``LobbyAPI`` commands take a
    handle) and never subscribes, so it takes no seat and hears nothing.
    """
    if words == ["record"]:
        return Answer(tr(lang, "plain.record_usage"), 1)
    if words[0] == "record" and (len(words) != 2 or not GAME_ID.fullmatch(words[1])):
        return Answer(tr(lang, "plain.no_game"), 1)
    handle = await lobby.connect(identity, name)
    try:
        if words[0] == "games":
            games = await lobby.my_games(handle, GAMES_LISTED)
            lines = [tr(lang, "plain.games_head")] if games else [tr(lang, "plain.no_games")]
            lines += [_game_line(g, identity, lang) for g in games]
            return Answer("\n".join(lines) + "\n", 0)
        try:
            return Answer(dumps_ascii(await lobby.game_record(handle, words[1])), 0)
        except Unreadable:
            return Answer(tr(lang, "plain.damaged_game"), 1)
        except LobbyError:
            return Answer(tr(lang, "plain.no_game"), 1)
    finally:
        await lobby.disconnect(handle)


def dumps_ascii(record: list[dict]) -> str:
    """JSON Lines of ``record`` with every non-ASCII or control character as a ``\\u`` escape
    (the same objects ``ahoy replay`` reads; no raw escape byte reaches the terminal)."""
    import json

    return "".join(json.dumps(line, ensure_ascii=True) + "\n" for line in record)


async def answer(command: str | None, lobby: LobbyAPI, connect_line: str, lang: str = "en",
                 utf8: bool = False, identity: str | None = None, name: str = "") -> Answer:
    """The plain-text answer to an exec request (``None``: ``ssh -T host``).

    Args:
        command: The command line the client asked to run, or ``None`` for a
            shell without a PTY.
        lobby: Source of the table list.
        connect_line: How to connect interactively, e.g.
            ``"ssh -p 2222 NAME@example.org"``.
        lang: ``"en"``, ``"es"`` or ``"de"`` (``server.termcaps.plain_locale``).
        utf8: The client sent a UTF-8 locale (``server.termcaps.plain_locale``
            with a locale present); otherwise ASCII only.
        identity: Who asks (``server.identity.identity_for``), for ``games`` and
            ``record``; None refuses them.
        name: The caller's display name (the lobby wants one to connect).

    Returns:
        The text (printable characters and newlines only) and the exit
        status: 0 for a known command, 1 otherwise (also ``record`` with an id
        that is not one of the caller's games: one line, the id not echoed).
    """
    word = (command or "").strip()
    words = word.split()
    if words and words in (["games"], ["record", *words[1:]]) and identity is not None and len(word) <= 200:
        ans = await _history(words, lobby, lang, identity, name or "sailor")
        return Answer(ans.text if words[0] == "record" and ans.status == 0 else _plain(ans.text, utf8), ans.status)
    if words and words[0] == "record":
        return Answer(_plain(tr(lang, "plain.no_game"), utf8), 1)
    if words and words[0] in COMMUNITY_COMMANDS and len(word) <= 200:
        text, status = await community_answer(words, lobby, lang)
        return Answer(_plain(text, utf8), status)
    if word in ("", "help"):
        return Answer(_plain(tr(lang, "plain.help", connect=connect_line)
                             + tr(lang, "plain.help_community"), utf8), 0)
    if words and words[0] == "rules" and len(words) <= 2:
        rules = rules_text(words[1] if len(words) == 2 else None)  # each game's GameUI.rules_text
        if rules is not None:
            return Answer(_plain(tr(lang, rules), utf8), 0)
    if word == "tables":
        return Answer(_plain(await _tables(lobby, lang), utf8), 0)
    shown = _plain(word)[:40]
    return Answer(_plain(tr(lang, "plain.unknown", word=shown), utf8), 1)

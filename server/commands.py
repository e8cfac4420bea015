"""Plain-text answers for connections without a PTY.

``ssh -T host`` and ``ssh host help|rules|tables`` get text with no escape
bytes and exit status 0; anything else gets a one-line error and status 1.
The answer is in the client's language (LANG/LC_ALL sent with SendEnv or
SetEnv); a client that sent a non-UTF-8 locale gets ASCII only.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

from ahoy_tui.lobby.api import LobbyAPI
from ahoy_tui.ui.i18n import tr
from server.identity import sanitize_name
from server.termcaps import lang_for, utf8_for

COMMANDS = ("help", "rules", "tables")

#: The rules in short, in English (the texts live in :mod:`ahoy_tui.ui.i18n_plain`).
RULES_SHORT = tr("en", "plain.rules")


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
    text = unicodedata.normalize("NFKD", text.replace("¡", "!").replace("¿", "?"))
    return "".join(ch for ch in text if ch == "\n" or " " <= ch <= "~")


async def _tables(lobby: LobbyAPI, lang: str) -> str:
    tables = await lobby.table_summaries()
    lines = [tr(lang, "plain.online", n=len(await lobby.online_names()))]
    if not tables:
        lines.append(tr(lang, "plain.no_tables"))
    for t in tables:
        lines.append(tr(lang, "plain.table", id=t.table_id, name=_plain(sanitize_name(t.name, 24)),
                        taken=t.seats_taken, seats=t.seats, status=tr(lang, f"status.{t.status}"),
                        limit=t.limit, lock=tr(lang, "plain.private") if t.private else ""))
    return "\n".join(lines) + "\n"


async def answer(command: str | None, lobby: LobbyAPI, connect_line: str, lang: str = "en",
                 utf8: bool = False) -> Answer:
    """The plain-text answer to an exec request (``None``: ``ssh -T host``).

    Args:
        command: The command line the client asked to run, or ``None`` for a
            shell without a PTY.
        lobby: Source of the table list.
        connect_line: How to connect interactively, e.g.
            ``"ssh -p 2222 NAME@example.org"``.
        lang: ``"en"`` or ``"es"`` (see ``server.termcaps.lang_for``).
        utf8: The client sent a UTF-8 locale (``server.termcaps.utf8_for``
            with a locale present); otherwise ASCII only.

    Returns:
        The text (printable characters and newlines only) and the exit
        status: 0 for a known command, 1 otherwise.
    """
    word = (command or "").strip()
    if word in ("", "help"):
        return Answer(_plain(tr(lang, "plain.help", connect=connect_line), utf8), 0)
    if word == "rules":
        return Answer(_plain(tr(lang, "plain.rules"), utf8), 0)
    if word == "tables":
        return Answer(_plain(await _tables(lobby, lang), utf8), 0)
    shown = _plain(word)[:40]
    return Answer(_plain(tr(lang, "plain.unknown", word=shown), utf8), 1)


async def answer_plain(command: str | None, env: dict[str, str] | None, lobby: LobbyAPI,
                       connect_line: str) -> Answer:
    """The no-PTY answer for ``command``, in the language of the client's ``env``.

    Without any locale in ``env`` (``LC_ALL``, ``LC_CTYPE``, ``LANG``) the
    answer is English and ASCII only. ``lobby`` and ``connect_line`` are as
    for :func:`answer`.
    """
    env = env or {}
    has_locale = any(env.get(k) for k in ("LC_ALL", "LC_CTYPE", "LANG"))
    return await answer(command, lobby, connect_line, lang_for(env), utf8=has_locale and utf8_for(env))

"""One line-mode conversation: typed lines in, sentences out (issue 28.1; docs/accessibility.md).

:class:`LineSession` sits between a text channel and the lobby. The channel gives it whole lines
(``await session.line(text)``; False back means the player quit) and receives sentences through
``write(sentence)`` (one line each, no newline, no control character: the caller adds CR LF).
What the lobby sends the session's ``PlayerHandle`` (``on_message``) is told once, as it happens:
events through the table's game plug-in (``ahoy_tui.line.games``), then what the player must
decide now ("bo offers you 6♥ for your 5♦; accept or decline."), with the clock's time.

Hidden information (R18, AH16): everything said comes from the ``TableUpdate`` views, events and
legal actions the lobby made for this session's seat; nothing else is read.
"""

from __future__ import annotations

import asyncio
import logging
from collections import deque
from typing import Any, Awaitable, Callable

from ahoy_tui.games.registry import GAMES
from ahoy_tui.line.games import LINE_GAMES, Ctx, LineGame, Refusal, line_game
from ahoy_tui.line.lobby_words import LobbyWords
from ahoy_tui.line.texts import say
from ahoy_tui.line.words import Pick, pick
from ahoy_tui.lobby.api import LobbyAPI
from ahoy_tui.lobby.errors import LobbyError, Stale
from ahoy_tui.lobby.handle import PlayerHandle
from ahoy_tui.lobby.messages import ChatHistory, ChatMessage, LobbyChanged, Notice, TableClosed, TableUpdate
from ahoy_tui.ui.bot_levels import bot_tag
from ahoy_tui.ui.i18n import keyed, tr
from ahoy_tui.ui.i18n_refusals import refusal
from ahoy_tui.ui.prefs import STORE as PREFS
from ahoy_tui.ui.text import asciify, clean

log = logging.getLogger(__name__)

ALWAYS = ("help", "who", "tables", "say", "suits", "line", "log", "quit")
"""Session words legal at every point."""
LOBBY_ONLY = ("join", "watch", "new", "create")
AT_TABLE = ("hand", "table", "scores", "leave", "autopilot")
WAITING = ("start", "add", "ready")
OVER = ("rematch",)
SESSION_WORDS = ALWAYS + LOBBY_ONLY + AT_TABLE + WAITING + OVER
CLOCK_MARKS = (20, 10)
"""Seconds left at which a pending decision's clock is announced ("20 seconds left")."""
LOG_KEPT = 200


def _all_game_verbs() -> set[str]:
    return {v for name in LINE_GAMES for g in [line_game(name)] for v in (*g.verbs, *g.tells)}


class LineSession(LobbyWords):
    """The conversation of one player.

    Args:
        lobby: The lobby (``LobbyAPI``).
        handle: This session's handle (``lobby.connect``); not yet subscribed.
        write: Called with each sentence (one line, printable characters only).
        lang: ``"en"``, ``"es"`` or ``"de"``.
        utf8: The client reads UTF-8; else sentences are ASCII (suits as letters).
    """

    def __init__(self, lobby: LobbyAPI, handle: PlayerHandle, write: Callable[[str], None], lang: str = "en",
                 utf8: bool = True) -> None:
        self.lobby = lobby
        self.handle = handle
        self._write = write
        self.lang = lang
        self.utf8 = utf8
        prefs = PREFS.get(handle.identity)
        self.words = bool(prefs and prefs.suit_words)
        self.table_id: str | None = None
        self.update: TableUpdate | None = None
        self.lobby_state: LobbyChanged | None = None
        self.said: deque[str] = deque(maxlen=LOG_KEPT)
        self.last_prompt: str | None = None
        self.marks_said: set[int] = set()
        self._clock: asyncio.TimerHandle | None = None
        self.status: str | None = None
        self.announced: str | None = None
        """The table whose "you sit at" / "you watch" was said."""
        self.piloted = False
        """The autopilot plays this session's seat (R17: told when that changes)."""
        self.seen: list[Any] = []
        """The events of the current table's game this session was sent (R18: already its own share),
        for a plug-in's ``tell`` (AHOY!! V2's ``deals``)."""

    # -- output ---------------------------------------------------------------------------
    def out(self, sentence: str, keep: bool = False) -> None:
        """Write one sentence: control and bidi characters removed, ASCII for a non-UTF-8 client."""
        text = clean(sentence, 1000)
        if not self.utf8:
            text = asciify(text)
        if keep:
            self.said.append(text)
        self._write(text)

    def s(self, key: str, **kw: object) -> str:
        return say(self.lang, key, **kw)

    def t(self, key: str, **kw: object) -> str:
        return tr(self.lang, key, **kw)

    # -- start and end ----------------------------------------------------------------------
    def start(self) -> None:
        """Greet the player and subscribe (the lobby then sends the table a seat is held at: R17)."""
        self.out(self.s("line.welcome", name=self.handle.name))
        self.handle.subscribe(self.on_message)

    def close(self) -> None:
        """Stop listening (the caller disconnects the handle)."""
        self.handle.unsubscribe(self.on_message)
        self._cancel_clock()

    # -- the lobby's messages -------------------------------------------------------------
    def on_message(self, msg: object) -> None:
        """One lobby message, told once (``PlayerHandle`` callback)."""
        try:
            self._on_message(msg)
        except Exception:
            log.exception("line mode could not tell a %s", type(msg).__name__)

    def _on_message(self, msg: object) -> None:
        match msg:
            case LobbyChanged():
                self.lobby_state = msg
            case ChatHistory():
                pass  # earlier lines: log shows nothing of them; they are not news
            case ChatMessage():
                self._chat(msg)
            case Notice():
                self.out(keyed(self.lang, "notice", msg, msg.text), keep=True)
            case TableUpdate():
                self._table_update(msg)
            case TableClosed():
                if msg.table_id == self.table_id:
                    self.out(self.s("line.closed", reason=keyed(self.lang, "closed", msg, msg.reason)), keep=True)
                    self._leave_table()

    def _chat(self, m: ChatMessage) -> None:
        if m.channel != "lobby" and m.channel != self.table_id:
            return
        if m.system:
            args = {str(k): clean(str(v), 40) for k, v in m.args}
            if m.key in ("bot_sat_down", "seat_to_bot"):
                args["kind"] = bot_tag(self.t, args.get("kind"))
            try:
                text = self.t("sys." + m.key, **args) if m.key else clean(m.text, 300)
            except (KeyError, IndexError, ValueError):
                text = clean(m.text, 300)
            self.out(text, keep=True)
            return
        if m.sender == self.handle.name:
            return  # "You say: ..." was said already
        key = "line.chat_lobby" if m.channel == "lobby" else "line.chat"
        self.out(self.s(key, name=clean(m.sender, 16), text=clean(m.text, 300)), keep=True)

    def _ctx(self, update: TableUpdate | None = None) -> Ctx | None:
        u = update or self.update
        if u is None:
            return None
        names = u.table.players or tuple(x.name for x in u.table.seats)
        return Ctx(update=u, names=tuple(clean(n, 16) for n in names), me=u.seat, lang=self.lang,
                   words=self.words, say=self.s)

    def _game(self) -> LineGame:
        return line_game(self.update.table.config.game if self.update is not None else "ahoy")

    def _table_update(self, u: TableUpdate) -> None:
        tid = u.table.table_id
        if self.table_id is not None and tid != self.table_id:
            return  # another table's news (a seat held elsewhere): this session follows one
        first = self.table_id is None
        self.table_id = tid
        before = self.status
        was_piloted = self.piloted
        self.piloted = u.seat is not None and u.seat < len(u.table.seats) and u.table.seats[u.seat].autopilot
        self.update = u
        self.status = u.table.status
        ctx = self._ctx(u)
        assert ctx is not None
        game = self._game()
        if first or u.catch_up:
            if u.catch_up:
                self.seen = list(u.events)
            if first and u.catch_up and self.announced != tid:
                self.announced = tid
                self.out(self.s("line.back_at" if u.seat is not None and u.view is not None else
                                ("line.joined" if u.seat is not None else "line.watching"),
                                id=tid, name=clean(u.table.config.name or u.table.name, 24),
                                game=self._game_word(u.table.config.game),
                                seat=(u.seat or 0) + 1), keep=True)
            away = [x for x in (game.narrate(e, ctx) for e in u.while_away) if x]
            if away:
                self.out(self.s("line.away_summary", events=" ".join(away[-6:])), keep=True)
            if u.view is not None and u.seat is not None:
                self.out(game.hand(ctx))
        else:
            self.seen.extend(u.events)
            for e in u.events:
                sentence = game.narrate(e, ctx)
                for one in (sentence or "").split("\n"):  # a plug-in may say a few sentences, one a line
                    if one:
                        self.out(one, keep=game.keeps(e))
        if before != self.status and self.status == "game_over" and not first:
            self.out(self.s("line.game_over"), keep=True)
        if self.piloted != was_piloted and u.table.status != "game_over":
            self.out(self.s("line.piloted" if self.piloted else "line.unpiloted"), keep=True)
        self._prompt(ctx, game)

    def _prompt(self, ctx: Ctx, game: LineGame) -> None:
        """The decision the table waits for from this seat, said once with its clock; none while the
        autopilot plays the seat (R17: it decides at once; ``autopilot off`` takes the seat back)."""
        u = ctx.update
        text = game.prompt(ctx) if u.legal and not self.piloted else None
        if text is None:
            self.last_prompt = None
            self._cancel_clock()
            return
        if text == self.last_prompt:
            self._schedule_clock(u)
            return
        self.last_prompt = text
        self.marks_said = set()
        first, *more = text.split("\n")  # the decision, then notes on lines of their own
        mine = self._my_clock(u)
        if mine is not None and mine >= 1:
            first = self.s("line.your_move_timed", prompt=first, n=int(mine))
        keep = game.prompt_kept(ctx)
        for line in (first, *more):
            self.out(line, keep=keep)
        self._schedule_clock(u)

    # -- clocks -----------------------------------------------------------------------------
    def _cancel_clock(self) -> None:
        if self._clock is not None:
            self._clock.cancel()
            self._clock = None

    @staticmethod
    def _my_clock(u: TableUpdate) -> float | None:
        """Seconds left on the decision the table waits for from this seat, or None (no clock, or the
        clock is another seat's: an AHOY! call possible out of turn has none of its own)."""
        return u.remaining if u.seat is not None and u.seat in u.waiting_for else None

    def _schedule_clock(self, u: TableUpdate) -> None:
        """Announce the next of :data:`CLOCK_MARKS` still ahead on this decision's clock (one timer at most)."""
        self._cancel_clock()
        remaining = self._my_clock(u)
        if remaining is None:
            return
        ahead = [m for m in CLOCK_MARKS if m < remaining and m not in self.marks_said]
        if not ahead:
            return
        mark = max(ahead)
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        self._clock = loop.call_later(remaining - mark, self._clock_mark, mark)

    def _clock_mark(self, mark: int) -> None:
        self._clock = None
        if self.last_prompt is None or self.update is None or self._my_clock(self.update) is None:
            return
        self.marks_said.add(mark)
        self.out(self.s("line.seconds_left", n=mark))
        ahead = [m for m in CLOCK_MARKS if m < mark]
        if ahead:
            loop = asyncio.get_running_loop()
            self._clock = loop.call_later(mark - max(ahead), self._clock_mark, max(ahead))

    # -- commands -----------------------------------------------------------------------------
    def legal_words(self) -> list[str]:
        """The command words possible now (``help``)."""
        words = list(ALWAYS)
        u = self.update
        if u is None or u.table.table_id != self.table_id:
            if self.table_id is None:
                return words + list(LOBBY_ONLY)
            return words + list(AT_TABLE) + list(WAITING)  # a table just created or joined: its first update is on its way
        words += AT_TABLE
        words += self._game().tells
        if u.table.status == "waiting":
            words += WAITING
        if u.table.status == "game_over":
            words += OVER
        if u.legal:
            words += self._game().legal_verbs(u.legal)
        return words

    async def line(self, text: str) -> bool:
        """Do what one typed line says; False when the player quits."""
        words = text.split()
        if not words:
            return True
        typed = words[0]
        legal = self.legal_words()
        if len(typed) < 3:  # a word that reads a long list out is not guessed from one or two letters
            legal = [w for w in legal if w not in self._game().tells]
        known = set(SESSION_WORDS) | _all_game_verbs()
        p = pick(typed, legal, known)
        if p.kind == "ambiguous" and self.update is not None and self.update.legal:
            moves = [w for w in p.choices if w in self._game().legal_verbs(self.update.legal)]
            if len(moves) == 1:  # a move legal now wins over the words legal at every point ("lo": look, not log)
                p = Pick("ok", moves[0])
        if p.kind == "unknown":
            self.out(self.s("line.unknown", word=clean(typed, 20)))
            return True
        if p.kind == "ambiguous":
            self.out(self.s("line.ambiguous", word=clean(typed, 20), choices=", ".join(p.choices)))
            return True
        if p.kind == "not_now":
            self.out(self.s("line.not_now", word=p.word, legal=self._legal_sentence()))
            return True
        verb, args = p.word, words[1:]
        if verb == "quit":
            self.out(self.s("line.bye"))
            return False
        try:
            await self._do(verb, args, text)
        except Stale:
            self.out(self.s("line.stale", legal=self._legal_sentence()))
        except LobbyError as e:
            reason = refusal(self.t, e.reason).rstrip()
            reason += "" if reason.endswith((".", "!", "?")) else "."
            self.out(self.s("line.refused", reason=reason) + " " + self._legal_sentence())
        return True

    def _legal_sentence(self) -> str:
        ctx = self._ctx()
        if ctx is not None and ctx.legal:
            return self._game().usage(ctx)
        return self.s("line.help_now", words=", ".join(self.legal_words()))

    async def _do(self, verb: str, args: list[str], text: str) -> None:
        command = COMMANDS.get(verb)
        if command is not None:
            await command(self, args, text)
            return
        ctx = self._ctx()
        if ctx is not None and verb in self._game().tells:
            for line in self._game().tell(verb, args, ctx, self.seen):
                self.out(line)
            return
        await self._game_action(verb, args)

    async def _game_action(self, verb: str, args: list[str]) -> None:
        ctx = self._ctx()
        if ctx is None or self.table_id is None:
            self.out(self.s("line.no_table"))
            return
        action = self._game().parse(verb, args, ctx)
        if isinstance(action, Refusal):
            self.out(str(action))
            return
        if action not in ctx.legal:
            self.out(self.s("line.not_now", word=verb, legal=self._game().usage(ctx)))
            return
        await self.lobby.act(self.handle, self.table_id, action, ctx.update.version)

    async def _cmd_help(self, args: list[str], text: str) -> None:
        if self.update is None:
            self.out(self.s("line.help_lobby"))
        elif self.update.table.status == "waiting":
            self.out(self.s("line.help_waiting"))
        self.out(self.s("line.help_table") if self.update is not None else self.s("line.help_table"))
        ctx = self._ctx()
        if ctx is not None and ctx.legal:
            self.out(self._game().usage(ctx))
        elif ctx is not None and ctx.me is not None and self.update and self.update.view is not None:
            self.out(self.s("line.help_wait"))
        self.out(self.s("line.help_now", words=", ".join(self.legal_words())))

    async def _cmd_hand(self, args: list[str], text: str) -> None:
        ctx = self._ctx()
        if ctx is None:
            self.out(self.s("line.no_table"))
            return
        if args and args[0].casefold().startswith("w"):
            await self._cmd_suits(["words"], "")
            ctx = self._ctx()
            assert ctx is not None
        self.out(self._game().hand(ctx))

    async def _cmd_table(self, args: list[str], text: str) -> None:
        ctx = self._ctx()
        if ctx is None:
            self.out(self.s("line.no_table"))
            return
        self.out(self._seats_sentence())
        for line in self._game().table(ctx):
            self.out(line)
        if self.update is not None and self.update.table.status == "waiting":
            u = self.update
            taken = sum(1 for x in u.table.seats if x.kind != "empty")
            self.out(self.s("line.waiting_start", taken=taken, seats=len(u.table.seats)))
        prompt = self._game().prompt(ctx) if ctx.legal else None
        if prompt:
            self.out(prompt)

    async def _cmd_scores(self, args: list[str], text: str) -> None:
        ctx = self._ctx()
        self.out(self._game().scores(ctx) if ctx is not None else self.s("line.no_table"))

    async def _cmd_log(self, args: list[str], text: str) -> None:
        n = int(args[0]) if args and args[0].isdigit() else 10
        n = max(1, min(n, LOG_KEPT))
        if not self.said:
            self.out(self.s("line.log_none"))
        for line in list(self.said)[-n:]:
            self._write(line)

    async def _cmd_say(self, args: list[str], text: str) -> None:
        body = text.strip().split(None, 1)
        if len(body) < 2:
            self.out(self.s("line.say_usage"))
            return
        channel = self.table_id or "lobby"
        await self.lobby.chat(self.handle, channel, body[1])
        self.out(self.s("line.said", text=clean(body[1], 300)), keep=True)

    async def _cmd_who(self, args: list[str], text: str) -> None:
        if self.update is not None:
            self.out(self._seats_sentence())
        names = await self.lobby.online_names()
        self.out(self.s("line.who", names=", ".join(clean(n, 16) for n in names)))

    def _seats_sentence(self) -> str:
        u = self.update
        if u is None:
            return ""
        parts = []
        for i, seat in enumerate(u.table.seats):
            name = clean(seat.name, 16)
            if seat.kind == "empty":
                parts.append(self.s("line.seat_empty"))
            elif i == u.seat:
                parts.append(self.s("line.seat_you", name=name))
            elif seat.kind == "bot":
                parts.append(self.s("line.seat_bot", name=name))
            elif seat.autopilot:
                parts.append(self.s("line.seat_autopilot", name=name))
            elif not seat.connected:
                parts.append(self.s("line.seat_away", name=name))
            else:
                parts.append(name)
        return self.s("line.seats", seats=", ".join(parts))

    def _game_word(self, game: str) -> str:
        try:
            return GAMES[game].title if game in GAMES else game
        except Exception:
            return game

    def _switch_to(self, tid: str) -> None:
        if self.table_id != tid:
            self._leave_table()

    def _announce_at(self, tid: str, key: str, seat: int) -> None:
        if self.announced == tid:
            return  # the table's first update said it already
        self.announced = tid
        u = self.update if self.table_id == tid else None
        name = clean(u.table.config.name or u.table.name, 24) if u else tid
        game = self._game_word(u.table.config.game) if u else ""
        self.out(self.s(key, id=tid, name=name, game=game, seat=seat + 1), keep=True)

    def _leave_table(self) -> None:
        self.table_id = None
        self.announced = None
        self.piloted = False
        self.seen = []
        self.update = None
        self.status = None
        self.last_prompt = None
        self._cancel_clock()


COMMANDS: dict[str, Callable[[LineSession, list[str], str], Awaitable[None]]] = {
    "help": LineSession._cmd_help, "who": LineSession._cmd_who, "tables": LobbyWords._cmd_tables,
    "say": LineSession._cmd_say, "suits": LobbyWords._cmd_suits, "line": LobbyWords._cmd_line,
    "log": LineSession._cmd_log,
    "join": LobbyWords._cmd_join, "watch": LobbyWords._cmd_watch, "new": LobbyWords._cmd_new,
    "create": LobbyWords._cmd_create,
    "hand": LineSession._cmd_hand, "table": LineSession._cmd_table, "scores": LineSession._cmd_scores,
    "leave": LobbyWords._cmd_leave, "autopilot": LobbyWords._cmd_autopilot,
    "start": LobbyWords._cmd_start, "add": LobbyWords._cmd_add, "ready": LobbyWords._cmd_ready,
    "rematch": LobbyWords._cmd_rematch,
}
"""Each session word (:data:`SESSION_WORDS`) but ``quit`` -> the method that does it (``LineSession.line``
says ``quit`` itself); any other word is the game's (a ``tells`` word or a move)."""

"""Line mode's words for the lobby and one's table: ``tables``, ``join``, ``watch``, ``leave``, ``new`` /
``create``, ``add bot``, ``ready``, ``start``, ``rematch``, ``autopilot``, and the saved preferences
``suits words|symbols`` and ``line on|off`` (issue 28.1; docs/accessibility.md).

:class:`LobbyWords` is a part of :class:`ahoy_tui.line.session.LineSession` (its ``_cmd_WORD``
methods); every command goes through the ``LobbyAPI`` and raises its ``LobbyError`` to the session,
which says the refusal.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Callable

from ahoy_tui.games.registry import GAMES
from ahoy_tui.line.games import LINE_GAMES
from ahoy_tui.lobby.api import LobbyAPI
from ahoy_tui.lobby.handle import PlayerHandle
from ahoy_tui.lobby.messages import TableConfig, TableUpdate
from ahoy_tui.ui.option_text import game_word, status_word
from ahoy_tui.ui.prefs import STORE as PREFS, Prefs
from ahoy_tui.ui.text import clean

LEVELS = {"easy": "random", "normal": "baseline", "hard": "hard", "random": "random", "baseline": "baseline"}
"""Bot levels as typed -> bot kinds (``ui.bot_levels``)."""
CLOCKS = ("relaxed", "normal", "blitz", "untimed")


class LobbyWords:
    """The lobby and table commands of a :class:`~ahoy_tui.line.session.LineSession`."""

    lobby: LobbyAPI
    handle: PlayerHandle
    table_id: str | None
    update: TableUpdate | None
    lang: str
    utf8: bool
    words: bool
    piloted: bool
    out: Callable[..., None]
    s: Callable[..., str]
    _game_word: Callable[[str], str]
    _switch_to: Callable[[str], None]
    _announce_at: Callable[[str, str, int], None]
    _leave_table: Callable[[], None]

    async def _cmd_tables(self, args: list[str], text: str) -> None:
        tables = await self.lobby.table_summaries()
        if not tables:
            self.out(self.s("line.tables_none"))
        for t in tables:
            self.out(self.s("line.table_row", id=t.table_id, name=clean(t.name, 24), game=game_word(self.lang, t),
                            taken=t.seats_taken, seats=t.seats, status=status_word(self.lang, t),
                            private=self.s("line.private") if t.private else ""))

    async def _find_table(self, word: str) -> str | None:
        tables = await self.lobby.table_summaries()
        w = word.casefold()
        for t in tables:
            if t.table_id.casefold() == w:
                return t.table_id
        named = [t.table_id for t in tables if t.name.casefold().startswith(w)]
        return named[0] if len(named) == 1 else None

    async def _cmd_join(self, args: list[str], text: str) -> None:
        if not args:
            self.out(self.s("line.usage_join"))
            return
        tid = await self._find_table(args[0])
        if tid is None:
            if len(args[0]) == 6 and args[0].isalnum():  # a private table's code
                tid = await self.lobby.join_by_code(self.handle, args[0].upper())
                self._announce_at(tid, "line.joined", 0)
                return
            self.out(self.s("line.no_such_table", id=clean(args[0], 24)))
            return
        self._switch_to(tid)
        seat = await self.lobby.join(self.handle, tid, args[1] if len(args) > 1 else None)
        self._announce_at(tid, "line.joined", seat)

    async def _cmd_watch(self, args: list[str], text: str) -> None:
        if not args:
            self.out(self.s("line.usage_join"))
            return
        tid = await self._find_table(args[0])
        if tid is None:
            self.out(self.s("line.no_such_table", id=clean(args[0], 24)))
            return
        self._switch_to(tid)
        await self.lobby.spectate(self.handle, tid, args[1] if len(args) > 1 else None)
        self._announce_at(tid, "line.watching", 0)

    async def _cmd_leave(self, args: list[str], text: str) -> None:
        if self.table_id is None:
            self.out(self.s("line.no_table"))
            return
        tid = self.table_id
        self._leave_table()
        await self.lobby.leave(self.handle, tid)
        self.out(self.s("line.left", id=tid), keep=True)

    async def _cmd_new(self, args: list[str], text: str) -> None:
        await self._cmd_create(args, text)

    async def _cmd_create(self, args: list[str], text: str) -> None:
        """``create [ahoy|ahoi] [N seats] [N bots] [easy|normal|hard] [blitz|relaxed|normal|untimed] [to N]``:
        ``N bots`` seats N bots beside you (the table has one seat more unless ``N seats`` says otherwise);
        a lone ``N`` (or ``N seats``) is the seat count, every seat but yours a bot unless ``N bots`` says."""
        game, level, clocks = "ahoy", "baseline", "normal"
        seats: int | None = None
        bots: int | None = None
        limit: int | None = None
        words = [a.casefold() for a in args]
        i = 0
        while i < len(words):
            w = words[i]
            if w in LINE_GAMES:
                game = w
            elif w in LEVELS:
                level = LEVELS[w]
            elif w in CLOCKS:
                clocks = w
            elif w in ("to", "limit") and i + 1 < len(words) and words[i + 1].isdigit():
                limit = int(words[i + 1])
                i += 1
            elif w.isdigit():
                if i + 1 < len(words) and words[i + 1].startswith("bot"):
                    bots = int(w)
                    i += 1
                elif i + 1 < len(words) and words[i + 1].startswith(("seat", "player", "plaza", "platz", "jugador",
                                                                     "spieler")):
                    seats = int(w)
                    i += 1
                else:
                    seats = int(w)
            elif w.startswith("bot"):
                pass
            else:
                self.out(self.s("line.usage_create"))
                return
            i += 1
        spec = GAMES[game]
        if bots is not None and seats is None:
            seats = bots + 1
        if seats is None:
            seats = min(4, spec.max_seats)
        if not spec.min_seats <= seats <= spec.max_seats:
            self.out(self.s("line.bad_number", what="seats", low=spec.min_seats, high=spec.max_seats))
            return
        bots = seats - 1 if bots is None else min(bots, seats - 1)
        if level not in spec.bot_kinds:
            level = spec.bot_kinds[0]
        options: dict[str, Any] = {}
        if limit is not None and game == "ahoy":
            options["limit"] = limit
        config = TableConfig.make(game, name=f"{self.handle.name}'s table"[:24], seats=seats, clocks=clocks,
                                  bot_pace="fast", **options)
        if self.table_id is not None:
            self._leave_table()
        tid = await self.lobby.create_table(self.handle, config)
        self.table_id = tid
        for _ in range(bots):
            await self.lobby.add_bot(self.handle, tid, level)
        self.out(self.s("line.created", id=tid, bots=bots), keep=True)

    async def _cmd_add(self, args: list[str], text: str) -> None:
        if self.table_id is None:
            self.out(self.s("line.no_table"))
            return
        words = [LEVELS.get(a.casefold()) for a in args]
        kind = next((w for w in words if w), "baseline")
        seat = await self.lobby.add_bot(self.handle, self.table_id, kind)
        self.out(self.s("line.bot_added", seat=seat + 1))

    async def _cmd_ready(self, args: list[str], text: str) -> None:
        if self.table_id is None:
            self.out(self.s("line.no_table"))
            return
        await self.lobby.set_ready(self.handle, self.table_id, True)
        self.out(self.s("line.ready"))

    async def _cmd_start(self, args: list[str], text: str) -> None:
        if self.table_id is None:
            self.out(self.s("line.no_table"))
            return
        await self.lobby.set_ready(self.handle, self.table_id, True)
        await self.lobby.start(self.handle, self.table_id)

    async def _cmd_rematch(self, args: list[str], text: str) -> None:
        if self.table_id is None:
            self.out(self.s("line.no_table"))
            return
        await self.lobby.rematch(self.handle, self.table_id)
        self.out(self.s("line.rematch"))

    async def _cmd_autopilot(self, args: list[str], text: str) -> None:
        """``autopilot on|off``: let the autopilot play your seat, or take it back (R17); alone: toggles."""
        if self.table_id is None:
            self.out(self.s("line.no_table"))
            return
        on = (args[0].casefold() in ("on", "yes", "1")) if args else not self.piloted
        await self.lobby.set_autopilot(self.handle, self.table_id, on)

    def _prefs(self) -> Prefs:
        return PREFS.get(self.handle.identity) or Prefs(theme="pirate", ascii_only=not self.utf8, lang=self.lang)

    async def _cmd_suits(self, args: list[str], text: str) -> None:
        self.words = not (args and args[0].casefold().startswith("s")) if args else not self.words
        PREFS.put(self.handle.identity, replace(self._prefs(), suit_words=self.words))
        self.out(self.s("line.suits_words" if self.words else "line.suits_symbols"))

    async def _cmd_line(self, args: list[str], text: str) -> None:
        on = not (args and args[0].casefold() in ("off", "no", "0"))
        PREFS.put(self.handle.identity, replace(self._prefs(), line_mode=on))
        self.out(self.s("line.line_on" if on else "line.line_off"))

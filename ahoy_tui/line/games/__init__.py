"""Each game's words for line mode, by the game's name (``TableConfig.game``), as ``ui/game_uis.py`` does
for the full screen: adding a game is one line in :data:`LINE_GAMES` and one module with a ``GAME``.

A plug-in (:class:`LineGame`) turns what the lobby sent this seat into sentences (its events,
view, legal actions; R18, AH16: it never learns more) and typed words into one of the legal
actions. Cards in sentences are the plug-in's business (suit words when ``Ctx.words``).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from importlib import import_module
from typing import Any, Callable, Protocol, Sequence

from ahoy_tui.lobby.messages import TableUpdate

LINE_GAMES: dict[str, str] = {
    "ahoy": "ahoy_tui.line.games.ahoy:GAME",
    "ahoi": "ahoy_tui.line.games.ahoi:GAME",
}
"""Game name -> ``"module:GAME"`` of its line plug-in."""


@dataclass(frozen=True, slots=True)
class Ctx:
    """What a plug-in may use to word one moment of one table for one viewer.

    Attributes:
        update: The latest ``TableUpdate`` this session got for the table.
        names: Seat names in play order (cleaned).
        me: The viewer's seat, None for a spectator.
        lang: ``"en"``, ``"es"`` or ``"de"``.
        words: Suits (and Ahoi's action cards) as words ("6 of hearts").
        say: ``(key, **kw) -> sentence`` in ``lang`` (``ahoy_tui.line.texts.say``).
    """

    update: TableUpdate
    names: tuple[str, ...]
    me: int | None
    lang: str
    words: bool
    say: Callable[..., str]

    @property
    def view(self) -> Any:
        return self.update.view

    @property
    def legal(self) -> list[Any]:
        return self.update.legal

    def name(self, seat: object) -> str:
        """The display name of ``seat`` ("?" for none)."""
        if isinstance(seat, int) and 0 <= seat < len(self.names):
            return self.names[seat] or f"#{seat + 1}"
        return "?"

    def per_seat(self, values: Sequence[object]) -> str:
        """``"anna 3, bo 5"``: one value a seat, in play order (hand sizes, layouts, totals)."""
        return ", ".join(f"{self.name(i)} {x}" for i, x in enumerate(values))

    def seat_named(self, word: str) -> int | None | str:
        """The seat whose name ``word`` is (any case; a unique prefix is enough, or a seat number 1..n);
        None when nobody fits; the word back when several do."""
        w = word.casefold()
        if w.isdigit() and 1 <= int(w) <= len(self.names):
            return int(w) - 1
        exact = [i for i, n in enumerate(self.names) if n.casefold() == w]
        if len(exact) == 1:
            return exact[0]
        starts = [i for i, n in enumerate(self.names) if n.casefold().startswith(w)]
        if len(starts) == 1:
            return starts[0]
        return word if starts else None


class Refusal(str):
    """A sentence a plug-in's ``parse`` returns instead of an action: why not, and what is legal."""


class LineGame(Protocol):
    """One game's words (``LINE_GAMES``). A plug-in subclasses it: ``tells``, ``tell``, ``keeps`` and
    ``prompt_kept`` have defaults here (no words that read something out; every sentence kept).

    Attributes:
        name: The game (``GameSpec.name``).
        verbs: Every command word of the game (``help`` lists those legal now).
        texts: Its own sentences ``{"en": {...}, "es": {...}, "de": {...}}``.
        tells: Words that read something out, legal at any point at the table (AHOY!! V2's
            ``deals``), answered by :meth:`tell`.
    """

    name: str
    verbs: tuple[str, ...]
    texts: dict[str, dict[str, str]]
    tells: tuple[str, ...] = ()

    def tell(self, word: str, args: list[str], ctx: Ctx, seen: Sequence[Any]) -> list[str]:
        """The sentences that ``word`` (one of ``tells``) reads out; ``seen``: the game's events this
        session was sent (already its own share, R18)."""
        return []

    def keeps(self, event: Any) -> bool:
        """Whether ``event``'s sentence is kept for ``log`` (False: said once, e.g. Ahoi's private
        values, AH15)."""
        return True

    def prompt_kept(self, ctx: Ctx) -> bool:
        """The same for the prompt now (False while Ahoi's names the card the seat drew, AH15)."""
        return True

    def legal_verbs(self, legal: Sequence[Any]) -> list[str]:
        """The command words that some of ``legal`` answers to."""
        ...

    def usage(self, ctx: Ctx) -> str:
        """One sentence: how to type each legal command now (``help``, refusals)."""
        ...

    def parse(self, verb: str, args: list[str], ctx: Ctx) -> Any:
        """The legal action ``verb args`` names, or a :class:`Refusal`."""
        ...

    def prompt(self, ctx: Ctx) -> str | None:
        """What the viewer must decide now (one sentence; a note may follow after ``"\\n"``), or None."""
        ...

    def narrate(self, event: Any, ctx: Ctx) -> str | None:
        """The sentence for one event this viewer may see, or None; a few sentences are separated by
        ``"\\n"`` (each is said on a line of its own)."""
        ...

    def hand(self, ctx: Ctx) -> str:
        """The viewer's own cards in a stable order (one sentence)."""
        ...

    def table(self, ctx: Ctx) -> list[str]:
        """The public state of the table, a few sentences."""
        ...

    def scores(self, ctx: Ctx) -> str:
        """Each seat's total (one sentence)."""
        ...


@cache
def line_game(game: str) -> LineGame:
    """The line plug-in of ``game`` (AHOY!! V2's for an unknown name, as ``game_uis`` does)."""
    from ahoy_tui.line.texts import add_texts

    module, _, attr = LINE_GAMES.get(game, LINE_GAMES["ahoy"]).partition(":")
    plugin = getattr(import_module(module), attr)
    add_texts(plugin.texts)
    return plugin

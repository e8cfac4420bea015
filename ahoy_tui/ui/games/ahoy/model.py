"""What every panel of the table shows, as frozen data (issue 13 item 6).

:func:`ahoy_tui.ui.games.ahoy.presenter.present` builds a :class:`TableModel` from a
``TableUpdate``, the session's :class:`Look` and the local
:class:`Selection`; the table screen only assigns its pieces to widgets.
Nothing here imports Textual: the model is tested as data
(``tests/ui/test_presenter.py``). Texts are already translated, cleaned
and, in ASCII mode, asciified.

Hidden information (R18): the model is built from the viewer's update only
(``view``, the public snapshot), so it can hold no card the viewer may not
see; the hand piece holds the viewer's own cards, the banner only the
*number* of face-down cards of a HANDS UP! (R7).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rich.text import Text

from ahoy_tui.ui.games.ahoy.prompts import Prompt
from ahoy_tui.ui.table_kit.look import Look



@dataclass(frozen=True)
class SeatRow:
    """What one seat line shows.

    Attributes:
        name: Seat name (hostile, cleaned when drawn).
        cards: Hand size (card backs).
        total: Total score.
        you: This is the viewer's seat.
        turn: The seat whose turn it is.
        waiting: The hand waits for this seat's decision.
        status: ``""``, ``"offline"``, ``"autopilot"``, ``"bot"`` or ``"left"`` (already translated).
    """

    name: str
    cards: int
    total: int
    you: bool = False
    turn: bool = False
    waiting: bool = False
    status: str = ""


@dataclass(frozen=True)
class Selection:
    """Local choices not yet sent: the card cursor, marked cards, the HANDS UP! sub-prompt.

    Attributes:
        cursor: Index into ``view.hand`` of the selected card, or None.
        marked: Indices marked for laying down (R7).
        sub: ``"hands_up"`` while choosing a HANDS UP! target, else None.
    """

    cursor: int | None = None
    marked: frozenset[int] = frozenset()
    sub: str | None = None


@dataclass(frozen=True)
class Facts:
    """What the table screen kept from earlier updates that decides a key.

    Attributes:
        has_history: A finished hand of this game is kept (``H``).
        has_last_hand: A ``hand_over`` event is kept (``h``).
    """

    has_history: bool = False
    has_last_hand: bool = False


@dataclass(frozen=True)
class ClockModel:
    """The countdown in the title bar.

    Attributes:
        remaining: ``TableUpdate.remaining``, seconds left when the update was made (None: no clock
            runs); the screen keeps the deadline on its own clock (``ui/table_kit/deadline.py``).
        mine: The running clock is this player's own decision, not yet on the autopilot (R17).
    """

    remaining: float | None = None
    mine: bool = False


@dataclass(frozen=True)
class SeatsModel:
    """The seat ring (R4): one row per seat in play order, then newcomers after a game over."""

    rows: tuple[SeatRow, ...]
    you_label: str
    pts_label: str
    """``"{n} pts"`` style template (``{n}`` left for the widget)."""


@dataclass(frozen=True)
class PilesModel:
    """The draw pile count and the discard pile, bottom first (R11, public)."""

    draw_size: int
    discard: tuple[int, ...]
    labels: tuple[str, str, str]
    """Translated ``(draw, discard, empty)`` words."""


@dataclass(frozen=True)
class BannerModel:
    """The banner's sentence and how many face-down cards it draws (R7: a number, never a card).

    ``key`` is everything the sentence depends on: an equal key reuses the
    previous model's sentence (most updates leave it as it was).
    """

    key: tuple
    line: Text
    backs: int


@dataclass(frozen=True)
class HandModel:
    """The viewer's own hand as drawn (spectators: no cards).

    Attributes:
        cards: The viewer's cards (identities, as the view sorts them).
        highlight: Indices of cards in the best run (the ★ under them).
        cursor: Selected card index, or None.
        marked: Marked card indices.
        faded: Indices of cards laid down (R7) or locked in an exchange.
        title: Border title (``Your hand · ★ nearest treasure``; empty for spectators).
        hint_key: What ``highlight`` was computed from (reused while it is equal).
    """

    cards: tuple[int, ...] = ()
    highlight: frozenset[int] = frozenset()
    cursor: int | None = None
    marked: frozenset[int] = frozenset()
    faded: frozenset[int] = frozenset()
    title: str = ""
    hint_key: tuple = ()


@dataclass(frozen=True)
class TableModel:
    """Every panel of the table screen for one update, look and selection.

    Attributes:
        look: The preferences it was built with (widgets take ``ascii_only`` and ``card_styles``).
        title: Table name, hand number, limit, spectating / always-pass tags.
        clock: The countdown.
        chat_title: The table chat's border title.
        chat_placeholder: The chat input's placeholder.
        log_title: The event log's border title.
        playing: A game view exists (the game panels show, else the waiting room).
        waiting: The waiting room's text (None while a game view exists).
        seats: The seat ring (None in the waiting room).
        piles: The piles (None in the waiting room).
        banner: The banner (None in the waiting room).
        hand: The viewer's hand.
        prompt: The focused prompt: question, legal options with keys, hand mode.
        keys: Names of the table's key actions usable now (``TableScreen.check_action``).
        host: The viewer is the table's host.
    """

    look: Look
    title: Text
    clock: ClockModel
    chat_title: str
    chat_placeholder: str
    log_title: str
    playing: bool
    waiting: Text | None
    seats: SeatsModel | None
    piles: PilesModel | None
    banner: BannerModel | None
    hand: HandModel
    prompt: Prompt
    keys: frozenset[str]
    host: bool = False
    title_key: tuple = field(default=(), compare=False, repr=False)
    """What ``title`` was built from (the next model reuses it while it is equal)."""

    def strings(self) -> list[str]:
        """Every text of the model (for scans: hidden information, ASCII mode)."""
        out = [self.title.plain, self.chat_title, self.chat_placeholder, self.log_title, self.hand.title,
               self.prompt.text, self.prompt.note, *(o.label for o in self.prompt.options)]
        if self.waiting is not None:
            out.append(self.waiting.plain)
        if self.seats is not None:
            out += [self.seats.you_label, self.seats.pts_label, *(r.name for r in self.seats.rows),
                    *(r.status for r in self.seats.rows)]
        if self.piles is not None:
            out += list(self.piles.labels)
        if self.banner is not None:
            out.append(self.banner.line.plain)
        return out

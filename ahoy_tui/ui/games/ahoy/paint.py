"""Assigns a :class:`~ahoy_tui.ui.games.ahoy.model.TableModel` to the table screen's widgets.

Attributes down only: each widget attribute is set from the model, and
those that repaint on every assignment (``border_title``, ``card_styles``)
only when they differ from what was set last, so an unchanged panel costs
nothing (docs/performance.md). No game logic here: the presenter decided
everything.
"""

from __future__ import annotations

from typing import Any, Callable


from ahoy_tui.ui.games.ahoy.model import HandModel, TableModel
from ahoy_tui.ui.games.ahoy.widgets.banner import TableBanner
from ahoy_tui.ui.widgets.chat_box import ChatBox
from ahoy_tui.ui.widgets.countdown import Countdown
from ahoy_tui.ui.widgets.event_log import EventLog
from ahoy_tui.ui.games.ahoy.widgets.hand_view import HandView
from ahoy_tui.ui.widgets.key_footer import KeyFooter
from ahoy_tui.ui.games.ahoy.widgets.piles import Piles
from ahoy_tui.ui.games.ahoy.widgets.prompt_bar import PromptBar
from ahoy_tui.ui.games.ahoy.widgets.seat_list import SeatList


class TablePainter:
    """The table screen's widgets, and what was last assigned to them.

    Args:
        screen: The table screen (its widgets are looked up once, by class or ``#id``).
        log_lines: The newest kept events as the log tells them now (a new language re-tells them).
    """

    def __init__(self, screen: Any, log_lines: Callable[[], list[Any]]) -> None:
        self.screen = screen
        self.log_lines = log_lines
        self._look_key: tuple | None = None
        self._parts: dict[Any, Any] = {}
        self._assigned: dict[tuple[int, str], Any] = {}
        self._keys: frozenset[str] | None = None
        self._footer_key: tuple | None = None

    def part(self, key: Any) -> Any:
        """The screen's widget for ``key`` (a widget class or ``#id``), looked up once."""
        widget = self._parts.get(key)
        if widget is None or not widget.is_attached:
            widget = self._parts[key] = self.screen.query_one(key)
        return widget

    def _put(self, widget: Any, attr: str, value: Any) -> None:
        """Set ``widget.attr`` only when it differs from what this painter set last.

        For attributes that repaint on every assignment (``border_title``,
        reactives with ``always_update``), so an unchanged value costs nothing.
        """
        key = (id(widget), attr)
        if key not in self._assigned or self._assigned[key] != value:
            self._assigned[key] = value
            setattr(widget, attr, value)

    def _look(self, model: TableModel) -> None:
        """A new language or ASCII mode: the log told again, the ``-ascii`` class (the key footer translates the bindings itself)."""
        look = model.look
        look_key = (look.lang, look.ascii_only)
        if look_key == self._look_key:
            return
        if self._look_key is not None:
            log = self.part(EventLog)  # the log panel speaks the new language / ASCII too
            log.clear()
            for line in self.log_lines():
                log.add(line)
        self._look_key = look_key
        self.screen.set_class(look.ascii_only, "-ascii")
        self._keys = None  # bindings and footer refreshed below

    def paint(self, model: TableModel) -> None:
        """Every panel from ``model``, then the key bindings and the footer if what they show changed."""
        self._look(model)
        look = model.look
        self._title(model)
        clock = self.part(Countdown)
        clock.ascii_only = look.ascii_only
        clock.deadline = None if model.clock.remaining is None else self.screen.decision_clock.deadline
        clock.mine = model.clock.mine
        chat = self.part(ChatBox)
        self._put(chat, "border_title", model.chat_title)
        chat.placeholder = model.chat_placeholder
        chat.ascii_only = look.ascii_only
        chat.lang = look.lang
        self._put(self.part(EventLog), "border_title", model.log_title)
        screen = self.screen
        if screen.has_class("-playing") != model.playing:
            screen.set_class(model.playing, "-playing")
        if model.playing:
            self._game(model)
        else:
            self._waiting(model)
        bar = self.part(PromptBar)
        bar.ascii_only = look.ascii_only
        bar.prompt = model.prompt
        self.paint_hand(model)
        if model.keys != self._keys:
            self._keys = model.keys
            screen.refresh_bindings()
        # In the same redraw as the prompt bar: a repaint of one fixed-size line, and only when
        # the shown keys (or their language) differ.
        footer_key = (model.keys, look.lang, look.ascii_only)
        if footer_key != self._footer_key:
            self._footer_key = footer_key
            self.part(KeyFooter).sync(model.keys)

    def _title(self, model: TableModel) -> None:
        widget = self.part("#table-title")
        key = (id(widget), "update")
        if self._assigned.get(key) != model.title:
            self._assigned[key] = model.title
            widget.update(model.title, layout=False)

    def _waiting(self, model: TableModel) -> None:
        widget = self.part("#waiting")
        key = (id(widget), "update")
        if self._assigned.get(key) != model.waiting:
            self._assigned[key] = model.waiting
            widget.update(model.waiting)

    def _game(self, model: TableModel) -> None:
        look, styles = model.look, model.look.card_styles
        seats = self.part(SeatList)
        seats.rows = model.seats.rows
        seats.ascii_only = look.ascii_only
        self._put(seats, "card_styles", styles)
        seats.you_label = model.seats.you_label
        seats.pts_label = model.seats.pts_label
        piles = self.part(Piles)
        piles.draw_size = model.piles.draw_size
        piles.discard = model.piles.discard
        piles.ascii_only = look.ascii_only
        self._put(piles, "card_styles", styles)
        piles.labels = model.piles.labels
        banner = self.part(TableBanner)
        key = (id(banner), "model")
        if self._assigned.get(key) is not model.banner:  # most updates leave the banner's sentence as it was
            self._assigned[key] = model.banner
            banner.ascii_only = look.ascii_only
            self._put(banner, "card_styles", styles)
            banner.line = model.banner.line
            banner.backs = model.banner.backs

    def paint_hand(self, model: TableModel) -> None:
        """The hand panel only (a cursor move or a mark)."""
        look, hand_model = model.look, model.hand
        hand = self.part(HandView)
        self._hand(hand, hand_model, look.ascii_only, look.card_styles)

    def _hand(self, hand: Any, m: HandModel, ascii_only: bool, styles: Any) -> None:
        hand.cards = m.cards
        hand.highlight = m.highlight
        hand.cursor = m.cursor
        hand.marked = m.marked
        hand.ascii_only = ascii_only
        self._put(hand, "card_styles", styles)
        hand.faded = m.faded
        self._put(hand, "border_title", m.title)

"""The footer of valid keys, drawn as one line of text.

Textual's ``Footer`` recomposes on every bindings change: it mounts one
``FooterKey`` widget per key (each restyled) and, because their widths
change, lays out the whole screen again. At the table the valid keys change
with most updates. ``KeyFooter`` draws the same keys in the same colours
(the ``$footer-*`` theme variables) as one fixed-size line, so a change is a
repaint of one row (and only of that row: see ``widgets.rows``).

Drawn lines are shared: every session at a table shows the same few sets
of keys, so a line is built once per set of keys, width and colours, and
kept in a small process-wide cache (:data:`DRAWN_KEPT` lines).
"""

from __future__ import annotations

from typing import Any, Hashable

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text
from textual import events
from textual.screen import Screen

from ahoy_tui.ui.keys import translated
from ahoy_tui.ui.services import services
from ahoy_tui.ui.widgets.rows import RowsWidget, SharedCache

_Entry = tuple[str, str, str, bool]
"""``(key, key display, description, enabled)`` of one shown key."""

#: Sets of shown keys kept by :data:`_ENTRIES` (a few dozen distinct states per game).
ENTRIES_KEPT = 256
_ENTRIES = SharedCache(ENTRIES_KEPT)
"""``(app class, screen class, focused widget's class, the owner's state, language, ASCII)`` -> the entries
:meth:`KeyFooter.sync` read from the screen's active bindings in that state."""

#: Footer lines kept by :data:`_DRAWN` (a line with its click spans is ~2 KiB).
DRAWN_KEPT = 128
_DRAWN = SharedCache(DRAWN_KEPT)
"""``(entries, width, max rows, item, key and description styles)`` -> ``(rows, click spans)``, newest last."""


class KeyFooter(RowsWidget, can_focus=False):
    """The keys valid now, bottom row; a click presses the key.

    While another screen (a dialog) is in front, it lists that screen's keys:
    this one's would not work. Labels are in the session's language
    (:func:`ahoy_tui.ui.keys.translated`).
    """

    COMPONENT_CLASSES = {"key-footer--item", "key-footer--key", "key-footer--description"}
    DEFAULT_CSS = """
    KeyFooter {
        dock: bottom;
        height: 1;
        color: $footer-foreground;
        background: $footer-background;
        .key-footer--item { color: $footer-foreground; background: $footer-item-background; }
        .key-footer--key {
            color: $footer-key-foreground;
            background: $footer-key-background;
            text-style: bold;
        }
        .key-footer--description {
            color: $footer-description-foreground;
            background: $footer-description-background;
        }
    }
    """

    def __init__(self, max_rows: int = 1) -> None:
        """``max_rows``: rows the keys may take when one is too narrow (the lobby: 2, so that ``L``, ``v``
        and ``O`` are listed at 80 columns); the table keeps 1 (a fixed height: no layout on a move)."""
        super().__init__()
        self.max_rows = max_rows
        if max_rows > 1:
            self.styles.height = "auto"
            self.styles.max_height = max_rows
        self._entries: tuple[_Entry, ...] = ()
        self._spans: list[tuple[int, int, int, str]] = []
        self._sync_pending = False
        self._state: Hashable | None = None
        self._part_style_cache: tuple = ()
        self._part_styles_for = -1

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self._bindings_changed)
        self.app.screen_change_signal.subscribe(self, self._screen_changed)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)
        self.app.screen_change_signal.unsubscribe(self)

    def _screen_changed(self, _screen: Screen) -> None:
        # A dialog (or another screen) came or went: under a dialog, its keys are listed,
        # not this screen's. Read now, so the first frame after it shows the right keys, and once more
        # after the refresh, when what check_action reads has settled.
        self.sync()
        if not self._sync_pending:
            self._sync_pending = True
            self.call_after_refresh(self._deferred_sync)

    def _bindings_changed(self, screen: Screen) -> None:
        # The table screen syncs in the same redraw as its prompt (TableDrawing.refresh_texts);
        # other changes (focus, the screen stack) are read once after the refresh, when the
        # state check_action reads has settled. One read per burst of signals: each read asks
        # every binding's check_action.
        if screen is self.screen and not self._sync_pending:
            self._sync_pending = True
            self.call_after_refresh(self._deferred_sync)

    def _deferred_sync(self) -> None:
        self._sync_pending = False
        self.sync(self._state)

    def sync(self, state: Hashable | None = None) -> None:
        """Read the screen's active bindings; repaint only when the shown keys changed.

        Cheap when nothing changed (no repaint); owners whose ``check_action`` results
        change without a ``refresh_bindings`` call this once per redraw.

        Args:
            state: What the owner's ``check_action`` answers depend on (the table: its usable keys), or
                None. Given, the keys shown in that state (with the same focused widget's class, language
                and ASCII mode, this screen in front) are read once per process and then looked up: every
                session at a table shows the same few sets of keys, and reading Textual's
                ``active_bindings`` asks every binding's ``check_action`` (issue 25: half the painter's
                cost on a move).
        """
        if not self.is_attached or not self.is_mounted:
            return
        app = services(self)
        # Under a dialog (shown dimmed behind it) this screen's keys don't work: show the dialog's.
        in_front = self.screen is app.screen
        screen = self.screen if in_front else app.screen
        lang, ascii_only = app.lang, app.ascii_only
        self._state = state
        key = None
        if state is not None and in_front:
            focused = screen.focused
            key = (type(app), type(screen), None if focused is None else type(focused), state, lang, ascii_only)
        entries = None if key is None else _ENTRIES.get(key)
        if entries is None:
            entries = self._read(screen, app, lang, ascii_only)
            if key is not None:
                _ENTRIES.put(key, entries)
        if entries != self._entries:
            self._entries = entries
            self.rebuild()

    @staticmethod
    def _read(screen: Screen, app: Any, lang: str, ascii_only: bool) -> tuple[_Entry, ...]:
        """The shown keys of ``screen``'s active bindings, in order, each action once, translated."""
        seen: set[str] = set()
        entries = []
        for _node, binding, enabled, _tooltip in screen.active_bindings.values():
            if not binding.show or binding.action in seen:
                continue
            seen.add(binding.action)
            binding = translated(binding, lang, ascii_only)
            entries.append((binding.key, app.get_key_display(binding), binding.description, enabled))
        return tuple(entries)

    def _part_styles(self) -> tuple:
        """The item, key and description styles, read from the CSS once per theme or CSS change
        (``get_component_rich_style`` resolves the CSS every call: 1.3 % of a loaded server's CPU)."""
        if self._part_styles_for != self.style_generation:
            self._part_style_cache = tuple(self.get_component_rich_style(name, partial=True)
                                 for name in ("key-footer--item", "key-footer--key", "key-footer--description"))
            self._part_styles_for = self.style_generation
        return self._part_style_cache

    def rebuild(self) -> None:
        if not self.is_mounted or self.row_width <= 0:
            return
        styles = self._part_styles()
        key = (self._entries, self.row_width, self.max_rows, styles)
        drawn = _DRAWN.get(key)
        if drawn is None:
            lines, spans = self._lines(*styles)
            if cell_len(lines[-1].plain.rstrip()) > self.row_width:  # a long language: one space less per key
                lines, spans = self._lines(*styles, compact=True)
            drawn = ([row for line in lines for row in self.wrap(line, wrap=False)], spans)
            _DRAWN.put(key, drawn)
        rows, self._spans = drawn
        self.set_rows(rows)

    def _lines(self, item: Style, key_style: Style, desc_style: Style,
               compact: bool = False) -> tuple[list[Text], list[tuple[int, int, int, str]]]:
        """The footer rows for :attr:`_entries` and their click spans ``(row, start, end, key)``.

        One row; when it is too narrow and ``max_rows`` allows, the keys are packed into
        more rows (whole keys, in order); what still does not fit is cropped.
        ``compact``: no space before each key (`` n Neuer Tisch `` becomes ``n Neuer Tisch ``), for a
        last row that would be cut at the window's width otherwise (issue 24.7: German cut to "q Bee").
        """
        lines = [Text(no_wrap=True, overflow="crop")]
        spans = []
        width = max(1, self.row_width)
        pad = "" if compact else " "
        for key, display, description, enabled in self._entries:
            if description:
                part = Text.assemble((f"{pad}{display} ", key_style), (f"{description} ", desc_style))
            else:
                part = Text.assemble((display, key_style))
            part.stylize_before(item + (Style(dim=True) if not enabled else Style()))
            line = lines[-1]
            if line.cell_len and line.cell_len + part.cell_len > width and len(lines) < self.max_rows:
                line = Text(no_wrap=True, overflow="crop")
                lines.append(line)
            start = line.cell_len
            line.append_text(part)
            spans.append((len(lines) - 1, start, line.cell_len, key))
        return lines, spans

    def on_mouse_down(self, event: events.MouseDown) -> None:
        for row, start, end, key in self._spans:
            if row == event.y and start <= event.x < end:
                self.app.simulate_key(key)
                return

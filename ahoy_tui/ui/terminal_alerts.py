"""What a turn alert sends to the player's terminal: a bell, the window title, a desktop notification (issue 28.3).

One :class:`TerminalAlerts` per session (``AhoyApp.turn_alerts``): the
player's mode (``Prefs.alerts``, cycled by ``N`` at a table), what the
terminal can show (``SessionInfo.title`` and ``SessionInfo.notify``, decided
by the SSH server from ``TERM`` and the client's environment:
``server.termcaps.title_for`` / ``notify_for``), and whether the title now
says "your turn". *When* to alert is the table's business
(``table_kit.alerts``); this module only sends.

Bytes (docs/ui.md "Turn alerts"):

* bell: ``BEL`` (0x07), by ``App.bell`` (the SSH driver sends at most one per
  ``server.driver.BELL_INTERVAL``);
* title: ``CSI 22;2 t`` (keep the terminal's own title on its title stack)
  once, then ``OSC 2 ; text BEL``; taken down with ``OSC 2 ; Ahoy BEL`` and
  ``CSI 23;2 t`` (the kept title back where the terminal has a title stack,
  else "Ahoy" stays);
* notification: ``OSC 777 ; notify ; title ; body BEL`` or ``OSC 9 ; body BEL``.

None of these moves the cursor or changes a cell, so the frame diff's
picture of the client's screen (``ahoy_tui.hosting.framediff``) stays true. Texts are
cleaned of control characters and ``;`` (they end an OSC field) first.
"""

from __future__ import annotations

import unicodedata
from typing import Callable

from ahoy_tui.ui.prefs import ALERT_MODES

TITLE_PUSH = "\x1b[22;2t"
"""Keep the window title on the terminal's title stack (xterm window operation 22)."""
TITLE_POP = "\x1b[23;2t"
"""Put the kept window title back (xterm window operation 23)."""
IDLE_TITLE = "Ahoy"
"""The title left where the terminal has no title stack, once it is no longer your turn."""
MAX_TEXT = 100
"""Characters of a title or notification text at most."""


def next_mode(mode: str) -> str:
    """The mode after ``mode`` as ``N`` cycles them: bell → bell and title → off → bell."""
    order = ALERT_MODES
    return order[(order.index(mode) + 1) % len(order)] if mode in order else "bell"


def osc_text(text: str) -> str:
    """``text`` fit for an OSC string: no control, format (bidi) or ``;`` characters, at most ``MAX_TEXT``."""
    out = []
    for ch in text:
        cat = unicodedata.category(ch)
        if cat in ("Cc", "Cf", "Cs", "Co", "Zl", "Zp"):
            continue
        out.append("," if ch == ";" else ch)
    return "".join(out)[:MAX_TEXT]


def title_sequence(text: str) -> str:
    """``OSC 2`` setting the window title to ``text``."""
    return f"\x1b]2;{osc_text(text)}\x07"


def notify_sequence(kind: str, title: str, body: str) -> str:
    """The desktop notification ``kind`` (``"osc777"`` / ``"osc9"``) with ``title`` and ``body``; ``""`` for none."""
    if kind == "osc777":
        return f"\x1b]777;notify;{osc_text(title)};{osc_text(body)}\x07"
    if kind == "osc9":
        return f"\x1b]9;{osc_text(body)}\x07"
    return ""


class TerminalAlerts:
    """One session's turn alerts on its terminal.

    Args:
        write: Sends text to the terminal as it is (no cells: escape sequences only).
        bell: Rings the terminal bell (``App.bell``).
        title: The terminal shows a window title (``SessionInfo.title``).
        notify: Its desktop notification, ``"osc777"``, ``"osc9"`` or ``""`` (``SessionInfo.notify``).
        mode: ``"off"``, ``"bell"`` or ``"title"`` (``Prefs.alerts``).

    Attributes:
        mode: The player's choice now.
        title_shown: The window title says "your turn" now.
        sent: Alerts sent in this session (tests and the status toast read it).
    """

    def __init__(self, write: Callable[[str], None], bell: Callable[[], None], *, title: bool, notify: str,
                 mode: str = "bell") -> None:
        self._write = write
        self._bell = bell
        self.title_ok = title
        self.notify_kind = notify
        self.mode = mode if mode in ALERT_MODES else "bell"
        self.title_shown = False
        self.sent = 0

    @property
    def shows_title(self) -> bool:
        """The mode and the terminal let an alert set the window title."""
        return self.mode == "title" and self.title_ok

    def send(self, title: str, notice_title: str, body: str) -> None:
        """Alert now (mode ``off``: nothing): the bell; in mode ``title`` also the window title ``title``
        and, where the terminal shows one, the notification ``notice_title`` / ``body``."""
        if self.mode == "off":
            return
        self.sent += 1
        self._bell()
        if self.mode != "title":
            return
        out = ""
        if self.title_ok:
            out = ("" if self.title_shown else TITLE_PUSH) + title_sequence(title)
            self.title_shown = True
            out += notify_sequence(self.notify_kind, notice_title, body)
        if out:
            self._write(out)

    def clear(self) -> None:
        """It is no longer your turn (or the table or session ends): the window title goes back."""
        if self.title_shown:
            self.title_shown = False
            self._write(title_sequence(IDLE_TITLE) + TITLE_POP)

    def cycle(self) -> str:
        """``N``: the next mode (returned); leaving ``title`` takes the title down."""
        self.mode = next_mode(self.mode)
        if self.mode != "title":
            self.clear()
        return self.mode

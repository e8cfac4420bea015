"""Raw client bytes made safe before Textual's parser sees them.

Used by :class:`server.driver.TerminalLink`: bracketed pastes are followed
in the byte stream, cleaned and cut (:class:`PasteGuard`), an unbracketed
paste is taken as a bracketed one (:class:`RawPasteGuard`), pasted text is
cleaned again after parsing (:func:`clean_paste`), and terminal sizes are
clamped (:func:`clamp_size`). See :mod:`server.driver` for the whole input
path.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Callable, Literal

log = logging.getLogger(__name__)

#: Largest terminal a session may claim (columns, rows); larger is clamped.
MAX_COLUMNS = 500
MAX_ROWS = 200

# Bidi controls, dropped from pasted text.
_BIDI = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


PASTE_START = b"\x1b[200~"
PASTE_END = b"\x1b[201~"
#: Bytes of one bracketed paste passed on; the rest of the paste is skipped.
MAX_PASTE = 16 * 1024
#: Bytes of text without ESC in one read from which the read is taken as a raw
#: (unbracketed) paste: no one types that much between two packets.
RAW_PASTE_MIN = 256
#: Seconds without a read that end a raw paste.
RAW_PASTE_GAP = 0.1


class PasteGuard:
    """Follows bracketed pastes in the raw byte stream; cleans and cuts them.

    Outside a paste bytes pass unchanged (nothing is held back, so a lone
    Esc still arrives at once). Inside one, ESC bytes are removed (Textual's
    parser would otherwise read escape sequences inside a paste as keys),
    and a paste longer than ``limit`` bytes is cut there and closed with
    :data:`PASTE_END`; everything up to the client's own end marker is then
    skipped by a byte scan. Markers split across packets are found.

    Attributes:
        skipped: Bytes of pastes skipped so far.
    """

    def __init__(self, limit: int = MAX_PASTE) -> None:
        self.limit = limit
        self.state: Literal["normal", "paste", "skip"] = "normal"
        self.size = 0
        self.skipped = 0
        self._tail = b""  # last bytes seen, for matching only (normal, skip)
        self._held = b""  # a possible start of PASTE_END inside a paste

    def _find(self, marker: bytes, data: bytes) -> int:
        """Index in ``data`` just past ``marker`` (which may start in the tail), or -1."""
        i = (self._tail + data).find(marker)
        return -1 if i < 0 else i + len(marker) - len(self._tail)

    def _remember(self, data: bytes) -> None:
        self._tail = (self._tail + data)[-(len(PASTE_END) - 1):]

    def filter(self, data: bytes) -> bytes:
        """The bytes of ``data`` to pass on to the parser."""
        out = bytearray()
        while data:
            if self.state == "normal":
                end = self._find(PASTE_START, data)
                if end < 0:
                    out += data
                    self._remember(data)
                    break
                out += data[:end]
                data = data[end:]
                self.state, self.size, self._tail = "paste", 0, b""
            elif self.state == "paste":
                data, self._held = self._held + data, b""
                i = data.find(PASTE_END)
                if i >= 0:
                    content, rest = data[:i], data[i + len(PASTE_END):]
                else:
                    k = partial_suffix(data, PASTE_END)
                    content, self._held, rest = data[: len(data) - k], data[len(data) - k:], b""
                content = content.replace(b"\x1b", b"")
                room = self.limit - self.size
                if len(content) > room:
                    out += content[:room] + PASTE_END
                    self.skipped += len(content) - room
                    log.info("paste longer than %d bytes: cut", self.limit)
                    if i >= 0:
                        self.state, self._tail, data = "normal", b"", rest
                        continue
                    self.state, self._tail, self._held = "skip", self._held, b""
                    break
                out += content
                self.size += len(content)
                if i < 0:
                    break
                out += PASTE_END
                self.state, self._tail, data = "normal", b"", rest
            else:
                end = self._find(PASTE_END, data)
                if end < 0:
                    self.skipped += len(data)
                    self._remember(data)
                    break
                self.skipped += end
                data = data[end:]
                self.state, self._tail = "normal", b""
        return bytes(out)


def looks_like_raw_paste(data: bytes) -> bool:
    """Whether one read ``data`` is a paste sent without brackets (>= RAW_PASTE_MIN bytes, no ESC).

    A read with ESC holds keys or mouse reports (arrows, a burst of mouse
    moves), never taken as a paste.
    """
    return len(data) >= RAW_PASTE_MIN and b"\x1b" not in data


class RawPasteGuard:
    """Takes an unbracketed (raw) paste as a bracketed one, in front of a :class:`PasteGuard`.

    A read that :func:`looks_like_raw_paste` opens a paste (as if the client
    had sent :data:`PASTE_START`); every read that follows within
    :data:`RAW_PASTE_GAP` seconds belongs to it, and once none came for that
    long the paste is closed: :data:`PASTE_END` goes through the guard like
    a client's and what it yields is handed to ``on_close``. Without a
    running event loop each such read is a paste of its own.

    Line breaks at the end of the paste (a copied line's own, or Enter typed
    right behind it: a terminal without bracketed paste cannot tell them
    apart) are held back: after a paste of one line they become one Enter
    behind the paste, so the line is sent as if typed; after a paste of
    several lines they stay in it (a paste never sends anything by itself).

    Args:
        paste: The guard every byte then passes.
        on_close: Receives the guard's output for the closing marker.
    """

    def __init__(self, paste: PasteGuard, on_close: Callable[[bytes], None]) -> None:
        self.paste = paste
        self.on_close = on_close
        self.timer: asyncio.TimerHandle | None = None
        self._enter = b""  # line breaks held back from the end of the open paste
        self._lines = False  # the open paste holds a line break before its end

    @property
    def open(self) -> bool:
        """Whether a raw paste is open (later reads join it)."""
        return self.timer is not None

    def filter(self, data: bytes) -> bytes:
        """The bytes of ``data`` to pass on to the parser."""
        raw = False
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None
            data, self._enter = self._enter + data, b""
            if self.paste.state == "normal":  # the client closed it itself: open again
                data = PASTE_START + data
            raw = True
        elif self.paste.state == "normal" and looks_like_raw_paste(data):
            log.info("unbracketed paste of %d bytes or more: taken as a paste", len(data))
            data = PASTE_START + data
            raw, self._lines = True, False
        if raw:
            body = data.rstrip(b"\r\n")
            data, self._enter = body, data[len(body):]
            self._lines = self._lines or b"\r" in body or b"\n" in body
        out = self.paste.filter(data)
        if raw:
            try:
                loop = asyncio.get_running_loop()
            except RuntimeError:
                return out + self._closing()
            self.timer = loop.call_later(RAW_PASTE_GAP, self._close)
        return out

    def _close(self) -> None:
        self.timer = None
        out = self._closing()
        if out:
            self.on_close(out)

    def _closing(self) -> bytes:
        """What closing the open paste passes on: its end marker, then an Enter held back."""
        enter, self._enter = self._enter, b""
        several = self._lines
        out = b""
        if self.paste.state != "normal":
            out = self.paste.filter((enter if several else b"") + PASTE_END)
        if enter and not several:
            out += b"\r"
        return out


def ends_in_paste(was_paste: bool, data: bytes) -> bool:
    """Whether a parser in paste mode ``was_paste`` is in paste mode after ``data``."""
    start, end = data.rfind(PASTE_START), data.rfind(PASTE_END)
    if start < 0 and end < 0:
        return was_paste
    return start > end


def partial_suffix(data: bytes, marker: bytes) -> int:
    """Length of the longest end of ``data`` that is a proper start of ``marker``."""
    for k in range(min(len(marker) - 1, len(data)), 0, -1):
        if marker.startswith(data[-k:]):
            return k
    return 0


def clamp_size(width: int, height: int) -> tuple[int, int]:
    """A terminal size within 1..MAX_COLUMNS x 1..MAX_ROWS."""
    return (min(max(1, width), MAX_COLUMNS), min(max(1, height), MAX_ROWS))


def clean_paste(text: str) -> str:
    """Pasted text with only printable characters, tabs and line breaks.

    ``\r\n`` and lone ``\r`` become ``\n``; every other control (C0, DEL,
    C1), bidi control, surrogate and unassigned code point is dropped.
    """
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    return "".join(ch for ch in text if ch in "\t\n" or (ch.isprintable() and ch not in _BIDI))

"""A Textual driver whose terminal is an SSH channel.

Textual builds the driver itself (``driver_class(app, debug=, mouse=,
size=)``), so the channel reaches it through a :class:`TerminalLink`
bound with :func:`functools.partial`. The link outlives the driver: bytes
typed before the app starts are kept and replayed, and the host uses the
link to restore the terminal after a crash.

Input is where a client's bytes become text, so the whole kind of hostile
input is handled here, not per widget:

* bytes wait in a bounded queue on the link (``max_input``); beyond it they
  are discarded and the session goes on;
* a bracketed paste longer than ``MAX_PASTE`` bytes is cut there and closed
  (the rest of it is skipped by a byte scan, never parsed), so the parser
  always leaves paste mode and later keys work;
* the driver parses at most ``INPUT_SLICE`` bytes per loop turn, and the
  parsed events reach the app one at a time, each once the app has finished
  the last (:class:`~server.key_pacer.KeyPacer`): keys of one read act in
  the order typed (also across a dialog a key opens), and a key flood
  neither stalls the event loop nor floods the app;
* a large unbracketed burst of text is taken as a paste (see
  :meth:`TerminalLink.feed`), so a raw paste is cut like a bracketed one;
* invalid UTF-8 becomes U+FFFD; C1 controls (never keys) are dropped;
  pasted text keeps only printable characters, tabs and line breaks (no
  ESC, NUL, C1 or bidi controls reach a widget);
* the terminal's size comes only from the SSH window-change request,
  clamped to ``MAX_COLUMNS`` x ``MAX_ROWS``; size reports typed into the
  input stream are ignored.

Textual's input parser (``XTermParser``) and when it gives up on an escape
sequence (``parser_deadline``) are private names, used through
:mod:`ahoy_tui.hosting.textual_private`.
"""

from __future__ import annotations

import functools

import asyncio
import logging
from codecs import getincrementaldecoder
from pathlib import Path
from typing import Any, BinaryIO, Callable, Literal, Protocol, TextIO

from textual import constants, events
from textual.driver import Driver
from textual.geometry import Size
from textual import messages as textual_messages
from textual.message import Message

from ahoy_tui.hosting.framediff import FrameDiff
from ahoy_tui.hosting.textual_private import XTermParser, parser_deadline
from ahoy_tui.session import ColorSystem
from server.console_glyphs import to_console
from server.key_pacer import KeyPacer
from server.input_guard import (
    MAX_PASTE,
    PASTE_END,
    PASTE_START,
    PasteGuard,
    RawPasteGuard,
    clamp_size,
    clean_paste,
    ends_in_paste,
    partial_suffix,
)
from server.termcaps import clamp_colors

log = logging.getLogger(__name__)

# Sequences that put a terminal back the way a shell expects it: kitty
# keyboard protocol popped, mouse reporting off, focus events off, bracketed
# paste off, line wrap on, attributes reset, alternate screen left, cursor
# shown. Safe to send more than once.
RESTORE_SEQUENCE = (
    "\x1b[<u"
    "\x1b[?1000l\x1b[?1003l\x1b[?1015l\x1b[?1006l"
    "\x1b[?1004l"
    "\x1b[?2004l"
    "\x1b[?7h"
    "\x1b[0m"
    "\x1b[?1049l"
    "\x1b[?25h"
)

_MOUSE_ON = "\x1b[?1000h\x1b[?1003h\x1b[?1015h\x1b[?1006h"
_MOUSE_OFF = "\x1b[?1000l\x1b[?1003l\x1b[?1015l\x1b[?1006l"
# Kitty keyboard protocol flags as LinuxDriver uses them: disambiguate
# escape codes (1) | report all keys (8) | report associated text (16).
_KITTY_FLAGS = 1 | 8 | 16

#: Queue room for one whole paste cut at MAX_PASTE, with its markers, besides ``max_input``.
PASTE_ROOM = MAX_PASTE + len(PASTE_START) + len(PASTE_END)
#: Bytes of input parsed per event-loop turn.
INPUT_SLICE = 1024
#: Seconds between two bells sent to one client.
BELL_INTERVAL = 0.5
#: Seconds after the last of a burst of window changes before the repaint check.
RESIZE_SETTLE = 0.05

# C1 controls: not keys in any terminal's UTF-8 input; dropped before parsing.
_C1 = {c: None for c in range(0x80, 0xA0)}


class Channel(Protocol):
    """The part of an asyncssh channel the link uses (bytes mode)."""

    def write(self, data: bytes) -> None: ...

    def get_write_buffer_size(self) -> int: ...


class _Sent:
    """Bytes every ``TerminalLink`` of this process wrote to its channel, ended sessions included
    (``server.metrics`` reads it at scrape time; one integer add per write)."""

    __slots__ = ("bytes",)

    def __init__(self) -> None:
        self.bytes = 0


SENT = _Sent()


class TerminalLink:
    """One session's terminal: output to the channel, input to the driver.

    Attributes:
        color_system: Colour depth every byte sent is clamped to.
        size: Current terminal size (columns, rows).
        bytes_sent: Total bytes written to the channel.
        max_buffer: Bound on unsent output in bytes; beyond it
            ``on_overflow`` is called once and further output is dropped.
        max_input: Bound on received bytes waiting to be parsed, besides
            :data:`PASTE_ROOM` for one whole cut paste (so the keys read
            with a long paste, e.g. the Enter behind it, are kept); bytes
            beyond it are discarded (counted in ``input_dropped``).
        clamp: Rewrite colour codes to ``color_system`` (on by default;
            tests turn it off to check the render path alone).
        console_glyphs: Map every character onto the Linux console's
            glyphs (TERM=linux, :mod:`server.console_glyphs`).
        frames: The session's :class:`~ahoy_tui.hosting.framediff.FrameDiff` (set by
            ``hosting.prepare_app``), told when the client's screen can no
            longer be trusted (window change, alternate screen entered/left).
    """

    def __init__(
        self,
        channel: Channel,
        *,
        color_system: ColorSystem,
        size: tuple[int, int],
        max_buffer: int = 4 * 1024 * 1024,
        max_input: int = 16 * 1024,
        on_overflow: Callable[[], None] | None = None,
        clamp: bool = True,
        console_glyphs: bool = False,
    ) -> None:
        self.channel = channel
        self.color_system = color_system
        self.size = size
        self.max_buffer = max_buffer
        self.max_input = max_input
        self.on_overflow = on_overflow
        self.clamp = clamp
        self.console_glyphs = console_glyphs
        self.bytes_sent = 0
        self.frames_sent = 0
        self.closed = False
        self.overflowed = False
        self.driver: SSHDriver | None = None
        self.frames: FrameDiff | None = None
        self.on_frame: Callable[[], None] | None = None
        """Called after each write to the channel (``Keepalives.frame``: the link is in use)."""
        self.input_dropped = 0
        self._input = bytearray()
        self._dropping = False
        self._paste = PasteGuard()
        self._queued_paste = False  # the parser's paste mode after the queued bytes
        self._queued_tail = b""  # last queued bytes (markers split across packets)
        self._raw_paste = RawPasteGuard(self._paste, self._enqueue)

    def driver_class(self) -> Callable[..., SSHDriver]:
        """The Textual driver class bound to this link (``ahoy_tui.hosting.apps.HostLink``)."""
        return functools.partial(SSHDriver, link=self)

    def restore(self, note: str = "") -> None:
        """Put the client's terminal back (:data:`RESTORE_SEQUENCE`), then send ``note``."""
        self.send_text(RESTORE_SEQUENCE + note)

    def send_text(self, text: str) -> None:
        """Clamp colours, encode as UTF-8 and write ``text`` to the channel.

        Output is discarded once the link is closed or has overflowed.
        """
        if not text or self.closed or self.overflowed:
            return
        if self.clamp:
            text = clamp_colors(text, self.color_system)
        if self.console_glyphs:
            text = to_console(text)
        data = text.encode("utf-8", "replace")
        try:
            self.channel.write(data)
        except Exception:  # channel already closing: nothing more to send
            log.debug("write to closed channel dropped", exc_info=True)
            self.closed = True
            return
        self.bytes_sent += len(data)
        self.frames_sent += 1
        SENT.bytes += len(data)
        if self.on_frame is not None:
            self.on_frame()
        if self.channel.get_write_buffer_size() > self.max_buffer:
            self.overflowed = True
            log.warning("client not reading: %d bytes unsent, dropping", self.channel.get_write_buffer_size())
            if self.on_overflow is not None:
                self.on_overflow()

    def feed(self, data: bytes) -> None:
        """Bytes from the client: queued for the driver (kept until it attaches).

        A read that looks like a raw paste (256 bytes or more of text without
        ESC) is taken as a bracketed one (:class:`RawPasteGuard`): cleaned,
        cut and parsed as one event, not as thousands of keys.

        Bytes pass the :class:`PasteGuard` first (the rest of a long paste
        costs a byte scan, not queue room). At most ``max_input`` bytes
        wait besides :data:`PASTE_ROOM`; the rest is discarded and logged
        once per burst. If what is discarded held the end of a paste, the
        end marker is kept, so the parser never stays in paste mode.
        """
        self._enqueue(self._raw_paste.filter(data))

    def _enqueue(self, data: bytes) -> None:
        """Queue filtered ``data`` within ``max_input`` and wake the driver."""
        room = self.max_input + PASTE_ROOM - len(self._input)
        if len(data) > room:
            kept = data[: max(room, 0)]
            self.input_dropped += len(data) - len(kept)
            if not self._dropping:
                self._dropping = True
                log.warning("input backlog over %d bytes: discarding input", self.max_input)
            if ends_in_paste(self._queued_paste, self._queued_tail + kept) and self._paste.state != "paste":
                kept = kept[: len(kept) - partial_suffix(kept, PASTE_END)] + PASTE_END
            data = kept
        if data:
            self._queued_paste = ends_in_paste(self._queued_paste, self._queued_tail + data)
            self._queued_tail = (self._queued_tail + data)[-(len(PASTE_END) - 1):]
            self._input += data
        if self.driver is not None:
            self.driver.input_ready()

    @property
    def input_pending(self) -> int:
        """Bytes received and not yet parsed."""
        return len(self._input)

    def take_input(self, limit: int) -> bytes:
        """Remove and return up to ``limit`` queued input bytes."""
        data = bytes(self._input[:limit])
        del self._input[:limit]
        if not self._input:
            self._dropping = False
        return data

    def resize(self, width: int, height: int) -> None:
        """The client's window changed to ``width`` x ``height`` cells."""
        self.size = clamp_size(width, height)
        self.forget_screen()
        if self.driver is not None:
            self.driver.resize(*self.size)

    def forget_screen(self) -> None:
        """The client's screen is unknown: the next frames repaint what they touch."""
        if self.frames is not None:
            self.frames.invalidate()

    def attach(self, driver: SSHDriver) -> None:
        """Route input to ``driver``; what arrived before it is parsed first."""
        self.driver = driver
        if self._input:
            driver.input_ready()

    def detach(self, driver: SSHDriver) -> None:
        """Stop routing input to ``driver`` (later input is kept)."""
        if self.driver is driver:
            self.driver = None


class SSHDriver(Driver):
    """Textual driver writing to a :class:`TerminalLink`.

    Output written between two ``flush()`` calls leaves as one channel write
    (one SSH packet train per frame). Input is taken from the link in
    slices, decoded as incremental UTF-8 (errors replaced), cleaned (module
    docstring) and parsed by Textual's ``XTermParser``; a lone Esc is
    released by a ``loop.call_later`` tick after ``ESCDELAY``.
    """

    def __init__(
        self,
        app: Any,
        *,
        link: TerminalLink,
        debug: bool = False,
        mouse: bool = True,
        size: tuple[int, int] | None = None,
    ) -> None:
        super().__init__(app, debug=False, mouse=mouse, size=size or link.size)
        self.app = app
        self.loop = asyncio.get_running_loop()
        self.mouse = mouse
        self.link = link
        self._buffer: list[str] = []
        self._flush_handle: asyncio.Handle | None = None
        self._tick_handle: asyncio.TimerHandle | None = None
        self._pump_handle: asyncio.Handle | None = None
        self._resize_handle: asyncio.TimerHandle | None = None
        self._size_before_resizes: tuple[int, int] | None = None
        self._window: tuple[int, int] | None = None
        self._last_bell = float("-inf")
        self._decode = getincrementaldecoder("utf-8")(errors="replace").decode
        self._parser = XTermParser(debug=False)
        self._input_enabled = False
        self._pacer = KeyPacer(app, self._deliver, self.loop)
        self._pacer.on_drained = self.input_ready

    # -- output -------------------------------------------------------
    def write(self, data: str) -> None:
        """Queue ``data``; it leaves at the next ``flush`` (or loop turn).

        A bell (``App.bell``, e.g. a full ``Input`` refusing a key) is sent
        at most once per :data:`BELL_INTERVAL`, so a key flood is not echoed
        as a bell flood.
        """
        if data == "\a":
            now = self.loop.time()
            if now - self._last_bell < BELL_INTERVAL:
                return
            self._last_bell = now
        self._buffer.append(data)
        if self._flush_handle is None:
            self._flush_handle = self.loop.call_soon(self.flush)

    def flush(self) -> None:
        """Send everything queued as one channel write."""
        if self._flush_handle is not None:
            self._flush_handle.cancel()
            self._flush_handle = None
        if self._buffer:
            text = "".join(self._buffer)
            self._buffer.clear()
            self.link.send_text(text)

    # -- modes --------------------------------------------------------
    def start_application_mode(self) -> None:
        """Alternate screen, hidden cursor, mouse, focus events, paste, input on."""
        self.link.forget_screen()
        write = self.write
        write("\x1b[?1049h")  # alternate screen
        if self.mouse:
            write(_MOUSE_ON)
        write("\x1b[?25l")  # hide cursor
        write("\x1b[?1004h")  # focus in/out events
        if not constants.DISABLE_KITTY_KEY:
            write(f"\x1b[>{_KITTY_FLAGS}u")
        write("\x1b[?2026$p")  # ask whether synchronized output is supported
        write("\x1b[?2004h")  # bracketed paste
        write("\x1b[?7l")  # no line wrap
        self.flush()
        self._input_enabled = True
        self.link.attach(self)

    def disable_input(self) -> None:
        """Stop delivering input to the app."""
        self._input_enabled = False
        self.link.detach(self)
        if self._tick_handle is not None:
            self._tick_handle.cancel()
            self._tick_handle = None
        if self._pump_handle is not None:
            self._pump_handle.cancel()
            self._pump_handle = None
        if self._resize_handle is not None:
            self._resize_handle.cancel()
            self._resize_handle = None
        self._pacer.cancel()

    def stop_application_mode(self) -> None:
        """Put the client's terminal back (see :data:`RESTORE_SEQUENCE`)."""
        self.disable_input()
        self.link.forget_screen()
        self.write(RESTORE_SEQUENCE)
        self.flush()

    def close(self) -> None:
        """Send anything still queued."""
        self.flush()

    # -- input --------------------------------------------------------
    def input_ready(self) -> None:
        """The link has input: parse it on a coming loop turn."""
        if self._pump_handle is None and self._input_enabled and self.link.input_pending:
            self._pump_handle = self.loop.call_soon(self._pump)

    def _pump(self) -> None:
        """Parse one slice of queued input; come back for the rest.

        While the pacer holds many events, parsing waits for it to drain
        (it calls :meth:`input_ready`), so held events stay bounded.
        """
        self._pump_handle = None
        if not self._input_enabled or self._pacer.full:
            return
        self.feed(self.link.take_input(INPUT_SLICE))
        if self.link.input_pending and self._input_enabled and not self._pacer.full:
            self._pump_handle = self.loop.call_soon(self._pump)

    def feed(self, data: bytes) -> None:
        """Parse bytes from the client; the events reach the app through the pacer."""
        if not self._input_enabled:
            return
        text = self._decode(data).translate(_C1)
        if text:
            for message in self._parser.feed(text):
                self._pacer.add(message)
        self._schedule_tick()

    def _deliver(self, message: Message) -> None:
        """Post a parsed message, after the input rules of the module docstring."""
        if not self._input_enabled:
            return
        if isinstance(message, (events.Resize, textual_messages.InBandWindowResize)):
            log.debug("ignored a size report typed into the input")
            return
        if isinstance(message, events.Paste):
            message = events.Paste(clean_paste(message.text))
        self.process_message(message)

    def _schedule_tick(self) -> None:
        if self._tick_handle is not None:
            self._tick_handle.cancel()
            self._tick_handle = None
        deadline = parser_deadline(self._parser)
        if deadline is not None:
            delay = max(0.0, deadline - self.loop.time()) + 0.005
            self._tick_handle = self.loop.call_later(
                max(delay, constants.ESCAPE_DELAY / 4), self._tick
            )

    def _tick(self) -> None:
        self._tick_handle = None
        if not self._input_enabled:
            return
        for message in self._parser.tick():
            self._pacer.add(message)
        self._schedule_tick()

    def send_message(self, message: Message) -> None:
        """Post ``message`` to the app (we are on the app's loop already)."""
        self.app.post_message(message)

    def resize(self, width: int, height: int) -> None:
        """Tell the app its terminal is now ``width`` x ``height``.

        A burst of window changes that ends at the size the app had before
        it changes nothing for Textual (it paints nothing), yet the client's
        terminal lost what its smaller sizes cut off. So once no window
        change has come for :data:`RESIZE_SETTLE` seconds, a burst that ended
        where it began repaints the whole screen (as Ctrl+L does).
        """
        if self._resize_handle is None:
            self._size_before_resizes = tuple(self.app.size)
        else:
            self._resize_handle.cancel()
        self._window = (width, height)
        size = Size(width, height)
        self.send_message(events.Resize(size, size))
        self._resize_handle = self.loop.call_later(RESIZE_SETTLE, self._resizes_settled)

    def _resizes_settled(self) -> None:
        """The last window change of a burst is in: repaint if Textual will not."""
        self._resize_handle = None
        if self._size_before_resizes == self._window:
            app = self.app
            app.call_later(lambda: app.screen.refresh())

    # -- server-side actions a remote player must not reach -----------
    def open_url(self, url: str, new_tab: bool = True) -> None:
        """Do nothing: a browser would open on the server."""
        log.info("open_url refused for a hosted session: %r", url)

    def deliver_binary(
        self,
        binary: BinaryIO | TextIO,
        *,
        delivery_key: str,
        save_path: Path,
        open_method: Literal["browser", "download"] = "download",
        encoding: str | None = None,
        mime_type: str | None = None,
        name: str | None = None,
    ) -> None:
        """Refuse: files (screenshots) would be written on the server's disk."""
        binary.close()
        self.app.post_message(
            events.DeliveryFailed(
                key=delivery_key,
                exception=PermissionError("saving files is disabled over SSH"),
                name=name,
            )
        )

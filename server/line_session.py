"""Line mode over an SSH channel (issue 28.1; docs/accessibility.md).

``ssh -t host line`` (or a PTY with ``TERM=dumb``, or the identity's saved ``line on``) runs
:class:`ahoy_tui.line.session.LineSession` on the channel instead of the Textual app. This module
is the channel side only:

* :class:`LineEditor` turns received bytes into whole lines: CR, LF or CR LF end a line; backspace
  (DEL or BS) removes the last character; Ctrl+U clears the line; Ctrl+C or Ctrl+D on an empty
  line quits; escape sequences (arrow keys) and other control bytes are dropped; a line longer
  than :data:`MAX_LINE` bytes is dropped whole (one sentence says so, at once); invalid UTF-8 is
  replaced (one sentence says so). With a PTY the typed characters are echoed (the client's
  terminal is raw); without one they are not.
* :class:`LineChannel` writes sentences: plain lines, CR LF with a PTY, LF without; never an ESC
  byte (the sentence cleaner removes control characters; :meth:`LineChannel.write` checks again).
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass, field
from typing import Any, Callable

from ahoy_tui.line.session import LineSession
from ahoy_tui.line.texts import say
from ahoy_tui.lobby.gate import address_key
from ahoy_tui.lobby.names import sanitize_name
from ahoy_tui.logsafe import esc
from ahoy_tui.plain.answers import plain_text
from server.termcaps import lang_for, utf8_for

log = logging.getLogger(__name__)

MAX_LINE = 4096
"""Longest line kept, in bytes; a longer one is dropped whole."""
LINE_WORDS = ("line",)
"""Exec commands that start line mode (``ssh -t host line``)."""


def wants_line_mode(command: str | None, term: str | None, has_pty: bool, saved: bool) -> bool:
    """True when a channel gets line mode: the ``line`` command; or a shell with a PTY whose TERM is
    ``dumb`` or whose identity saved ``line on``."""
    if command is not None:
        return command.strip().casefold() in LINE_WORDS
    return has_pty and ((term or "").casefold() == "dumb" or saved)


@dataclass
class LineEditor:
    """Received bytes to whole lines (see the module docstring).

    Attributes:
        echo: Called with the bytes to echo (None: no echo).
        on_line: Called with each whole line (str, invalid UTF-8 replaced) and whether it had bad bytes.
        on_too_long: Called once when a line passes ``limit`` bytes (the rest of it is skipped).
        on_quit: Called for Ctrl+C or Ctrl+D on an empty line.
    """

    on_line: Callable[[str, bool], None]
    on_too_long: Callable[[int], None]
    on_quit: Callable[[], None]
    echo: Callable[[bytes], None] | None = None
    limit: int = MAX_LINE
    buf: bytearray = field(default_factory=bytearray)
    skipping: bool = False
    skipped: int = 0
    _esc: int = 0  # 0: normal, 1: after ESC, 2: inside a CSI sequence
    _cr: bool = False

    @property
    def pending(self) -> bytes:
        """The partial line typed so far."""
        return bytes(self.buf)

    def feed(self, data: bytes) -> None:
        """Take received bytes."""
        out = bytearray()
        for b in data:
            if self._esc == 1:
                self._esc = 2 if b in (0x5B, 0x4F) else 0  # ESC [ or ESC O: a sequence follows
                continue
            if self._esc == 2:
                if 0x40 <= b <= 0x7E:
                    self._esc = 0
                continue
            if b == 0x1B:
                self._esc = 1
                continue
            if b == 0x0A and self._cr:
                self._cr = False
                continue
            self._cr = b == 0x0D
            if b in (0x0D, 0x0A):
                if self.echo is not None:
                    out += b"\r\n"
                    self._flush(out)
                self._end_line()
                continue
            if b in (0x7F, 0x08):
                if self.buf and not self.skipping:
                    while self.buf and 0x80 <= self.buf[-1] < 0xC0:
                        self.buf.pop()
                    if self.buf:
                        self.buf.pop()
                    out += b"\b \b"
                continue
            if b == 0x15:  # Ctrl+U
                out += b"\b \b" * len(self.buf.decode("utf-8", "replace"))
                self.buf.clear()
                continue
            if b in (0x03, 0x04):  # Ctrl+C, Ctrl+D
                if not self.buf:
                    self._flush(out)
                    self.on_quit()
                    return
                continue
            if b < 0x20:
                continue
            if self.skipping:
                self.skipped += 1
                continue
            self.buf.append(b)
            if len(self.buf) > self.limit:
                self.skipping, self.skipped = True, len(self.buf)
                self.buf.clear()
                out += b"\r\n"
                self._flush(out)
                self.on_too_long(self.limit)
                continue
            out.append(b)
        self._flush(out)

    def _flush(self, out: bytearray) -> None:
        if out and self.echo is not None:
            self.echo(bytes(out))
        out.clear()

    def _end_line(self) -> None:
        if self.skipping:
            self.skipping, self.skipped = False, 0
            return
        raw = bytes(self.buf)
        self.buf.clear()
        text = raw.decode("utf-8", "replace")
        bad = "\ufffd" in text and "\ufffd".encode() not in raw
        self.on_line(text, bad)


class LineChannel:
    """Sentences out to one SSH channel (CR LF with a PTY), and the typed lines in.

    Args:
        chan: The asyncssh channel (bytes mode).
        pty: The client asked for a PTY (echo, CR LF).
        utf8: The client reads UTF-8 (else ASCII only).
        max_buffer: Unsent bytes after which the client counts as not reading (``on_overflow``).
    """

    def __init__(self, chan: Any, pty: bool, utf8: bool, max_buffer: int,
                 on_overflow: Callable[[], None]) -> None:
        self.chan = chan
        self.pty = pty
        self.utf8 = utf8
        self.max_buffer = max_buffer
        self.on_overflow = on_overflow
        self.closed = False
        self.lines: asyncio.Queue[tuple[str, str] | None] = asyncio.Queue()
        """What the player typed, in order: ``("line", text)``, ``("bad_utf8", text)`` (invalid UTF-8
        replaced), ``("too_long", "")`` (a line over the limit, dropped); None: no more (quit, EOF)."""
        self.editor = LineEditor(on_line=lambda text, bad: self.lines.put_nowait(("bad_utf8" if bad else "line", text)),
                                 on_too_long=lambda n: self.lines.put_nowait(("too_long", "")),
                                 on_quit=lambda: self.lines.put_nowait(None),
                                 echo=self._echo if pty else None)

    def _send(self, data: bytes) -> None:
        if self.closed:
            return
        assert b"\x1b" not in data, "line mode never sends an escape sequence"
        try:
            self.chan.write(data)
        except OSError:
            self.closed = True
            return
        if self.max_buffer and self.chan.get_write_buffer_size() > self.max_buffer:
            self.closed = True
            self.on_overflow()

    def _echo(self, data: bytes) -> None:
        self._send(data.replace(b"\x1b", b""))

    def write(self, sentence: str) -> None:
        """One sentence as a line. While the player has typed part of a line (PTY), the sentence goes on a
        line of its own and the partial line is typed again below it."""
        text = plain_text(sentence.replace("\n", " "), self.utf8)
        nl = "\r\n" if self.pty else "\n"
        pending = self.editor.pending if self.pty else b""
        lead = nl if pending else ""
        self._send(f"{lead}{text}{nl}".encode() + pending)

    def feed(self, data: bytes) -> None:
        self.editor.feed(data)

    def end(self) -> None:
        """The client sent EOF: no more lines."""
        self.lines.put_nowait(None)


def open_line(session: Any) -> LineChannel:
    """The :class:`LineChannel` of ``session``'s channel, made when the session starts so that what the
    client sends at once (``printf 'who\\n' | ssh -T host line``) waits in its queue for :func:`serve_line`."""
    env = dict(session.chan.get_environment())
    return LineChannel(session.chan, session.has_pty, utf8_for(env), session.server.config.max_buffer, session._drop)


async def serve_line(session: Any) -> int:
    """Run line mode on ``session``'s channel until the player quits or goes; returns the exit status.

    ``session`` is the ``server.pty_session.Session`` of the channel (not imported: that module imports
    this one); this sets its ``handle`` and ``line`` (the :class:`LineChannel` its channel events feed).

    Joins the lobby as the full screen does (``lobby.connect``: one live session per identity, R17),
    and leaves it (``disconnect``) at the end, whatever happens.
    """
    chan = session.chan
    assert chan is not None
    server = session.server
    lobby = server.lobby
    env = dict(chan.get_environment())
    lang, utf8 = lang_for(env), utf8_for(env)
    identity = session.connection.identity
    if session.replaced:  # a newer session of this identity started first
        session._refuse(session.goodbye or "")
        return 1
    handle = session.handle = await lobby.connect(identity, sanitize_name(session.connection.username))
    server.lobby_host.set_address(handle, address_key(session.connection.address))
    for older in [s for s in server.sessions if s.started < session.started and s.connection.identity == identity]:
        older.replace(handle.name)
    link = session.line if session.line is not None else open_line(session)
    session.line = link
    talk = LineSession(lobby, handle, link.write, lang=lang, utf8=utf8)
    log.info("line session start %s as %s from %s", esc(identity), esc(handle.name), session.connection.peer)
    status = 0
    try:
        talk.start()
        while not session.replaced and not link.closed:
            item = await link.lines.get()
            if item is None:
                break
            kind, text = item
            if kind == "too_long":
                talk.out(say(lang, "line.too_long", n=f"> {MAX_LINE}", max=MAX_LINE))
                continue
            if kind == "bad_utf8":
                talk.out(say(lang, "line.bad_utf8"))
            try:
                if not await talk.line(text):
                    break
            except Exception:
                log.exception("line command of %s failed", esc(identity))
                talk.out(say(lang, "line.refused", reason="the server could not do that; try again."))
    finally:
        talk.close()
        server.sessions.discard(session)
        await lobby.disconnect(handle)
        log.info("line session end %s", esc(identity))
        if session.goodbye:
            link.write(session.goodbye)
        try:
            chan.exit(status)
        except OSError:
            pass
    return status

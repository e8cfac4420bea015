"""``ssh -T host bot``: the bot API on one SSH channel (docs/bot-api.md).

The glue between an asyncssh session channel (bytes, no PTY) and
:class:`ahoy_tui.botapi.link.BotLink`, which holds the protocol. Only a client
that proved a key gets in (its lobby identity ``bot:SHA256:...``); a keyless one
or one with a PTY gets one line on stderr and exit status 1. One bot connection per key:
a newer one ends the older (its last line a ``Notice``). The session counts
as a running session of its connection's identity (``key:SHA256:...``), so an
operator's ``ban key`` or ``kick`` ends it like a player's (a banned key is
refused before it gets here: ``server.ssh``).

Output a bot does not read piles up to ``max_buffer`` bytes; beyond it the
connection is dropped, as for a terminal that stops reading.
"""

from __future__ import annotations

import asyncio
import logging
import math
from typing import Any

from ahoy_tui.botapi.link import BotLimits, BotLink, bot_identity
from ahoy_tui.lobby.gate import address_key
from ahoy_tui.lobby.names import sanitize_name
from ahoy_tui.logsafe import esc

log = logging.getLogger(__name__)

BOT_COMMAND = "bot"
"""The exec command that opens the bot API."""

KEY_REQUIRED = ("ahoy: the bot API needs an SSH key: connect with ssh -T -i KEY host bot "
                "(create a key with ssh-keygen).\n")
REPLACED = "A newer bot API connection of this key took over; this one ends."
"""The last ``Notice`` of a bot connection replaced by a newer one of the same key (one per key)."""
EARLY_BYTES = 2 << 20
"""Bytes kept from a bot before its lobby connection is made; past them reading stops until it is."""
NO_PTY = "ahoy: the bot API speaks JSON Lines without a terminal: connect with ssh -T host bot.\n"


def is_bot_command(command: str | None) -> bool:
    """``command`` (an exec request) asks for the bot API."""
    return command is not None and command.strip() == BOT_COMMAND


class _Info:
    """What the operator console reads of a session (``SessionInfo.display_name``, ``lang``)."""

    def __init__(self, display_name: str) -> None:
        self.display_name = display_name
        self.lang = "en"


class BotSession:
    """One bot's channel: started by ``server.pty_session.Session`` for ``exec bot``.

    Args:
        server: The server (``lobby``, ``sessions``, ``config.max_buffer``, ``tally``).
        connection: The SSH connection (``identity``, ``username``, ``peer``, ``conn``).
        chan: The asyncssh channel (bytes mode).
        has_pty: The client asked for a PTY (refused).
        limits: The bot API's limits.
    """

    api_bot = True
    """A bot API session (``server.metrics`` counts these apart from screens)."""

    admitted = False
    """It took its place in the session limits (the sessions counted for the next one)."""

    started = math.inf
    """Never older than a player's session: a person's TUI with the same key does not replace it."""

    def __init__(self, server: Any, connection: Any, chan: Any, has_pty: bool = False,
                 limits: BotLimits = BotLimits()) -> None:
        self.server, self.connection, self.chan, self.has_pty = server, connection, chan, has_pty
        self.limits = limits
        self.link: BotLink | None = None
        self.handle: Any = None
        self.info: _Info | None = None
        self._early: list[bytes] = []
        self._eof = False
        self._dropped = False
        """The client stopped reading and was dropped (``max_buffer``): nothing more is written or logged."""
        self._done = asyncio.Event()

    # -- the channel ---------------------------------------------------------------------

    def feed(self, data: bytes) -> None:
        if self.link is not None:
            self.link.feed(data)
        else:  # before the lobby answered: kept, and reading stops past one long line's worth
            self._early.append(data)
            if sum(map(len, self._early)) > EARLY_BYTES:
                self._pause(True)

    def eof(self) -> None:
        self._eof = True
        if self.link is not None:
            self.link.end()

    def lost(self) -> None:
        self.eof()

    def _send(self, line: bytes) -> None:
        chan = self.chan
        if self._dropped:  # once dropped, the lines still queued go nowhere (and are not logged each)
            return
        try:
            chan.write(line)
        except OSError:  # the client went away
            self.eof()
            return
        if chan.get_write_buffer_size() > self.server.config.max_buffer:
            self._dropped = True
            log.info("bot %s from %s dropped: not reading its output", esc(self.connection.identity),
                     self.connection.peer)
            self.eof()
            conn = self.connection.conn
            if conn is not None:
                conn.abort()

    def _pause(self, on: bool) -> None:
        try:
            self.chan.pause_reading() if on else self.chan.resume_reading()
        except OSError:
            pass

    def _refuse(self, line: str) -> None:
        try:
            self.chan.write_stderr(line.encode())
            self.chan.exit(1)
        except OSError:
            pass

    # -- its life --------------------------------------------------------------------------

    async def run(self) -> None:
        """Serve the bot until it sends EOF or goes away, or the server ends it."""
        identity = self.connection.identity
        if self.has_pty:
            self._refuse(NO_PTY)
            return
        if not identity.startswith("key:"):
            log.info("bot API refused to keyless %s from %s", esc(identity), self.connection.peer)
            self._refuse(KEY_REQUIRED)
            return
        if self.server.stopping:
            self._refuse("ahoy: the server is going down\n")
            return
        # The server's session limits (``--max-sessions``, per address), counted by the lobby host
        # (with ``--redis``: over every worker), as for a person's session.
        refusal, place = await self.server.take_place(self.connection)
        if refusal is not None:
            self._refuse(f"ahoy: {refusal}\n")
            return
        try:
            await self._serve_admitted(identity)
        finally:
            self.server.session_limits.release(place)

    async def _serve_admitted(self, identity: str) -> None:
        """Serve the bot once it took its place in the session limits."""
        self.admitted = True
        lobby = self.server.lobby
        self.handle = handle = await lobby.connect(bot_identity(identity[4:]),
                                                   sanitize_name(self.connection.username))
        # Wrong table codes count per address; operators on other workers find it by address.
        self.server.lobby_host.set_address(handle, address_key(self.connection.address))
        self.info = _Info(handle.name)
        self.server.tally.started["bot_api"] += 1
        for older in [s for s in list(self.server.sessions)
                      if isinstance(s, BotSession) and s.connection.identity == identity]:
            asyncio.ensure_future(older.shutdown(REPLACED))
        self.server.sessions.add(self)
        log.info("bot start %s as %s from %s", esc(identity), esc(handle.name), self.connection.peer)
        link = self.link = BotLink(lobby, handle, self._send, self.limits, pause=self._pause)
        try:
            link.subscribe()
            early, self._early = self._early, []
            for data in early:
                link.feed(data)
            if sum(map(len, early)) > EARLY_BYTES and not link._paused:
                self._pause(False)
            if self._eof:
                link.end()
            await link.serve()
        finally:
            link.closed = True
            self.server.sessions.discard(self)
            await lobby.disconnect(handle)
            log.info("bot end %s", esc(identity))
            try:
                self.chan.exit(0)
            except OSError:
                pass
            self._done.set()

    @property
    def lang(self) -> str:
        """The language of its messages: English (a bot reads the codes)."""
        return "en"

    async def shutdown(self, message: str) -> None:
        """End the session (server shutdown, a ban, a kick): ``message`` as a last ``Notice`` line."""
        from ahoy_tui.lobby.messages import Notice

        if self.link is not None and not self.link.closed:
            self.link.push(Notice(message, "error", "session_ended"))
            self.link.closed = True
        self.eof()
        if self.link is not None:
            await self._done.wait()

    def replace(self, name: str) -> None:
        """A newer player session of this key started: a bot goes on (it is another identity)."""


__all__ = ["BOT_COMMAND", "BotSession", "is_bot_command"]

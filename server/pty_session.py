"""One SSH session channel: a Textual app with a PTY, plain text without, or line mode.

Line mode (``ssh -t host line``, a PTY with ``TERM=dumb``, or the identity's saved ``line on``;
issue 28.1) is run by :func:`server.line_session.serve_line` in place of the app, with the same
session limits, replacement of older sessions and shutdown.

The channel is in bytes mode (``encoding=None``, no line editor). With a
PTY and a shell request the session joins the lobby, builds the app with
the UI's ``create_app`` and runs it through :mod:`ahoy_tui.hosting.apps`; the
channel's exit status is 0 after a normal quit, 1 after a crash.

An exec of an operator command (``kick``, ``ban``, ``motd``...) is answered
by :mod:`ahoy_tui.moderation.console`; an operator's interactive session gets
that console as ``SessionInfo.operator`` (docs/moderation.md).

One identity has one live session: once a new one has joined the lobby,
every older session of the same identity is told why (in its language)
and closed; the new one takes its seats (R17, ``Lobby.subscribe``).
"""

from __future__ import annotations

import asyncio
import functools
import itertools
import logging
from typing import TYPE_CHECKING, Any, Protocol

import asyncssh

from ahoy_tui.hosting import textual_private
from ahoy_tui.hosting.apps import APOLOGY, prepare_app, run_hosted
from ahoy_tui.lobby.gate import address_key
from ahoy_tui.lobby.names import sanitize_name
from ahoy_tui.logsafe import esc
from ahoy_tui.moderation.console import OperatorConsole, is_operator_command, operator_answer
from ahoy_tui.plain.answers import Answer, answer, plain_text
from ahoy_tui.session import SessionInfo
from server.app_factory import AppFactory, build_app
from server.bot_session import BotSession, is_bot_command
from server.console_glyphs import linux_console
from server.driver import TerminalLink, clamp_size
from server.line_session import open_line, serve_line, wants_line_mode
from server.refusal_lines import refusal_line
from server.termcaps import color_system_for, lang_for, notify_for, plain_locale, title_for, utf8_for

if TYPE_CHECKING:
    from ahoy_tui.lobby.api import LobbyAPI
    from ahoy_tui.hosting.gc_policy import GcPolicy
    from ahoy_tui.lobby.hosted import SessionLimits
    from ahoy_tui.moderation.policy import Moderator
    from server.tally import Tally

log = logging.getLogger(__name__)

FULL_MESSAGE = "Ahoy! The ship is full right now. Try again in a little while.\r\n"
#: Longest TERM value kept (a longer one is cut; it only picks colours).
MAX_TERM = 64
BAD_COMMAND = "ahoy: that command is not valid UTF-8 text; type it in a UTF-8 terminal (ssh host help lists them).\n"
_STARTS = itertools.count(1)


class SessionSettings(Protocol):
    """The server settings a session reads (``server.ssh.ServerConfig``)."""

    app_factory: AppFactory
    max_buffer: int
    max_input: int
    clamp_colors: bool
    frame_diff: bool


class SessionConnection(Protocol):
    """What a session knows of its SSH connection (``server.ssh._Connection``).

    Attributes:
        conn: The asyncssh connection (None before it is made).
        username: The login name as typed.
        peer: ``"address:port"`` of the client, for logs.
        address: The client's address (limits count by it).
        identity: Stable identity (``server.identity.identity_for``).
    """

    conn: asyncssh.SSHServerConnection | None
    username: str
    peer: str
    address: str

    @property
    def identity(self) -> str: ...


class SessionHost(Protocol):
    """What a session needs of the server that hosts it (``server.ssh.AhoyServer``).

    Attributes:
        config: Its settings.
        lobby: The process-wide lobby the session joins.
        sessions: Interactive sessions running; a session adds itself at
            start and removes itself at its end.
        session_limits: The session limits (``LobbyHost.session_limits``: here or over every worker).
        gc: Told when a session ends, with the session, its app and its SSH connection (``GcPolicy.session_ended``).
        stopping: True once the server is shutting down.
        tally: Sessions started and refused (``server.tally``).
    """

    config: SessionSettings
    lobby: LobbyAPI
    sessions: set[Any]
    session_limits: SessionLimits
    gc: GcPolicy
    stopping: bool
    tally: Tally

    def connect_line(self, host: str | None = None) -> str:
        """The command a player types to connect (for the no-PTY help)."""
        ...

    async def take_place(self, connection: Any) -> tuple[str | None, str]:
        """``(refusal, place)`` in the session limits for a new session (``AhoyServer.take_place``)."""
        ...

    @property
    def moderator(self) -> Moderator:
        """Bans, mutes, the MOTD and who is an operator (``ahoy_tui.moderation.policy``)."""
        ...


class Session(asyncssh.SSHServerSession[bytes]):
    """The server side of one session channel."""

    api_bot = False
    """Not a bot API session (``server.metrics`` counts screens and bots apart)."""

    def __init__(self, server: SessionHost, connection: SessionConnection) -> None:
        self.server = server
        self.connection = connection
        self.chan: asyncssh.SSHServerChannel[bytes] | None = None
        self.term: str | None = None
        self.size = (80, 24)
        self.has_pty = False
        self.command: str | None = None
        self.bad_command = False
        """The exec command was not valid UTF-8."""
        self.link: TerminalLink | None = None
        self.app: Any = None
        self.task: asyncio.Task[None] | None = None
        self.goodbye: str | None = None
        self.info: SessionInfo | None = None
        self.handle: Any = None
        """The session's ``PlayerHandle`` while it is in the lobby."""
        self.admitted = False
        """It took its place in the session limits (the sessions counted for the next one)."""
        self.replaced = False
        self.input_ended = False
        """The client sent EOF (``ssh ... </dev/null``): a TUI that has not started yet is not run."""
        self.started = 0
        """Order in which interactive sessions started (a newer one replaces older ones)."""
        self.bot: BotSession | None = None
        """``ssh -T host bot``: the bot API runs this channel (``server.bot_session``)."""
        self.line: Any = None
        """Line mode's channel (``server.line_session.LineChannel``) while this session runs it."""

    # -- requests before the session starts ---------------------------
    def connection_made(self, chan: asyncssh.SSHServerChannel[bytes]) -> None:
        self.chan = chan

    def pty_requested(self, term_type: str, term_size: tuple[int, int, int, int], term_modes: Any) -> bool:
        self.has_pty = True
        self.term = term_type[:MAX_TERM]
        if term_size[0] > 0 and term_size[1] > 0:
            self.size = clamp_size(term_size[0], term_size[1])
        return True

    def shell_requested(self) -> bool:
        return True

    def exec_requested(self, command: str | bytes) -> bool:
        """``command`` comes as ``bytes`` only when it is not valid UTF-8 (``server.asyncssh_private``):
        it is then answered with :data:`BAD_COMMAND` and exit status 1."""
        if isinstance(command, bytes):
            self.bad_command = True
            command = command.decode("utf-8", "replace")
        self.command = command
        return True

    def subsystem_requested(self, subsystem: str) -> bool:
        log.info("refused subsystem %s from %s", esc(subsystem), self.connection.peer)
        return False

    @property
    def has_plain_answer(self) -> bool:
        """This channel gets a plain-text answer (a command, or no PTY), not the TUI."""
        return (self.command is not None or not self.has_pty) and not self.line_mode

    @functools.cached_property
    def line_mode(self) -> bool:
        """This channel gets line mode (``server.line_session.wants_line_mode``; issue 28.1); asked once the
        session starts (the identity's saved preference is read once)."""
        if self.chan is None or self.bad_command:
            return False
        saved = None
        if self.command is None and self.has_pty:
            from ahoy_tui.ui.prefs import STORE

            saved = STORE.get(self.connection.identity)
        return wants_line_mode(self.command, self.term or self.chan.get_environment().get("TERM"), self.has_pty,
                               bool(saved and saved.line_mode))

    def session_started(self) -> None:
        assert self.chan is not None
        tally = self.server.tally
        if is_bot_command(self.command) and not self.bad_command:
            self.bot = BotSession(self.server, self.connection, self.chan, self.has_pty)
            self.task = asyncio.ensure_future(self.bot.run())
            return
        if self.has_plain_answer:
            tally.started["command"] += 1
            self.task = asyncio.ensure_future(self._answer_plain())
            return
        refusal = self._refusal()
        if refusal is not None:
            tally.refusals["shutting_down" if self.server.stopping else "session_limit"] += 1
            self._refuse(refusal)
            return
        tally.started["screen"] += 1
        # Counted at once, so channels opened in one burst all see each other.
        self.started = next(_STARTS)
        self.server.sessions.add(self)
        if self.line_mode:  # from now on what the client types waits for the conversation
            self.line = open_line(self)
        self.task = asyncio.ensure_future(self._run_tui())

    def _refuse(self, line: str) -> None:
        """Write ``line`` (one line, no newline; in the client's language, ``refusal_line``) and end the
        channel: exit status 1, then close.

        The channel is closed even when the line cannot be written any more, or the client
        would wait for it forever (an ``ssh`` with its stdin at EOF did, with ``--redis``)."""
        assert self.chan is not None
        env = dict(self.chan.get_environment())
        line = plain_text(refusal_line(line, lang_for(env)), utf8_for(env))
        try:
            self.chan.write(f"{line}\r\n".encode())
        except OSError:  # the client went away meanwhile
            pass
        try:
            self.chan.exit(1)
        except OSError:
            pass

    def _refusal(self) -> str | None:
        """Why this interactive session may not start (one line), or None (the session limits are
        checked next, by the lobby host: ``_run_tui``)."""
        return FULL_MESSAGE.rstrip() if self.server.stopping else None

    # -- no PTY ---------------------------------------------------------
    async def _answer_plain(self) -> None:
        self.server.tally.commands_running += 1
        try:
            await self._write_plain_answer()
        finally:
            self.server.tally.commands_running -= 1

    async def _write_plain_answer(self) -> None:
        assert self.chan is not None
        try:
            if self.bad_command:
                ans = Answer(BAD_COMMAND, 1)
            elif is_operator_command(self.command):
                ans = await operator_answer(self.server, self.connection.identity,
                                            sanitize_name(self.connection.username), self.command or "",
                                            plain_locale(dict(self.chan.get_environment()))[1],
                                            self.connection.address)
            else:
                lang, utf8 = plain_locale(dict(self.chan.get_environment()))
                ans = await answer(self.command, self.server.lobby, self.server.connect_line(), lang, utf8=utf8,
                                   identity=self.connection.identity, name=sanitize_name(self.connection.username))
        except Exception:  # a bug must not leave the client waiting: one line, status 1
            log.exception("exec %s from %s failed", esc(self.command or ""), self.connection.peer)
            ans = Answer("ahoy: the server could not answer that; try again later.\n", 1)
        if self.command is not None:
            log.info("exec %s from %s status %d", esc(self.command), self.connection.peer, ans.status)
        text = ans.text.replace("\n", "\r\n") if self.has_pty else ans.text
        try:
            if ans.status == 0:
                self.chan.write(text.encode())
            else:
                self.chan.write_stderr(text.encode())
            self.chan.exit(ans.status)
        except OSError:  # the client went away while the lobby answered
            pass

    # -- the TUI ----------------------------------------------------------
    def _session_info(self, display_name: str) -> SessionInfo:
        assert self.chan is not None
        env = dict(self.chan.get_environment())
        term = self.term or env.get("TERM") or "xterm"
        identity = self.connection.identity
        moderator = self.server.moderator
        operator = OperatorConsole(self.server, identity, display_name, self.connection.address) if moderator.is_operator(identity) else None
        return SessionInfo(
            identity=self.connection.identity,
            display_name=display_name,
            term=term,
            color_system=color_system_for(term, env.get("COLORTERM")),
            utf8=utf8_for(env),
            lang=lang_for(env),
            size=self.size,
            peer=self.connection.peer,
            motd=moderator.motd(),
            operator=operator,
            title=title_for(term),
            notify=notify_for(term, env),
        )

    async def _run_tui(self) -> None:
        """Run the session once it took its place in the session limits (``LobbyHost.session_limits``:
        this process's sessions, or with ``--redis`` the cluster's); whatever happens, it stops
        counting as running and gives its place back."""
        place = ""
        try:
            refusal, place = await self.server.take_place(self.connection)
            if refusal is not None:
                self._refuse(refusal)
                return
            self.admitted = True
            await (serve_line(self) if self.line_mode else self._serve())
        except Exception:
            log.exception("session of %s failed to start", esc(self.connection.identity))
            try:
                self.chan.exit(1)  # type: ignore[union-attr]
            except OSError:
                pass
        finally:
            self.server.sessions.discard(self)
            self.server.session_limits.release(place)

    async def _serve(self) -> None:
        assert self.chan is not None
        chan = self.chan
        lobby = self.server.lobby
        identity = self.connection.identity
        if self.replaced:  # a newer session of this identity started first
            self._refuse(self.goodbye or "")
            return
        handle = self.handle = await lobby.connect(identity, sanitize_name(self.connection.username))
        # Wrong table codes count per address too; operators on other workers find it by address.
        self.server.lobby_host.set_address(handle, address_key(self.connection.address))
        info = self.info = self._session_info(handle.name)
        for older in [s for s in self.server.sessions
                      if s.started < self.started and s.connection.identity == identity]:
            older.replace(handle.name)
        link = self.link = TerminalLink(
            chan,
            color_system=info.color_system,
            size=info.size,
            max_buffer=self.server.config.max_buffer,
            max_input=self.server.config.max_input,
            on_overflow=self._drop,
            clamp=self.server.config.clamp_colors,
            console_glyphs=linux_console(info.term),
        )
        conn = self.connection.conn
        if conn is not None:
            link.on_frame = functools.partial(self.server.keepalives.frame, conn)
        log.info("session start %s as %s from %s (%s, %s, %dx%d)", esc(identity), esc(handle.name),
                 self.connection.peer, esc(info.term), info.color_system, *info.size)
        status = 1
        try:
            try:
                self.app = build_app(self.server.config.app_factory, info, lobby, handle)
                prepare_app(self.app, info, link, self.server.config.frame_diff)
                textual_private.on_screen_removed(self.app, self.server.gc.screen_removed)
            except Exception:
                log.exception("could not build the app for %s", esc(identity))
                link.restore(APOLOGY)
            else:
                # No await since build_app: an EOF from now on reaches the app (eof_received).
                if self.input_ended:  # the client has nothing more to say
                    status = 0
                elif not self.replaced:
                    status = await run_hosted(self.app, link)
        finally:
            self.server.sessions.discard(self)
            self.server.gc.session_ended(self, self.app, chan.get_extra_info("connection"))  # collected once all three are gone
            await lobby.disconnect(handle)
            log.info("session end %s status %d", esc(identity), status)
            if self.goodbye:
                link.send_text(f"\r\n{self.goodbye}\r\n")
            try:
                chan.exit(status)
            except OSError:
                pass

    @property
    def lang(self) -> str:
        """The language its player reads now: the app's (changed in settings), else the client's."""
        # probe: an ``--app MODULE:FUNC`` factory's app need not have a ``lang``
        lang = getattr(self.app, "lang", None)
        return lang or (self.info.lang if self.info is not None else "en")

    def replace(self, name: str) -> None:
        """A newer session of this identity started: say so and close this one.

        The line is shown after the terminal is restored, in this session's
        language; the newer session keeps the seats (``Lobby.disconnect``).
        """
        from ahoy_tui.ui.i18n import tr

        self.replaced = True
        self.goodbye = tr(self.lang, "session.replaced", name=name)
        log.info("session of %s from %s replaced by a newer one", esc(self.connection.identity),
                 self.connection.peer)
        self.server.sessions.discard(self)
        if self.app is not None:
            self.app.exit()
        if self.line is not None:
            self.line.end()

    def _drop(self) -> None:
        """Disconnect a client that stopped reading (output over the bound)."""
        if self.app is not None:
            self.app.exit()
        conn = self.connection.conn
        if conn is not None:
            conn.abort()

    async def shutdown(self, message: str) -> None:
        """End the app, show ``message`` after the terminal is restored, wait."""
        self.goodbye = message
        if self.app is not None:
            self.app.exit()
        if self.line is not None:
            self.line.end()
        if self.task is not None:
            await asyncio.shield(self.task)

    # -- channel events ----------------------------------------------------
    def data_received(self, data: bytes, datatype: Any) -> None:
        if self.bot is not None:
            self.bot.feed(data)
        elif self.line is not None:
            self.line.feed(data)
        elif self.link is not None:
            self.link.feed(data)

    def terminal_size_changed(self, width: int, height: int, pixwidth: int, pixheight: int) -> None:
        if width > 0 and height > 0:
            self.size = clamp_size(width, height)
            if self.link is not None:
                self.link.resize(*self.size)

    def eof_received(self) -> bool:
        """The client will send no more input: end the app (or do not start it).

        Our side stays open (True) so the last words still reach the client: a plain answer
        (the lobby is asked first), a refusal (``_run_tui`` waits for Redis), the goodbye and
        the terminal restore. Every path ends with ``chan.exit``, which sends the exit status
        and closes the channel."""
        self.input_ended = True
        if self.bot is not None:
            self.bot.eof()
        if self.app is not None:
            self.app.exit()
        if self.line is not None:
            self.line.end()
        return True

    def break_received(self, msec: int) -> bool:
        return False

    def connection_lost(self, exc: Exception | None) -> None:
        if self.bot is not None:
            self.bot.lost()
        if self.link is not None:
            self.link.closed = True
        if self.app is not None:
            self.app.exit()
        if self.line is not None:
            self.line.closed = True
            self.line.end()

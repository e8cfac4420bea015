"""The asyncssh server: authentication, channels, and one session each.

* Authentication: any public key (identity = its fingerprint), else a
  keyless login by username (keyboard-interactive with no prompt, or any
  password): a nickname anyone can type. ``authorized_keys`` restricts to
  those keys; ``password`` makes keyless logins type the shared password;
  ``require_keys`` refuses keyless logins with one line.
* Bans (:mod:`ahoy_tui.moderation.policy`): a banned address is refused before
  authentication, a banned key once the client proved it holds it
  (``auth_completed``), each with the ban's one line as the disconnect reason.
* A shell with a PTY starts a Textual app (:mod:`server.pty_session`);
  without a PTY, or for ``exec``, a plain-text answer
  (:mod:`ahoy_tui.plain.answers`); ``line`` (or ``TERM=dumb``, or the saved
  preference) starts line mode (:mod:`server.line_session`). Subsystems (SFTP), SCP, port forwarding,
  agent and X11 forwarding are refused.
"""

from __future__ import annotations

import asyncio
import hmac
import logging
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import asyncssh

from ahoy_tui.hosting.apps import install_process_patches
from ahoy_tui.hosting.gc_policy import GcPolicy, lobby_stops
from ahoy_tui.lobby.api import LobbyAPI
from ahoy_tui.lobby.embedded import EmbeddedHost
from ahoy_tui.lobby.handle import PlayerHandle
from ahoy_tui.lobby.hosted import LobbyHost, SessionLimits
from ahoy_tui.lobby.names import sanitize_name
from ahoy_tui.lobby.gate import Gate, Limits
from ahoy_tui.logsafe import esc
from ahoy_tui.moderation.policy import Moderator, ban_line
from ahoy_tui.moderation.sync import share as share_moderation
from ahoy_tui.store.moderation import MemoryModerationStore
from ahoy_tui.ui.app import create_app
from server import asyncssh_private
from server.app_factory import AppFactory
from server.hostkey import fingerprint, load_or_create_host_key
from server.identity import identity_for
from server.keepalive import Keepalives, tcp_keepalive
from server.pty_session import Session
from server.tally import Tally

log = logging.getLogger(__name__)

KEYS_REQUIRED = ("This server requires an SSH key: a name without one is only a nickname. "
                 "Create a key with ssh-keygen and connect again.")
"""The one line a keyless login gets from a server with ``require_keys``."""

#: The documented defaults of every limit, in one place (``ahoy_tui.lobby.gate.Limits``).
_LIMITS = Limits()


@dataclass(slots=True)
class ServerConfig:
    """Settings of one server.

    Attributes:
        host: Address to listen on (``""``/``"0.0.0.0"``: all interfaces).
        port: TCP port; 0 picks a free one (tests).
        host_key_path: Private host key file, created if absent.
        max_sessions: Interactive sessions allowed at once; more are told
            the server is full (0: no limit).
        max_sessions_per_address: Interactive sessions from one address
            (IPv6: one /64) at once (0: no limit).
        max_connections_per_minute: New connections one address may open
            per 60 s; more are disconnected with a reason (0: no limit).
        max_failed_passwords: Failed passwords one address may give within
            ``failed_password_window`` s before it is refused (0: no limit).
        failed_password_window: Seconds a failed password counts.
        authorized_keys: If set, only these public keys may log in.
        password: If set, keyless logins must give this password.
        require_keys: Refuse keyless logins (one line: ``KEYS_REQUIRED``);
            every name is then an SSH key's.
        keepalive_interval: Seconds of silence from a client before the server
            sends it an SSH keepalive, and between keepalives (0: off).
        keepalive_count_max: Unanswered keepalives before dropping a client. A
            silent client (a stopped ``ssh``, a dead network) is dropped after
            ``keepalive_interval * (keepalive_count_max + 1)`` s (5 s x 3 = 15 s),
            well within a table's 20 s grace (R17): its seat then reads
            "reconnecting" to the others, as after a closed link. Keepalives run
            only while frames go to a client (:mod:`server.keepalive`): an idle
            session costs no timer.
        max_buffer: Unsent output per session, in bytes, before the client
            is dropped as not reading.
        max_input: Received bytes per session waiting to be parsed, besides
            room for one whole (cut) paste; more is discarded (see
            :class:`server.driver.TerminalLink`).
        login_timeout: Seconds allowed to authenticate.
        shutdown_grace: Seconds sessions get to say goodbye on shutdown.
        clamp_colors: Rewrite outgoing colour codes to each session's depth.
        frame_diff: Send each client only the cells that changed
            (:mod:`ahoy_tui.hosting.framediff`); False sends Textual's own frames.
        gc_freeze_every: Seconds between garbage-collector freezes, which
            keep full collections short with many sessions
            (:mod:`ahoy_tui.hosting.gc_policy`; 0: Python's default behaviour).
        app_factory: Builds the app for a session (default: the UI's
            ``create_app``).
        store_path: The SQLite file tables and finished games are kept in
            (``ahoy-server``: ``STATE_DIR/ahoy.db``; None: in memory only).
        keep_games_days: Days an archived game is kept (None: no limit).
        keep_games: Most archived games kept, the newest (None: no limit).
        operators: ``SHA256:`` fingerprints of the operators' keys
            (``ahoy_tui.moderation.operators``; docs/moderation.md).
        motd: The configured message of the day ("" for none).
        redis_url: Join the cluster at this Redis (``--redis``): tables, chat and
            the archive live there (``ahoy_tui.cluster``); None: ``store_path``.
        lease_ttl: Seconds a table's lease lives without renewal (failover time).
        reuse_port: Listen with ``SO_REUSEPORT`` (several workers on one port).
        workers: The supervisor's ``--workers N`` (a worker's first failover scan takes
            at most 1/N of the free tables: ``Ownership``).
        metrics: ``(host, port)`` to serve Prometheus metrics on (``--metrics``, ``server.metrics``;
            under a supervisor each worker adds its index to the port); None: off.
    """

    host: str = "0.0.0.0"
    port: int = 2222
    host_key_path: Path = Path("ahoy_host_key")
    max_sessions: int = _LIMITS.max_sessions
    max_sessions_per_address: int = _LIMITS.per_address
    max_connections_per_minute: int = _LIMITS.connections_per_minute
    max_failed_passwords: int = _LIMITS.failed_passwords
    failed_password_window: float = _LIMITS.failed_password_window
    authorized_keys: Path | None = None
    password: str | None = None
    require_keys: bool = False
    keepalive_interval: float = 5.0
    keepalive_count_max: int = 2
    max_buffer: int = 4 * 1024 * 1024
    max_input: int = 16 * 1024
    login_timeout: float = 60.0
    shutdown_grace: float = 3.0
    clamp_colors: bool = True
    frame_diff: bool = True
    gc_freeze_every: float = 1.0
    app_factory: AppFactory = field(default=create_app)
    store_path: Path | None = None
    keep_games_days: float | None = 365.0
    keep_games: int | None = 100_000
    operators: frozenset[str] = frozenset()
    motd: str = ""
    redis_url: str | None = None
    lease_ttl: float = 5.0
    reuse_port: bool = False
    workers: int = 1
    metrics: tuple[str, int] | None = None

    def limits(self) -> Limits:
        """The numbers of :class:`ahoy_tui.lobby.gate.Gate` from these settings."""
        return Limits(
            max_sessions=self.max_sessions,
            per_address=self.max_sessions_per_address,
            connections_per_minute=self.max_connections_per_minute,
            failed_passwords=self.max_failed_passwords,
            failed_password_window=self.failed_password_window,
        )


class AhoyServer:
    """The SSH front door of one process.

    Attributes:
        config: Its settings.
        lobby_host: The lobby it serves (``ahoy_tui.lobby.hosted.LobbyHost``: embedded, or a
            worker of a cluster; this class never asks which).
        lobby: The players' commands every session calls (``lobby_host.lobby``).
        sessions: Interactive sessions currently running.
        moderator: Bans, mutes, MOTD and audit log (default: kept in memory); its changes are
            published to the lobby's other processes and theirs applied here.
        gate: The limits' numbers and refusal lines.
        rates: The connection and failed-password rates, counted by the lobby host
            (in this process, or in Redis for the whole cluster).
        session_limits: ``--max-sessions`` and ``--max-sessions-per-address``, counted by the
            lobby host.
        host_key_fingerprint: ``"SHA256:..."`` of the host key.
        tally: Logins, refusals and sessions counted (``server.metrics`` reads it).
    """

    def __init__(self, config: ServerConfig, lobby_host: LobbyHost | None = None,
                 moderator: Moderator | None = None) -> None:
        self.config = config
        host = self.lobby_host = lobby_host if lobby_host is not None else EmbeddedHost()
        self.lobby: LobbyAPI = host.lobby
        self.moderator = moderator or Moderator(MemoryModerationStore(), config.operators, config.motd)
        host.core.chat_gate = self.moderator.chat_gate
        share_moderation(self, host)
        host.on_replaced = self._replaced_elsewhere
        self.sessions: set[Any] = set()
        self.tally = Tally()
        self.gate = Gate(config.limits())
        self.rates = host.connection_rates(self.gate)
        self.session_limits: SessionLimits = host.session_limits(self.gate)
        self.connections: set[asyncssh.SSHServerConnection] = set()
        self.host_key = load_or_create_host_key(config.host_key_path)
        self.host_key_fingerprint = fingerprint(self.host_key)
        self._authorized: asyncssh.SSHAuthorizedKeys | None = (
            asyncssh.read_authorized_keys(str(config.authorized_keys))
            if config.authorized_keys
            else None
        )
        self._acceptor: asyncssh.SSHAcceptor | None = None
        self.stopping = False
        self.gc = GcPolicy(config.gc_freeze_every)
        self.keepalives = Keepalives(config.keepalive_interval, config.keepalive_count_max)
        """SSH keepalives only while frames go to a connection (:mod:`server.keepalive`)."""

    @property
    def port(self) -> int:
        """The port actually listened on (after :meth:`start`)."""
        assert self._acceptor is not None, "server not started"
        return self._acceptor.get_port()

    def connect_line(self, host: str | None = None) -> str:
        """The command a player types, e.g. ``ssh -p 2222 NAME@host``."""
        host = host or (self.config.host if self.config.host not in ("", "0.0.0.0", "::") else "HOST")
        port = self.port if self._acceptor else self.config.port
        return f"ssh -p {port} NAME@{host}" if port != 22 else f"ssh NAME@{host}"

    async def start(self) -> None:
        """Install the hosting patches and start listening."""
        install_process_patches()
        asyncssh_private.install()
        cfg = self.config
        self._acceptor = await asyncssh.listen(
            host=cfg.host or None,
            port=cfg.port,
            server_factory=lambda: _Connection(self),
            server_host_keys=[self.host_key],
            encoding=None,
            line_editor=False,
            allow_scp=False,
            sftp_factory=None,
            agent_forwarding=False,
            x11_forwarding=False,
            keepalive_interval=cfg.keepalive_interval,
            keepalive_count_max=cfg.keepalive_count_max,
            login_timeout=cfg.login_timeout,
            reuse_port=cfg.reuse_port or None,
        )
        log.info("listening on %s:%d", cfg.host, self.port)
        self.gc.start()
        core = self.lobby_host.core
        core.table_gone = lambda table: self.gc.table_closed(table, lobby_stops(core))

    async def take_place(self, connection: Any) -> tuple[str | None, str]:
        """A place in the session limits for a new session of ``connection`` (``.address``,
        ``.identity``, ``.username``), counted over the sessions already admitted (a burst of
        channels is counted one by one): ``(refusal, place)``; a refusal is counted in the tally.
        Give ``place`` back with ``session_limits.release`` when the session ends."""
        running = [(s.connection.address, s.connection.identity) for s in list(self.sessions) if s.admitted]
        refusal, place = await self.session_limits.take(connection.address, connection.identity,
                                                         sanitize_name(connection.username), running)
        if refusal is not None:
            self.tally.refusals["session_limit"] += 1
        return refusal, place

    def _replaced_elsewhere(self, handle: PlayerHandle, name: str) -> None:
        """A newer session of ``handle``'s identity started in another process of the lobby: the
        session here holding ``handle`` is told (in its language) and ends (``Session.replace``)."""
        for session in [s for s in self.sessions if s.handle is handle]:
            session.replace(name)

    async def stop(self, message: str = "The server is going down. Fair winds!") -> None:
        """Stop listening, tell every player ``message``, close connections.

        Sessions get ``config.shutdown_grace`` seconds to restore their
        terminals and print the message; connections left are closed.
        """
        self.stopping = True
        self.gc.stop()
        self.keepalives.stop()
        if self._acceptor is not None:
            self._acceptor.close()
        waits = [s.shutdown(message) for s in list(self.sessions)]
        if waits:
            await asyncio.wait(
                [asyncio.ensure_future(w) for w in waits], timeout=self.config.shutdown_grace
            )
        # Clients close their connection once their channels are closed; a
        # disconnect sent earlier can make OpenSSH drop the goodbye unread.
        await self._connections_gone(timeout=1.0)
        for conn in list(self.connections):
            conn.close()
        await self._connections_gone(timeout=1.0)
        if self._acceptor is not None:
            await self._acceptor.wait_closed()


    async def _connections_gone(self, timeout: float) -> None:
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while self.connections and loop.time() < deadline:
            await asyncio.sleep(0.02)


class _Connection(asyncssh.SSHServer):
    """Authentication and channel policy for one TCP connection."""

    def __init__(self, server: AhoyServer) -> None:
        self.server = server
        self.conn: asyncssh.SSHServerConnection | None = None
        self.username = ""
        self.key_fingerprint: str | None = None
        self.peer = ""
        self.address = ""
        self.refusal: str | None = None
        self.counted = False

    # -- connection --------------------------------------------------
    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        peer = conn.get_extra_info("peername") or ("?", 0)
        self.address = str(peer[0])
        self.peer = f"{peer[0]}:{peer[1]}"
        self.server.connections.add(conn)
        tcp_keepalive(conn)

    def connection_lost(self, exc: Exception | None) -> None:
        if self.conn is not None:
            self.server.connections.discard(self.conn)
            self.server.keepalives.forget(self.conn)

    # -- authentication ----------------------------------------------
    @property
    def _open(self) -> bool:
        """Keyless logins allowed without a password."""
        return self.server.config.password is None and self.server._authorized is None

    async def begin_auth(self, username: str) -> bool:
        self.username = username
        if not self.counted:  # once per connection (the lobby host counts it: here or in Redis)
            self.counted = True
            self.refusal = await self.server.rates.connection_refusal(self.address)
        if self.refusal is not None:
            # Refused before any session exists: the reason is the SSH
            # disconnect message, which clients print as one line.
            self.server.tally.refusals["rate"] += 1
            raise asyncssh.DisconnectError(asyncssh.DISC_TOO_MANY_CONNECTIONS, self.refusal)
        self._refuse_banned(None)
        return True  # always authenticate, so a client offers its key first

    def auth_completed(self) -> None:
        # The key is checked only once the client proved it holds it (a signature).
        self._refuse_banned(self.key_fingerprint)
        self.server.tally.logins["key" if self.key_fingerprint else "keyless"] += 1

    def _refuse_banned(self, key_fingerprint: str | None) -> None:
        """End a banned address's (or proved key's) connection with the ban's one line."""
        ban = self.server.moderator.ban_for(key_fingerprint, self.address)
        if ban is not None:
            log.info("banned %s %s refused from %s (ban #%d)", ban.kind, ban.target, self.peer, ban.ban_id)
            self.server.tally.refusals["banned"] += 1
            raise asyncssh.DisconnectError(asyncssh.DISC_NO_MORE_AUTH_METHODS_AVAILABLE, ban_line(ban))

    def public_key_auth_supported(self) -> bool:
        return True

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        authorized = self.server._authorized
        if authorized is not None:
            addr = self.peer.rsplit(":", 1)[0]
            ok = authorized.validate(key, addr, addr) is not None
            if not ok:
                self.server.tally.refusals["key_not_authorized"] += 1
        else:
            ok = self._open or self.server.config.require_keys
        if ok:
            self.key_fingerprint = fingerprint(key)
        return ok

    def kbdint_auth_supported(self) -> bool:
        return self._open or self.server.config.password is not None or self.server.config.require_keys

    def _keyless_refused(self) -> None:
        """With ``require_keys``: end a keyless login with one line (the SSH disconnect reason)."""
        if self.server.config.require_keys:
            log.info("keyless login of %s refused from %s: keys required", esc(self.username), self.peer)
            self.server.tally.refusals["keys_required"] += 1
            raise asyncssh.DisconnectError(asyncssh.DISC_NO_MORE_AUTH_METHODS_AVAILABLE, KEYS_REQUIRED)

    def get_kbdint_challenge(self, username: str, lang: str, submethods: str) -> Any:
        self.key_fingerprint = None
        self._keyless_refused()
        if self._open:
            return True
        return ("", "Ahoy! This table is private.", "", [("Password: ", False)])

    async def validate_kbdint_response(self, username: str, responses: list[str]) -> bool:
        return await self._judge(len(responses) == 1 and self._password_ok(responses[0]))

    def password_auth_supported(self) -> bool:
        return self.kbdint_auth_supported()

    async def validate_password(self, username: str, password: str) -> bool:
        self.key_fingerprint = None
        self._keyless_refused()
        return self._open or await self._judge(self._password_ok(password))

    async def _judge(self, ok: bool) -> bool:
        """Count a failed password (by the lobby host: with ``--redis`` in Redis, for every worker);
        disconnect once the address is over its limit."""
        if ok:
            return True
        log.info("wrong password for %s from %s", esc(self.username), self.peer)
        self.server.tally.refusals["wrong_password"] += 1
        refusal = await self.server.rates.password_failed(self.address)
        if refusal is not None:
            self.server.tally.refusals["password_limit"] += 1
            raise asyncssh.DisconnectError(asyncssh.DISC_NO_MORE_AUTH_METHODS_AVAILABLE, refusal)
        return False

    def _password_ok(self, given: str) -> bool:
        want = self.server.config.password
        return want is not None and hmac.compare_digest(given.encode(), want.encode())

    # -- channels ------------------------------------------------------
    def session_requested(self) -> asyncssh.SSHServerSession[bytes]:
        return Session(self.server, self)

    @property
    def identity(self) -> str:
        return identity_for(self.username, self.key_fingerprint)


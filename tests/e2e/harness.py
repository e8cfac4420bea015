"""A real SSH client with a terminal emulator, for tests and benchmarks.

:class:`Player` opens an asyncssh session with a PTY and feeds every byte it
receives to a ``pyte`` screen, keeping the raw bytes and their arrival times
so tests can read the screen and scan what was sent.
"""

from __future__ import annotations

import asyncio
import re
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable

import asyncssh
import pyte

import greeter
from ahoy_tui.lobby import Lobby
from ahoy_tui.lobby.embedded import EmbeddedHost
from server.ssh import AhoyServer, ServerConfig
from tests.waiting import wait_until  # noqa: F401 - the e2e tests import it from here



def quiet_config(tmp: Path, **overrides: Any) -> ServerConfig:
    """A config for loopback tests: port 0, key under ``tmp``, no keepalive,
    hosting the test app :mod:`greeter` unless ``app_factory`` is given."""
    values: dict[str, Any] = dict(
        host="127.0.0.1",
        port=0,
        host_key_path=tmp / "host_key",
        keepalive_interval=0,
        shutdown_grace=2.0,
        app_factory=greeter.create_app,
    )
    values.update(overrides)
    return ServerConfig(**values)


async def start_server(tmp: Path, lobby: Lobby | None = None, **overrides: Any) -> AhoyServer:
    """Start a server on 127.0.0.1 with a free port, over ``lobby`` (``server.lobby.core``; default: a new one)."""
    server = AhoyServer(quiet_config(tmp, **overrides), EmbeddedHost(lobby))
    await server.start()
    return server


def policy_ticks(server: AhoyServer) -> list[int]:
    """A list that grows by one each time the server's GC-policy timer runs from now on.

    The policy's timer is the server's one process-wide timer (every
    ``gc_freeze_every`` s); tests of idle sessions wait for a number of its
    runs (``wait_until``) rather than for wall time.
    """
    ticks: list[int] = []
    policy = server.gc
    tick = policy._tick
    policy._tick = lambda: ticks.append(1) or tick()  # type: ignore[method-assign]
    return ticks


class _ClientSession(asyncssh.SSHClientSession[bytes]):
    def __init__(self, player: Player) -> None:
        self.player = player

    def data_received(self, data: bytes, datatype: Any) -> None:
        self.player._received(data, datatype)

    def exit_status_received(self, status: int) -> None:
        self.player.exit_status = status

    def connection_lost(self, exc: Exception | None) -> None:
        self.player.closed.set()


@dataclass
class Player:
    """One connected client with a PTY and a pyte screen.

    Attributes:
        raw: Every stdout byte received.
        chunks: ``(monotonic time, bytes)`` per received packet.
        stderr: Every stderr byte received.
        exit_status: Channel exit status once known.
    """

    cols: int = 80
    rows: int = 24
    raw: bytearray = field(default_factory=bytearray)
    stderr: bytearray = field(default_factory=bytearray)
    chunks: list[tuple[float, bytes]] = field(default_factory=list)
    exit_status: int | None = None
    closed: asyncio.Event = field(default_factory=asyncio.Event)
    conn: Any = None
    chan: Any = None

    def __post_init__(self) -> None:
        self.screen = pyte.Screen(self.cols, self.rows)
        self.stream = pyte.ByteStream(self.screen)
        self.changed = asyncio.Event()

    def _received(self, data: bytes, datatype: Any) -> None:
        if datatype == asyncssh.EXTENDED_DATA_STDERR:
            self.stderr.extend(data)
            return
        self.raw.extend(data)
        self.chunks.append((time.monotonic(), data))
        self._feed(data)
        self.changed.set()

    def _feed(self, data: bytes) -> None:
        """Bytes received on stdout, to the pyte screen (a subclass may read them otherwise)."""
        self.stream.feed(data)

    def text(self) -> str:
        """The screen as lines of text."""
        return "\n".join(self.screen.display)

    async def wait_for(self, needle: str, timeout: float = 30.0) -> str:
        """Wait until ``needle`` (a regex) is on screen; returns the screen.

        Raises:
            AssertionError: Not seen within ``timeout`` seconds.
        """
        deadline = time.monotonic() + timeout
        while True:
            screen = self.text()
            if re.search(needle, screen):
                return screen
            left = deadline - time.monotonic()
            if left <= 0 or self.closed.is_set():
                raise AssertionError(f"{needle!r} not on screen:\n{screen}")
            self.changed.clear()
            try:
                await asyncio.wait_for(self.changed.wait(), timeout=max(0.01, min(left, 0.2)))
            except asyncio.TimeoutError:
                pass

    async def settle(self, quiet: float = 0.3, timeout: float = 5.0) -> None:
        """Wait for the first output, then until nothing has arrived for ``quiet`` seconds.

        Before the first byte there is nothing to be quiet after: an idle
        connection that has not drawn yet is not settled.
        """
        deadline = time.monotonic() + timeout
        while not self.chunks and not self.closed.is_set():
            left = deadline - time.monotonic()
            if left <= 0:
                return
            self.changed.clear()
            try:
                await asyncio.wait_for(self.changed.wait(), timeout=min(left, 0.2))
            except asyncio.TimeoutError:
                pass
        while time.monotonic() < deadline:
            last = self.chunks[-1][0] if self.chunks else 0.0
            idle = time.monotonic() - last
            if idle >= quiet:
                return
            await asyncio.sleep(quiet - idle)

    def send(self, data: str | bytes) -> None:
        """Type ``data`` (str is UTF-8 encoded)."""
        self.chan.write(data.encode() if isinstance(data, str) else data)

    def resize(self, cols: int, rows: int) -> None:
        """Change the window size, as a terminal would."""
        self.cols, self.rows = cols, rows
        self.screen.resize(rows, cols)
        self.chan.change_terminal_size(cols, rows)

    async def close(self) -> None:
        """Close the connection and wait for it to end."""
        if self.conn is not None:
            self.conn.close()
            await self.conn.wait_closed()


async def connect(
    port: int,
    username: str = "anna",
    *,
    cols: int = 80,
    rows: int = 24,
    term: str | None = "xterm-256color",
    env: dict[str, str] | None = None,
    key: asyncssh.SSHKey | None = None,
    password: str | None = "",
    command: str | None = None,
    pty: bool = True,
    window: int | None = None,
    player_type: type[Player] | None = None,
    together: asyncio.Barrier | None = None,
) -> Player:
    """Connect a :class:`Player` to ``127.0.0.1:port``.

    Args:
        port: Server port.
        username: SSH username (any text).
        cols: Terminal columns.
        rows: Terminal rows.
        term: TERM sent with the PTY request.
        env: Extra environment (COLORTERM, LANG, ...).
        key: Client key to authenticate with; ``None`` for a keyless login.
        password: Password for keyless logins (open servers accept any).
        command: Exec this command instead of a shell.
        pty: Request a PTY.
        window: Receive window in bytes (small values make a slow reader).
        player_type: A :class:`Player` subclass to make (the load bench's
            lighter client); ``Player`` when ``None``.
        together: Once logged in, wait at this barrier: the sessions of the
            players passing it open in the same instant.
    """
    player = (player_type or Player)(cols=cols, rows=rows)
    conn = await asyncssh.connect(
        "127.0.0.1",
        port,
        username=username,
        known_hosts=None,
        client_keys=[key] if key is not None else None,
        password=password if key is None else None,
        agent_path=None,
        config=None,
        preferred_auth="publickey,keyboard-interactive,password",
    )
    player.conn = conn
    if together is not None:
        await together.wait()
    kwargs: dict[str, Any] = dict(encoding=None, env=env or {})
    if window is not None:
        kwargs.update(window=window)
    if pty:
        kwargs.update(term_type=term or "xterm", term_size=(cols, rows))
    else:
        kwargs.update(request_pty=False)
    chan, _ = await conn.create_session(lambda: _ClientSession(player), command, **kwargs)
    player.chan = chan
    return player


_SGR = re.compile(rb"\x1b\[([0-9;]*)m")


async def seat_hard_bots(client: Any, seats: Iterable[int]) -> None:
    """In the waiting room: ``b`` and level 3 (hard) once per seat in ``seats`` (the host's bot
    picker, as a player presses it), each time until the seat lists a hard bot."""
    for seat in seats:
        client.send("b")
        await client.wait_for("Press 1, 2 or 3 for", 30)   # the picker offers hard at every game's table
        client.send("3")
        await client.wait_for(rf"{seat}\. .*\(bot, hard[^)]*\)", 30)


def colour_kinds(data: bytes) -> set[str]:
    """Kinds of colour codes in ``data``: ``"16"``, ``"256"``, ``"truecolor"``.

    Parses every SGR sequence properly (``38;5;n`` is one 256-colour code, its
    ``n`` is not a 16-colour code).
    """
    kinds: set[str] = set()
    for match in _SGR.finditer(data):
        parts = match.group(1).split(b";")
        i = 0
        while i < len(parts):
            p = parts[i]
            if p in (b"38", b"48", b"58") and i + 1 < len(parts):
                if parts[i + 1] == b"5":
                    kinds.add("256")
                    i += 3
                    continue
                if parts[i + 1] == b"2":
                    kinds.add("truecolor")
                    i += 5
                    continue
            if p and (30 <= int(p) <= 37 or 40 <= int(p) <= 47 or 90 <= int(p) <= 97 or 100 <= int(p) <= 107):
                kinds.add("16")
            i += 1
    return kinds

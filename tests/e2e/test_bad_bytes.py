"""Bad bytes from an SSH client: a user name or an exec command that is not UTF-8 gets one clear
line from the server, never Python's decoding error or a bare channel failure (docs/deploy.md)."""

from __future__ import annotations

import asyncio

import asyncssh
import pytest

from server.asyncssh_private import BAD_UTF8_NAME, LONG_NAME
from server.pty_session import BAD_COMMAND


class _RawName(asyncssh.SSHClient):
    """Sends ``raw`` as the SSH user name (asyncssh's client options only take UTF-8 text)."""

    raw = b""
    lost: BaseException | None = None

    def connection_made(self, conn: asyncssh.SSHClientConnection) -> None:
        conn._username = type(self).raw  # the user name goes out as given (asyncssh.packet.String)

    def connection_lost(self, exc: BaseException | None) -> None:
        type(self).lost = exc


async def _refusal(port: int, raw: bytes) -> str:
    _RawName.raw, _RawName.lost = raw, None
    try:
        conn, _ = await asyncssh.create_connection(
            _RawName, "127.0.0.1", port, username="anna", known_hosts=None, client_keys=None,
            password="", agent_path=None, config=None)
    except asyncssh.DisconnectError as refused:
        return refused.reason
    await asyncio.wait_for(conn.wait_closed(), 30)
    assert isinstance(_RawName.lost, asyncssh.DisconnectError), _RawName.lost
    return _RawName.lost.reason


@pytest.mark.parametrize("raw, line", [(b"a\xffb", BAD_UTF8_NAME), (b"\xc3", BAD_UTF8_NAME),
                                       (b"n" * 2000, LONG_NAME)])
async def test_a_user_name_that_is_not_utf8_gets_one_clear_line(server, raw, line):
    reason = await _refusal(server.port, raw)
    assert reason == line and "codec" not in reason and "\n" not in reason


async def test_a_plain_name_still_logs_in_after_a_bad_one(server):
    await _refusal(server.port, b"a\xffb")
    async with asyncssh.connect("127.0.0.1", server.port, username="anna", known_hosts=None, client_keys=None,
                                password="", agent_path=None, config=None) as conn:
        done = await asyncio.wait_for(conn.run("tables"), 30)
    assert done.exit_status == 0


@pytest.mark.parametrize("command", [b"motd \xff\xfe", b"stats \xffanna", b"kick \xc3", b"\xff"])
async def test_an_exec_command_that_is_not_utf8_gets_one_clear_line(server, command):
    async with asyncssh.connect("127.0.0.1", server.port, username="anna", known_hosts=None, client_keys=None,
                                password="", agent_path=None, config=None) as conn:
        done = await asyncio.wait_for(conn.run(command, encoding=None), 30)   # type: ignore[arg-type]
    assert done.exit_status == 1 and done.stdout == b""
    assert done.stderr == BAD_COMMAND.encode()

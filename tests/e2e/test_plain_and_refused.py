"""No-PTY commands, and everything the server refuses."""

from __future__ import annotations

import asyncio

import asyncssh
import pytest

from harness import connect


async def _run(port: int, command: str | None):
    p = await connect(port, "anna", command=command, pty=False)
    await asyncio.wait_for(p.closed.wait(), 30)
    return p


@pytest.mark.parametrize(
    ("command", "needle"),
    [(None, b"Commands without a terminal"), ("help", b"rules"), ("rules", b"treasure"), ("tables", b"No open tables")],
)
async def test_plain_commands(server, command, needle):
    p = await _run(server.port, command)
    assert p.exit_status == 0
    out = bytes(p.raw)
    assert needle in out
    assert b"\x1b" not in out
    assert all(b == 10 or 32 <= b < 127 for b in out)


async def test_unknown_command_fails_short(server):
    p = await _run(server.port, "rm -rf / \x1b[31m")
    assert p.exit_status == 1
    assert b"unknown command" in bytes(p.stderr)
    assert b"\x1b" not in bytes(p.stderr)
    assert len(p.stderr) < 120
    assert not p.raw


async def test_scp_is_an_unknown_command(server):
    p = await _run(server.port, "scp -t /tmp")
    assert p.exit_status == 1


async def test_sftp_subsystem_refused(server):
    async with asyncssh.connect(
        "127.0.0.1", server.port, username="anna", known_hosts=None, client_keys=None,
        password="", agent_path=None, config=None,
    ) as conn:
        with pytest.raises((asyncssh.SFTPError, asyncssh.ChannelOpenError, OSError)):
            await asyncio.wait_for(conn.start_sftp_client(), 30)


async def test_port_forwarding_refused(server):
    async with asyncssh.connect(
        "127.0.0.1", server.port, username="anna", known_hosts=None, client_keys=None,
        password="", agent_path=None, config=None,
    ) as conn:
        with pytest.raises(asyncssh.ChannelOpenError):
            await conn.create_connection(asyncssh.SSHTCPSession, "127.0.0.1", server.port)
        with pytest.raises(asyncssh.ChannelListenError):
            await conn.forward_remote_port("127.0.0.1", 0, "127.0.0.1", 9)
        with pytest.raises(asyncssh.ChannelOpenError):
            await conn.create_unix_connection(asyncssh.SSHUNIXSession, "/tmp/x.sock")


async def test_x11_and_agent_forwarding_refused(server, tmp_path):
    async with asyncssh.connect(
        "127.0.0.1", server.port, username="anna", known_hosts=None, client_keys=None,
        password="", agent_path=None, config=None,
    ) as conn:
        with pytest.raises(asyncssh.ChannelOpenError):
            await conn.create_session(
                asyncssh.SSHClientSession, term_type="xterm", x11_forwarding=True,
                x11_display="127.0.0.1:0", x11_auth_path=str(tmp_path / "none"),
            )
    p = await connect(server.port, "anna")
    await p.wait_for("Ahoy, anna!")
    (session,) = server.sessions
    assert session.chan.get_agent_path() is None
    assert session.connection.conn._agent_forwarding is False
    await p.close()

"""Bans over real SSH: a banned key or address is refused at connect with its reason; bans end,
are lifted, and survive a restart of the real server (docs/moderation.md)."""

from __future__ import annotations

import asyncio
import re
import shutil
import subprocess
import sys
from pathlib import Path

import asyncssh
import pytest
from harness import connect, start_server, wait_until

from ahoy_tui.lobby import Lobby
from ahoy_tui.moderation.policy import Actor, address_target

ROOT = Path(__file__).resolve().parents[2]


async def _exec(port: int, command: str, **kw):
    p = await connect(port, kw.pop("user", "anna"), command=command, pty=False, **kw)
    await asyncio.wait_for(p.closed.wait(), 30)
    return p


class _Client(asyncssh.SSHClient):
    """Keeps why the server closed the connection."""

    lost: BaseException | None = None

    def connection_lost(self, exc: BaseException | None) -> None:
        type(self).lost = exc


async def _refusal(port: int, key: asyncssh.SSHKey | None = None, user: str = "ben", host: str = "127.0.0.1") -> str:
    """The one line a refused connection gets (the SSH disconnect reason): an address is
    refused before authentication, a key once the client proved it holds it."""
    _Client.lost = None
    try:
        conn, _ = await asyncssh.create_connection(
            _Client, host, port, username=user, known_hosts=None,
            client_keys=[key] if key is not None else None, password="" if key is None else None,
            agent_path=None, config=None, preferred_auth="publickey,keyboard-interactive,password")
    except asyncssh.DisconnectError as refused:
        return refused.reason
    await asyncio.wait_for(conn.wait_closed(), 30)
    assert isinstance(_Client.lost, asyncssh.DisconnectError), _Client.lost
    return _Client.lost.reason


@pytest.fixture
async def moderated(tmp_path, client_key):
    server = await start_server(tmp_path, Lobby(), operators=frozenset({client_key.get_fingerprint("sha256")}))
    yield server
    await server.stop()


async def test_a_banned_key_is_refused_at_connect_with_its_reason(moderated, client_key, other_key):
    server = moderated
    ben = await connect(server.port, "ben", key=other_key)
    await wait_until(lambda: any(s.info and s.info.display_name == "ben" for s in server.sessions))
    p = await _exec(server.port, "ban key ben 2h cheating at cards", key=client_key)
    assert p.exit_status == 0 and b"ban #1: key SHA256:" in bytes(p.raw) and b"(1 session ended)" in bytes(p.raw)
    await asyncio.wait_for(ben.closed.wait(), 30)                  # the live session ends with the line
    assert b"You are banned from this server until" in bytes(ben.raw)
    line = await _refusal(server.port, key=other_key)
    assert line.startswith("You are banned from this server until ") and line.endswith(": cheating at cards")
    assert "\n" not in line
    keyless = await connect(server.port, "ben")                    # the key is banned, not the name
    await keyless.close()
    p = await _exec(server.port, "unban 1", key=client_key)
    assert p.exit_status == 0 and b"ban #1 lifted" in bytes(p.raw)
    again = await connect(server.port, "ben", key=other_key)
    await again.close()
    entries = server.moderator.store.audit(10)
    assert [e.action for e in entries] == ["ban", "unban"] and entries[0].reason == "cheating at cards"
    assert all(e.actor.startswith("anna (key:SHA256:") for e in entries)


async def _exec_from(port: int, local: str, command: str, key: asyncssh.SSHKey) -> asyncssh.SSHCompletedProcess:
    """Run ``command`` as anna with ``key`` from the loopback address ``local`` (127.0.0.0/8)."""
    async with asyncssh.connect("127.0.0.1", port, local_addr=(local, 0), username="anna", known_hosts=None,
                                client_keys=[key], agent_path=None, config=None) as conn:
        return await asyncio.wait_for(conn.run(command), 30)


async def test_an_operator_cannot_ban_their_own_address_and_stays_in(moderated, client_key):
    server = moderated
    p = await _exec(server.port, "ban addr 127.0.0.1 1h everyone", key=client_key)
    assert p.exit_status == 1
    assert bytes(p.stderr) == b"ahoy: you cannot ban your own address (127.0.0.1): you would lock yourself out\n"
    assert server.moderator.bans() == [] and server.moderator.store.audit(10) == []
    p = await _exec(server.port, "bans", key=client_key)              # still in
    assert p.exit_status == 0 and bytes(p.raw) == b"No bans in force.\n"


async def test_an_address_ban_refuses_every_login_from_it_and_ends(moderated, client_key):
    server = moderated
    clock = [1_000_000.0]
    server.moderator.clock = lambda: clock[0]
    done = await _exec_from(server.port, "127.0.0.2", "ban addr 127.0.0.1 30m flooding", client_key)
    assert done.exit_status == 0 and "address 127.0.0.1" in done.stdout
    line = await _refusal(server.port)
    assert line == "You are banned from this server until 1970-01-12 14:16 UTC: flooding"
    assert await _refusal(server.port, key=client_key) == line      # operators too: it is the address
    clock[0] += 30 * 60 + 1                                          # the ban ran out
    p = await _exec(server.port, "motd")
    assert p.exit_status == 0
    assert server.moderator.bans() == []


async def test_an_ipv6_address_ban_covers_its_64(tmp_path, client_key):
    try:
        server = await start_server(tmp_path, Lobby(), host="::1")
    except OSError:
        pytest.skip("no IPv6 loopback")
    try:
        op = Actor("key:" + client_key.get_fingerprint("sha256"), "anna")
        ban = server.moderator.ban(op, "address", address_target("::1"), 600, "v6 flood")
        assert ban.target == "::/64"
        line = await _refusal(server.port, host="::1")
        assert line.startswith("You are banned from this server until ") and line.endswith(": v6 flood")
        server.moderator.unban(op, ban.ban_id)
        conn = await asyncssh.connect("::1", server.port, username="ben", known_hosts=None, client_keys=None,
                                      password="", agent_path=None, config=None)
        conn.close()
    finally:
        await server.stop()


def _start(state: Path, config: Path) -> tuple[subprocess.Popen, int]:
    proc = subprocess.Popen([sys.executable, "-m", "server.main", "--config", str(config), "--port", "0",
                             "--state-dir", str(state)], cwd=ROOT, stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, text=True)
    for line in proc.stdout:
        if "listening on" in line:
            return proc, int(line.rsplit(":", 1)[1])
    raise AssertionError("the server did not start")


def _stop(proc: subprocess.Popen) -> None:
    proc.terminate()
    proc.wait(20)
    proc.stdout.close()


@pytest.mark.slow
async def test_a_ban_and_the_motd_survive_a_restart_of_the_real_server(tmp_path, client_key, other_key):
    config = tmp_path / "ahoy.toml"
    config.write_text(f'host = "127.0.0.1"\nlog-level = "WARNING"\nmotd = "Hello"\n'
                      f'operators = ["{client_key.export_public_key().decode().strip()}"]\n')
    proc, port = _start(tmp_path, config)
    try:
        p = await _exec(port, f"ban key {other_key.get_fingerprint('sha256')} forever spam bot", key=client_key)
        assert p.exit_status == 0
        p = await _exec(port, "motd Back at noon", key=client_key)
        assert p.exit_status == 0
    finally:
        _stop(proc)
    proc, port = _start(tmp_path, config)
    try:
        assert await _refusal(port, key=other_key) == "You are banned from this server for good: spam bot"
        p = await _exec(port, "motd")
        assert bytes(p.raw) == b"Back at noon\n"
        p = await _exec(port, "audit", key=client_key)
        assert [line.split()[5] for line in bytes(p.raw).decode().splitlines()] == ["ban", "motd"], bytes(p.raw)
    finally:
        _stop(proc)


@pytest.mark.skipif(shutil.which("ssh") is None, reason="OpenSSH client `ssh` not installed")
async def test_openssh_prints_the_ban_line(moderated, client_key, other_key, tmp_path):
    server = moderated
    op = Actor("key:" + client_key.get_fingerprint("sha256"), "anna")
    server.moderator.ban(op, "key", other_key.get_fingerprint("sha256"), 3600, "griefing \x1b[2J tables")
    key_file = tmp_path / "id_ed25519"
    key_file.write_bytes(other_key.export_private_key())
    key_file.chmod(0o600)
    proc = await asyncio.create_subprocess_exec(
        shutil.which("ssh"), "-T", "-F", "/dev/null", "-p", str(server.port), "-i", str(key_file),
        "-o", "IdentitiesOnly=yes", "-o", "BatchMode=yes", "-o", "StrictHostKeyChecking=no",
        "-o", "UserKnownHostsFile=/dev/null", "-o", "LogLevel=ERROR", "ben@127.0.0.1", "tables",
        stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    out, err = await asyncio.wait_for(proc.communicate(), 30)
    assert proc.returncode != 0 and not out
    assert re.search(rb"You are banned from this server until \S+ \S+ UTC: griefing \[2J tables", err), err
    assert b"\x1b" not in err


async def test_close_by_a_quoted_name_with_spaces_over_ssh(tmp_path, client_key):
    from ahoy_tui.lobby.messages import TableConfig

    lobby = Lobby()
    server = await start_server(tmp_path, lobby, operators=frozenset({client_key.get_fingerprint("sha256")}))
    try:
        tid = lobby.create_table(lobby.connect("user:op", "op"), TableConfig(name="op's ship"))
        p = await _exec(server.port, """close "op's ship" test""", key=client_key)
        assert p.exit_status == 0 and bytes(p.raw).startswith(f"closed table {tid}".encode())
        p = await _exec(server.port, "close \"op's ship", key=client_key)
        assert p.exit_status == 1 and bytes(p.stderr).startswith(b"ahoy: unbalanced quotes")
    finally:
        await server.stop()

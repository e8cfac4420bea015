"""Limits of the front door, through real SSH on 127.0.0.1 (ahoy_tui/lobby/gate.py).

Each refusal must be one clear line for the client (an SSH disconnect
reason before authentication, a channel line after it) and one log line.
"""

from __future__ import annotations

import asyncio
import logging

import asyncssh
import pytest
from harness import connect, start_server, wait_until

from ahoy_tui.lobby.gate import FULL, Gate, Limits, address_key


def refusals(caplog) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.name == "ahoy_tui.lobby.gate" and r.levelno == logging.WARNING]


async def refused_session(port: int, username: str, **kw) -> str:
    """Open a PTY session that the server refuses; return what it printed."""
    p = await connect(port, username, **kw)
    await asyncio.wait_for(p.closed.wait(), 30)
    assert p.exit_status == 1
    await p.close()
    return bytes(p.raw).decode()


async def test_connections_per_minute(tmp_path, caplog):
    srv = await start_server(tmp_path, max_connections_per_minute=3)
    try:
        for _ in range(3):
            p = await connect(srv.port, "anna", command="help", pty=False)
            await asyncio.wait_for(p.closed.wait(), 30)
            await p.close()
        with pytest.raises(asyncssh.DisconnectError) as e:
            await connect(srv.port, "anna", command="help", pty=False)
        assert e.value.code == asyncssh.DISC_TOO_MANY_CONNECTIONS
        line = "Too many new connections from your address (limit 3 a minute); wait a minute."
        assert e.value.reason.startswith(line)  # asyncssh appends " (error 12)"
        assert refusals(caplog) == [f"refused connection rate from 127.0.0.1: {line}"]
    finally:
        await srv.stop()


async def test_failed_passwords(tmp_path, caplog):
    srv = await start_server(tmp_path, password="parrot", max_failed_passwords=3,
                             max_connections_per_minute=0)
    try:
        reasons = []
        for _ in range(3):
            with pytest.raises((asyncssh.PermissionDenied, asyncssh.DisconnectError)) as e:
                await connect(srv.port, "anna", password="guess")
            reasons.append(e.value.reason)
        line = "Too many failed passwords from your address; try again in 10 min."
        assert any(r.startswith(line) for r in reasons), reasons
        # Even the right password is refused now, before it is asked for.
        with pytest.raises(asyncssh.DisconnectError) as e:
            await connect(srv.port, "anna", password="parrot")
        assert e.value.reason.startswith(line)
        lines = refusals(caplog)
        assert lines and all(line.startswith("refused failed passwords from 127.0.0.1: ") for line in lines)
    finally:
        await srv.stop()


async def test_right_password_gets_in_and_wrong_ones_are_counted(tmp_path):
    srv = await start_server(tmp_path, password="parrot", max_failed_passwords=5,
                             max_connections_per_minute=0)
    try:
        with pytest.raises(asyncssh.PermissionDenied):
            await connect(srv.port, "anna", password="guess")
        p = await connect(srv.port, "anna", password="parrot")
        await p.wait_for("Ahoy, anna!")
        await p.close()
        assert 0 < srv.gate._failures.count("127.0.0.1") < 5
    finally:
        await srv.stop()


async def test_sessions_of_one_identity_are_not_refused_but_replaced(tmp_path, caplog, client_key):
    """One identity has one live session: a new one is never refused, the older one is closed."""
    srv = await start_server(tmp_path, max_sessions_per_address=0)
    try:
        a1 = await connect(srv.port, "anna")
        await a1.wait_for("Ahoy, anna")
        a2 = await connect(srv.port, "anna")
        await a2.wait_for("Ahoy, anna")
        await asyncio.wait_for(a1.closed.wait(), 30)
        assert "just logged in again from another session" in bytes(a1.raw).decode()
        # A key is its own identity: it does not close the keyless anna.
        b = await connect(srv.port, "anna", key=client_key)
        await b.wait_for("Ahoy, anna")
        assert not a2.closed.is_set() and len(srv.sessions) == 2
        assert refusals(caplog) == []
        for p in (a1, a2, b):
            await p.close()
    finally:
        await srv.stop()


async def test_a_refused_session_reads_its_line_in_its_language(tmp_path):
    """Issue 24.7: the gate's refusals were English for a German or Spanish terminal."""
    srv = await start_server(tmp_path, max_sessions_per_address=1, max_sessions=3)
    try:
        a = await connect(srv.port, "anna")
        await a.wait_for("Ahoy, anna")
        said = await refused_session(srv.port, "cy", env={"LANG": "de_DE.UTF-8"})
        assert said == "Zu viele Sitzungen von deiner Adresse (Grenze 1); schließ zuerst eine.\r\n"
        srv.gate.limits = Limits(max_sessions=1, per_address=0)
        said = await refused_session(srv.port, "cy", env={"LANG": "es_ES.UTF-8"})
        assert said.startswith("¡Ahoy! El barco está lleno")
        said = await refused_session(srv.port, "cy", env={"LANG": "de_DE"})     # no UTF-8: German in ASCII
        assert said.startswith("Ahoy! Das Schiff ist gerade voll") and said.isascii()
        await a.close()
    finally:
        await srv.stop()


async def test_sessions_per_address_and_total(tmp_path, caplog):
    srv = await start_server(tmp_path, max_sessions_per_address=2, max_sessions=3)
    try:
        a = await connect(srv.port, "anna")
        b = await connect(srv.port, "bob")
        await b.wait_for("Ahoy, bob")
        said = await refused_session(srv.port, "cy")
        assert said == "Too many sessions from your address (limit 2); close one first.\r\n"
        srv.gate.limits = Limits(max_sessions=2, per_address=0)
        said = await refused_session(srv.port, "cy")
        assert said == FULL + "\r\n"
        assert [line.split(":")[0] for line in refusals(caplog)] == [
            "refused sessions per address from 127.0.0.1 as user",
            "refused server full from 127.0.0.1",
        ]
        await a.close()
        await b.close()
    finally:
        await srv.stop()


async def test_many_channels_on_one_connection_leave_one_session(tmp_path):
    """Channels opened in one burst on one connection end as one live session of the identity."""
    srv = await start_server(tmp_path)
    try:
        p = await connect(srv.port, "anna")
        await p.wait_for("Ahoy, anna")
        statuses = []

        class Quiet(asyncssh.SSHClientSession):
            def exit_status_received(self, status: int) -> None:
                statuses.append(status)

        chans = await asyncio.gather(*[
            p.conn.create_session(Quiet, term_type="xterm", term_size=(80, 24)) for _ in range(4)
        ])
        await wait_until(lambda: len(srv.sessions) == 1 and len(statuses) >= 3
                         and len(srv.lobby.core.players.get("user:anna", [])) <= 1)
        for chan, _ in chans:
            chan.close()
        await p.close()
    finally:
        await srv.stop()


def test_gate_windows_forget_and_group_ipv6():
    now = [0.0]
    gate = Gate(Limits(connections_per_minute=2, failed_passwords=2, failed_password_window=600),
                clock=lambda: now[0])
    assert gate.connection_refusal("10.0.0.1") is None
    assert gate.connection_refusal("10.0.0.1") is None
    assert gate.connection_refusal("10.0.0.1") is not None
    assert gate.connection_refusal("10.0.0.2") is None
    now[0] = 61
    assert gate.connection_refusal("10.0.0.1") is None  # the minute is over
    assert gate.password_failed("10.0.0.3") is None
    assert "try again in 10 min" in gate.password_failed("10.0.0.3")
    now[0] = 61 + 300
    assert "try again in 5 min" in gate.connection_refusal("10.0.0.3")
    now[0] = 61 + 601
    assert gate.connection_refusal("10.0.0.3") is None
    assert address_key("2001:db8::1") == address_key("2001:db8::ffff") == "2001:db8::/64"
    assert address_key("::ffff:10.0.0.1") == "10.0.0.1"
    # Memory: old entries are swept.
    for i in range(3000):
        now[0] += 0.1
        gate.connection_refusal(f"10.1.{i // 250}.{i % 250}")
    assert len(gate._connections.times) <= 600 + 1024  # a minute of addresses + one sweep interval


def test_limits_are_server_options():
    from server.main import build_parser, config_from_args

    cfg = config_from_args(build_parser().parse_args([]))
    assert cfg.limits() == Limits()  # the documented defaults, in one place
    args = build_parser().parse_args([
        "--max-sessions", "0", "--max-sessions-per-address", "2",
        "--max-connections-per-minute", "3", "--max-failed-passwords", "4"])
    assert config_from_args(args).limits() == Limits(
        max_sessions=0, per_address=2, connections_per_minute=3, failed_passwords=4)

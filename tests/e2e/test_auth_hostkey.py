"""Host key persistence and the private-server options."""

from __future__ import annotations

import asyncio
import stat

import asyncssh
import pytest

from harness import connect, start_server


async def test_host_key_created_0600_and_reused(tmp_path):
    first = await start_server(tmp_path)
    fp1 = first.host_key_fingerprint
    key_file = tmp_path / "host_key"
    assert stat.S_IMODE(key_file.stat().st_mode) == 0o600
    await first.stop()

    second = await start_server(tmp_path)
    assert second.host_key_fingerprint == fp1
    # A client that pinned the first key connects without complaint.
    public = asyncssh.read_private_key(key_file).export_public_key().decode()
    known = asyncssh.import_known_hosts(f"[127.0.0.1]:{second.port} {public}")
    async with asyncssh.connect(
        "127.0.0.1", second.port, username="anna", known_hosts=known,
        client_keys=None, password="", agent_path=None, config=None,
    ) as conn:
        result = await conn.run("help")
        assert result.exit_status == 0
    await second.stop()


async def test_authorized_keys_only(tmp_path, client_key, other_key):
    auth = tmp_path / "authorized_keys"
    auth.write_bytes(client_key.export_public_key())
    srv = await start_server(tmp_path, authorized_keys=auth)
    try:
        p = await connect(srv.port, "anna", key=client_key)
        await p.wait_for("Ahoy, anna!")
        await p.close()
        with pytest.raises(asyncssh.PermissionDenied):
            await connect(srv.port, "mallory", key=other_key)
        with pytest.raises(asyncssh.PermissionDenied):
            await connect(srv.port, "mallory", password="anything")
    finally:
        await srv.stop()


async def test_shared_password(tmp_path):
    srv = await start_server(tmp_path, password="s3cret")
    try:
        with pytest.raises(asyncssh.PermissionDenied):
            await connect(srv.port, "anna", password="wrong")
        p = await connect(srv.port, "anna", password="s3cret")
        await p.wait_for("Ahoy, anna!")
        assert "user:anna" in srv.lobby.core.players
        await p.close()
    finally:
        await srv.stop()


async def test_max_sessions(tmp_path):
    srv = await start_server(tmp_path, max_sessions=1)
    try:
        a = await connect(srv.port, "anna")
        await a.wait_for("Ahoy, anna!")
        b = await connect(srv.port, "bob")
        await asyncio.wait_for(b.closed.wait(), 30)
        assert b.exit_status == 1 and b"full" in bytes(b.raw)
        await a.close()
    finally:
        await srv.stop()

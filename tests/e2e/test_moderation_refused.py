"""No one but an operator's proved key reaches moderation (docs/moderation.md), over real SSH.

Every operator command is tried as a plain player with a key, as a keyless
login whose name is the operator's, and with a key that carries the
operator key's comment: each gets one line and exit status 1, and nothing
changes (the target's session runs, bans, mutes, the table, the MOTD and
the audit log are as they were).
"""

from __future__ import annotations

import asyncio

import asyncssh
import pytest
from harness import connect, start_server, wait_until

from ahoy_tui.lobby import Lobby
from ahoy_tui.lobby.messages import TableConfig
from ahoy_tui.moderation.policy import Actor

COMMANDS = ["kick ben spam", "ban key ben 1d spam", "ban addr 127.0.0.1 1d spam", "bans", "unban 1",
            "mute ben 1h spam", "unmute zed", "mutes", "close Wake spam", "motd hacked!", "motd --clear",
            "audit", "audit 5"]


@pytest.fixture
async def guarded(tmp_path, client_key):
    """A server whose operator is ``client_key`` (comment anna@laptop), with ben online,
    table Wake open, one ban, zed muted and a MOTD; yields (server, lobby, ben)."""
    client_key.set_comment("anna@laptop")
    lobby = Lobby()
    server = await start_server(tmp_path, lobby, operators=frozenset({client_key.get_fingerprint("sha256")}),
                                motd="Be kind")
    op = Actor("key:" + client_key.get_fingerprint("sha256"), "anna")
    server.moderator.ban(op, "key", "SHA256:" + "A" * 43, None, "old ban")
    server.moderator.mute(op, "user:zed", "zed", 3600, "shouting")
    lobby.create_table(lobby.connect("user:host", "host"), TableConfig(name="Wake"))
    ben = await connect(server.port, "ben")
    await wait_until(lambda: any(s.info and s.info.display_name == "ben" for s in server.sessions))
    yield server, lobby, ben
    await ben.close()
    await server.stop()


def _state(server, lobby):
    mod = server.moderator
    return ([b.ban_id for b in mod.bans()], [m.identity for m in mod.mutes()], sorted(lobby.tables),
            mod.motd(), len(mod.store.audit(100)), len(server.sessions))


async def _exec(port: int, command: str, **kw):
    p = await connect(port, kw.pop("user", "anna"), command=command, pty=False, **kw)
    await asyncio.wait_for(p.closed.wait(), 30)
    return p


@pytest.mark.parametrize("who", ["plain player", "keyless name of the operator", "forged key comment"])
async def test_every_operator_command_is_refused_with_one_line_and_no_effect(guarded, other_key, who):
    server, lobby, ben = guarded
    forged = asyncssh.generate_private_key("ssh-ed25519", comment="anna@laptop")
    key = {"plain player": other_key, "keyless name of the operator": None, "forged key comment": forged}[who]
    user = "carl" if who == "plain player" else "anna"
    before = _state(server, lobby)
    for command in COMMANDS:
        p = await _exec(server.port, command, user=user, key=key)
        err = bytes(p.stderr).decode()
        assert p.exit_status == 1, command
        assert err == "ahoy: only an operator of this server can do that.\n", (command, err)
        assert not p.raw, command
    assert _state(server, lobby) == before
    assert not ben.closed.is_set()


async def test_anyone_reads_the_motd_and_the_operator_commands_work(guarded, client_key):
    server, lobby, ben = guarded
    p = await _exec(server.port, "motd", user="carl")
    assert p.exit_status == 0 and bytes(p.raw) == b"Be kind\n"
    p = await _exec(server.port, "motd Fair winds", key=client_key)
    assert p.exit_status == 0 and b"MOTD now: Fair winds" in bytes(p.raw)
    p = await _exec(server.port, "bans", key=client_key)
    assert p.exit_status == 0 and b"#1 key SHA256:AAAA" in bytes(p.raw) and b"old ban" in bytes(p.raw)
    p = await _exec(server.port, "audit", key=client_key)
    out = bytes(p.raw).decode()
    assert p.exit_status == 0 and "motd motd: Fair winds" in out and "anna (key:SHA256:" in out
    p = await _exec(server.port, "unban 9", key=client_key)
    assert p.exit_status == 1 and bytes(p.stderr) == b"ahoy: no ban #9\n"


async def test_a_key_offered_but_not_proved_is_not_an_operator(guarded, client_key, other_key):
    """A client that shows the operator's public key without its private key gets no further
    than a keyless login: refused like anyone else."""
    server, lobby, ben = guarded
    before = _state(server, lobby)
    pair = asyncssh.load_keypairs([client_key])
    pair[0].sign = asyncssh.load_keypairs([other_key])[0].sign   # shows the key, cannot sign with it
    conn = await asyncssh.connect("127.0.0.1", server.port, username="anna", known_hosts=None, client_keys=pair,
                                  password="", agent_path=None, config=None,
                                  preferred_auth="publickey,keyboard-interactive,password")
    async with conn:
        result = await conn.run("kick ben spam", check=False)
    assert result.exit_status == 1 and "only an operator" in str(result.stderr)
    assert _state(server, lobby) == before

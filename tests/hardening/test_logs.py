"""Log hygiene: nothing a player typed reaches the server log unescaped.

Player-controlled strings the server logs: the SSH username, TERM, exec
commands, subsystem names, passwords' usernames. Each is sent with escape
sequences (clear screen, window title, colour), bidi overrides and line
breaks through real SSH; every captured record must be free of them, both
as the call site wrote it and as ``ahoy-server`` formats it.
"""

from __future__ import annotations

import asyncio
import logging
import re

import asyncssh
import pytest
from harness import connect, start_server

from ahoy_tui.logsafe import SafeFormatter, esc

HOSTILE = "\x1b]0;pwned\x07\x1b[2J\x1b[31m\u202eevil\u2066\r\nFAKE LOG LINE\x85\x9b"
ASCII_HOSTILE = "\x1b]0;pwned\x07\x1b[2J\r\nFAKE LOG LINE"
# Anything a terminal would act on: C0 but \n, DEL, C1, bidi controls.
UNSAFE = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def test_esc_makes_one_printable_line():
    out = esc(HOSTILE)
    assert not UNSAFE.search(out) and "\n" not in out
    assert out.startswith("\\x1b]0;pwned\\x07") and "\\u202e" in out
    assert esc("a\\b") == "a\\\\b"  # escapes cannot be forged
    assert esc("x" * 300).endswith("…(+100)")


def test_safe_formatter_nets_whatever_a_call_site_forgot():
    logger = logging.getLogger("test.logsafe")
    record = logger.makeRecord("test.logsafe", logging.INFO, __file__, 1, "user %s said %r", (HOSTILE, HOSTILE), None)
    line = SafeFormatter("%(levelname)s %(message)s").format(record)
    assert "\n" not in line and not UNSAFE.search(line)
    try:
        raise ValueError(HOSTILE)
    except ValueError:
        import sys

        record = logger.makeRecord("t", logging.ERROR, __file__, 1, "boom", (), sys.exc_info())
    text = SafeFormatter("%(message)s").format(record)
    assert not UNSAFE.search(text.replace("\n", ""))
    assert "\\x0d\\x0aFAKE LOG LINE" in text  # the message stays on its line


async def test_player_strings_are_escaped_in_the_log(tmp_path, caplog):
    caplog.set_level(logging.DEBUG)
    srv = await start_server(tmp_path, password="parrot", max_connections_per_minute=0)
    try:
        # (A username with controls or bidi characters never gets this far:
        # asyncssh applies SASLprep on both ends, docs/ssh.md.)
        # Wrong password: the username is logged, escaped and cut.
        with pytest.raises(asyncssh.PermissionDenied):
            await connect(srv.port, "anna" + "\u0301" * 3 + "x" * 300, password="guess")
        # Hostile TERM on a real session.
        # (asyncssh refuses a non-ASCII TERM itself: "Invalid pty request".)
        p = await connect(srv.port, "anna", password="parrot", term="xterm" + ASCII_HOSTILE)
        await p.wait_for("Ahoy, anna!")
        # Hostile exec command and subsystem name.
        e = await connect(srv.port, "bob", password="parrot", command="tables " + HOSTILE, pty=False)
        await asyncio.wait_for(e.closed.wait(), 30)
        with pytest.raises(asyncssh.ChannelOpenError):
            await p.conn.create_session(asyncssh.SSHClientSession, subsystem="sftp" + ASCII_HOSTILE)
        await p.close()
        await e.close()
    finally:
        await srv.stop()
    ours = [r for r in caplog.records if r.name.startswith("server")]
    logged = "\n".join(r.getMessage() for r in ours)
    assert "exec tables \\x1b]0;pwned" in logged
    assert "refused subsystem sftp\\x1b]0;pwned" in logged
    assert "(xterm\\x1b]0;pwned" in logged
    assert "wrong password for ann" in logged and "xxx…(+" in logged  # SASLprep composed á
    for record in caplog.records:  # asyncssh's own records included
        message = record.getMessage()
        if record.name.startswith("server"):
            assert not UNSAFE.search(message) and "\n" not in message, message
        formatted = SafeFormatter("%(name)s %(message)s").format(record)
        assert not UNSAFE.search(formatted.replace("\n", "")), formatted

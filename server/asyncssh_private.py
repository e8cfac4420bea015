"""The two places where asyncssh (2.x) turns bad bytes from a client into an unclear answer,
and the patch that gives one clear line instead (docs/security.md, "Hostile input").

* The SSH user name is decoded as UTF-8 (then SASLprep) in
  ``SSHConnection._process_userauth_request``; a failure disconnects with
  ``IllegalUserName(str(exc))``, i.e. Python's own text (``'utf-8' codec
  can't decode byte 0xff ...``). :func:`install` keeps the disconnect and
  replaces its reason with :func:`username_refusal`'s line.
* An exec command is decoded as UTF-8 in
  ``SSHServerChannel._process_exec_request``; a failure refuses the request
  with no text (OpenSSH prints ``exec request failed on channel 0``).
  :func:`install` accepts it and hands the session the raw ``bytes``: the
  session (``server.pty_session.Session.exec_requested``) answers them with
  one line and exit status 1.

Only private names are touched here; a newer asyncssh without them leaves
its own behaviour in place (``install`` returns False).
"""

from __future__ import annotations

import logging
from typing import Any

from asyncssh import SSHServerChannel
from asyncssh.connection import SSHConnection, SSHServerConnection

log = logging.getLogger(__name__)

MSG_USERAUTH_REQUEST = 50
"""RFC 4252 §5: the user authentication request (user name, service, method)."""

BAD_UTF8_NAME = ("Your SSH user name is not valid UTF-8 text: connect with a plain name, "
                 "e.g. ssh -p PORT anna@HOST")
BAD_NAME = "Your SSH user name has characters a name cannot have: connect with a plain name, e.g. anna"
LONG_NAME = "Your SSH user name is too long: connect with a shorter name"

_installed = False


def username_refusal(reason: str) -> str:
    """The one line a client gets for asyncssh's ``IllegalUserName`` ``reason``."""
    if reason == "Username too long":
        return LONG_NAME
    if "codec can't decode" in reason:
        return BAD_UTF8_NAME
    return BAD_NAME


def _asyncssh_version() -> str:
    from importlib.metadata import version

    return version("asyncssh")


def install() -> bool:
    """Install both patches (idempotent); False when this asyncssh lacks the private names."""
    global _installed
    if _installed:
        return True
    # probe: a private name of asyncssh that another version may not have (then the patch is skipped)
    handlers = getattr(SSHConnection, "_packet_handlers", None)
    original = handlers.get(MSG_USERAUTH_REQUEST) if isinstance(handlers, dict) else None
    if original is None or not hasattr(SSHServerChannel, "_start_session"):
        log.warning("asyncssh %s: bad bytes in user names and commands get asyncssh's own answer",
                    _asyncssh_version())
        return False
    from asyncssh.misc import IllegalUserName

    def userauth_request(conn: Any, pkttype: int, pktid: int, packet: Any) -> Any:
        try:
            return original(conn, pkttype, pktid, packet)
        except IllegalUserName as e:
            raise IllegalUserName(username_refusal(str(e.reason))) from None

    def exec_request(chan: Any, packet: Any) -> bool:
        command = packet.get_string()
        packet.check_end()
        try:
            return bool(chan._start_session(command=command.decode("utf-8")))
        except UnicodeDecodeError:
            return bool(chan._start_session(command=command))

    SSHServerConnection._packet_handlers = {**handlers, MSG_USERAUTH_REQUEST: userauth_request}
    SSHServerChannel._process_exec_request = exec_request
    _installed = True
    return True

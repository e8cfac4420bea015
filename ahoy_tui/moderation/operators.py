"""Who is an operator: SSH keys listed in the configuration file (docs/moderation.md).

An entry is an OpenSSH public-key line (``ssh-ed25519 AAAA... comment``)
or a key's ``SHA256:`` fingerprint (as ``ssh-keygen -lf`` prints it). Only
the key counts: a connection is an operator when the fingerprint of the key
it *proved* it holds during authentication (``server.ssh``; identity
``key:SHA256:...``) is listed. The key's comment, the login name and a
keyless login never make an operator.
"""

from __future__ import annotations

import re

import asyncssh


FINGERPRINT = re.compile(r"SHA256:[A-Za-z0-9+/]{43}")
"""A SHA256 key fingerprint as OpenSSH prints it (base64 without padding)."""


class OperatorError(ValueError):
    """An operator entry is neither a public-key line nor a fingerprint (one line)."""


def operator_fingerprint(entry: str) -> str:
    """The ``SHA256:...`` fingerprint an operator entry names.

    Raises:
        OperatorError: the entry is not a public key or fingerprint.
    """
    text = entry.strip()
    if FINGERPRINT.fullmatch(text):
        return text
    try:
        return asyncssh.import_public_key(text).get_fingerprint("sha256")
    except (asyncssh.KeyImportError, ValueError, TypeError):
        shown = text[:40] + ("..." if len(text) > 40 else "")
        raise OperatorError(f"operators: {shown!r} is neither an SSH public key line "
                            "nor a SHA256: fingerprint") from None


def operator_fingerprints(entries: tuple[str, ...] | list[str]) -> frozenset[str]:
    """Fingerprints of every entry (see :func:`operator_fingerprint`)."""
    return frozenset(operator_fingerprint(e) for e in entries)


def is_operator(identity: str, operators: frozenset[str]) -> bool:
    """Is the connection with ``identity`` (``server.identity.identity_for``) an operator?

    Only ``key:SHA256:...`` identities can be: ``user:NAME`` is a nickname
    anyone can type.
    """
    return identity.startswith("key:") and identity[4:] in operators

"""Who a connection is: its stable identity (the display name is ``ahoy_tui.lobby.names.sanitize_name``).

A client that authenticated with a public key is that key
(``"key:SHA256:..."``); a keyless one is its username (``"user:NAME"``).
The SSH username is untrusted text that ends up on other players' screens,
so the display name keeps printable characters only.
"""

from __future__ import annotations

from ahoy_tui.lobby.names import sanitize_name


def identity_for(username: str, key_fingerprint: str | None) -> str:
    """Stable identity of a connection.

    Args:
        username: The SSH username as sent.
        key_fingerprint: ``"SHA256:..."`` of the public key the client
            proved it holds, or ``None`` for a keyless client.

    Returns:
        ``"key:SHA256:..."`` or ``"user:NAME"`` (NAME sanitised).
    """
    if key_fingerprint:
        return f"key:{key_fingerprint}"
    return f"user:{sanitize_name(username)}"

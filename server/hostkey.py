"""The server's persistent ed25519 host key.

Created once (file mode 0600, parent directory 0700) and reused on every
start, so returning clients never see a changed-host-key warning.
"""

from __future__ import annotations

import os
from pathlib import Path

import asyncssh
import platformdirs

APP_NAME = "ahoy"


def default_state_dir() -> Path:
    """The user's state directory for the server (e.g. ``~/.local/state/ahoy``)."""
    return Path(platformdirs.user_state_dir(APP_NAME))


def load_or_create_host_key(path: Path) -> asyncssh.SSHKey:
    """Read the host key at ``path``, creating an ed25519 key there if absent.

    The key is written atomically (temporary file + rename) with mode 0600.

    Args:
        path: Private key file in OpenSSH format.

    Returns:
        The private key.

    Raises:
        asyncssh.KeyImportError: The file exists but is not a private key.
        OSError: The file or its directory cannot be read or written.
    """
    path = Path(path)
    if path.exists():
        return asyncssh.read_private_key(path)
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    key = asyncssh.generate_private_key("ssh-ed25519", comment="ahoy host key")
    tmp = path.with_name(path.name + ".tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "wb") as f:
        f.write(key.export_private_key())
    os.chmod(tmp, 0o600)
    os.replace(tmp, path)
    return key


def fingerprint(key: asyncssh.SSHKey) -> str:
    """The key's OpenSSH-style fingerprint, ``"SHA256:<base64>"``."""
    return key.get_fingerprint("sha256")

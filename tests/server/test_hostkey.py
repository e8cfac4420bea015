"""The persistent host key."""

from __future__ import annotations

import stat

from server.hostkey import fingerprint, load_or_create_host_key


def test_created_once_0600_then_reused(tmp_path):
    path = tmp_path / "state" / "host_key"
    first = load_or_create_host_key(path)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert first.algorithm == b"ssh-ed25519"
    again = load_or_create_host_key(path)
    assert fingerprint(again) == fingerprint(first)
    assert fingerprint(first).startswith("SHA256:")

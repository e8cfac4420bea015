"""Who a connection is: stable identity and a safe display name.

A client that authenticated with a public key is that key
(``"key:SHA256:..."``); a keyless one is its username (``"user:NAME"``).
The SSH username is untrusted text that ends up on other players' screens,
so the display name keeps printable characters only.
"""

from __future__ import annotations

import unicodedata

from rich.cells import cell_len

MAX_NAME_COLUMNS = 16
FALLBACK_NAME = "sailor"
RESERVED_LEAD = "✓+"
"""Characters a name may not start with: the online list's key mark (UTF-8 and ASCII)."""

# Unicode categories dropped from names: controls, format characters (this
# includes the bidi overrides/isolates U+202A..U+202E, U+2066..U+2069 and
# zero-width joiners), surrogates, private use, unassigned, and line or
# paragraph separators.
_DROP_CATEGORIES = {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}


def sanitize_name(raw: str, max_columns: int = MAX_NAME_COLUMNS) -> str:
    """Turn an SSH username into a display name.

    Drops control, format (bidi, zero-width) and unassigned characters,
    turns any run of spaces into one space, strips the ends (and a leading
    key mark, ``RESERVED_LEAD``) and cuts the
    result to ``max_columns`` terminal columns (wide characters count 2).

    Args:
        raw: The username as the client sent it.
        max_columns: Width limit in terminal cells.

    Returns:
        A non-empty name of at most ``max_columns`` columns
        (``"sailor"`` when nothing printable is left).
    """
    text = unicodedata.normalize("NFC", raw)
    kept: list[str] = []
    for ch in text:
        cat = unicodedata.category(ch)
        if cat in _DROP_CATEGORIES:
            continue
        if cat == "Zs":
            ch = " "
        kept.append(ch)
    name = " ".join("".join(kept).split())
    # The lobby marks names of players with a key by a leading mark (and
    # "+" in ASCII mode): a chosen name cannot start with either.
    name = name.lstrip(RESERVED_LEAD + " ")
    # Combining marks must not start the name (they would join a border).
    while name and unicodedata.category(name[0]).startswith("M"):
        name = name[1:]
    # Measure the whole prefix: a variation selector can widen the
    # character before it, so per-character widths do not add up.
    end = 0
    while end < len(name) and cell_len(name[: end + 1]) <= max_columns:
        end += 1
    name = name[:end].rstrip()
    return name or FALLBACK_NAME


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

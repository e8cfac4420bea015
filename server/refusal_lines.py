"""The one line a refused SSH session gets, in the client's language (issue 24.7).

The gate (``ahoy_tui.lobby.gate``, ``ahoy_tui.cluster.limits``) words its refusals in
English, as its logs read them; :func:`refusal_line` turns a known one into
``plain.full``, ``plain.unchecked`` or ``plain.address_full`` of the client's
``LANG``. Any other line (a goodbye already in the session's language) is
returned as it is. A ban is told at the SSH handshake, before the client's
environment is known: it stays English (``ahoy_tui.moderation.policy.ban_line``).
"""

from __future__ import annotations

import re

from ahoy_tui.cluster.limits import UNCHECKED
from ahoy_tui.lobby.gate import FULL
from ahoy_tui.ui.i18n import tr

_ADDRESS_FULL = re.compile(r"Too many sessions from your address \(limit (?P<n>\d+)\); close one first\.")


def refusal_line(line: str, lang: str) -> str:
    """``line`` in ``lang`` (``"en"``, ``"es"``, ``"de"``) when it is one of the gate's refusals, else ``line``."""
    if line == FULL:
        return tr(lang, "plain.full")
    if line == UNCHECKED:
        return tr(lang, "plain.unchecked")
    m = _ADDRESS_FULL.fullmatch(line)
    return tr(lang, "plain.address_full", n=m["n"]) if m else line

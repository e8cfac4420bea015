"""What one connected player's session is: the facts the front door learned.

The SSH server (``server/``) builds a :class:`SessionInfo` for every
interactive connection and hands it to the UI's entry point
(``ahoy_tui.ui.app.create_app``). ``ahoy play`` builds one for the local
terminal. Nothing here knows about SSH or Textual.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal, Protocol

ColorSystem = Literal["standard", "256", "truecolor", "monochrome"]


class OperatorConsole(Protocol):
    """Operator commands for an operator's session (the host's ``ahoy_tui.moderation.console``)."""

    async def run(self, line: str) -> str:
        """Run one operator command (``kick anna spam``); returns the answer's plain text."""
        ...


@dataclass(slots=True)
class SessionInfo:
    """One player's connection.

    Attributes:
        identity: Stable identity: ``"key:SHA256:..."`` for a public-key
            client, ``"user:NAME"`` for a keyless one (DESIGN.md, lobby).
        display_name: Sanitised, lobby-unique name, at most 16 columns.
        term: The client's TERM (e.g. ``"xterm-256color"``).
        color_system: Colour depth for this session only.
        utf8: True when the client announced UTF-8 (LANG/LC_*), else ASCII
            suits and borders are used.
        lang: ``"en"``, ``"es"`` or ``"de"``, from the client's LANG when sent.
        size: Terminal (columns, rows).
        peer: Remote address as text, for logs and limits.
        motd: The message of the day when the session started ("" for none;
            already cleaned of control and bidi characters).
        operator: The operator console when this session's proved key is an
            operator's (docs/moderation.md); None for everyone else.
        title: The terminal shows a window title set by OSC 2 (turn alerts,
            docs/ui.md "Turn alerts"; ``server.termcaps.title_for``).
        notify: The desktop notification the terminal is known to show:
            ``"osc777"``, ``"osc9"`` or ``""`` for none (``server.termcaps.notify_for``).
    """

    identity: str
    display_name: str
    term: str = "xterm"
    color_system: ColorSystem = "standard"
    utf8: bool = True
    lang: str = "en"
    size: tuple[int, int] = (80, 24)
    peer: str = ""
    extra: dict[str, str] = field(default_factory=dict)
    motd: str = ""
    operator: OperatorConsole | None = None
    title: bool = False
    notify: str = ""

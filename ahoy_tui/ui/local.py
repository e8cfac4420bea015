"""``ahoy play``: the same app in the local terminal against bots, no SSH.

An in-process lobby holds one table: the player (seat 0) and bots. The
table is created and started as soon as the app is up, so the player lands
at the table; leaving it shows the ordinary lobby.
"""

from __future__ import annotations

import getpass
import os
from typing import Sequence

from ahoy_tui.lobby.api import LobbyAPI
from ahoy_tui.lobby.messages import TableConfig
from ahoy_tui.session import SessionInfo
from ahoy_tui.ui.ahoy_app import AhoyApp
from ahoy_tui.ui.i18n import normalize_lang


def local_session(name: str) -> SessionInfo:
    """A :class:`SessionInfo` for the local terminal (UTF-8 and language from the environment)."""
    env_lang = os.environ.get("LC_ALL") or os.environ.get("LC_CTYPE") or os.environ.get("LANG") or ""
    utf8 = "utf-8" in env_lang.lower() or "utf8" in env_lang.lower() or not env_lang
    size = os.get_terminal_size() if os.isatty(1) else os.terminal_size((80, 24))
    return SessionInfo(identity=f"local:{name}", display_name=name[:16] or "you", term=os.environ.get("TERM", ""),
                       color_system="truecolor", utf8=utf8, lang=normalize_lang(os.environ.get("LANG")),
                       size=(size.columns, size.lines))


async def start_local_table(app: AhoyApp, players: int, bots: Sequence[str], limit: int,
                            bot_pace: str = "normal") -> None:
    """Create the table (bots at ``bot_pace``: relaxed, normal, fast), seat the bots and start
    (called once the app runs)."""
    config = TableConfig.make(name=app.t("create.default_name", name=app.me), seats=players, limit=limit,
                              clocks="untimed", bot_pace=bot_pace)
    tid = await app.ask(app.lobby.create_table, config)
    if tid is None:
        return
    app.open_table(str(tid))
    kinds = list(bots) or ["baseline"]
    for i in range(players - 1):
        await app.ask(app.lobby.add_bot, tid, kinds[i % len(kinds)])
    await app.ask(app.lobby.start, tid)


def run_local(players: int, bots: list[str], name: str, limit: int, lobby: LobbyAPI | None = None,
              bot_pace: str = "normal") -> int:
    """Play in this terminal against bots; returns a process exit status.

    Args:
        players: Seats at the table, 2..8 (the player plus ``players - 1`` bots).
        bots: Bot kinds to seat, cycled (``"baseline"``, ``"random"``, ``"hard"``).
        name: The player's display name (default: the login name).
        limit: Point limit, 20..1000 (R15).
        lobby: A lobby; by default a new in-process one (``InMemoryLobby``).
        bot_pace: How long the bots think before each move: ``relaxed``, ``normal``, ``fast``.
    """
    if not 2 <= players <= 8:
        raise ValueError("players must be 2..8")
    if lobby is None:
        from ahoy_tui.lobby.in_memory import InMemoryLobby

        lobby = InMemoryLobby()
    name = (name or getpass.getuser() or "you")[:16]
    app = AhoyApp(local_session(name), lobby,
                  on_ready=lambda a: start_local_table(a, players, bots, limit, bot_pace))
    result = app.run()
    return int(result or 0) if app.return_code in (None, 0) else int(app.return_code or 1)

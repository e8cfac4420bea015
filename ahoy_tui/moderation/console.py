"""Operator commands: one line in, one answer out (docs/moderation.md).

The same commands reach the server two ways: ``ssh -p 2222 host kick anna
spamming`` (no PTY, authenticated by key) and the operator menu in the
lobby (``O``). :func:`is_operator_command` says whether a line is one;
:class:`OperatorConsole` runs it for one caller and refuses it, with one
line and no effect, unless the caller is an operator (``ahoy_tui.moderation.operators``).
``motd`` without text is public: anyone may read the MOTD.
"""

from __future__ import annotations

import logging
import shlex
from typing import Any, Awaitable, Callable, Protocol

from ahoy_tui.lobby.api import LobbyAPI
from ahoy_tui.lobby.hosted import LobbyHost
from ahoy_tui.logsafe import esc
from ahoy_tui.plain.answers import Answer, plain_text
from ahoy_tui.store.base import StoreError
from ahoy_tui.moderation.policy import (MAX_REASON, Actor, Moderator, address_target, clean_line, parse_duration,
                               when)
from ahoy_tui.moderation.sync import (address_elsewhere, covered_elsewhere, end_banned, end_kicked,
                                    online_elsewhere, tell_motd)
from ahoy_tui.moderation.operators import FINGERPRINT

log = logging.getLogger("ahoy.moderation")

COMMANDS = ("kick", "ban", "bans", "unban", "mute", "unmute", "mutes", "close", "motd", "audit")
MAX_LINE = 2000
"""Characters of a command line read (the rest is cut before parsing)."""

USAGE = """Operator commands:
  kick NAME [REASON]                      end NAME's session (they may come back)
  ban key NAME|SHA256:FP DURATION REASON  refuse a key at login (NAME: an online player's key)
  ban addr NAME|ADDRESS DURATION REASON   refuse an address (IPv6: its /64) at login
  bans                                    bans in force, with their ids
  unban ID                                lift a ban
  mute NAME|SHA256:FP DURATION REASON     their lobby chat reaches nobody
  unmute NAME|SHA256:FP                   lift a mute;  mutes: list them
  close TABLE [REASON]                    close a table (its id or name) for everyone at it
  motd TEXT | motd --clear                set the message of the day (--clear: the configured one)
  audit [N]                               the last N moderation actions (default 20)
DURATION: 30m, 12h, 7d, 2w or forever.
"""

REFUSED = "ahoy: only an operator of this server can do that.\n"


def is_operator_command(line: str | None) -> bool:
    """Is ``line`` (an exec command) one of the operator commands (``motd`` included)?"""
    words = (line or "").split(None, 1)
    return bool(words) and words[0] in COMMANDS


def split_command(line: str) -> list[str]:
    """The words of an operator command line, quoted like a shell's (``close "op's ship" spam``,
    ``kick 'Old Tom'``); the line is cut at :data:`MAX_LINE` characters first.

    Raises:
        ValueError: unbalanced quotes or a trailing backslash (one line to show).
    """
    try:
        return shlex.split(str(line)[:MAX_LINE])
    except ValueError:
        raise ValueError("unbalanced quotes: quote a name with spaces as \"Old Tom\" or 'Old Tom'") from None


class ModeratedSession(Protocol):
    """What the console needs of a running session (``server.pty_session.Session``).

    Attributes:
        connection: ``.identity`` and ``.address`` of its SSH connection.
        info: Its ``SessionInfo`` (``display_name``, ``lang``), None while starting.
        handle: Its lobby ``PlayerHandle`` (the MOTD notice goes to it), None while starting.
    """

    connection: Any
    info: Any
    handle: Any

    @property
    def lang(self) -> str:
        """The language its player reads now (``"en"``, ``"es"``, ``"de"``)."""
        ...

    async def shutdown(self, message: str) -> None: ...


class ConsoleHost(Protocol):
    """What the console needs of the server (``server.ssh.AhoyServer``): its lobby, its running
    sessions (each a :class:`ModeratedSession`) and its :class:`Moderator`."""

    lobby: LobbyAPI
    lobby_host: LobbyHost
    sessions: set[Any]

    @property
    def moderator(self) -> Moderator: ...


class _Refusal(Exception):
    """A command that cannot be done: ``str(error)`` is its one line."""


def _name_of(session: ModeratedSession) -> str:
    return session.info.display_name if session.info is not None else ""


def sessions_ended(here: int, elsewhere: int) -> str:
    """``1 session ended``, ``2 sessions ended``; with sessions on other workers too
    (``elsewhere``: they end when those workers hear the change) ``1 session ended here,
    2 ending on other workers``."""
    text = f"{here} session{'' if here == 1 else 's'} ended"
    return f"{text} here, {elsewhere} ending on other workers" if elsewhere else text


class OperatorConsole:
    """Runs operator command lines for one caller.

    Args:
        host: The server (sessions, lobby, moderator).
        identity: The caller's identity (``key:SHA256:...`` for an operator).
        name: The caller's display name (for the audit log).
        address: The caller's own IP address ("" when unknown): ``ban addr`` refuses to cover it.
    """

    def __init__(self, host: ConsoleHost, identity: str, name: str, address: str = "") -> None:
        self.host = host
        self.actor = Actor(identity, name)
        self.address = address

    @property
    def operator(self) -> bool:
        return self.host.moderator.is_operator(self.actor.identity)

    async def run(self, line: str) -> str:
        """The answer's text (for the operator menu); a failure is logged and answered with one line."""
        try:
            return (await self.answer(line)).text
        except Exception:  # noqa: BLE001 - the operator's session must not end with the command
            log.exception("operator command from %s failed", esc(self.actor.label))
            return "ahoy: the server could not do that; see its log.\n"

    async def answer(self, line: str) -> Answer:
        """Run ``line``; status 0 when done, 1 with one line when refused."""
        try:
            words = split_command(line)
        except ValueError as e:
            return Answer(f"ahoy: {e}\n" if self.operator else REFUSED, 1)
        if not words or words[0] not in COMMANDS:
            return Answer(USAGE if self.operator else REFUSED, 0 if self.operator else 1)
        if words == ["motd"]:
            motd = self.host.moderator.motd()
            return Answer((motd or "There is no message of the day.") + "\n", 0)
        if not self.operator:
            log.info("operator command %s refused for %s", esc(words[0]), esc(self.actor.label))
            return Answer(REFUSED, 1)
        handler: Callable[[list[str]], Awaitable[str]] = getattr(self, f"_{words[0]}")
        try:
            return Answer(await handler(words[1:]) + "\n", 0)
        except _Refusal as e:
            return Answer(f"ahoy: {e}\n", 1)
        except StoreError as e:
            log.error("moderation: %s", e)
            return Answer("ahoy: the server could not save that (see its log); nothing changed.\n", 1)

    # -- who is who ----------------------------------------------------------------------
    def _sessions_named(self, name: str) -> list[Any]:
        return [s for s in list(self.host.sessions) if _name_of(s).casefold() == name.casefold()]

    def _online(self, name: str) -> Any:
        found = self._sessions_named(name)
        if not found:
            raise self._nobody(name)
        return found[0]

    @staticmethod
    def _nobody(name: str) -> _Refusal:
        """The refusal for a NAME nobody online has (a malformed ``SHA256:`` fingerprint said so)."""
        if name.upper().startswith("SHA256:"):
            return _Refusal(f"{clean_line(name, 60)!r} is not a key fingerprint: 'SHA256:' and 43 characters, "
                            "as ssh-keygen -lf prints it")
        return _Refusal(f"nobody called {clean_line(name, 20)!r} is online")

    def _player(self, who: str) -> tuple[str, str]:
        """(identity, name) of an online player called ``who`` (on this worker, else on another
        worker of the cluster), or of the key ``SHA256:...`` (online or not)."""
        if FINGERPRINT.fullmatch(who):
            online = [s for s in list(self.host.sessions) if s.connection.identity == f"key:{who}"]
            return f"key:{who}", _name_of(online[0]) if online else who[:16]
        elsewhere = [] if self._sessions_named(who) else online_elsewhere(self.host.lobby_host.sessions_elsewhere(), who)
        if elsewhere:
            return elsewhere[0]
        target = self._online(who)
        return target.connection.identity, _name_of(target)

    @staticmethod
    def _reason(words: list[str], required: bool = True) -> str:
        reason = clean_line(" ".join(words), MAX_REASON)
        if required and not reason:
            raise _Refusal("give a reason")
        return reason

    @staticmethod
    def _duration(word: str) -> float | None:
        try:
            return parse_duration(word)
        except ValueError as e:
            raise _Refusal(str(e)) from None

    # -- commands ------------------------------------------------------------------------
    async def _kick(self, args: list[str]) -> str:
        if not args:
            raise _Refusal("kick NAME [REASON]")
        here = self._sessions_named(args[0])
        elsewhere = [] if here else online_elsewhere(self.host.lobby_host.sessions_elsewhere(), args[0])
        if not here and not elsewhere:
            raise self._nobody(args[0])
        identity, name = ((here[0].connection.identity, _name_of(here[0])) if here else elsewhere[0])
        if identity == self.actor.identity:
            raise _Refusal("you cannot kick yourself")
        reason = self._reason(args[1:], required=False) or "no reason given"
        self.host.moderator.kick(self.actor, identity, name, reason)   # the other workers end theirs
        end_kicked(self.host, identity, reason)
        return f"kicked {name}"

    async def _ban(self, args: list[str]) -> str:
        if len(args) < 3 or args[0] not in ("key", "addr", "address"):
            raise _Refusal("ban key NAME|SHA256:FP DURATION REASON, or ban addr NAME|ADDRESS DURATION REASON")
        kind, who = ("key" if args[0] == "key" else "address"), args[1]
        seconds, reason = self._duration(args[2]), self._reason(args[3:])
        target = self._key_target(who) if kind == "key" else self._address_target(who)
        if kind == "key" and f"key:{target}" == self.actor.identity:
            raise _Refusal("you cannot ban your own key")
        if kind == "address" and self._covers_own_address(target):
            raise _Refusal(f"you cannot ban your own address ({target}): you would lock yourself out")
        ban = self.host.moderator.ban(self.actor, kind, target, seconds, reason)
        here = end_banned(self.host, ban, spare=self.actor.identity)
        elsewhere = covered_elsewhere(self.host.lobby_host.sessions_elsewhere(), ban, spare=self.actor.identity)
        until = "for good" if ban.expires is None else f"until {when(ban.expires)}"
        return f"ban #{ban.ban_id}: {kind} {target} {until} ({sessions_ended(here, elsewhere)})"

    def _key_target(self, who: str) -> str:
        if FINGERPRINT.fullmatch(who):
            return who
        identity = self._player(who)[0]
        if not identity.startswith("key:"):
            raise _Refusal(f"{clean_line(who, 20)} has no key (a nickname): ban the address")
        return identity[4:]

    def _covers_own_address(self, target: str) -> bool:
        """Does an address ban on ``target`` (``address_target`` form) cover the caller's address?"""
        try:
            return address_target(self.address) == target
        except ValueError:
            return False

    def _address_target(self, who: str) -> str:
        try:
            return address_target(who)
        except ValueError:
            pass
        here = self._sessions_named(who)
        address = here[0].connection.address if here else address_elsewhere(self.host.lobby_host.sessions_elsewhere(), who)
        if address is None:
            raise self._nobody(who)
        if not address:
            raise _Refusal(f"{clean_line(who, 20)} is on another worker that has not told their address "
                           "yet: try again in a moment, give the address, or ban the key")
        try:
            return address_target(address)
        except ValueError:
            raise _Refusal("not an address") from None

    async def _bans(self, args: list[str]) -> str:
        bans = self.host.moderator.bans()
        if not bans:
            return "No bans in force."
        return "\n".join(f"#{b.ban_id} {b.kind} {b.target} until {when(b.expires)} by {b.by}: {b.reason}"
                         for b in bans)

    async def _unban(self, args: list[str]) -> str:
        if len(args) != 1 or not args[0].lstrip("#").isdigit():
            raise _Refusal("unban ID (the number bans shows)")
        ban = self.host.moderator.unban(self.actor, int(args[0].lstrip("#")))
        if ban is None:
            raise _Refusal(f"no ban #{args[0].lstrip('#')}")
        return f"ban #{ban.ban_id} lifted ({ban.kind} {ban.target})"

    async def _mute(self, args: list[str]) -> str:
        if len(args) < 3:
            raise _Refusal("mute NAME|SHA256:FP DURATION REASON")
        identity, name = self._player(args[0])
        seconds, reason = self._duration(args[1]), self._reason(args[2:])
        mute = self.host.moderator.mute(self.actor, identity, name, seconds, reason)
        return f"muted {mute.name} in the lobby chat until {when(mute.expires)}"

    async def _unmute(self, args: list[str]) -> str:
        if len(args) != 1:
            raise _Refusal("unmute NAME")
        muted = [m for m in self.host.moderator.mutes() if m.name.casefold() == args[0].casefold()]
        identities = {m.identity for m in muted} | {s.connection.identity for s in self._sessions_named(args[0])}
        if FINGERPRINT.fullmatch(args[0]):
            identities.add(f"key:{args[0]}")
        lifted = [m for m in (self.host.moderator.unmute(self.actor, i) for i in identities) if m is not None]
        if not lifted:
            raise _Refusal(f"{clean_line(args[0], 20)} is not muted")
        return f"unmuted {', '.join(m.name for m in lifted)}"

    async def _mutes(self, args: list[str]) -> str:
        mutes = self.host.moderator.mutes()
        if not mutes:
            return "Nobody is muted."
        return "\n".join(f"{m.name} ({m.identity}) until {when(m.expires)} by {m.by}: {m.reason}" for m in mutes)

    async def _close(self, args: list[str]) -> str:
        if not args:
            raise _Refusal("close TABLE [REASON] (TABLE: its id or its name)")
        summaries = await self.host.lobby.table_summaries()
        wanted = args[0].casefold()
        found = [t for t in summaries if t.table_id.casefold() == wanted or t.name.casefold() == wanted]
        if not found:
            raise _Refusal(f"no open table {clean_line(args[0], 24)!r} (ssh host tables lists them)")
        reason = self._reason(args[1:], required=False) or "no reason given"
        table = found[0]
        self.host.moderator.audit(self.actor, "close", f"{table.table_id} ({table.name})", reason)
        await self.host.lobby.close_table(table.table_id, f"An operator closed the table: {reason}")
        return f"closed table {table.table_id} ({clean_line(table.name, 24)})"

    async def _motd(self, args: list[str]) -> str:
        text = None if args == ["--clear"] else " ".join(args)
        if text is not None and not clean_line(text, 300):
            raise _Refusal("motd TEXT, or motd --clear")
        shown = self.host.moderator.set_motd(self.actor, text)
        tell_motd(self.host, shown)
        return f"MOTD now: {shown}" if shown else "MOTD cleared."

    async def _audit(self, args: list[str]) -> str:
        n = int(args[0]) if len(args) == 1 and args[0].isdigit() else 20
        entries = self.host.moderator.store.audit(min(max(n, 1), 500))
        if not entries:
            return "No moderation actions yet."
        return "\n".join(f"{when(e.at)}  {e.actor}  {e.action} {e.target}: {e.reason}" for e in entries)


async def operator_answer(host: ConsoleHost, identity: str, name: str, line: str, utf8: bool,
                          address: str = "") -> Answer:
    """The no-PTY answer to an operator command (``ssh host kick anna``) from ``address``: printable
    text only, ASCII unless ``utf8`` (the client sent a UTF-8 locale: ``server.termcaps.plain_locale``)."""
    ans = await OperatorConsole(host, identity, name, address).answer(line)
    return Answer(plain_text(ans.text, utf8), ans.status)

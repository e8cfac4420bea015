"""Chat: cleaning, history and the per-player rate limit (issue 3, "Chat")."""

from __future__ import annotations

from collections import deque

from ahoy_tui.lobby.config import clean_text
from ahoy_tui.lobby.errors import Refused
from ahoy_tui.lobby.messages import ChatMessage

MAX_CHARS = 300
HISTORY = 200
RATE_COUNT = 5
RATE_WINDOW = 10.0


def clean_message(text: object) -> str:
    """The text to post: control and bidi characters removed, stripped.

    Raises:
        LobbyError: when nothing is left or it is longer than 300 characters.
    """
    if not isinstance(text, str):
        raise Refused("a chat message is text")
    out = clean_text(text, MAX_CHARS)
    if not out:
        raise Refused("the message is empty")
    if len(out) > MAX_CHARS:
        raise Refused(f"a message has at most {MAX_CHARS} characters (this one has {len(out)})")
    return out


class ChatLog:
    """The last ``HISTORY`` messages of one channel."""

    def __init__(self, channel: str) -> None:
        self.channel = channel
        self.messages: deque[ChatMessage] = deque(maxlen=HISTORY)

    def add(self, msg: ChatMessage) -> None:
        self.messages.append(msg)

    def recent(self) -> list[ChatMessage]:
        """Oldest first."""
        return list(self.messages)


class RateLimiter:
    """At most ``count`` messages per ``window`` seconds per identity (sliding).

    An identity whose every message is older than ``window`` is forgotten (at most
    as many stale entries are kept as live ones, plus 64): a server up for weeks
    does not keep one entry per name that ever spoke.
    """

    def __init__(self, count: int = RATE_COUNT, window: float = RATE_WINDOW) -> None:
        self.count, self.window = count, window
        self._sent: dict[str, deque[float]] = {}
        self._prune_at = 64

    def __len__(self) -> int:
        """Identities remembered (some may be stale until the next prune)."""
        return len(self._sent)

    def _prune(self, now: float) -> None:
        for key in [k for k, q in self._sent.items() if not q or q[-1] <= now - self.window]:
            del self._sent[key]
        self._prune_at = 2 * len(self._sent) + 64

    def allow(self, identity: str, now: float) -> bool:
        """Record a message at ``now`` if allowed; False when over the limit."""
        if len(self._sent) >= self._prune_at:
            self._prune(now)
        q = self._sent.setdefault(identity, deque())
        while q and q[0] <= now - self.window:
            q.popleft()
        if len(q) >= self.count:
            return False
        q.append(now)
        return True

    def wait(self, identity: str, now: float) -> float:
        """Seconds until ``identity`` may send again (0 when it may now)."""
        q = self._sent.get(identity)
        if not q or len(q) < self.count:
            return 0.0
        return max(0.0, q[0] + self.window - now)

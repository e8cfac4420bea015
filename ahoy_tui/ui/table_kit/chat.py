"""The table chat box's messages, kept until the box exists (they may arrive before it is composed)."""

from __future__ import annotations

from typing import Any

from ahoy_tui.lobby.messages import ChatMessage
from ahoy_tui.ui.live import built, exiting
from ahoy_tui.ui.widgets.chat_box import ChatBox


class TableChat:
    """Puts chat messages into the screen's ``ChatBox``, or keeps them for :meth:`show_pending`.

    Args:
        screen: The table screen holding the chat box.
    """

    def __init__(self, screen: Any) -> None:
        self.screen = screen
        self.pending: list[ChatMessage] = []

    def add(self, msg: ChatMessage) -> None:
        """One new message."""
        if not built(self.screen, ChatBox):
            if not exiting(self.screen):
                self.pending.append(msg)  # shown once the chat box exists (show_pending)
            return
        self.screen.query_one(ChatBox).add_message(msg)

    def set(self, messages: list[ChatMessage]) -> None:
        """The whole history instead of what is shown."""
        if not built(self.screen, ChatBox):
            if not exiting(self.screen):
                self.pending = list(messages)
            return
        chat = self.screen.query_one(ChatBox)
        chat.clear()
        for m in messages:
            chat.add_message(m)

    def show_pending(self) -> None:
        """The chat box exists now: show what arrived before it."""
        if self.pending:
            pending, self.pending = self.pending, []
            self.set(pending)

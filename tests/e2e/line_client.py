"""A line-mode player for tests: reads only the lines the server sends, answers with typed words.

:class:`LineReader` follows the plain lines a :class:`harness.Player` received (CR LF ends a
line) and waits for one matching a pattern. :class:`AhoyLinePlayer` plays AHOY!! V2 from what the
lines say, as a screen-reader user would: on each prompt it asks ``hand``, reads the answer and
types a legal command.
"""

from __future__ import annotations

import asyncio
import random
import re
import time
from typing import Callable

from harness import Player

_CARD = r"(?:10|[2-9JQKA])[♠♥♦♣]|JK"


class LineReader:
    """The lines a player received, in order (partial last line held back)."""

    def __init__(self, player: Player) -> None:
        self.player = player
        self.seen = 0  # lines consumed by next_line

    def lines(self) -> list[str]:
        text = bytes(self.player.raw).decode("utf-8", "replace")
        return [x for x in text.split("\r\n")[:-1]]

    async def wait(self, pattern: str, timeout: float = 30.0, after: int = 0) -> re.Match:
        """The first line from index ``after`` on that matches ``pattern`` (a regex, searched)."""
        deadline = time.monotonic() + timeout
        rx = re.compile(pattern)
        while True:
            for line in self.lines()[after:]:
                m = rx.search(line)
                if m:
                    return m
            left = deadline - time.monotonic()
            if left <= 0 or self.player.closed.is_set():
                raise AssertionError(f"{pattern!r} not among the lines:\n" + "\n".join(self.lines()[-30:]))
            self.player.changed.clear()
            try:
                await asyncio.wait_for(self.player.changed.wait(), timeout=min(left, 0.2))
            except asyncio.TimeoutError:
                pass

    def say(self, text: str | bytes) -> int:
        """Type ``text`` and Enter; returns the number of lines received before (for ``wait(after=)``)."""
        n = len(self.lines())
        self.player.send((text.encode() if isinstance(text, str) else text) + b"\r")
        return n


PROMPT = re.compile(r"Your turn: draw|offer a card to|accept or decline|step in or pass|Choose your partner|"
                    r"exchange CARD|lay down \d cards|pick 1 to|discard CARD|type ahoy")


class AhoyLinePlayer:
    """Plays AHOY!! V2 in line mode from the lines alone."""

    def __init__(self, name: str, player: Player, rng: random.Random,
                 cards_of: Callable[[str], list[str]] | None = None) -> None:
        """``cards_of``: the cards (as typed back: ``6♥``, ``6H``) of a ``hand`` answer's list; default:
        suit symbols."""
        self.name = name
        self.cards_of = cards_of or (lambda text: re.findall(_CARD, text))
        self.reader = LineReader(player)
        self.rng = rng
        self.typed: list[str] = []
        self.offers = 0

    def decide(self, prompt: str, hand: list[str]) -> str | None:
        r = self.rng
        if "type ahoy" in prompt:
            return "ahoy"
        if "Your turn: draw" in prompt:
            return r.choice(["draw", "dr", "d"])
        if "offer a card to" in prompt and hand:
            self.offers += 1
            return f"offer {r.choice(hand)} for {r.choice(hand)}"
        if "accept or decline" in prompt:
            return r.choice(["accept", "decline", "acc", "dec"])
        if "step in or pass" in prompt:
            return r.choice(["step in", "pass", "pass"])
        m = re.search(r"one of ([^.]+)\.", prompt)
        if "Choose your partner" in prompt and m:
            return "partner " + m.group(1).split(", ")[0]
        if "exchange CARD" in prompt and hand:
            return f"exchange {r.choice(hand)}"
        m = re.search(r"lay down (\d) cards", prompt)
        if m and hand:
            return "lay " + " ".join(hand[: int(m.group(1))])
        m = re.search(r"pick 1 to (\d)", prompt)
        if m:
            return f"pick {r.randint(1, int(m.group(1)))}"
        if "discard CARD" in prompt and hand:
            return f"discard {r.choice(hand)}"
        return None

    async def play(self, done: asyncio.Event) -> None:
        """Answer every prompt until ``done`` is set or the game is over."""
        i = 0
        while not done.is_set():
            lines = self.reader.lines()
            if i >= len(lines):
                self.reader.player.changed.clear()
                try:
                    await asyncio.wait_for(self.reader.player.changed.wait(), 0.2)
                except asyncio.TimeoutError:
                    pass
                continue
            line = lines[i]
            i += 1
            if line.startswith("Game over!"):
                return
            if not PROMPT.search(line) or any(PROMPT.search(x) for x in lines[i:]):
                continue  # only the newest prompt counts
            before = self.reader.say("hand")
            try:
                m = await self.reader.wait(r"^Your hand, \d+ cards: (.*)\.$|^You hold no cards", 10, after=before)
            except AssertionError:
                continue
            hand = self.cards_of(m.group(1) or "")
            command = self.decide(line, hand)
            if command is not None:
                self.typed.append(command)
                self.reader.say(command)

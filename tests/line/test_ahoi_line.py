"""A whole Ahoi game against bots in line mode, driven through the conversation core (issue 28.1).

The player reads only the sentences the session writes and answers with typed words (``look 1 2``,
``draw``, ``take``, ``place 3``, ``lupe 2``, ``fernrohr NAME 1``, ``tauschen 1 with NAME 2``,
``discard``, ``ahoi``). Values only this seat saw are said once and never repeated by ``log`` (AH15).
"""

from __future__ import annotations

import asyncio
import random
import re

from ahoy_tui.line.session import LineSession
from ahoy_tui.lobby import InMemoryLobby, Lobby, Timing
from tests.waiting import wait_until


class Reader:
    """The sentences written to one session, and a cursor."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.changed = asyncio.Event()

    def write(self, line: str) -> None:
        self.lines.append(line)
        self.changed.set()


def decide(prompt: str, rng: random.Random, layout: int, others: list[str]) -> str | None:
    """A command for the newest prompt, from its words alone."""
    if "look P P" in prompt:
        a, b = rng.sample(range(1, layout + 1), 2)
        return f"look {a} {b}"
    if "Your turn" in prompt:
        return rng.choice(["draw", "draw", "take", "ahoi"] if "ahoi" in prompt else ["draw", "take"])
    if "Your last turn" in prompt:
        return rng.choice(["draw", "take"])
    if ", drawn:" in prompt:
        choices = ["discard", f"place {rng.randint(1, layout)}"]
        if "lupe P" in prompt:
            choices.append(f"lupe {rng.randint(1, layout)}")
        if "fernrohr NAME P" in prompt:
            choices.append(f"fernrohr {rng.choice(others)} 1")
        if "tauschen P with NAME Q" in prompt:
            choices.append(f"tauschen {rng.randint(1, layout)} with {rng.choice(others)} 1")
        if layout >= 2:
            choices.append("place 1 2")
        return rng.choice(choices)
    if "from the discard pile: place P" in prompt:
        return f"place {rng.randint(1, layout)}"
    return None


_PROMPT = re.compile(r"look P P|Your turn|Your last turn|, drawn:|from the discard pile: place P")


async def test_whole_ahoi_game_against_bots_from_the_lines():
    lobby = InMemoryLobby(Lobby(timing=Timing(bot_delay=(0, 0.01), between_hands=0.05), seed=11))
    handle = await lobby.connect("user:anna", "anna")
    r = Reader()
    session = LineSession(lobby, handle, r.write)
    session.start()
    await session.line("create ahoi 3 seats 2 bots easy")
    assert any("You created table" in x for x in r.lines), r.lines
    await session.line("start")
    rng = random.Random(4)
    typed: list[str] = []
    done = 0
    for _ in range(5000):
        if any(x.startswith("Game over. Winner:") for x in r.lines):
            break
        if done == len(r.lines):
            r.changed.clear()
            try:
                await asyncio.wait_for(r.changed.wait(), 1.0)
            except asyncio.TimeoutError:
                pass
            continue
        new, done = r.lines[done:], len(r.lines)
        prompts = [x for x in new if _PROMPT.search(x)]
        if not prompts:
            continue
        before = len(r.lines)
        await session.line("hand")
        m = re.search(r"Your layout, (\d) cards", " ".join(r.lines[before:]))
        await session.line("who")
        seats = re.search(r"Seats: (.*)\.", " ".join(r.lines[before:]))
        others = [s.split(" (")[0] for s in seats.group(1).split(", ") if "(you)" not in s] if seats else []
        done = before  # what came meanwhile is read next (a reply to hand or who is no prompt)
        command = decide(prompts[-1], rng, int(m.group(1)) if m else 4, others)
        if command:
            typed.append(command)
            await session.line(command)
    assert any(x.startswith("Game over. Winner:") for x in r.lines), "\n".join(r.lines[-30:])
    assert any(x.startswith("Round 1 over. Sums:") for x in r.lines)
    assert {c.split()[0] for c in typed} >= {"look", "draw", "place"}, typed
    refusals = [x for x in r.lines if x.startswith(("I do not know", "Refused"))]
    assert not refusals, refusals
    assert all("\x1b" not in x and "\x07" not in x for x in r.lines)
    # AH15: a value only this seat saw is said once; log does not say it again
    private = [x for x in r.lines if x.startswith(("You see ", "You drew ", "Your position "))]
    assert private, "the first looks and draws were told"
    before = len(r.lines)
    await session.line("log 200")
    replay = r.lines[before:]
    assert replay and not [x for x in replay if x.startswith(("You see ", "You drew ", "Your position "))]
    assert any(", drawn:" in x for x in private + r.lines), "a drawn card's prompt was said"
    assert not [x for x in replay if ", drawn:" in x], "log repeats no prompt naming a drawn card (AH15)"
    session.close()
    await lobby.disconnect(handle)


async def test_ahoi_refusals_say_why_and_what_is_legal():
    lobby = InMemoryLobby(Lobby(timing=Timing(bot_delay=(5, 5), between_hands=0.05), seed=2))
    handle = await lobby.connect("user:anna", "anna")
    r = Reader()
    session = LineSession(lobby, handle, r.write)
    session.start()
    await session.line("create ahoi 2 seats 1 bot")
    await session.line("start")
    await wait_until(lambda: any("look P P" in x for x in r.lines), 10, "the first look")
    n = len(r.lines)
    await session.line("look 1 9")
    assert r.lines[n:] == ["Name positions 1 to 4 of your layout. Type: look P P."]
    n = len(r.lines)
    await session.line("draw")
    assert r.lines[n:] == ["draw: not now. Type: look P P."]
    n = len(r.lines)
    await session.line("lo 2 3")
    assert r.lines[n] == "anna looked at two cards."
    assert re.fullmatch(r"You see your position 2: \d+( \(\w+\))?; your position 3: \d+( \(\w+\))?\.", r.lines[n + 1])
    session.close()
    await lobby.disconnect(handle)


async def test_a_command_typed_right_after_create_is_taken_at_the_new_table():
    """``create`` then ``start`` at once (a paste, ``ssh -T`` with piped input): the new table's first
    update may not have come yet; ``start`` is still a word of that table, not refused as the lobby's."""
    lobby = InMemoryLobby(Lobby(timing=Timing(bot_delay=(0, 0.01), between_hands=0.05), seed=11))
    handle = await lobby.connect("user:anna", "anna")
    r = Reader()
    session = LineSession(lobby, handle, r.write)
    session.start()
    await session.line("create ahoi 3 seats 2 bots easy")
    session.update = None  # as when the table's first update is still on its way (a store's write first)
    assert "start" in session.legal_words() and "join" not in session.legal_words()
    before = len(r.lines)
    await session.line("start")
    assert not [x for x in r.lines[before:] if "cannot" in x], r.lines[before:]
    await wait_until(lambda: any("Look at two" in x or "look P P" in x for x in r.lines), 10, "the deal")
    session.close()
    await lobby.disconnect(handle)


async def test_no_decision_is_announced_while_the_autopilot_plays_the_seat():
    """R17: with ``autopilot on`` the autopilot decides at once; line mode does not hand the player each
    decision with its clock (it said "Your turn ... You have 19 seconds" and then what the autopilot did)."""
    lobby = InMemoryLobby(Lobby(timing=Timing(bot_delay=(0, 0.01), between_hands=0.05), seed=11))
    handle = await lobby.connect("user:anna", "anna")
    r = Reader()
    session = LineSession(lobby, handle, r.write)
    session.start()
    await session.line("create ahoi 3 seats 2 bots easy")
    await session.line("start")
    await wait_until(lambda: session.update is not None and session.update.legal, 10, "a decision")
    await session.line("autopilot on")
    await wait_until(lambda: session.piloted, 10, "the autopilot")
    after = len(r.lines)
    await wait_until(lambda: any("Round 1 over" in x for x in r.lines[after:]), 30, "the round to end")
    prompts = [x for x in r.lines[after:] if _PROMPT.search(x)]
    assert not prompts, prompts
    session.close()
    await lobby.disconnect(handle)

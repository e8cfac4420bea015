"""Hostile input through real SSH: the layer where bytes become text (server/driver.py).

Every case: the offender's session stays up, keys typed after it work, the
field holds at most its limit and only printable text, and another player
keeps getting updates. The app is the test greeter (tests/e2e/greeter.py);
its Input has no max_length of its own, so the hosting default applies.
"""

from __future__ import annotations

import asyncio

from harness import connect, wait_until
from textual.widgets import Input

from ahoy_tui.hosting.apps import MAX_INPUT_LENGTH
from server.input_guard import MAX_COLUMNS, MAX_PASTE, MAX_ROWS, PASTE_END, PASTE_START

BIDI = "\u202e\u2066\u200f"


def session_of(server, username: str):
    """The server-side session of the first player named ``username``."""
    return next(s for s in server.sessions if s.connection.username == username)


def input_value(server, username: str) -> str:
    return session_of(server, username).app.query_one(Input).value


async def others_still_updated(server, watcher, newcomer: str, count: int) -> None:
    """A new player joins; ``watcher`` must see the online count change."""
    p = await connect(server.port, newcomer)
    await watcher.wait_for(f"Players online \\({count}\\)", timeout=30)
    await p.close()
    await watcher.wait_for(f"Players online \\({count - 1}\\)", timeout=30)


async def test_invalid_utf8_nul_and_controls(server):
    anna = await connect(server.port, "anna")
    bob = await connect(server.port, "bob")
    await anna.wait_for("Players online \\(2\\)")
    garbage = (
        b"\xff\xfe\xc3\x28\xa0\xa1\xe2\x28\xa1\xf0\x28\x8c\xbc\xed\xa0\x80"  # invalid UTF-8
        + b"\x00\x00"  # NUL
        + bytes(range(0x80, 0xA0))  # raw C1 bytes
        + "".join(map(chr, range(0x80, 0xA0))).encode()  # C1 as UTF-8
        + BIDI.encode()
        + b"\x01\x02\x05\x06\x0b\x0c\x0e\x0f\x12\x14\x16\x18\x19\x1a\x1c\x1d\x1e\x1f"  # C0 keys (not ^C ^P ^Q: app bindings)
        + b"\x1b[999;999;999X\x1b[?\x1bO\x1b[<0;1;" + b"\xc3"  # broken sequences, split char
    )
    anna.send(garbage)
    anna.send("\xa9ok")  # '©' is C2 A9: the pending C3 becomes U+FFFD
    await anna.settle(0.3)
    value = input_value(server, "anna")
    assert all(ch.isprintable() for ch in value), repr(value)
    assert not set(value) & set(BIDI)
    # Textual runs a bound key (Enter) after key presses queued behind it,
    # so the next line is typed once the first was submitted.
    anna.send("\r")
    await wait_until(lambda: input_value(server, "anna") == "")
    anna.send("after\r")
    await anna.wait_for("You said: after")
    await others_still_updated(server, bob, "cy", 3)
    assert server.lobby.core.online_names() == ["anna", "bob"]
    await anna.close()
    await bob.close()


async def test_pasted_escape_sequences_reach_no_widget_and_no_client(server):
    anna = await connect(server.port, "anna")
    await anna.wait_for("Ahoy, anna!")
    before = len(anna.raw)
    evil = "x\x1b]0;pwned\x07\x1b[2J\x1b[31m\u202eevil\x00\x85\x9b2J\x7fz"
    anna.send(PASTE_START + evil.encode() + PASTE_END)
    await wait_until(lambda: input_value(server, "anna") != "")
    assert input_value(server, "anna") == "x]0;pwned[2J[31mevil2Jz"
    anna.send("\r")
    await anna.wait_for("You said: x]0;pwned")
    sent = bytes(anna.raw[before:])
    for bad in (b"\x1b]0;", b"\x1b[2J", "\u202e".encode(), b"\x1b[31mevil"):
        assert bad not in sent, bad
    await anna.close()


async def test_megabyte_paste_is_cut_and_the_loop_keeps_going(server):
    anna = await connect(server.port, "anna")
    bob = await connect(server.port, "bob")
    await anna.wait_for("Players online \\(2\\)")
    link = session_of(server, "anna").link
    anna.send(PASTE_START + b"A" * (1 << 20) + PASTE_END)
    anna.send("hi\r")
    await anna.wait_for("You said: hi", timeout=30)
    await others_still_updated(server, bob, "cy", 3)  # the loop kept serving others
    # Longer than the field: Textual refuses the whole paste; the field is intact.
    assert input_value(server, "anna") == ""
    assert link._paste.skipped >= (1 << 20) - MAX_PASTE
    assert link.input_pending == 0
    await anna.close()
    await bob.close()


async def test_key_flood_is_bounded_and_the_field_keeps_its_limit(server):
    anna = await connect(server.port, "anna")
    bob = await connect(server.port, "bob")
    await anna.wait_for("Players online \\(2\\)")
    link = session_of(server, "anna").link
    for _ in range(512):  # 64 KiB of key presses, in reads too small to be taken as a paste
        anna.send(b"x" * 128)
    await wait_until(lambda: link.input_dropped > 0)
    await others_still_updated(server, bob, "cy", 3)  # the loop kept serving others
    await wait_until(lambda: link.input_pending == 0 and not session_of(server, "anna").app._driver._pacer.held,
                     timeout=60)
    assert len(input_value(server, "anna")) == MAX_INPUT_LENGTH
    assert link.input_dropped >= (1 << 16) - 2 * link.max_input - 256 * 128
    anna.send("\r")
    await wait_until(lambda: input_value(server, "anna") == "")
    anna.send("after\r")
    await anna.wait_for("You said: after", timeout=30)
    # Bells for refused keys are rate limited, not one per key.
    assert bytes(anna.raw).count(b"\x07") < 60
    await anna.close()
    await bob.close()


async def test_raw_megabyte_is_taken_as_one_paste_and_cut(server):
    """A million key presses in big reads (an unbracketed paste) are one paste: cut at
    MAX_PASTE, the rest skipped unparsed; the field refuses it whole and later keys work."""
    anna = await connect(server.port, "anna")
    bob = await connect(server.port, "bob")
    await anna.wait_for("Players online \\(2\\)")
    link = session_of(server, "anna").link
    anna.send(b"x" * (1 << 20))
    await others_still_updated(server, bob, "cy", 3)  # the loop kept serving others
    await wait_until(lambda: not link._raw_paste.open and link._paste.state == "normal" and not link.input_pending,
                     timeout=30)
    assert link._paste.skipped >= (1 << 20) - MAX_PASTE - 64 * 1024
    anna.send("after\r")
    await anna.wait_for("You said: after", timeout=30)
    assert input_value(server, "anna") == ""
    await anna.close()
    await bob.close()


async def test_size_comes_only_from_the_window_and_is_clamped(server):
    anna = await connect(server.port, "anna")
    await anna.wait_for("Ahoy, anna!")
    session = session_of(server, "anna")
    anna.send(b"\x1b[48;9999;9999;0;0t")  # an in-band resize report, typed
    await anna.settle(0.2)
    assert tuple(session.app.size) == (80, 24)
    anna.chan.change_terminal_size(100_000, 100_000)
    await wait_until(lambda: tuple(session.app.size) == (MAX_COLUMNS, MAX_ROWS))
    anna.resize(90, 30)
    await wait_until(lambda: tuple(session.app.size) == (90, 30))
    await anna.wait_for("Ahoy, anna!")
    anna.send("still here\r")
    await anna.wait_for("You said: still here")
    await anna.close()


def test_paste_guard_never_leaves_the_parser_in_paste_mode():
    """Any packet split, any queue bound: pastes are cut, cleaned and always closed."""
    from server.driver import PASTE_ROOM, TerminalLink
    from server.input_guard import PasteGuard, ends_in_paste

    class Chan:
        def write(self, data: bytes) -> None: ...

        def get_write_buffer_size(self) -> int:
            return 0

    raw = (b"ab\x1b" + PASTE_START + b"x\x1b[2Jy" * 5000 + PASTE_END + b"cd"
           + PASTE_START + b"sh\x1bort" + PASTE_END + b"\x1b" + PASTE_START + b"z" * 40000 + PASTE_END + b"end")
    for split in (1, 5, 6, 7, 1000, 4096, 32768):
        guard = PasteGuard(64)
        out = b"".join(guard.filter(raw[i:i + split]) for i in range(0, len(raw), split))
        assert out == (b"ab\x1b" + PASTE_START + (b"x[2Jy" * 13)[:64] + PASTE_END + b"cd" + PASTE_START
                       + b"short" + PASTE_END + b"\x1b" + PASTE_START + b"z" * 64 + PASTE_END + b"end")
        for bound in (0, 100, 20000):
            link = TerminalLink(Chan(), color_system="256", size=(80, 24), max_input=bound)
            for i in range(0, len(raw), split):
                link.feed(raw[i:i + split])
            queued = link.take_input(10**6)
            assert not ends_in_paste(False, queued), (split, bound)
            assert len(queued) <= bound + PASTE_ROOM + len(PASTE_END)


def test_raw_paste_keeps_the_enter_behind_one_line_and_swallows_it_behind_several():
    """Issue 24 (10): line breaks at the end of a raw paste become one Enter behind a one-line
    paste (the line is sent as typed), and stay in a paste of several lines (which sends nothing)."""
    from server.input_guard import PasteGuard, RawPasteGuard

    line = b"y" * 300
    one = RawPasteGuard(PasteGuard(), lambda out: None)
    assert one.filter(line + b"\r\n") == PASTE_START + line + PASTE_END + b"\r"
    several = RawPasteGuard(PasteGuard(), lambda out: None)
    assert several.filter(line + b"\r" + line + b"\r") == PASTE_START + line + b"\r" + line + b"\r" + PASTE_END

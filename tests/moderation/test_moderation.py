"""Moderation without SSH: durations, addresses (/64), expiry, mutes in the lobby, hostile text,
and the operator console's answers (docs/moderation.md)."""

from __future__ import annotations

import asyncio
import re
import unicodedata
from types import SimpleNamespace

import pytest

from ahoy_tui.lobby import Lobby
from ahoy_tui.lobby.embedded import EmbeddedHost
from ahoy_tui.lobby.messages import ChatMessage, Notice, TableConfig
from ahoy_tui.moderation.console import OperatorConsole, is_operator_command
from ahoy_tui.moderation.policy import MAX_MOTD, MAX_REASON, Actor, Moderator, address_target, parse_duration
from ahoy_tui.store.moderation import MemoryModerationStore

OP_FP = "SHA256:" + "o" * 43
OP = Actor("key:" + OP_FP, "anna")


def moderator(now: list[float] | None = None, motd: str = "") -> Moderator:
    clock = now or [1000.0]
    return Moderator(MemoryModerationStore(), frozenset({OP_FP}), motd, clock=lambda: clock[0])


def test_durations():
    assert [parse_duration(w) for w in ("30m", "12h", "7d", "2w", "forever")] == [1800, 43200, 604800, 1209600, None]
    for bad in ("0h", "5", "1y", "-3d", "9999999d", "522w"):
        with pytest.raises(ValueError):
            parse_duration(bad)


def test_addresses_ipv4_as_is_ipv6_as_its_64():
    assert address_target("192.0.2.7") == "192.0.2.7"
    assert address_target("2001:db8:1:2:aaaa::1") == "2001:db8:1:2::/64"
    assert address_target("2001:db8:1:2::/64") == "2001:db8:1:2::/64"
    assert address_target("::ffff:192.0.2.7") == "192.0.2.7"
    for bad in ("anna", "2001:db8::/48", "10.0.0.0/8"):
        with pytest.raises(ValueError):
            address_target(bad)


def test_an_ipv6_ban_covers_its_64_and_bans_end():
    now = [1000.0]
    mod = moderator(now)
    mod.ban(OP, "address", address_target("2001:db8:1:2::99"), 3600, "flood")
    assert mod.ban_for(None, "2001:db8:1:2:ffff::1") is not None
    assert mod.ban_for(None, "2001:db8:1:3::1") is None
    assert mod.ban_for("SHA256:x", "192.0.2.1") is None
    now[0] += 3600
    assert mod.ban_for(None, "2001:db8:1:2::1") is None and mod.bans() == []


def test_a_muted_player_is_heard_by_nobody_in_the_lobby_and_is_told():
    now = [1000.0]
    mod = moderator(now)
    lobby = Lobby()
    lobby.chat_gate = mod.chat_gate
    ben, carl = lobby.connect("user:ben", "ben"), lobby.connect("user:carl", "carl")
    heard: dict[str, list] = {"ben": [], "carl": []}
    ben.subscribe(heard["ben"].append)
    carl.subscribe(heard["carl"].append)
    mod.mute(OP, "user:ben", "ben", 600, "shouting")
    lobby.chat(ben, "lobby", "HELLO")
    assert not [m for m in heard["carl"] if isinstance(m, ChatMessage)]
    (notice,) = [m for m in heard["ben"] if isinstance(m, Notice)]
    assert notice.key == "muted" and "shouting" in notice.text and lobby.chat_log.recent() == []
    tid = lobby.create_table(ben, TableConfig(name="Wake"))
    lobby.join(carl, tid)
    lobby.chat(ben, tid, "at the table")                     # only the lobby chat is muted
    assert any(isinstance(m, ChatMessage) and m.text == "at the table" for m in heard["carl"])
    now[0] += 600
    lobby.chat(ben, "lobby", "quiet now")
    assert [m.text for m in lobby.chat_log.recent()] == ["quiet now"]


HOSTILE = ["\x1b[2J\x1b]0;pwned\x07Fair\u202e winds\r\nsecond line\u2028",
           "A" * 1_000_000,
           b"bad \xff\xfe utf-8 \xc3".decode("utf-8", "replace")]


@pytest.mark.parametrize("text", HOSTILE)
def test_hostile_reasons_and_motds_are_cut_and_cleaned(text):
    mod = moderator()
    shown = [mod.set_motd(OP, text), mod.ban(OP, "key", "SHA256:x", None, text).reason,
             mod.mute(OP, "user:ben", "ben", None, text).reason]
    for value, limit in zip(shown, (MAX_MOTD, MAX_REASON, MAX_REASON)):
        assert 0 < len(value) <= limit
        assert not any(unicodedata.category(ch) in ("Cc", "Cf", "Zl", "Zp") for ch in value), value
    assert all(len(e.reason) <= MAX_MOTD for e in mod.store.audit(10))


# -- the console ------------------------------------------------------------------------


class FakeSession:
    def __init__(self, name: str, identity: str, address: str = "192.0.2.1") -> None:
        self.info = SimpleNamespace(display_name=name, lang="en")
        self.connection = SimpleNamespace(identity=identity, address=address)
        self.handle = None
        self.ended: list[str] = []

    @property
    def lang(self) -> str:
        return self.info.lang

    async def shutdown(self, message: str) -> None:
        self.ended.append(message)


def host(*sessions: FakeSession, lobby: Lobby | None = None):
    """The server as the console sees it: an embedded lobby, ``sessions`` running."""
    lobby_host = EmbeddedHost(lobby)
    return SimpleNamespace(lobby=lobby_host.lobby, lobby_host=lobby_host, sessions=set(sessions), moderator=moderator())


async def run(h, line: str, who: Actor = OP, address: str = "") -> tuple[str, int]:
    ans = await OperatorConsole(h, who.identity, who.name, address).answer(line)
    await asyncio.sleep(0)                                   # let the sessions' shutdowns start
    return ans.text, ans.status


async def test_console_answers_and_refusals():
    ben = FakeSession("ben", "user:ben")
    keyed = FakeSession("kim", "key:SHA256:" + "k" * 43, "2001:db8::5")
    me = FakeSession("anna", OP.identity)
    h = host(ben, keyed, me)
    assert await run(h, "ban key ben 1d x") == ("ahoy: ben has no key (a nickname): ban the address\n", 1)
    assert await run(h, "ban key kim 3x spam") == (
        "ahoy: a duration is like 30m, 12h, 7d, 2w or forever, not '3x'\n", 1)
    assert await run(h, "ban key kim 1d") == ("ahoy: give a reason\n", 1)
    text, status = await run(h, "ban addr kim 1d spam")
    assert status == 0 and "address 2001:db8::/64" in text and keyed.ended[0].startswith("You are banned")
    assert (await run(h, "kick anna bye"))[0] == "ahoy: you cannot kick yourself\n"
    assert (await run(h, "ban key anna forever x"))[0] == "ahoy: you cannot ban your own key\n"
    assert (await run(h, "mute nobody 1h x"))[0] == "ahoy: nobody called 'nobody' is online\n"
    assert await run(h, "ban key SHA256:abc 1h x") == (
        "ahoy: 'SHA256:abc' is not a key fingerprint: 'SHA256:' and 43 characters, as ssh-keygen -lf prints it\n", 1)
    assert (await run(h, "close t99"))[0].startswith("ahoy: no open table 't99'")
    assert (await run(h, "unban abc"))[0] == "ahoy: unban ID (the number bans shows)\n"
    assert (await run(h, "kick ben"))[0] == "kicked ben\n"
    await asyncio.sleep(0)
    assert ben.ended == ["An operator ended your session: no reason given"]
    actions = [(e.action, e.actor) for e in h.moderator.store.audit(10)]
    assert actions == [("ban", OP.label), ("kick", OP.label)]


@pytest.mark.parametrize("mine, line", [("127.0.0.1", "ban addr 127.0.0.1 1h everyone"),
                                        ("127.0.0.1", "ban addr anna forever x"),
                                        ("2001:db8:1:2::7", "ban addr 2001:db8:1:2:ffff::1 1h x"),
                                        ("2001:db8:1:2::7", "ban addr 2001:db8:1:2::/64 1h x"),
                                        ("::ffff:192.0.2.4", "ban addr 192.0.2.4 1h x")])
async def test_an_operator_cannot_ban_their_own_address(mine, line):
    me = FakeSession("anna", OP.identity, mine)
    h = host(me)
    text, status = await run(h, line, address=mine)
    assert status == 1 and text.startswith("ahoy: you cannot ban your own address (") and "\n" not in text[:-1]
    assert h.moderator.bans() == [] and h.moderator.store.audit(10) == [] and me.ended == []


async def test_an_operator_bans_a_neighbours_address_but_not_their_own():
    kim = FakeSession("kim", "user:kim", "2001:db8:1:3::5")
    h = host(kim, FakeSession("anna", OP.identity, "2001:db8:1:2::7"))
    text, status = await run(h, "ban addr kim 1h flood", address="2001:db8:1:2::7")
    assert status == 0 and "address 2001:db8:1:3::/64" in text and kim.ended[0].startswith("You are banned")
    assert (await run(h, "ban addr 127.0.0.2 1h x", address="127.0.0.1"))[1] == 0


async def test_names_with_spaces_are_quoted_like_a_shell():
    tom, lobby = FakeSession("Old Tom", "user:tom"), Lobby()
    h = host(tom, lobby=lobby)
    tid = lobby.create_table(lobby.connect("user:op", "op"), TableConfig(name="op's ship"))
    text, status = await run(h, """close "op's ship" test""")
    assert status == 0 and text.startswith(f"closed table {tid}")
    assert (await run(h, "mute 'Old Tom' 1h 'too loud'"))[0].startswith("muted Old Tom in the lobby chat")
    assert h.moderator.mute_of("user:tom").reason == "too loud"
    assert (await run(h, "kick Old\\ Tom bye"))[0] == "kicked Old Tom\n"
    assert await run(h, "kick 'Old Tom") == (
        "ahoy: unbalanced quotes: quote a name with spaces as \"Old Tom\" or 'Old Tom'\n", 1)
    assert await run(h, "kick 'Old Tom", who=Actor("user:ben", "ben")) == (
        "ahoy: only an operator of this server can do that.\n", 1)


async def test_a_megabyte_motd_through_the_console_is_cut():
    h = host()
    text, status = await run(h, "motd " + "\x1b[31m☠" * 500_000)
    assert status == 0 and len(h.moderator.motd()) <= MAX_MOTD and "\x1b" not in h.moderator.motd()
    assert (await run(h, "motd --clear"))[0] == "MOTD cleared.\n"


def test_operator_commands_are_recognised_by_their_first_word():
    assert is_operator_command("kick ben") and is_operator_command("motd") and is_operator_command("audit 3")
    assert not is_operator_command("games") and not is_operator_command(None) and not is_operator_command("")


async def test_operator_answers_and_the_close_line_hold_no_card():
    """R18: nothing moderation sends (answers, the close notice) names a card of the game it ended."""
    from ahoy_tui.games.ahoy import cards as C
    from ahoy_tui.lobby import Timing

    lobby = Lobby(timing=Timing.instant(), seed=4)
    ben = lobby.connect("user:ben", "ben")
    heard: list = []
    ben.subscribe(heard.append)
    tid = lobby.create_table(ben, TableConfig.make(name="Wake", seats=3, clocks="untimed"))
    for _ in range(2):
        lobby.add_bot(ben, tid, "baseline")
    lobby.start(ben, tid)
    state = lobby.tables[tid].game.state
    names = {C.name(c) for hand in state.hands for c in hand}
    h = host(FakeSession("ben", "user:ben"), lobby=lobby)
    heard.clear()
    texts = [(await run(h, line))[0] for line in
             ("mute ben 1h x", "bans", "mutes", f"close {tid} enough", "audit", "motd", "kick ben")]
    texts += [str(m) for m in heard]
    assert "closed table" in texts[3] and any("An operator closed the table: enough" in t for t in texts)
    shown = " ".join(texts)
    assert names and not [n for n in names if re.search(rf"(?<![0-9A-Za-z]){re.escape(n)}(?![0-9A-Za-z])", shown)]


def test_bans_and_mutes_are_back_after_a_restart(tmp_path):
    from ahoy_tui.store.moderation_sqlite import SQLiteModerationStore

    store = SQLiteModerationStore(tmp_path / "ahoy.db")
    first = Moderator(store, frozenset({OP_FP}))
    first.mute(OP, "user:ben", "ben", None, "spam")
    first.ban(OP, "address", "192.0.2.9", 3600, "flood")
    store.close()
    store = SQLiteModerationStore(tmp_path / "ahoy.db")
    again = Moderator(store, frozenset({OP_FP}))
    assert again.chat_gate("user:ben") is not None and again.chat_gate("user:carl") is None
    assert again.ban_for(None, "192.0.2.9").reason == "flood"
    store.close()


async def test_a_store_that_cannot_write_costs_one_line_and_changes_nothing(tmp_path):
    from ahoy_tui.store.moderation_sqlite import SQLiteModerationStore

    store = SQLiteModerationStore(tmp_path / "ahoy.db")
    h = host(FakeSession("ben", "user:ben"))
    h.moderator = Moderator(store, frozenset({OP_FP}))
    store.close()                                            # every write now fails
    text, status = await run(h, "mute ben 1h spam")
    assert (text, status) == ("ahoy: the server could not save that (see its log); nothing changed.\n", 1)
    assert h.moderator.chat_gate("user:ben") is None


async def test_the_kick_line_is_in_the_players_language():
    ana = FakeSession("ana", "user:ana")
    ana.info.lang = "es"
    h = host(ana)
    assert (await run(h, "kick ana grosera"))[1] == 0
    await asyncio.sleep(0)
    assert ana.ended == ["Un operador cerró tu sesión: grosera"]


async def test_a_key_is_muted_while_offline_and_unmuted_by_its_fingerprint():
    h = host()
    fp = "SHA256:" + "m" * 43
    assert (await run(h, f"mute {fp} forever spam"))[1] == 0
    assert h.moderator.chat_gate(f"key:{fp}") is not None
    assert (await run(h, f"unmute {fp}"))[1] == 0
    assert h.moderator.chat_gate(f"key:{fp}") is None


def test_without_a_store_moderation_lives_in_memory_and_a_bad_file_costs_one_line(tmp_path, caplog):
    from ahoy_tui.store.moderation import MemoryModerationStore
    from ahoy_tui.lobby.embedded import EmbeddedHost

    assert isinstance(EmbeddedHost().moderation_store(), MemoryModerationStore)
    (tmp_path / "ahoy.db").mkdir()                           # not a file
    with caplog.at_level("ERROR"):
        assert isinstance(EmbeddedHost(db_path=tmp_path / "ahoy.db").moderation_store(), MemoryModerationStore)
    assert len(caplog.records) == 1 and "bans and mutes last until the server stops" in caplog.text


def test_every_action_is_one_log_line_with_who_whom_and_why(caplog):
    mod = moderator()
    with caplog.at_level("INFO", logger="ahoy.moderation"):
        mod.ban(OP, "key", "SHA256:k", 3600, "spam\x1b[2J")
        mod.mute(OP, "user:ben", "ben", None, "caps")
        mod.set_motd(OP, "hello")
    lines = [r.getMessage() for r in caplog.records]
    assert len(lines) == 3 and all(f"by {OP.label}" in line for line in lines)
    assert lines[0].startswith("moderation: ban key SHA256:k #1 1970-01-01 01:16 UTC") and lines[0].endswith(": spam[2J")
    assert "mute ben (user:ben) for good" in lines[1] and lines[2].endswith(": hello")
    assert all("\x1b" not in line for line in lines)

"""Bans, mutes and the MOTD with ``--redis``: an operator's change on one worker applies on every
worker at once, and a worker that starts later reads it (docs/moderation.md, "With --redis")."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from ahoy_tui.lobby.messages import ChatMessage, Notice
from ahoy_tui.moderation.console import OperatorConsole
from ahoy_tui.moderation.policy import Moderator
from ahoy_tui.cluster.hosted import ClusterHost
from ahoy_tui.moderation.sync import share
from ahoy_tui.store.moderation_redis import RedisModerationStore
from tests.cluster.workers import Workers
from tests.waiting import wait_until

OP_FP = "SHA256:" + "o" * 43
BO_FP = "SHA256:" + "b" * 43
BO = "key:" + BO_FP


class Session:
    """A running session as the console and ``ahoy_tui.moderation.sync`` see it."""

    def __init__(self, handle, address: str = "192.0.2.7") -> None:
        self.handle = handle
        self.info = SimpleNamespace(display_name=handle.name, lang="en")
        self.lang = "en"
        self.connection = SimpleNamespace(identity=handle.identity, address=address)
        self.ended: list[str] = []

    async def shutdown(self, message: str) -> None:
        self.ended.append(message)


@pytest.fixture
async def cluster(redis_server):
    """Two workers, each with its host (sessions, moderator) sharing moderation through Redis."""
    ws = await Workers(redis_server.url, 2).start()
    hosts = []
    for w in ws.all:
        host = SimpleNamespace(lobby=w, lobby_host=ClusterHost(w), sessions=set(), moderator=moderator(redis_server.url))
        w.core.chat_gate = host.moderator.chat_gate          # as AhoyServer does
        share(host, host.lobby_host)
        hosts.append(host)
    try:
        yield ws, hosts
    finally:
        await ws.close()
        for h in hosts:
            h.moderator.store.close()


def moderator(url: str) -> Moderator:
    return Moderator(RedisModerationStore(url), frozenset({OP_FP}), "configured MOTD")


async def op(host, line: str) -> tuple[str, int]:
    ans = await OperatorConsole(host, "key:" + OP_FP, "olga").answer(line)
    return ans.text, ans.status


async def test_a_ban_on_one_worker_ends_the_players_session_on_another_and_refuses_them_there(cluster):
    ws, (a, b) = cluster
    bo = Session(await ws.all[1].connect(BO, "bo"))
    b.sessions.add(bo)
    await ws.settle()
    text, status = await op(a, "ban key bo 2h cheating at cards")         # bo is online at B
    assert status == 0 and text.startswith(f"ban #1: key {BO_FP} ")
    await wait_until(lambda: bo.ended, what="bo's session on worker B to end")
    assert bo.ended[0].startswith("You are banned from this server until ") and "cheating at cards" in bo.ended[0]
    assert b.moderator.ban_for(BO_FP, "198.51.100.1") is not None      # a new connection at B is refused
    assert (await op(b, "bans"))[0] == (await op(a, "bans"))[0]
    text, _ = await op(b, "unban 1")
    assert text.startswith("ban #1 lifted")
    await wait_until(lambda: a.moderator.ban_for(BO_FP, "198.51.100.1") is None, what="A to hear the unban")
    assert (await op(a, "ban address 203.0.113.9 1d flood"))[0].startswith("ban #2:")   # never #1 again


async def test_a_mute_on_one_worker_silences_the_lobby_chat_said_on_another(cluster):
    ws, (a, b) = cluster
    anna = await ws.all[0].connect("user:anna", "anna")
    bo = await ws.all[1].connect(BO, "bo")
    heard, told = [], []
    anna.subscribe(heard.append)
    bo.subscribe(told.append)
    await ws.settle()
    text, status = await op(a, "mute bo 1h shouting")                    # bo is online at B
    assert status == 0 and text.startswith("muted bo in the lobby chat until")
    await wait_until(lambda: b.moderator.mute_of(BO) is not None, what="B to hear the mute")
    await ws.all[1].chat(bo, "lobby", "AAARGH")
    await ws.settle()
    assert not [m for m in heard if isinstance(m, ChatMessage) and m.text == "AAARGH"]
    assert [m for m in told if isinstance(m, Notice) and m.key == "muted"]
    assert (await op(a, f"unmute {BO_FP}"))[1] == 0
    await wait_until(lambda: b.moderator.mute_of(BO) is None, what="B to hear the unmute")
    await ws.all[1].chat(bo, "lobby", "sorry")
    await wait_until(lambda: [m for m in heard if isinstance(m, ChatMessage) and m.text == "sorry"],
                     what="anna on A to hear bo again")


async def test_the_motd_changes_everywhere_and_a_worker_started_later_reads_everything(cluster, redis_server):
    ws, (a, b) = cluster
    bo = Session(await ws.all[1].connect(BO, "bo"))
    got: list = []
    bo.handle.subscribe(got.append)
    b.sessions.add(bo)
    await op(a, "motd Fair winds, sailors")
    await wait_until(lambda: b.moderator.motd() == "Fair winds, sailors", what="B to hear the MOTD")
    assert [m.text for m in got if isinstance(m, Notice) and m.key == "motd"] == ["Fair winds, sailors"]
    await op(b, "ban address 203.0.113.9 1d flood")
    await op(b, f"mute {BO_FP} forever shouting")
    later = moderator(redis_server.url)
    try:
        assert later.motd() == "Fair winds, sailors"
        assert later.ban_for(None, "203.0.113.9").reason == "flood" and later.mute_of(BO) is not None
        assert [e.action for e in later.store.audit(10)] == ["motd", "ban", "mute"]
    finally:
        later.store.close()
    await op(b, "motd --clear")
    await wait_until(lambda: a.moderator.motd() == "configured MOTD", what="A to hear the MOTD cleared")


async def test_redis_down_when_an_operator_bans_is_one_clear_line_and_changes_nothing(cluster, redis_server):
    ws, (a, b) = cluster
    bo = Session(await ws.all[1].connect(BO, "bo"))
    b.sessions.add(bo)
    redis_server.stop()
    text, status = await op(a, f"ban key {BO_FP} 2h cheating")
    assert (text, status) == ("ahoy: the server could not save that (see its log); nothing changed.\n", 1)
    assert a.moderator.bans() == [] and a.moderator.ban_for(BO_FP, "") is None
    redis_server.start()
    await ws.settle()
    assert b.moderator.bans() == [] and not bo.ended
    kept = RedisModerationStore(redis_server.url)
    assert kept.bans(0.0) == [] and kept.audit(10) == []
    kept.close()
    text, status = await op(a, f"ban key {BO_FP} 2h cheating")
    assert status == 0 and text.startswith("ban #1: ")                 # no id was spent
    await wait_until(lambda: bo.ended, what="bo's session on B to end")


def test_a_change_heard_twice_is_applied_once(redis_server):
    """The bus may send a message again after Redis came back: the ban is listed once."""
    from ahoy_tui.moderation.policy import Actor

    a, b = moderator(redis_server.url), moderator(redis_server.url)
    told: list[dict] = []
    a.on_change = told.append
    try:
        ban = a.ban(Actor("key:" + OP_FP, "olga"), "address", "203.0.113.9", 3600.0, "flood")
        for _ in range(2):
            assert b.apply(told[0]) == ban
        assert b.bans() == [ban] == a.bans()
    finally:
        a.store.close()
        b.store.close()


async def online(ws, hosts, i: int, identity: str, name: str, address: str) -> Session:
    """A session of ``identity`` on worker ``i`` from ``address`` (told to the cluster, as the server does)."""
    session = Session(await ws.all[i].connect(identity, name), address)
    hosts[i].sessions.add(session)
    ws.all[i].set_address(session.handle, address)
    return session


async def test_a_ban_answer_counts_the_sessions_it_ends_on_every_worker(cluster):
    ws, (a, b) = cluster
    eve = await online(ws, (a, b), 1, "key:SHA256:" + "e" * 43, "eve", "198.51.100.5")
    crowd = [await online(ws, (a, b), i % 2, f"user:p{i}", f"p{i}", "192.0.2.50") for i in range(4)]
    ann = await online(ws, (a, b), 0, "user:ann", "ann", "203.0.113.4")
    await ws.settle()
    text, _ = await op(a, "ban key eve 30m spam")                           # eve is on B only
    assert text.endswith(" (0 sessions ended here, 1 ending on other workers)\n"), text
    text, _ = await op(a, "ban addr 192.0.2.50 1h flood")                    # two on A, two on B
    assert text.endswith(" (2 sessions ended here, 2 ending on other workers)\n"), text
    assert (await op(a, "ban addr ann 1h flood"))[0].endswith(" (1 session ended)\n")
    await wait_until(lambda: all(s.ended for s in [eve, ann, *crowd]), what="every banned session to end")


async def test_an_operator_kicks_and_bans_by_name_a_player_on_another_worker(cluster):
    ws, (a, b) = cluster
    tom = await online(ws, (a, b), 1, "user:tom", "tom", "192.0.2.9")
    await ws.settle()
    assert await op(a, "kick Tom rude") == ("kicked tom\n", 0)
    await wait_until(lambda: tom.ended, what="tom's session on B to end")
    assert tom.ended == ["An operator ended your session: rude"]
    assert [e.action for e in a.moderator.store.audit(10)] == ["kick"]
    text, status = await op(a, "ban addr tom 1h flood")
    assert status == 0 and text.startswith("ban #1: address 192.0.2.9 ")
    assert text.endswith(" (0 sessions ended here, 1 ending on other workers)\n")
    assert await op(a, "kick nobody") == ("ahoy: nobody called 'nobody' is online\n", 1)


ROBO_FP = "SHA256:" + "r" * 43


class BotSession(Session):
    """A bot API program's session: its connection is its key (``key:SHA256:...``), its seat in the
    lobby is a bot's (``bot:SHA256:...``, docs/bot-api.md)."""

    def __init__(self, handle, address: str = "192.0.2.8") -> None:
        super().__init__(handle, address)
        self.connection = SimpleNamespace(identity="key:" + handle.identity.removeprefix("bot:"), address=address)


async def test_an_operator_kicks_bans_and_mutes_a_bot_program_on_another_worker_by_its_name(cluster):
    """A fresh operator found (issue 27): ``kick robo`` answered "kicked robo" but the bot on the other
    worker played on; ``ban key robo`` said robo had no key; a ban by fingerprint did not count it."""
    ws, (a, b) = cluster
    robo = BotSession(await ws.all[1].connect("bot:" + ROBO_FP, "robo"))
    b.sessions.add(robo)
    robo.handle.subscribe(lambda msg: None)
    await ws.settle()
    text, status = await op(a, "mute robo 1h spam")
    assert status == 0
    await wait_until(lambda: b.moderator.chat_gate("bot:" + ROBO_FP) is not None, what="B to mute robo's chat")
    text, status = await op(a, "kick robo spam")
    assert (text.strip(), status) == ("kicked robo", 0)
    await wait_until(lambda: robo.ended, what="robo's session on B to end")
    assert robo.ended == ["An operator ended your session: spam"]
    text, status = await op(a, "ban key robo 1h spam")
    assert status == 0 and text.startswith(f"ban #1: key {ROBO_FP} until ") and "1 ending on other workers" in text

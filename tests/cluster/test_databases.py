"""Two clusters on two databases of one Redis server stay apart (docs/deploy.md, "One cluster per
Redis database"): pub/sub is global to a server, so every channel carries its database's number."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from ahoy_tui.lobby.messages import ChatMessage, Notice
from ahoy_tui.cluster.hosted import ClusterHost
from ahoy_tui.moderation.sync import share
from tests.cluster.test_shared_moderation import Session, moderator, op
from tests.cluster.workers import Workers
from tests.waiting import wait_until


@pytest.fixture
async def two_clusters(redis_server):
    """Cluster A (workers w0, w1) on database 0 and cluster B (the same worker ids) on database 1,
    each worker with its host sharing moderation."""
    clusters = []
    try:
        for url in (redis_server.url, redis_server.url + "?db=1"):
            ws = await Workers(url, 2).start()
            hosts = []
            for w in ws.all:
                host = SimpleNamespace(lobby=w, lobby_host=ClusterHost(w), sessions=set(), moderator=moderator(url))
                share(host, host.lobby_host)
                hosts.append(host)
            clusters.append((ws, hosts))
        yield clusters
    finally:
        for ws, hosts in clusters:
            await ws.close()
            for h in hosts:
                h.moderator.store.close()


def said(got: list, text: str) -> bool:
    return any(isinstance(m, ChatMessage) and m.text == text for m in got)


async def test_lobby_chat_stays_in_its_own_database(two_clusters):
    (a, _), (b, _) = two_clusters
    handles, heard = {}, {}
    for name, ws in (("anna", a), ("bo", b)):
        for i, w in enumerate(ws.all):
            heard[name, i] = []
            handles[name, i] = await w.connect(f"user:{name}{i}", f"{name}{i}")
            handles[name, i].subscribe(heard[name, i].append)
    await a.all[0].chat(handles["anna", 0], "lobby", "ahoy from database 0")
    await wait_until(lambda: said(heard["anna", 1], "ahoy from database 0"), what="A's other worker to hear A")
    await b.all[0].chat(handles["bo", 0], "lobby", "ahoy from database 1")   # B hears it after anything A sent
    await wait_until(lambda: said(heard["bo", 1], "ahoy from database 1"), what="B's other worker to hear B")
    assert not said(heard["bo", 0], "ahoy from database 0") and not said(heard["bo", 1], "ahoy from database 0")
    assert not said(heard["anna", 1], "ahoy from database 1")
    assert sorted(await b.all[1].online_names()) == ["bo0", "bo1"]


async def test_an_motd_set_in_one_database_is_not_shown_in_the_other(two_clusters):
    (_, (a0, a1)), (b, (b0, b1)) = two_clusters
    bo = await b.all[1].connect("user:bo", "bo")
    got: list = []
    bo.subscribe(got.append)
    b1.sessions.add(Session(bo))
    assert (await op(a0, "motd Fair winds on A"))[1] == 0
    await wait_until(lambda: a1.moderator.motd() == "Fair winds on A", what="A's other worker to hear its MOTD")
    assert (await op(b0, "motd Calm seas on B"))[1] == 0                # B hears it after anything A sent
    await wait_until(lambda: [m for m in got if isinstance(m, Notice) and m.key == "motd"],
                     what="bo on B to be shown B's MOTD")
    assert [m.text for m in got if isinstance(m, Notice) and m.key == "motd"] == ["Calm seas on B"]
    assert (a1.moderator.motd(), b1.moderator.motd()) == ("Fair winds on A", "Calm seas on B")

"""``ahoy-server --redis``: a ClusterLobby behind the SSH front door, and its limits across workers."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from ahoy_tui.cluster import retry
from ahoy_tui.lobby.gate import Gate, Limits
from ahoy_tui.plain.answers import answer
from ahoy_tui.cluster.hosted import ClusterHost
from server.main import main
from server.ssh import AhoyServer, ServerConfig


def front_door(tmp_path, worker, *sessions) -> AhoyServer:  # noqa: ANN001
    """The SSH front door of ``worker`` (not listening) with ``sessions`` running."""
    server = AhoyServer(ServerConfig(host_key_path=tmp_path / "host_key"), ClusterHost(worker))
    server.sessions.update(sessions)
    return server


@dataclass(eq=False)
class Stub:
    """A running session as ``AhoyServer`` sees it when another worker replaces it."""

    handle: Any
    replace: Callable[[str], None]


def test_redis_unreachable_at_start_is_one_clear_line(tmp_path, caplog, monkeypatch):
    monkeypatch.setattr(retry, "READY_WITHIN", 1.2)  # waited for Redis this long (one warning)
    status = main(["--redis", f"unix://{tmp_path}/no-redis.sock", "--port", "0", "--host", "127.0.0.1",
                   "--state-dir", str(tmp_path), "--no-store"])
    waited = [r.getMessage() for r in caplog.records if r.levelname == "WARNING"]
    lines = [r.getMessage() for r in caplog.records if r.levelname in ("ERROR", "CRITICAL")]
    assert status == 1
    assert len(waited) == 1 and "cannot be reached yet" in waited[0], waited
    assert len(lines) == 1 and f"redis unix://{tmp_path}/no-redis.sock" in lines[0], lines


async def test_sessions_on_other_workers_count_towards_the_per_address_limit(workers):
    w0, w1 = workers.all
    gate = Gate(Limits(max_sessions=100, per_address=2))
    at0, at1 = ClusterHost(w0).session_limits(gate), ClusterHost(w1).session_limits(gate)
    for who in ("user:anna", "user:bob"):
        assert (await at0.take("10.0.0.7", who))[0] is None
    assert (await at1.take("10.0.0.7", "user:cara"))[0] is not None
    assert (await at1.take("10.0.0.8", "user:cara"))[0] is None
    assert (await at1.take("10.0.0.7", "user:anna"))[0] is None


async def test_an_older_session_replaced_on_another_worker_is_ended_by_its_server(workers, tmp_path):
    w0, w1 = workers.all
    ended: list[str] = []
    old = await w0.connect("user:anna", "anna")
    session = Stub(handle=old, replace=ended.append)
    front_door(tmp_path, w0, session, Stub(handle=None, replace=ended.append))
    newer = await w1.connect("user:anna", "anna")
    newer.subscribe(lambda msg: None)
    await workers.settle()
    assert ended == ["anna"]


async def test_a_one_shot_command_on_another_worker_leaves_the_live_session_alone(workers, tmp_path):
    w0, w1 = workers.all
    ended: list[str] = []
    live = await w0.connect("user:bert", "bert")
    live.subscribe(lambda msg: None)
    front_door(tmp_path, w0, Stub(handle=live, replace=ended.append))
    for command in ("games", "record g1234"):
        await answer(command, w1, "ssh -p 2222 NAME@host", identity="user:bert", name="bert")
    await workers.settle()
    assert ended == []
    assert live in w0.sessions() and await w1.online_names() == ["bert"]

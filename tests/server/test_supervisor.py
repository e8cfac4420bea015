"""``ahoy-server --workers N --redis URL``: the options, the supervisor, and N real workers on one port."""

from __future__ import annotations


import logging
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import asyncssh
import pytest

from ahoy_tui.cluster import retry
from server.main import build_parser, config_from_args, main
from server.supervisor import Supervisor, check_port_free
from tests.waiting import wait_until

ROOT = Path(__file__).resolve().parents[2]


def test_more_than_one_worker_needs_redis_and_a_fixed_port(capsys):
    with pytest.raises(SystemExit) as e:
        main(["--workers", "2"])
    assert e.value.code == 2
    assert "--workers N > 1 needs --redis URL" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["--workers", "2", "--redis", "redis://x", "--port", "0"])
    cfg = config_from_args(build_parser().parse_args(["--redis", "unix:///r.sock", "--lease-ttl", "2"]))
    assert cfg.redis_url == "unix:///r.sock" and cfg.lease_ttl == 2.0 and not cfg.reuse_port


@pytest.mark.parametrize("workers", ["1", "2"])
def test_redis_unreachable_at_start_is_one_error_line_and_exit_1(tmp_path, caplog, workers, monkeypatch):
    monkeypatch.setattr(retry, "READY_WITHIN", 0.3)  # waited for Redis this long
    caplog.set_level(logging.ERROR)
    code = main(["--workers", workers, "--redis", f"unix://{tmp_path}/none.sock", "--port", "2931",
                 "--host", "127.0.0.1", "--state-dir", str(tmp_path)])
    assert code == 1
    errors = [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]
    assert len(errors) == 1 and "cannot start: redis" in errors[0] and "cannot connect" in errors[0]


def test_a_port_another_server_listens_on_is_one_error_line_and_exit_1(redis_server, tmp_path, caplog):
    """Workers listen with SO_REUSEPORT: a second cluster on a taken port must not start and split
    the players between two lobbies."""
    caplog.set_level(logging.ERROR)
    with socket.socket() as other:  # another server (it too may allow SO_REUSEPORT, as the workers do)
        other.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
        other.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        other.bind(("127.0.0.1", 0))
        other.listen()
        port = other.getsockname()[1]
        code = main(["--workers", "2", "--redis", redis_server.url, "--port", str(port),
                     "--host", "127.0.0.1", "--state-dir", str(tmp_path)])
    assert code == 1
    errors = [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]
    assert errors == [f"cannot start: port {port} is already in use on 127.0.0.1 (another ahoy-server?)"]


def test_a_port_a_stopped_server_left_connections_on_is_free_again():
    """A cluster stopped a moment ago leaves its closed connections in TIME_WAIT for up to a
    minute: starting it again at once must not be refused as 'already in use'."""
    with socket.socket() as server:
        server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        server.bind(("127.0.0.1", 0))
        server.listen()
        port = server.getsockname()[1]
        client = socket.create_connection(("127.0.0.1", port))
        accepted, _ = server.accept()
        accepted.close()  # the server closes first: its side waits in TIME_WAIT
        client.close()
    check_port_free("127.0.0.1", port)


def test_a_dead_worker_is_restarted_with_growing_pauses():
    sup = Supervisor([sys.executable, "-c", "import time; time.sleep(60)"], 2)
    try:
        sup.step()
        first, pause = sup.slots[0].proc, sup.slots[0].backoff
        first.kill()
        first.wait()
        sup.step()
        assert sup.slots[0].proc is None and sup.slots[0].backoff == 2 * pause
        deadline = time.monotonic() + 30
        while sup.slots[0].proc is None and time.monotonic() < deadline:
            sup.step()
            time.sleep(0.01)
        assert sup.slots[0].proc is not None and sup.slots[0].proc.pid != first.pid
        assert sup.slots[1].runs == 1
    finally:
        sup._stop_all()


def test_a_worker_whose_first_run_fails_stops_everything():
    sup = Supervisor([sys.executable, "-c", "raise SystemExit(1)"], 1)
    sup.step()
    sup.slots[0].proc.wait()
    sup.step()
    assert sup.stopping and sup.failed and sup.slots[0].exits == [1]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


async def answer(port: int) -> tuple[str, str]:
    """What ``ssh anna@... games`` prints, and the host key's fingerprint."""
    async with asyncssh.connect("127.0.0.1", port, username="anna", known_hosts=None, client_keys=None,
                                password="", agent_path=None, config=None) as conn:
        key = conn.get_server_host_key().get_fingerprint("sha256")
        return (await conn.run("games", check=False)).stdout, key


@pytest.mark.slow
async def test_two_workers_serve_one_port_and_a_killed_one_comes_back(redis_server, tmp_path):
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "server.main", "--workers", "2", "--redis", redis_server.url,
                             "--port", str(port), "--host", "127.0.0.1", "--state-dir", str(tmp_path),
                             "--lease-ttl", "1"], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, start_new_session=True)
    out: list[str] = []
    err: list[str] = []
    threading.Thread(target=lambda: out.extend(proc.stdout), daemon=True).start()
    threading.Thread(target=lambda: err.extend(proc.stderr), daemon=True).start()

    def listening() -> int:
        return sum("listening on" in line for line in err)
    try:
        def workers() -> list[int]:
            out = subprocess.run(["pgrep", "-P", str(proc.pid)], capture_output=True, text=True).stdout
            return [int(p) for p in out.split()]
        await wait_until(lambda: listening() == 2, timeout=60, what="two workers listening")
        # the first worker prints the banner just after it listens: killed before that (a loaded
        # machine), nobody would print it, as its replacement's run is not the first
        await wait_until(lambda: any("Players connect with" in line for line in out), timeout=30,
                         what="the banner")
        first = workers()
        got: list[tuple[str, str]] = []

        async def answered() -> bool:
            try:
                got.append(await answer(port))
            except OSError:
                return False  # not yet accepting
            return True
        await wait_until(answered, timeout=30, every=0.5, what="a worker to answer")
        text, key = got[0]
        assert "No finished games" in text
        os.kill(first[0], signal.SIGKILL)
        await wait_until(lambda: listening() == 3 and first[0] not in workers(), timeout=60,
                         what="the killed worker to be replaced and listening")
        for _ in range(6):  # connections land on either worker: every one answers, with the same host key
            assert await answer(port) == (text, key)
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=30)
    assert proc.returncode == 0
    await wait_until(lambda: sum("stopping: telling 0 players" in line for line in err) == 2, timeout=10,
                     what="both workers' stop lines read")
    await wait_until(lambda: proc.stdout.closed or any("stopped" in line for line in out), timeout=10,
                     what="the last line read")
    # Issue 24 (13): the host reads the start banner once, not once per worker (nor per restart).
    assert sum("Players connect with" in line for line in out) == 1, out
    assert sum("Ahoy server stopped" in line for line in out) == 1, out

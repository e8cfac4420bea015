"""``--metrics HOST:PORT`` (issue 29): a real server's ``/metrics``, parsed by prometheus_client's own parser,
moves when players log in, are refused, watch screens and a game is played to its end.

The in-process tests serve the metrics on the server's loop exactly as ``ahoy-server`` does
(``server.metrics.start_metrics``) and scrape them over HTTP on 127.0.0.1; the last one starts the
real command (``python -m server.main --metrics 127.0.0.1:0``) and reads the address from its banner.
"""

from __future__ import annotations

import asyncio
import re
import signal
import socket
import subprocess
import sys
import threading
from pathlib import Path

import asyncssh
import pytest
from harness import connect, start_server, wait_until
from prometheus_client.parser import text_string_to_metric_families

from ahoy_tui.hosting import apps as hosting
from ahoy_tui.lobby import Lobby, ManualClock, TableConfig, Timing
from ahoy_tui.ui.app import create_app
from server.metrics import metrics_address, start_metrics

ROOT = Path(__file__).resolve().parents[2]
Samples = dict[tuple[str, frozenset], float]


def parse(text: str) -> Samples:
    """Every sample of a scrape: ``(name, labels) -> value``, through the client library's parser."""
    return {(s.name, frozenset(s.labels.items())): s.value
            for family in text_string_to_metric_families(text) for s in family.samples}


def value(samples: Samples, name: str, **labels: str) -> float:
    return samples[(name, frozenset(labels.items()))]


async def http_get(port: int, path: str = "/metrics") -> tuple[str, str]:
    """``(status line, body)`` of one GET on 127.0.0.1:``port`` (on this loop: the server answers on it too)."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
    data = await reader.read()
    writer.close()
    head, _, body = data.decode().partition("\r\n\r\n")
    return head.split("\r\n")[0], body


async def scrape(port: int) -> Samples:
    status, body = await http_get(port)
    assert status == "HTTP/1.1 200 OK", status
    return parse(body)


async def test_metrics_move_when_players_log_in_watch_screens_and_a_game_is_played(tmp_path: Path) -> None:
    clock = ManualClock()
    lobby = Lobby(clock=clock, timing=Timing(bot_delay=(0.5, 1.0), between_hands=1.0), seed=7)
    server = await start_server(tmp_path, lobby, app_factory=create_app)
    metrics = await start_metrics(("127.0.0.1", 0), server)
    player = None
    try:
        before = await scrape(metrics.port)
        assert value(before, "ahoy_sessions", kind="screen") == 0
        for game in ("ahoy", "ahoi"):  # every registered game has its series before any of its tables exists
            assert value(before, "ahoy_tables", game=game, state="playing") == 0
            assert ("ahoy_game_actions_total", frozenset({("game", game)})) in before, game  # process-wide count
        for name in ("ahoy_screen_update_cpu_seconds", "ahoy_frame_cpu_seconds", "ahoy_event_loop_lag_seconds",
                     "ahoy_store_write_seconds"):
            assert (name + "_count", frozenset()) in before, name
        assert ("process_cpu_seconds_total", frozenset()) in before

        player = await connect(server.port, "anna", env={"LANG": "en_US.UTF-8"})
        await wait_until(lambda: "Tables" in player.text(), what="the lobby on anna's screen")
        seen = await scrape(metrics.port)
        assert value(seen, "ahoy_sessions", kind="screen") == 1
        assert value(seen, "ahoy_sessions_started_total", kind="screen") == value(
            before, "ahoy_sessions_started_total", kind="screen") + 1
        assert value(seen, "ahoy_logins_total", method="keyless") == value(
            before, "ahoy_logins_total", method="keyless") + 1
        assert value(seen, "ahoy_sent_bytes_total") >= value(before, "ahoy_sent_bytes_total") + len(player.raw)
        assert value(seen, "ahoy_frame_cpu_seconds_count") >= 1
        assert value(seen, "ahoy_screen_update_cpu_seconds_count") >= 1

        # A table of one person (on the autopilot) and a bot plays a whole game on the manual clock.
        host = lobby.connect("user:metrics-host", "skipper")
        tid = lobby.create_table(host, TableConfig.make(name="Metrics", seats=2, limit=20, clocks="untimed"))
        lobby.add_bot(host, tid, "random")
        lobby.start(host, tid)
        lobby.set_autopilot(host, tid, True)
        playing = await scrape(metrics.port)
        assert value(playing, "ahoy_tables", game="ahoy", state="playing") == 1
        assert value(playing, "ahoy_sessions", kind="bot") == 1
        table = lobby.tables[tid]
        for _ in range(5000):
            if table.status == "game_over":
                break
            assert clock.step(), "the table stopped before its game ended"
        assert table.status == "game_over"
        played = await scrape(metrics.port)
        assert value(played, "ahoy_game_actions_total", game="ahoy") > value(
            playing, "ahoy_game_actions_total", game="ahoy")
        assert value(played, "ahoy_games_finished_total", game="ahoy") == value(
            before, "ahoy_games_finished_total", game="ahoy") + 1
        assert value(played, "ahoy_tables", game="ahoy", state="game_over") == 1
        assert value(played, "ahoy_event_loop_lag_seconds_count") >= value(before, "ahoy_event_loop_lag_seconds_count")
        # Bounded labels: no player name or table id in any label value.
        labels = {v for (_, ls) in played for _, v in ls}
        assert not labels & {"anna", "skipper", tid, "user:metrics-host"}

        status, _ = await http_get(metrics.port, "/")
        assert status.startswith("HTTP/1.1 404")
    finally:
        if player is not None:
            await player.close()
        await metrics.stop()
        await server.stop()
    assert not hosting.FRAME_TIMER, "the frame timer is left installed after stop"


async def test_refusals_are_counted_by_reason(tmp_path: Path) -> None:
    server = await start_server(tmp_path, password="s3cret", max_failed_passwords=2)
    metrics = await start_metrics(("127.0.0.1", 0), server)
    try:
        for _ in range(2):
            with pytest.raises((asyncssh.PermissionDenied, asyncssh.DisconnectError)):
                await asyncssh.connect("127.0.0.1", server.port, username="mallory", password="wrong",
                                       known_hosts=None, client_keys=None, agent_path=None, config=None,
                                       preferred_auth="password")
        samples = await scrape(metrics.port)
        assert value(samples, "ahoy_refusals_total", reason="wrong_password") == 2
        assert value(samples, "ahoy_refusals_total", reason="password_limit") == 1
        assert value(samples, "ahoy_logins_total", method="keyless") == 0
    finally:
        await metrics.stop()
        await server.stop()


def test_a_metrics_address_is_host_colon_port() -> None:
    assert metrics_address("127.0.0.1:9464") == ("127.0.0.1", 9464)
    assert metrics_address("[::1]:0") == ("::1", 0)
    for bad in ("9464", "localhost", ":9464", "127.0.0.1:port", "127.0.0.1:70000"):
        with pytest.raises(ValueError):
            metrics_address(bad)


def test_the_real_command_serves_metrics_that_parse(tmp_path: Path) -> None:
    import urllib.request

    proc = subprocess.Popen(
        [sys.executable, "-m", "server.main", "--host", "127.0.0.1", "--port", "0", "--state-dir", str(tmp_path),
         "--metrics", "127.0.0.1:0"], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        lines = [proc.stdout.readline() for _ in range(4)]
        found = re.search(r"Metrics at http://127\.0\.0\.1:(\d+)/metrics", lines[3])
        assert found, lines
        with urllib.request.urlopen(f"http://127.0.0.1:{found[1]}/metrics", timeout=30) as answer:
            assert answer.headers["Content-Type"].startswith("text/plain")
            samples = parse(answer.read().decode())
        assert value(samples, "ahoy_sessions", kind="screen") == 0
        assert value(samples, "ahoy_store_queue_depth") >= 0
    finally:
        proc.terminate()
        _, errors = proc.communicate(timeout=60)
    assert proc.returncode == 0, errors


def _free_pair() -> int:
    """A port ``p`` with ``p`` and ``p + 1`` free on 127.0.0.1 (the two workers' metrics)."""
    for _ in range(50):
        with socket.socket() as first:
            first.bind(("127.0.0.1", 0))
            port = first.getsockname()[1]
            with socket.socket() as second:
                try:
                    second.bind(("127.0.0.1", port + 1))
                except OSError:
                    continue
        return port
    raise AssertionError("no two free ports in a row")


@pytest.mark.slow
async def test_with_workers_each_worker_serves_its_own_port_with_its_leases(redis_server, tmp_path: Path) -> None:
    """``--workers 2 --redis URL --metrics 127.0.0.1:M``: worker 0 on M, worker 1 on M + 1 (docs/deploy.md),
    each with its lease count, adoptions and Redis errors; the errors count once Redis is gone."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        ssh_port = s.getsockname()[1]
    base = _free_pair()
    proc = subprocess.Popen([sys.executable, "-m", "server.main", "--workers", "2", "--redis", redis_server.url,
                             "--port", str(ssh_port), "--host", "127.0.0.1", "--state-dir", str(tmp_path),
                             "--metrics", f"127.0.0.1:{base}", "--lease-ttl", "1"],
                            cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    lines: list[str] = []
    threading.Thread(target=lambda: lines.extend(proc.stderr), daemon=True).start()
    try:
        await wait_until(lambda: sum("metrics on http://127.0.0.1:" in line for line in lines) == 2, 60,
                         what="two workers serving metrics")
        served = sorted(int(re.search(r"metrics on http://127\.0\.0\.1:(\d+)", line)[1])
                        for line in lines if "metrics on" in line)
        assert served == [base, base + 1]
        for port in served:
            samples = await scrape(port)
            assert value(samples, "ahoy_leases") >= 1          # every worker keeps spare table ids leased
            assert value(samples, "ahoy_adoptions_total") == 0
            assert value(samples, "ahoy_redis_errors_total", where="store") == 0
            assert value(samples, "ahoy_redis_errors_total", where="leases") == 0
        redis_server.stop()                                   # Redis goes away: the renewals fail

        async def lease_errors() -> bool:
            return value(await scrape(base), "ahoy_redis_errors_total", where="leases") > 0
        await wait_until(lease_errors, 30, what="worker 0 to count failed lease renewals")
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(60)

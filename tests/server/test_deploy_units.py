"""The systemd units in deploy/ (issue 29): a dedicated user, a state directory, restarts, the hardening a
network daemon can take, command lines ``ahoy-server`` accepts, and ``systemd-analyze verify`` finds nothing."""

from __future__ import annotations

import shlex
import shutil
import subprocess
from pathlib import Path

import pytest

from server.main import build_parser

ROOT = Path(__file__).resolve().parents[2]
UNITS = sorted((ROOT / "deploy").glob("*.service"))
HARDENING = {"NoNewPrivileges": "yes", "ProtectSystem": "strict", "ProtectHome": "yes", "PrivateTmp": "yes",
             "PrivateDevices": "yes", "CapabilityBoundingSet": "", "RestrictNamespaces": "yes",
             "RestrictSUIDSGID": "yes", "ProtectKernelTunables": "yes", "ProtectKernelModules": "yes",
             "ProtectControlGroups": "yes", "LockPersonality": "yes"}


def parse_unit(path: Path) -> dict[str, dict[str, list[str]]]:
    """``section -> key -> values`` (a key may repeat, as systemd allows; configparser does not)."""
    sections: dict[str, dict[str, list[str]]] = {}
    current = None
    for line in path.read_text().splitlines():
        line = line.strip()
        if not line or line.startswith(("#", ";")):
            continue
        if line.startswith("["):
            current = sections.setdefault(line.strip("[]"), {})
            continue
        key, sep, value = line.partition("=")
        assert sep and current is not None, f"{path.name}: not KEY=VALUE: {line!r}"
        current.setdefault(key.strip(), []).append(value.strip())
    return sections


def test_there_is_a_single_process_unit_and_a_cluster_unit():
    assert [p.name for p in UNITS] == ["ahoy-server-cluster.service", "ahoy-server.service"]


@pytest.mark.parametrize("path", UNITS, ids=lambda p: p.name)
def test_a_unit_runs_a_hardened_dedicated_user_with_its_state_directory(path: Path):
    service = parse_unit(path)["Service"]
    one = {k: v[-1] for k, v in service.items()}
    assert one["User"] == "ahoy" and one["StateDirectory"] == "ahoy"
    assert one["Restart"] in ("on-failure", "always")
    for key, want in HARDENING.items():
        assert one.get(key) == want, f"{path.name}: {key}={one.get(key)!r}, want {want!r}"
    assert set(one["RestrictAddressFamilies"].split()) == {"AF_INET", "AF_INET6", "AF_UNIX"}
    for key in ("ExecStart", "ExecStartPre"):
        command = shlex.split(one[key])
        assert command[0].endswith("/ahoy-server")
        args = build_parser().parse_args(command[1:])   # every flag is one ahoy-server has
        if key == "ExecStart":
            assert args.state_dir == Path("/var/lib/ahoy") and args.config is not None
        else:
            assert args.check_config == Path("/etc/ahoy/ahoy-server.toml")


def test_the_cluster_unit_starts_after_redis_and_always_comes_back():
    unit = parse_unit(ROOT / "deploy" / "ahoy-server-cluster.service")
    assert "redis-server.service" in unit["Unit"]["After"][-1]
    assert unit["Service"]["Restart"] == ["always"] and unit["Service"]["KillMode"] == ["control-group"]


@pytest.mark.parametrize("path", UNITS, ids=lambda p: p.name)
def test_systemd_analyze_verify_finds_nothing(path: Path, tmp_path: Path):
    """``systemd-analyze verify`` checks the executables exist: the copy runs /bin/true in their place."""
    if shutil.which("systemd-analyze") is None:
        pytest.skip("systemd-analyze is not installed here (the key checks above still ran)")
    copy = tmp_path / path.name
    copy.write_text(path.read_text().replace("/opt/ahoy/bin/ahoy-server", "/bin/true"))
    done = subprocess.run(["systemd-analyze", "verify", str(copy)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and not (done.stdout + done.stderr).strip(), done.stdout + done.stderr

"""Reproducible installs: what `make run`/`make test` install is the lock, and a start is quiet.

The lock (``requirements.lock.txt``, written by ``make lock``) pins every
distribution, direct and transitive, with hashes. A host that starts
``ahoy-server`` reads its banner and nothing else: no warning lines from a
dependency (cryptography 51 made asyncssh 2.24.1 print ten at import).
"""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib
from importlib import metadata
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[2]
LOCK = ROOT / "requirements.lock.txt"
PIN = re.compile(r"^([A-Za-z0-9._-]+)==([^\s\\]+)")
START_TIMEOUT = 60.0
"""Seconds the server may take to print its banner on a loaded machine."""


def _pins() -> dict[str, str]:
    pins = {}
    lines = LOCK.read_text().splitlines()
    for number, line in enumerate(lines):
        found = PIN.match(line)
        if found:
            assert "--hash=sha256:" in lines[number + 1], f"{found[1]} is pinned without a hash"
            pins[canonicalize_name(found[1])] = found[2]
    return pins


def test_every_dependency_of_the_project_is_pinned_with_a_hash_in_the_lock():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    wanted = list(project["project"]["dependencies"]) + list(project["project"]["optional-dependencies"]["test"])
    wanted += project["build-system"]["requires"]
    pins = _pins()
    for text in wanted:
        requirement = Requirement(text)
        name = canonicalize_name(requirement.name)
        assert name in pins, f"{name} is in pyproject.toml but not in the lock: run `make lock`"
        assert requirement.specifier.contains(pins[name], prereleases=True), (
            f"the lock pins {name}=={pins[name]}, outside pyproject's {requirement.specifier}: run `make lock`")


def test_what_is_installed_is_what_the_lock_pins():
    for name, version in _pins().items():
        if name in {"pip", "setuptools", "wheel"}:
            continue
        assert metadata.version(name) == version, (
            f"{name} {metadata.version(name)} is installed, the lock pins {version} (make clean; make test)")


def test_a_server_start_prints_its_banner_and_no_warning(tmp_path):
    proc = subprocess.Popen(
        [sys.executable, "-m", "server.main", "--host", "127.0.0.1", "--port", "0", "--state-dir", str(tmp_path)],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        banner = proc.stdout.readline()
        assert "Ahoy server listening on 127.0.0.1:" in banner
    finally:
        proc.terminate()
        _, errors = proc.communicate(timeout=START_TIMEOUT)
    assert "Warning" not in errors and "warn" not in errors.lower(), errors

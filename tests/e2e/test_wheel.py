"""An installable package (issue 29): the wheel built from the repository, installed into a fresh venv outside
the checkout, gives working ``ahoy-server`` and ``ahoy`` commands with themes and styles, and a player reaches
the lobby over SSH.

Offline by design (CI has the package registry at most, and this needs not even that):

* the wheel is built from a copy of the sources with ``pip wheel --no-deps --no-build-isolation --no-index``,
  so the build backend is the project venv's setuptools (pinned in the lock, ``--all-build-deps``);
* the fresh venv is made ``--without-pip`` and sees the project venv's site-packages for the
  *dependencies* through one ``.pth`` line (a path in a ``.pth`` file is appended to ``sys.path``
  but its own ``.pth`` files are not run, so the project's editable install stays out);
* the wheel alone is installed into it by the project's pip (``pip --python VENV install --no-deps
  --no-index WHEEL``), and the commands run from a temporary directory with no ``PYTHONPATH``: ``ahoy_tui``
  and ``server`` come from the fresh venv, never from the checkout (asserted).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest
from harness import connect, wait_until

ROOT = Path(__file__).resolve().parents[2]
SKIP = shutil.ignore_patterns(".git", ".venv*", "build", "dist", "*.egg-info", "__pycache__", ".pytest_cache",
                              ".hypothesis", ".import_linter_cache", "tests", "bench", "state")
TIMEOUT = 300

pytestmark = pytest.mark.slow


def run(*command: str | Path, cwd: Path, env: dict[str, str]) -> str:
    done = subprocess.run([str(c) for c in command], cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=TIMEOUT)
    assert done.returncode == 0, f"{command}: {done.returncode}\n{done.stdout}\n{done.stderr}"
    return done.stdout


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh venv (outside the checkout) with only the built wheel installed; returns its ``bin``."""
    tmp = tmp_path_factory.mktemp("wheel")
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV")}
    source = tmp / "src"
    shutil.copytree(ROOT, source, ignore=SKIP)
    run(sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation", "--no-index",
        "-w", tmp / "dist", source, cwd=tmp, env=env)
    wheels = list((tmp / "dist").glob("ahoy_tui-*.whl"))
    assert len(wheels) == 1, wheels
    venv = tmp / "venv"
    run(sys.executable, "-m", "venv", "--without-pip", venv, cwd=tmp, env=env)
    python = venv / "bin" / "python"
    purelib = Path(run(python, "-c", "import sysconfig; print(sysconfig.get_path('purelib'))", cwd=tmp, env=env).strip())
    (purelib / "ahoy-deps.pth").write_text(sysconfig.get_path("purelib") + "\n")
    run(sys.executable, "-m", "pip", "--python", python, "install", "--quiet", "--no-deps", "--no-index", wheels[0],
        cwd=tmp, env=env)
    return venv / "bin"


def _clean_env() -> dict[str, str]:
    return {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV")}


def test_the_installed_package_has_its_themes_styles_and_rules_texts(installed: Path, tmp_path: Path) -> None:
    out = run(installed / "python", "-c",
              "import ahoy_tui, server, ahoy_tui.ui.ahoy_app as a, ahoy_tui.ui.themes as t, pathlib;"
              "print(ahoy_tui.__file__); print(server.__file__); print(t.THEMES_DIR); print(sorted(t.load_themes()));"
              "print(len(a.AhoyApp.CSS_PATH) > 1 and all((pathlib.Path(a.__file__).parent / p).is_file()"
              " for p in a.AhoyApp.CSS_PATH))",
              cwd=tmp_path, env=_clean_env())
    package, server_module, themes_dir, names, tcss = out.splitlines()
    for path in (package, server_module, themes_dir):
        assert not Path(path).resolve().is_relative_to(ROOT), f"{path} comes from the checkout"
        assert Path(path).resolve().is_relative_to(installed.parent.resolve()), path
    assert names == "['four-colour', 'high-contrast', 'monochrome', 'pirate']"
    assert tcss == "True"
    rules = run(installed / "ahoy", "--help", cwd=tmp_path, env=_clean_env())
    assert "simulate" in rules


async def test_the_installed_ahoy_server_serves_the_lobby_over_ssh(installed: Path, tmp_path: Path) -> None:
    proc = subprocess.Popen([str(installed / "ahoy-server"), "--host", "127.0.0.1", "--port", "0",
                             "--state-dir", str(tmp_path / "state")],
                            cwd=tmp_path, env=_clean_env(), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    player = None
    try:
        banner = proc.stdout.readline()
        found = re.search(r"listening on 127\.0\.0\.1:(\d+)", banner)
        assert found, banner + proc.stderr.read() if proc.poll() is not None else banner
        player = await connect(int(found[1]), "anna", env={"LANG": "en_US.UTF-8"})
        await wait_until(lambda: "Tables" in player.text() and "anna" in player.text(), 60,
                         what="the lobby on anna's screen")
        assert "AHOY!!" in player.text()
    finally:
        if player is not None:
            await player.close()
        proc.terminate()
        _, errors = proc.communicate(timeout=60)
    assert proc.returncode == 0, errors
    assert "Traceback" not in errors, errors


def test_themes_are_found_when_the_wheel_is_installed_under_another_prefix(installed: Path, tmp_path: Path) -> None:
    """``pip install --user`` or ``--prefix`` puts the themes under a data directory that is not
    ``sys.prefix``: the package finds them through its distribution's file list."""
    wheel = next((installed.parent.parent / "dist").glob("ahoy_tui-*.whl"))
    prefix = tmp_path / "prefix"
    run(sys.executable, "-m", "pip", "--python", installed / "python", "install", "--quiet", "--no-deps",
        "--no-index", "--ignore-installed", "--prefix", prefix, wheel, cwd=tmp_path, env=_clean_env())
    site = next(prefix.glob("lib/python3*/site-packages"))
    out = run(installed / "python", "-c", "import ahoy_tui.ui.themes as t; print(t.THEMES_DIR); print(len(t.load_themes()))",
              cwd=tmp_path, env={**_clean_env(), "PYTHONPATH": str(site)})
    themes_dir, count = out.splitlines()
    assert Path(themes_dir).resolve() == (prefix / "share" / "ahoy-tui" / "themes").resolve()
    assert count == "4"

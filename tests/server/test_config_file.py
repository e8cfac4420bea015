"""``ahoy-server --config FILE``: every flag has a key, flags win, bad files cost one line and status 2."""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib
from pathlib import Path

import asyncssh
import pytest

from server.config_file import FILE_ONLY_KEYS, flag_keys
from server.main import build_parser, config_from_args, main, parse_args

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "docs" / "ahoy-server.example.toml"


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "ahoy.toml"
    path.write_text(text)
    return path


def uncommented(text: str) -> str:
    """The example with its commented-out values (``# key = value``, ``    # "entry",``) in force."""
    return re.sub(r'^(\s*)# ([a-z-]+ = |")', r"\1\2", text, flags=re.M)


def _keys_in_example(uncomment: bool) -> dict:
    """The example's keys, with the commented-out ``# key = value`` lines too when ``uncomment``."""
    text = EXAMPLE.read_text()
    if uncomment:
        text = uncommented(text)
    return tomllib.loads(text)


def test_the_example_parses_and_names_every_flag():
    keys = set(_keys_in_example(uncomment=True))
    assert keys == set(flag_keys(build_parser())) | set(FILE_ONLY_KEYS)
    args, file = parse_args(["--config", str(EXAMPLE)])
    cfg = config_from_args(args, file)
    assert cfg.motd == "Welcome aboard! Be kind in the chat." and cfg.operators == frozenset()
    defaults = config_from_args(build_parser().parse_args([]))
    assert (cfg.port, cfg.max_sessions, cfg.max_sessions_per_address, cfg.max_connections_per_minute,
            cfg.max_failed_passwords) == (defaults.port, defaults.max_sessions, defaults.max_sessions_per_address,
                                          defaults.max_connections_per_minute, defaults.max_failed_passwords)


def test_every_commented_value_in_the_example_is_accepted(tmp_path):
    text = uncommented(EXAMPLE.read_text())
    args, file = parse_args(["--config", str(_write(tmp_path, text))])
    assert args.password == "s3cret" and args.state_dir == Path("/var/lib/ahoy")
    cfg = config_from_args(args, file)
    assert cfg.authorized_keys == Path("/etc/ahoy/authorized_keys")
    assert cfg.operators == {"SHA256:c4CIYzeaKbQ9+TTho92T2HG3h+BvsamIKbqS+JdHVRM"}   # one key, written both ways


def test_the_file_sets_options_and_flags_win(tmp_path):
    key = asyncssh.generate_private_key("ssh-ed25519")
    path = _write(tmp_path, f'port = 2400\nrequire-keys = true\nkeep-games-days = 7\nstate-dir = "{tmp_path}"\n'
                            f'operators = ["{key.export_public_key().decode().strip()} anna@laptop"]\n'
                            'motd = "Ahoy\\u001b[31m!"\n')
    cfg = config_from_args(*parse_args(["--config", str(path)]))
    assert (cfg.port, cfg.require_keys, cfg.keep_games_days) == (2400, True, 7.0)
    assert cfg.host_key_path == tmp_path / "host_ed25519_key"
    assert cfg.operators == frozenset({key.get_fingerprint("sha256")})
    cfg = config_from_args(*parse_args(["--config", str(path), "--port", "2401", "--no-store"]))
    assert cfg.port == 2401 and cfg.store_path is None and cfg.require_keys is True


@pytest.mark.parametrize(("text", "needle"), [
    ("port = ", "not valid TOML"),
    ("port = 2400\nport = 2401\n", "not valid TOML"),
    ("prot = 2400\n", "unknown key 'prot'"),
    ('port = "2400"\n', "port must be a whole number"),
    ("port = true\n", "port must be a whole number"),
    ('require-keys = "yes"\n', "require-keys must be true or false"),
    ('log-level = "LOUD"\n', "log-level must be one of"),
    ("config = \"x.toml\"\n", "unknown key 'config'"),
    ("operators = \"anna\"\n", "operators must be a list of strings"),
    ("operators = [\"anna\"]\n", "neither an SSH public key line nor a SHA256: fingerprint"),
    ("motd = 3\n", "motd must be a string"),
])
def test_a_bad_file_is_one_line_and_status_2(tmp_path, capsys, text, needle):
    path = _write(tmp_path, text)
    assert main(["--config", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and needle in err and err.startswith("ahoy-server: config")


def test_a_missing_or_binary_file_is_one_line_and_status_2(tmp_path, capsys):
    assert main(["--config", str(tmp_path / "nope.toml")]) == 2
    assert capsys.readouterr().err.count("\n") == 1
    (tmp_path / "bin.toml").write_bytes(b"motd = \"\xff\xfe\"\n")
    assert main(["--config", str(tmp_path / "bin.toml")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err


def test_the_real_command_exits_2_without_a_traceback(tmp_path):
    path = _write(tmp_path, "port = [1, 2]\n")
    run = subprocess.run([sys.executable, "-m", "server.main", "--config", str(path)], cwd=ROOT,
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 2
    assert run.stderr.strip().count("\n") == 0 and "port must be a whole number" in run.stderr

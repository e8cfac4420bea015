"""The ahoy-server command line."""

from __future__ import annotations

from pathlib import Path

from server.main import build_parser, config_from_args


def test_defaults_and_options(tmp_path):
    cfg = config_from_args(build_parser().parse_args([]))
    assert cfg.port == 2222 and cfg.host == "0.0.0.0"
    assert cfg.host_key_path.name == "host_ed25519_key"
    args = build_parser().parse_args(
        ["--host", "127.0.0.1", "--port", "0", "--state-dir", str(tmp_path), "--max-sessions", "3",
         "--authorized-keys", "ak", "--password", "pw", "--log-level", "DEBUG"]
    )
    cfg = config_from_args(args)
    assert cfg.host_key_path == tmp_path / "host_ed25519_key"
    assert cfg.max_sessions == 3 and cfg.authorized_keys == Path("ak") and cfg.password == "pw"
    cfg = config_from_args(build_parser().parse_args(["--host-key", str(tmp_path / "k")]))
    assert cfg.host_key_path == tmp_path / "k"
    assert cfg.frame_diff is True
    assert config_from_args(build_parser().parse_args(["--no-frame-diff"])).frame_diff is False


def test_app_option(tmp_path):
    import pytest

    cfg = config_from_args(build_parser().parse_args(["--app", "ahoy_tui.plain.answers:answer"]))
    from ahoy_tui.plain.answers import answer

    assert cfg.app_factory is answer
    with pytest.raises(SystemExit):
        config_from_args(build_parser().parse_args(["--app", "nonsense"]))

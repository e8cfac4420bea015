"""``ahoy-server --config FILE``: the server's settings in a TOML file (docs/moderation.md).

Every command-line flag of ``ahoy-server`` has a key: the flag's long name
without the leading ``--`` (``--max-sessions 20`` is ``max-sessions = 20``;
an on/off flag such as ``--require-keys`` is ``require-keys = true``). A
flag given on the command line overrides the file. The file also holds
what only a file can: ``operators`` (SSH keys allowed to moderate) and
``motd`` (the message of the day).

A file that cannot be used (missing, not TOML, an unknown key, a value of
the wrong type) raises :class:`ConfigError` with one line naming the file
and the key; ``ahoy-server`` prints it and exits with status 2.
"""

from __future__ import annotations

import argparse
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

FILE_ONLY_KEYS = ("operators", "motd")
"""Keys that have no command-line flag."""

NOT_IN_FILE = ("help", "config", "worker", "no_banner", "check_config", "backup")
"""Flags a file cannot set (``--config`` names the file itself; ``--worker`` and ``--no-banner`` are the
supervisor's, for its workers; ``--check-config`` and ``--backup`` are one-off commands)."""


class ConfigError(Exception):
    """The configuration file cannot be used; ``str(error)`` is one line for the host."""


@dataclass(frozen=True, slots=True)
class FileSettings:
    """What a configuration file holds.

    Attributes:
        flags: Per argparse ``dest`` (``max_sessions``), the value to use
            when the flag is not given on the command line.
        operators: Operator entries as written (OpenSSH public-key lines or
            ``SHA256:`` fingerprints); checked by ``ahoy_tui.moderation.operators``.
        motd: The message of the day as written ("" for none).
    """

    flags: dict[str, Any] = field(default_factory=dict)
    operators: tuple[str, ...] = ()
    motd: str = ""


def flag_keys(parser: argparse.ArgumentParser) -> dict[str, argparse.Action]:
    """Per file key (a flag's long name without ``--``), the flag's argparse action."""
    keys: dict[str, argparse.Action] = {}
    for action in parser._actions:
        longs = [o for o in action.option_strings if o.startswith("--")]
        if longs and action.dest not in NOT_IN_FILE:
            keys[longs[0][2:]] = action
    return keys


def _checked(key: str, value: Any, action: argparse.Action) -> Any:
    """``value`` as the flag would have it, or ConfigError naming ``key`` and the wanted type."""
    if isinstance(action, (argparse._StoreTrueAction, argparse._StoreFalseAction)):
        if not isinstance(value, bool):
            raise ConfigError(f"{key} must be true or false, not {value!r}")
        return value
    kind = action.type or str
    if kind not in (int, float, str, Path) and callable(kind):  # e.g. --metrics HOST:PORT
        if not isinstance(value, str):
            raise ConfigError(f"{key} must be a string, not {value!r}"[:200])
        try:
            return kind(value)
        except (ValueError, TypeError, argparse.ArgumentTypeError) as e:
            raise ConfigError(f"{key}: {e}"[:200]) from None
    if kind is int:
        ok = isinstance(value, int) and not isinstance(value, bool)
    elif kind is float:
        ok = isinstance(value, (int, float)) and not isinstance(value, bool)
    else:
        ok = isinstance(value, str)
    if not ok:
        wanted = {int: "a whole number", float: "a number"}.get(kind, "a string")  # type: ignore[call-overload]
        raise ConfigError(f"{key} must be {wanted}, not {value!r}"[:200])
    if action.choices is not None and value not in action.choices:
        raise ConfigError(f"{key} must be one of {', '.join(map(str, action.choices))}, not {value!r}"[:200])
    return float(value) if kind is float else Path(value) if kind is Path else value


def _string_list(key: str, value: Any) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ConfigError(f"{key} must be a list of strings")
    return tuple(value)


def read_config(path: Path, parser: argparse.ArgumentParser) -> FileSettings:
    """Read and check the TOML file at ``path`` against ``parser``'s flags.

    Args:
        path: The file (UTF-8 TOML).
        parser: ``ahoy-server``'s parser (``server.main.build_parser``).

    Returns:
        The settings it holds (flags by argparse ``dest``).

    Raises:
        ConfigError: unreadable file, TOML syntax error (with line and
            column), unknown key, or a value of the wrong type.
    """
    data = _load(path)
    try:
        return _settings(data, flag_keys(parser))
    except ConfigError as e:
        raise ConfigError(f"config {path}: {e}") from None


def _load(path: Path) -> dict[str, Any]:
    """The parsed TOML at ``path`` (ConfigError: unreadable, or not TOML, with line and column)."""
    try:
        with open(path, "rb") as f:
            return tomllib.load(f)
    except OSError as e:
        raise ConfigError(f"config {path}: cannot read it ({e.strerror or e})") from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as e:
        raise ConfigError(f"config {path}: not valid TOML: {e}") from None


def config_problems(path: Path, parser: argparse.ArgumentParser) -> list[str]:
    """Every problem :func:`read_config` would find in the file, one line each, in the file's order
    (``ahoy-server --check-config FILE``); ``[]`` when it can be used.

    An unreadable or non-TOML file is one problem; otherwise each key is checked on its own,
    so a file with two bad keys gives two lines.
    """
    try:
        data = _load(path)
    except ConfigError as e:
        return [str(e)]
    keys = flag_keys(parser)
    problems = []
    for key, value in data.items():
        try:
            _settings({key: value}, keys)
        except ConfigError as e:
            problems.append(f"config {path}: {e}")
    return problems


def _settings(data: dict[str, Any], keys: dict[str, argparse.Action]) -> FileSettings:
    """The checked settings of a parsed file (ConfigError: one line naming the key)."""
    flags: dict[str, Any] = {}
    operators: tuple[str, ...] = ()
    motd = ""
    for key, value in data.items():
        if key == "operators":
            operators = _string_list(key, value)
        elif key == "motd":
            if not isinstance(value, str):
                raise ConfigError(f"motd must be a string, not {type(value).__name__}")
            motd = value
        elif key in keys:
            flags[keys[key].dest] = _checked(key, value, keys[key])
        else:
            raise ConfigError(f"unknown key {key[:60]!r} (keys are the flags without --, "
                              f"and {', '.join(FILE_ONLY_KEYS)})")
    return FileSettings(flags, operators, motd)

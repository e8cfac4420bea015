"""``ahoy-server``: the command that runs the SSH front door.

Prints the address, the host key's SHA256 fingerprint and the line players
type, then serves until SIGINT/SIGTERM, when every player is told the server
is going down and connections are closed.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import signal
import sys
from pathlib import Path

from ahoy_tui.logsafe import SafeFormatter
from ahoy_tui.moderation.operators import OperatorError, operator_fingerprints
from server.app_factory import load_app_factory
from server.config_file import ConfigError, FileSettings, config_problems, read_config
from server.hostkey import default_state_dir
from server.durable import DB_NAME, KEEP_GAMES, KEEP_GAMES_DAYS
from ahoy_tui.cluster.lease import DEFAULT_TTL
from ahoy_tui.lobby.search_pool import start_forkserver
from ahoy_tui.store.base import StoreError
from server.metrics import Metrics, metrics_address
from server.runtime import Runtime
from server.ssh import AhoyServer, ServerConfig
from server.supervisor import stop_when_supervisor_ends, supervise

log = logging.getLogger("ahoy.server")


def build_parser() -> argparse.ArgumentParser:
    """The command-line options of ``ahoy-server``."""
    p = argparse.ArgumentParser(prog="ahoy-server", description="Serve AHOY!! over SSH.")
    p.add_argument("--host", default="0.0.0.0", help="address to listen on (default: all interfaces)")
    p.add_argument("--port", type=int, default=2222, help="TCP port (default: 2222)")
    p.add_argument("--state-dir", type=Path, default=None, help=f"state directory (default: {default_state_dir()})")
    p.add_argument("--host-key", type=Path, default=None, help="host key file (default: STATE_DIR/host_ed25519_key)")
    d = ServerConfig()
    p.add_argument("--max-sessions", type=int, default=d.max_sessions,
                   help=f"interactive sessions at once, 0: no limit (default: {d.max_sessions})")
    p.add_argument("--max-sessions-per-address", type=int, default=d.max_sessions_per_address,
                   help=f"sessions from one IP (IPv6: /64) at once (default: {d.max_sessions_per_address})")
    p.add_argument("--max-connections-per-minute", type=int, default=d.max_connections_per_minute,
                   help=f"new connections one IP may open per minute (default: {d.max_connections_per_minute})")
    p.add_argument("--max-failed-passwords", type=int, default=d.max_failed_passwords,
                   help=f"failed passwords one IP may give in {int(d.failed_password_window) // 60} min "
                        f"before it is refused (default: {d.max_failed_passwords})")
    p.add_argument("--log-level", default="INFO", choices=["DEBUG", "INFO", "WARNING", "ERROR"])
    p.add_argument("--authorized-keys", type=Path, default=None, help="only these public keys may log in")
    p.add_argument("--password", default=None, help="keyless logins must give this shared password")
    p.add_argument("--require-keys", action="store_true",
                   help="refuse logins without an SSH key (a keyless name is only a nickname)")
    p.add_argument("--no-frame-diff", action="store_true",
                   help="send Textual's own frames instead of only the changed cells")
    p.add_argument("--no-store", action="store_true",
                   help=f"keep tables and finished games in memory only (default: STATE_DIR/{DB_NAME})")
    p.add_argument("--keep-games-days", type=float, default=KEEP_GAMES_DAYS,
                   help=f"days finished games stay in the archive (default: {KEEP_GAMES_DAYS:g})")
    p.add_argument("--keep-games", type=int, default=KEEP_GAMES,
                   help=f"most finished games kept, the newest (default: {KEEP_GAMES})")
    p.add_argument("--workers", type=int, default=1,
                   help="worker processes sharing the port (SO_REUSEPORT); more than 1 needs --redis (default: 1)")
    p.add_argument("--redis", default=None, metavar="URL",
                   help="join the workers on this Redis (redis://host:6379/0, unix:///path): tables, "
                        "chat and finished games live there instead of STATE_DIR (docs/deploy.md)")
    p.add_argument("--lease-ttl", type=float, default=DEFAULT_TTL,
                   help=f"seconds a dead worker's tables wait before another takes them (default: {DEFAULT_TTL:g})")
    p.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    # A worker that does not print the start banner (the supervisor's workers but the first).
    p.add_argument("--no-banner", action="store_true", help=argparse.SUPPRESS)
    p.add_argument("--app", default=None, metavar="MODULE:FUNC",
                   help="host another create_app(session, lobby[, handle]) (default: ahoy_tui.ui.app:create_app)")
    p.add_argument("--metrics", type=metrics_address, default=None, metavar="HOST:PORT",
                   help="serve Prometheus metrics at http://HOST:PORT/metrics (with --workers N: worker i "
                        "on PORT + i; docs/deploy.md) (default: off)")
    p.add_argument("--check-config", type=Path, default=None, metavar="FILE",
                   help="check a configuration file, print one line per problem, exit 0 (fine) or 2")
    p.add_argument("--backup", type=Path, default=None, metavar="DEST",
                   help="copy STATE_DIR's database to DEST while the server runs (SQLite's online backup), then exit")
    p.add_argument("--config", type=Path, default=None, metavar="FILE",
                   help="TOML file with any of these options, operators and motd; flags given here "
                        "override it (docs/moderation.md)")
    return p


def parse_args(argv: list[str] | None) -> tuple[argparse.Namespace, FileSettings]:
    """The options: those of ``--config FILE`` (when given), overridden by the flags in ``argv``.

    Raises:
        ConfigError: the file cannot be used (one line).
        SystemExit: bad flags (argparse's message, status 2).
    """
    parser = build_parser()
    first, _ = parser.parse_known_args(argv)
    file = read_config(first.config, parser) if first.config is not None else FileSettings()
    parser.set_defaults(**file.flags)
    return parser.parse_args(argv), file


def _operators(file: FileSettings) -> frozenset[str]:
    try:
        return operator_fingerprints(file.operators)
    except OperatorError as error:
        raise ConfigError(f"config: {error}") from None


def config_from_args(args: argparse.Namespace, file: FileSettings | None = None) -> ServerConfig:
    """Turn parsed options (and a configuration file's operators and MOTD) into a :class:`ServerConfig`."""
    file = file or FileSettings()
    state_dir = args.state_dir or default_state_dir()
    extra = {"app_factory": load_app_factory(args.app)} if args.app else {}
    return ServerConfig(
        host=args.host,
        port=args.port,
        host_key_path=args.host_key or state_dir / "host_ed25519_key",
        max_sessions=args.max_sessions,
        max_sessions_per_address=args.max_sessions_per_address,
        max_connections_per_minute=args.max_connections_per_minute,
        max_failed_passwords=args.max_failed_passwords,
        authorized_keys=args.authorized_keys,
        password=args.password,
        require_keys=args.require_keys,
        frame_diff=not args.no_frame_diff,
        store_path=None if args.no_store else state_dir / DB_NAME,
        keep_games_days=args.keep_games_days,
        keep_games=args.keep_games,
        operators=_operators(file),
        motd=file.motd,
        redis_url=args.redis,
        lease_ttl=args.lease_ttl,
        reuse_port=args.worker,
        workers=args.workers,
        metrics=args.metrics,
        **extra,
    )


def banner(server: AhoyServer, metrics: Metrics | None = None) -> str:
    """What the server prints once it listens (and where its metrics are, with ``--metrics``)."""
    cfg = server.config
    shown_host = cfg.host if cfg.host not in ("", "0.0.0.0", "::") else "HOST"
    text = (
        f"Ahoy server listening on {cfg.host or '*'}:{server.port}\n"
        f"Host key {server.host_key_fingerprint} ({cfg.host_key_path})\n"
        f"Players connect with:  ssh -p {server.port} NAME@{shown_host}\n"
    )
    if metrics is not None and cfg.metrics is not None:
        text += f"Metrics at http://{cfg.metrics[0]}:{metrics.port}/metrics\n"
    return text


async def serve(config: ServerConfig, banner_shown: bool = True, stop_line: bool = True) -> None:
    """Run a server until SIGINT or SIGTERM, then stop it politely.

    ``banner_shown``: print the :func:`banner` once listening (``--workers N``:
    only the first worker's first run does, so the host reads it once);
    ``stop_line``: print "Ahoy server stopped." at the end (a worker does
    not: its supervisor says it once all workers stopped).

    Tables are rebuilt from the store first; on the way down the lobby is
    frozen before players are told, so every table resumes after a restart
    as it was, and the store writes what it holds before the process ends.
    The bots' search pool's forkserver starts first, off the loop's time (it
    holds no socket of the server and ends with it: ``search_pool``). A worker
    under ``--workers`` also stops when its supervisor ends, even killed hard.
    """
    stop = asyncio.Event()
    stop_when_supervisor_ends(stop.set)         # a worker of a supervisor killed hard (docs/deploy.md)
    start_forkserver()
    runtime = Runtime(config)
    await runtime.start()
    assert runtime.server is not None
    if banner_shown:
        sys.stdout.write(banner(runtime.server, runtime.metrics))
        sys.stdout.flush()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    await stop.wait()
    await runtime.stop()
    if stop_line:
        sys.stdout.write("Ahoy server stopped.\n")
        sys.stdout.flush()


def check_config(path: Path) -> list[str]:
    """``ahoy-server --check-config FILE``: every problem of the file, one line each ([] when fine).

    What ``--config FILE`` would refuse (unreadable, not TOML, unknown keys, values of the wrong
    type, each key on its own), then what ``ahoy-server`` would refuse of the settings together:
    operators that are not keys, ``workers`` above 1 without ``redis`` or with port 0.
    """
    parser = build_parser()
    problems = config_problems(path, parser)
    if problems:
        return problems
    file = read_config(path, parser)
    try:
        _operators(file)
    except ConfigError as error:
        problems.append(f"config {path}: {str(error).removeprefix('config: ')}")
    flags = file.flags
    if flags.get("workers", 1) < 1:
        problems.append(f"config {path}: workers must be at least 1")
    if flags.get("workers", 1) > 1 and not flags.get("redis"):
        problems.append(f"config {path}: workers above 1 needs redis (the workers share tables through Redis)")
    if flags.get("workers", 1) > 1 and flags.get("port", 2222) == 0:
        problems.append(f"config {path}: workers above 1 needs a fixed port (the workers share it)")
    return problems


def backup(state_dir: Path, dest: Path) -> str:
    """Copy ``STATE_DIR/ahoy.db`` to ``dest`` with SQLite's online backup (safe while the server
    writes it: the copy is one consistent moment), through ``DEST.part`` renamed at the end.

    Returns:
        The line to print.

    Raises:
        OSError, sqlite3.Error: the database cannot be read or ``dest`` written.
    """
    import sqlite3

    source_path = state_dir / DB_NAME
    if not source_path.is_file():
        raise OSError(f"no database at {source_path} (--state-dir?)")
    part = dest.with_name(dest.name + ".part")
    source = sqlite3.connect(f"{source_path.resolve().as_uri()}?mode=ro", uri=True, timeout=30)
    try:
        target = sqlite3.connect(part)
        try:
            source.backup(target)
        finally:
            target.close()
    finally:
        source.close()
    os.replace(part, dest)
    return f"backed up {source_path} to {dest} ({dest.stat().st_size} bytes)"


def main(argv: list[str] | None = None) -> int:
    """Entry point of the ``ahoy-server`` console script.

    Returns:
        Process exit status: 0 after a clean stop, 2 for bad options,
        1 when the server cannot start (port taken, unreadable key, Redis unreachable).
        ``--check-config FILE``: 0 when the file is fine, 2 otherwise (one line per problem).
        ``--backup DEST``: 0 once written, 1 when it could not be.
    """
    check = build_parser().parse_known_args(argv)[0].check_config
    if check is not None:
        problems = check_config(check)
        for line in problems:
            sys.stdout.write(f"{line}\n")
        if not problems:
            sys.stdout.write(f"config {check}: fine\n")
        return 2 if problems else 0
    try:
        args, file = parse_args(argv)
    except ConfigError as error:
        sys.stderr.write(f"ahoy-server: {error}\n")
        return 2
    if args.backup is not None:
        import sqlite3

        try:
            sys.stdout.write(backup(args.state_dir or default_state_dir(), args.backup) + "\n")
        except (OSError, sqlite3.Error) as error:
            sys.stderr.write(f"ahoy-server: backup failed: {error}\n")
            return 1
        return 0
    if args.workers < 1:
        build_parser().error("--workers must be at least 1")
    if args.workers > 1 and not args.redis:
        build_parser().error("--workers N > 1 needs --redis URL: the workers share tables through Redis")
    if args.workers > 1 and args.port == 0:
        build_parser().error("--workers N > 1 needs a fixed --port (the workers share it)")
    handler = logging.StreamHandler(sys.stderr)
    # A worker's lines name it by pid (its cluster id is "{hostname}-{pid}-{hex}"): several share one log.
    who = f"worker {os.getpid()} " if args.worker else ""
    handler.setFormatter(SafeFormatter(f"%(asctime)s %(levelname)s {who}%(name)s: %(message)s"))
    logging.basicConfig(level=getattr(logging, args.log_level), handlers=[handler])
    logging.getLogger("asyncssh").setLevel(max(logging.WARNING, logging.getLogger().level))
    if args.workers > 1 and not args.worker:
        state_dir = args.state_dir or default_state_dir()
        return supervise(list(sys.argv[1:] if argv is None else argv), args.workers,
                         args.host_key or state_dir / "host_ed25519_key", args.redis, args.host, args.port)
    try:
        config = config_from_args(args, file)
    except ConfigError as error:
        sys.stderr.write(f"ahoy-server: {error}\n")
        return 2
    try:
        asyncio.run(serve(config, banner_shown=not args.no_banner, stop_line=not args.worker))
    except (OSError, StoreError) as error:
        log.error("cannot start: %s", error)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

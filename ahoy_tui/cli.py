"""The ``ahoy`` command: ``simulate``, ``replay``, ``play`` (README; issue 2).

Exit status: 0 on success, 2 for bad arguments or an invalid record
(RECORDS.md, "Replaying").
"""

from __future__ import annotations

import argparse
import sys
from typing import Sequence

from ahoy_tui.games import registry
from ahoy_tui.games.kit.cli import whole


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # exit 2 with one clear line
        self.print_usage(sys.stderr)
        print(f"ahoy: error: {message}", file=sys.stderr)
        raise SystemExit(2)


def _players(text: str) -> int:
    """Any seat count some game of the command takes (the chosen game's range is checked after parsing)."""
    games = registry.cli_games()
    return whole(text, "players", min(g.min_seats for g in games), max(g.max_seats for g in games))


def _positive(text: str) -> int:
    return whole(text, "the count", 1)


def _seed(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"seed must be a whole number, not {text!r}") from None


def _bots(text: str) -> list[str]:
    """Bot kinds some game of the command has, in registry order (the chosen game's are checked after parsing)."""
    known = list(dict.fromkeys(k for g in registry.cli_games() for k in g.bot_kinds))
    kinds = [k.strip() for k in text.split(",") if k.strip()]
    bad = [k for k in kinds if k not in known]
    if not kinds or bad:
        raise argparse.ArgumentTypeError(f"bots must be a comma list of {', '.join(known)}; got {text!r}")
    return kinds


def build_parser() -> argparse.ArgumentParser:
    """The ``ahoy`` command's parser; the games, their flags and bot kinds come from ``games.registry``."""
    games = registry.cli_games()
    default = registry.get(registry.DEFAULT_GAME)
    p = _Parser(prog="ahoy", description="AHOY!! V2, the pirate card game.")
    sub = p.add_subparsers(dest="command", required=True, parser_class=_Parser)
    s = sub.add_parser("simulate", help="play whole games between bots and print statistics")
    s.add_argument("--players", type=_players, default=4)
    s.add_argument("--games", type=_positive, default=10)
    s.add_argument("--seed", type=_seed, default=1)
    s.add_argument("--bots", type=_bots, default=["baseline"], help="comma list, cycled over seats")
    registry.game_cli(default).add_arguments(s)  # the default game's own flags first, then the others'
    s.add_argument("--records", metavar="DIR", help="write each game's record here")
    s.add_argument("--json", action="store_true", help="print one JSON object")
    s.add_argument("--game", choices=tuple(g.name for g in games), default=default.name,
                   help=" or ".join(g.title + (" (default)" if g is default else "") for g in games))
    for game in games:
        if game is not default:
            registry.game_cli(game).add_arguments(s)
    r = sub.add_parser("replay", help="check a game record against the rules")
    r.add_argument("file")
    r.add_argument("--json", action="store_true")
    pl = sub.add_parser("play", help="play in this terminal against bots (no SSH)")
    pl.add_argument("--players", type=_players, default=4)
    pl.add_argument("--bots", type=_bots, default=["baseline"])
    pl.add_argument("--name", default="you")
    registry.game_cli(default).add_arguments(pl)
    pl.add_argument("--bot-pace", choices=("relaxed", "normal", "fast"), default="normal",
                    help="how long the bots think before each move (default normal: 0.8-1.6 s; fast: 0.2-0.4 s)")
    return p


def cmd_simulate(args: argparse.Namespace) -> int:
    """``ahoy simulate [--game NAME]``: the game's own simulator (``GameSpec.cli``), after checking its
    seat range and bot kinds (exit 2 naming them)."""
    spec = registry.get(args.game)
    bad = [k for k in args.bots if k not in spec.bot_kinds]
    if bad or not spec.min_seats <= args.players <= spec.max_seats:
        print(f"ahoy: error: {spec.title} takes {spec.min_seats} to {spec.max_seats} players and the bots "
              f"{', '.join(spec.bot_kinds)}", file=sys.stderr)
        return 2
    print(registry.game_cli(spec).simulate(args))
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    """``ahoy replay FILE [--json]``: the record's game (its header, ``registry.record_game``) checks it."""
    try:
        with open(args.file, encoding="utf-8") as f:
            text = f.read()
    except (OSError, UnicodeDecodeError) as exc:
        print(f"ahoy: cannot read {args.file}: {exc}", file=sys.stderr)
        return 2
    status, out = registry.game_cli(registry.record_game(text)).replay(text, args.json)
    print(out)
    return status


def cmd_play(args: argparse.Namespace) -> int:
    try:
        from ahoy_tui.ui.local import run_local
    except ImportError as exc:
        print(f"ahoy: the local game is not available: {exc}", file=sys.stderr)
        return 2
    return run_local(args.players, args.bots, args.name, args.limit, bot_pace=args.bot_pace)


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    handler = {"simulate": cmd_simulate, "replay": cmd_replay, "play": cmd_play}[args.command]
    return handler(args)


if __name__ == "__main__":
    raise SystemExit(main())


def _entry() -> None:
    """Console-script entry: exit with ``main``'s status."""
    raise SystemExit(main())

"""The ``ahoy`` command: ``simulate``, ``replay``, ``play`` (README; issue 2).

Exit status: 0 on success, 2 for bad arguments or an invalid record
(RECORDS.md, "Replaying").
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Sequence

from ahoy_tui.games.ahoy.bots import BOT_KINDS
from ahoy_tui.games.ahoy.state import LIMIT_PRESETS


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # exit 2 with one clear line
        self.print_usage(sys.stderr)
        print(f"ahoy: error: {message}", file=sys.stderr)
        raise SystemExit(2)


def _whole(text: str, what: str, low: int, high: int | None = None) -> int:
    """``text`` as a whole number in ``low..high`` (no upper bound when None), else a usage error."""
    try:
        value = int(text)
    except ValueError:
        value = None
    if value is None or value < low or (high is not None and value > high):
        span = f"from {low} to {high}" if high is not None else f"≥ {low}"
        raise argparse.ArgumentTypeError(f"{what} must be a whole number {span}, not {text!r}")
    return value


def _limit(text: str) -> int:
    if text in LIMIT_PRESETS:
        return LIMIT_PRESETS[text]
    return _whole(text, "limit", 20, 1000)


def _players(text: str) -> int:
    return _whole(text, "players", 2, 8)


def _positive(text: str) -> int:
    return _whole(text, "the count", 1)


def _seed(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"seed must be a whole number, not {text!r}") from None


def _bots(text: str) -> list[str]:
    kinds = [k.strip() for k in text.split(",") if k.strip()]
    bad = [k for k in kinds if k not in BOT_KINDS]
    if not kinds or bad:
        raise argparse.ArgumentTypeError(f"bots must be a comma list of {', '.join(BOT_KINDS)}; got {text!r}")
    return kinds


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="ahoy", description="AHOY!! V2, the pirate card game.")
    sub = p.add_subparsers(dest="command", required=True, parser_class=_Parser)
    s = sub.add_parser("simulate", help="play whole games between bots and print statistics")
    s.add_argument("--players", type=_players, default=4)
    s.add_argument("--games", type=_positive, default=10)
    s.add_argument("--seed", type=_seed, default=1)
    s.add_argument("--bots", type=_bots, default=["baseline"], help="comma list, cycled over seats")
    s.add_argument("--limit", type=_limit, default=100)
    s.add_argument("--records", metavar="DIR", help="write each game's record here")
    s.add_argument("--json", action="store_true", help="print one JSON object")
    s.add_argument("--game", choices=("ahoy", "ahoi"), default="ahoy", help="AHOY!! V2 (default) or Ahoi")
    s.add_argument("--memory-aid", action="store_true", help="Ahoi: the AH15 memory aid")
    r = sub.add_parser("replay", help="check a game record against the rules")
    r.add_argument("file")
    r.add_argument("--json", action="store_true")
    pl = sub.add_parser("play", help="play in this terminal against bots (no SSH)")
    pl.add_argument("--players", type=_players, default=4)
    pl.add_argument("--bots", type=_bots, default=["baseline"])
    pl.add_argument("--name", default="you")
    pl.add_argument("--limit", type=_limit, default=100)
    pl.add_argument("--bot-pace", choices=("relaxed", "normal", "fast"), default="normal",
                    help="how long the bots think before each move (default normal: 0.8-1.6 s; fast: 0.2-0.4 s)")
    return p


def cmd_simulate(args: argparse.Namespace) -> int:
    from ahoy_tui.games.ahoy.simulate import format_stats, simulate, to_json

    if args.game == "ahoi":
        return _simulate_ahoi(args)
    stats = simulate(args.players, args.games, args.seed, args.bots, limit=args.limit,
                     records_dir=args.records)
    print(to_json(stats) if args.json else format_stats(stats))
    return 0


def _simulate_ahoi(args: argparse.Namespace) -> int:
    """``ahoy simulate --game ahoi``: 2 to 6 players, bots ``baseline`` and ``random``."""
    from ahoy_tui.games.ahoi.bots import BOT_KINDS as AHOI_BOTS
    from ahoy_tui.games.ahoi.simulate import format_stats, simulate

    bad = [k for k in args.bots if k not in AHOI_BOTS]
    if bad or not 2 <= args.players <= 6:
        print(f"ahoy: error: Ahoi takes 2 to 6 players and the bots {', '.join(AHOI_BOTS)}", file=sys.stderr)
        return 2
    stats = simulate(args.players, args.games, args.seed, args.bots, memory_aid=args.memory_aid,
                     records_dir=args.records)
    print(json.dumps(stats.as_dict()) if args.json else format_stats(stats))
    return 0


def _print_invalid(err, as_json: bool) -> int:
    if as_json:
        print(json.dumps({"valid": False, "line": err.line, "rule": err.rule, "error": err.error}))
    else:
        print(f"invalid record: line {err.line}: rule {err.rule}: {err.error}")
    return 2


def _replay_ahoi(text: str, as_json: bool) -> int:
    """``ahoy replay`` of an Ahoi record (header ``"game": "ahoi"``)."""
    from ahoy_tui.games.ahoi.replay import check as check_ahoi
    from ahoy_tui.games.kit.records import RecordError

    try:
        seats, summary = check_ahoi(text)
    except RecordError as err:
        return _print_invalid(err, as_json)
    d = summary.as_dict()
    if as_json:
        print(json.dumps(d))
        return 0
    kind = "valid Ahoi record (a player's view: finished rounds checked in full)" if summary.projected \
        else "valid Ahoi record"
    print(f"{kind}: {len(d['rounds'])} rounds, totals {d['totals']}")
    for r in d["rounds"]:
        who = "no call" if r["caller"] is None else f"„Ahoi“ by {seats[r['caller']]}"
        print(f"  round {r['round']}: {who}, sums {r['sums']}, scores {r['scores']}")
    if d["game_over"]:
        print(f"game over: winners {', '.join(seats[i] for i in d['winners'])}; "
              f"at 101 or more: {', '.join(seats[i] for i in d['losers'])}")
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    from ahoy_tui.games.kit.records import RecordError
    from ahoy_tui.games.ahoy.replay import check
    from ahoy_tui.games.ahoi.replay import is_ahoi_record

    try:
        with open(args.file, encoding="utf-8") as f:
            text = f.read()
    except (OSError, UnicodeDecodeError) as exc:
        print(f"ahoy: cannot read {args.file}: {exc}", file=sys.stderr)
        return 2
    if is_ahoi_record(text):
        return _replay_ahoi(text, args.json)
    try:
        seats, summary = check(text)
    except RecordError as err:
        return _print_invalid(err, args.json)
    d = summary.as_dict()
    if args.json:
        print(json.dumps(d))
        return 0
    kind = "valid record (a player's view: hidden cards checked as far as it names them)" if summary.projected \
        else "valid record"
    print(f"{kind}: {len(d['hands'])} hands, totals {d['totals']}")
    for h in d["hands"]:
        who = "becalmed" if h["winner"] is None else f"won by {seats[h['winner']]}"
        print(f"  hand {h['hand']}: {who}, scores {h['scores']}")
    if d["game_over"]:
        names = lambda idx: ", ".join(seats[i] for i in idx)  # noqa: E731
        print(f"game over: winners {names(d['winners'])}; BIGGEST LOSER OF THE NIGHT: {names(d['biggest_losers'])}")
    return 0


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

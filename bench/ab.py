"""A/B of the load bench: a checkout of REF against the working tree, alternating, in one run (issue 25).

Every change on the path from an action to the screens quotes this in its
note. The machine is shared and noisy: only figures taken in the same
minutes compare, so the two sides take turns (A, B, A, B …), each running
its *own* ``bench/load.py`` (``--client pyte`` on both, the same options)
with its own code on ``PYTHONPATH`` and the same Python (this venv).

REF is checked out with ``git worktree add --detach`` into a temporary
directory (removed afterwards). Printed: each run's figures as it ends,
then a table of the medians per side and their ratio B/A:

* server CPU per action, ms (``server CPU per action``)
* idle server CPU, % of one core (``idle … server CPU``)
* p95 action → all four seated screens, ms
* median bytes per client per opponent action

An older tree's ``bench/load.py`` may lack options (``--client``,
``--store``): those are left out on that side and said so; where it prints
no ``server CPU per action`` line, CPU per action is its ``server CPU N %``
(whole percent) over its actions per second.

Run: .venv/bin/python bench/ab.py eff9d13                 # 2 rounds, N=40, 20 s of play
     .venv/bin/python bench/ab.py HEAD~1 --rounds 3 -- -n 100 --seconds 30
Options after ``--`` go to ``bench/load.py`` on both sides (default
``-n 40 --seconds 20 --idle 5 --baseline 0``).
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_LOAD = ["-n", "40", "--seconds", "20", "--idle", "5", "--baseline", "0"]

FIGURES = {
    "CPU/action ms": re.compile(r"server CPU per action: ([\d.]+) ms"),
    "idle CPU %": re.compile(r"idle [\d.]+ s[^,]*, \d+ sessions: .*server CPU ([\d.]+) %"),
    "p95 all 4 ms": re.compile(r"action -> all 4 seated screens: p50 \d+ / p95 (\d+)"),
    "B/opponent action": re.compile(r"bytes per client per opponent action: median (\d+) B"),
}
"""What is read from ``bench/load.py``'s output, by the name printed."""


#: Older load benches print CPU as a whole percent and the actions per second, not CPU per action.
OLD_CPU = re.compile(r"server CPU (\d+) % of one core")
OLD_RATE = re.compile(r"playing [\d.]+ s: \d+ actions \(([\d.]+)/s")


def figures(output: str) -> dict[str, float]:
    """The figures found in one run's output (a figure missing from it is left out)."""
    found = {}
    for name, pattern in FIGURES.items():
        m = pattern.search(output)
        if m:
            found[name] = float(m.group(1))
    cpu, rate = OLD_CPU.search(output), OLD_RATE.search(output)
    if "CPU/action ms" not in found and cpu and rate and float(rate.group(1)):
        found["CPU/action ms"] = round(float(cpu.group(1)) * 10 / float(rate.group(1)), 2)
    return found


def options(args: list[str]) -> list[list[str]]:
    """``args`` in groups: an option and the values after it (``["-n", "40"]``, ``["--store"]``)."""
    groups: list[list[str]] = []
    for arg in args:
        if arg.startswith("-") or not groups:
            groups.append([arg])
        else:
            groups[-1].append(arg)
    return groups


def accepted(tree: Path, load_args: list[str], env: dict[str, str]) -> tuple[list[str], list[str]]:
    """``load_args`` that ``tree``'s ``bench/load.py --help`` names, and the options it does not."""
    shown = subprocess.run([sys.executable, "bench/load.py", "--help"], cwd=tree, env=env, capture_output=True,
                           text=True, timeout=60).stdout
    known = set(re.findall(r"(?<![\w-])(--?[\w-]+)", shown))
    kept: list[str] = []
    left: list[str] = []
    for group in options(load_args):
        if group[0] in known:
            kept.extend(group)
        else:
            left.append(group[0])
    return kept, left


def run_load(tree: Path, load_args: list[str], timeout: float) -> str:
    """``bench/load.py`` of ``tree`` with ``tree`` first on ``PYTHONPATH``; its stdout (and stderr).

    Options that tree's bench does not know are left out (said in the output's first line).
    """
    env = dict(os.environ, PYTHONPATH=str(tree))
    args, left = accepted(tree, ["--client", "pyte", *load_args], env)
    done = subprocess.run([sys.executable, "bench/load.py", *args], cwd=tree, env=env,
                          capture_output=True, text=True, timeout=timeout)
    said = f"(left out, not known to this tree's bench: {' '.join(left)})\n" if left else ""
    return said + done.stdout + done.stderr


def table(sides: dict[str, list[dict[str, float]]]) -> str:
    """Medians per side and the ratio B/A, as a Markdown table."""
    (a_name, a_runs), (b_name, b_runs) = sides.items()
    lines = [f"| figure | A: {a_name} | B: {b_name} | B/A |", "|---|---|---|---|"]
    for name in FIGURES:
        a = [r[name] for r in a_runs if name in r]
        b = [r[name] for r in b_runs if name in r]
        if not a or not b:
            continue
        ma, mb = statistics.median(a), statistics.median(b)
        ratio = f"{mb / ma:.2f}" if ma else "n/a"
        lines.append(f"| {name} | {ma:g} ({' / '.join(f'{x:g}' for x in a)}) | "
                     f"{mb:g} ({' / '.join(f'{x:g}' for x in b)}) | {ratio} |")
    return "\n".join(lines)


def main() -> None:
    argv = sys.argv[1:]
    load_args = DEFAULT_LOAD
    if "--" in argv:
        at = argv.index("--")
        argv, load_args = argv[:at], argv[at + 1:]
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("ref", help="the commit (or branch) to compare the working tree with")
    ap.add_argument("--rounds", type=int, default=2, help="runs per side, alternating (default 2)")
    ap.add_argument("--timeout", type=float, default=600.0, help="seconds a run may take")
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="ahoy-ab-") as tmp:
        base = Path(tmp) / "ref"
        subprocess.run(["git", "worktree", "add", "--detach", "--quiet", str(base), args.ref], cwd=ROOT, check=True)
        if (ROOT / ".venv").exists():
            (base / ".venv").symlink_to(ROOT / ".venv")  # load.py starts its server with the tree's .venv
        try:
            sides: dict[str, list[dict[str, float]]] = {args.ref: [], "working tree": []}
            trees = {args.ref: base, "working tree": ROOT}
            for round_no in range(1, args.rounds + 1):
                for name, tree in trees.items():
                    output = run_load(tree, load_args, args.timeout)
                    got = figures(output)
                    if output.startswith("(left out"):
                        print(f"round {round_no} {name}: {output.splitlines()[0]}", flush=True)
                    if not got:
                        print(f"round {round_no} {name}: no figures; the run said:\n{output[-2000:]}", flush=True)
                    sides[name].append(got)
                    print(f"round {round_no} {name}: " + ", ".join(f"{k} {v:g}" for k, v in got.items()), flush=True)
            print()
            print(table(sides))
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", str(base)], cwd=ROOT, check=False)


if __name__ == "__main__":
    main()

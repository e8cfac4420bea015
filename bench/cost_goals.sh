#!/usr/bin/env bash
# Issue 25's goals, every figure in one run (docs/performance.md, "20." and "21."): ~32 min on a quiet 2-core machine.
# Run from the project root: bash bench/cost_goals.sh [LOGDIR]   (default: a new directory under /tmp)
set -uo pipefail
cd "$(dirname "$0")/.."
out=${1:-$(mktemp -d /tmp/ahoy-cost-goals-XXXX)}
mkdir -p "$out"
py=.venv/bin/python
run() { local name=$1; shift; echo "== $name: $*"; "$@" > "$out/$name.log" 2>&1; tail -n 20 "$out/$name.log"; }
run ab_9e72f7e $py bench/ab.py 9e72f7e --rounds 2 -- -n 40 --seconds 20 --idle 5 --baseline 0
run load40 $py bench/load.py -n 40 --seconds 20 --settle 30 --idle 20 --baseline 0 --store --client pyte
run load400 $py bench/load.py -n 400 --seconds 30 --settle 30 --idle 20 --baseline 0 --store
run workers $py bench/load.py -n 60,100,140,180,220 --workers 1,2 --baseline 0 --idle 2 --client-nice 10
run storm $py bench/connect_storm.py -n 50 --repeat 2
run idle40 $py bench/ssh_idle.py 40 30 30 --game
run idle400 $py bench/ssh_idle.py 400 30 30 --game
run floor $py bench/update_floor.py -n 40 --seconds 20 --rounds 2
run counters env PYTHONPATH=. $py bench/cost_counters.py 60
echo "logs in $out"

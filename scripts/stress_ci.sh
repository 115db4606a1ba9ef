#!/usr/bin/env bash
# The suite on a busy machine (issue 21): two CPU-burning processes run beside it while the
# README's test command runs twice in a row, each on a fresh clone of this checkout's HEAD, as
# .ci/run runs it.  Exits non-zero on the first failing run; prints each run's wall time.
#   scripts/stress_ci.sh            # twice (default)
#   scripts/stress_ci.sh 1          # once
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${1:-2}"
repo="$PWD"

burners=()
cleanup() {
  for pid in "${burners[@]}"; do kill "$pid" 2>/dev/null || true; done
  [ -n "${work:-}" ] && rm -rf "$work"
}
trap cleanup EXIT
for _ in 1 2; do
  python3 -c 'while True: pass' &
  burners+=("$!")
done
echo "stress_ci: 2 CPU burners running (pids ${burners[*]}) on $(nproc) cores"

work="$(mktemp -d)"
for n in $(seq 1 "$runs"); do
  rm -rf "$work/clone"
  git clone -q "$repo" "$work/clone"
  start=$(date +%s)
  if (cd "$work/clone" && CI=true bash .ci/run) > "$work/run-$n.log" 2>&1; then
    status=passed
  else
    status=FAILED
  fi
  secs=$(( $(date +%s) - start ))
  summary=$(grep -E "passed|failed" "$work/run-$n.log" | tail -1 || true)
  echo "stress_ci: run $n of $runs $status in ${secs} s (load $(cut -d' ' -f1 /proc/loadavg)): $summary"
  if [ "$status" != passed ]; then
    tail -40 "$work/run-$n.log"
    exit 1
  fi
done
echo "stress_ci: all $runs runs passed with the machine loaded"

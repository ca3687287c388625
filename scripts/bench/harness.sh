#!/usr/bin/env bash
# Prints the folder of the bench-peers harness (cairo, pixman, Blend2D, muparser measured beside Calx):
# $BENCH_PEERS when set, else ../shared/bench-peers beside the repository, or beside the main checkout when
# this is a git worktree of it. Exits 2 when none holds the harness's run.sh.
#   peers="$(scripts/bench/harness.sh)"
set -euo pipefail
repo="$(cd "$(dirname "$0")/../.." && pwd)"
candidates=("${BENCH_PEERS:-}")
if [ -z "${BENCH_PEERS:-}" ]; then
    candidates=("$repo/../shared/bench-peers")
    common="$(git -C "$repo" rev-parse --path-format=absolute --git-common-dir 2>/dev/null || true)"
    [ -z "$common" ] || candidates+=("$(dirname "$common")/../shared/bench-peers")
fi
for candidate in "${candidates[@]}"; do
    [ -f "$candidate/run.sh" ] && { (cd "$candidate" && pwd); exit 0; }
done
echo "harness.sh: no bench-peers harness (run.sh) in ${candidates[*]}; set BENCH_PEERS" >&2
exit 2

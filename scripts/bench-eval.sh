#!/bin/bash
# The compiled evaluator against muparser/tinyexpr/native C in ../shared/bench-peers (eval scene):
# builds the plugin in release, runs the harness, prints its `anchor`/`check` lines for eval.
#   scripts/bench-eval.sh [extra harness args]      (BENCH_WORK defaults to /tmp/bench-calx-eval)
set -euo pipefail
cd "$(dirname "$0")/.."
peers=${BENCH_PEERS:-../shared/bench-peers}
[ -d "$peers" ] || peers=/work/shared/bench-peers
export BENCH_WORK=${BENCH_WORK:-/tmp/bench-calx-eval}
swift build -c release --product CalxAnchors
[ -f "$BENCH_WORK/third_party/tinyexpr/tinyexpr.c" ] || bash "$peers/setup.sh" || true
bash "$peers/run.sh" --plugin .build/release/libCalxAnchors.so --scene eval "$@" | grep -E '^(anchor|check)'

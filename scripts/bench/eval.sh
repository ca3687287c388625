#!/bin/bash
# The compiled evaluator against muparser/tinyexpr/native C in the bench-peers harness (eval scene; its folder
# as scripts/bench/harness.sh finds it): builds the plugin in release, runs the harness, prints its
# `anchor`/`check` lines for eval.
#   scripts/bench/eval.sh [extra harness args]      (BENCH_WORK defaults to /tmp/bench-calx-eval)
set -euo pipefail
cd "$(dirname "$0")/../.."
peers="$(scripts/bench/harness.sh)"
export BENCH_WORK=${BENCH_WORK:-/tmp/bench-calx-eval}
bin="$(scripts/build/release.sh --shared-runtime CalxAnchors)"
[ -f "$BENCH_WORK/third_party/tinyexpr/tinyexpr.c" ] || bash "$peers/setup.sh" || true
bash "$peers/run.sh" --plugin "$bin/libCalxAnchors.so" --scene eval "$@" | grep -E '^(anchor|check)'

#!/usr/bin/env bash
# Remakes the README's pictures (docs/screenshots) with `calx shot`, from the keys a person would tap.
set -euo pipefail
cd "$(dirname "$0")/../.."
swift build --product calx >/dev/null
calx="$(swift build --show-bin-path)/calx"
out=docs/screenshots
# Several curves with their proved zeros, extrema and meetings marked.
"$calx" shot --size 1280x720 --keys "M sin graph C M cos graph C M x² ÷ 4 − 1 = graph C M sin + M = ÷ M = 2 →M graph" --out "$out/landscape-split-1280x720.png"
# M stored, and an exact answer: √2 × √6 is 2√3, shown beside its decimal.
"$calx" shot --size 480x800 --theme dark --keys "7 + 9 = √ →M 2 √ × 6 √ =" --out "$out/portrait-calculator-480x800.png"
"$calx" shot --size 480x800 --keys "M tan graph" --out "$out/portrait-graph-480x800.png"
# An exhibit's settings: German (a decimal comma) in high contrast.
"$calx" shot --size 800x480 --locale de --theme high-contrast --keys "M sin × 2,5 = graph 1,5 × 3 =" --out "$out/german-high-contrast-800x480.png"
echo "wrote $out/*.png: look at each before committing"

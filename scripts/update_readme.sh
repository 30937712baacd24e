#!/usr/bin/env bash
# Regenerates the measured tables of docs/performance.md (speed and accuracy) from one run of
# `exactgeom report --readme`, and says there which command, commit,
# date and machine they came from. Run it on a quiet machine after the code
# is committed, then commit docs/performance.md:
#
#   bash scripts/update_readme.sh [BUILD_DIR]     (default build/)
#
# The tables sit between two markers in docs/performance.md (scripts/readme_tables.py);
# the test suite checks that the block still has the report's shape.
# Five benchmark processes, one after another, each row the median of its
# ratios over them with their range printed: single runs of the same commit
# here moved rows by up to half (incircle/exact/random 1.29x and 1.90x in two
# runs minutes apart) and flipped targets near their limits, and repetitions
# inside one process do not remove that (the spread is per process: code
# layout, the host). Then one process under valgrind's callgrind counts each
# row's instructions per item, which are the same on every run.
# About fifteen minutes. The output is also kept in build/readme_run.md, so
# that two runs can be compared (scripts/compare_runs.py).
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
tool=$build/tools/exactgeom
args=(report --readme --min-time 0.2 --processes 5 --instructions)
commit=$(git rev-parse --short=12 HEAD)
# The tables describe the committed code only when nothing else is changed.
if ! git diff --quiet HEAD -- . ':!docs/performance.md'; then
  commit="$commit with uncommitted changes"
fi
out=$(mktemp)
trap 'rm -f "$out"' EXIT
{
  echo "Run: \`exactgeom ${args[*]}\` on commit $commit, $(date -u +%Y-%m-%d) (\`scripts/update_readme.sh\`)."
  echo
  "$tool" "${args[@]}"
} > "$out"
python3 scripts/readme_tables.py splice docs/performance.md "$out"
cp "$out" "$build/readme_run.md"
echo "update_readme: docs/performance.md's tables rewritten from $tool ${args[*]} (commit $commit)"

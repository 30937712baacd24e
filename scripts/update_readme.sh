#!/usr/bin/env bash
# Regenerates README.md's measured tables (speed and accuracy) from one run of
# `exactgeom report --readme`, and says in the README which command, commit,
# date and machine they came from. Run it on a quiet machine after the code
# is committed, then commit README.md:
#
#   bash scripts/update_readme.sh [BUILD_DIR]     (default build/)
#
# The tables sit between two markers in README.md (scripts/readme_tables.py);
# the test suite checks that the block still has the report's shape.
# Five repetitions, interleaved, each row their median: single runs of the
# same commit here moved rows by up to half (incircle/exact/random 1.29x and
# 1.90x in two runs minutes apart) and flipped targets near their limits.
# About ten minutes.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
tool=$build/tools/exactgeom
args=(report --readme --min-time 0.2 --repetitions 5)
commit=$(git rev-parse --short=12 HEAD)
# The tables describe the committed code only when nothing else is changed.
if ! git diff --quiet HEAD -- . ':!README.md'; then
  commit="$commit with uncommitted changes"
fi
out=$(mktemp)
trap 'rm -f "$out"' EXIT
{
  echo "Run: \`exactgeom ${args[*]}\` on commit $commit, $(date -u +%Y-%m-%d) (\`scripts/update_readme.sh\`)."
  echo
  "$tool" "${args[@]}"
} > "$out"
python3 scripts/readme_tables.py splice README.md "$out"
echo "update_readme: README.md's tables rewritten from $tool ${args[*]} (commit $commit)"

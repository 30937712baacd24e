#!/usr/bin/env bash
# Tests of the `exactgeom` command itself (eval, audit, report), through the
# binary as a user runs it. Usage: tool_test.sh EXACTGEOM_BINARY DATA_DIR
set -u
bin=$1
data=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
passed=0
failed=0
check() {  # check NAME COMMAND...: the command must succeed
  local name=$1
  shift
  if "$@"; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
    echo "FAILED: $name"
  fi
}

# eval: every op of the spec, hand-checked answers, any thread count.
"$bin" eval --threads 1 "$data/eval_valid.jsonl" > "$tmp/v1"
check "eval valid corpus exits 0" test $? -eq 0
check "eval valid corpus answers (1 thread)" diff -u "$data/eval_valid.expected" "$tmp/v1"
"$bin" eval --threads 3 < "$data/eval_valid.jsonl" > "$tmp/v3"
check "eval from stdin, 3 threads, same bytes" cmp "$tmp/v1" "$tmp/v3"

# eval: every error rule; the valid lines around the bad ones are answered.
"$bin" eval --quiet "$data/eval_errors.jsonl" > "$tmp/e1"
check "eval with bad lines exits 1" test $? -eq 1
check "eval error answers" diff -u "$data/eval_errors.expected" "$tmp/e1"

# eval: a large input is byte-identical for 1 and 2 threads and keeps order.
for i in $(seq 1 3000); do
  cat "$data/eval_valid.jsonl" "$data/eval_errors.jsonl"
done > "$tmp/big.jsonl"
"$bin" eval --threads 1 "$tmp/big.jsonl" > "$tmp/b1"
"$bin" eval --threads 2 "$tmp/big.jsonl" > "$tmp/b2"
check "eval big input: 1 and 2 threads give the same bytes" cmp "$tmp/b1" "$tmp/b2"
check "eval big input: one answer per non-blank line" \
  test "$(wc -l < "$tmp/b1")" -eq "$(grep -c '[^[:space:]]' "$tmp/big.jsonl")"

# eval: a file that is not there is a clear message and exit 2.
"$bin" eval /nonexistent/queries.jsonl > /dev/null 2> "$tmp/err"
check "eval missing file exits 2" test $? -eq 2
check "eval missing file says so" grep -q "cannot open '/nonexistent/queries.jsonl'" "$tmp/err"
"$bin" eval --threads 0 < /dev/null > /dev/null 2>&1
check "eval --threads 0 is a usage error" test $? -eq 2

# audit: finds the published segment test's bug, the capsule heuristic's
# wrong cases, and reports no wrong case for the exact functions.
"$bin" audit --algorithm segment_intersects/article000_published --cases 500 > "$tmp/a1"
check "audit finds the published segment bug" grep -Eq '^\| random \| 500 \| [1-9]' "$tmp/a1"
check "audit prints replayable cases" grep -q '{"op":"segment_intersection"' "$tmp/a1"
grep -o '`{"op":"segment_intersection".*}`' "$tmp/a1" | tr -d '`' > "$tmp/replay.jsonl"
"$bin" eval "$tmp/replay.jsonl" > "$tmp/replayed"
check "replayed cases are answered" test -s "$tmp/replayed" -a "$(grep -c error "$tmp/replayed")" -eq 0
"$bin" audit --algorithm capsule3d/blog002_heuristic --cases 1000 --json > "$tmp/a2"
check "audit finds the 002 heuristic's wrong cases" grep -Eq '"family":"random","cases":1000,"wrong":[1-9]' "$tmp/a2"
"$bin" audit --self-check --cases 300 --json > "$tmp/a3"
check "exact functions audited against themselves: no wrong case" \
  test "$(grep -c '"wrong":[1-9]' "$tmp/a3")" -eq 0 -a "$(wc -l < "$tmp/a3")" -ge 10
# Shards partition the cases: the shard counts add up to the whole.
"$bin" audit --algorithm orient2d/naive_double --cases 900 --json > "$tmp/whole"
"$bin" audit --algorithm orient2d/naive_double --cases 900 --shard 0/2 --json > "$tmp/s0"
"$bin" audit --algorithm orient2d/naive_double --cases 900 --shard 1/2 --json > "$tmp/s1"
wrong() { grep -o '"wrong":[0-9]*' "$1" | awk -F: '{ s += $2 } END { print s + 0 }'; }
check "audit shards add up" test "$(wrong "$tmp/whole")" -eq $(($(wrong "$tmp/s0") + $(wrong "$tmp/s1")))
"$bin" audit --shard 2/2 > /dev/null 2>&1
check "audit --shard 2/2 is a usage error" test $? -eq 2

# report: accuracy and speed sections, pictures that are SVG.
"$bin" report --cases 200 --min-time 0.01 --filter 'orient2d/(float|exact)/random' --svg "$tmp/svg" > "$tmp/report"
check "report exits 0" test $? -eq 0
check "report has the accuracy table" grep -q '^| orient2d/naive_double |' "$tmp/report"
check "report has the speed table" grep -q '^| exact | random |' "$tmp/report"
check "report writes the classroom picture" grep -q '<svg' "$tmp/svg/classroom_orient2d.svg"
check "report writes the capsule picture" grep -q '<svg' "$tmp/svg/capsule_near_touching.svg"
"$bin" frobnicate > /dev/null 2>&1
check "unknown subcommand exits 2" test $? -eq 2

echo "$passed passed, $failed failed"
test "$failed" -eq 0

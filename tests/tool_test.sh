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

# eval: a large input is byte-identical for 1 and 2 threads and keeps order
# (1000 copies of the corpora: 13 MB, several of eval's 4 MiB batches).
for i in $(seq 1 1000); do
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

# eval: hostile lines (issue 11), each one error line or its answer, and the
# run goes on: NaN tokens, invalid JSON anywhere in the line, repeated keys,
# "+1", nesting at and past 64 levels, a blank line.
"$bin" eval --quiet "$data/eval_hostile.jsonl" > "$tmp/h1"
check "eval hostile lines exit 1" test $? -eq 1
check "eval hostile answers" diff -u "$data/eval_hostile.expected" "$tmp/h1"

# eval: meshes and chains (docs/queries.md "Meshes and chains"): the spec's
# examples and hand-checked lines, inline and named (--mesh), then every
# error rule of a mesh or chain line.
"$bin" eval --quiet --mesh floor="$data/mesh_floor.json" "$data/eval_meshes.jsonl" > "$tmp/m1"
check "eval mesh corpus exits 0" test $? -eq 0
check "eval mesh answers" diff -u "$data/eval_meshes.expected" "$tmp/m1"
"$bin" eval --quiet --threads 2 --mesh floor="$data/mesh_floor.json" < "$data/eval_meshes.jsonl" > "$tmp/m2"
check "eval mesh answers, 2 threads, stdin" cmp "$tmp/m1" "$tmp/m2"
"$bin" eval --quiet --mesh floor="$data/mesh_floor.json" "$data/eval_mesh_errors.jsonl" > "$tmp/me"
check "eval mesh errors exit 1" test $? -eq 1
check "eval mesh error answers" diff -u "$data/eval_mesh_errors.expected" "$tmp/me"
# A named line answers as the same mesh written inline (lines 1 and 3).
check "named mesh answers as inline" test "$(sed -n 1p "$tmp/m1" | cut -d, -f2-)" = "$(sed -n 3p "$tmp/m1" | cut -d, -f2-)"
echo '{"v":[[0,0,0]],"f":[[0,0,1]]}' > "$tmp/bad_mesh.json"
"$bin" eval --mesh a="$tmp/bad_mesh.json" < /dev/null > /dev/null 2> "$tmp/err"
check "bad --mesh file exits 2" test $? -eq 2
check "bad --mesh file is named" grep -q "bad_mesh.json': f\[0\]\[2\]: index 1 out of range" "$tmp/err"
"$bin" eval --mesh a="$data/mesh_floor.json" --mesh a="$data/mesh_floor.json" < /dev/null > /dev/null 2> "$tmp/err"
check "a --mesh name given twice exits 2" test $? -eq 2
"$bin" eval --mesh nofile.json < /dev/null > /dev/null 2>&1
check "--mesh without NAME= is a usage error" test $? -eq 2
# A model file (OBJ) through assimp when the build has it: the same answers
# as the JSON floor; without assimp, a message that says what is missing.
if "$bin" eval --quiet --mesh floor="$data/mesh_floor.obj" "$data/eval_meshes.jsonl" > "$tmp/mo" 2> "$tmp/moerr"; then
  check "an OBJ floor (assimp) answers as the JSON one" cmp "$tmp/m1" "$tmp/mo"
else
  check "without assimp, a model file is a clear error" grep -q "needs exactgeom built with assimp" "$tmp/moerr"
fi
# An inline mesh over the line limit of 65536 vertices is an error line.
python3 -c '
import json
print(json.dumps({"id": 1, "op": "contact", "x": {"mesh": {"v": [[i, 0, 0] for i in range(65537)], "f": [[0, 1, 2]]}},
                  "y": {"seg": [[0, 0, 1], [0, 0, 1]], "r": 1}}))' > "$tmp/huge.jsonl"
"$bin" eval --quiet "$tmp/huge.jsonl" > "$tmp/huge.out"
check "inline mesh over the limit is an error line" grep -q '65537 vertices; at most 65536 in a line' "$tmp/huge.out"

# Every output line is strict JSON, read by another parser (Python's, with
# NaN/Infinity and repeated keys refused), for all three corpora.
strict_json() {
  python3 -c '
import json, sys
def pairs(kv):
    keys = [k for k, _ in kv]
    if len(keys) != len(set(keys)): raise ValueError("repeated key")
    return dict(kv)
def no_constant(c): raise ValueError("not JSON: " + c)
for n, line in enumerate(sys.stdin, 1):
    json.loads(line, object_pairs_hook=pairs, parse_constant=no_constant)
' < "$1"
}
check "eval output is strict JSON (valid corpus)" strict_json "$tmp/v1"
check "eval output is strict JSON (error corpus)" strict_json "$tmp/e1"
check "eval output is strict JSON (hostile corpus)" strict_json "$tmp/h1"
check "eval output is strict JSON (mesh corpora)" strict_json "$tmp/m1"
check "eval output is strict JSON (mesh errors)" strict_json "$tmp/me"

# Lines at the full double range (issue 43), each within a time limit:
# the two of the issue (a hull against a segment spanning 2^-1074 to 2^1000
# ran for minutes: the correctly rounded depth's walk started 2^500 ulps
# away; two hulls whose depth was 0.011 for 7.25e-7), then 200 random lines
# of every shape, hulls and polygons up to the 256-point limit, half of them
# with meeting cores (tests/wide_magnitude_lines.py). Each line runs alone
# under `timeout 10`; here each takes under a second (the slowest, a sweep
# of a box against a triangle with radii, 0.75 s).
printf '%s\n' '{"op":"contact","x":{"hull":[["0x1p-1074","0x0p+0","0x0p+0"],["0x1p+1000","0x0p+0","0x0p+0"],["0x0p+0","0x1p+1000","0x0p+0"],["0x0p+0","0x0p+0","0x1p+1000"]]},"y":{"seg":[["0x1p-1074","0x1p-1074","0x1p-1074"],["0x1p+999","0x1p+999","0x1p+999"]],"r":0}}' > "$tmp/wide_issue.jsonl"
timeout 10 "$bin" eval "$tmp/wide_issue.jsonl" > "$tmp/wide_issue.out"
check "eval: issue 43's wide hull-segment line is answered in time" test $? -eq 0
check "eval: issue 43's wide line: depth" grep -q '"depth":"0x1.a20bd700c2c3ep+998"' "$tmp/wide_issue.out"
printf '%s\n' '{"op":"contact","x":{"hull":[["-0x1.2600003p-1","-0x1.a000018p-2","0x1.0800004p-1"],["-0x1.189fe03p-1","-0x1.9cf8018p-2","0x1.e411408p-2"],["-0x1.0000003p-1","0x0p+0","0x1.0000004p-1"],["-0x1.d265ac6p-2","0x1.112652p-3","0x1.87d1134p-1"],["0x0p+0","0x1.0000004p-1","0x0p+0"],["0x1.dfffffap-2","0x0p+0","-0x1.800000cp-1"],["0x1.e2eb7fap-2","-0x1.c54dfep-4","-0x1.8a888acp-1"],["0x1.29c0b7dp-1","0x1.b9aa008p-2","-0x1.fed6898p-2"]],"r":"0x0p+0"},"y":{"hull":[["-0x1.6b81adp-1","-0x1.862e54p-1","-0x1.bebd1p-5"],["-0x1.6449c5p-1","-0x1.709052p-1","-0x1.9fec58p-5"],["0x1.738cep-5","-0x1.a81d508p+0","-0x1.04b402p-2"],["0x1.a5b31fp-1","0x1.b5879ep-2","-0x1.40da24p-4"],["0x1.b7826fp-1","0x1.a1ee56p-2","-0x1.5b180ap-4"],["0x1.8cf06f8p+0","-0x1.fde976p-2","-0x1.1dbd32p-2"],["0x1.8cf06f8p+0","-0x1.fde976p-2","-0x1.1dbd32p-2"],["0x1.8cf06f8p+0","-0x1.fde976p-2","-0x1.1dbd32p-2"]],"r":"0x0p+0"}}' > "$tmp/depth_issue.jsonl"
"$bin" eval "$tmp/depth_issue.jsonl" > "$tmp/depth_issue.out"
check "eval: issue 43's hull pair: depth 7.2519e-7 along the issue's direction" grep -q \
  '"depth":"0x1.85558aab74e04p-21","depth_normal":\["0x1.28699d7036b6fp-1","-0x1.84fe3ab626da5p-1","0x1.2f1a91b1ebf55p-2"\]' \
  "$tmp/depth_issue.out"
python3 "$(dirname "$0")/wide_magnitude_lines.py" 43 200 > "$tmp/wide.jsonl"
mkdir -p "$tmp/wide"
split -l 1 -a 3 "$tmp/wide.jsonl" "$tmp/wide/line_"
wide_slow=0
for f in "$tmp"/wide/line_*; do
  timeout 10 "$bin" eval "$f" > "$f.out" 2>&1 || { wide_slow=$((wide_slow + 1)); echo "wide line $(basename "$f") not answered in 10 s"; }
done
check "eval: 200 random full-range lines, each answered within 10 s" test "$wide_slow" -eq 0
check "eval: the full-range lines: one answer each, no error" test "$(cat "$tmp"/wide/*.out | grep -c '"op"')" -eq 200
check "eval: the full-range lines: cores meet on some" test "$(cat "$tmp"/wide/*.out | grep -c '"dist2":"0"')" -ge 40
# The same with a mesh or chain on one side, in either order (issue 52, E8:
# 10 of 61 such lines ended eval with SIGFPE), each under `timeout 10` (here
# each takes under 0.1 s), and every answer checked against its pieces'
# answers as separate convex lines (the union rules, exactly).
python3 "$(dirname "$0")/wide_magnitude_lines.py" 52 200 --surfaces > "$tmp/wide_s.jsonl"
mkdir -p "$tmp/wide_s"
split -l 1 -a 3 "$tmp/wide_s.jsonl" "$tmp/wide_s/line_"
wide_slow=0
for f in "$tmp"/wide_s/line_*; do
  timeout 10 "$bin" eval "$f" > "$f.out" 2>&1 || { wide_slow=$((wide_slow + 1)); echo "wide surface line $(basename "$f") not answered in 10 s (or failed)"; }
done
check "eval: 200 random full-range mesh and chain lines, each answered within 10 s" test "$wide_slow" -eq 0
cat "$tmp"/wide_s/line_*.out > "$tmp/wide_s.out"
python3 "$(dirname "$0")/wide_magnitude_lines.py" --pieces < "$tmp/wide_s.jsonl" > "$tmp/wide_sp.jsonl"
"$bin" eval "$tmp/wide_sp.jsonl" > "$tmp/wide_sp.out"
check "eval: the full-range mesh and chain lines agree with their pieces' answers" \
  python3 "$(dirname "$0")/wide_magnitude_lines.py" --check "$tmp/wide_s.jsonl" "$tmp/wide_s.out" "$tmp/wide_sp.out"
check "eval: the full-range surface lines: some meet" test "$(grep -c '"closed":true' "$tmp/wide_s.out")" -ge 20
# ccd lines at the full double range (issue 53): 100 of both kinds, each
# under `timeout 10` (here each under half a second), some hitting.
python3 "$(dirname "$0")/wide_magnitude_lines.py" 53 100 --ccd > "$tmp/wide_c.jsonl"
mkdir -p "$tmp/wide_c"
split -l 1 -a 3 "$tmp/wide_c.jsonl" "$tmp/wide_c/line_"
wide_slow=0
for f in "$tmp"/wide_c/line_*; do
  timeout 10 "$bin" eval "$f" > "$f.out" 2>&1 || { wide_slow=$((wide_slow + 1)); echo "wide ccd line $(basename "$f") not answered in 10 s (or failed)"; }
done
check "eval: 100 random full-range ccd lines, each answered within 10 s" test "$wide_slow" -eq 0
check "eval: the full-range ccd lines: one answer each, no error" test "$(cat "$tmp"/wide_c/*.out | grep -c '"op":"ccd","hit"')" -eq 100
check "eval: the full-range ccd lines: some hit" test "$(cat "$tmp"/wide_c/*.out | grep -c '"hit":true')" -ge 20

"$bin" eval --help > "$tmp/eval_help"
check "eval --help lists every op, ccd included" grep -q "sweep, ccd)" "$tmp/eval_help"

# 30,000 levels of nesting, of arrays and of objects: an error line each, no
# stack overflow, and the next line is answered.
python3 -c '
print("{\"x\":" + "[" * 30000 + "]" * 30000 + ",\"op\":\"orient2d\"}")
print("{\"a\":" * 30000 + "1" + "}" * 30000)
print("{\"id\":3,\"op\":\"orient2d\",\"a\":[0,0],\"b\":[1,0],\"c\":[0,1]}")' > "$tmp/deep.jsonl"
"$bin" eval "$tmp/deep.jsonl" > "$tmp/deep.out"
check "eval deep nesting exits 1" test $? -eq 1
check "eval deep nesting: two error lines, then the answer" test "$(cat "$tmp/deep.out")" = \
'{"id":null,"error":"bad JSON: nested deeper than 64 levels","line":1}
{"id":null,"error":"bad JSON: nested deeper than 64 levels","line":2}
{"id":3,"op":"orient2d","sign":1}'

# A 100 MB line (a 52-million-element array in an ignored field) is an error
# line read past in bounded memory (it once took 4.3 GB); a line just under
# a smaller --max-line-bytes is answered and one just over it is not.
python3 -c '
import sys
sys.stdout.write("{\"op\":\"orient2d\",\"a\":[0,0],\"b\":[1,0],\"c\":[0,1],\"x\":[" + "0," * 52000000 + "0]}\n")
sys.stdout.write("{\"id\":2,\"op\":\"orient2d\",\"a\":[0,0],\"b\":[1,0],\"c\":[0,1]}\n")' > "$tmp/long.jsonl"
(ulimit -v 400000 && "$bin" eval "$tmp/long.jsonl") > "$tmp/long.out"
check "eval 100 MB line exits 1" test $? -eq 1
check "eval 100 MB line: an error line, then the next answer, within 400 MB" test "$(cat "$tmp/long.out")" = \
'{"id":null,"error":"line longer than 16777216 bytes (exactgeom eval --max-line-bytes)","line":1}
{"id":2,"op":"orient2d","sign":1}'
rm -f "$tmp/long.jsonl"
line='{"op":"orient2d","a":[0,0],"b":[1,0],"c":[0,1]}'  # 47 bytes
printf '%s\n%s\n' "$line" "$line " | "$bin" eval --max-line-bytes 47 > "$tmp/limit.out"
check "eval --max-line-bytes: the limit is inclusive" test "$(cat "$tmp/limit.out")" = \
'{"op":"orient2d","sign":1}
{"id":null,"error":"line longer than 47 bytes (exactgeom eval --max-line-bytes)","line":2}'
"$bin" eval --max-line-bytes 0 < /dev/null > /dev/null 2>&1
check "eval --max-line-bytes 0 is a usage error" test $? -eq 2

# One query written to a pipe that stays open is answered at once.
coproc EVAL { "$bin" eval --quiet; }
# Bash unsets EVAL_PID once it has reaped the coprocess, which can happen
# before the `wait` below: keep the pid (wait still knows its status).
eval_pid=$EVAL_PID
echo '{"id":1,"op":"orient2d","a":[0,0],"b":[1,0],"c":[0,1]}' >&"${EVAL[1]}"
answer=
read -r -t 10 answer <&"${EVAL[0]}"
check "eval answers one query on an open pipe" test "$answer" = '{"id":1,"op":"orient2d","sign":1}'
echo '{"id":2,"op":"orient2d","a":[0,0],"b":[1,0],"c":[0,-1]}' >&"${EVAL[1]}"
answer=
read -r -t 10 answer <&"${EVAL[0]}"
check "eval answers a second query on the same pipe" test "$answer" = '{"id":2,"op":"orient2d","sign":-1}'
exec {EVAL[1]}>&-
wait "$eval_pid"
check "eval on a pipe exits 0 when it closes" test $? -eq 0

# Output that cannot be written is exit 2 with a message, for every command.
echo "$line" | "$bin" eval > /dev/full 2> "$tmp/err"
check "eval > /dev/full exits 2" test $? -eq 2
check "eval > /dev/full says so" grep -q "error writing the output" "$tmp/err"
"$bin" audit --algorithm orient2d/naive_double --cases 100 > /dev/full 2> "$tmp/err"
check "audit > /dev/full exits 2" test $? -eq 2
check "audit > /dev/full says so" grep -q "error writing the output" "$tmp/err"
"$bin" report --cases 10 --min-time 0.01 --filter 'orient2d/float/random' > /dev/full 2> "$tmp/err"
check "report > /dev/full exits 2" test $? -eq 2
check "report > /dev/full says so" grep -q "error writing the output" "$tmp/err"

# Options a run cannot honour are usage errors (exit 2), never a crash or a
# run without end.
usage_error() {  # usage_error COMMAND...: exits 2 and says why on stderr
  "$bin" "$@" < /dev/null > /dev/null 2> "$tmp/err"
  test $? -eq 2 && test -s "$tmp/err"
}
long_pattern=$(printf 'a%.0s' $(seq 1 100000))
check "audit --algorithm with a 100,000-character pattern" usage_error audit --algorithm "$long_pattern"
check "audit --algorithm that is not a pattern" usage_error audit --algorithm '('
check "audit --cases 2^64-1" usage_error audit --cases 18446744073709551615
check "audit --cases 0" usage_error audit --cases 0
check "audit --cases -1" usage_error audit --cases -1
check "audit --keep 10^9" usage_error audit --keep 1000000000
check "report --filter '['" usage_error report --filter '['
check "report --filter of 100,000 characters" usage_error report --filter "$long_pattern"
check "report --cases 0" usage_error report --cases 0
check "report --min-time nan" usage_error report --min-time nan
check "report --min-time 1e9" usage_error report --min-time 1e9
check "report --repetitions 0" usage_error report --repetitions 0
check "report --repetitions 101" usage_error report --repetitions 101
check "report --processes 0" usage_error report --processes 0
check "report --processes 21" usage_error report --processes 21
check "eval --threads 100000" usage_error eval --threads 100000
check "eval --max-line-bytes 2^64" usage_error eval --max-line-bytes 18446744073709551616

# audit: finds the published segment test's bug, the capsule heuristic's
# wrong cases, and reports no wrong case for the exact functions.
"$bin" audit --algorithm segment_intersects/article000_published --cases 500 > "$tmp/a1"
check "audit finds the published segment bug" grep -Eq '^\| random \| 500 \| [1-9]' "$tmp/a1"
check "audit prints replayable cases" grep -q '{"op":"segment_intersection"' "$tmp/a1"
grep -o '`{"op":"segment_intersection".*}`' "$tmp/a1" | tr -d '`' > "$tmp/replay.jsonl"
"$bin" eval "$tmp/replay.jsonl" > "$tmp/replayed"
check "replayed cases are answered" test -s "$tmp/replayed" -a "$(grep -c error "$tmp/replayed")" -eq 0
# The box audits keep `contact` lines of two boxes; eval answers each with
# the reference's answer.
"$bin" audit --algorithm 'box3d/(obb_sat_double|gjk_double)' --cases 300 --keep 4 > "$tmp/box.md"
awk '/^- [a-z_]+: exact (true|false),/ { sub(/,.*/, ""); e = $NF; getline; gsub(/^ *`|`$/, ""); print e "\t" $0 }' \
  "$tmp/box.md" > "$tmp/box.tsv"
cut -f2 "$tmp/box.tsv" > "$tmp/box.jsonl"
"$bin" eval "$tmp/box.jsonl" | grep -o '"closed":[a-z]*' | cut -d: -f2 > "$tmp/box.answers"
check "box audits keep at least 20 lines" test "$(wc -l < "$tmp/box.tsv")" -ge 20
check "kept box lines replay with the reference's answer" diff <(cut -f1 "$tmp/box.tsv") "$tmp/box.answers"
"$bin" audit --algorithm capsule3d/blog002_heuristic --cases 1000 --json > "$tmp/a2"
check "audit finds the 002 heuristic's wrong cases" grep -Eq '"family":"random","cases":1000,"wrong":[1-9]' "$tmp/a2"
"$bin" audit --self-check --cases 300 --json > "$tmp/a3"
check "audit --self-check passes" test $? -eq 0
check "exact functions audited against themselves: no wrong case" \
  test "$(grep exact_self "$tmp/a3" | grep -c '"wrong":[1-9]')" -eq 0 -a "$(grep -c exact_self "$tmp/a3")" -ge 10
check "every float algorithm's twin with a planted bug is found grossly wrong" \
  test "$(grep seeded_bug "$tmp/a3" | grep -c '"gross":[1-9]')" -ge 20
# The self-check can fail: the float algorithms themselves (no planted bug)
# have no gross random case, and the check says so.
EXACTGEOM_SELF_CHECK_NO_BUG=1 "$bin" audit --self-check --algorithm 'orient2d/naive_double/seeded_bug' --cases 300 \
  > /dev/null 2> "$tmp/a3err"
check "the self-check fails when the planted bug is taken out" test $? -eq 1
check "... and names the twin it missed" grep -q "orient2d/naive_double/seeded_bug" "$tmp/a3err"
# Shards partition the cases: the shard counts add up to the whole.
"$bin" audit --algorithm orient2d/naive_double --cases 900 --json > "$tmp/whole"
"$bin" audit --algorithm orient2d/naive_double --cases 900 --shard 0/2 --json > "$tmp/s0"
"$bin" audit --algorithm orient2d/naive_double --cases 900 --shard 1/2 --json > "$tmp/s1"
wrong() { grep -o '"wrong":[0-9]*' "$1" | awk -F: '{ s += $2 } END { print s + 0 }'; }
check "audit shards add up" test "$(wrong "$tmp/whole")" -eq $(($(wrong "$tmp/s0") + $(wrong "$tmp/s1")))
"$bin" audit --shard 2/2 > /dev/null 2>&1
check "audit --shard 2/2 is a usage error" test $? -eq 2
# --merge: shards run by GNU parallel merge into exactly the unsharded run,
# JSON and Markdown, whatever order the files come in.
pattern='(capsule2d/ericson_double|segment_intersects/article000_published|orient2d/naive_float)'
"$bin" audit --algorithm "$pattern" --cases 600 --json > "$tmp/m_whole.jsonl"
"$bin" audit --algorithm "$pattern" --cases 600 > "$tmp/m_whole.md"
parallel --will-cite "$bin" audit --algorithm "'$pattern'" --cases 600 --shard {}/3 --json '>' "$tmp/m_shard{}.jsonl" ::: 0 1 2
check "GNU parallel ran the shards" test -s "$tmp/m_shard2.jsonl"
"$bin" audit --merge --json "$tmp/m_shard2.jsonl" "$tmp/m_shard0.jsonl" "$tmp/m_shard1.jsonl" > "$tmp/m_merged.jsonl"
check "audit --merge --json is the unsharded output, byte for byte" cmp "$tmp/m_whole.jsonl" "$tmp/m_merged.jsonl"
"$bin" audit --merge "$tmp"/m_shard*.jsonl > "$tmp/m_merged.md"
check "audit --merge (Markdown) is the unsharded output, byte for byte" cmp "$tmp/m_whole.md" "$tmp/m_merged.md"
"$bin" audit --merge "$tmp/m_shard0.jsonl" "$tmp/m_shard1.jsonl" > /dev/null 2> "$tmp/err"
check "audit --merge with a shard missing is an error" test $? -eq 2
check "audit --merge says which" grep -q "shard 2/3 missing" "$tmp/err"
"$bin" audit --merge "$tmp/m_shard0.jsonl" "$tmp/m_shard1.jsonl" "$tmp/m_shard1.jsonl" > /dev/null 2> "$tmp/err"
check "audit --merge with a shard twice says which" grep -q "shard 1/3 given more than once" "$tmp/err"
# --help lists every case family the library has.
for family in random near_degenerate touching parallel_zero_length far_from_origin classroom \
              collinear_gaps nearly_parallel zero_length large_offsets piercing_triangle degenerate_triangle \
              resting_faces deep_overlap; do
  check "audit --help lists the family $family" bash -c "'$bin' audit --help | grep -q '^  $family '"
done
"$bin" audit --merge "$data/eval_valid.jsonl" > /dev/null 2>&1
check "audit --merge of other JSON is an error" test $? -eq 2
# Hostile shard fields: refused with a message and exit 2, never sized by.
for bad in '0/99999999999999999999999' '0/1000000000000' 'x/2' '2/2' '0/0' '/2' '0/'; do
  sed "s#\"shard\":\"0/3\"#\"shard\":\"$bad\"#" "$tmp/m_shard0.jsonl" > "$tmp/m_bad.jsonl"
  "$bin" audit --merge "$tmp/m_bad.jsonl" "$tmp/m_shard1.jsonl" "$tmp/m_shard2.jsonl" > /dev/null 2> "$tmp/err"
  check "audit --merge refuses shard '$bad'" test $? -eq 2
  check "audit --merge names shard '$bad'" grep -q "shard" "$tmp/err"
done
"$bin" audit --merge --cases 5 "$tmp"/m_shard*.jsonl > /dev/null 2>&1
check "audit --merge with a run option is a usage error" test $? -eq 2
"$bin" audit --tolerance -1 > /dev/null 2>&1
check "audit --tolerance -1 is a usage error" test $? -eq 2
"$bin" audit --unit furlongs > /dev/null 2>&1
check "audit --unit furlongs is a usage error" test $? -eq 2
# Severity: the published segment test's misses are gross (its bug is not
# rounding); the JSON carries the raw case and its distance to the boundary.
check "audit reports gross wrong answers" grep -Eq '^\| random \| 500 \| [0-9]+ \| [0-9.]+% \| [1-9]' "$tmp/a1"
check "audit --json carries raw values and margins" grep -q '"gross":true,"margin":[0-9.e+-]*,"margin_ulps"' "$tmp/m_whole.jsonl"

# report: accuracy and speed sections, pictures that are SVG.
"$bin" report --cases 200 --min-time 0.01 --filter 'orient2d/(float|exact)/random' --svg "$tmp/svg" > "$tmp/report"
check "report exits 0" test $? -eq 0
check "report has the accuracy table" grep -q '^| orient2d/naive_double |' "$tmp/report"
check "report has the speed table" grep -q '^| exact | random |' "$tmp/report"
check "report writes the classroom picture" grep -q '<svg' "$tmp/svg/classroom_orient2d.svg"
check "report writes the capsule picture" grep -q '<svg' "$tmp/svg/capsule_near_touching.svg"
# --repetitions: the medians, and the README's machine line says so.
"$bin" report --readme --cases 10 --min-time 0.01 --repetitions 3 --filter 'orient2d/(float|exact)/random' > "$tmp/reps"
check "report --repetitions exits 0" test $? -eq 0
check "report --repetitions says medians" grep -q '^Machine: .*the median of 3 repetitions' "$tmp/reps"
# --processes: each ratio the median over the processes with their range,
# the spread line, and the target judged on the median.
"$bin" report --cases 10 --min-time 0.01 --processes 2 --filter '^orient2d/(float|exact)/random$' > "$tmp/procs"
check "report --processes exits 0" test $? -eq 0
check "report --processes says how many" grep -q '^Machine: .*2 processes one after another' "$tmp/procs"
check "report --processes prints each ratio's range" grep -Eq '^\| exact \| random \| [0-9.]+ [kMG] \| [0-9.]+x \([0-9.]+-[0-9.]+\) \|' "$tmp/procs"
check "report --processes prints the spread" grep -q '^Spread: over the 2 processes' "$tmp/procs"
# --instructions: one more process under callgrind; every row gets its
# instructions per item, the exact row its ratio to the baseline's.
if command -v valgrind > /dev/null; then
  "$bin" report --cases 10 --min-time 0.01 --processes 1 --instructions --filter '^orient2d/(float|exact)/random$' > "$tmp/instr"
  check "report --instructions exits 0" test $? -eq 0
  check "report --instructions counts the baseline" grep -Eq '^\| float \| random \| [^|]+ \| 1 \(baseline\) \| [1-9][0-9]* \|' "$tmp/instr"
  check "report --instructions gives the exact row's ratio" grep -Eq '^\| exact \| random \| [^|]+ \| [^|]+ \| [1-9][0-9]* \([0-9.]+x\) \|' "$tmp/instr"
else
  echo "skip: report --instructions (valgrind is not installed)"
fi
check "report --repetitions has the row" grep -q '^| `orient2d/exact/random` |' "$tmp/reps"
# Interleaved repetitions arrive in random order; the rows keep the
# registration order (a table's first float row is its baseline).
"$bin" report --readme --cases 10 --min-time 0.01 --repetitions 3 --filter '^box3d/(float_sat|float_gjk|exact)/random$' > "$tmp/reps_box"
check "report --repetitions keeps the baseline first" test "$(grep -A2 '^| implementation | random |' "$tmp/reps_box" | sed -n 3p | cut -d'|' -f2)" = " float_sat "
# --version: the version of CMakeLists.txt's project(), the one place it is written.
version=$(sed -n 's/^project(exactgeom VERSION \([0-9.]*\).*/\1/p' "$data/../../CMakeLists.txt")
check "--version prints project(VERSION)" test "$("$bin" --version)" = "exactgeom $version" -a -n "$version"
"$bin" frobnicate > /dev/null 2>&1
check "unknown subcommand exits 2" test $? -eq 2

echo "$passed passed, $failed failed"
test "$failed" -eq 0

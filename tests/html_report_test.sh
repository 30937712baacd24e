#!/usr/bin/env bash
# The audit's HTML page (exactgeom/audit/html.hpp) as a browser shows it: an
# audit is run with --html, the page is rendered by headless Chromium (a
# screenshot, and the DOM after its script ran), and the page must draw
# every kept case (its script sets body's data-ok="1" and data-drawings to
# the number of <svg class="case"> that drew something in their view) and
# fetch nothing. Usage: html_report_test.sh EXACTGEOM_BINARY
# Exit 77 (skipped) without chromium-headless-shell or chromium.
set -u
bin=$1
browser=""
for b in /usr/bin/chromium-headless-shell chromium-headless-shell /usr/bin/chromium chromium; do
  if command -v "$b" > /dev/null 2>&1; then
    browser=$(command -v "$b")
    break
  fi
done
if [ -z "$browser" ]; then
  echo "skipped: no chromium-headless-shell or chromium"
  exit 77
fi
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

# The page's own profile directory: nothing of the user's is read or written.
render() {  # render PAGE ARGS...: headless Chromium on the file, no network use needed
  timeout 120 "$browser" --no-sandbox --headless --disable-gpu --user-data-dir="$tmp/profile" \
    --window-size=1200,4000 "${@:2}" "file://$1" 2> "$tmp/browser.err"
}

# A reference to anything outside the page: a src or href that is a URL
# (the SVGs' xmlns is a name, not a fetch), a stylesheet link, an import, a url().
external_refs() {  # external_refs FILE: prints the offending text, if any
  grep -Eio "(src|href)[[:space:]]*=[[:space:]]*[\"']?[[:space:]]*([a-z]+:)?//[^\"' >]*|<link[^>]*>|@import|url\(" "$1"
}

png_ok() {  # png_ok FILE: a PNG of the window's size, big enough to have drawn something
  [ -s "$1" ] || return 1
  [ "$(head -c 8 "$1" | od -An -tx1 | tr -d ' \n')" = "89504e470d0a1a0a" ] || return 1
  local size
  size=$(od -An -tu1 -j16 -N8 "$1" | awk '{print $1*16777216+$2*65536+$3*256+$4 "x" $5*16777216+$6*65536+$7*256+$8}')
  [ "$size" = "1200x4000" ] || { echo "screenshot is $size"; return 1; }
  # A blank 1200x4000 page compresses to a few kilobytes; bars, text and drawings do not.
  [ "$(wc -c < "$1")" -gt 30000 ]
}

# check_page NAME COMMAND...: COMMAND prints its reports as Markdown and
# takes --html FILE (`exactgeom audit`, or any program on audit_main); it
# must keep wrong cases, and its page must show each of them.
check_page() {
  local name=$1
  shift
  local page="$tmp/$name.html"
  "$@" --html "$page" > "$tmp/$name.md"
  check "$name: the audit exits 0" test $? -eq 0
  check "$name: the page is written" test -s "$page"
  # Kept cases: one query line each in the Markdown ("  `{...}`").
  local kept
  kept=$(grep -c '^  `{' "$tmp/$name.md")
  check "$name: the audit keeps wrong cases" test "$kept" -gt 0
  check "$name: one drawing per kept case in the page" test "$(grep -o '<svg class="case"' "$page" | wc -l)" -eq "$kept"
  check "$name: the page refers to nothing outside it" test -z "$(external_refs "$page")"
  external_refs "$page" | head -5
  render "$page" --screenshot="$tmp/$name.png" > /dev/null
  check "$name: screenshot" png_ok "$tmp/$name.png"
  render "$page" --dump-dom > "$tmp/$name.dom"
  check "$name: the DOM is dumped" test -s "$tmp/$name.dom"
  local body
  body=$(grep -o '<body[^>]*>' "$tmp/$name.dom" | head -1)
  check "$name: every drawing drew (data-ok=\"1\")" grep -q 'data-ok="1"' <<< "$body"
  check "$name: data-drawings is the kept cases ($kept)" grep -q "data-drawings=\"$kept\"" <<< "$body"
  if ! grep -q 'data-ok="1"' <<< "$body"; then
    echo "$name: $body"
    grep -o '<div id="problems"[^<]*' "$tmp/$name.dom" | head -3
    tail -5 "$tmp/browser.err"
  fi
  check "$name: the rendered DOM refers to nothing outside it" test -z "$(external_refs "$tmp/$name.dom")"
}

# The pages: one check_page line each.
# A box audit: a float separating-axis test, wrong (rounding-level) in the
# touching families at 50 cases.
check_page box "$bin" audit --algorithm box3d/obb_sat_float --cases 50 --keep 3
# The mesh audit's page (issue 41): examples/audit_mesh_contact, a program on
# audit_main, the float mesh contact loops and a discrete cast against the
# exact union answers (the second argument; the test needs it).
mesh_program=${2:?html_report_test.sh: the second argument is the audit_mesh_contact program}
check_page mesh "$mesh_program" --cases 30 --keep 2

# `exactgeom report --html` (issue 56): a short report (few benchmarks, few
# cases), its page rendered: a heat map per accuracy table, a drawing per
# mesh family, bars per speed table, every one drawn; the Markdown the same
# as without --html but for the timings.
report_args=(report --cases 20 --processes 2 --min-time 0.01 --filter 'orient2d/(exact|float)/random$|segment_distance2/(exact|float)/random$')
"$bin" "${report_args[@]}" --html "$tmp/report.html" > "$tmp/report.md"
check "report --html exits 0" test $? -eq 0
check "report --html: the page is written" test -s "$tmp/report.html"
"$bin" "${report_args[@]}" > "$tmp/report_plain.md"
check "report --html: the Markdown before the timings is unchanged" \
  cmp <(sed '/^## Speed/q' "$tmp/report.md") <(sed '/^## Speed/q' "$tmp/report_plain.md")
speed_tables=$(sed -n '/^## Speed/,$p' "$tmp/report.md" | grep -c '^### ')
accuracy_tables=$(grep -c '^## Accuracy' "$tmp/report.md")
families=$(grep -A3 '^## Accuracy: float contact loops against meshes' "$tmp/report.md" >/dev/null &&
  sed -n '/^## Accuracy: float contact loops against meshes/,/^## /p' "$tmp/report.md" | grep -m1 '^| algorithm' |
  awk -F'|' '{print NF - 3}')
check "report: speed tables ($speed_tables) drawn as bars" \
  test "$(grep -o '<svg class="chart bars"' "$tmp/report.html" | wc -l)" -eq "$speed_tables" -a "$speed_tables" -gt 0
check "report: accuracy tables ($accuracy_tables) drawn as heat maps" \
  test "$(grep -o '<svg class="chart heat"' "$tmp/report.html" | wc -l)" -eq "$accuracy_tables" -a "$accuracy_tables" -eq 3
check "report: every mesh family ($families) drawn" \
  test "$(grep -o '<svg class="chart family"' "$tmp/report.html" | wc -l)" -eq "$families" -a "$families" -gt 0
check "report: targets drawn as lines" grep -q '<line class="target"' "$tmp/report.html"
check "report: the page refers to nothing outside it" test -z "$(external_refs "$tmp/report.html")"
charts=$(grep -o '<svg class="chart' "$tmp/report.html" | wc -l)
render "$tmp/report.html" --screenshot="$tmp/report.png" > /dev/null
check "report: screenshot" png_ok "$tmp/report.png"
render "$tmp/report.html" --dump-dom > "$tmp/report.dom"
body=$(grep -o '<body[^>]*>' "$tmp/report.dom" | head -1)
check "report: every chart drew (data-ok=\"1\")" grep -q 'data-ok="1"' <<< "$body"
check "report: data-charts is the charts in the page ($charts)" grep -q "data-charts=\"$charts\"" <<< "$body"
"$bin" report --filter 'orient2d/float/random$' --processes 1 --min-time 0.01 --cases 5 \
  --html "$tmp/no such dir/r.html" > /dev/null 2> "$tmp/err"
check "report --html to an unwritable file exits 2" test $? -eq 2
check "report --html to an unwritable file names it" grep -q "no such dir/r.html" "$tmp/err"

# --merge --html: the page of merged shards is the unsharded run's page.
"$bin" audit --algorithm box3d/obb_sat_float --cases 50 --keep 3 --html "$tmp/whole.html" > /dev/null
for i in 0 1; do
  "$bin" audit --algorithm box3d/obb_sat_float --cases 50 --keep 3 --shard $i/2 --json > "$tmp/shard$i.jsonl"
done
"$bin" audit --merge --html "$tmp/merged.html" "$tmp/shard0.jsonl" "$tmp/shard1.jsonl" > /dev/null
check "--merge --html exits 0" test $? -eq 0
check "--merge --html: the unsharded run's page" cmp "$tmp/whole.html" "$tmp/merged.html"
"$bin" audit --algorithm box3d/obb_sat_float --cases 5 --html "$tmp/no such dir/a.html" > /dev/null 2> "$tmp/err"
check "--html to an unwritable file exits 2" test $? -eq 2
check "--html to an unwritable file names it" grep -q "no such dir/a.html" "$tmp/err"

echo "html_report_test: $passed passed, $failed failed"
[ "$failed" -eq 0 ]

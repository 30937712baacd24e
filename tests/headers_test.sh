#!/bin/bash
# Every public header compiles on its own, included first (a header that
# leans on another being included before it breaks a user's build).
# Usage: headers_test.sh CXX INCLUDE_DIR [more -I dirs...]
set -u
cxx=$1
inc=$2
shift 2
flags=(-std=c++20 -fsyntax-only -I"$inc")
for d in "$@"; do flags+=(-I"$d"); done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
count=0
for h in $(cd "$inc" && ls exactgeom/*.hpp exactgeom/audit/*.hpp exactgeom/reference/*.hpp); do
  printf '#include "%s"\n#include "%s"\nint main() {}\n' "$h" "$h" > "$tmp/t.cpp"
  if ! "$cxx" "${flags[@]}" "$tmp/t.cpp" 2> "$tmp/err"; then
    echo "FAIL: $h does not compile on its own:"
    head -5 "$tmp/err"
    fail=1
  fi
  count=$((count + 1))
done
[ "$count" -gt 20 ] || { echo "FAIL: found only $count headers under $inc"; exit 1; }
[ "$fail" = 0 ] && echo "all $count public headers compile on their own"
exit $fail

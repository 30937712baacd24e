#!/usr/bin/env bash
# Sets up a fresh Debian machine for exactgeom and builds it:
#  1. installs the Debian packages that are missing (and only those);
#  2. configures with CMake + Ninja into ./build and builds everything.
# Environment: BUILD_DIR (default build), CMAKE_ARGS (extra configure args),
# EXACTGEOM_WERROR=1 (warnings are errors, as in CI).
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(cmake ninja-build g++ libboost-dev libgmp-dev libgtest-dev libbenchmark-dev libsimdjson-dev pkg-config python3)
# Optional: the engines that examples/audits checks (skipped when absent).
# GEOS's C++ API headers are in libgeos++-dev.
# CGAL (libcgal-dev): the peer comparison (bench/cgal_bench.cpp, tests/cgal_agreement_test.cpp).
optional_packages=(libbullet-dev libbox2d-dev libgeos-dev libgeos++-dev libfcl-dev libcgal-dev)
missing=()
for p in "${packages[@]}" "${optional_packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "bootstrap: installing ${missing[*]}"
  sudo_cmd=()
  [[ $(id -u) -eq 0 ]] || sudo_cmd=(sudo)
  "${sudo_cmd[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

build_dir=${BUILD_DIR:-build}
args=(-G Ninja -DCMAKE_BUILD_TYPE=Release)
[[ ${EXACTGEOM_WERROR:-0} == 1 ]] && args+=(-DEXACTGEOM_WARNINGS_AS_ERRORS=ON)
command -v ccache >/dev/null && args+=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
# shellcheck disable=SC2086
cmake -S . -B "$build_dir" "${args[@]}" ${CMAKE_ARGS:-}
cmake --build "$build_dir"

#!/usr/bin/env bash
# Sets up a fresh Debian machine for exactgeom and builds it:
#  1. installs the required Debian packages that are missing (and only those);
#     with --with-engines also the optional ones: the engines examples/audits
#     checks (Bullet, Box2D, GEOS, FCL, ODE, Chipmunk), CGAL, the peer
#     comparison, assimp, eval's reader of model files, and headless Chromium
#     for the test of the audit's HTML page;
#  2. configures with CMake + Ninja into ./build and builds: without options
#     only what README command 1 runs -- the library, the `exactgeom` command
#     and the benchmark suite its report times (the first table of the
#     report comes minutes sooner); with --with-engines or --all everything
#     that the installed packages allow (the tests, the engine audits, the
#     Python module; what is skipped, CMake says, and `exactgeom report`
#     names).
# Usage: scripts/bootstrap.sh [--with-engines] [--all]
# Environment: BUILD_DIR (default build), CMAKE_ARGS (extra configure args),
# EXACTGEOM_WERROR=1 (warnings are errors, as in CI).
set -euo pipefail
cd "$(dirname "$0")/.."

with_engines=0
all=0
for arg in "$@"; do
  case $arg in
    --with-engines) with_engines=1 all=1 ;;
    --all) all=1 ;;
    -h|--help) sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "bootstrap: unknown option '$arg' (see --help)" >&2; exit 2 ;;
  esac
done

# Required: the compiler and build tools, the library's dependencies (Boost,
# GMP), the tests' and benchmarks' (GoogleTest, Google Benchmark, python3 for
# the command's tests, GNU parallel for its sharded-audit test), the query
# reader's (simdjson), the audit report reader's (nlohmann-json, header
# only, a build requirement of the library), and the Python module's (docs/python.md: pybind11,
# the headers, NumPy, pytest; pip, setuptools, wheel and venv for its
# `pip install` test; Dask for the tests of the optional exactgeom.dask).
# valgrind: `exactgeom report --instructions` (callgrind counts each benchmark's
# instructions; its client-request header is compiled into the benchmarks).
packages=(cmake ninja-build g++ libboost-dev libgmp-dev libgtest-dev libbenchmark-dev libsimdjson-dev nlohmann-json3-dev pkg-config python3 parallel valgrind
          pybind11-dev python3-pybind11 python3-dev python3-numpy python3-pytest
          python3-pip python3-setuptools python3-wheel python3-venv python3-dask python3-distributed)
# Optional (--with-engines): the engines that examples/audits checks, GEOS's
# C++ API headers being in libgeos++-dev, and CGAL (bench/cgal_bench.cpp,
# tests/cgal_agreement_test.cpp).
# assimp: `exactgeom eval --mesh` reading OBJ/PLY/STL/glTF model files, and
# its test models: the real model of the mesh benchmarks (bench/mesh_bench.cpp).
# ODE and Chipmunk: the mesh and chain audits of examples/audits
# (docs/auditing_meshes.md). chromium-headless-shell: the test that renders
# `exactgeom audit --html` pages in a real browser. doxygen: the API
# reference (`cmake --build build --target docs`).
optional_packages=(libbullet-dev libbox2d-dev libgeos-dev libgeos++-dev libfcl-dev libcgal-dev libassimp-dev
                   assimp-testmodels libode-dev libchipmunk-dev chromium-headless-shell doxygen)
wanted=("${packages[@]}")
((with_engines)) && wanted+=("${optional_packages[@]}")
missing=()
for p in "${wanted[@]}"; do
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
if ((all)); then
  cmake --build "$build_dir"
else
  # README command 1: the command alone (it links the library, the audit and
  # the benchmark suite); `--all` or `--with-engines` builds the rest.
  cmake --build "$build_dir" --target exactgeom_tool
fi

// tools/eval_cmd.cpp: `exactgeom eval [FILE]`, the command-line face of the
// query engine in src/query (docs/queries.md).
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <stdexcept>
#include <string>

#include "commands.hpp"
#include "query/eval.hpp"
#include "query/meshes.hpp"

namespace exactgeom::tool {
namespace {

constexpr const char* kUsage =
    "usage: exactgeom eval [--threads N] [--max-line-bytes N] [--mesh NAME=FILE]...\n"
    "                      [--quiet] [FILE]\n"
    "\n"
    "Reads queries, one JSON object per line (docs/queries.md: orient2d,\n"
    "orient3d, incircle, insphere, segment_intersection, segment_distance2,\n"
    "capsule_capsule, capsule_triangle, segment_triangle_distance2, contact,\n"
    "sweep, ccd), from FILE or standard input, and writes one exact answer per line\n"
    "to standard output, in input order, each as soon as its line has arrived.\n"
    "Every line within the documented limits (hulls and polygons of at most\n"
    "256 points, any finite double) is answered in bounded time: under a\n"
    "second per line on the hostile full-range lines of tests/tool_test.sh.\n"
    "One side of contact and sweep may be a triangle mesh or a 2-D chain\n"
    "(docs/queries.md, \"Meshes and chains\"): inline, at most 65536\n"
    "vertices and 65536 faces (chain points) per line, or named. ccd is the\n"
    "exact first contact of a moving vertex-face or edge-edge pair\n"
    "(\"Moving primitives\"): hit, toi and toi_lo.\n"
    "A line that is not strict JSON (RFC 8259: no trailing commas, no\n"
    "leading zeros, no repeated keys), is nested deeper than 64 levels, is\n"
    "longer than the line limit, or cannot be answered gets\n"
    "{\"id\":...,\"error\":\"...\",\"line\":N} (id null when the line has no\n"
    "readable id) and the run goes on; blank lines are skipped. Memory stays\n"
    "bounded for any input.\n"
    "\n"
    "Exit status: 0 when every line was answered, 1 when any line was an\n"
    "error, 2 on a usage error, when FILE or a --mesh file cannot be read (or\n"
    "is not a valid mesh), or when the output cannot be written.\n"
    "\n"
    "options:\n"
    "  --threads N  answer on N threads (default: all cores); output is the\n"
    "               same, byte for byte, for any N\n"
    "  --max-line-bytes N\n"
    "               the longest line read, newline excluded (default\n"
    "               16777216 = 16 MiB; 1 to 1073741824); a longer line is an\n"
    "               error line, skipped without being held in memory\n"
    "  --mesh NAME=FILE\n"
    "               read the mesh in FILE (one JSON object {\"v\": [points],\n"
    "               \"f\": [[i, j, k], ...]}, exact as a line's; at most\n"
    "               16777216 vertices and as many faces) once, before any\n"
    "               line; lines name it {\"mesh\": \"NAME\", \"r\": r}. A FILE\n"
    "               ending in .obj, .ply, .stl, .gltf, .glb, .fbx, .dae, .3ds\n"
    "               or .off is read through assimp (when built with it) as\n"
    "               the float mesh an engine holds. Repeat for more meshes;\n"
    "               a name given twice is an error\n"
    "  --quiet      no progress line (shown on standard error when that is a\n"
    "               terminal and the output is not: lines answered, lines per\n"
    "               second and errors, and for a FILE the share read and the\n"
    "               time left)\n"
    "  -h, --help   print this help and exit\n";

}  // namespace

int run_eval(int argc, char** argv) {
  query::EvalOptions options;
  // On a terminal the answers themselves show how far it got.
  options.progress = isatty(STDERR_FILENO) != 0 && isatty(STDOUT_FILENO) == 0;
  std::string file;
  try {
    for (int i = 1; i < argc; ++i) {
      const std::string arg = argv[i];
      std::string value;
      if (arg == "-h" || arg == "--help") {
        std::fputs(kUsage, stdout);
        return 0;
      } else if (take_value(argc, argv, i, "--threads", value)) {
        const auto n = parse_count(value, "--threads");
        if (n == 0 || n > 1024) throw std::invalid_argument("--threads wants 1 to 1024");
        options.threads = static_cast<unsigned>(n);
      } else if (take_value(argc, argv, i, "--max-line-bytes", value)) {
        const auto n = parse_count(value, "--max-line-bytes");
        if (n == 0 || n > (1ull << 30))
          throw std::invalid_argument("--max-line-bytes wants 1 to 1073741824");
        options.max_line_bytes = static_cast<std::size_t>(n);
      } else if (take_value(argc, argv, i, "--mesh", value)) {
        const auto eq = value.find('=');
        if (eq == std::string::npos || eq == 0 || eq + 1 == value.size())
          throw std::invalid_argument("--mesh wants NAME=FILE");
        options.meshes.emplace_back(value.substr(0, eq), value.substr(eq + 1));
      } else if (arg == "--quiet") {
        options.progress = false;
      } else if (arg.size() > 1 && arg[0] == '-') {
        throw std::invalid_argument("unknown option '" + arg + "'");
      } else if (file.empty()) {
        file = arg;
      } else {
        throw std::invalid_argument("more than one FILE given");
      }
    }
  } catch (const std::invalid_argument& e) {
    std::fprintf(stderr, "exactgeom eval: %s\nRun 'exactgeom eval --help' for usage.\n", e.what());
    return 2;
  }
  std::FILE* in = stdin;
  if (!file.empty() && file != "-") {
    in = std::fopen(file.c_str(), "rb");
    if (!in) {
      std::fprintf(stderr, "exactgeom eval: cannot open '%s': %s\n", file.c_str(), std::strerror(errno));
      return 2;
    }
  }
  query::EvalResult r;
  try {
    r = query::run_eval(in, stdout, options);
  } catch (const query::MeshFileError& e) {  // names its file
    std::fprintf(stderr, "exactgeom eval: %s\n", e.what());
    if (in != stdin) std::fclose(in);
    return 2;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "exactgeom eval: %s%s%s\n", e.what(), file.empty() ? "" : ": ", file.c_str());
    if (in != stdin) std::fclose(in);
    return 2;
  }
  if (in != stdin) std::fclose(in);
  return r.errors == 0 ? 0 : 1;
}

}  // namespace exactgeom::tool

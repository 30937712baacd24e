// tools/audit_cmd.cpp: `exactgeom audit`: the library's own float versions
// (tools/audit_registry.cpp) against the exact functions.
#include <cstdio>
#include <regex>
#include <stdexcept>
#include <string>

#include "audit_registry.hpp"
#include "commands.hpp"

namespace exactgeom::tool {
namespace {

// Bounds of the numeric options: past these a run would take days or print
// more than anyone reads, so they are refused rather than started.
constexpr unsigned long long kMaxCases = 100'000'000;  // per family
constexpr unsigned long long kMaxKeep = 1000;

constexpr const char* kUsage =
    "usage: exactgeom audit [--algorithm NAME|all] [--cases N] [--seed S]\n"
    "                       [--shard I/N] [--keep K] [--json] [--list]\n"
    "\n"
    "Runs the library's float versions (the naive predicates and the source\n"
    "articles' algorithms) and the exact functions over deterministic case\n"
    "families (random, near_degenerate, touching, parallel_zero_length,\n"
    "far_from_origin, classroom) and prints, per algorithm and family, the\n"
    "cases run, the wrong answers (false positives / negatives for boolean\n"
    "tests; the ULP error distribution for distances) and the smallest wrong\n"
    "cases, shrunk, as query lines that `exactgeom eval` replays.\n"
    "\n"
    "options:\n"
    "  --algorithm NAME  one algorithm (see --list), a regular expression\n"
    "                    matching several (at most 256 characters), or all\n"
    "                    (default)\n"
    "  --cases N         cases per family before sharding (default 10000,\n"
    "                    at most 100000000)\n"
    "  --seed S          the cases' seed (default 1)\n"
    "  --shard I/N       run only cases i with i mod N = I (0 <= I < N): N\n"
    "                    shards together run exactly the unsharded audit, so\n"
    "                    their counts add up\n"
    "  --keep K          smallest wrong cases kept per family (default 3,\n"
    "                    at most 1000)\n"
    "  --json            one JSON object per algorithm, one per line\n"
    "  --list            list the algorithms and exit\n"
    "  --self-check      test the audit itself: audit each exact function\n"
    "                    against itself (<op>/exact_self, must have no wrong\n"
    "                    case) and against a deliberately wrong twin, the\n"
    "                    exact function on the case rounded to float\n"
    "                    (<op>/exact_through_float, must have wrong cases);\n"
    "                    exits 1 when either fails\n"
    "  -h, --help        print this help and exit\n"
    "\n"
    "Exit status: 0 when the audit ran (wrong answers of float code are\n"
    "findings, not failures), 1 when --self-check failed, 2 on a usage error\n"
    "or when the output cannot be written.\n";

}  // namespace

int run_audit(int argc, char** argv) {
  AuditOptions o;
  std::string algorithm = "all";
  bool json = false, list = false, self_check = false;
  try {
    for (int i = 1; i < argc; ++i) {
      const std::string arg = argv[i];
      std::string v;
      if (arg == "-h" || arg == "--help") {
        std::fputs(kUsage, stdout);
        return 0;
      } else if (take_value(argc, argv, i, "--algorithm", v)) {
        if (v.empty() || v.size() > kMaxPatternLength)
          throw std::invalid_argument("--algorithm wants a name or pattern of 1 to " +
                                      std::to_string(kMaxPatternLength) + " characters");
        algorithm = v;
      } else if (take_value(argc, argv, i, "--cases", v)) {
        o.cases = parse_count(v, "--cases");
        if (o.cases == 0 || o.cases > kMaxCases)
          throw std::invalid_argument("--cases wants 1 to " + std::to_string(kMaxCases));
      } else if (take_value(argc, argv, i, "--seed", v)) {
        o.seed = parse_count(v, "--seed");
      } else if (take_value(argc, argv, i, "--keep", v)) {
        o.keep = parse_count(v, "--keep");
        if (o.keep > kMaxKeep)
          throw std::invalid_argument("--keep wants 0 to " + std::to_string(kMaxKeep));
      } else if (take_value(argc, argv, i, "--shard", v)) {
        const auto slash = v.find('/');
        if (slash == std::string::npos) throw std::invalid_argument("--shard wants I/N, e.g. 0/4");
        o.shard_index = parse_count(v.substr(0, slash), "--shard I");
        o.shard_count = parse_count(v.substr(slash + 1), "--shard N");
        if (o.shard_count == 0 || o.shard_index >= o.shard_count || o.shard_count > kMaxCases)
          throw std::invalid_argument("--shard I/N wants 0 <= I < N <= " + std::to_string(kMaxCases));
      } else if (arg == "--json") {
        json = true;
      } else if (arg == "--list") {
        list = true;
      } else if (arg == "--self-check") {
        self_check = true;
      } else {
        throw std::invalid_argument("unknown option '" + arg + "'");
      }
    }
  } catch (const std::invalid_argument& e) {
    std::fprintf(stderr, "exactgeom audit: %s\nRun 'exactgeom audit --help' for usage.\n", e.what());
    return 2;
  }
  const std::vector<AuditSubject> subjects =
      self_check ? tools::self_check_subjects() : tools::audit_subjects();
  if (list) {
    for (const auto& s : subjects) std::printf("%s\n", s.name.c_str());
    return finish_output("audit", 0);
  }
  std::regex pattern;
  try {
    pattern = std::regex(algorithm == "all" ? std::string(".*") : algorithm);
  } catch (const std::regex_error&) {
    std::fprintf(stderr, "exactgeom audit: --algorithm '%s' is not a valid pattern\n", algorithm.c_str());
    return 2;
  }
  int status = 0;
  int ran = 0;
  for (const auto& s : subjects) {
    if (algorithm != s.name && !std::regex_match(s.name, pattern)) continue;
    const AuditReport r = exactgeom::run_audit(s, o);
    std::fputs(json ? (r.json() + "\n").c_str() : r.markdown().c_str(), stdout);
    if (self_check) {
      const bool twin = s.name.ends_with("/exact_through_float");
      if (twin ? r.wrong() == 0 : r.wrong() != 0) {
        std::fprintf(stderr, "exactgeom audit --self-check: %s has %zu wrong cases, %s\n", s.name.c_str(),
                     r.wrong(), twin ? "the audit missed a deliberately wrong function" : "it must have none");
        status = 1;
      }
    }
    // Stop at once when the output is lost rather than audit on for nothing.
    if (std::ferror(stdout)) break;
    ++ran;
  }
  if (ran == 0 && !std::ferror(stdout)) {
    std::fprintf(stderr, "exactgeom audit: no algorithm matches '%s' (see --list)\n", algorithm.c_str());
    status = 2;
  }
  return finish_output("audit", status);
}

}  // namespace exactgeom::tool

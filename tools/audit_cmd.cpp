// tools/audit_cmd.cpp: `exactgeom audit`: the library's own float versions
// (tools/audit_registry.cpp) against the exact functions.

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>
#include <stdexcept>
#include <limits>
#include <string>
#include <vector>

#include "audit_registry.hpp"
#include "commands.hpp"
#include "exactgeom/audit/html.hpp"

namespace exactgeom::tool {
using namespace exactgeom::audit;
namespace {

// Bounds of the numeric options: past these a run would take days or print
// more than anyone reads, so they are refused rather than started.
constexpr unsigned long long kMaxCases = 100'000'000;  // per family
constexpr unsigned long long kMaxKeep = 1000;

constexpr const char* kUsage =
    "usage: exactgeom audit [--algorithm NAME|all] [--cases N] [--seed S]\n"
    "                       [--shard I/N] [--keep K] [--tolerance X] [--unit U]\n"
    "                       [--gross-band B] [--json] [--html FILE] [--list]\n"
    "                       [--self-check] [--quiet]\n"
    "       exactgeom audit --merge [--json] [--html FILE] FILE...\n"
    "\n"
    "Runs the library's float versions (the naive predicates and the source\n"
    "articles' algorithms) and the exact functions over deterministic case\n"
    "families (below) and prints, per algorithm and family, the\n"
    "cases run, the wrong answers (false positives / negatives for boolean\n"
    "tests; the ULP error distribution for distances), how many of them are\n"
    "gross (their case is more than the gross band from the decision\n"
    "boundary: a bug rather than rounding), and the smallest wrong cases,\n"
    "gross first, shrunk, as query lines that `exactgeom eval` replays.\n"
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
    "  --tolerance X     a real answer is wrong when its error exceeds X\n"
    "                    (default 1) in the unit --unit names\n"
    "  --unit U          exact_ulps (ULPs of the exact value, the default),\n"
    "                    scale_ulps (ULPs of the case's scale: its largest\n"
    "                    coordinate or radius magnitude) or absolute\n"
    "  --gross-band B    a wrong answer is gross when its case is more than B\n"
    "                    ULPs of its scale from the decision boundary\n"
    "                    (default 64)\n"
    "  --json            one JSON object per algorithm, one per line\n"
    "  --html FILE       also write the reports as one self-contained HTML\n"
    "                    page to FILE: the families as bars, the error\n"
    "                    histogram, each kept wrong case drawn (with --merge:\n"
    "                    the merged reports); the usual output is unchanged\n"
    "  --merge FILE...   merge the --json outputs of shards 0..N-1 of one run\n"
    "                    (any order) into exactly the unsharded run's output\n"
    "                    (Markdown, or JSON with --json)\n"
    "  --quiet           no progress line (shown on standard error when that\n"
    "                    is a terminal and the output is not: the algorithms\n"
    "                    and cases done, the rate, and the time left at that\n"
    "                    rate)\n"
    "  --list            list the algorithms and exit\n"
    "  --self-check      test the audit itself: audit each exact function\n"
    "                    against itself (<op>/exact_self, must have no wrong\n"
    "                    case) and each float algorithm with a bug planted in\n"
    "                    one case of four (<name>/seeded_bug: an answer\n"
    "                    flipped or moved by 2^-10 of the case's scale), which\n"
    "                    must be rated gross (in the random family, and so\n"
    "                    overall); exits 1 when either fails\n"
    "  -h, --help        print this help and exit\n"
    "\n"
    "Case families (each algorithm runs those that fit its inputs; the\n"
    "report names them):\n"
    "  random                uniform in a box of side 20 (radii in [0, 2])\n"
    "  near_degenerate       nearly collinear, coplanar, cocircular, parallel\n"
    "  touching              exactly touching, and one ULP in or out\n"
    "  parallel_zero_length  parallel axes, zero-length axes\n"
    "  far_from_origin       near-degenerate cases offset by 1e3 .. 1e9\n"
    "  classroom             Kettner et al.'s grid around (0.5, 0.5)\n"
    "  collinear_gaps        shape pairs: axes on one line or parallel lines,\n"
    "                        overlapping, touching end to end, apart\n"
    "  nearly_parallel       axes 1e-7 .. 1e-2 rad from parallel, near touching\n"
    "  zero_length           a zero-length axis first, second or both\n"
    "  large_offsets         touching and collinear cases offset by 1e9 .. 1e15\n"
    "  piercing_triangle     an axis through a triangle, ending on it, or beside\n"
    "                        an edge in its plane\n"
    "  degenerate_triangle   triangles with collinear or coincident corners\n"
    "  resting_faces         box pairs face to face: exactly touching, one ULP\n"
    "                        in or out\n"
    "  deep_overlap          box pairs nested, equal, or centres within 1/8\n"
    "  degenerate_hull       hulls flat, collinear, of repeated points or one\n"
    "                        point, touching the other shape\n"
    "  stacked               a shape resting on another in a stack of 2 to 8,\n"
    "                        centres summed up the stack in the sides' type\n"
    "  vertex_on_face        a corner of one shape on the inside of the\n"
    "                        other's face\n"
    "  float_rotations       rotations made from float quaternions in float\n"
    "  grazing_cast          (sweeps) a corner sliding over a face's edge at\n"
    "                        touching height\n"
    "  edge_edge             (3-D, with a box or hull) an edge of each shape\n"
    "                        crossing the other's at touching, frames at random\n"
    "                        angles or nearly parallel\n"
    "  (box pairs also have random, touching, nearly_parallel and\n"
    "  far_from_origin versions: rotated boxes moved to touching)\n"
    "\n"
    "Exit status: 0 when the audit ran (wrong answers of float code are\n"
    "findings, not failures), 1 when --self-check failed, 2 on a usage error\n"
    "or when the output (or the --html page) cannot be written.\n";

/// A finite number >= 0 from option text, or std::invalid_argument.
double parse_nonnegative(const std::string& v, const char* what) {
  char* end = nullptr;
  const double x = v.empty() ? -1 : std::strtod(v.c_str(), &end);
  if (v.empty() || *end != '\0' || !std::isfinite(x) || !(x >= 0))
    throw std::invalid_argument(std::string(what) + " wants a finite number >= 0");
  return x;
}

/// --html FILE: the reports' page; false (and a message) when it cannot
/// be written.
bool write_page(const std::string& html, const std::vector<AuditReport>& reports) {
  if (html.empty()) return true;
  try {
    write_html_report(html, reports, "exactgeom audit");
    return true;
  } catch (const std::runtime_error& e) {
    std::fprintf(stderr, "exactgeom audit: --html: %s\n", e.what());
    return false;
  }
}

/// `exactgeom audit --merge FILE...`: the --json outputs of the shards of
/// one run, merged into exactly the unsharded run's output.
int merge_files(const std::vector<std::string>& files, bool json, const std::string& html) {
  std::vector<AuditReport> merged;  // for --html
  std::vector<std::string> order;  // algorithms, in the order the run prints them
  std::map<std::string, std::vector<AuditReport>> by_algorithm;
  try {
    for (const std::string& name : files) {
      std::ifstream in(name);
      if (!in) throw std::invalid_argument("cannot open '" + name + "'");
      std::string line;
      std::size_t number = 0;
      while (std::getline(in, line)) {
        ++number;
        if (line.empty()) continue;
        try {
          AuditReport r = AuditReport::from_json(line);
          if (!by_algorithm.count(r.algorithm)) order.push_back(r.algorithm);
          by_algorithm[r.algorithm].push_back(std::move(r));
        } catch (const invalid_input& e) {
          throw std::invalid_argument(name + ":" + std::to_string(number) + ": " + e.what());
        }
      }
    }
    if (order.empty()) throw std::invalid_argument("no report in the files given");
    for (const std::string& a : order) {
      AuditReport m = merge_reports(by_algorithm[a]);
      std::fputs(json ? (m.json() + "\n").c_str() : m.markdown().c_str(), stdout);
      if (!html.empty()) merged.push_back(std::move(m));
    }
  } catch (const std::invalid_argument& e) {
    std::fprintf(stderr, "exactgeom audit --merge: %s\n", e.what());
    return 2;
  }
  return finish_output("audit", write_page(html, merged) ? 0 : 2);
}

}  // namespace

int run_audit(int argc, char** argv) {
  AuditOptions o;
  std::string algorithm = "all";
  std::string html;  // --html FILE
  bool json = false, list = false, self_check = false, merge = false;
  // On a terminal the reports themselves show how far it got.
  bool progress = isatty(STDERR_FILENO) != 0 && isatty(STDOUT_FILENO) == 0;
  std::string run_option;  // the first option that runs an audit (refused with --merge)
  std::vector<std::string> merge_inputs;
  try {
    for (int i = 1; i < argc; ++i) {
      const std::string arg = argv[i];
      std::string v;
      if (arg.starts_with("--") && arg != "--json" && arg != "--merge" && arg != "--quiet" &&
          !arg.starts_with("--html") && run_option.empty())
        run_option = arg.substr(0, arg.find('='));
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
      } else if (take_value(argc, argv, i, "--tolerance", v)) {
        o.tolerance.value = parse_nonnegative(v, "--tolerance");
      } else if (take_value(argc, argv, i, "--unit", v)) {
        if (v == "exact_ulps") o.tolerance.unit = Unit::exact_ulps;
        else if (v == "scale_ulps") o.tolerance.unit = Unit::scale_ulps;
        else if (v == "absolute") o.tolerance.unit = Unit::absolute;
        else throw std::invalid_argument("--unit wants exact_ulps, scale_ulps or absolute");
      } else if (take_value(argc, argv, i, "--gross-band", v)) {
        o.gross_band = parse_nonnegative(v, "--gross-band");
      } else if (take_value(argc, argv, i, "--html", v)) {
        if (v.empty()) throw std::invalid_argument("--html wants a file name");
        html = v;
      } else if (arg == "--merge") {
        merge = true;
      } else if (merge && !arg.starts_with("-")) {
        merge_inputs.push_back(arg);
      } else if (arg == "--json") {
        json = true;
      } else if (arg == "--list") {
        list = true;
      } else if (arg == "--self-check") {
        self_check = true;
      } else if (arg == "--quiet") {
        progress = false;
      } else {
        throw std::invalid_argument("unknown option '" + arg + "'");
      }
    }
  } catch (const std::invalid_argument& e) {
    std::fprintf(stderr, "exactgeom audit: %s\nRun 'exactgeom audit --help' for usage.\n", e.what());
    return 2;
  }
  if (merge) {
    if (!run_option.empty()) {
      std::fprintf(stderr, "exactgeom audit: --merge takes only --json and the files, not %s\n",
                   run_option.c_str());
      return 2;
    }
    if (merge_inputs.empty()) {
      std::fprintf(stderr, "exactgeom audit: --merge wants the --json files of the shards\n");
      return 2;
    }
    return merge_files(merge_inputs, json, html);
  }
  const std::vector<AuditSubject> subjects =
      self_check ? tool::self_check_subjects() : tool::audit_subjects();
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
  std::vector<AuditReport> reports;  // for --html
  auto chosen = [&](const AuditSubject& s) { return algorithm == s.name || std::regex_match(s.name, pattern); };
  // The progress line: algorithms and cases done, the rate, and the time
  // left if the algorithms still to run take as long as those done.
  const auto total = static_cast<std::size_t>(std::count_if(subjects.begin(), subjects.end(), chosen));
  const auto t0 = std::chrono::steady_clock::now();
  std::size_t cases_done = 0;
  auto show_progress = [&](std::size_t done, const char* running) {
    const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::fprintf(stderr, "\r\033[K[%zu/%zu] %zu cases, %.0f cases/s", done, total, cases_done,
                 secs > 0 ? double(cases_done) / secs : 0.0);
    if (done > 0) std::fprintf(stderr, ", %.0f s left", secs * double(total - done) / double(done));
    if (running) std::fprintf(stderr, "; %s", running);
  };
  for (const auto& s : subjects) {
    if (!chosen(s)) continue;
    if (progress) show_progress(static_cast<std::size_t>(ran), s.name.c_str());
    AuditReport r = exactgeom::audit::run_audit(s, o);
    cases_done += r.cases();
    std::fputs(json ? (r.json() + "\n").c_str() : r.markdown().c_str(), stdout);
    if (self_check) {
      // The exact function must never be wrong; a twin with a planted bug
      // must be found grossly wrong (in the random family, whose cases lie
      // at every distance from the boundary, and so overall).
      const bool twin = s.name.ends_with("/seeded_bug");
      if (!twin && r.wrong() != 0) {
        std::fprintf(stderr, "exactgeom audit --self-check: %s has %zu wrong cases, it must have none\n",
                     s.name.c_str(), r.wrong());
        status = 1;
      }
      if (twin) {
        std::size_t random_gross = 0, random_cases = 0;
        for (const FamilyAudit& f : r.families)
          if (f.family == CaseFamily::random) random_gross += f.gross, random_cases += f.cases;
        if (r.gross() == 0 || (random_cases > 0 && random_gross == 0)) {
          std::fprintf(stderr,
                       "exactgeom audit --self-check: %s: %zu gross of %zu wrong (random family: %zu gross): the "
                       "audit missed a planted bug\n",
                       s.name.c_str(), r.gross(), r.wrong(), random_gross);
          status = 1;
        }
      }
    }
    // Stop at once when the output is lost rather than audit on for nothing.
    if (std::ferror(stdout)) break;
    ++ran;
    if (!html.empty()) reports.push_back(std::move(r));
  }
  if (progress && ran > 0) {
    show_progress(static_cast<std::size_t>(ran), nullptr);
    std::fputc('\n', stderr);
  }
  if (ran == 0 && !std::ferror(stdout)) {
    std::fprintf(stderr, "exactgeom audit: no algorithm matches '%s' (see --list)\n", algorithm.c_str());
    status = 2;
  }
  if (ran > 0 && !write_page(html, reports)) status = 2;
  return finish_output("audit", status);
}

}  // namespace exactgeom::tool

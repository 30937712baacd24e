// exactgeom::audit::audit_main: the command line of an audit program, written once
// (examples/audits use it): the standard flags, the jobs run in order, the
// reports printed as Markdown or as mergeable JSON lines.
#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "exactgeom/audit/driver.hpp"
#include "exactgeom/audit/audit.hpp"
#include "exactgeom/audit/html.hpp"

namespace exactgeom::audit {

namespace {

constexpr const char* kUsage =
    "Options:\n"
    "  --cases N      cases per family (before sharding)\n"
    "  --seed S       the cases' seed\n"
    "  --shard I/N    run shard I of N (0 <= I < N); merge the --json outputs of all N\n"
    "                 with `exactgeom audit --merge FILE...` (or AuditReport::from_json + merge_reports)\n"
    "  --keep K       wrong cases kept per family (at most 1000)\n"
    "  --only TEXT    only the audits whose name contains TEXT (repeatable)\n"
    "  --json         one JSON line per report (AuditReport::json) instead of Markdown\n"
    "  --html FILE    also write the reports as one self-contained HTML page to FILE\n"
    "                 (exactgeom/audit/html.hpp: the families as bars, the kept cases drawn)\n"
    "  --list         the audits' names, one per line\n"
    "  --help         this text\n"
    "Exit status: 0 when every audit ran cases, 1 when one ran none, 2 on a usage or output error\n"
    "(the --html page too).\n";

std::uint64_t parse_count(const std::string& v, const char* what) {
  char* end = nullptr;
  errno = 0;
  const unsigned long long x = v.empty() || v[0] == '-' ? 0 : std::strtoull(v.c_str(), &end, 10);
  if (v.empty() || v[0] == '-' || *end != '\0' || errno == ERANGE)
    throw std::invalid_argument(std::string(what) + " wants a whole number, not '" + v + "'");
  return x;
}

}  // namespace

int audit_main(int argc, char** argv, const std::vector<AuditJob>& jobs, AuditOptions defaults,
               const std::vector<AuditFlag>& flags) {
  const std::string program = argc > 0 && argv[0] ? argv[0] : "audit";
  AuditOptions o = std::move(defaults);
  std::string usage = kUsage;
  if (!flags.empty()) {
    usage += "This program's own options:\n";
    for (const AuditFlag& f : flags) {
      std::string head = "  " + f.name + (f.value_name.empty() ? "" : " " + f.value_name);
      head.resize(std::max<std::size_t>(head.size() + 1, 17), ' ');
      usage += head + f.help + "\n";
    }
  }
  for (const AuditFlag& f : flags) {
    static const char* const kStandard[] = {"--cases", "--seed", "--shard", "--keep", "--only",
                                            "--json",  "--html", "--list",  "--help", "-h"};
    for (const char* k : kStandard)
      if (f.name == k) {
        std::fprintf(stderr, "%s: the program's flag %s is a standard flag of audit_main\n", program.c_str(), k);
        return 2;
      }
    if (f.name.size() < 3 || f.name.rfind("--", 0) != 0 || !f.set) {
      std::fprintf(stderr, "%s: a program flag needs a name --NAME and a setter ('%s')\n", program.c_str(), f.name.c_str());
      return 2;
    }
  }
  bool json = false, list = false;
  std::string html;  // --html FILE
  std::vector<std::string> only;
  try {
    for (int i = 1; i < argc; ++i) {
      const std::string_view a = argv[i];
      auto value = [&]() -> std::string {
        if (i + 1 >= argc) throw std::invalid_argument(std::string(a) + " wants a value");
        return argv[++i];
      };
      const AuditFlag* own = nullptr;
      for (const AuditFlag& f : flags)
        if (a == f.name) own = &f;
      if (own) {
        own->set(own->value_name.empty() ? std::string() : value());
      } else if (a == "--help" || a == "-h") {
        std::printf("Usage: %s [options]\n%s", program.c_str(), usage.c_str());
        return std::fflush(stdout) == 0 && !std::ferror(stdout) ? 0 : 2;
      } else if (a == "--cases") {
        o.cases = parse_count(value(), "--cases");
        if (o.cases == 0) throw std::invalid_argument("--cases wants at least 1");
      } else if (a == "--seed") {
        o.seed = parse_count(value(), "--seed");
      } else if (a == "--shard") {
        const std::string v = value();
        const auto slash = v.find('/');
        if (slash == std::string::npos) throw std::invalid_argument("--shard wants I/N, e.g. 0/4");
        o.shard_index = parse_count(v.substr(0, slash), "--shard I");
        o.shard_count = parse_count(v.substr(slash + 1), "--shard N");
        if (o.shard_count == 0 || o.shard_index >= o.shard_count)
          throw std::invalid_argument("--shard I/N wants 0 <= I < N");
      } else if (a == "--keep") {
        o.keep = parse_count(value(), "--keep");
        if (o.keep > 1000) throw std::invalid_argument("--keep wants at most 1000");
      } else if (a == "--only") {
        only.push_back(value());
      } else if (a == "--html") {
        html = value();
        if (html.empty()) throw std::invalid_argument("--html wants a file name");
      } else if (a == "--json") {
        json = true;
      } else if (a == "--list") {
        list = true;
      } else {
        throw std::invalid_argument("unknown option '" + std::string(a) + "'");
      }
    }
  } catch (const std::invalid_argument& e) {
    std::fprintf(stderr, "%s: %s\n%s", program.c_str(), e.what(), usage.c_str());
    return 2;
  }
  auto chosen = [&](const AuditJob& j) {
    if (only.empty()) return true;
    for (const std::string& t : only)
      if (j.name.find(t) != std::string::npos) return true;
    return false;
  };
  bool any = false, ran = true;
  std::vector<AuditReport> reports;  // for --html
  try {
    for (const AuditJob& j : jobs) {
      if (!chosen(j)) continue;
      any = true;
      if (list) {
        std::printf("%s\n", j.name.c_str());
        continue;
      }
      for (AuditReport& r : j.run(o)) {
        std::fputs(json ? (r.json() + "\n").c_str() : r.markdown().c_str(), stdout);
        ran = ran && r.cases() > 0;
        if (!html.empty()) reports.push_back(std::move(r));
      }
    }
  } catch (const std::invalid_argument& e) {  // options that do not apply to an audit
    std::fprintf(stderr, "%s: %s\n", program.c_str(), e.what());
    return 2;
  }
  if (!any) {
    std::fprintf(stderr, "%s: no audit matches --only\n", program.c_str());
    return 2;
  }
  if (std::fflush(stdout) != 0 || std::ferror(stdout)) {
    std::fprintf(stderr, "%s: error writing the output\n", program.c_str());
    return 2;
  }
  if (!html.empty() && !list) {
    try {
      write_html_report(html, reports, program.substr(program.find_last_of('/') + 1));  // the page's title
    } catch (const std::runtime_error& e) {
      std::fprintf(stderr, "%s: --html: %s\n", program.c_str(), e.what());
      return 2;
    }
  }
  return ran ? 0 : 1;
}

}  // namespace exactgeom::audit

// tools/exactgeom.cpp: the `exactgeom` command: `exactgeom <subcommand>
// [options]`, dispatched through a table of subcommands.
//
// The command line is parsed by hand: each subcommand takes a few --long
// options, which is too little to justify a dependency (Boost.Program_options
// would add a compiled Boost library to the build). A new subcommand is one
// row in kSubcommands plus its run function.
#include <cstdio>
#include <cstring>
#include <exception>
#include <string_view>

#include "commands.hpp"
#include "exactgeom/version.hpp"
#include "report.hpp"

namespace {

struct Subcommand {
  const char* name;
  const char* summary;              // one line for `exactgeom --help`
  int (*run)(int argc, char** argv);  // argv[0] is the subcommand's name
};

constexpr Subcommand kSubcommands[] = {
    {"report", "the exact-vs-float report: float error by case family, and speed ratios",
     exactgeom::tool::run_report},
    {"eval", "answer a JSON Lines query log exactly (docs/queries.md)", exactgeom::tool::run_eval},
    {"audit", "audit the library's float versions against the exact functions",
     exactgeom::tool::run_audit},
};

void print_usage(std::FILE* out) {
  std::fputs(
      "usage: exactgeom <subcommand> [options]\n"
      "       exactgeom <subcommand> --help\n"
      "\n"
      "Exact computational geometry: tools around the exactgeom library.\n"
      "\n"
      "subcommands:\n",
      out);
  for (const Subcommand& s : kSubcommands) std::fprintf(out, "  %-10s %s\n", s.name, s.summary);
  std::fputs(
      "\n"
      "options:\n"
      "  -h, --help  print this help and exit\n"
      "  --version   print the version and exit\n",
      out);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    print_usage(stderr);
    return 2;
  }
  const std::string_view first = argv[1];
  if (first == "-h" || first == "--help" || first == "help") {
    print_usage(stdout);
    return 0;
  }
  if (first == "--version") {
    std::printf("exactgeom %s\n", exactgeom::version);
    return exactgeom::tool::finish_output("--version", 0);
  }
  for (const Subcommand& s : kSubcommands) {
    if (first != s.name) continue;
    try {
      return s.run(argc - 1, argv + 1);
    } catch (const std::exception& e) {
      std::fprintf(stderr, "exactgeom %s: error: %s\n", s.name, e.what());
      return 1;
    }
  }
  if (!first.empty() && first[0] == '-')
    std::fprintf(stderr, "exactgeom: unknown option '%s'\n", argv[1]);
  else
    std::fprintf(stderr, "exactgeom: unknown subcommand '%s'\n", argv[1]);
  std::fputs("Run 'exactgeom --help' for the list of subcommands.\n", stderr);
  return 2;
}

// tools/commands.hpp: the subcommands of `exactgeom` besides report, and the
// option parsing they share. Each run_* takes argv with argv[0] the
// subcommand's name and returns the exit status.
#pragma once

#include <string>
#include <string_view>

namespace exactgeom::tool {

/// `exactgeom eval [FILE]`: answers a JSON Lines query log (docs/queries.md).
int run_eval(int argc, char** argv);

/// `exactgeom audit`: audits the library's own float versions.
int run_audit(int argc, char** argv);

/// Parses "--name=value" or "--name value"; advances i past a separate
/// value. Throws std::invalid_argument when the value is missing.
bool take_value(int argc, char** argv, int& i, std::string_view name, std::string& value);

/// A whole number from text, or std::invalid_argument naming `what`.
unsigned long long parse_count(const std::string& text, const char* what);

/// Flushes standard output: returns `status`, or 2 with a message on
/// standard error when the output could not be written (a full disk,
/// /dev/full), so that no command reports success for output it lost.
int finish_output(const char* command, int status);

/// The longest --algorithm or --filter pattern accepted: std::regex compiles
/// and matches recursively, so a huge pattern could exhaust the stack.
inline constexpr std::size_t kMaxPatternLength = 256;

}  // namespace exactgeom::tool

// tools/options.cpp: the little option parsing the subcommands share. Hand
// written: a few --long options per subcommand do not justify a dependency
// (Boost.Program_options is a compiled library).
#include <cstdio>
#include <stdexcept>
#include <string>

#include "commands.hpp"

namespace exactgeom::tool {

bool take_value(int argc, char** argv, int& i, std::string_view name, std::string& value) {
  const std::string_view arg = argv[i];
  if (arg.substr(0, name.size()) != name) return false;
  if (arg.size() > name.size() && arg[name.size()] == '=') {
    value = std::string(arg.substr(name.size() + 1));
    return true;
  }
  if (arg.size() != name.size()) return false;
  if (i + 1 >= argc) throw std::invalid_argument(std::string(name) + " needs a value");
  value = argv[++i];
  return true;
}

unsigned long long parse_count(const std::string& text, const char* what) {
  std::size_t used = 0;
  unsigned long long v = 0;
  try {
    if (text.empty() || text[0] == '-' || text[0] == '+') throw std::invalid_argument("");
    v = std::stoull(text, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used != text.size() || text.empty())
    throw std::invalid_argument(std::string(what) + " wants a whole number, not '" + text + "'");
  return v;
}


int finish_output(const char* command, int status) {
  if (std::fflush(stdout) != 0 || std::ferror(stdout)) {
    std::fprintf(stderr, "exactgeom %s: error writing the output\n", command);
    return 2;
  }
  return status;
}

}  // namespace exactgeom::tool

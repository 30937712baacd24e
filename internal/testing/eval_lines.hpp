// internal/testing/eval_lines.hpp: the answers `exactgeom eval` gives to query
// lines, in process (one thread), for the tests that replay the audits' kept
// cases. Link exactgeom_query.
#pragma once

#include <cstdio>
#include <string>
#include <vector>

#include "query/eval.hpp"

namespace exactgeom::testing {

/// One answer line per query line, in order.
inline std::vector<std::string> eval_lines(const std::vector<std::string>& lines) {
  std::string input;
  for (const std::string& l : lines) input += l + "\n";
  std::FILE* in = std::tmpfile();
  std::FILE* out = std::tmpfile();
  std::fwrite(input.data(), 1, input.size(), in);
  std::rewind(in);
  exactgeom::query::run_eval(in, out, {.threads = 1});
  std::string all(static_cast<std::size_t>(std::ftell(out)), '\0');
  std::rewind(out);
  all.resize(std::fread(all.data(), 1, all.size(), out));
  std::fclose(in);
  std::fclose(out);
  std::vector<std::string> answers;
  for (std::size_t at = 0, nl; (nl = all.find('\n', at)) != std::string::npos; at = nl + 1)
    answers.push_back(all.substr(at, nl - at));
  return answers;
}

}  // namespace exactgeom::testing

// src/query/eval.hpp: `exactgeom eval`, the JSON Lines query evaluator of
// spec/queries.md: one answer line per query line, in order.
#pragma once

#include <cstddef>
#include <cstdio>
#include <memory>
#include <string>
#include <string_view>

namespace exactgeom::query {

/// Answers single lines. Holds the parser's buffers: one per thread.
class Evaluator {
 public:
  Evaluator();
  ~Evaluator();
  Evaluator(Evaluator&&) noexcept;
  Evaluator& operator=(Evaluator&&) noexcept;
  /// Appends the answer to `line` (numbered from 1) and a newline to `out`.
  /// Returns false when the answer is an error line.
  bool answer(std::string_view line, std::size_t line_no, std::string& out);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

struct EvalOptions {
  unsigned threads = 0;   // 0: all cores
  bool progress = false;  // a progress line on standard error
};

struct EvalResult {
  std::size_t lines = 0;   // lines read (blank lines are read but not answered)
  std::size_t errors = 0;  // of which error lines
};

/// Streams queries from `in` to answers on `out` in input order, in batches
/// of about 4 MiB (memory stays flat for any input size), on `threads`
/// threads. Throws std::runtime_error when reading or writing fails.
EvalResult run_eval(std::FILE* in, std::FILE* out, const EvalOptions& options);

}  // namespace exactgeom::query

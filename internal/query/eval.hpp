// internal/query/eval.hpp: `exactgeom eval`, the JSON Lines query evaluator of
// docs/queries.md: one answer line per query line, in order.
#pragma once

#include <cstddef>
#include <cstdio>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace exactgeom::query {

struct SurfaceData;
using NamedMeshes = std::map<std::string, std::shared_ptr<const SurfaceData>, std::less<>>;

/// Answers single lines. Holds the parser's buffers: one per thread.
class Evaluator {
 public:
  Evaluator();
  ~Evaluator();
  Evaluator(Evaluator&&) noexcept;
  Evaluator& operator=(Evaluator&&) noexcept;
  /// The meshes `{"mesh": "NAME"}` names (exactgeom eval --mesh); none by default.
  void set_meshes(std::shared_ptr<const NamedMeshes> meshes);
  /// Appends the answer to `line` (numbered from 1) and a newline to `out`.
  /// Returns false when the answer is an error line.
  bool answer(std::string_view line, std::size_t line_no, std::string& out);
  /// Appends the error line of line `line_no`, which was longer than
  /// `max_line_bytes` and so was not read.
  void answer_too_long(std::size_t max_line_bytes, std::size_t line_no, std::string& out);
  /// One line of input (without its newline) as `exactgeom eval` treats it,
  /// for callers that hold their lines (the Python module): a blank line
  /// (nothing but spaces, tabs and a carriage return) gets no answer, a line
  /// longer than `max_line_bytes` the error line of answer_too_long, any
  /// other the answer of answer(). Returns false when it appended an error line.
  bool answer_input(std::string_view line, std::size_t line_no, std::size_t max_line_bytes,
                    std::string& out);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

/// The longest line `exactgeom eval` reads by default (docs/queries.md asks
/// for at least 16 MiB); a longer one is an error line.
inline constexpr std::size_t kDefaultMaxLineBytes = std::size_t(16) << 20;

struct EvalOptions {
  unsigned threads = 0;   // 0: all cores
  bool progress = false;  // a progress line on standard error
  std::size_t max_line_bytes = kDefaultMaxLineBytes;  // without the newline
  std::vector<std::pair<std::string, std::string>> meshes = {};  // --mesh NAME=FILE, read before any line
};

struct EvalResult {
  std::size_t lines = 0;   // lines read (blank lines are read but not answered)
  std::size_t errors = 0;  // of which error lines
};

/// Streams queries from `in` to answers on `out` in input order, on
/// `threads` threads. Input is taken as it arrives, in batches of at most
/// about 4 MiB, and the answers of each batch are flushed before the next is
/// awaited: a query written to a pipe that stays open is answered at once.
/// Memory stays below a few times (4 MiB + max_line_bytes) per thread for any
/// input. Reads `in` through its file descriptor (nothing may have been read
/// through the FILE before). Reads the --mesh files first: one that cannot
/// be read or is not a mesh, or a name given twice, throws MeshFileError
/// (meshes.hpp) before any line is answered. Throws std::runtime_error when
/// reading or writing fails.
EvalResult run_eval(std::FILE* in, std::FILE* out, const EvalOptions& options);

}  // namespace exactgeom::query

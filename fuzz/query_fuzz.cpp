// libFuzzer target for the query reader of `exactgeom eval`: any bytes, cut
// into lines, must be answered with one well-formed JSON line each (an
// answer or an error), never a crash, a hang or a sanitizer report.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "eval.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static exactgeom::query::Evaluator evaluator;
  std::string_view all(reinterpret_cast<const char*>(data), size);
  std::string out;
  std::size_t line_no = 0;
  while (!all.empty()) {
    const std::size_t nl = all.find('\n');
    const std::string_view line = all.substr(0, nl);
    all.remove_prefix(nl == std::string_view::npos ? all.size() : nl + 1);
    ++line_no;
    const std::size_t before = out.size();
    evaluator.answer(line, line_no, out);
    // Every answer is one line, an object, ending in a newline.
    if (out.size() <= before + 2 || out[before] != '{' || out.back() != '\n' ||
        out.find('\n', before) != out.size() - 1)
      std::abort();
  }
  return 0;
}

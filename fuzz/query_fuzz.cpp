// libFuzzer target for the query reader of `exactgeom eval`. Any bytes, cut
// into lines, must each get one answer line, never a crash, a hang or a
// sanitizer report; and the reader is held to RFC 8259 by another parser
// (nlohmann::json, strict: no NaN, comments or trailing commas; numbers of
// any magnitude, as RFC 8259 has them: numbers_as_zero below):
// - every output line is strict JSON, an object with "op" or with "error";
// - an input line that nlohmann::json rejects gets an error line;
// - an input line that nlohmann::json accepts is called bad JSON only for a
//   repeated key or nesting past 64 levels (rules nlohmann::json leaves out).
// The whole input also goes through run_eval with a 64-byte line limit, so
// over-long lines and the blocks they span are fuzzed too.
// Run with fuzz/query.dict (CI does): its tokens reach deep nesting, odd
// numbers and escapes quickly.
#include <sys/mman.h>
#include <unistd.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <regex>
#include <string>
#include <string_view>

#include "query/eval.hpp"

namespace {

[[noreturn]] void fail(const char* what, std::string_view line, std::string_view answer) {
  std::fprintf(stderr, "query_fuzz: %s\n  line:   %.*s\n  answer: %.*s\n", what,
               static_cast<int>(line.size()), line.data(), static_cast<int>(answer.size()),
               answer.data());
  std::abort();
}

/// RFC 8259 puts no limit on a number's magnitude; nlohmann::json refuses
/// one past the double range ("number overflow", 21e400), which the reader
/// takes and an answer echoes (an id is echoed as written). So the checks
/// read `numbers_as_zero(text)`: every number token of the strict grammar,
/// outside strings, replaced by 0 (a token not of the grammar stays, and
/// fails nlohmann::json as before). Strings are copied whole.
std::string numbers_as_zero(std::string_view text) {
  static const std::regex number(R"(-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?)");
  std::string t;
  t.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    const char c = text[i];
    if (c == '"') {
      std::size_t j = i + 1;
      while (j < text.size() && text[j] != '"') j += text[j] == '\\' ? 2 : 1;
      j = std::min(j + 1, text.size());
      t.append(text.substr(i, j - i));
      i = j;
    } else if (c == '-' || (c >= '0' && c <= '9')) {
      std::size_t j = i;
      while (j < text.size() && std::string_view("+-.0123456789eE").find(text[j]) != std::string_view::npos) ++j;
      const std::string token(text.substr(i, j - i));
      t += std::regex_match(token, number) ? std::string("0") : token;
      i = j;
    } else {
      t += c;
      ++i;
    }
  }
  return t;
}

void check_answer(std::string_view line, std::string_view answer) {
  // One line, an object, ending in a newline.
  if (answer.size() < 3 || answer.front() != '{' || answer.back() != '\n' ||
      answer.find('\n') != answer.size() - 1)
    fail("answer is not one line", line, answer);
  const std::string_view body = answer.substr(0, answer.size() - 1);
  const std::string shape = numbers_as_zero(body);
  if (!nlohmann::json::accept(shape)) fail("answer is not strict JSON", line, answer);
  const nlohmann::json a = nlohmann::json::parse(shape);
  const bool is_error = a.contains("error");
  if (is_error != !a.contains("op") || (is_error && (!a["error"].is_string() || !a.contains("id") ||
                                                     !a["line"].is_number_unsigned())))
    fail("answer is neither an answer nor an error line", line, answer);
  // nlohmann::json stops at a NUL byte as at the end of the input; in JSON a
  // raw NUL is never valid (in a string it must be escaped).
  const bool valid = line.find('\0') == std::string_view::npos && nlohmann::json::accept(numbers_as_zero(line));
  if (!valid && !is_error) fail("a line that is not JSON was answered", line, answer);
  if (valid && is_error) {
    const std::string msg = a["error"];
    if (msg.rfind("bad JSON", 0) == 0 && msg.find("appears twice") == std::string::npos &&
        msg.find("nested deeper than 64") == std::string::npos)
      fail("valid JSON called bad", line, answer);
  }
}

/// The whole input through run_eval, lines over 64 bytes refused: one answer
/// per non-blank line.
void check_stream(std::string_view all) {
  // In-memory files, made once: a file on disk per input would cost more
  // than the rest of the target.
  static const int in_fd = memfd_create("query_fuzz_in", 0);
  static const int out_fd = memfd_create("query_fuzz_out", 0);
  if (in_fd < 0 || out_fd < 0 || ftruncate(in_fd, 0) != 0 || ftruncate(out_fd, 0) != 0 ||
      pwrite(in_fd, all.data(), all.size(), 0) != static_cast<ssize_t>(all.size()) ||
      lseek(in_fd, 0, SEEK_SET) != 0 || lseek(out_fd, 0, SEEK_SET) != 0)
    std::abort();
  std::FILE* in = fdopen(dup(in_fd), "rb");
  std::FILE* out = fdopen(dup(out_fd), "w+b");
  exactgeom::query::EvalOptions o;
  o.threads = 1;
  o.max_line_bytes = 64;
  const auto r = exactgeom::query::run_eval(in, out, o);
  std::fclose(in);
  std::size_t answers = 0, lines = 0, blank = 0;
  for (std::size_t pos = 0; pos < all.size();) {
    std::size_t nl = all.find('\n', pos);
    if (nl == std::string_view::npos) nl = all.size();
    const std::string_view l = all.substr(pos, nl - pos);
    ++lines;
    // A blank line gets no answer, unless it is over the limit (it is not
    // held, so it is an error line like any other over the limit).
    blank += l.size() <= o.max_line_bytes && l.find_first_not_of(" \t\r") == std::string_view::npos;
    pos = nl + 1;
  }
  std::rewind(out);
  for (int c; (c = std::fgetc(out)) != EOF;) answers += c == '\n';
  std::fclose(out);
  if (r.lines != lines || answers != lines - blank) fail("run_eval lost or added lines", all, "");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static exactgeom::query::Evaluator evaluator;
  const std::string_view all(reinterpret_cast<const char*>(data), size);
  std::string out;
  std::size_t line_no = 0;
  for (std::string_view rest = all; !rest.empty();) {
    const std::size_t nl = rest.find('\n');
    const std::string_view line = rest.substr(0, nl);
    rest.remove_prefix(nl == std::string_view::npos ? rest.size() : nl + 1);
    out.clear();
    evaluator.answer(line, ++line_no, out);
    check_answer(line, out);
  }
  check_stream(all);
  return 0;
}

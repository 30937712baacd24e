// The ops of spec/queries.md, answered exactly. Every query's scalars are
// read exactly (scalar.hpp); when all are doubles the double entry points of
// the library answer (their filters make this fast), otherwise everything is
// taken as mpq_class.
#include "eval.hpp"

#include <charconv>
#include <chrono>
#include <cstdio>
#include <stdexcept>
#include <thread>
#include <unistd.h>
#include <vector>

#include "exactgeom/exactgeom.hpp"
#include "json.hpp"
#include "ops.hpp"
#include "scalar.hpp"

namespace exactgeom::query {

namespace {

void append_json_string(std::string& out, std::string_view s) {
  out += '"';
  for (char c : s) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\t': out += "\\t"; break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\u%04x", c);
          out += buf;
        } else {
          out += c;
        }
    }
  }
  out += '"';
}

}  // namespace

struct Evaluator::Impl {
  JsonReader reader;
  std::string error;
};

Evaluator::Evaluator() : impl_(std::make_unique<Impl>()) {}
Evaluator::~Evaluator() = default;
Evaluator::Evaluator(Evaluator&&) noexcept = default;
Evaluator& Evaluator::operator=(Evaluator&&) noexcept = default;

bool Evaluator::answer(std::string_view line, std::size_t line_no, std::string& out) {
  auto& r = impl_->reader;
  const JsonNode* id = nullptr;
  const std::size_t start = out.size();
  auto error_line = [&](std::string_view msg) {
    out.resize(start);
    out += '{';
    if (id) {
      out += "\"id\":";
      out += id->text;
      out += ',';
    }
    out += "\"error\":";
    append_json_string(out, msg);
    out += ",\"line\":";
    char buf[24];
    auto res = std::to_chars(buf, buf + sizeof buf, line_no);
    out.append(buf, res.ptr);
    out += "}\n";
    return false;
  };
  if (!r.parse(line, impl_->error)) return error_line(impl_->error);
  const JsonNode& root = r.root();
  id = r.member(root, "id");
  const JsonNode* op = r.member(root, "op");
  if (!op) return error_line("missing field \"op\"");
  if (op->type != JsonNode::Type::string) return error_line("\"op\" must be a string");
  out += '{';
  if (id) {
    out += "\"id\":";
    out += id->text;
    out += ',';
  }
  out += "\"op\":";
  append_json_string(out, op->text);
  try {
    answer_op(r, root, op->text, out);
  } catch (const FieldError& e) {
    return error_line(e.what);
  } catch (const ScalarError& e) {
    return error_line(e.what);
  } catch (const invalid_input& e) {
    return error_line(e.what());
  }
  out += "}\n";
  return true;
}

EvalResult run_eval(std::FILE* in, std::FILE* out, const EvalOptions& options) {
  unsigned threads = options.threads ? options.threads : std::thread::hardware_concurrency();
  if (threads == 0) threads = 1;
  std::vector<Evaluator> evaluators(threads);
  std::vector<std::string> outputs(threads);
  std::vector<std::size_t> errors(threads);
  // Input is read in chunks and cut at newlines; the partial last line of a
  // chunk is carried over. A line longer than a chunk grows the buffer.
  constexpr std::size_t kChunk = std::size_t(4) << 20;
  std::string buf;
  std::vector<std::string_view> lines;
  EvalResult result;
  const auto t0 = std::chrono::steady_clock::now();
  auto last_progress = t0;
  bool eof = false;
  while (!eof) {
    const std::size_t keep = buf.size();
    buf.resize(keep + kChunk);
    const std::size_t got = std::fread(buf.data() + keep, 1, kChunk, in);
    buf.resize(keep + got);
    if (got < kChunk) {
      if (std::ferror(in)) throw std::runtime_error("error reading the input");
      eof = true;
    }
    lines.clear();
    std::size_t pos = 0;
    for (;;) {
      const std::size_t nl = buf.find('\n', pos);
      if (nl == std::string::npos) break;
      lines.emplace_back(buf.data() + pos, nl - pos);
      pos = nl + 1;
    }
    if (eof && pos < buf.size()) {  // last line without a newline
      lines.emplace_back(buf.data() + pos, buf.size() - pos);
      pos = buf.size();
    }
    const std::size_t n = lines.size(), first_line = result.lines + 1;
    // Small batches are not worth the threads.
    const unsigned used = n < 256 ? 1 : threads;
    auto work = [&](unsigned t) {
      const std::size_t lo = n * t / used, hi = n * (t + 1) / used;
      std::string& o = outputs[t];
      o.clear();
      errors[t] = 0;
      for (std::size_t i = lo; i < hi; ++i) {
        std::string_view l = lines[i];
        if (l.find_first_not_of(" \t\r") == std::string_view::npos) continue;  // blank line
        if (!evaluators[t].answer(l, first_line + i, o)) ++errors[t];
      }
    };
    std::vector<std::thread> pool;
    for (unsigned t = 1; t < used; ++t) pool.emplace_back(work, t);
    work(0);
    for (auto& th : pool) th.join();
    for (unsigned t = 0; t < used; ++t) {
      if (std::fwrite(outputs[t].data(), 1, outputs[t].size(), out) != outputs[t].size())
        throw std::runtime_error("error writing the output");
      result.errors += errors[t];
    }
    result.lines += n;
    buf.erase(0, pos);
    if (options.progress) {
      const auto now = std::chrono::steady_clock::now();
      if (now - last_progress > std::chrono::milliseconds(500)) {
        last_progress = now;
        const double secs = std::chrono::duration<double>(now - t0).count();
        std::fprintf(stderr, "\r%zu lines, %.0f lines/s, %zu errors", result.lines,
                     secs > 0 ? double(result.lines) / secs : 0.0, result.errors);
      }
    }
  }
  if (options.progress && result.lines > 0) std::fprintf(stderr, "\n");
  if (std::fflush(out) != 0) throw std::runtime_error("error writing the output");
  return result;
}

}  // namespace exactgeom::query

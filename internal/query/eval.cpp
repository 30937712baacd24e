// The ops of docs/queries.md, answered exactly. Every query's scalars are
// read exactly (scalar.hpp); when all are doubles the double entry points of
// the library answer (their filters make this fast), otherwise everything is
// taken as mpq_class.
#include "eval.hpp"

#include <poll.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <stdexcept>
#include <thread>
#include <vector>

#include "exactgeom/exactgeom.hpp"
#include "json.hpp"
#include "meshes.hpp"
#include "ops.hpp"
#include "scalar.hpp"
#include "query_format/query_line.hpp"

namespace exactgeom::query {

struct Evaluator::Impl {
  JsonReader reader;
  std::string error;
  std::shared_ptr<const NamedMeshes> meshes;
};

void Evaluator::set_meshes(std::shared_ptr<const NamedMeshes> meshes) { impl_->meshes = std::move(meshes); }

Evaluator::Evaluator() : impl_(std::make_unique<Impl>()) {}
Evaluator::~Evaluator() = default;
Evaluator::Evaluator(Evaluator&&) noexcept = default;
Evaluator& Evaluator::operator=(Evaluator&&) noexcept = default;

namespace {

/// {"id":...,"error":"...","line":N}: id is the line's own when the line was
/// valid JSON with one, else null.
bool append_error(std::string& out, std::string_view id, std::string_view msg, std::size_t line_no) {
  query_format::Line(out).open().key("id").raw(id.empty() ? std::string_view("null") : id).key("error").string(msg)
      .key("line").unsigned_integer(line_no).close();
  out += '\n';
  return false;
}

}  // namespace

bool Evaluator::answer(std::string_view line, std::size_t line_no, std::string& out) {
  auto& r = impl_->reader;
  const std::size_t start = out.size();
  if (!r.parse(line, impl_->error)) return append_error(out, {}, impl_->error, line_no);
  auto error_line = [&](std::string_view msg) {
    out.resize(start);
    return append_error(out, r.id(), msg, line_no);
  };
  const JsonNode& root = r.root();
  const JsonNode* op = r.member(root, "op");
  if (!op) return error_line("missing field \"op\"");
  if (op->type != JsonNode::Type::string) return error_line("\"op\" must be a string");
  query_format::Line w(out);
  w.open();
  if (!r.id().empty()) w.key("id").raw(r.id());
  w.key("op").string(op->text);  // the op's members follow (answer_op), then '}'

  try {
    answer_op(r, root, op->text, out, impl_->meshes.get());
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

void Evaluator::answer_too_long(std::size_t max_line_bytes, std::size_t line_no, std::string& out) {
  append_error(out, {}, "line longer than " + std::to_string(max_line_bytes) +
                           " bytes (exactgeom eval --max-line-bytes)", line_no);
}

bool Evaluator::answer_input(std::string_view line, std::size_t line_no, std::size_t max_line_bytes,
                             std::string& out) {
  if (line.size() > max_line_bytes) {
    answer_too_long(max_line_bytes, line_no, out);
    return false;
  }
  if (line.find_first_not_of(" \t\r") == std::string_view::npos) return true;  // blank line
  return answer(line, line_no, out);
}

namespace {

/// Reads the input in blocks as they arrive and cuts it into lines. A line
/// longer than the limit is not kept: its bytes are dropped as they come and
/// only its number is remembered, so memory stays below one block plus one
/// line of the limit's length, whatever the input.
class LineSource {
 public:
  LineSource(int fd, std::size_t max_line_bytes) : fd_(fd), max_(max_line_bytes) {}

  /// One entry of a batch: a line to answer, or (too_long) the number of a
  /// line over the limit.
  struct Line {
    std::size_t begin, size;  // the line's bytes in the source's buffer
    std::size_t number;
    bool too_long;
  };
  /// Bytes read from the input so far.
  std::size_t bytes_read() const { return read_; }
  /// The text of a line of the last batch (valid until the next call).
  std::string_view text(const Line& l) const { return {buf_.get() + l.begin, l.size}; }

  /// Fills `lines` with the next batch: everything that has arrived, up to
  /// about kBlock bytes. Blocks until at least one byte arrives (or EOF), then
  /// takes only what is ready, so a slow writer gets each answer at once.
  /// Returns false at the end of the input with no lines left.
  bool next(std::vector<Line>& lines) {
    lines.clear();
    if (consumed_ > 0) std::memmove(buf_.get(), buf_.get() + consumed_, size_ - consumed_);
    size_ -= consumed_;
    scan_ -= consumed_;
    consumed_ = 0;
    while (lines.empty()) {
      if (eof_) {
        finish_last_line(lines);
        return !lines.empty();
      }
      bool first = true;
      // Read what is ready now, until a block of whole lines is collected.
      while (consumed_ < kBlock) {
        if (!first && !ready()) break;
        first = false;
        reserve(size_ + kRead);
        const ssize_t got = ::read(fd_, buf_.get() + size_, kRead);
        if (got < 0) {
          if (errno == EINTR) continue;
          throw std::runtime_error(std::string("error reading the input: ") + std::strerror(errno));
        }
        size_ += static_cast<std::size_t>(got);
        read_ += static_cast<std::size_t>(got);
        if (got == 0) {
          eof_ = true;
          break;
        }
        cut(lines);
      }
      if (eof_) finish_last_line(lines);
    }
    return true;
  }

 private:
  static constexpr std::size_t kBlock = std::size_t(4) << 20;  // a batch for the threads
  static constexpr std::size_t kRead = std::size_t(1) << 20;

  /// True when a read() would not block.
  bool ready() const {
    pollfd p{fd_, POLLIN, 0};
    return ::poll(&p, 1, 0) > 0 && (p.revents & (POLLIN | POLLHUP)) != 0;
  }

  /// Room for `n` bytes in buf_, keeping its contents. Not a std::string:
  /// resizing one zero-fills each 1 MiB read first.
  void reserve(std::size_t n) {
    if (n <= capacity_) return;
    const std::size_t c = std::max(n, 2 * capacity_);
    std::unique_ptr<char[]> b(new char[c]);
    if (size_ > 0) std::memcpy(b.get(), buf_.get(), size_);
    buf_ = std::move(b);
    capacity_ = c;
  }

  /// Takes the complete lines in buf_[scan_..size_) into `lines`.
  void cut(std::vector<Line>& lines) {
    for (;;) {
      const void* p = scan_ < size_ ? std::memchr(buf_.get() + scan_, '\n', size_ - scan_) : nullptr;
      if (!p) break;
      const std::size_t nl = static_cast<std::size_t>(static_cast<const char*>(p) - buf_.get());
      ++number_;
      if (skipping_) {
        lines.push_back({0, 0, number_, true});
        skipping_ = false;
      } else {
        lines.push_back({consumed_, nl - consumed_, number_, nl - consumed_ > max_});
      }
      consumed_ = scan_ = nl + 1;
    }
    scan_ = size_;
    // A partial line already over the limit: drop its bytes from now on.
    if (skipping_ || size_ - consumed_ > max_) {
      skipping_ = true;
      size_ = scan_ = consumed_;
    }
  }

  void finish_last_line(std::vector<Line>& lines) {
    if (skipping_) {
      lines.push_back({0, 0, ++number_, true});
      skipping_ = false;
    } else if (size_ > consumed_) {  // a last line without a newline
      lines.push_back({consumed_, size_ - consumed_, ++number_, false});
    }
    consumed_ = scan_ = size_;
  }

  int fd_;
  std::size_t max_;
  std::unique_ptr<char[]> buf_;
  std::size_t size_ = 0, capacity_ = 0;
  std::size_t consumed_ = 0;  // bytes of buf_ handed out as lines
  std::size_t scan_ = 0;      // buf_[consumed_..scan_) holds no newline
  std::size_t number_ = 0;    // lines seen
  std::size_t read_ = 0;      // bytes read in all
  bool skipping_ = false;     // inside a line over the limit
  bool eof_ = false;
};

}  // namespace

EvalResult run_eval(std::FILE* in, std::FILE* out, const EvalOptions& options) {
  unsigned threads = options.threads ? options.threads : std::thread::hardware_concurrency();
  if (threads == 0) threads = 1;
  if (options.max_line_bytes == 0) throw std::invalid_argument("max_line_bytes must be at least 1");
  const auto meshes = std::make_shared<const NamedMeshes>(load_meshes(options.meshes));
  std::vector<Evaluator> evaluators(threads);
  for (Evaluator& e : evaluators) e.set_meshes(meshes);
  std::vector<std::string> outputs(threads);
  std::vector<std::size_t> errors(threads);
  LineSource source(fileno(in), options.max_line_bytes);
  std::vector<LineSource::Line> lines;
  EvalResult result;
  const auto t0 = std::chrono::steady_clock::now();
  auto last_progress = t0;
  // The progress line (options.progress): lines, rate and errors; for a
  // regular file also how much of it is read and the time left at the
  // rate so far (bytes, since lines differ in length).
  struct stat st{};
  const double file_bytes = fstat(fileno(in), &st) == 0 && S_ISREG(st.st_mode) ? double(st.st_size) : 0.0;
  auto show_progress = [&](std::chrono::steady_clock::time_point now) {
    const double secs = std::chrono::duration<double>(now - t0).count();
    std::fprintf(stderr, "\r\033[K%zu lines, %.0f lines/s, %zu errors", result.lines,
                 secs > 0 ? double(result.lines) / secs : 0.0, result.errors);
    const double done = double(source.bytes_read());
    if (file_bytes > 0 && done > 0) {
      const double left = secs * std::max(0.0, file_bytes - done) / done;
      std::fprintf(stderr, ", %.0f%% of the file, %.0f s left", std::min(100.0, 100 * done / file_bytes), left);
    }
  };
  while (source.next(lines)) {
    const std::size_t n = lines.size();
    // Small batches are not worth the threads.
    const unsigned used = n < 256 ? 1 : threads;
    auto work = [&](unsigned t) {
      const std::size_t lo = n * t / used, hi = n * (t + 1) / used;
      std::string& o = outputs[t];
      o.clear();
      errors[t] = 0;
      for (std::size_t i = lo; i < hi; ++i) {
        const LineSource::Line& l = lines[i];
        if (l.too_long) {
          evaluators[t].answer_too_long(options.max_line_bytes, l.number, o);
          ++errors[t];
          continue;
        }
        if (!evaluators[t].answer_input(source.text(l), l.number, options.max_line_bytes, o)) ++errors[t];
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
    // Answers leave as their lines arrive: a program that writes one query
    // and waits reads its answer. A batch is up to 4 MiB, so on a fast
    // stream this costs one flush per block.
    if (std::fflush(out) != 0) throw std::runtime_error("error writing the output");
    result.lines = lines.back().number;
    if (options.progress) {
      const auto now = std::chrono::steady_clock::now();
      if (now - last_progress > std::chrono::milliseconds(500)) {
        last_progress = now;
        show_progress(now);
      }
    }
  }
  if (options.progress && result.lines > 0) {  // the final count, then the line ends
    show_progress(std::chrono::steady_clock::now());
    std::fprintf(stderr, "\n");
  }
  if (std::fflush(out) != 0 || std::ferror(out)) throw std::runtime_error("error writing the output");
  return result;
}

}  // namespace exactgeom::query

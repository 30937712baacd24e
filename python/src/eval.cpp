// python/src/eval.cpp: exactgeom.eval(lines), the query engine of
// `exactgeom eval` (src/query, docs/queries.md) on lines held by Python.
// Each line is answered by Evaluator::answer_input, the function the
// command answers its lines with, so the answers are the command's, byte
// for byte.
#include <pybind11/pybind11.h>

#include <string>
#include <string_view>
#include <vector>

#include "convert.hpp"
#include "query/eval.hpp"
#include "module.hpp"

namespace exactgeom::python {

namespace {

/// The UTF-8 bytes of a str (lone surrogates from a file read with
/// errors="surrogateescape" become the bytes they stand for), or a bytes
/// object's bytes.
std::string_view text_of(py::handle item, std::size_t index, py::object& keep) {
  PyObject* o = item.ptr();
  if (PyBytes_Check(o)) return {PyBytes_AS_STRING(o), static_cast<std::size_t>(PyBytes_GET_SIZE(o))};
  if (PyByteArray_Check(o))
    return {PyByteArray_AS_STRING(o), static_cast<std::size_t>(PyByteArray_GET_SIZE(o))};
  if (!PyUnicode_Check(o))
    throw py::type_error("eval: item " + std::to_string(index) + " is a " + type_name(item) +
                         "; expected str or bytes (lines of JSON)");
  Py_ssize_t size = 0;
  if (const char* utf8 = PyUnicode_AsUTF8AndSize(o, &size)) return {utf8, static_cast<std::size_t>(size)};
  PyErr_Clear();
  keep = py::reinterpret_steal<py::object>(PyUnicode_AsEncodedString(o, "utf-8", "surrogateescape"));
  if (!keep) {
    PyErr_Clear();
    keep = py::reinterpret_steal<py::object>(PyUnicode_AsEncodedString(o, "utf-8", "surrogatepass"));
    if (!keep) throw py::error_already_set();
  }
  return {PyBytes_AS_STRING(keep.ptr()), static_cast<std::size_t>(PyBytes_GET_SIZE(keep.ptr()))};
}

/// Answers lines in batches of about 4 MiB, the GIL released while the
/// engine works.
class Batch {
 public:
  Batch(std::size_t max_line_bytes, std::size_t first_line) : max_(max_line_bytes), line_no_(first_line - 1) {}

  /// Takes the lines of one item: split at '\n'; a final '\n' ends the last
  /// line, it does not start another.
  void add(std::string_view text, py::list& out) {
    for (;;) {
      const std::size_t nl = text.find('\n');
      lines_.emplace_back(text.substr(0, nl));
      bytes_ += lines_.back().size();
      if (bytes_ >= kBatchBytes) flush(out);
      if (nl == std::string_view::npos || nl + 1 == text.size()) return;
      text.remove_prefix(nl + 1);
    }
  }

  void flush(py::list& out) {
    answers_.assign(lines_.size(), std::string());
    {
      py::gil_scoped_release release;
      for (std::size_t i = 0; i < lines_.size(); ++i)
        evaluator_.answer_input(lines_[i], ++line_no_, max_, answers_[i]);
    }
    for (const std::string& a : answers_) {
      if (a.empty()) continue;  // a blank line
      const std::string_view line(a.data(), a.size() - 1);  // without the newline
      PyObject* s = PyUnicode_DecodeUTF8(line.data(), static_cast<Py_ssize_t>(line.size()), "surrogateescape");
      if (!s) throw py::error_already_set();
      out.append(py::reinterpret_steal<py::object>(s));
    }
    lines_.clear();
    bytes_ = 0;
  }

 private:
  static constexpr std::size_t kBatchBytes = std::size_t(4) << 20;
  query::Evaluator evaluator_;
  std::size_t max_;
  std::size_t line_no_;  // of the last line answered
  std::size_t bytes_ = 0;
  std::vector<std::string> lines_, answers_;
};

py::list eval_lines(py::handle lines, std::size_t max_line_bytes, std::size_t first_line) {
  if (max_line_bytes == 0) throw py::value_error("eval: max_line_bytes must be at least 1");
  if (first_line == 0) throw py::value_error("eval: first_line must be at least 1 (lines are numbered from 1)");
  Batch batch(max_line_bytes, first_line);
  py::list out;
  py::object keep;
  PyObject* o = lines.ptr();
  if (PyUnicode_Check(o) || PyBytes_Check(o) || PyByteArray_Check(o)) {  // a whole text
    batch.add(text_of(lines, 0, keep), out);
  } else {
    std::size_t index = 0;
    for (const py::handle item : py::iter(lines)) batch.add(text_of(item, index++, keep), out);
  }
  batch.flush(out);
  return out;
}

}  // namespace

void register_eval(py::module_& m) {
  m.def("eval", &eval_lines, py::arg("lines"), py::arg("max_line_bytes") = query::kDefaultMaxLineBytes,
        py::arg("first_line") = 1,
        "eval(lines, max_line_bytes=16777216, first_line=1) -> list[str]\n\n"
        "Answers JSON Lines queries (docs/queries.md) exactly, as `exactgeom eval` does:\n"
        "returns the answer lines, without newlines, byte for byte the command's output\n"
        "for the same input (one answer per non-blank line, in order; a line that cannot\n"
        "be answered gets {\"id\": ..., \"error\": \"...\", \"line\": N}).\n\n"
        "lines: an iterable of str or bytes (a file object, a list of lines), or one\n"
        "str/bytes holding the whole text. Each item may hold several lines\n"
        "separated by '\\n'; a final '\\n' ends its last line. Lines are numbered from 1\n"
        "across items; blank lines get no answer but count. A line longer than\n"
        "max_line_bytes is an error line (the command's --max-line-bytes).\n\n"
        "first_line: the number of the first line, for a part of a longer input (an\n"
        "error line names its line by this count; exactgeom.dask.eval_bag sets it per\n"
        "partition).");
}

}  // namespace exactgeom::python

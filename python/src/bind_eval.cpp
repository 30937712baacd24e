// python/src/bind_eval.cpp: exactgeom.eval(lines), the query engine of
// `exactgeom eval` (src/query, docs/queries.md) on lines held by Python.
// Each line is answered by Evaluator::answer_input, the function the
// command answers its lines with, so the answers are the command's, byte
// for byte.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <map>
#include <memory>

#include <string>
#include <string_view>
#include <vector>

#include "convert.hpp"
#include "query/eval.hpp"
#include "query/meshes.hpp"
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
/// The named meshes of eval(..., meshes=...): read once from their JSON
/// texts, which they keep, so that pickling (Dask ships them to each worker
/// once) sends the texts and unpickling reads them again.
struct EvalMeshes {
  std::vector<std::pair<std::string, std::string>> texts;  // name, JSON text
  std::shared_ptr<const query::NamedMeshes> meshes;
  static EvalMeshes of(std::vector<std::pair<std::string, std::string>> texts) {
    EvalMeshes m;
    query::NamedMeshes named;
    for (const auto& [name, text] : texts) {
      if (named.count(name)) throw py::value_error("meshes: the name '" + name + "' is given twice");
      try {
        named.emplace(name, query::read_mesh_text(text, "meshes['" + name + "']"));
      } catch (const query::MeshFileError& e) {
        throw py::value_error(e.what());
      }
    }
    m.texts = std::move(texts);
    m.meshes = std::make_shared<const query::NamedMeshes>(std::move(named));
    return m;
  }
};

class Batch {
 public:
  Batch(std::size_t max_line_bytes, std::size_t first_line, const EvalMeshes* meshes)
      : max_(max_line_bytes), line_no_(first_line - 1) {
    if (meshes) evaluator_.set_meshes(meshes->meshes);
  }

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

py::list eval_lines(py::handle lines, std::size_t max_line_bytes, std::size_t first_line, const EvalMeshes* meshes) {
  if (max_line_bytes == 0) throw py::value_error("eval: max_line_bytes must be at least 1");
  if (first_line == 0) throw py::value_error("eval: first_line must be at least 1 (lines are numbered from 1)");
  Batch batch(max_line_bytes, first_line, meshes);
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
  py::class_<EvalMeshes>(m, "EvalMeshes",
                         "EvalMeshes(texts): the named meshes of eval(..., meshes=...), built once from\n"
                         "{name: JSON text of {\"v\": ..., \"f\": ...}} (exactgeom.load_meshes reads files).\n"
                         "Pickles as its texts (Dask ships it to each worker once).")
      .def(py::init([](const std::map<std::string, std::string>& texts) {
             return EvalMeshes::of({texts.begin(), texts.end()});
           }),
           py::arg("texts"))
      .def("names", [](const EvalMeshes& e) {
        std::vector<std::string> n;
        for (const auto& t : e.texts) n.push_back(t.first);
        return n;
      })
      .def(py::pickle([](const EvalMeshes& e) { return py::dict(py::cast(std::map<std::string, std::string>(e.texts.begin(), e.texts.end()))); },
                      [](const py::dict& d) {
                        auto t = d.cast<std::map<std::string, std::string>>();
                        return EvalMeshes::of({t.begin(), t.end()});
                      }));
  m.def("eval", &eval_lines, py::arg("lines"), py::arg("max_line_bytes") = query::kDefaultMaxLineBytes,
        py::arg("first_line") = 1, py::arg("meshes") = nullptr,
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
        "partition).\n\n"
        "meshes: an EvalMeshes (exactgeom.load_meshes({name: path})): the meshes lines\n"
        "name as {\"mesh\": \"NAME\"}, as `exactgeom eval --mesh NAME=FILE` reads them.");
}

}  // namespace exactgeom::python

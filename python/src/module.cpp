// python/src/module.cpp: the extension module exactgeom._exactgeom (the
// package exactgeom re-exports it; docs/python.md).
#include <pybind11/pybind11.h>

#include <map>
#include <string>

#include "convert.hpp"
#include "exactgeom/geometry.hpp"
#include "exactgeom/version.hpp"
#include "module.hpp"

namespace exactgeom::python {

namespace {

// The NamedTuple classes of exactgeom._types, looked up once at init and
// kept for the life of the process (never released: static destructors may
// run after the interpreter is gone).
std::map<std::string, PyObject*>* g_types = nullptr;

}  // namespace

py::handle result_type(const char* name) { return g_types->at(name); }

}  // namespace exactgeom::python

namespace py = pybind11;

PYBIND11_MODULE(_exactgeom, m) {
  namespace eg = exactgeom::python;
  // The docstrings carry their own signature lines.
  py::options options;
  options.disable_function_signatures();
  m.doc() =
      "Exact computational geometry: exact orientation predicates over NumPy arrays, segment\n"
      "intersections and distances, capsule tests and contact, the JSON Lines query engine of\n"
      "`exactgeom eval`, and audits of float collision functions written in Python.";
  m.attr("__version__") = EXACTGEOM_VERSION_STRING;
  eg::init_convert();
  eg::g_types = new std::map<std::string, PyObject*>;
  const py::module_ types = py::module_::import("exactgeom._types");
  for (const char* name : {"Overlap", "SegmentIntersection", "ClosestPoints", "Contact", "MeshContact", "PieceContact",
                           "MeshClosestPoints", "MeshContacts"})
    (*eg::g_types)[name] = py::object(types.attr(name)).release().ptr();
  // The library's one error type: a NaN or infinite value, a negative radius.
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const exactgeom::invalid_input& e) {
      PyErr_SetString(PyExc_ValueError, e.what());
    }
  });
  eg::register_predicates(m);
  eg::register_shapes(m);
  eg::register_eval(m);
  eg::register_audit(m);
  eg::register_arrays(m);
  eg::register_array_shapes(m);
  eg::register_meshes(m);
  eg::register_ccd(m);
}

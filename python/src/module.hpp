// python/src/module.hpp: the parts of the module `exactgeom._exactgeom`,
// each registered by its own translation unit.
#pragma once

#include <pybind11/pybind11.h>

namespace exactgeom::python {

namespace py = pybind11;

void register_predicates(py::module_& m);  // predicates.cpp: orient2d ... insphere
void register_shapes(py::module_& m);      // shapes.cpp: segments, capsules, contact
void register_eval(py::module_& m);        // eval.cpp: the query engine
void register_audit(py::module_& m);       // audit.cpp: audits of Python functions
void register_arrays(py::module_& m);      // arrays.cpp: array forms of shape queries
void register_array_shapes(py::module_& m);  // arrays_shapes.cpp: array forms of overlap, contact, ...

/// A result type of exactgeom._types (a NamedTuple), looked up once at init.
py::handle result_type(const char* name);

}  // namespace exactgeom::python

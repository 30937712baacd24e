// python/src/module.hpp: the parts of the module `exactgeom._exactgeom`,
// each registered by its own translation unit.
#pragma once

#include <pybind11/pybind11.h>

#include <gmpxx.h>

#include "exactgeom/shapes.hpp"

namespace exactgeom::python {

namespace py = pybind11;

void register_predicates(py::module_& m);  // predicates.cpp: orient2d ... insphere
void register_shapes(py::module_& m);      // shapes.cpp: segments, capsules, contact
void register_eval(py::module_& m);        // eval.cpp: the query engine
void register_audit(py::module_& m);       // audit.cpp: audits of Python functions
void register_arrays(py::module_& m);      // arrays.cpp: array forms of shape queries
void register_array_shapes(py::module_& m);  // arrays_shapes.cpp: array forms of overlap, contact, ...
void register_meshes(py::module_& m);      // meshes.cpp: Mesh, HeightField, Chain and the questions against them
void register_ccd(py::module_& m);         // ccd.cpp: moving vertex-face and edge-edge pairs

/// What to do with one shape of any form shapes.cpp reads (a capsule tuple,
/// a query-format dict, ...), given as a polygon or hull of doubles (when
/// every value is one and it is no box) or of exact rationals.
struct ShapeVisitor {
  virtual ~ShapeVisitor() = default;
  virtual py::object operator()(const ConvexPolygon<double>& s) = 0;
  virtual py::object operator()(const ConvexPolygon<mpq_class>& s) = 0;
  virtual py::object operator()(const ConvexHull3<double>& s) = 0;
  virtual py::object operator()(const ConvexHull3<mpq_class>& s) = 0;
};
/// Reads the shape (ValueError naming fn and arg) and calls v on it.
py::object visit_shape(py::handle h, const char* fn, const char* arg, ShapeVisitor& v);

/// A result type of exactgeom._types (a NamedTuple), looked up once at init.
py::handle result_type(const char* name);

}  // namespace exactgeom::python

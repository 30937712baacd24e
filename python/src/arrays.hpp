// python/src/arrays.hpp: what the array forms' C++ halves (arrays.cpp,
// arrays_shapes.cpp) and exact_objects (convert.cpp) share: views of NumPy
// float64 arrays as the library's types, and object arrays filled slot by
// slot.
#pragma once

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <cstddef>
#include <span>
#include <vector>

namespace exactgeom::python {

namespace py = pybind11;

using F64 = py::array_t<double, py::array::c_style>;

/// The rows of a C-contiguous float64 array as T, without a copy: T is a run
/// of doubles (Point2/3, Segment2/3 and Triangle3 of double), so an (n, 2, D)
/// array is n segments, (n, D) n points, (n, 3, 3) n triangles.
template <class T>
std::span<const T> rows(const F64& a) {
  static_assert(sizeof(T) % sizeof(double) == 0 && alignof(T) == alignof(double));
  return {reinterpret_cast<const T*>(a.data()), static_cast<std::size_t>(a.shape(0))};
}

/// numpy.empty(shape, dtype=object): every slot None until put_object.
inline py::array object_array(const std::vector<py::ssize_t>& shape) {
  py::tuple t(shape.size());
  for (std::size_t i = 0; i < shape.size(); ++i) t[i] = py::int_(shape[i]);
  return py::module_::import("numpy").attr("empty")(t, py::arg("dtype") = "O");
}

/// Puts v into flat slot i of an object array, releasing what was there.
inline void put_object(py::array& a, std::size_t i, py::object v) {
  PyObject** slot = static_cast<PyObject**>(a.mutable_data()) + i;
  Py_XDECREF(*slot);
  *slot = v.release().ptr();
}

}  // namespace exactgeom::python

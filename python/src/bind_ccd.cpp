// python/src/bind_ccd.cpp: exactgeom.ccd_vertex_face and exactgeom.ccd_edge_edge
// over NumPy arrays (docs/python.md, "Moving primitives"): exactgeom/ccd.hpp
// item by item, without the GIL.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <cmath>
#include <limits>
#include <string>

#include "exactgeom/ccd.hpp"
#include "module.hpp"

namespace exactgeom::python {

namespace {

using F64 = py::array_t<double, py::array::c_style | py::array::forcecast>;

py::tuple ccd(const std::string& kind, const F64& t0, const F64& t1, const F64& ms) {
  const bool vf = kind == "vertex_face";
  if (!vf && kind != "edge_edge") throw py::value_error("ccd: kind is 'vertex_face' or 'edge_edge'");
  auto check = [](const F64& a, const char* name) {
    if (a.ndim() != 3 || a.shape(1) != 4 || a.shape(2) != 3)
      throw py::value_error(std::string("ccd: ") + name + " must have shape (n, 4, 3) (four 3-D points per query), not " +
                            std::to_string(a.ndim()) + "-D");
  };
  check(t0, "t0");
  check(t1, "t1");
  const auto n = static_cast<std::size_t>(t0.shape(0));
  if (static_cast<std::size_t>(t1.shape(0)) != n)
    throw py::value_error("ccd: t0 has " + std::to_string(n) + " queries and t1 " + std::to_string(t1.shape(0)));
  if (ms.ndim() != 1 || (static_cast<std::size_t>(ms.shape(0)) != n && ms.shape(0) != 1))
    throw py::value_error("ccd: ms is one number or one per query");
  py::array_t<bool> hit(static_cast<py::ssize_t>(n));
  py::array_t<double> toi(static_cast<py::ssize_t>(n)), lo(static_cast<py::ssize_t>(n));
  bool* h = hit.mutable_data();
  double* t = toi.mutable_data();
  double* l = lo.mutable_data();
  const double* a = t0.data();
  const double* b = t1.data();
  const double* m = ms.data();
  const bool one_ms = ms.shape(0) == 1;
  {
    py::gil_scoped_release free;
    double c[24];
    for (std::size_t i = 0; i < n; ++i) {
      for (int k = 0; k < 12; ++k) c[k] = a[i * 12 + static_cast<std::size_t>(k)], c[12 + k] = b[i * 12 + static_cast<std::size_t>(k)];
      const double mi = m[one_ms ? 0 : i];
      const auto r = vf ? compiled::ccd_vertex_face(c, mi) : compiled::ccd_edge_edge(c, mi);
      h[i] = r.has_value();
      t[i] = r ? r->toi : std::numeric_limits<double>::quiet_NaN();
      l[i] = r ? r->toi_lo : std::numeric_limits<double>::quiet_NaN();
    }
  }
  return py::make_tuple(hit, toi, lo);
}

}  // namespace

void register_ccd(py::module_& m) {
  m.def("_ccd", &ccd, py::arg("kind"), py::arg("t0"), py::arg("t1"), py::arg("ms"),
        "_ccd(kind, t0, t1, ms) -> (hit, toi, toi_lo): the arrays of exactgeom.ccd_vertex_face / ccd_edge_edge.");
}

}  // namespace exactgeom::python

// python/src/arrays.cpp: the array forms' C++ half (convex_batch.hpp over
// NumPy float64 arrays, the GIL released during the loop). The Python half,
// exactgeom/_arrays.py, checks shapes and dtypes, broadcasts one shape
// against n and calls these with C-contiguous float64 arrays whose first
// dimension is n or 1.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <cstdint>
#include <string>
#include <vector>

#include "arrays.hpp"
#include "convert.hpp"
#include "exactgeom/convex_batch.hpp"
#include "module.hpp"

namespace exactgeom::python {

namespace {

int dim_of(const F64& s, const char* what) {
  if (s.ndim() != 3 || s.shape(1) != 2 || (s.shape(2) != 2 && s.shape(2) != 3))
    throw py::value_error(std::string(what) + ": want an array of shape (n, 2, 2) or (n, 2, 3)");
  return static_cast<int>(s.shape(2));
}

std::size_t count(std::size_t a, std::size_t b) { return a == 1 ? b : a; }

template <class C, class S>
std::vector<C> capsules(const F64& s, const F64& r) {
  const auto seg = rows<S>(s);
  std::vector<C> c(seg.size());
  for (std::size_t i = 0; i < seg.size(); ++i) c[i] = {seg[i], r.data()[r.shape(0) == 1 ? 0 : i]};
  return c;
}

py::tuple capsule_capsule(const F64& s1, const F64& r1, const F64& s2, const F64& r2, bool closed, bool open) {
  const int d = dim_of(s1, "c1");
  if (dim_of(s2, "c2") != d) throw py::value_error("capsule_capsule: c1 and c2 have different dimensions");
  if (r1.ndim() != 1 || r2.ndim() != 1 || (r1.shape(0) != s1.shape(0) && r1.shape(0) != 1) ||
      (r2.shape(0) != s2.shape(0) && r2.shape(0) != 1))
    throw py::value_error("capsule_capsule: a radius array must have one radius per segment, or one");
  const std::size_t n = count(static_cast<std::size_t>(s1.shape(0)), static_cast<std::size_t>(s2.shape(0)));
  py::array_t<bool> c(closed ? static_cast<py::ssize_t>(n) : 0), o(open ? static_cast<py::ssize_t>(n) : 0);
  const std::span<std::uint8_t> cs(reinterpret_cast<std::uint8_t*>(c.mutable_data()), closed ? n : 0),
      os(reinterpret_cast<std::uint8_t*>(o.mutable_data()), open ? n : 0);
  if (d == 2) {
    const auto a = capsules<Capsule2<double>, Segment2<double>>(s1, r1);
    const auto b = capsules<Capsule2<double>, Segment2<double>>(s2, r2);
    py::gil_scoped_release free;
    overlap_batch(std::span<const Capsule2<double>>(a), std::span<const Capsule2<double>>(b), cs, os);
  } else {
    const auto a = capsules<Capsule3<double>, Segment3<double>>(s1, r1);
    const auto b = capsules<Capsule3<double>, Segment3<double>>(s2, r2);
    py::gil_scoped_release free;
    overlap_batch(std::span<const Capsule3<double>>(a), std::span<const Capsule3<double>>(b), cs, os);
  }
  return py::make_tuple(closed ? py::object(c) : py::none(), open ? py::object(o) : py::none());
}

std::size_t pair_count(const F64& s, const F64& t) {
  const int d = dim_of(s, "s");
  if (dim_of(t, "t") != d) throw py::value_error("s and t have different dimensions");
  const auto ns = static_cast<std::size_t>(s.shape(0)), nt = static_cast<std::size_t>(t.shape(0));
  if (ns != nt && ns != 1 && nt != 1)
    throw py::value_error("s has " + std::to_string(ns) + " segments and t " + std::to_string(nt) +
                          "; they must agree, or one must be a single segment");
  return count(ns, nt);
}

py::array_t<double> segment_distance(const F64& s, const F64& t) {
  const std::size_t n = pair_count(s, t);
  py::array_t<double> out(static_cast<py::ssize_t>(n));
  const std::span<double> o(out.mutable_data(), n);
  {
    py::gil_scoped_release free;
    if (s.shape(2) == 2) distance_batch(rows<Segment2<double>>(s), rows<Segment2<double>>(t), o);
    else distance_batch(rows<Segment3<double>>(s), rows<Segment3<double>>(t), o);
  }
  return out;
}

py::object segment_squared_distance(const F64& s, const F64& t, bool pairs) {
  const std::size_t n = pair_count(s, t);
  std::vector<mpq_class> q(n);
  {
    py::gil_scoped_release free;
    if (s.shape(2) == 2) squared_distance_batch(rows<Segment2<double>>(s), rows<Segment2<double>>(t), q);
    else squared_distance_batch(rows<Segment3<double>>(s), rows<Segment3<double>>(t), q);
  }
  return exact_objects(q, pairs);
}

std::size_t broadcast(std::size_t a, std::size_t b, const char* x, const char* y) {
  if (a != b && a != 1 && b != 1)
    throw py::value_error(std::string(x) + " has " + std::to_string(a) + " shapes and " + y + " " + std::to_string(b) +
                          "; they must agree, or one must be a single shape");
  return count(a, b);
}

/// Point p (n, D) to segment s (n, 2, D): rounded distances, or exact ones.
py::object point_segment(const F64& p, const F64& s, bool exact, bool pairs) {
  const int d = dim_of(s, "s");
  if (p.ndim() != 2 || p.shape(1) != d) throw py::value_error("p: want points of shape (n, D), D that of s");
  const std::size_t n = broadcast(static_cast<std::size_t>(p.shape(0)), static_cast<std::size_t>(s.shape(0)), "p", "s");
  if (exact) {
    std::vector<mpq_class> q(n);
    {
      py::gil_scoped_release free;
      if (d == 2) squared_distance_batch(rows<Point2<double>>(p), rows<Segment2<double>>(s), q);
      else squared_distance_batch(rows<Point3<double>>(p), rows<Segment3<double>>(s), q);
    }
    return exact_objects(q, pairs);
  }
  py::array_t<double> out(static_cast<py::ssize_t>(n));
  const std::span<double> o(out.mutable_data(), n);
  {
    py::gil_scoped_release free;
    if (d == 2) distance_batch(rows<Point2<double>>(p), rows<Segment2<double>>(s), o);
    else distance_batch(rows<Point3<double>>(p), rows<Segment3<double>>(s), o);
  }
  return out;
}

/// 3-D segment s (n, 2, 3) to filled triangle tri (n, 3, 3).
py::object segment_triangle(const F64& s, const F64& tri, bool exact, bool pairs) {
  if (dim_of(s, "s") != 3) throw py::value_error("s: want 3-D segments, shape (n, 2, 3)");
  if (tri.ndim() != 3 || tri.shape(1) != 3 || tri.shape(2) != 3)
    throw py::value_error("tri: want triangles of shape (n, 3, 3)");
  const std::size_t n =
      broadcast(static_cast<std::size_t>(s.shape(0)), static_cast<std::size_t>(tri.shape(0)), "s", "tri");
  if (exact) {
    std::vector<mpq_class> q(n);
    {
      py::gil_scoped_release free;
      squared_distance_batch(rows<Segment3<double>>(s), rows<Triangle3<double>>(tri), q);
    }
    return exact_objects(q, pairs);
  }
  py::array_t<double> out(static_cast<py::ssize_t>(n));
  const std::span<double> o(out.mutable_data(), n);
  {
    py::gil_scoped_release free;
    distance_batch(rows<Segment3<double>>(s), rows<Triangle3<double>>(tri), o);
  }
  return out;
}

}  // namespace

void register_arrays(py::module_& m) {
  using py::arg;
  m.def("_capsule_capsule_batch", &capsule_capsule, arg("s1"), arg("r1"), arg("s2"), arg("r2"), arg("closed"),
        arg("open"), "capsule_capsule's array form (exactgeom._arrays): float64 arrays, n or 1 rows each.");
  m.def("_segment_distance_batch", &segment_distance, arg("s"), arg("t"),
        "segment_distance's array form (exactgeom._arrays).");
  m.def("_segment_squared_distance_batch", &segment_squared_distance, arg("s"), arg("t"), arg("pairs"),
        "segment_squared_distance's array form (exactgeom._arrays).");
  m.def("_point_segment_batch", &point_segment, arg("p"), arg("s"), arg("exact"), arg("pairs"),
        "point_segment_distance(2)'s array form (exactgeom._arrays).");
  m.def("_segment_triangle_batch", &segment_triangle, arg("s"), arg("tri"), arg("exact"), arg("pairs"),
        "segment_triangle_distance(2)'s array form (exactgeom._arrays).");
}

}  // namespace exactgeom::python

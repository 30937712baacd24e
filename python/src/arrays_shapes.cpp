// python/src/arrays_shapes.cpp: the array forms of overlap, capsule_triangle,
// distance, squared_distance, closest_points, contact and sweep (convex_batch.hpp
// over NumPy float64 arrays, the GIL released while shapes are built and
// answered). The Python half, exactgeom/_arrays.py, reads the user's arrays
// into one layout per kind of shape (ShapeArray below) and broadcasts one
// shape against n.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "arrays.hpp"
#include "convert.hpp"
#include "exactgeom/convex_batch.hpp"
#include "module.hpp"

namespace exactgeom::python {

namespace {

using I64 = py::array_t<std::int64_t, py::array::c_style>;

/// m shapes of one kind (m = n, or 1 for one shape used against n), as
/// _arrays.py lays them out:
///   capsule   pts (m, 1 or 2, D): a point or ball (one point) or a segment
///             or capsule, grown by r
///   triangle  pts (m, 3, 3), r = 0
///   convex    pts (m, k, D), count (m,): the hull of the first count[i]
///             points (a polygon in 2-D, a hull in 3-D), grown by r
///   box       pts (m, D + 2, D): centre, the D axes, the D half extents
/// and r (m,), the radii.
enum class Kind : int { capsule = 0, triangle = 1, convex = 2, box = 3 };

struct ShapeArray {
  Kind kind;
  F64 pts;
  I64 count;
  F64 r;
  std::size_t size() const { return static_cast<std::size_t>(pts.shape(0)); }
  int dim() const { return static_cast<int>(pts.shape(2)); }
};

ShapeArray shape_array(const py::tuple& t, const char* name) {
  if (t.size() != 4) throw py::value_error(std::string(name) + ": not a shape array");
  ShapeArray s{static_cast<Kind>(t[0].cast<int>()), t[1].cast<F64>(), t[2].cast<I64>(), t[3].cast<F64>()};
  const auto m = s.pts.ndim() == 3 ? s.pts.shape(0) : -1;
  const auto k = s.pts.ndim() == 3 ? s.pts.shape(1) : -1;
  const int d = s.pts.ndim() == 3 ? static_cast<int>(s.pts.shape(2)) : 0;
  bool ok = m >= 0 && (d == 2 || d == 3) && s.count.ndim() == 1 && s.count.shape(0) == m && s.r.ndim() == 1 &&
            s.r.shape(0) == m;
  switch (s.kind) {
    case Kind::capsule: ok = ok && (k == 1 || k == 2); break;
    case Kind::triangle: ok = ok && k == 3 && d == 3; break;
    case Kind::convex: ok = ok && k >= 1; break;
    case Kind::box: ok = ok && k == d + 2; break;
    default: ok = false;
  }
  if (!ok) throw py::value_error(std::string(name) + ": not a shape array");  // _arrays.py makes only good ones
  return s;
}

template <class T>
using Vec = std::vector<T>;
using Shapes2 = std::variant<Vec<Capsule2<double>>, Vec<ConvexPolygon<double>>, Vec<Box2<double>>>;
using Shapes3 = std::variant<Vec<Capsule3<double>>, Vec<Triangle3<double>>, Vec<ConvexHull3<double>>, Vec<Box3<double>>>;

template <int D>
using Pt = std::conditional_t<D == 2, Point2<double>, Point3<double>>;

template <int D>
Pt<D> point(const double* p) {
  if constexpr (D == 2) return {p[0], p[1]};
  else return {p[0], p[1], p[2]};
}

/// The shapes of s as the library's types. Runs without the GIL; an
/// invalid value (NaN, a negative radius) is left to the query, which names
/// the item, except where a constructor checks it (polygons, hulls): the
/// same message, naming the item here.
template <int D>
std::conditional_t<D == 2, Shapes2, Shapes3> build(const ShapeArray& s, const char* name) {
  const std::size_t m = s.size(), k = static_cast<std::size_t>(s.pts.shape(1));
  const double* p = s.pts.data();
  const double* r = s.r.data();
  const std::int64_t* count = s.count.data();
  auto row = [&](std::size_t i, std::size_t j) { return p + (i * k + j) * D; };
  switch (s.kind) {
      case Kind::capsule: {
        using C = std::conditional_t<D == 2, Capsule2<double>, Capsule3<double>>;
        Vec<C> v(m);
        for (std::size_t i = 0; i < m; ++i) v[i] = C{{point<D>(row(i, 0)), point<D>(row(i, k - 1))}, r[i]};
        return v;
      }
      case Kind::triangle:
        if constexpr (D == 3) {
          Vec<Triangle3<double>> v(m);
          for (std::size_t i = 0; i < m; ++i) v[i] = {point<3>(row(i, 0)), point<3>(row(i, 1)), point<3>(row(i, 2))};
          return v;
        }
        break;
      case Kind::convex: {
        using C = std::conditional_t<D == 2, ConvexPolygon<double>, ConvexHull3<double>>;
        Vec<C> v;
        v.reserve(m);
        std::vector<Pt<D>> q;
        for (std::size_t i = 0; i < m; ++i) {
          q.clear();
          for (std::size_t j = 0; j < static_cast<std::size_t>(count[i]); ++j) q.push_back(point<D>(row(i, j)));
          try {
            v.emplace_back(std::span<const Pt<D>>(q), r[i]);
          } catch (const invalid_input& e) {
            throw invalid_input(std::string(name) + ": item " + std::to_string(i) + ": " + e.what());
          }
        }
        return v;
      }
      case Kind::box: {
        using B = std::conditional_t<D == 2, Box2<double>, Box3<double>>;
        Vec<B> v(m);
        for (std::size_t i = 0; i < m; ++i) {
          B b{};
          b.center = point<D>(row(i, 0));
          for (std::size_t a = 0; a < D; ++a) b.axes[a] = point<D>(row(i, 1 + a));
          for (std::size_t a = 0; a < D; ++a) b.half[a] = row(i, D + 1)[a];
          b.r = r[i];
          v[i] = b;
        }
        return v;
      }
  }
  throw invalid_input(std::string(name) + ": not a shape array");
}

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

/// The outputs of one call, allocated with the GIL held, written without it.
struct Outputs {
  std::string op;
  std::size_t n = 0;
  int dim = 2;
  py::array_t<bool> closed, open;
  py::array_t<double> real;                            // distance, sweep; contact's depth
  py::array_t<double> normal, depth_normal, gap;       // contact
  std::vector<mpq_class> exact;                        // squared_distance
  std::vector<mpq_class> points;                       // closest_points: n x 2 x dim
};

template <class Xs, class Ys>
void answer(const Xs& xs, const Ys& ys, const F64* v, Outputs& o, bool want_closed, bool want_open) {
  using A = typename Xs::value_type;
  using B = typename Ys::value_type;
  const std::span<const A> x(xs);
  const std::span<const B> y(ys);
  const std::size_t n = o.n;
  if (o.op == "overlap") {
    overlap_batch(x, y,
                  std::span<std::uint8_t>(reinterpret_cast<std::uint8_t*>(o.closed.mutable_data()), want_closed ? n : 0),
                  std::span<std::uint8_t>(reinterpret_cast<std::uint8_t*>(o.open.mutable_data()), want_open ? n : 0));
  } else if (o.op == "distance") {
    distance_batch(x, y, std::span<double>(o.real.mutable_data(), n));
  } else if (o.op == "squared_distance") {
    squared_distance_batch(x, y, std::span<mpq_class>(o.exact));
  } else if (o.op == "closest_points") {
    std::vector<decltype(closest_points(x[0], y[0]))> c(n);
    closest_points_batch(x, y, std::span(c));
    const std::size_t d = static_cast<std::size_t>(o.dim);
    for (std::size_t i = 0; i < n; ++i) {
      mpq_class* q = o.points.data() + i * 2 * d;
      const auto put = [&](mpq_class* at, const auto& pt) {
        at[0] = to_mpq(pt.x), at[1] = to_mpq(pt.y);
        if constexpr (requires { pt.z; }) at[2] = to_mpq(pt.z);
      };
      put(q, c[i].on_first);
      put(q + d, c[i].on_second);
    }
  } else if (o.op == "contact") {
    std::vector<decltype(contact(x[0], y[0]))> c(n);
    contact_batch(x, y, std::span(c));
    const std::size_t d = static_cast<std::size_t>(o.dim);
    double *depth = o.real.mutable_data(), *nrm = o.normal.mutable_data(), *dn = o.depth_normal.mutable_data(),
           *gap = o.gap.mutable_data();
    const auto put = [&](double* at, const auto& pt) {
      if (!pt) {
        for (std::size_t j = 0; j < d; ++j) at[j] = kNaN;
        return;
      }
      at[0] = pt->x, at[1] = pt->y;
      if constexpr (requires { pt->z; }) at[2] = pt->z;
    };
    for (std::size_t i = 0; i < n; ++i) {
      depth[i] = c[i] ? c[i]->depth : kNaN;
      gap[i] = c[i] ? c[i]->gap : kNaN;
      put(nrm + i * d, c[i] ? c[i]->normal : decltype(c[i]->normal){});
      put(dn + i * d, c[i] ? c[i]->depth_normal : decltype(c[i]->depth_normal){});
    }
  } else if (o.op == "sweep") {
    using P = std::conditional_t<shape_dimension_v<A> == 2, Point2<double>, Point3<double>>;
    std::vector<std::optional<double>> t(n);
    time_of_impact_batch(x, rows<P>(*v), y, std::span(t));
    double* out = o.real.mutable_data();
    for (std::size_t i = 0; i < n; ++i) out[i] = t[i] ? *t[i] : kNaN;
  }
}

py::object shapes_batch(const std::string& op, const py::tuple& xt, const py::tuple& yt, const py::object& v_in,
                        bool want_closed, bool want_open, bool pairs) {
  std::optional<F64> v;
  if (!v_in.is_none()) v = v_in.cast<F64>();
  const ShapeArray x = shape_array(xt, "x"), y = shape_array(yt, "y");
  if (x.dim() != y.dim()) throw py::value_error(op + ": x and y have different dimensions");
  if (op == "sweep" && (!v || v->ndim() != 2 || v->shape(1) != x.dim()))
    throw py::value_error("sweep: v must be (n, D) or one vector of the shapes' dimension");
  const std::size_t nv = op == "sweep" ? static_cast<std::size_t>(v->shape(0)) : 1;
  // n: the size that is not 1 (0 included), else 1.
  const std::size_t n = x.size() != 1 ? x.size() : y.size() != 1 ? y.size() : nv;
  if ((x.size() != n && x.size() != 1) || (y.size() != n && y.size() != 1) || (nv != n && nv != 1))
    throw py::value_error(op + ": x has " + std::to_string(x.size()) + " shapes, y " + std::to_string(y.size()) +
                          (v ? " and v " + std::to_string(nv) : std::string()) +
                          "; they must agree, or be a single one");
  Outputs o;
  o.op = op;
  o.n = n;
  o.dim = x.dim();
  const auto sn = static_cast<py::ssize_t>(n), sd = static_cast<py::ssize_t>(o.dim);
  if (op == "overlap") {
    o.closed = py::array_t<bool>(want_closed ? sn : 0);
    o.open = py::array_t<bool>(want_open ? sn : 0);
  } else if (op == "distance" || op == "sweep") {
    o.real = py::array_t<double>(sn);
  } else if (op == "squared_distance") {
    o.exact.resize(n);
  } else if (op == "closest_points") {
    o.points.resize(n * 2 * static_cast<std::size_t>(o.dim));
  } else if (op == "contact") {
    o.real = py::array_t<double>(sn);
    o.gap = py::array_t<double>(sn);
    o.normal = py::array_t<double>({sn, sd});
    o.depth_normal = py::array_t<double>({sn, sd});
  } else {
    throw py::value_error("no array form of '" + op + "'");
  }
  {
    py::gil_scoped_release free;
    if (o.dim == 2) {
      const Shapes2 xs = build<2>(x, "x"), ys = build<2>(y, "y");
      std::visit([&](const auto& a, const auto& b) { answer(a, b, v ? &*v : nullptr, o, want_closed, want_open); }, xs,
                 ys);
    } else {
      const Shapes3 xs = build<3>(x, "x"), ys = build<3>(y, "y");
      std::visit([&](const auto& a, const auto& b) { answer(a, b, v ? &*v : nullptr, o, want_closed, want_open); }, xs,
                 ys);
    }
  }
  if (op == "overlap")
    return py::make_tuple(want_closed ? py::object(o.closed) : py::none(), want_open ? py::object(o.open) : py::none());
  if (op == "distance" || op == "sweep") return o.real;
  if (op == "squared_distance") return exact_objects(o.exact, pairs);
  if (op == "contact") return py::make_tuple(o.real, o.normal, o.depth_normal, o.gap);
  // closest_points: an (n, 2, D) object array of Fractions.
  return exact_objects(o.points, false).attr("reshape")(sn, 2, sd);
}

// ---- two segments: segments_intersect, segment_intersection,
// segment_closest_points.

template <class R>
py::object frac(const R& q) {
  return to_fraction(to_mpq(q));
}

/// Puts point p's coordinates at slots at, at + 1, ... of a.
template <class P>
void put_point(py::array& a, std::size_t at, const P& p) {
  put_object(a, at, frac(p.x));
  put_object(a, at + 1, frac(p.y));
  if constexpr (requires { p.z; }) put_object(a, at + 2, frac(p.z));
}

/// s, t: (n or 1, 2, D) float64 arrays (_arrays.py checks them).
template <class S>
py::object on_segments(const std::string& what, const F64& s, const F64& t, std::size_t n) {
  const std::span<const S> a = rows<S>(s), b = rows<S>(t);
  const auto d = static_cast<std::size_t>(s.shape(2));
  const auto sn = static_cast<py::ssize_t>(n), sd = static_cast<py::ssize_t>(d);
  if (what == "test") {
    py::array_t<bool> out(sn);
    const std::span<std::uint8_t> o(reinterpret_cast<std::uint8_t*>(out.mutable_data()), n);
    {
      py::gil_scoped_release free;
      intersects_batch(a, b, o);
    }
    return out;
  }
  if (what == "intersection") {
    std::vector<decltype(intersection(a[0], b[0]))> r(n);
    {
      py::gil_scoped_release free;
      intersection_batch(a, b, std::span(r));
    }
    py::array_t<std::int8_t> kind(sn);
    py::array point = object_array({sn, sd}), overlap = object_array({sn, 2, sd});
    for (std::size_t i = 0; i < n; ++i) {
      kind.mutable_data()[i] = static_cast<std::int8_t>(r[i].kind);
      if (r[i].point) put_point(point, i * d, *r[i].point);
      if (r[i].overlap) {
        put_point(overlap, 2 * i * d, r[i].overlap->a);
        put_point(overlap, (2 * i + 1) * d, r[i].overlap->b);
      }
    }
    return py::make_tuple(kind, point, overlap);
  }
  // closest
  std::vector<decltype(closest_points(a[0], b[0]))> r(n);
  {
    py::gil_scoped_release free;
    closest_points_batch(a, b, std::span(r));
  }
  py::array ps = object_array({sn}), ts = object_array({sn}), p = object_array({sn, sd}), q = object_array({sn, sd}),
            d2 = object_array({sn});
  for (std::size_t i = 0; i < n; ++i) {
    put_object(ps, i, frac(*r[i].s));
    put_object(ts, i, frac(*r[i].t));
    put_point(p, i * d, r[i].on_first);
    put_point(q, i * d, r[i].on_second);
    put_object(d2, i, frac(r[i].squared_distance));
  }
  return py::make_tuple(ps, ts, p, q, d2);
}

py::object segments_batch(const std::string& what, const F64& s, const F64& t) {
  const auto ns = static_cast<std::size_t>(s.shape(0)), nt = static_cast<std::size_t>(t.shape(0));
  const std::size_t n = ns != 1 ? ns : nt;  // the size that is not 1 (0 included), else 1
  if (s.ndim() != 3 || t.ndim() != 3 || s.shape(1) != 2 || t.shape(1) != 2 || s.shape(2) != t.shape(2) ||
      (s.shape(2) != 2 && s.shape(2) != 3) || (ns != n && ns != 1) || (nt != n && nt != 1))
    throw py::value_error("segments: not two segment arrays of one dimension");  // _arrays.py checks first
  if (what != "test" && what != "intersection" && what != "closest") throw py::value_error("segments: " + what);
  if (s.shape(2) == 2) return on_segments<Segment2<double>>(what, s, t, n);
  return on_segments<Segment3<double>>(what, s, t, n);
}

}  // namespace

void register_array_shapes(py::module_& m) {
  using py::arg;
  m.def("_shapes_batch", &shapes_batch, arg("op"), arg("x"), arg("y"), arg("v"), arg("closed"), arg("open"),
        arg("pairs"), "The array forms of overlap, distance, squared_distance, closest_points, contact and sweep "
                      "(exactgeom._arrays): shape arrays of n or 1 shapes each.");
  m.def("_segments_batch", &segments_batch, arg("what"), arg("s"), arg("t"),
        "The array forms of segments_intersect ('test'), segment_intersection and segment_closest_points "
        "('closest') (exactgeom._arrays).");
}

}  // namespace exactgeom::python

// python/src/bind_shapes.cpp: segments (segments.hpp), segment-triangle distances
// (segment_triangle.hpp), capsule overlap tests (capsules.hpp) and contact
// (contact.hpp) for 2-D and 3-D shapes of Python numbers. A query whose
// values are all doubles runs the library's double entry points (their
// filters); any other (big ints, Fractions) runs in mpq_class. Exact results
// are fractions.Fraction, rounded ones float.
#include <pybind11/pybind11.h>

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "convert.hpp"
#include "exactgeom/exactgeom.hpp"
#include "module.hpp"

namespace exactgeom::python {

namespace {

using Pts = std::vector<std::vector<Coord>>;  // points of one dimension

/// A capsule (an axis segment and a radius) or a filled triangle.
struct Shape {
  bool triangle = false;
  Pts p;    // capsule: the axis a, b; triangle: the corners
  Coord r;  // capsule: the radius (>= 0)
  int dim() const { return static_cast<int>(p[0].size()); }
};

int check_dims(const Pts& p, const Where& w, int dim) {
  for (std::size_t i = 0; i < p.size(); ++i) {
    const int d = static_cast<int>(p[i].size());
    if (dim == 0) dim = d;
    if (d != dim)
      throw_value_error(w, "mixes 2-D and 3-D points; every point of one query has the same dimension");
  }
  return dim;
}

Pts read_points(py::handle h, const Where& w, std::size_t count, const char* what, int dim) {
  if (!is_sequence(h) || py::len(h) != count)
    throw_value_error(w, "is not " + std::string(what) + " (a sequence of " + std::to_string(count) + " points)");
  const py::sequence s = py::reinterpret_borrow<py::sequence>(h);
  Pts p;
  for (std::size_t i = 0; i < count; ++i) p.push_back(read_point(s[i], w.at(i), dim));
  check_dims(p, w, dim);
  return p;
}

Pts read_segment(py::handle h, const Where& w, int dim = 0) { return read_points(h, w, 2, "a segment", dim); }
/// A triangle: three 3-D points, or {"tri": [3 points]} as in docs/queries.md.
Pts read_triangle(py::handle h, const Where& w) {
  if (PyDict_Check(h.ptr())) {
    const py::dict d = py::reinterpret_borrow<py::dict>(h);
    if (!d.contains("tri")) throw_value_error(w, "is a dict without \"tri\"; expected a triangle");
    return read_points(d["tri"], {w.fn, w.arg + "[\"tri\"]"}, 3, "a triangle", 3);
  }
  return read_points(h, w, 3, "a triangle", 3);
}

Coord read_radius(py::handle h, const Where& w) {
  Coord r = to_coord(h, w);
  if (r.sign() < 0) throw_value_error(w, "is negative; a radius must be >= 0");
  return r;
}

/// A capsule: (segment, r), (center, r) for a disk or ball, or
/// {"seg": segment, "r": r} as in docs/queries.md.
Shape read_capsule(py::handle h, const Where& w) {
  Shape c;
  if (PyDict_Check(h.ptr())) {
    const py::dict d = py::reinterpret_borrow<py::dict>(h);
    if (d.contains("tri")) throw_value_error(w, "is a triangle; expected a capsule");
    if (!d.contains("seg") || !d.contains("r"))
      throw_value_error(w, "is a dict without \"seg\" and \"r\"; expected a capsule");
    c.p = read_segment(d["seg"], {w.fn, w.arg + "[\"seg\"]"});
    c.r = read_radius(d["r"], {w.fn, w.arg + "[\"r\"]"});
    return c;
  }
  if (!is_sequence(h) || py::len(h) != 2)
    throw_value_error(w, "is not a capsule ((segment, radius), or (center, radius) for a disk or ball)");
  const py::sequence s = py::reinterpret_borrow<py::sequence>(h);
  const py::object axis = s[0];
  if (is_sequence(axis) && py::len(axis) > 0 && is_sequence(py::reinterpret_borrow<py::sequence>(axis)[0])) {
    c.p = read_segment(axis, w.at(0));
  } else {
    const std::vector<Coord> center = read_point(axis, w.at(0));
    c.p = {center, center};
  }
  c.r = read_radius(s[1], w.at(1));
  return c;
}

/// A capsule, or a triangle: three points or {"tri": [3 points]}.
Shape read_shape(py::handle h, const Where& w) {
  if (PyDict_Check(h.ptr())) {
    const py::dict d = py::reinterpret_borrow<py::dict>(h);
    if (!d.contains("tri")) return read_capsule(h, w);
    if (d.contains("seg")) throw_value_error(w, "has both \"seg\" and \"tri\"");
    Shape t;
    t.triangle = true;
    t.p = read_triangle(h, w);
    return t;
  }
  if (is_sequence(h) && py::len(h) == 3) {
    Shape t;
    t.triangle = true;
    t.p = read_triangle(h, w);
    return t;
  }
  return read_capsule(h, w);
}

void same_dim(int d1, int d2, const char* fn) {
  if (d1 != d2)
    throw py::value_error(std::string(fn) + ": a " + std::to_string(d1) + "-D and a " + std::to_string(d2) +
                          "-D shape; both must have the same dimension");
}

bool all_double(const Pts& p) {
  for (const auto& q : p)
    for (const Coord& c : q)
      if (!c.is_double()) return false;
  return true;
}
bool all_double(const Shape& s) { return all_double(s.p) && (s.triangle || s.r.is_double()); }

template <class T>
T val(const Coord& c) {
  if constexpr (std::is_same_v<T, double>) return c.as_double();
  else return c.to_mpq();
}
template <class T>
Point2<T> pt2(const std::vector<Coord>& c) {
  return {val<T>(c[0]), val<T>(c[1])};
}
template <class T>
Point3<T> pt3(const std::vector<Coord>& c) {
  return {val<T>(c[0]), val<T>(c[1]), val<T>(c[2])};
}
template <class T>
Segment2<T> seg2(const Pts& p) {
  return {pt2<T>(p[0]), pt2<T>(p[1])};
}
template <class T>
Segment3<T> seg3(const Pts& p) {
  return {pt3<T>(p[0]), pt3<T>(p[1])};
}
template <class T>
Triangle3<T> tri3(const Pts& p) {
  return {pt3<T>(p[0]), pt3<T>(p[1]), pt3<T>(p[2])};
}
template <class T>
Capsule2<T> cap2(const Shape& s) {
  return {seg2<T>(s.p), val<T>(s.r)};
}
template <class T>
Capsule3<T> cap3(const Shape& s) {
  return {seg3<T>(s.p), val<T>(s.r)};
}

/// f(double{}) when every value is a double, else f(mpq_class{}).
template <class F>
py::object in_type(bool doubles, F f) {
  if (doubles) return f(0.0);
  return f(mpq_class());
}

template <class I>
py::object fraction(const Fraction<I>& q) {
  return to_fraction(to_mpq(q));
}
template <class R>
py::object point_tuple(const Point2<R>& p) {
  return py::make_tuple(fraction(p.x), fraction(p.y));
}
template <class R>
py::object point_tuple(const Point3<R>& p) {
  return py::make_tuple(fraction(p.x), fraction(p.y), fraction(p.z));
}
py::object float_tuple(const Point2<double>& p) { return py::make_tuple(p.x, p.y); }
py::object float_tuple(const Point3<double>& p) { return py::make_tuple(p.x, p.y, p.z); }

template <class P, class S>
py::object intersection_result(const SegmentIntersection<P, S>& r) {
  const py::str kind(std::string(to_string(r.kind)));
  py::object point = py::none(), overlap = py::none();
  if (r.point) point = point_tuple(*r.point);
  if (r.overlap) overlap = py::make_tuple(point_tuple(r.overlap->a), point_tuple(r.overlap->b));
  return result_type("SegmentIntersection")(kind, point, overlap);
}

template <class C>
py::object contact_result(const std::optional<C>& c) {
  if (!c) return py::none();
  return result_type("Contact")(c->depth, c->normal ? float_tuple(*c->normal) : py::none(),
                                c->depth_normal ? float_tuple(*c->depth_normal) : py::none(), c->gap);
}

py::object overlap_result(bool closed, bool open) { return result_type("Overlap")(closed, open); }

/// Two segments of one dimension, and f(Segment<T> s, Segment<T> t) in T.
template <class F>
py::object on_segments(const char* fn, py::handle s, py::handle t, F f) {
  const Pts a = read_segment(s, {fn, "s"});
  const Pts b = read_segment(t, {fn, "t"});
  same_dim(static_cast<int>(a[0].size()), static_cast<int>(b[0].size()), fn);
  return in_type(all_double(a) && all_double(b), [&](auto tag) -> py::object {
    using T = decltype(tag);
    if (a[0].size() == 2) return f(seg2<T>(a), seg2<T>(b));
    return f(seg3<T>(a), seg3<T>(b));
  });
}

// ---- the functions

py::object segment_intersection(py::handle s, py::handle t) {
  return on_segments("segment_intersection", s, t, [](const auto& a, const auto& b) {
    return intersection_result(intersection(a, b));
  });
}

py::object segments_intersect(py::handle s, py::handle t) {
  return on_segments("segments_intersect", s, t,
                     [](const auto& a, const auto& b) -> py::object { return py::bool_(intersects(a, b)); });
}

py::object segment_squared_distance(py::handle s, py::handle t) {
  return on_segments("segment_squared_distance", s, t,
                     [](const auto& a, const auto& b) { return fraction(squared_distance(a, b)); });
}

py::object segment_distance(py::handle s, py::handle t) {
  return on_segments("segment_distance", s, t,
                     [](const auto& a, const auto& b) -> py::object { return py::float_(distance(a, b)); });
}

py::object segment_closest_points(py::handle s, py::handle t) {
  return on_segments("segment_closest_points", s, t, [](const auto& a, const auto& b) {
    const auto r = closest_points(a, b);
    return result_type("ClosestPoints")(fraction(*r.s), fraction(*r.t), point_tuple(r.on_first),
                                        point_tuple(r.on_second), fraction(r.squared_distance));
  });
}

/// A point and a segment of its dimension, and f(Point<T>, Segment<T>).
template <class F>
py::object on_point_segment(const char* fn, py::handle p, py::handle s, F f) {
  const std::vector<Coord> q = read_point(p, {fn, "p"});
  const Pts b = read_segment(s, {fn, "s"}, static_cast<int>(q.size()));
  return in_type(all_double(Pts{q}) && all_double(b), [&](auto tag) -> py::object {
    using T = decltype(tag);
    if (q.size() == 2) return f(pt2<T>(q), seg2<T>(b));
    return f(pt3<T>(q), seg3<T>(b));
  });
}

py::object point_segment_squared_distance(py::handle p, py::handle s) {
  return on_point_segment("point_segment_squared_distance", p, s,
                          [](const auto& a, const auto& b) { return fraction(squared_distance(a, b)); });
}

py::object point_segment_distance(py::handle p, py::handle s) {
  return on_point_segment("point_segment_distance", p, s,
                          [](const auto& a, const auto& b) -> py::object { return py::float_(distance(a, b)); });
}

/// A 3-D segment and a triangle, and f(Segment3<T>, Triangle3<T>).
template <class F>
py::object on_segment_triangle(const char* fn, py::handle s, py::handle tri, F f) {
  const Pts a = read_segment(s, {fn, "s"}, 3);
  const Pts t = read_triangle(tri, {fn, "tri"});
  return in_type(all_double(a) && all_double(t),
                 [&](auto tag) -> py::object { return f(seg3<decltype(tag)>(a), tri3<decltype(tag)>(t)); });
}

py::object segment_triangle_squared_distance(py::handle s, py::handle tri) {
  return on_segment_triangle("segment_triangle_squared_distance", s, tri,
                             [](const auto& a, const auto& t) { return fraction(squared_distance(a, t)); });
}

py::object segment_triangle_distance(py::handle s, py::handle tri) {
  return on_segment_triangle("segment_triangle_distance", s, tri,
                             [](const auto& a, const auto& t) -> py::object { return py::float_(distance(a, t)); });
}

py::object capsule_capsule(py::handle c1, py::handle c2) {
  const char* fn = "capsule_capsule";
  const Shape a = read_capsule(c1, {fn, "c1"});
  const Shape b = read_capsule(c2, {fn, "c2"});
  same_dim(a.dim(), b.dim(), fn);
  return in_type(all_double(a) && all_double(b), [&](auto tag) {
    using T = decltype(tag);
    if (a.dim() == 2) {
      const Capsule2<T> x = cap2<T>(a), y = cap2<T>(b);
      return overlap_result(intersects(x, y), interiors_overlap(x, y));
    }
    const Capsule3<T> x = cap3<T>(a), y = cap3<T>(b);
    return overlap_result(intersects(x, y), interiors_overlap(x, y));
  });
}

py::object capsule_triangle(py::handle c, py::handle tri) {
  const char* fn = "capsule_triangle";
  const Shape a = read_capsule(c, {fn, "c"});
  if (a.dim() != 3) throw_value_error({fn, "c"}, "is 2-D; capsule_triangle is 3-D");
  const Pts t = read_triangle(tri, {fn, "tri"});
  return in_type(all_double(a) && all_double(t), [&](auto tag) {
    using T = decltype(tag);
    const Capsule3<T> x = cap3<T>(a);
    const Triangle3<T> y = tri3<T>(t);
    return overlap_result(intersects(x, y), interiors_overlap(x, y));
  });
}

// ---- any two shapes of docs/queries.md's "Shapes": a core (seg, tri,
// poly, hull or box) grown by r, as a dict, or the capsule and triangle
// forms above.

/// A shape as the points whose hull is its core, and its radius. A box's
/// corners are computed exactly (in mpq_class) when it is read.
struct AnyShape {
  int dim = 0;
  Pts p;
  Coord r;
  bool box = false;  // p holds exact corners: the query runs in mpq_class
};

AnyShape read_any(py::handle h, const Where& w) {
  AnyShape out;
  if (PyDict_Check(h.ptr())) {
    const py::dict d = py::reinterpret_borrow<py::dict>(h);
    static const char* kCores[] = {"seg", "tri", "poly", "hull", "box"};
    std::string key;
    for (const char* k : kCores) {
      if (!d.contains(k)) continue;
      if (!key.empty()) throw_value_error(w, "has both \"" + key + "\" and \"" + k + "\"; a shape has one core");
      key = k;
    }
    if (key.empty()) throw_value_error(w, "is a dict without \"seg\", \"tri\", \"poly\", \"hull\" or \"box\"");
    const Where cw{w.fn, w.arg + "[\"" + key + "\"]"};
    if (key == "seg") {
      if (!d.contains("r")) throw_value_error(w, "has \"seg\" but no \"r\"");
      out.p = read_segment(d["seg"], cw);
    } else if (key == "tri") {
      out.p = read_points(d["tri"], cw, 3, "a triangle", 3);
    } else if (key == "poly" || key == "hull") {
      const py::handle list = d[key.c_str()];
      if (!is_sequence(list) || py::len(list) == 0) throw_value_error(cw, "is not a non-empty sequence of points");
      out.p = read_points(list, cw, py::len(list), "a sequence of points", key == "poly" ? 2 : 3);
    } else {
      const py::handle bh = d["box"];
      if (!PyDict_Check(bh.ptr())) throw_value_error(cw, "is not a dict {\"c\": point, \"axes\": [...], \"h\": [...]}");
      const py::dict bd = py::reinterpret_borrow<py::dict>(bh);
      for (const char* k : {"c", "axes", "h"})
        if (!bd.contains(k)) throw_value_error(cw, std::string("has no \"") + k + "\"");
      const std::vector<Coord> c = read_point(bd["c"], {w.fn, cw.arg + "[\"c\"]"});
      const int dim = static_cast<int>(c.size());
      const Pts axes = read_points(bd["axes"], {w.fn, cw.arg + "[\"axes\"]"}, static_cast<std::size_t>(dim),
                                   "a sequence of axes", dim);
      const py::handle hh = bd["h"];
      if (!is_sequence(hh) || py::len(hh) != static_cast<std::size_t>(dim))
        throw_value_error({w.fn, cw.arg + "[\"h\"]"}, "is not " + std::to_string(dim) + " half extents");
      std::vector<mpq_class> half;
      for (int i = 0; i < dim; ++i) {
        const Coord x = to_coord(py::reinterpret_borrow<py::sequence>(hh)[static_cast<std::size_t>(i)],
                                 {w.fn, cw.arg + "[\"h\"][" + std::to_string(i) + "]"});
        if (x.sign() < 0) throw_value_error({w.fn, cw.arg + "[\"h\"]"}, "has a negative half extent");
        half.push_back(x.to_mpq());
      }
      out.box = true;
      for (unsigned sg = 0; sg < (1u << dim); ++sg) {
        std::vector<Coord> corner;
        for (int k = 0; k < dim; ++k) {
          mpq_class v = c[static_cast<std::size_t>(k)].to_mpq();
          for (int i = 0; i < dim; ++i)
            v += ((sg >> i) & 1 ? 1 : -1) * half[static_cast<std::size_t>(i)] *
                 axes[static_cast<std::size_t>(i)][static_cast<std::size_t>(k)].to_mpq();
          corner.push_back(Coord::of_mpq(v));
        }
        out.p.push_back(corner);
      }
    }
    out.r = d.contains("r") ? read_radius(d["r"], {w.fn, w.arg + "[\"r\"]"}) : to_coord(py::int_(0), w);
    out.dim = static_cast<int>(out.p[0].size());
    return out;
  }
  const Shape s = read_shape(h, w);  // (segment, r), (center, r), three points
  out.p = s.p;
  out.r = s.triangle ? to_coord(py::int_(0), w) : s.r;
  out.dim = s.dim();
  return out;
}

template <class T>
ConvexPolygon<T> make_polygon(const AnyShape& s) {
  std::vector<Point2<T>> pts;
  for (const auto& q : s.p) pts.push_back(pt2<T>(q));
  return ConvexPolygon<T>(pts, val<T>(s.r));
}
template <class T>
ConvexHull3<T> make_hull(const AnyShape& s) {
  std::vector<Point3<T>> pts;
  for (const auto& q : s.p) pts.push_back(pt3<T>(q));
  return ConvexHull3<T>(pts, val<T>(s.r));
}

/// Two shapes of one dimension, as ConvexPolygon / ConvexHull3 of T (double
/// when every value is one and no box is involved, else mpq_class), and
/// f(x, y) on them.
template <class F>
py::object on_shapes(const char* fn, py::handle hx, py::handle hy, F f) {
  const AnyShape a = read_any(hx, {fn, "x"});
  const AnyShape b = read_any(hy, {fn, "y"});
  same_dim(a.dim, b.dim, fn);
  const bool doubles = !a.box && !b.box && all_double(a.p) && all_double(b.p) && a.r.is_double() && b.r.is_double();
  return in_type(doubles, [&](auto tag) -> py::object {
    using T = decltype(tag);
    if (a.dim == 2) return f(make_polygon<T>(a), make_polygon<T>(b));
    return f(make_hull<T>(a), make_hull<T>(b));
  });
}

py::object contact_of(py::handle x, py::handle y) {
  return on_shapes("contact", x, y, [](const auto& a, const auto& b) { return contact_result(contact(a, b)); });
}

py::object overlap_of(py::handle x, py::handle y) {
  return on_shapes("overlap", x, y,
                   [](const auto& a, const auto& b) { return overlap_result(intersects(a, b), interiors_overlap(a, b)); });
}

py::object squared_distance_of(py::handle x, py::handle y) {
  return on_shapes("squared_distance", x, y, [](const auto& a, const auto& b) { return fraction(squared_distance(a, b)); });
}

py::object distance_of(py::handle x, py::handle y) {
  return on_shapes("distance", x, y, [](const auto& a, const auto& b) -> py::object { return py::float_(distance(a, b)); });
}

py::object closest_points_of(py::handle x, py::handle y) {
  return on_shapes("closest_points", x, y, [](const auto& a, const auto& b) -> py::object {
    const auto r = closest_points(a, b);
    return py::make_tuple(point_tuple(r.on_first), point_tuple(r.on_second));
  });
}

py::object sweep_of(py::handle x, py::handle v, py::handle y) {
  const std::vector<Coord> m = read_point(v, {"sweep", "v"});
  return on_shapes("sweep", x, y, [&](const auto& a, const auto& b) -> py::object {
    using S = std::decay_t<decltype(a)>;
    using T = std::decay_t<decltype(a.radius())>;
    std::optional<double> t;
    if constexpr (std::is_same_v<S, ConvexPolygon<T>>) {
      if (m.size() != 2) throw py::value_error("sweep: v has " + std::to_string(m.size()) + " coordinates; the shapes are 2-D");
      t = time_of_impact(a, Point2<T>{val<T>(m[0]), val<T>(m[1])}, b);
    } else {
      if (m.size() != 3) throw py::value_error("sweep: v has " + std::to_string(m.size()) + " coordinates; the shapes are 3-D");
      t = time_of_impact(a, Point3<T>{val<T>(m[0]), val<T>(m[1]), val<T>(m[2])}, b);
    }
    return t ? py::object(py::float_(*t)) : py::none();
  });
}

constexpr const char* kShapes = R"(

Points are sequences of 2 or 3 numbers (every point of one call has the same
dimension); a segment is a pair of points (zero length allowed); a capsule is
(segment, r), or (center, r) for a disk or ball, or {"seg": segment, "r": r}
as in the query format (r >= 0; a 2-D capsule is a stadium); a triangle is
three 3-D points, filled (collinear corners give the segment they cover), or
{"tri": [p, q, r]}. contact, overlap, distance, squared_distance, closest_points and
sweep also take every shape of the query format: {"poly": [points], "r": r}
(2-D), {"hull": [points], "r": r} (3-D), {"box": {"c": point, "axes": [D
vectors], "h": [D half extents]}, "r": r} (r optional, 0 when missing). Values are exact as given (float, int of any size,
fractions.Fraction, decimal.Decimal, NumPy numbers). ValueError for NaN,
infinity, a negative radius or mis-shaped input, naming the argument.)";

std::string doc(const char* text) { return std::string(text) + kShapes; }

}  // namespace

py::object visit_shape(py::handle h, const char* fn, const char* arg, ShapeVisitor& v) {
  const AnyShape a = read_any(h, {fn, arg});
  const bool doubles = !a.box && all_double(a.p) && a.r.is_double();
  return in_type(doubles, [&](auto tag) -> py::object {
    using T = decltype(tag);
    if (a.dim == 2) return v(make_polygon<T>(a));
    return v(make_hull<T>(a));
  });
}

void register_shapes(py::module_& m) {
  using py::arg;
  m.def("segment_intersection", &segment_intersection, arg("s"), arg("t"),
        doc("segment_intersection(s, t) -> SegmentIntersection\n\n"
            "How the closed segments s and t meet, exactly: kind is 'disjoint', 'cross'\n"
            "(one common point, interior to both), 'touch' (one common point, an\n"
            "endpoint of at least one segment) or 'overlap' (a common part of positive\n"
            "length); point is that point (cross, touch) as a tuple of Fractions, else\n"
            "None; overlap the common part's endpoints in increasing lexicographic\n"
            "order (overlap), else None.")
            .c_str());
  m.def("segments_intersect", &segments_intersect, arg("s"), arg("t"),
        doc("segments_intersect(s, t) -> bool\n\n"
            "True iff the closed segments share a point (the predicate alone: faster\n"
            "than segment_intersection).")
            .c_str());
  m.def("segment_squared_distance", &segment_squared_distance, arg("s"), arg("t"),
        doc("segment_squared_distance(s, t) -> fractions.Fraction\n\n"
            "The exact squared distance between the closed segments (0 when they meet).")
            .c_str());
  m.def("segment_distance", &segment_distance, arg("s"), arg("t"),
        doc("segment_distance(s, t) -> float\n\n"
            "The distance between the closed segments, correctly rounded (the exact\n"
            "square root of segment_squared_distance, rounded to the nearest double, ties to even).")
            .c_str());
  m.def("segment_closest_points", &segment_closest_points, arg("s"), arg("t"),
        doc("segment_closest_points(s, t) -> ClosestPoints\n\n"
            "Exact closest points: parameters s, t in [0, 1], on_first = s0 + s (s1 - s0),\n"
            "on_second likewise, and squared_distance = |on_first - on_second|^2, all Fractions.\n"
            "Where several pairs are closest (parallel segments), the one with the\n"
            "smallest s; a zero-length segment has parameter 0.")
            .c_str());
  m.def("point_segment_squared_distance", &point_segment_squared_distance, arg("p"), arg("s"),
        doc("point_segment_squared_distance(p, s) -> fractions.Fraction\n\n"
            "The exact squared distance from the point p to the closed segment s.")
            .c_str());
  m.def("point_segment_distance", &point_segment_distance, arg("p"), arg("s"),
        doc("point_segment_distance(p, s) -> float\n\n"
            "The distance from the point p to the closed segment s, correctly rounded.")
            .c_str());
  m.def("segment_triangle_squared_distance", &segment_triangle_squared_distance, arg("s"), arg("tri"),
        doc("segment_triangle_squared_distance(s, tri) -> fractions.Fraction\n\n"
            "The exact squared distance between the closed 3-D segment s (a point when\n"
            "its ends are equal) and the filled triangle tri: 0 when they meet.")
            .c_str());
  m.def("segment_triangle_distance", &segment_triangle_distance, arg("s"), arg("tri"),
        doc("segment_triangle_distance(s, tri) -> float\n\n"
            "The distance between the 3-D segment s and the filled triangle tri,\n"
            "correctly rounded.")
            .c_str());
  m.def("capsule_capsule", &capsule_capsule, arg("c1"), arg("c2"),
        doc("capsule_capsule(c1, c2) -> Overlap\n\n"
            "Overlap(closed, open) of two capsules (2-D stadiums or 3-D capsules; a\n"
            "zero-length axis is a disk or ball): closed is True iff the distance\n"
            "between the axes is <= r1 + r2 (touching counts), open iff the capsules\n"
            "overlap by more than touching: the distance is < r1 + r2, or (radii 0) two\n"
            "2-D axes cross at interior points of both. (The eval op capsule_capsule\n"
            "keeps open = distance < r1 + r2, false for such crossing segments.)")
            .c_str());
  m.def("capsule_triangle", &capsule_triangle, arg("c"), arg("tri"),
        doc("capsule_triangle(c, tri) -> Overlap\n\n"
            "Overlap(closed, open) of a 3-D capsule (a ball when its axis has zero\n"
            "length) and a filled triangle: distance(axis, tri) <= r; open iff they\n"
            "overlap by more than touching (distance < r, or, r = 0, an axis through the\n"
            "triangle's interior; the eval op capsule_triangle keeps distance < r).")
            .c_str());
  m.def("contact", &contact_of, arg("x"), arg("y"),
        doc("contact(x, y) -> Contact | None\n\n"
            "The contact of two meeting shapes of one dimension (any two: capsules,\n"
            "triangles, polygons, hulls, boxes), or None when the closed shapes do not\n"
            "meet. depth: the length of the shortest translation of y after which they\n"
            "only touch (r_x + r_y - distance when the cores are apart; r_x + r_y plus\n"
            "the cores' penetration when they meet), correctly rounded; normal: the unit\n"
            "vector from x's closest core point toward y's, or None when the cores meet;\n"
            "depth_normal: the direction y moves in that shortest translation, or None\n"
            "when depth is 0 or several directions tie; gap: distance - r_x - r_y.\n"
            "Every float is the exact value correctly rounded.")
            .c_str());
  m.def("overlap", &overlap_of, arg("x"), arg("y"),
        doc("overlap(x, y) -> Overlap\n\n"
            "Overlap(closed, open) of any two shapes of one dimension: closed iff the\n"
            "distance between the cores is <= r_x + r_y (touching counts); open iff the\n"
            "shapes overlap by more than touching (contact's depth > 0: the distance is\n"
            "< r_x + r_y, or the cores cross, as two interpenetrating boxes of radius 0).")
            .c_str());
  m.def("squared_distance", &squared_distance_of, arg("x"), arg("y"),
        doc("squared_distance(x, y) -> fractions.Fraction\n\n"
            "The exact squared distance between the cores of any two shapes (0 when they meet).")
            .c_str());
  m.def("distance", &distance_of, arg("x"), arg("y"),
        doc("distance(x, y) -> float\n\n"
            "The distance between the cores of any two shapes, correctly rounded.")
            .c_str());
  m.def("closest_points", &closest_points_of, arg("x"), arg("y"),
        doc("closest_points(x, y) -> (point, point)\n\n"
            "A closest pair of core points (on x's core, on y's), exact Fractions; where\n"
            "several pairs are closest, one of them (their difference is the same).")
            .c_str());
  m.def("sweep", &sweep_of, arg("x"), arg("v"), arg("y"),
        doc("sweep(x, v, y) -> float | None\n\n"
            "The least t in [0, 1] at which x moved by t*v meets y (closed test),\n"
            "correctly rounded; None when it never does; 0.0 when they meet at the start.")
            .c_str());
}

}  // namespace exactgeom::python

// exactgeom/convex.hpp: every question about any two shapes of one
// dimension, exactly. A shape is a convex core grown by a radius:
//
//   2-D: Point2, Segment2, Circle, Capsule2, ConvexPolygon, Box2
//   3-D: Point3, Segment3, Sphere, Capsule3, Triangle3, ConvexHull3, Box3
//
// (shapes.hpp has the polygons, hulls and boxes). With d the exact distance
// between the cores and R = r_x + r_y:
//
//   intersects(x, y)          d <= R: the closed shapes meet (touching counts)
//   interiors_overlap(x, y)   the shapes overlap by more than touching:
//                             contact(x, y)->depth > 0 (docs/queries.md's
//                             `open`): d < R, or the cores meet and R + P > 0
//                             with P their penetration, so two radius-0
//                             solids that interpenetrate overlap (until 0.3:
//                             d < R, false for them).
//   squared_distance(x, y)    d^2 between the cores, exact (a Fraction)
//   distance(x, y)            d, correctly rounded to double
//   closest_points(x, y)      a closest pair of core points, exact (where
//                             several pairs are closest, one of them; their
//                             difference is the same for all)
//   contact(x, y)             when the shapes meet: the penetration depth
//                             (the length of the shortest translation of y
//                             after which they only touch) and its direction,
//                             each correctly rounded (contact.hpp, Contact)
//   time_of_impact(x, v, y)   the least t in [0, 1] at which x moved by t v
//                             meets y, correctly rounded; none if never
//
// Pairs the older headers answer keep their functions (and fast paths):
// capsules.hpp's intersects/interiors_overlap between points, balls,
// capsules and triangles, segments.hpp's and segment_triangle.hpp's
// distances. Every other pair of one dimension is answered here: two
// triangles, a box and a capsule, two hulls, a polygon and a stadium.
//
// How (src/convex/, derivations there): each core becomes points with
// exact rational coordinates (a box's corners computed exactly from its
// centre, axes and half extents), both cores of a question are scaled to
// integers by one factor, and the engine answers in GMP integers: exact GJK
// for the distance and closest points, the least support distance over the
// Minkowski difference's facet-normal candidates for the depth, an exact
// linear program or a bisection over the doubles for the time of impact.
//
// Errors: a NaN or infinite float/double value, a negative radius or half
// extent throw exactgeom::invalid_input.
#pragma once

#include <gmpxx.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <optional>
#include <type_traits>
#include <vector>

#include "exactgeom/capsules.hpp"
#include "exactgeom/coordinate.hpp"
#include "exactgeom/detail/convex_core.hpp"
#include "exactgeom/detail/convex_filter.hpp"
#include "exactgeom/geometry.hpp"
#include "exactgeom/rational.hpp"
#include "exactgeom/segment_triangle.hpp"
#include "exactgeom/segments.hpp"
#include "exactgeom/shapes.hpp"

namespace exactgeom {

namespace detail::cvx {

/// What a shape is as a convex core: its dimension, coordinate type, and
/// its exact core (to_core).
template <class S>
struct shape_traits;

template <class T>
void push(Core& c, const Point2<T>& p) {
  c.c.push_back(exactgeom::to_mpq(p.x)), c.c.push_back(exactgeom::to_mpq(p.y));
}
template <class T>
void push(Core& c, const Point3<T>& p) {
  c.c.push_back(exactgeom::to_mpq(p.x)), c.c.push_back(exactgeom::to_mpq(p.y)), c.c.push_back(exactgeom::to_mpq(p.z));
}
template <class T>
mpq_class radius_of(const T& r, const char* what) {
  mpq_class q = exactgeom::to_mpq(r);
  if (sgn(q) < 0) throw invalid_input(std::string(what) + ": negative radius");
  return q;
}

template <class T>
struct shape_traits<Point2<T>> {
  using coord = T;
  static constexpr int dim = 2;
  static Core to_core(const Point2<T>& p) {
    Core c;
    c.dim = 2;
    push(c, p);
    return c;
  }
};
template <class T>
struct shape_traits<Point3<T>> {
  using coord = T;
  static constexpr int dim = 3;
  static Core to_core(const Point3<T>& p) {
    Core c;
    c.dim = 3;
    push(c, p);
    return c;
  }
};
template <class T>
struct shape_traits<Segment2<T>> {
  using coord = T;
  static constexpr int dim = 2;
  static Core to_core(const Segment2<T>& s) {
    Core c;
    c.dim = 2;
    push(c, s.a), push(c, s.b);
    return c;
  }
};
template <class T>
struct shape_traits<Segment3<T>> {
  using coord = T;
  static constexpr int dim = 3;
  static Core to_core(const Segment3<T>& s) {
    Core c;
    c.dim = 3;
    push(c, s.a), push(c, s.b);
    return c;
  }
};
template <class T>
struct shape_traits<Circle<T>> {
  using coord = T;
  static constexpr int dim = 2;
  static Core to_core(const Circle<T>& s) {
    Core c;
    c.dim = 2;
    push(c, s.center);
    c.r = radius_of(s.r, "Circle");
    return c;
  }
};
template <class T>
struct shape_traits<Sphere<T>> {
  using coord = T;
  static constexpr int dim = 3;
  static Core to_core(const Sphere<T>& s) {
    Core c;
    c.dim = 3;
    push(c, s.center);
    c.r = radius_of(s.r, "Sphere");
    return c;
  }
};
template <class T>
struct shape_traits<Capsule2<T>> {
  using coord = T;
  static constexpr int dim = 2;
  static Core to_core(const Capsule2<T>& s) {
    Core c;
    c.dim = 2;
    push(c, s.seg.a), push(c, s.seg.b);
    c.r = radius_of(s.r, "Capsule2");
    return c;
  }
};
template <class T>
struct shape_traits<Capsule3<T>> {
  using coord = T;
  static constexpr int dim = 3;
  static Core to_core(const Capsule3<T>& s) {
    Core c;
    c.dim = 3;
    push(c, s.seg.a), push(c, s.seg.b);
    c.r = radius_of(s.r, "Capsule3");
    return c;
  }
};
template <class T>
struct shape_traits<Triangle3<T>> {
  using coord = T;
  static constexpr int dim = 3;
  static Core to_core(const Triangle3<T>& t) {
    Core c;
    c.dim = 3;
    push(c, t.a), push(c, t.b), push(c, t.c);
    return c;
  }
};
template <class T>
struct shape_traits<ConvexPolygon<T>> {
  using coord = T;
  static constexpr int dim = 2;
  static Core to_core(const ConvexPolygon<T>& s) {
    Core c;
    c.dim = 2;
    for (const auto& p : s.vertices()) push(c, p);
    c.r = exactgeom::to_mpq(s.radius());
    c.hull_dim = s.vertices().size() >= 3 ? 2 : static_cast<int>(s.vertices().size()) - 1;
    return c;
  }
};
template <class T>
struct shape_traits<ConvexHull3<T>> {
  using coord = T;
  static constexpr int dim = 3;
  static Core to_core(const ConvexHull3<T>& s) {
    Core c;
    c.dim = 3;
    for (const auto& p : s.vertices()) push(c, p);
    c.r = exactgeom::to_mpq(s.radius());
    c.hull_dim = s.dimension();
    c.facets = s.faces();
    return c;
  }
};
/// A box's core: box_core (detail/convex_core.hpp) of its exact fields.
template <class T, std::size_t D, class P>
Core box_to_core(const P& center, const std::array<P, D>& axes, const std::array<T, D>& half, const T& r,
                 const char* what) {
  Core c;  // only its point list, to gather the fields
  push(c, center);
  for (const P& a : axes) push(c, a);
  for (const T& h : half) c.c.push_back(exactgeom::to_mpq(h));
  return box_core(static_cast<int>(D), c.c, exactgeom::to_mpq(r), what);
}
template <class T>
struct shape_traits<Box2<T>> {
  using coord = T;
  static constexpr int dim = 2;
  static Core to_core(const Box2<T>& b) { return box_to_core(b.center, b.axes, b.half, b.r, "Box2"); }
};
template <class T>
struct shape_traits<Box3<T>> {
  using coord = T;
  static constexpr int dim = 3;
  static Core to_core(const Box3<T>& b) { return box_to_core(b.center, b.axes, b.half, b.r, "Box3"); }
};

template <class S>
concept Shape = requires { shape_traits<S>::dim; } && Coordinate<typename shape_traits<S>::coord>;

template <class A, class B>
concept ShapePair = Shape<A> && Shape<B> && shape_traits<A>::dim == shape_traits<B>::dim &&
                    std::is_same_v<typename shape_traits<A>::coord, typename shape_traits<B>::coord>;

template <class S, class T>
inline constexpr bool is_segment_v = std::is_same_v<S, Segment2<T>> || std::is_same_v<S, Segment3<T>>;

/// Pairs capsules.hpp answers (points, balls, capsules; with triangles).
template <class A, class B>
concept KernelOverlapPair =
    (SweptShape<A> && SweptShape<B>) ||
    (SweptShape<A> && std::is_same_v<B, Triangle3<typename shape_traits<A>::coord>>) ||
    (SweptShape<B> && std::is_same_v<A, Triangle3<typename shape_traits<B>::coord>>) ||
    (is_segment_v<A, typename shape_traits<A>::coord> && std::is_same_v<A, B>);

/// Pairs segments.hpp and segment_triangle.hpp answer with distances.
template <class A, class B, class T = typename shape_traits<A>::coord>
concept KernelDistancePair =
    (is_segment_v<A, T> && std::is_same_v<A, B>) || (std::is_same_v<A, Point2<T>> && std::is_same_v<B, Segment2<T>>) ||
    (std::is_same_v<A, Point3<T>> && std::is_same_v<B, Segment3<T>>) ||
    ((std::is_same_v<A, Segment3<T>> || std::is_same_v<A, Point3<T>>) && std::is_same_v<B, Triangle3<T>>);

template <class A>
using point_of = std::conditional_t<shape_traits<A>::dim == 2, Point2<Fraction<mpz_class>>, Point3<Fraction<mpz_class>>>;

inline Fraction<mpz_class> fraction(const mpq_class& q) { return Fraction<mpz_class>(q.get_num(), q.get_den()); }

/// Coordinate types whose values are doubles exactly: the double stages of
/// convex_filter.hpp take them.
template <class T>
inline constexpr bool double_exact_v = std::is_same_v<T, double> || std::is_same_v<T, float> ||
                                       std::is_same_v<T, std::int32_t>;

template <class P>
auto coord3z(const P& p) {
  if constexpr (requires { p.z; }) return p.z;
  else return p.x;
}

// DoubleCore (detail/convex_filter.hpp): a shape's core in doubles, exact
// but for a box's corners (rounded: rho bounds their error).
template <class P>
void push_d(DoubleCore& d, const P& p) {
  d.v.push_back(static_cast<double>(p.x)), d.v.push_back(static_cast<double>(p.y));
  if constexpr (requires { p.z; }) d.v.push_back(static_cast<double>(p.z));
  ++d.n;
}
template <class S>
DoubleCore double_core(const S& s) {
  using T = typename shape_traits<S>::coord;
  DoubleCore d;
  // Each branch reserves its room (one allocation: the mesh filter builds
  // one of these per candidate triangle).
  if constexpr (std::is_same_v<S, Point2<T>> || std::is_same_v<S, Point3<T>>) {
    push_d(d, s);
  } else if constexpr (std::is_same_v<S, Segment2<T>> || std::is_same_v<S, Segment3<T>>) {
    d.v.reserve(2 * shape_traits<S>::dim);
    push_d(d, s.a), push_d(d, s.b);
  } else if constexpr (std::is_same_v<S, Circle<T>> || std::is_same_v<S, Sphere<T>>) {
    push_d(d, s.center);
    d.r = static_cast<double>(s.r);
  } else if constexpr (std::is_same_v<S, Capsule2<T>> || std::is_same_v<S, Capsule3<T>>) {
    d.v.reserve(2 * shape_traits<S>::dim);
    push_d(d, s.seg.a), push_d(d, s.seg.b);
    d.r = static_cast<double>(s.r);
  } else if constexpr (std::is_same_v<S, Triangle3<T>>) {
    d.v.reserve(9);
    push_d(d, s.a), push_d(d, s.b), push_d(d, s.c);
  } else if constexpr (std::is_same_v<S, ConvexPolygon<T>> || std::is_same_v<S, ConvexHull3<T>>) {
    d.v.reserve(s.vertices().size() * (shape_traits<S>::dim));
    for (const auto& p : s.vertices()) push_d(d, p);
    d.r = static_cast<double>(s.radius());
  } else {  // a box: its corners, rounded
    constexpr int D = shape_traits<S>::dim;
    double c[D], a[D][D], h[D], mag = 0;
    for (int k = 0; k < D; ++k) c[k] = static_cast<double>(k == 0 ? s.center.x : (k == 1 ? s.center.y : coord3z(s.center)));
    for (int i = 0; i < D; ++i) {
      h[i] = static_cast<double>(s.half[static_cast<std::size_t>(i)]);
      const auto& ax = s.axes[static_cast<std::size_t>(i)];
      a[i][0] = static_cast<double>(ax.x), a[i][1] = static_cast<double>(ax.y);
      if constexpr (D == 3) a[i][2] = static_cast<double>(ax.z);
    }
    for (int k = 0; k < D; ++k) {
      double m = std::fabs(c[k]);
      for (int i = 0; i < D; ++i) m += std::fabs(h[i] * a[i][k]);
      mag = std::max(mag, m);
    }
    for (unsigned sg = 0; sg < (1u << D); ++sg) {
      for (int k = 0; k < D; ++k) {
        double x = c[k];
        for (int i = 0; i < D; ++i) x += ((sg >> i) & 1 ? h[i] : -h[i]) * a[i][k];
        d.v.push_back(x);
      }
      ++d.n;
    }
    // c + sum of D products: gamma_(D + 1) times the magnitudes, with room.
    d.rho = 8 * 0x1p-53 * mag * (1 + 0x1p-40);
    d.r = static_cast<double>(s.r);
    d.ok = !(h[0] < 0) && !(h[1] < 0) && !(D == 3 && h[D - 1] < 0) && !(d.r < 0);
  }
  for (double x : d.v) d.ok = d.ok && finite_bits(x);
  d.ok = d.ok && finite_bits(d.r) && !(d.r < 0) && finite_bits(d.rho);
  return d;
}

template <class T>
BoxD3 box_d(const Box3<T>& b) {
  BoxD3 d;
  d.c[0] = static_cast<double>(b.center.x), d.c[1] = static_cast<double>(b.center.y), d.c[2] = static_cast<double>(b.center.z);
  for (int i = 0; i < 3; ++i) {
    const auto& ax = b.axes[static_cast<std::size_t>(i)];
    d.a[i][0] = static_cast<double>(ax.x), d.a[i][1] = static_cast<double>(ax.y), d.a[i][2] = static_cast<double>(ax.z);
    d.h[i] = static_cast<double>(b.half[static_cast<std::size_t>(i)]);
  }
  d.r = static_cast<double>(b.r);
  return d;
}
/// The double stage of the overlap tests: +1 true, -1 false, 0 not certain.
template <class A, class B>
int overlap_filter(const A& x, const B& y, bool strict) {
  using T = typename shape_traits<A>::coord;
  if constexpr (!double_exact_v<T>) {
    return 0;
  } else if constexpr (std::is_same_v<A, Box3<T>> && std::is_same_v<B, Box3<T>>) {
    const int f = box3_filter(box_d(x), box_d(y));
    if (f < 0) return -1;
    if (f > 0) return strict ? (x.r + y.r > 0 ? 1 : -1) : 1;
    // Cores apart by less than R, or not certain: GJK's certificates.
    const DoubleCore dx = double_core(x), dy = double_core(y);
    if (!dx.ok || !dy.ok) return 0;  // the exact path names the bad value
    return gjk_filter(dx.v.data(), dx.n, dy.v.data(), dy.n, 3, std::max(dx.rho, dy.rho), dx.r, dy.r, strict);
  } else {
    const DoubleCore dx = double_core(x), dy = double_core(y);
    if (!dx.ok || !dy.ok) return 0;
    return gjk_filter(dx.v.data(), dx.n, dy.v.data(), dy.n, shape_traits<A>::dim, std::max(dx.rho, dy.rho), dx.r,
                      dy.r, strict);
  }
}

}  // namespace detail::cvx

/// Every shape type of this header (and capsules.hpp, shapes.hpp): a type
/// that has a convex core of a dimension and a coordinate type.
template <class S>
concept ConvexShape = detail::cvx::Shape<S>;

/// The dimension (2 or 3) of a shape type: shape_dimension_v<Box3<double>> == 3.
template <ConvexShape S>
inline constexpr int shape_dimension_v = detail::cvx::shape_traits<S>::dim;

// closest_points(x, y) answers a ClosestPoints (rational.hpp), without
// segment parameters.

/// Closed test: the shapes meet (distance between the cores <= r_x + r_y).
template <class A, class B>
  requires(detail::cvx::ShapePair<A, B> && !detail::cvx::KernelOverlapPair<A, B>)
bool intersects(const A& x, const B& y) {
  using namespace detail::cvx;
  if (const int f = overlap_filter(x, y, false)) return f > 0;
  const Core cx = shape_traits<A>::to_core(x), cy = shape_traits<B>::to_core(y);
  const mpq_class R = cx.r + cy.r;
  return core_distance(cx, cy, Pair::any).dist2 <= R * R;  // dist2 alone is read
}

/// Open test: the shapes overlap by more than touching, contact(x, y)'s
/// depth > 0 (see the top of this file).
template <class A, class B>
  requires(detail::cvx::ShapePair<A, B> && !detail::cvx::KernelOverlapPair<A, B>)
bool interiors_overlap(const A& x, const B& y) {
  using namespace detail::cvx;
  // The strict filter certifies dist < R (open) or dist >= R; the latter
  // settles it only when the cores are apart, which the closed filter
  // certifies; cores that meet with R = 0 are open iff their penetration is
  // positive.
  if (const int f = overlap_filter(x, y, true); f > 0) return true;
  else if (f < 0 && overlap_filter(x, y, false) < 0) return false;
  const Core cx = shape_traits<A>::to_core(x), cy = shape_traits<B>::to_core(y);
  const mpq_class R = cx.r + cy.r;
  const mpq_class d2 = core_distance(cx, cy, Pair::any).dist2;
  if (d2 < R * R) return true;
  if (sgn(d2) > 0) return false;  // dist >= R > 0... or R = 0 < dist
  return sgn(core_penetration(cx, cy).p2) > 0;  // dist = R = 0
}

/// The exact squared distance between the shapes' cores.
template <class A, class B>
  requires(detail::cvx::ShapePair<A, B> && !detail::cvx::KernelDistancePair<A, B>)
Fraction<mpz_class> squared_distance(const A& x, const B& y) {
  using namespace detail::cvx;
  return fraction(core_distance(shape_traits<A>::to_core(x), shape_traits<B>::to_core(y), Pair::any).dist2);
}

// distance(x, y), the distance between the cores correctly rounded, is
// rational.hpp's one for every pair: sqrt_to_double(squared_distance(x, y)).

/// A closest pair of core points, exactly.
template <class A, class B>
  requires(detail::cvx::ShapePair<A, B> && !detail::cvx::KernelDistancePair<A, B>)
ClosestPoints<detail::cvx::point_of<A>> closest_points(const A& x, const B& y) {
  using namespace detail::cvx;
  const Separation s = core_distance(shape_traits<A>::to_core(x), shape_traits<B>::to_core(y));
  ClosestPoints<point_of<A>> out;
  out.on_first.x = fraction(s.p[0]), out.on_first.y = fraction(s.p[1]);
  out.on_second.x = fraction(s.q[0]), out.on_second.y = fraction(s.q[1]);
  if constexpr (shape_traits<A>::dim == 3) out.on_first.z = fraction(s.p[2]), out.on_second.z = fraction(s.q[2]);
  out.squared_distance = fraction(s.dist2);
  return out;
}

/// The least t in [0, 1] at which x translated by t v meets y (closed),
/// correctly rounded to double; none when it never does; 0 when they meet
/// at the start.
template <class A, class B>
  requires detail::cvx::ShapePair<A, B>
std::optional<double> time_of_impact(
    const A& x, const std::conditional_t<detail::cvx::shape_traits<A>::dim == 2, Point2<typename detail::cvx::shape_traits<A>::coord>,
                                         Point3<typename detail::cvx::shape_traits<A>::coord>>& v,
    const B& y) {
  using namespace detail::cvx;
  std::vector<mpq_class> m{exactgeom::to_mpq(v.x), exactgeom::to_mpq(v.y)};
  if constexpr (shape_traits<A>::dim == 3) m.push_back(exactgeom::to_mpq(v.z));
  return core_time_of_impact(shape_traits<A>::to_core(x), shape_traits<B>::to_core(y), m);
}

}  // namespace exactgeom

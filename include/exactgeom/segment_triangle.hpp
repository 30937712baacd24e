// exactgeom/segment_triangle.hpp: the exact squared distance (and the
// correctly rounded distance) between a closed segment or a point and a
// filled triangle in 3-D, for every Coordinate type.
//
//   squared_distance(s, tri)  the exact squared distance between the closed
//                             segment s and the filled triangle tri: 0 when
//                             they meet (s pierces, touches or lies in tri).
//   squared_distance(p, tri)  the same from a point.
//   closest_points(s, tri)    the exact closest pair: parameter s in [0, 1]
//                             and on_first = s.a + s (s.b - s.a) on the
//                             segment, the point on_second on the triangle,
//                             and squared_distance. Canonical
//                             choice when several pairs are closest (s
//                             parallel to the face, or lying in it, or
//                             meeting it along a piece): the one with the
//                             smallest s; for that point of s the nearest
//                             point of the triangle is unique. A segment
//                             that pierces the face gives the piercing point
//                             twice; a zero-length segment has s = 0.
//   closest_point(p, tri)     the point of the triangle nearest to p (unique).
//   distance(s, tri), distance(p, tri)
//                             sqrt of the exact squared distance, rounded to
//                             the nearest double, ties to even (integer
//                             square roots on the exact value, as in
//                             segments.hpp; +inf only when the true
//                             distance rounds beyond the largest double).
//
// Degenerate input: a zero-length segment is its point; a triangle whose
// corners are collinear or coincide is the segment or point they cover
// (docs/queries.md, segment_triangle_distance2). Results are rational_t<T>
// (segments.hpp): Fraction over a fixed-width integer for int32/int64 inputs
// (no heap; bit bounds in detail/segment_triangle_kernel.hpp), over
// mpz_class otherwise; not reduced (to_string/to_mpq give lowest terms).
// Float and double squared distances run in fixed width (int128 and 256-bit
// integers) when every coordinate is an integer below 2^61 times one power
// of two, as segments.hpp's do, and build only the answer in mpz_class;
// otherwise (exponents more than 61 bits apart) in mpz_class throughout.
//
// Errors: a NaN or infinite float/double coordinate throws
// exactgeom::invalid_input; other inputs never throw.
#pragma once

#include <array>

#include "exactgeom/coordinate.hpp"
#include "exactgeom/detail/float_env.hpp"
#include "exactgeom/detail/segment_integers.hpp"
#include "exactgeom/geometry.hpp"
#include "exactgeom/rational.hpp"
#include "exactgeom/segments.hpp"

namespace exactgeom {

// closest_points(s, tri) answers a ClosestPoints (rational.hpp) with the
// segment parameter s set.

namespace detail {

// Out of line (src/segment_triangle.cpp): the kernel on the integer points
// p, q, a, b, c (segment pq, triangle abc).
Fraction<seg_w32> segment_triangle_dist2(const std::array<seg::V<seg_w32, 3>, 5>& pts);
Fraction<seg_w64> segment_triangle_dist2(const std::array<seg::V<seg_w64, 3>, 5>& pts);
Fraction<mpz_class> segment_triangle_dist2(const std::array<seg::V<mpz_class, 3>, 5>& pts);
seg::SegmentTriangleClosest<seg_w32> segment_triangle_closest(
    const std::array<seg::V<seg_w32, 3>, 5>& pts);
seg::SegmentTriangleClosest<seg_w64> segment_triangle_closest(
    const std::array<seg::V<seg_w64, 3>, 5>& pts);
seg::SegmentTriangleClosest<mpz_class> segment_triangle_closest(
    const std::array<seg::V<mpz_class, 3>, 5>& pts);
/// int32 inputs (as int64): decisions in int128 and 256-bit integers.
Fraction<seg_w32> segment_triangle_dist2_i32(const std::array<seg32::L<3>, 5>& pts);
/// Doubles as integers below 2^61 times 2^e (seg::doubles_as_int61): the
/// same decisions in int128 and 256-bit integers, mpz_class for the answer
/// alone.
Fraction<mpz_class> segment_triangle_dist2_wide(const std::array<seg32::L<3>, 5>& pts, int e);

namespace seg {

template <class T>
rational_t<T> segment_triangle_d2(const Point3<T>& p, const Point3<T>& q, const Triangle3<T>& tri) {
  if constexpr (std::is_same_v<T, std::int32_t>)
    return segment_triangle_dist2_i32({wide32<3>(p), wide32<3>(q), wide32<3>(tri.a),
                                       wide32<3>(tri.b), wide32<3>(tri.c)});
  const std::array<Point3<T>, 5> pts{p, q, tri.a, tri.b, tri.c};
  if constexpr (is_binary_float_v<T>) {
    // Coordinates of similar magnitude (the usual case): fixed width.
    std::array<seg32::L<3>, 5> w;
    int e;
    if (doubles_as_int61(pts, w, e, "squared_distance")) return segment_triangle_dist2_wide(w, e);
  }
  require_finite_points(pts, "squared_distance");
  const IntegerForm<T, 3, 5> f(pts);
  return f.area(segment_triangle_dist2(f.p));
}

template <class T>
auto segment_triangle_cp(const Point3<T>& p, const Point3<T>& q, const Triangle3<T>& tri) {
  using R = rational_t<T>;
  const std::array<Point3<T>, 5> pts{p, q, tri.a, tri.b, tri.c};
  require_finite_points(pts, "closest_points");
  const IntegerForm<T, 3, 5> f(pts);
  auto r = detail::segment_triangle_closest(f.p);
  const auto x = along(f.p[0], sub(f.p[1], f.p[0]), r.s);
  ClosestPoints<Point3<R>> out;
  out.s = r.s;
  out.on_first = Point3<R>{f.length(x[0]), f.length(x[1]), f.length(x[2])};
  out.on_second = Point3<R>{f.length(std::move(r.on_triangle[0])), f.length(std::move(r.on_triangle[1])),
                            f.length(std::move(r.on_triangle[2]))};
  out.squared_distance = f.area(std::move(r.dist2));
  return out;
}

}  // namespace seg
}  // namespace detail

// Entry points compiled into the library with its own flags, called instead of
// the inline paths when the caller's flags are unsafe (detail/float_env.hpp);
// defined for float, double, int32_t and int64_t (src/compiled.cpp).
namespace compiled {
#define EXACTGEOM_SEGMENT_TRIANGLE_COMPILED(T)                                                     \
  rational_t<T> segment_triangle_d2(const Point3<T>& p, const Point3<T>& q, const Triangle3<T>& tri); \
  ClosestPoints<Point3<rational_t<T>>> segment_triangle_cp(const Point3<T>& p, const Point3<T>& q, \
                                                                  const Triangle3<T>& tri);
EXACTGEOM_SEGMENT_TRIANGLE_COMPILED(float)
EXACTGEOM_SEGMENT_TRIANGLE_COMPILED(double)
EXACTGEOM_SEGMENT_TRIANGLE_COMPILED(std::int32_t)
EXACTGEOM_SEGMENT_TRIANGLE_COMPILED(std::int64_t)
#undef EXACTGEOM_SEGMENT_TRIANGLE_COMPILED
}  // namespace compiled

/// The exact squared distance between a closed segment and a filled
/// triangle (0 when they meet); see the top of this file.
template <Coordinate T>
rational_t<T> squared_distance(const Segment3<T>& s, const Triangle3<T>& tri) {
  return detail::route<T>(
      "segment_triangle_d2", [](const auto&... a) { return compiled::segment_triangle_d2(a...); },
      [](const auto&... a) { return detail::seg::segment_triangle_d2<T>(a...); }, s.a, s.b, tri);
}
/// The exact squared distance from a point to a filled triangle.
template <Coordinate T>
rational_t<T> squared_distance(const Point3<T>& p, const Triangle3<T>& tri) {
  return detail::route<T>(
      "segment_triangle_d2", [](const auto&... a) { return compiled::segment_triangle_d2(a...); },
      [](const auto&... a) { return detail::seg::segment_triangle_d2<T>(a...); }, p, p, tri);
}

/// The exact closest pair (smallest segment parameter among ties); see the
/// top of this file.
template <Coordinate T>
ClosestPoints<Point3<rational_t<T>>> closest_points(const Segment3<T>& s,
                                                           const Triangle3<T>& tri) {
  return detail::route<T>(
      "segment_triangle_cp", [](const auto&... a) { return compiled::segment_triangle_cp(a...); },
      [](const auto&... a) { return detail::seg::segment_triangle_cp<T>(a...); }, s.a, s.b, tri);
}
/// The point of the filled triangle nearest to p, exactly.
template <Coordinate T>
Point3<rational_t<T>> closest_point(const Point3<T>& p, const Triangle3<T>& tri) {
  return detail::route<T>(
      "segment_triangle_cp", [](const auto&... a) { return compiled::segment_triangle_cp(a...); },
      [](const auto&... a) { return detail::seg::segment_triangle_cp<T>(a...); }, p, p, tri).on_second;
}

// distance(x, y): rational.hpp, sqrt_to_double(squared_distance(x, y)).

}  // namespace exactgeom

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
// (no heap; bit bounds in src/segments/kernel/segment_triangle_kernel.hpp), over
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
#include "exactgeom/geometry.hpp"
#include "exactgeom/rational.hpp"
#include "exactgeom/segments.hpp"

namespace exactgeom {

// closest_points(s, tri) answers a ClosestPoints (rational.hpp) with the
// segment parameter s set.

// The implementations: compiled into the library for every coordinate type
// (src/float_env/compiled.cpp; see segments.hpp).
namespace compiled {
template <class T>
rational_t<T> segment_triangle_d2(const Point3<T>& p, const Point3<T>& q, const Triangle3<T>& tri);
template <class T>
ClosestPoints<Point3<rational_t<T>>> segment_triangle_cp(const Point3<T>& p, const Point3<T>& q,
                                                         const Triangle3<T>& tri);
}  // namespace compiled

/// The exact squared distance between a closed segment and a filled
/// triangle (0 when they meet); see the top of this file.
template <Coordinate T>
rational_t<T> squared_distance(const Segment3<T>& s, const Triangle3<T>& tri) {
  detail::check_rounding_for<T>("segment_triangle_d2");
  return compiled::segment_triangle_d2<T>(s.a, s.b, tri);
}
/// The exact squared distance from a point to a filled triangle.
template <Coordinate T>
rational_t<T> squared_distance(const Point3<T>& p, const Triangle3<T>& tri) {
  detail::check_rounding_for<T>("segment_triangle_d2");
  return compiled::segment_triangle_d2<T>(p, p, tri);
}

/// The exact closest pair (smallest segment parameter among ties); see the
/// top of this file.
template <Coordinate T>
ClosestPoints<Point3<rational_t<T>>> closest_points(const Segment3<T>& s,
                                                           const Triangle3<T>& tri) {
  detail::check_rounding_for<T>("segment_triangle_cp");
  return compiled::segment_triangle_cp<T>(s.a, s.b, tri);
}
/// The point of the filled triangle nearest to p, exactly.
template <Coordinate T>
Point3<rational_t<T>> closest_point(const Point3<T>& p, const Triangle3<T>& tri) {
  detail::check_rounding_for<T>("segment_triangle_cp");
  return compiled::segment_triangle_cp<T>(p, p, tri).on_second;
}

// distance(x, y): rational.hpp, sqrt_to_double(squared_distance(x, y)).

}  // namespace exactgeom

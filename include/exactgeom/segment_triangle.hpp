// exactgeom/segment_triangle.hpp: the exact squared distance (and the
// correctly rounded distance) between a closed segment or a point and a
// filled triangle in 3-D, for every Coordinate type.
//
//   squared_distance(s, tri)  the exact squared distance between the closed
//                             segment s and the filled triangle tri: 0 when
//                             they meet (s pierces, touches or lies in tri).
//   squared_distance(p, tri)  the same from a point.
//   distance(s, tri), distance(p, tri)
//                             sqrt of the exact squared distance, rounded to
//                             the nearest double, ties to even (integer
//                             square roots on the exact value, as in
//                             segments.hpp; +inf only when the true
//                             distance rounds beyond the largest double).
//
// Degenerate input: a zero-length segment is its point; a triangle whose
// corners are collinear or coincide is the segment or point they cover
// (spec/queries.md, segment_triangle_distance2). Results are rational_t<T>
// (segments.hpp): Fraction over a fixed-width integer for int32/int64 inputs
// (no heap; bit bounds in detail/segment_triangle_kernel.hpp), over
// mpz_class otherwise; not reduced (to_string/to_mpq give lowest terms).
//
// Errors: a NaN or infinite float/double coordinate throws
// exactgeom::invalid_input; other inputs never throw.
#pragma once

#include <array>

#include "exactgeom/coordinate.hpp"
#include "exactgeom/detail/segment_front.hpp"
#include "exactgeom/geometry.hpp"
#include "exactgeom/rational.hpp"
#include "exactgeom/segments.hpp"

namespace exactgeom {

namespace detail {

// Out of line (src/segment_triangle.cpp): the kernel on the integer points
// p, q, a, b, c (segment pq, triangle abc).
Fraction<seg_w32> segment_triangle_dist2(const std::array<seg::V<seg_w32, 3>, 5>& pts);
Fraction<seg_w64> segment_triangle_dist2(const std::array<seg::V<seg_w64, 3>, 5>& pts);
Fraction<mpz_class> segment_triangle_dist2(const std::array<seg::V<mpz_class, 3>, 5>& pts);
/// int32 inputs (as int64): decisions in int128 and 256-bit integers.
Fraction<seg_w32> segment_triangle_dist2_i32(const std::array<seg32::L<3>, 5>& pts);

namespace seg {

template <class T>
rational_t<T> segment_triangle_d2(const Point3<T>& p, const Point3<T>& q, const Triangle3<T>& tri) {
  if constexpr (std::is_same_v<T, std::int32_t>)
    return segment_triangle_dist2_i32({wide32<3>(p), wide32<3>(q), wide32<3>(tri.a),
                                       wide32<3>(tri.b), wide32<3>(tri.c)});
  const std::array<Point3<T>, 5> pts{p, q, tri.a, tri.b, tri.c};
  require_finite_points(pts, "squared_distance");
  const IntegerForm<T, 3, 5> f(pts);
  return f.area(segment_triangle_dist2(f.p));
}

}  // namespace seg
}  // namespace detail

/// The exact squared distance between a closed segment and a filled
/// triangle (0 when they meet); see the top of this file.
template <Coordinate T>
rational_t<T> squared_distance(const Segment3<T>& s, const Triangle3<T>& tri) {
  return detail::seg::segment_triangle_d2<T>(s.a, s.b, tri);
}
/// The exact squared distance from a point to a filled triangle.
template <Coordinate T>
rational_t<T> squared_distance(const Point3<T>& p, const Triangle3<T>& tri) {
  return detail::seg::segment_triangle_d2<T>(p, p, tri);
}

/// The distance, correctly rounded to the nearest double (ties to even).
template <Coordinate T>
double distance(const Segment3<T>& s, const Triangle3<T>& tri) {
  return sqrt_to_double(squared_distance(s, tri));
}
template <Coordinate T>
double distance(const Point3<T>& p, const Triangle3<T>& tri) {
  return sqrt_to_double(squared_distance(p, tri));
}

}  // namespace exactgeom

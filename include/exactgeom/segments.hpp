// exactgeom/segments.hpp: exact intersection, closest points and distances
// of closed segments (and point-segment distances) in 2-D and 3-D, for every
// Coordinate type.
//
//   intersects(s, t)        true iff the closed segments share a point. The
//                           predicate alone: orientation signs and
//                           coordinate comparisons, no division, no
//                           construction (fast for doubles: orient2d's filter).
//   intersection(s, t)      kind (docs/queries.md, segment_intersection):
//                             disjoint  no common point;
//                             cross     one common point, interior to both;
//                             touch     one common point, an endpoint of at
//                                       least one segment (two equal points,
//                                       or a point on a segment, touch);
//                             overlap   a common part of positive length.
//                           point: the exact point (cross, touch); empty
//                           (std::nullopt) for the other kinds.
//                           overlap: the common part (overlap), its endpoints
//                           in increasing lexicographic (x, y, z) order;
//                           empty for the other kinds.
//                           to_string(kind) names the kind as docs/queries.md
//                           writes it ("disjoint", "cross", "touch", "overlap").
//   squared_distance(s, t)  the exact squared distance (0 when they meet);
//   squared_distance(p, s)  the same from a point to a segment.
//   closest_points(s, t)    exact parameters s, t in [0, 1] and points
//                           on_first = s.a + s (s.b - s.a), on_second alike,
//                           with |on_first - on_second|^2 the squared
//                           distance. Canonical choice when several pairs are
//                           closest (parallel or overlapping segments): the
//                           one with the smallest s; a zero-length segment
//                           has parameter 0.
//   distance(s, t), distance(p, s)
//                           sqrt of the exact squared distance, rounded to
//                           the nearest double, ties to even (integer square
//                           roots on the exact value; never std::sqrt of a
//                           rounded number). Overflows to +inf only when the
//                           true distance rounds beyond the largest double.
//
// Segments are closed; zero-length ones are allowed everywhere. Results are
// Fraction<I> (rational.hpp): rational_t<T> is Fraction over FixedInt<256>
// for int32 and FixedInt<448> for int64 inputs -- no heap, bit bounds in
// src/segments/kernel/segment_kernel.hpp -- and over mpz_class otherwise
// (doubles are scaled exactly by a power of two, rationals by their common
// denominator, and the scale is folded back into the denominator).
//
// Fast paths (src/segments/kernel/segment_fast.hpp, same answers): int32 squared
// distances decide every case in int128 (2-D) or with a proven double filter
// and a 256-bit exact fallback (3-D); 2-D intersects() on doubles and floats
// runs the four orientation filters fused and classifies exactly only when
// one cannot decide.
//
// Errors: a NaN or infinite float/double coordinate throws
// exactgeom::invalid_input; other inputs never throw.
#pragma once

#include <array>
#include <optional>
#include <string_view>

#include "exactgeom/coordinate.hpp"
#include "exactgeom/detail/float_env.hpp"
#include "exactgeom/geometry.hpp"
#include "exactgeom/rational.hpp"

namespace exactgeom {

namespace detail {
/// The integer of the exact results for coordinates T (see the top of file).
template <class T>
struct result_int {
  using type = mpz_class;
};
template <>
struct result_int<std::int32_t> {
  using type = FixedInt<256>;
};
template <>
struct result_int<std::int64_t> {
  using type = FixedInt<448>;
};
}  // namespace detail

/// The exact rational type of the results for coordinates T.
template <Coordinate T>
using rational_t = Fraction<typename detail::result_int<T>::type>;

/// How two closed segments meet; see the top of this file.
enum class IntersectionKind { disjoint, cross, touch, overlap };

/// The kind's name as docs/queries.md writes it: "disjoint", "cross",
/// "touch" or "overlap".
constexpr std::string_view to_string(IntersectionKind k) noexcept {
  switch (k) {
    case IntersectionKind::cross: return "cross";
    case IntersectionKind::touch: return "touch";
    case IntersectionKind::overlap: return "overlap";
    case IntersectionKind::disjoint: break;
  }
  return "disjoint";
}

/// The result of intersection(s, t) for points P (Point2<R> or Point3<R>)
/// and segments S of R. A field holds a value exactly when the kind has
/// one: `point` for cross and touch, `overlap` for overlap; both are empty
/// for disjoint. (In 0.1 they were zero-filled, and a disjoint result's
/// point read as the valid point (0, 0).)
template <class P, class S>
struct SegmentIntersection {
  IntersectionKind kind = IntersectionKind::disjoint;  ///< how the segments meet, if they do
  std::optional<P> point;    ///< cross, touch: the common point
  std::optional<S> overlap;  ///< overlap: the common part, overlap->a lexicographically < overlap->b
};

// closest_points(s, t) answers a ClosestPoints (rational.hpp) with both
// segment parameters s and t set.

// The implementations, compiled into the library for every coordinate type:
// float, double, int32_t, int64_t, mpz_class, mpq_class, and cpp_int and
// cpp_rational (exactgeom/boost.hpp) -- src/float_env/compiled.cpp. They live there,
// not here, so that this header needs neither Boost nor the kernels.
namespace compiled {
template <class T>
bool segments_meet(const Segment2<T>& s, const Segment2<T>& t);
template <class T>
bool segments_meet(const Segment3<T>& s, const Segment3<T>& t);
template <class T>
SegmentIntersection<Point2<rational_t<T>>, Segment2<rational_t<T>>> segment_intersection(const Segment2<T>& s,
                                                                                        const Segment2<T>& t);
template <class T>
SegmentIntersection<Point3<rational_t<T>>, Segment3<rational_t<T>>> segment_intersection(const Segment3<T>& s,
                                                                                        const Segment3<T>& t);
template <class T>
rational_t<T> segment_dist2(const Segment2<T>& s, const Segment2<T>& t);
template <class T>
rational_t<T> segment_dist2(const Segment3<T>& s, const Segment3<T>& t);
template <class T>
rational_t<T> point_segment_dist2(const Point2<T>& p, const Segment2<T>& s);
template <class T>
rational_t<T> point_segment_dist2(const Point3<T>& p, const Segment3<T>& s);
template <class T>
ClosestPoints<Point2<rational_t<T>>> segment_closest(const Segment2<T>& s, const Segment2<T>& t);
template <class T>
ClosestPoints<Point3<rational_t<T>>> segment_closest(const Segment3<T>& s, const Segment3<T>& t);
}  // namespace compiled

/// True iff the closed segments share a point; see the top of this file.
template <Coordinate T>
bool intersects(const Segment2<T>& s, const Segment2<T>& t) {
  detail::check_rounding_for<T>("segments_meet");
  return compiled::segments_meet<T>(s, t);
}
template <Coordinate T>
bool intersects(const Segment3<T>& s, const Segment3<T>& t) {
  detail::check_rounding_for<T>("segments_meet");
  return compiled::segments_meet<T>(s, t);
}

/// How the closed segments meet, exactly; see the top of this file.
template <Coordinate T>
SegmentIntersection<Point2<rational_t<T>>, Segment2<rational_t<T>>> intersection(
    const Segment2<T>& s, const Segment2<T>& t) {
  detail::check_rounding_for<T>("segment_intersection");
  return compiled::segment_intersection<T>(s, t);
}
template <Coordinate T>
SegmentIntersection<Point3<rational_t<T>>, Segment3<rational_t<T>>> intersection(
    const Segment3<T>& s, const Segment3<T>& t) {
  detail::check_rounding_for<T>("segment_intersection");
  return compiled::segment_intersection<T>(s, t);
}

/// The exact squared distance between closed segments (0 when they meet).
template <Coordinate T>
rational_t<T> squared_distance(const Segment2<T>& s, const Segment2<T>& t) {
  detail::check_rounding_for<T>("segment_dist2");
  return compiled::segment_dist2<T>(s, t);
}
template <Coordinate T>
rational_t<T> squared_distance(const Segment3<T>& s, const Segment3<T>& t) {
  detail::check_rounding_for<T>("segment_dist2");
  return compiled::segment_dist2<T>(s, t);
}
/// The exact squared distance from a point to a closed segment.
template <Coordinate T>
rational_t<T> squared_distance(const Point2<T>& p, const Segment2<T>& s) {
  detail::check_rounding_for<T>("point_segment_dist2");
  return compiled::point_segment_dist2<T>(p, s);
}
template <Coordinate T>
rational_t<T> squared_distance(const Point3<T>& p, const Segment3<T>& s) {
  detail::check_rounding_for<T>("point_segment_dist2");
  return compiled::point_segment_dist2<T>(p, s);
}

/// Closest points and their parameters; see the top of this file.
template <Coordinate T>
ClosestPoints<Point2<rational_t<T>>> closest_points(const Segment2<T>& s,
                                                                    const Segment2<T>& t) {
  detail::check_rounding_for<T>("segment_closest");
  return compiled::segment_closest<T>(s, t);
}
template <Coordinate T>
ClosestPoints<Point3<rational_t<T>>> closest_points(const Segment3<T>& s,
                                                                    const Segment3<T>& t) {
  detail::check_rounding_for<T>("segment_closest");
  return compiled::segment_closest<T>(s, t);
}

// distance(x, y): rational.hpp, sqrt_to_double(squared_distance(x, y)) for
// every pair above.

}  // namespace exactgeom

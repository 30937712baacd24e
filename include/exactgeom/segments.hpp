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
// Fraction<I> (rational.hpp): rational_t<T> is Fraction over a fixed-width
// integer for int32 (256 bits) and int64 (448 bits) inputs -- no heap, bit
// bounds in detail/segment_kernel.hpp -- and over mpz_class otherwise
// (doubles are scaled exactly by a power of two, rationals by their common
// denominator, and the scale is folded back into the denominator).
//
// Fast paths (detail/segment_fast.hpp, same answers): int32 squared
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
#include "exactgeom/detail/segment_fast.hpp"
#include "exactgeom/detail/float_env.hpp"
#include "exactgeom/detail/segment_integers.hpp"
#include "exactgeom/detail/segment_kernel.hpp"
#include "exactgeom/geometry.hpp"
#include "exactgeom/rational.hpp"

namespace exactgeom {

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
  IntersectionKind kind = IntersectionKind::disjoint;
  std::optional<P> point;    ///< cross, touch: the common point
  std::optional<S> overlap;  ///< overlap: the common part, overlap->a lexicographically < overlap->b
};

// closest_points(s, t) answers a ClosestPoints (rational.hpp) with both
// segment parameters s and t set.

namespace detail::seg {

template <class R, class W, std::size_t D>
auto make_point(const std::array<Fraction<W>, D>& c) {
  if constexpr (D == 2)
    return Point2<R>{c[0], c[1]};
  else
    return Point3<R>{c[0], c[1], c[2]};
}

template <class T, class P>
auto exact_point(const P& p) {
  if constexpr (std::is_same_v<P, Point2<T>>)
    return Point2<rational_t<T>>{exact_value(p.x), exact_value(p.y)};
  else
    return Point3<rational_t<T>>{exact_value(p.x), exact_value(p.y), exact_value(p.z)};
}

template <class T, class Seg>
auto segment_intersection(const Seg& s, const Seg& t) {
  using P = std::remove_cvref_t<decltype(s.a)>;
  constexpr std::size_t D = dim_of(static_cast<const P*>(nullptr));
  using R = rational_t<T>;
  using RP = decltype(exact_point<T>(s.a));
  using RS = std::conditional_t<D == 2, Segment2<R>, Segment3<R>>;
  const std::array<P, 4> pts{s.a, s.b, t.a, t.b};
  const Classified c = classify(pts);  // throws for NaN/inf (see segments_meet)
  SegmentIntersection<RP, RS> out;
  out.kind = static_cast<IntersectionKind>(c.kind);
  if (c.kind == 1) {
    const IntegerForm<T, D, 4> f(pts);
    const auto x = seg::crossing_point(f.p[0], f.p[1], f.p[2], f.p[3], c.pi, c.pj);
    std::array<R, D> y;
    for (std::size_t k = 0; k < D; ++k) y[k] = f.length(x[k]);
    out.point = make_point<R>(y);
  } else if (c.kind == 2) {
    out.point = exact_point<T>(pts[c.point]);
  } else if (c.kind == 3) {
    out.overlap = RS{exact_point<T>(pts[c.lo]), exact_point<T>(pts[c.hi])};
  }
  return out;
}

template <class T, class Seg>
auto segment_closest(const Seg& s, const Seg& t) {
  using P = std::remove_cvref_t<decltype(s.a)>;
  constexpr std::size_t D = dim_of(static_cast<const P*>(nullptr));
  using R = rational_t<T>;
  using RP = decltype(exact_point<T>(s.a));
  const std::array<P, 4> pts{s.a, s.b, t.a, t.b};
  require_finite_points(pts, "closest_points");
  const IntegerForm<T, D, 4> f(pts);
  auto r = seg::segment_segment(f.p[0], f.p[1], f.p[2], f.p[3]);
  const auto c1 = seg::along(f.p[0], seg::sub(f.p[1], f.p[0]), r.s);
  const auto c2 = seg::along(f.p[2], seg::sub(f.p[3], f.p[2]), r.t);
  std::array<R, D> y1, y2;
  for (std::size_t k = 0; k < D; ++k) {
    y1[k] = f.length(c1[k]);
    y2[k] = f.length(c2[k]);
  }
  return ClosestPoints<RP>{make_point<R>(y1), make_point<R>(y2), f.area(r.dist2), r.s, r.t, std::nullopt};
}

/// int32 points as the int64 arrays of detail/segment_fast.hpp.
template <std::size_t D, class P>
seg32::L<D> wide32(const P& p) {
  seg32::L<D> r;
  for (std::size_t k = 0; k < D; ++k) r[k] = coord(p, static_cast<int>(k));
  return r;
}

template <class T, class P, class Seg>
rational_t<T> point_segment_dist2(const P& p, const Seg& s) {
  constexpr std::size_t D = dim_of(static_cast<const P*>(nullptr));
  if constexpr (std::is_same_v<T, std::int32_t>) {
    const auto a = wide32<D>(s.a);
    return seg32::point_segment(seg32::sub(wide32<D>(p), a), seg32::sub(wide32<D>(s.b), a));
  }
  const std::array<P, 3> pts{p, s.a, s.b};
  if constexpr (is_binary_float_v<T>) {
    std::array<seg32::L<D>, 3> w;
    int e;
    if (doubles_as_int61(pts, w, e, "squared_distance"))
      return seg32::point_segment(seg32::sub(w[0], w[1]), seg32::sub(w[2], w[1]), OutWide{e});
  }
  require_finite_points(pts, "squared_distance");
  const IntegerForm<T, D, 3> f(pts);
  return f.area(seg::point_segment(f.p[0], f.p[1], f.p[2]).dist2);
}

template <class T, class Seg>
rational_t<T> segment_dist2(const Seg& s, const Seg& t) {
  using P = std::remove_cvref_t<decltype(s.a)>;
  constexpr std::size_t D = dim_of(static_cast<const P*>(nullptr));
  if constexpr (std::is_same_v<T, std::int32_t>)
    return seg32::segment_segment(wide32<D>(s.a), wide32<D>(s.b), wide32<D>(t.a), wide32<D>(t.b));
  const std::array<P, 4> pts{s.a, s.b, t.a, t.b};
  if constexpr (is_binary_float_v<T>) {
    std::array<seg32::L<D>, 4> w;
    int e;
    if (doubles_as_int61(pts, w, e, "squared_distance"))
      return seg32::segment_segment(w[0], w[1], w[2], w[3], OutWide{e});
  }
  require_finite_points(pts, "squared_distance");
  const IntegerForm<T, D, 4> f(pts);
  return f.area(seg::segment_segment(f.p[0], f.p[1], f.p[2], f.p[3]).dist2);
}

template <class T, class Seg>
bool segments_meet(const Seg& s, const Seg& t) {
  using P = std::remove_cvref_t<decltype(s.a)>;
  // No separate NaN/inf check: classify's first orientation tests (2-D:
  // p1 q1 p2 and p1 q1 q2; 3-D: orient3d of all four) see every coordinate,
  // and the exact predicates throw invalid_input for non-finite ones.
  if constexpr (is_binary_float_v<T> && std::is_same_v<P, Point2<T>>) {
    // Fused filtered orientations; undecided (or non-finite) falls through.
    const int m = segments_meet_filtered(s.a.x, s.a.y, s.b.x, s.b.y, t.a.x, t.a.y, t.b.x, t.b.y);
    if (m >= 0) return m != 0;
  }
  const std::array<P, 4> pts{s.a, s.b, t.a, t.b};
  return classify(pts).kind != 0;
}

}  // namespace detail::seg

// Entry points compiled into the library with its own flags, called instead of
// the inline paths when the caller's flags are unsafe (detail/float_env.hpp);
// instantiated for float, double, int32_t and int64_t (src/compiled.cpp).
namespace compiled {
#define EXACTGEOM_SEGMENTS_COMPILED(T, D)                                                               \
  bool segments_meet(const Segment##D<T>& s, const Segment##D<T>& t);                                   \
  SegmentIntersection<Point##D<rational_t<T>>, Segment##D<rational_t<T>>> segment_intersection(         \
      const Segment##D<T>& s, const Segment##D<T>& t);                                                   \
  rational_t<T> segment_dist2(const Segment##D<T>& s, const Segment##D<T>& t);                          \
  rational_t<T> point_segment_dist2(const Point##D<T>& p, const Segment##D<T>& s);                      \
  ClosestPoints<Point##D<rational_t<T>>> segment_closest(const Segment##D<T>& s,          \
                                                                        const Segment##D<T>& t);
EXACTGEOM_SEGMENTS_COMPILED(float, 2)
EXACTGEOM_SEGMENTS_COMPILED(float, 3)
EXACTGEOM_SEGMENTS_COMPILED(double, 2)
EXACTGEOM_SEGMENTS_COMPILED(double, 3)
EXACTGEOM_SEGMENTS_COMPILED(std::int32_t, 2)
EXACTGEOM_SEGMENTS_COMPILED(std::int32_t, 3)
EXACTGEOM_SEGMENTS_COMPILED(std::int64_t, 2)
EXACTGEOM_SEGMENTS_COMPILED(std::int64_t, 3)
#undef EXACTGEOM_SEGMENTS_COMPILED
}  // namespace compiled

/// True iff the closed segments share a point; see the top of this file.
template <Coordinate T>
bool intersects(const Segment2<T>& s, const Segment2<T>& t) {
  return detail::route<T>(
      "segments_meet", [](const auto&... a) { return compiled::segments_meet(a...); },
      [](const auto&... a) { return detail::seg::segments_meet<T>(a...); }, s, t);
}
template <Coordinate T>
bool intersects(const Segment3<T>& s, const Segment3<T>& t) {
  return detail::route<T>(
      "segments_meet", [](const auto&... a) { return compiled::segments_meet(a...); },
      [](const auto&... a) { return detail::seg::segments_meet<T>(a...); }, s, t);
}

/// How the closed segments meet, exactly; see the top of this file.
template <Coordinate T>
SegmentIntersection<Point2<rational_t<T>>, Segment2<rational_t<T>>> intersection(
    const Segment2<T>& s, const Segment2<T>& t) {
  return detail::route<T>(
      "segment_intersection", [](const auto&... a) { return compiled::segment_intersection(a...); },
      [](const auto&... a) { return detail::seg::segment_intersection<T>(a...); }, s, t);
}
template <Coordinate T>
SegmentIntersection<Point3<rational_t<T>>, Segment3<rational_t<T>>> intersection(
    const Segment3<T>& s, const Segment3<T>& t) {
  return detail::route<T>(
      "segment_intersection", [](const auto&... a) { return compiled::segment_intersection(a...); },
      [](const auto&... a) { return detail::seg::segment_intersection<T>(a...); }, s, t);
}

/// The exact squared distance between closed segments (0 when they meet).
template <Coordinate T>
rational_t<T> squared_distance(const Segment2<T>& s, const Segment2<T>& t) {
  return detail::route<T>(
      "segment_dist2", [](const auto&... a) { return compiled::segment_dist2(a...); },
      [](const auto&... a) { return detail::seg::segment_dist2<T>(a...); }, s, t);
}
template <Coordinate T>
rational_t<T> squared_distance(const Segment3<T>& s, const Segment3<T>& t) {
  return detail::route<T>(
      "segment_dist2", [](const auto&... a) { return compiled::segment_dist2(a...); },
      [](const auto&... a) { return detail::seg::segment_dist2<T>(a...); }, s, t);
}
/// The exact squared distance from a point to a closed segment.
template <Coordinate T>
rational_t<T> squared_distance(const Point2<T>& p, const Segment2<T>& s) {
  return detail::route<T>(
      "point_segment_dist2", [](const auto&... a) { return compiled::point_segment_dist2(a...); },
      [](const auto&... a) { return detail::seg::point_segment_dist2<T>(a...); }, p, s);
}
template <Coordinate T>
rational_t<T> squared_distance(const Point3<T>& p, const Segment3<T>& s) {
  return detail::route<T>(
      "point_segment_dist2", [](const auto&... a) { return compiled::point_segment_dist2(a...); },
      [](const auto&... a) { return detail::seg::point_segment_dist2<T>(a...); }, p, s);
}

/// Closest points and their parameters; see the top of this file.
template <Coordinate T>
ClosestPoints<Point2<rational_t<T>>> closest_points(const Segment2<T>& s,
                                                                    const Segment2<T>& t) {
  return detail::route<T>(
      "segment_closest", [](const auto&... a) { return compiled::segment_closest(a...); },
      [](const auto&... a) { return detail::seg::segment_closest<T>(a...); }, s, t);
}
template <Coordinate T>
ClosestPoints<Point3<rational_t<T>>> closest_points(const Segment3<T>& s,
                                                                    const Segment3<T>& t) {
  return detail::route<T>(
      "segment_closest", [](const auto&... a) { return compiled::segment_closest(a...); },
      [](const auto&... a) { return detail::seg::segment_closest<T>(a...); }, s, t);
}

// distance(x, y): rational.hpp, sqrt_to_double(squared_distance(x, y)) for
// every pair above.

}  // namespace exactgeom

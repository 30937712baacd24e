// src/segments/kernel/segments_impl.hpp (private to the library): the segment and
// segment-triangle queries of segments.hpp and segment_triangle.hpp for
// every coordinate type, on the integer kernels (segment_integers.hpp,
// segment_fast.hpp, segment_triangle_kernel.hpp), and the conversion of
// their results (Fraction over Boost's fixed-width integers for int32/int64)
// to the public ones (Fraction<FixedInt>): src/float_env/compiled.cpp instantiates them.
#pragma once

#include <array>
#include <optional>
#include <type_traits>
#include <utility>

#include "exactgeom/segment_triangle.hpp"
#include "exactgeom/segments.hpp"
#include "segment_fast.hpp"
#include "segment_integers.hpp"
#include "segment_kernel.hpp"
#include "segment_triangle_kernel.hpp"
#include "numbers/wide_int.hpp"

namespace exactgeom {
namespace detail {

/// The kernel's exact rational type for coordinates T (Boost fixed width for
/// int32 and int64; rational_t<T> is the public one).
template <class T>
using krational_t = Fraction<typename kernel_int<T>::type>;

/// A kernel result as the public result: fixed-width integers copied into
/// FixedInt, mpz_class results moved through.
template <class F>
auto publish_point(const Point2<F>& p) {
  using R = std::remove_cvref_t<decltype(to_public(p.x))>;
  return Point2<R>{to_public(p.x), to_public(p.y)};
}
template <class F>
auto publish_point(const Point3<F>& p) {
  using R = std::remove_cvref_t<decltype(to_public(p.x))>;
  return Point3<R>{to_public(p.x), to_public(p.y), to_public(p.z)};
}
template <class Pub, class K>
Pub publish(K&& r) {
  using KR = std::remove_cvref_t<K>;
  if constexpr (std::is_same_v<KR, Pub>) {
    return std::forward<K>(r);
  } else if constexpr (requires { r.kind; r.overlap; }) {  // SegmentIntersection
    Pub out;
    out.kind = r.kind;
    if (r.point) out.point = publish_point(*r.point);
    if (r.overlap) out.overlap = {publish_point(r.overlap->a), publish_point(r.overlap->b)};
    return out;
  } else if constexpr (requires { r.on_first; r.on_second; }) {  // ClosestPoints
    Pub out;
    out.on_first = publish_point(r.on_first);
    out.on_second = publish_point(r.on_second);
    out.squared_distance = to_public(r.squared_distance);
    if (r.s) out.s = to_public(*r.s);
    if (r.t) out.t = to_public(*r.t);
    out.piece = r.piece;
    return out;
  } else {
    return to_public(r);
  }
}

}  // namespace detail

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
    return Point2<krational_t<T>>{exact_value(p.x), exact_value(p.y)};
  else
    return Point3<krational_t<T>>{exact_value(p.x), exact_value(p.y), exact_value(p.z)};
}

template <class T, class Seg>
auto segment_intersection(const Seg& s, const Seg& t) {
  using P = std::remove_cvref_t<decltype(s.a)>;
  constexpr std::size_t D = dim_of(static_cast<const P*>(nullptr));
  using R = krational_t<T>;
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
  using R = krational_t<T>;
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
krational_t<T> point_segment_dist2(const P& p, const Seg& s) {
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
krational_t<T> segment_dist2(const Seg& s, const Seg& t) {
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

namespace detail {

// Out of line (src/segments/segment_triangle.cpp): the kernel on the integer points
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
krational_t<T> segment_triangle_d2(const Point3<T>& p, const Point3<T>& q, const Triangle3<T>& tri) {
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
  using R = krational_t<T>;
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

}  // namespace exactgeom

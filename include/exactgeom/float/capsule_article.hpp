// exactgeom/float/capsule_article.hpp: the 2-D capsule (stadium) tests of the
// exact-capsule article: its float test with division and its literal
// division-free integer test (degree 6).
//
// Source: "exact 2-D capsule (stadium) intersection with integer arithmetic"
// (Haskell), ../shared/articles/000_6ebca476bb168985.txt. Both tests are the
// article's *open* test (distance < r1 + r2, its strict `<`), written here
// from the algorithm. Its segmentsIntersect has a bug (o3 and o4 are taken
// against the first segment, so they are always Collinear); it is kept as
// segments_intersect_as_published, and the capsule tests use the corrected
// segments_intersect.
#pragma once

#include <algorithm>

#include "exactgeom/geometry.hpp"

namespace exactgeom::capsule_article {

/// The article's orientation value (qy-py)(rx-qx) - (qx-px)(ry-qy): > 0 clockwise.
template <class N>
N orientation_value(const Point2<N>& p, const Point2<N>& q, const Point2<N>& r) {
  return (q.y - p.y) * (r.x - q.x) - (q.x - p.x) * (r.y - q.y);
}
template <class N>
int orientation(const Point2<N>& p, const Point2<N>& q, const Point2<N>& r) {
  const N v = orientation_value(p, q, r);
  return v > N(0) ? 1 : (v < N(0) ? -1 : 0);
}
/// q on segment pr, given p, q, r collinear (the bounding-box test).
template <class N>
bool on_segment(const Point2<N>& p, const Point2<N>& q, const Point2<N>& r) {
  return q.x <= std::max(p.x, r.x) && q.x >= std::min(p.x, r.x) && q.y <= std::max(p.y, r.y) &&
         q.y >= std::min(p.y, r.y);
}

namespace detail {
template <class N>
bool segments_intersect_impl(const Segment2<N>& s1, const Segment2<N>& s2, bool as_published) {
  const auto &p1 = s1.a, &q1 = s1.b, &p2 = s2.a, &q2 = s2.b;
  const int o1 = orientation(p1, q1, p2), o2 = orientation(p1, q1, q2);
  const int o3 = as_published ? orientation(p1, q1, p1) : orientation(p2, q2, p1);
  const int o4 = as_published ? orientation(p1, q1, q1) : orientation(p2, q2, q1);
  return (o1 != o2 && o3 != o4) || (o1 == 0 && on_segment(p1, p2, q1)) ||
         (o2 == 0 && on_segment(p1, q2, q1)) || (o3 == 0 && on_segment(p2, p1, q2)) ||
         (o4 == 0 && on_segment(p2, q1, q2));
}
}  // namespace detail

/// Closed segments meet (corrected: o3, o4 against the second segment).
template <class N>
bool segments_intersect(const Segment2<N>& s1, const Segment2<N>& s2) {
  return detail::segments_intersect_impl(s1, s2, false);
}
/// The article's code as printed: o3 = o4 = Collinear always, so crossing
/// segments are missed unless an endpoint test catches them.
template <class N>
bool segments_intersect_as_published(const Segment2<N>& s1, const Segment2<N>& s2) {
  return detail::segments_intersect_impl(s1, s2, true);
}

/// The article's float test, with division: open stadiums overlap.
template <class F>
bool capsules_intersect_float(const Capsule2<F>& c1, const Capsule2<F>& c2) {
  const F threshold_sq = (c1.r + c2.r) * (c1.r + c2.r);
  auto check = [&](const Point2<F>& p, const Segment2<F>& s) {
    const F dx = s.b.x - s.a.x, dy = s.b.y - s.a.y;
    const F seg_len_sq = dx * dx + dy * dy;
    auto mag_sq = [](F x, F y) { return x * x + y * y; };
    if (seg_len_sq == F(0)) return mag_sq(p.x - s.a.x, p.y - s.a.y) < threshold_sq;
    const F t = ((p.x - s.a.x) * dx + (p.y - s.a.y) * dy) / seg_len_sq;
    if (t <= F(0)) return mag_sq(p.x - s.a.x, p.y - s.a.y) < threshold_sq;
    if (t >= F(1)) return mag_sq(p.x - s.b.x, p.y - s.b.y) < threshold_sq;
    const F nx = s.a.x + t * dx, ny = s.a.y + t * dy;
    return mag_sq(p.x - nx, p.y - ny) < threshold_sq;
  };
  return segments_intersect(c1.seg, c2.seg) || check(c1.seg.a, c2.seg) || check(c1.seg.b, c2.seg) ||
         check(c2.seg.a, c1.seg) || check(c2.seg.b, c1.seg);
}

/// The article's integer test, literally: the interior case multiplied by
/// segLenSq^2, so it compares |segLenSq p - (segLenSq e1 + t' d)|^2 with
/// segLenSq^2 (r1 + r2)^2: degree 6 (our kernel needs degree 4). I must hold
/// the degree-6 values: for b-bit coordinates, about 6b + 8 bits (use
/// mpz_class, or __int128 only for coordinates below 2^19).
template <class I>
bool capsules_intersect_int(const Capsule2<I>& c1, const Capsule2<I>& c2) {
  const I threshold_sq = (c1.r + c2.r) * (c1.r + c2.r);
  auto check = [&](const Point2<I>& p, const Segment2<I>& s) {
    const I dx = s.b.x - s.a.x, dy = s.b.y - s.a.y;
    const I seg_len_sq = dx * dx + dy * dy;
    const I t = (p.x - s.a.x) * dx + (p.y - s.a.y) * dy;  // t' = segLenSq * t
    if (t <= I(0)) {
      const I ex = p.x - s.a.x, ey = p.y - s.a.y;
      return I(ex * ex + ey * ey) < threshold_sq;
    }
    if (t >= seg_len_sq) {
      const I ex = p.x - s.b.x, ey = p.y - s.b.y;
      return I(ex * ex + ey * ey) < threshold_sq;
    }
    const I ex = seg_len_sq * p.x - (seg_len_sq * s.a.x + t * dx);
    const I ey = seg_len_sq * p.y - (seg_len_sq * s.a.y + t * dy);
    const I lhs = ex * ex + ey * ey;
    const I rhs = seg_len_sq * seg_len_sq * threshold_sq;
    return lhs < rhs;
  };
  return segments_intersect(c1.seg, c2.seg) || check(c1.seg.a, c2.seg) || check(c1.seg.b, c2.seg) ||
         check(c2.seg.a, c1.seg) || check(c2.seg.b, c1.seg);
}

}  // namespace exactgeom::capsule_article

// exactgeom/reference/segments_article.hpp: the closed-segment
// intersection test of the exact-capsule article in float/double, literally
// as published (with its o3/o4 bug) and corrected.
//
// Source: article 000 (docs/articles.md), the article on exact 2-D capsule
// (stadium) intersection with integer arithmetic (Haskell), function
// segmentsIntersect: the orientations of the four endpoints plus the
// collinear on-segment (bounding-box) checks. The article runs it on
// unbounded Haskell Integers, where it is exact; here it is evaluated in F,
// as a float program would, and measured in tests/segments_test.cpp.
//
// The published bug: o3 and o4 are computed against the first segment
// (orientation p1 q1 p1, orientation p1 q1 q1), so both are always
// collinear, the general-position clause (o1 /= o2 && o3 /= o4) never fires,
// and the answer degenerates to bounding-box checks of p1 and q1 against the
// second segment. segments_intersect_published keeps that; the corrected
// version takes o3, o4 against the second segment (p2 q2 p1, p2 q2 q1).
#pragma once

#include <algorithm>

#include "exactgeom/geometry.hpp"

namespace exactgeom::reference {

/// The article's orientation of the turn p -> q -> r, from the sign of
/// val = (q.y - p.y)(r.x - q.x) - (q.x - p.x)(r.y - q.y), evaluated in F:
/// negative is counterclockwise, positive clockwise, zero collinear.
enum class Orientation { collinear, clockwise, counterclockwise };

template <class F>
Orientation orientation(const Point2<F>& p, const Point2<F>& q, const Point2<F>& r) {
  const F val = (q.y - p.y) * (r.x - q.x) - (q.x - p.x) * (r.y - q.y);
  if (val < F(0)) return Orientation::counterclockwise;
  if (val > F(0)) return Orientation::clockwise;
  return Orientation::collinear;
}

/// The article's onSegment p q r: q inside the bounding box of p and r
/// (meant for q collinear with p and r).
template <class F>
bool on_segment(const Point2<F>& p, const Point2<F>& q, const Point2<F>& r) {
  return q.x <= std::max(p.x, r.x) && q.x >= std::min(p.x, r.x) && q.y <= std::max(p.y, r.y) &&
         q.y >= std::min(p.y, r.y);
}

namespace article000_detail {
template <class F>
bool combine(const Point2<F>& p1, const Point2<F>& q1, const Point2<F>& p2, const Point2<F>& q2,
             Orientation o1, Orientation o2, Orientation o3, Orientation o4) {
  using enum Orientation;
  return (o1 != o2 && o3 != o4) || (o1 == collinear && on_segment(p1, p2, q1)) ||
         (o2 == collinear && on_segment(p1, q2, q1)) ||
         (o3 == collinear && on_segment(p2, p1, q2)) || (o4 == collinear && on_segment(p2, q1, q2));
}
}  // namespace article000_detail

/// segmentsIntersect exactly as published: o3 = orientation p1 q1 p1 and
/// o4 = orientation p1 q1 q1 (the bug). Wrong even on small integers, e.g.
/// (0,1)-(3,1) against (1,0)-(2,3) cross but this says false.
template <class F>
bool segments_intersect_published(const Segment2<F>& s1, const Segment2<F>& s2) {
  const Point2<F>&p1 = s1.a, &q1 = s1.b, &p2 = s2.a, &q2 = s2.b;
  return article000_detail::combine(p1, q1, p2, q2, orientation(p1, q1, p2), orientation(p1, q1, q2),
                         orientation(p1, q1, p1), orientation(p1, q1, q1));
}

/// The corrected test: o3 = orientation p2 q2 p1, o4 = orientation p2 q2 q1.
/// Exact on inputs whose val products and differences are exact in F;
/// otherwise wrong near degeneracy (measured in the tests).
template <class F>
bool segments_intersect_corrected(const Segment2<F>& s1, const Segment2<F>& s2) {
  const Point2<F>&p1 = s1.a, &q1 = s1.b, &p2 = s2.a, &q2 = s2.b;
  return article000_detail::combine(p1, q1, p2, q2, orientation(p1, q1, p2), orientation(p1, q1, q2),
                         orientation(p2, q2, p1), orientation(p2, q2, q1));
}

}  // namespace exactgeom::reference

// exactgeom/reference/capsule_article.hpp: the 2-D capsule (stadium) tests of the
// exact-capsule article: its float test with division and its literal
// division-free integer test (degree 6).
//
// Source: article 000 (docs/articles.md), the article on exact 2-D capsule
// (stadium) intersection with integer arithmetic, in Haskell. Both tests are
// the article's *open* test (distance < r1 + r2, its strict `<`), written
// here from the algorithm. Its segmentsIntersect (with the published o3/o4
// bug, and corrected) is in segments_article.hpp; the capsule tests
// here use the corrected one.
#pragma once

#include <algorithm>

#include "exactgeom/reference/segments_article.hpp"
#include "exactgeom/geometry.hpp"

namespace exactgeom::reference {

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
  return segments_intersect_corrected(c1.seg, c2.seg) || check(c1.seg.a, c2.seg) || check(c1.seg.b, c2.seg) ||
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
  return segments_intersect_corrected(c1.seg, c2.seg) || check(c1.seg.a, c2.seg) || check(c1.seg.b, c2.seg) ||
         check(c2.seg.a, c1.seg) || check(c2.seg.b, c1.seg);
}

}  // namespace exactgeom::reference

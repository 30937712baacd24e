// exactgeom/reference/platformer_trapezium.hpp: the platformer article's ball-vs-platform
// trapezium approximation, in F = float/double.
//
// Source: article 003 (docs/articles.md), "Hit Detection for Spheres and
// Platforms" (Haskell, Gloss). Written here from the algorithm. The exact
// hit region (the ball's centre within r of the platform segment, on its
// upper side) has round corners; the trapezium cuts them with two 45-degree
// lines. Those cuts are chords of the quarter circles, so the trapezium lies
// inside the exact region: measured in tests/platformer_test.cpp, it never
// accepts a centre the exact test rejects and misses centres only in the
// two corner regions it straightens.
#pragma once

#include <cmath>

#include "exactgeom/geometry.hpp"
#include "exactgeom/vector.hpp"

namespace exactgeom::reference {

/// The article's Surface: three unit normals and offsets.
template <class F>
struct Surface {
  Point2<F> normal;              ///< unit, toward the platform's upper side (left of p0 -> p1)
  F offset;                      ///< normal . p1: the platform's line is normal . x = offset
  Point2<F> lower_bound_normal;  ///< the 45-degree cut at p0's end: normal turned 45 degrees toward p0
  F lower_bound_offset;          ///< lower_bound_normal . p0 + radius / sqrt(2)
  Point2<F> upper_bound_normal;  ///< the 45-degree cut at p1's end: normal turned 45 degrees toward p1
  F upper_bound_offset;          ///< upper_bound_normal . p1 + radius / sqrt(2)
};

/// lineToSurface: the upper side is to the left of p0 -> p1.
template <class F>
Surface<F> line_to_surface(const Point2<F>& p0, const Point2<F>& p1, F radius) {
  const F s = F(1) / std::sqrt(F(2));
  const F dx = p1.x - p0.x, dy = p1.y - p0.y;
  const F inv = F(1) / std::sqrt(dx * dx + dy * dy);
  const Point2<F> n{-dy * inv, dx * inv};                  // rotate90, normalised
  const Point2<F> n0{s * (n.x - n.y), s * (n.x + n.y)};    // rotate45
  const Point2<F> n1{s * (n.x + n.y), s * (n.y - n.x)};    // rotate315
  const F r45 = radius * std::sqrt(F(2)) / F(2);
  return {n, dot(n, p1), n0, dot(n0, p0) + r45, n1, dot(n1, p1) + r45};
}

/// detect: centre p is inside the trapezium of surface s for this radius.
template <class F>
bool platformer_detect(const Point2<F>& p, const Surface<F>& s, F radius) {
  return dot(p, s.lower_bound_normal) <= s.lower_bound_offset &&
         dot(p, s.upper_bound_normal) <= s.upper_bound_offset && s.offset <= dot(p, s.normal) &&
         dot(p, s.normal) <= s.offset + radius;
}

}  // namespace exactgeom::reference

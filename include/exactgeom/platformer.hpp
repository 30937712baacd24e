// exactgeom/platformer.hpp: the exact ball-on-platform ground test of the
// platformer article (003), for every Coordinate type.
//
// Source: article 003 (docs/articles.md), "Hit Detection for Spheres and
// Platforms" (Haskell, Gloss): a ball of radius r centred at c touches a
// platform segment p0 -> p1 when c lies in the article's red area, the
// points within r of the segment on its upper side (the left of p0 -> p1,
// where the article's normal rotate90(p1 - p0) points). Its float trapezium
// approximation is reference/platformer_trapezium.hpp; tests/platformer_test.cpp measures
// it against this one.
#pragma once

#include "exactgeom/capsules.hpp"
#include "exactgeom/coordinate.hpp"
#include "exactgeom/geometry.hpp"
#include "exactgeom/predicates.hpp"

namespace exactgeom {

/// True iff orient2d(p0, p1, c) >= 0 (c on or above the platform line, the
/// left of p0 -> p1) and distance(c, segment p0p1) <= r: the closed red
/// area of article 003, round corners included; touching counts. Exact:
/// one orient2d (degree 2) and the point-capsule test of capsules.hpp
/// (degree 4). Degenerate platform p0 == p1: every point is "above", so the
/// region is the disk of radius r around p0. Errors: r < 0 or a NaN/inf
/// float coordinate throws invalid_input.
template <Coordinate T>
bool ball_touches_platform(const Point2<T>& c, const T& r, const Point2<T>& p0,
                           const Point2<T>& p1) {
  // The distance test first: it validates r and the coordinates.
  if (!intersects(c, Capsule2<T>{{p0, p1}, r})) return false;
  return orient2d(p0, p1, c) != Sign::negative;
}

}  // namespace exactgeom

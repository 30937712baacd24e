// exactgeom/reference/capsule_blog.hpp: the game-engine blog's
// sphere-triangle test, its heuristic capsule-capsule test, and its
// capsule-triangle test by ray-plane trace, in F = float/double.
//
// Source: article 002 (docs/articles.md), turanszkij, "Capsule Collision
// Detection" (Wicked Engine blog). Written here from the algorithm, with
// the article's typos fixed (v2/vec2; the edge selection keeps the closest
// edge point). Capsules are given as our axis segment (a, b) and radius:
// the article's A and B sphere centres (base + normal r, tip - normal r)
// are exactly those endpoints. Known limits, by design
// (tests/capsules_test.cpp measures them): the plane test is closed and the
// edge tests strict; the capsule-capsule endpoint choice is a heuristic
// (reader comment 8: it disagrees with exact closest points); the
// capsule-triangle reference point uses the first corner when the axis is
// parallel to the plane.
#pragma once

#include <cmath>

#include "exactgeom/reference/ericson.hpp"
#include "exactgeom/geometry.hpp"
#include "exactgeom/vector.hpp"

namespace exactgeom::reference {

namespace blog_detail {
using exactgeom::axpy;  // the library's vector vocabulary (exactgeom/vector.hpp)
using exactgeom::cross;
using exactgeom::dot;
using exactgeom::sub;
template <class F>
Point3<F> normalize(const Point3<F>& v) {
  const F inv = F(1) / std::sqrt(dot(v, v));
  return {v.x * inv, v.y * inv, v.z * inv};
}
/// The article's ClosestPointOnLineSegment: A + saturate(t) AB (a == b gives NaN t).
template <class F>
Point3<F> closest_point_on_segment(const Point3<F>& a, const Point3<F>& b, const Point3<F>& p) {
  const Point3<F> ab = sub(b, a);
  F t = dot(sub(p, a), ab) / dot(ab, ab);
  t = t != t ? F(0) : std::fmin(std::fmax(t, F(0)), F(1));  // zero-length: a
  return axpy(a, ab, t);
}
/// The closest point of triangle p0p1p2 (normal N) to a point x of its plane:
/// x if inside all edges, else the closest of the three edge points.
template <class F>
Point3<F> reference_point(const Point3<F>& x, const Point3<F>& p0, const Point3<F>& p1,
                          const Point3<F>& p2, const Point3<F>& N) {
  const bool inside = dot(cross(sub(x, p0), sub(p1, p0)), N) <= F(0) &&
                      dot(cross(sub(x, p1), sub(p2, p1)), N) <= F(0) &&
                      dot(cross(sub(x, p2), sub(p0, p2)), N) <= F(0);
  if (inside) return x;
  const Point3<F> cand[3] = {closest_point_on_segment(p0, p1, x),
                             closest_point_on_segment(p1, p2, x),
                             closest_point_on_segment(p2, p0, x)};
  Point3<F> best = cand[0];
  F best_d = dot(sub(x, cand[0]), sub(x, cand[0]));
  for (int i = 1; i < 3; ++i) {
    const F d = dot(sub(x, cand[i]), sub(x, cand[i]));
    if (d < best_d) {
      best_d = d;
      best = cand[i];
    }
  }
  return best;
}
}  // namespace blog_detail

/// Sphere (center, radius) vs triangle p0p1p2. Rejects when the plane is
/// farther than radius (closed), accepts when the projected centre is inside
/// the edges, else when an edge point is strictly closer than radius.
/// A degenerate triangle has a NaN normal and is never hit.
template <class F>
bool sphere_triangle(const Point3<F>& center, F radius, const Point3<F>& p0, const Point3<F>& p1,
                     const Point3<F>& p2) {
  using namespace blog_detail;
  const Point3<F> N = normalize(cross(sub(p1, p0), sub(p2, p0)));
  const F dist = dot(sub(center, p0), N);
  if (!(dist >= -radius && dist <= radius)) return false;  // also NaN (degenerate)
  const Point3<F> point0 = axpy(center, N, -dist);
  const bool inside = dot(cross(sub(point0, p0), sub(p1, p0)), N) <= F(0) &&
                      dot(cross(sub(point0, p1), sub(p2, p1)), N) <= F(0) &&
                      dot(cross(sub(point0, p2), sub(p0, p2)), N) <= F(0);
  if (inside) return true;
  const F radiussq = radius * radius;
  const Point3<F> e[3] = {closest_point_on_segment(p0, p1, center),
                          closest_point_on_segment(p1, p2, center),
                          closest_point_on_segment(p2, p0, center)};
  for (const auto& q : e)
    if (dot(sub(center, q), sub(center, q)) < radiussq) return true;
  return false;
}

/// The answer of capsule_capsule, in F as the article computes it.
template <class F>
struct CapsuleCapsuleResult {
  bool intersects;        ///< penetration_depth > 0 (strict)
  F distance;             ///< |bestA - bestB|, the heuristic's axis distance
  Point3<F> best_a;       ///< the heuristic's point on a's axis (bestA)
  Point3<F> best_b;       ///< the point on b's axis closest to the first pick (bestB)
};

/// The article's capsule-capsule heuristic: pick an endpoint of axis a from
/// four endpoint distances, project it onto axis b, project back onto a.
template <class F>
CapsuleCapsuleResult<F> capsule_capsule(const Capsule3<F>& a, const Capsule3<F>& b) {
  using namespace blog_detail;
  const Point3<F> &aA = a.seg.a, &aB = a.seg.b, &bA = b.seg.a, &bB = b.seg.b;
  const F d0 = dot(sub(bA, aA), sub(bA, aA)), d1 = dot(sub(bB, aA), sub(bB, aA));
  const F d2 = dot(sub(bA, aB), sub(bA, aB)), d3 = dot(sub(bB, aB), sub(bB, aB));
  Point3<F> best_a = (d2 < d0 || d2 < d1 || d3 < d0 || d3 < d1) ? aB : aA;
  const Point3<F> best_b = closest_point_on_segment(bA, bB, best_a);
  best_a = closest_point_on_segment(aA, aB, best_b);
  const F len = std::sqrt(dot(sub(best_a, best_b), sub(best_a, best_b)));
  return {a.r + b.r - len > F(0), len, best_a, best_b};
}

/// The article's capsule-triangle: trace the axis line to the triangle's
/// plane, take the triangle point closest to the trace (the first corner
/// when the axis is parallel to the plane), put a sphere on the axis point
/// closest to that, and run sphere_triangle.
template <class F>
bool capsule_triangle(const Capsule3<F>& c, const Point3<F>& p0, const Point3<F>& p1,
                      const Point3<F>& p2) {
  using namespace blog_detail;
  const Point3<F> axis = sub(c.seg.b, c.seg.a);
  if (dot(axis, axis) == F(0)) return sphere_triangle(c.seg.a, c.r, p0, p1, p2);
  const Point3<F> n_cap = normalize(axis);
  const Point3<F> base = axpy(c.seg.a, n_cap, -c.r);
  const Point3<F> N = normalize(cross(sub(p1, p0), sub(p2, p0)));
  const F cosine = dot(N, n_cap);
  Point3<F> ref;
  if (cosine == F(0)) {
    ref = p0;
  } else {
    const F t = dot(N, sub(p0, base)) / std::fabs(cosine);
    ref = reference_point(axpy(base, n_cap, t), p0, p1, p2, N);
  }
  const Point3<F> center = closest_point_on_segment(c.seg.a, c.seg.b, ref);
  return sphere_triangle(center, c.r, p0, p1, p2);
}

}  // namespace exactgeom::reference

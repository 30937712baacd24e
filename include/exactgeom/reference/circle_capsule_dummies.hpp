// exactgeom/reference/circle_capsule_dummies.hpp: circle (sphere) vs capsule by
// projection onto the axis, clamp, depth and normal, in F = float/double.
//
// Source: article 001 (docs/articles.md), P. Firth, "More Collision
// detection for Dummies" (#altdevblogaday). Written here from the
// algorithm; 2-D and 3-D alike (Point2<F> or Point3<F>). Kept as
// published: the test is the article's strict `<` (touching is no hit),
// the unit axis and the clamp are rounded, so near touching it answers
// wrong (tests/capsules_test.cpp counts how often against within_radii),
// and the normal divides by |H - R| with no guard: NaN components when H is
// on the axis.
#pragma once

#include <algorithm>
#include <cmath>

#include "exactgeom/reference/ericson.hpp"
#include "exactgeom/geometry.hpp"

namespace exactgeom::reference {

/// What the article computes.
template <class P, class F>
struct CircleCapsuleResult {
  bool hit;  ///< ||H - R|| < r1 + r2 (strict, as in the article)
  F p;       ///< ||H - R|| - (r1 + r2): negative when penetrating (the article's sign)
  P normal;  ///< (H - R) / ||H - R||; NaN components when H lies on the axis
};

/// Capsule from centre C, unit axis A, length m, radius r1; circle centre H,
/// radius r2. P0 = C - A m/2, b = clamp((H - P0).A, 0, m), R = P0 + A b.
template <class F, template <class> class Pt>
CircleCapsuleResult<Pt<F>, F> circle_capsule(const Pt<F>& C, const Pt<F>& A, F m, F r1,
                                             const Pt<F>& H, F r2) {
  using ericson_detail::axpy;
  using ericson_detail::dot;
  using ericson_detail::sub;
  const Pt<F> p0 = axpy(C, A, -m / F(2));
  const F b = std::clamp(dot(sub(H, p0), A), F(0), m);
  const Pt<F> R = axpy(p0, A, b);
  const Pt<F> hr = sub(H, R);
  const F d = std::sqrt(dot(hr, hr));
  Pt<F> n = hr;
  const F inv = F(1) / d;
  n = axpy(Pt<F>{}, n, inv);
  return {d < r1 + r2, d - (r1 + r2), n};
}

/// The same from the capsule's axis endpoints a, b (C = (a + b)/2,
/// A = (b - a)/|b - a|, m = |b - a|); a == b gives A = 0, m = 0: a circle.
template <class F, template <class> class Pt>
CircleCapsuleResult<Pt<F>, F> circle_capsule_from_segment(const Pt<F>& a, const Pt<F>& b, F r1,
                                                          const Pt<F>& H, F r2) {
  using ericson_detail::axpy;
  using ericson_detail::dot;
  using ericson_detail::sub;
  const Pt<F> ab = sub(b, a);
  const F m = std::sqrt(dot(ab, ab));
  const Pt<F> A = m > F(0) ? axpy(Pt<F>{}, ab, F(1) / m) : Pt<F>{};
  const Pt<F> C = axpy(a, ab, F(0.5));
  return circle_capsule(C, A, m, r1, H, r2);
}

}  // namespace exactgeom::reference

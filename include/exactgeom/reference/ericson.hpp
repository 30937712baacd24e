// exactgeom/reference/ericson.hpp: Ericson's float capsule tests (SqDistPointSegment,
// ClosestPtSegmentSegment, TestSphereCapsule, TestCapsuleCapsule) in F = float/double.
//
// Source: C. Ericson, Real-Time Collision Detection (2005), 5.1.2 and 5.1.9,
// as quoted in "Some Math About Capsule Collision" (article 004,
// docs/articles.md). Written here from the algorithm, for 2-D and 3-D
// points. These are the float references the exact tests in
// exactgeom/capsules.hpp are measured against; they are wrong near
// touching, by design (tests/capsules_test.cpp measures how often).
//
// EPSILON: the book leaves its value to the user. It is a parameter here,
// defaulting to default_epsilon<F> = numeric_limits<F>::epsilon(); as in the
// book it is compared against the *squared* lengths a = |d1|^2, e = |d2|^2
// (an absolute threshold, so a segment shorter than sqrt(EPSILON) is treated
// as a point), while the parallel test is the book's exact `denom != 0`.
#pragma once

#include <algorithm>
#include <limits>

#include "exactgeom/geometry.hpp"
#include "exactgeom/vector.hpp"

namespace exactgeom::reference {

template <class F>
inline constexpr F default_epsilon = std::numeric_limits<F>::epsilon();

namespace ericson_detail {
using exactgeom::axpy;  // the library's vector vocabulary (exactgeom/vector.hpp)
using exactgeom::dot;
using exactgeom::sub;
template <class F>
F clamp01(F v) { return std::clamp(v, F(0), F(1)); }
}  // namespace ericson_detail

/// Squared distance from point c to segment ab (RTCD 5.1.2.1), evaluated in F.
/// A zero-length ab gives |c - a|^2.
template <class F, template <class> class Pt>
F SqDistPointSegment(const Pt<F>& a, const Pt<F>& b, const Pt<F>& c) {
  using P = Pt<F>;
  using ericson_detail::dot;
  using ericson_detail::sub;
  const P ab = sub(b, a), ac = sub(c, a), bc = sub(c, b);
  const F e = dot(ac, ab);
  if (e <= F(0)) return dot(ac, ac);  // c projects outside ab on the a side
  const F f = dot(ab, ab);
  if (e >= f) return dot(bc, bc);  // ... on the b side
  return dot(ac, ac) - e * e / f;
}

/// Closest points of the result of ClosestPtSegmentSegment.
template <class F, class P>
struct SegmentSegmentResult {
  F dist2;  ///< squared distance |c1 - c2|^2 in F
  F s;      ///< parameter of c1 on p1q1, in [0, 1]
  F t;      ///< parameter of c2 on p2q2, in [0, 1]
  P c1;     ///< the closest point on p1q1: p1 + s (q1 - p1)
  P c2;     ///< the closest point on p2q2: p2 + t (q2 - p2)
};

/// RTCD 5.1.9: closest points of S1(s) = p1 + s (q1 - p1) and S2(t) = p2 + t (q2 - p2).
/// Segments with squared length <= epsilon are treated as points (the book's
/// EPSILON test); parallel segments (denom == 0 exactly) pick s = 0.
template <class F, template <class> class Pt>
SegmentSegmentResult<F, Pt<F>> ClosestPtSegmentSegment(const Pt<F>& p1, const Pt<F>& q1,
                                                        const Pt<F>& p2, const Pt<F>& q2,
                                                        F epsilon = default_epsilon<F>) {
  using P = Pt<F>;
  using ericson_detail::clamp01;
  using ericson_detail::dot;
  using ericson_detail::sub;
  const P d1 = sub(q1, p1), d2 = sub(q2, p2), r = sub(p1, p2);
  const F a = dot(d1, d1), e = dot(d2, d2), f = dot(d2, r);
  F s, t;
  if (a <= epsilon && e <= epsilon) {  // both degenerate into points
    const P w = sub(p1, p2);
    return {dot(w, w), F(0), F(0), p1, p2};
  }
  if (a <= epsilon) {  // first segment is a point
    s = F(0);
    t = clamp01(f / e);
  } else {
    const F c = dot(d1, r);
    if (e <= epsilon) {  // second segment is a point
      t = F(0);
      s = clamp01(-c / a);
    } else {
      const F b = dot(d1, d2);
      const F denom = a * e - b * b;
      s = denom != F(0) ? clamp01((b * f - c * e) / denom) : F(0);
      t = (b * s + f) / e;
      if (t < F(0)) {
        t = F(0);
        s = clamp01(-c / a);
      } else if (t > F(1)) {
        t = F(1);
        s = clamp01((b - c) / a);
      }
    }
  }
  const P c1 = ericson_detail::axpy(p1, d1, s), c2 = ericson_detail::axpy(p2, d2, t);
  const P w = sub(c1, c2);
  return {dot(w, w), s, t, c1, c2};
}

/// RTCD 4.5.1: sphere (centre c, radius rs) vs capsule (axis ab, radius rc);
/// true when the squared distance is <= (rs + rc)^2 in F (touching counts).
template <class F, template <class> class Pt>
bool TestSphereCapsule(const Pt<F>& c, F rs, const Pt<F>& a, const Pt<F>& b, F rc) {
  const F dist2 = SqDistPointSegment(a, b, c);
  const F radius = rs + rc;
  return dist2 <= radius * radius;
}

/// RTCD 4.5.1: capsule (p1q1, r1) vs capsule (p2q2, r2) via ClosestPtSegmentSegment.
template <class F, template <class> class Pt>
bool TestCapsuleCapsule(const Pt<F>& p1, const Pt<F>& q1, F r1, const Pt<F>& p2, const Pt<F>& q2,
                        F r2, F epsilon = default_epsilon<F>) {
  const F dist2 = ClosestPtSegmentSegment(p1, q1, p2, q2, epsilon).dist2;
  const F radius = r1 + r2;
  return dist2 <= radius * radius;
}

}  // namespace exactgeom::reference

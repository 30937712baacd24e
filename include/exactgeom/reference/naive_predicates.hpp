// exactgeom/reference/naive_predicates.hpp: the orientation predicates as a user
// writes them in plain floating point: the determinant evaluated in F
// (float or double), no filter, no fallback. The determinants are those of
// detail/formulas.hpp, the one formula the exact predicates evaluate too.
// These are what the exact predicates are measured against (tests/predicates_test.cpp,
// bench/predicates_bench.cpp); they are wrong near degeneracy, by design.
#pragma once

#include "exactgeom/detail/formulas.hpp"
#include "exactgeom/geometry.hpp"

namespace exactgeom::reference {

template <class F>
Sign sign_of(F v) {
  // Two comparisons subtracted, not a conditional (which GCC compiles to a
  // jump): the benchmarks' float baselines then run at one speed, instead
  // of at whatever rate the branch predictor learns their 4,096 repeating
  // random signs (orient2d/float/random ran at 0.92 G/s in `exactgeom
  // report` and 1.28 G/s in exactgeom_bench, linking the same objects; now
  // 1.17 G/s in both). Same value, NaN included (zero).
  return static_cast<Sign>(static_cast<int>(v > 0) - static_cast<int>(v < 0));
}

/// det[b-a; c-a] in F.
template <class F>
F orient2d_det(const Point2<F>& a, const Point2<F>& b, const Point2<F>& c) {
  return detail::orient2d_det(a.x, a.y, b.x, b.y, c.x, c.y);
}

/// det[b-a; c-a; d-a] in F.
template <class F>
F orient3d_det(const Point3<F>& a, const Point3<F>& b, const Point3<F>& c, const Point3<F>& d) {
  const F p[4][3] = {{a.x, a.y, a.z}, {b.x, b.y, b.z}, {c.x, c.y, c.z}, {d.x, d.y, d.z}};
  return detail::orient3d_det(p[0], p[1], p[2], p[3]);
}

/// det of rows [p-d, |p-d|^2], p = a, b, c, in F.
template <class F>
F incircle_det(const Point2<F>& a, const Point2<F>& b, const Point2<F>& c, const Point2<F>& d) {
  const F p[4][2] = {{a.x, a.y}, {b.x, b.y}, {c.x, c.y}, {d.x, d.y}};
  return detail::incircle_det(p[0], p[1], p[2], p[3]);
}

/// Minus det of rows [p-e, |p-e|^2], p = a..d, in F (positive = inside when
/// orient3d(a, b, c, d) > 0, like exactgeom::insphere).
template <class F>
F insphere_det(const Point3<F>& a, const Point3<F>& b, const Point3<F>& c, const Point3<F>& d,
               const Point3<F>& e) {
  const F p[5][3] = {{a.x, a.y, a.z}, {b.x, b.y, b.z}, {c.x, c.y, c.z}, {d.x, d.y, d.z}, {e.x, e.y, e.z}};
  return -detail::insphere_det(p[0], p[1], p[2], p[3], p[4]);
}

template <class F>
Sign orient2d(const Point2<F>& a, const Point2<F>& b, const Point2<F>& c) {
  return sign_of(orient2d_det(a, b, c));
}
template <class F>
Sign orient3d(const Point3<F>& a, const Point3<F>& b, const Point3<F>& c, const Point3<F>& d) {
  return sign_of(orient3d_det(a, b, c, d));
}
template <class F>
Sign incircle(const Point2<F>& a, const Point2<F>& b, const Point2<F>& c, const Point2<F>& d) {
  return sign_of(incircle_det(a, b, c, d));
}
template <class F>
Sign insphere(const Point3<F>& a, const Point3<F>& b, const Point3<F>& c, const Point3<F>& d,
              const Point3<F>& e) {
  return sign_of(insphere_det(a, b, c, d, e));
}

}  // namespace exactgeom::reference

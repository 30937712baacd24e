// exactgeom/reference/substep_ccd.hpp: continuous collision detection by
// sub-stepping, in F = float/double: the frame's motion is cut into n
// steps and the static test runs at the end of each.
//
// Source: article 002 (docs/articles.md), "Capsule Collision Detection"
// (game engine blog), the "bullet through paper" section (ccd_max sub-steps
// of velocity / ccd_max). Written here from the description for a moving
// sphere against a static sphere (the static test is the plain float
// |c1 - c2|^2 <= (r1 + r2)^2). It misses contacts that happen between
// steps; tests/swept_test.cpp measures how often against the exact swept
// test of exactgeom/swept.hpp.
#pragma once

#include "exactgeom/geometry.hpp"

namespace exactgeom::reference {

/// The sphere (c0, r) moving to c1 touches the sphere (c, rc) at one of the
/// times k / steps, k = 0..steps (the start position included).
template <class F>
bool moving_sphere_hits(const Point3<F>& c0, const Point3<F>& c1, F r, const Point3<F>& c, F rc,
                        int steps) {
  const F R = r + rc;
  for (int k = 0; k <= steps; ++k) {
    const F t = F(k) / F(steps);
    const F x = c0.x + (c1.x - c0.x) * t - c.x, y = c0.y + (c1.y - c0.y) * t - c.y,
            z = c0.z + (c1.z - c0.z) * t - c.z;
    if (x * x + y * y + z * z <= R * R) return true;
  }
  return false;
}

}  // namespace exactgeom::reference

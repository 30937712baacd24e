// internal/testing/distance_open.hpp: the strict distance test d < r1 + r2
// of capsules.hpp's kernel (detail::shapes_meet with strict set), which the
// capsule tests' oracles compute and which the `capsule_capsule` and
// `capsule_triangle` ops of `exactgeom eval` answer as `open`. The public
// interiors_overlap is contact's `open` since 0.3 (depth > 0): the same
// except for radius-0 axes that cross (tests/convex_test.cpp, ConvexOpen).
#pragma once

#include "exactgeom/capsules.hpp"

namespace exactgeom::testing {

/// d < r1 + r2 for a point/ball/capsule pair, or such a shape and a
/// Triangle3 in either order.
template <class A, class B>
bool distance_open(const A& x, const B& y) {
  if constexpr (requires { detail::sweep_traits<A>::dim; }) return detail::shapes_meet(x, y, true);
  else return detail::shapes_meet(y, x, true);
}

}  // namespace exactgeom::testing

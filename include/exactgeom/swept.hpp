// exactgeom/swept.hpp: exact tests for balls moving linearly during a frame
// (the fighting-game hitbox trick of article 000, the continuous collision
// detection discussion of article 002; see docs/articles.md): a moving
// circle/sphere against a static shape, and two moving balls.
//
// A ball of radius r whose centre moves from c0 to c1 touches a static shape
// at some time in the frame exactly when the capsule (c0, c1, r) -- the
// region it sweeps -- meets the shape, so these are capsules.hpp's tests.
// Two balls moving linearly meet iff, in the frame of the first, the second
// centre's path (b0 - a0 -> b1 - a1, a segment again) comes within
// ra + rb of the origin. The relative positions are computed exactly in a
// wider type: int32 -> int64, int64 -> mpz_class, float/double ->
// mpq_class (so doubles take the slower GMP path), big types in themselves.
//
// These are the yes/no shorthand of convex.hpp's time_of_impact for balls:
// swept_intersects(a, end, y) == time_of_impact(a, end - a.center, y)
// .has_value(), and for two moving balls the same in the first ball's frame,
// time_of_impact(a, (end_a - a.center) - (end_b - b.center), b) -- without
// computing the time, through capsules.hpp's fast kernels, and with the
// displacement taken exactly even where end - center is not a T
// (tests/swept_test.cpp checks both forms against time_of_impact). Ask
// time_of_impact when the time is wanted.
#pragma once

#include <gmpxx.h>

#include <cmath>
#include <cstdint>
#include <type_traits>

#include "exactgeom/capsules.hpp"
#include "exactgeom/coordinate.hpp"
#include "exactgeom/detail/exact.hpp"
#include "exactgeom/geometry.hpp"

namespace exactgeom {

/// The circle `start` moving its centre to `end` touches y (a Point2,
/// Circle or Capsule2 of the same T) during the frame, contact included.
/// Errors: as intersects().
template <Coordinate T, detail::SweptShape Y>
bool swept_intersects(const Circle<T>& start, const Point2<T>& end, const Y& y) {
  return intersects(Capsule2<T>{{start.center, end}, start.r}, y);
}

/// The sphere `start` moving its centre to `end` touches y (a Point3,
/// Sphere, Capsule3 or Triangle3 of the same T) during the frame.
template <Coordinate T, class Y>
bool swept_intersects(const Sphere<T>& start, const Point3<T>& end, const Y& y) {
  return intersects(Capsule3<T>{{start.center, end}, start.r}, y);
}

namespace detail {

template <class T>
using relative_t = std::conditional_t<
    std::is_same_v<T, std::int32_t>, std::int64_t,
    std::conditional_t<std::is_same_v<T, std::int64_t>, mpz_class,
                       std::conditional_t<is_binary_float_v<T>, mpq_class, T>>>;

template <class W, class T>
W widen(const T& v) {
  if constexpr (std::is_same_v<W, T>) {
    return v;
  } else if constexpr (std::is_same_v<W, mpz_class>) {
    return mpz_of(static_cast<std::int64_t>(v));
  } else if constexpr (std::is_same_v<W, mpq_class>) {
    if (!finite_bits(static_cast<double>(v))) throw invalid_input("swept: NaN or infinite coordinate");
    return mpq_class(static_cast<double>(v));
  } else {
    return static_cast<W>(v);
  }
}

template <class W, class P>
auto rel(const P& b, const P& a) {
  if constexpr (requires { b.z; })
    return Point3<W>{W(widen<W>(b.x) - widen<W>(a.x)), W(widen<W>(b.y) - widen<W>(a.y)),
                     W(widen<W>(b.z) - widen<W>(a.z))};
  else
    return Point2<W>{W(widen<W>(b.x) - widen<W>(a.x)), W(widen<W>(b.y) - widen<W>(a.y))};
}

template <class Ball, class P>
bool moving_balls(const Ball& a, const P& a_end, const Ball& b, const P& b_end, bool strict) {
  using T = decltype(a.r);
  using W = relative_t<T>;
  require_nonnegative_radius(a.r);
  require_nonnegative_radius(b.r);
  const auto s0 = rel<W>(b.center, a.center);
  const auto s1 = rel<W>(b_end, a_end);
  const auto origin = rel<W>(a.center, a.center);
  using Cap = std::conditional_t<requires { s0.z; }, Capsule3<W>, Capsule2<W>>;
  using Ball0 = std::conditional_t<requires { s0.z; }, Sphere<W>, Circle<W>>;
  const Cap path{{s0, s1}, widen<W>(b.r)};
  const Ball0 still{origin, widen<W>(a.r)};
  return strict ? interiors_overlap(path, still) : intersects(path, still);
}

}  // namespace detail

/// Two circles (spheres) moving their centres linearly from a.center to
/// a_end and from b.center to b_end over the same frame touch at some
/// time: min over t in [0, 1] of |b(t) - a(t)| <= ra + rb. (Named
/// moving_intersect in 0.1.)
/// Errors: negative radius, NaN/inf coordinates: invalid_input.
template <Coordinate T>
bool swept_intersects(const Circle<T>& a, const Point2<T>& a_end, const Circle<T>& b,
                      const Point2<T>& b_end) {
  return detail::moving_balls(a, a_end, b, b_end, false);
}
template <Coordinate T>
bool swept_intersects(const Sphere<T>& a, const Point3<T>& a_end, const Sphere<T>& b,
                      const Point3<T>& b_end) {
  return detail::moving_balls(a, a_end, b, b_end, false);
}

}  // namespace exactgeom

// exactgeom/contact.hpp: contact(x, y), the exact penetration depth and unit
// contact normal of two meeting points, circles, stadiums (2-D) or points,
// spheres, capsules (3-D), each correctly rounded to double.
#pragma once

#include <gmpxx.h>

#include <optional>
#include <type_traits>

#include "exactgeom/capsules.hpp"
#include "exactgeom/coordinate.hpp"
#include "exactgeom/detail/exact.hpp"
#include "exactgeom/geometry.hpp"
#include "exactgeom/rational.hpp"
#include "exactgeom/segments.hpp"

namespace exactgeom {

/// The contact of two closed shapes that meet. P is Point2<double> or
/// Point3<double>.
template <class P>
struct Contact {
  /// r1 + r2 - distance(axis of x, axis of y), >= 0 (0 when they touch),
  /// rounded to the nearest double (ties to even) from the exact value.
  double depth;
  /// The unit vector from x's closest axis point toward y's, each component
  /// rounded to the nearest double from the exact (irrational in general)
  /// value. When the axes meet (distance 0) no direction is defined: the
  /// normal is the zero vector and depth is r1 + r2 (rounded); the caller
  /// picks a direction (e.g. the previous frame's).
  P normal;
};

namespace detail {

/// The nearest double to R - sqrt(dist2) (R >= sqrt(dist2) >= 0), ties to
/// even: exact comparisons with the midpoints between doubles.
double round_depth(const mpq_class& R, const mpq_class& dist2);
/// The nearest double to w / sqrt(dist2) (dist2 > 0), ties to even.
double round_unit_component(const mpq_class& w, const mpq_class& dist2);

template <class T>
mpq_class radius_to_mpq(const T& r) {
  if constexpr (std::is_same_v<T, std::int32_t> || std::is_same_v<T, std::int64_t>)
    return mpq_class(static_cast<long>(r));
  else if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double>)
    return mpq_class(static_cast<double>(r));
  else if constexpr (std::is_same_v<T, cpp_int>)
    return mpq_class(to_mpz(r));
  else if constexpr (std::is_same_v<T, cpp_rational>)
    return to_mpq(r);
  else
    return mpq_class(r);
}

}  // namespace detail

/// The contact of x and y (any two of Point2, Circle, Capsule2, or of Point3,
/// Sphere, Capsule3, same coordinate type), or nothing when the closed
/// shapes do not meet (intersects(x, y) is false). Touching shapes give
/// depth 0. The closest axis points are those of closest_points()
/// (segments.hpp), exact; swapping x and y negates the normal.
/// Errors: as intersects() (negative radius, NaN/inf: invalid_input).
template <detail::SweptShape A, detail::SweptShape B>
auto contact(const A& x, const B& y) {
  using TA = detail::sweep_traits<A>;
  using TB = detail::sweep_traits<B>;
  static_assert(std::is_same_v<typename TA::coord, typename TB::coord>,
                "both shapes must have the same coordinate type");
  static_assert(TA::dim == TB::dim, "both shapes must have the same dimension");
  using P = std::conditional_t<TA::dim == 2, Point2<double>, Point3<double>>;
  std::optional<Contact<P>> out;
  if (!intersects(x, y)) return out;
  const auto cx = TA::get(x);
  const auto cy = TB::get(y);
  const auto cp = closest_points(cx.seg, cy.seg);
  const mpq_class d2 = to_mpq(cp.squared_distance);
  const mpq_class R = detail::radius_to_mpq(cx.r) + detail::radius_to_mpq(cy.r);
  auto unit = [&](const auto& a, const auto& b) {
    if (d2 == 0) return 0.0;
    return detail::round_unit_component(mpq_class(to_mpq(b) - to_mpq(a)), d2);
  };
  P n{};
  n.x = unit(cp.on_first.x, cp.on_second.x);
  n.y = unit(cp.on_first.y, cp.on_second.y);
  if constexpr (TA::dim == 3) n.z = unit(cp.on_first.z, cp.on_second.z);
  out = Contact<P>{detail::round_depth(R, d2), n};
  return out;
}

}  // namespace exactgeom

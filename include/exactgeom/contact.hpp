// exactgeom/contact.hpp: contact(x, y), the exact penetration depth and unit
// contact normal of two meeting points, circles, stadiums (2-D) or points,
// spheres, capsules (3-D), or of a 3-D point, sphere or capsule and a filled
// triangle, each correctly rounded to double.
#pragma once

#include <gmpxx.h>

#include <optional>
#include <type_traits>

#include "exactgeom/capsules.hpp"
#include "exactgeom/coordinate.hpp"
#include "exactgeom/detail/exact.hpp"
#include "exactgeom/geometry.hpp"
#include "exactgeom/rational.hpp"
#include "exactgeom/segment_triangle.hpp"
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
  /// value. When the axes meet (distance 0) no direction is defined: normal
  /// is empty (std::nullopt) and depth is r1 + r2 (rounded); the caller
  /// picks a direction (e.g. the previous frame's). (In 0.1.0 it was the
  /// zero vector, which a caller could mistake for a direction.)
  std::optional<P> normal;
};

namespace detail {

/// The nearest double to R - sqrt(dist2) (dist2 >= 0, R of any sign), ties
/// to even: exact comparisons with the midpoints between doubles; +-inf
/// beyond the largest double.
double round_depth(const mpq_class& R, const mpq_class& dist2);
/// The nearest double to w / sqrt(dist2) (dist2 > 0), ties to even.
double round_unit_component(const mpq_class& w, const mpq_class& dist2);

template <class T>
mpq_class radius_to_mpq(const T& r) {
  return exactgeom::to_mpq(r);  // rational.hpp: exact for every coordinate type
}

/// depth and normal from the exact closest points a (of x) and b (of y),
/// their squared distance d2 and the radius sum R.
template <class P, class Q>
Contact<P> make_contact(const Q& a, const Q& b, const mpq_class& d2, const mpq_class& R) {
  if (d2 == 0) return Contact<P>{round_depth(R, d2), std::nullopt};
  auto unit = [&](const auto& u, const auto& v) {
    return round_unit_component(mpq_class(to_mpq(v) - to_mpq(u)), d2);
  };
  P n{};
  n.x = unit(a.x, b.x);
  n.y = unit(a.y, b.y);
  if constexpr (requires { n.z; }) n.z = unit(a.z, b.z);
  return Contact<P>{round_depth(R, d2), n};
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
  const mpq_class R = detail::radius_to_mpq(cx.r) + detail::radius_to_mpq(cy.r);
  out = detail::make_contact<P>(cp.on_first, cp.on_second, to_mpq(cp.squared_distance), R);
  return out;
}

/// The contact of a 3-D point, sphere or capsule x with a filled triangle t,
/// or nothing when they do not meet (intersects(x, t) is false). depth is
/// r - distance(axis of x, t) and normal the unit vector from x's closest
/// axis point toward the triangle's, both from closest_points(axis, t)
/// (segment_triangle.hpp: exact; of several closest pairs, the one nearest
/// the axis's first endpoint), each correctly rounded. When the axis meets
/// the triangle (distance 0) normal is empty (std::nullopt) and depth is r:
/// the caller picks a direction (e.g. the triangle's face normal).
/// Errors: as intersects() (negative radius, NaN/inf: invalid_input).
template <detail::SweptShape A>
  requires(detail::sweep_traits<A>::dim == 3)
std::optional<Contact<Point3<double>>> contact(
    const A& x, const Triangle3<typename detail::sweep_traits<A>::coord>& t) {
  std::optional<Contact<Point3<double>>> out;
  if (!intersects(x, t)) return out;
  const auto& cx = detail::sweep_traits<A>::get(x);
  const auto cp = closest_points(cx.seg, t);
  out = detail::make_contact<Point3<double>>(cp.on_first, cp.on_second,
                                             to_mpq(cp.squared_distance),
                                             detail::radius_to_mpq(cx.r));
  return out;
}
/// The same seen from the triangle: the normal points from the triangle
/// toward x (contact(x, t)'s, negated).
template <detail::SweptShape A>
  requires(detail::sweep_traits<A>::dim == 3)
std::optional<Contact<Point3<double>>> contact(
    const Triangle3<typename detail::sweep_traits<A>::coord>& t, const A& x) {
  auto out = contact(x, t);
  auto neg = [](double v) { return v == 0 ? 0.0 : -v; };  // no -0.0
  if (out && out->normal) out->normal = Point3<double>{neg(out->normal->x), neg(out->normal->y), neg(out->normal->z)};
  return out;
}

}  // namespace exactgeom

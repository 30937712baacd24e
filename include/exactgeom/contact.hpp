// exactgeom/contact.hpp: contact(x, y), the exact contact of any two shapes
// of one dimension that meet (convex.hpp lists them: points, segments,
// balls, capsules, triangles, polygons, hulls, boxes), each quantity
// correctly rounded to double from its exact value.
//
// The depth is the penetration depth of docs/queries.md ("Penetration"):
// the length of the shortest translation of y after which the two shapes
// only touch. With d the distance between the cores and R = r_x + r_y:
//   cores apart (d > 0):  depth = R - d, along the closest pair's direction;
//   cores meeting (d = 0): depth = R + P, P the cores' own penetration (the
//                          least translation after which a plane separates
//                          them; 0 when they only touch, or when y's core
//                          minus x's has no interior, as for two triangles
//                          in one plane). In 0.1 this case answered R.
#pragma once

#include <gmpxx.h>

#include <optional>
#include <type_traits>

#include "exactgeom/convex.hpp"
#include "exactgeom/detail/convex_core.hpp"
#include "exactgeom/geometry.hpp"

namespace exactgeom {

/// The contact of two closed shapes that meet. P is Point2<double> or
/// Point3<double>; every value is the exact one rounded to the nearest
/// double (ties to even).
template <class P>
struct Contact {
  /// The penetration depth (see the top of this file), >= 0; 0 when the
  /// shapes only touch.
  double depth;
  /// The unit vector from x's closest core point toward y's, when the cores
  /// are apart (the same for every closest pair); empty when the cores meet
  /// (no closest pair defines a direction there).
  std::optional<P> normal;
  /// The direction of the shortest translation of y (y moves along it, away
  /// from x), unit; empty when depth is 0 or when several directions give
  /// the shortest translation (a box centred in a larger one, cores in one
  /// plane). Where the cores are apart it equals `normal`.
  std::optional<P> depth_normal;
  /// d - R: negative when the shapes overlap, 0 when they touch; -R however
  /// deep the cores interpenetrate (depth is the one that grows).
  double gap;
};

namespace detail {

/// The nearest double to R - sqrt(dist2) (dist2 >= 0, R of any sign), ties
/// to even: exact comparisons with the midpoints between doubles; +-inf
/// beyond the largest double.
double round_depth(const mpq_class& R, const mpq_class& dist2);
/// The nearest double to w / sqrt(dist2) (dist2 > 0), ties to even.
double round_unit_component(const mpq_class& w, const mpq_class& dist2);
/// The nearest double to R + sqrt(q) (R >= 0, q >= 0), ties to even; +inf
/// beyond the largest double.
double round_sum_sqrt(const mpq_class& R, const mpq_class& q);

template <class P>
std::optional<P> point_of(const std::optional<std::vector<double>>& v) {
  if (!v) return std::nullopt;
  P p{};
  p.x = (*v)[0];
  p.y = (*v)[1];
  if constexpr (requires { p.z; }) p.z = (*v)[2];
  return p;
}

}  // namespace detail

/// The contact of x and y, or nothing when the closed shapes do not meet
/// (intersects(x, y) is false). Swapping x and y negates both directions.
/// Errors: as intersects() (negative radius or half extent, NaN/inf:
/// invalid_input).
template <class A, class B>
  requires detail::cvx::ShapePair<A, B>
auto contact(const A& x, const B& y) {
  using namespace detail::cvx;
  using P = std::conditional_t<shape_traits<A>::dim == 2, Point2<double>, Point3<double>>;
  std::optional<Contact<P>> out;
  if constexpr (KernelOverlapPair<A, B>) {
    if (!intersects(x, y)) return out;  // the fast filters of capsules.hpp first
  }
  std::optional<ContactFacts> fast;
  if constexpr (!KernelOverlapPair<A, B>) {
    if (overlap_filter(x, y, false) < 0) return out;  // certainly apart
    using T = typename shape_traits<A>::coord;
    if constexpr (double_exact_v<T> && std::is_same_v<A, Box3<T>> && std::is_same_v<B, Box3<T>>) {
      fast = box3_contact(box_d(x), box_d(y));  // empty for bad input: the engine reports it
    }
  }
  const ContactFacts f = fast ? *fast : core_contact(shape_traits<A>::to_core(x), shape_traits<B>::to_core(y));
  if (!f.closed) return out;
  out = Contact<P>{f.depth, detail::point_of<P>(f.normal), detail::point_of<P>(f.depth_normal), f.gap};
  return out;
}

}  // namespace exactgeom

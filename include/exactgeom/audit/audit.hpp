// exactgeom/audit/audit.hpp: measures where your float collision code is
// wrong, by running it and the exact answer over deterministic case
// families. The vocabulary (options, reports, questions, adapters) is
// exactgeom/audit/types.hpp; a ready main() for audit programs is
// exactgeom/audit/driver.hpp; audits of questions asked here are
// exactgeom/audit/subject.hpp. Link the CMake target exactgeom::audit.
#pragma once

#include <gmpxx.h>

#include <array>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "exactgeom/audit/driver.hpp"
#include "exactgeom/audit/flatten.hpp"
#include "exactgeom/audit/types.hpp"

namespace exactgeom::audit {

/// Audits `fn(const UX&, const UY&)`, a float function of two shapes (your
/// types, connected by shape_adapter<UX> and shape_adapter<UY>), against
/// the exact answer to question q. See Question for what fn returns; an
/// empty std::optional is the answer "none" (no contact ...), and
/// none-versus-value disagreements are counted apart (got_none, got_value).
/// Throws invalid_input for options that do not apply (run_audit).
namespace detail {
template <class UX, class UY, class Fn>
AuditReport audit_pair_within(Question q, Fn&& fn, const AuditOptions& o, std::string name, double tolerance);
}  // namespace detail

template <class UX, class UY = UX, class Fn>
AuditReport audit_pair(Question q, Fn&& fn, const AuditOptions& o = {}, std::string name = "user function") {
  return detail::audit_pair_within<UX, UY>(q, std::forward<Fn>(fn), o, std::move(name), 0.0);
}

namespace detail {
/// The shapes the adapters hold (to_exact of from_exact), flat and exact,
/// of a pair case (x's wx values, then y's); empty when neither adapter
/// reads its shape back.
template <class UX, class UY>
std::function<std::vector<mpq_class>(std::span<const double>)> held_shapes(std::size_t wx) {
  using AX = shape_adapter<UX>;
  using AY = shape_adapter<UY>;
  using EX = typename AX::exact_type;
  using EY = typename AY::exact_type;
  if constexpr (detail::reads_back<AX, UX> || detail::reads_back<AY, UY>) {
    return [wx](std::span<const double> c) {
      std::vector<mpq_class> h(c.size());
      const std::span<mpq_class> hs(h);
      auto side = [&](auto adapter, const auto& exact_shape, std::span<mpq_class> out) {
        using A = decltype(adapter);
        if constexpr (requires { A::to_exact(A::from_exact(exact_shape)); })
          detail::flatten<mpq_class>(A::to_exact(A::from_exact(exact_shape)), out);
        else
          detail::flatten<mpq_class>(exact_shape, out);
      };
      side(AX{}, detail::unflatten<EX>(c.first(wx)), hs.first(wx));
      side(AY{}, detail::unflatten<EY>(c.subspan(wx)), hs.subspan(wx));
      return h;
    };
  }
  return {};
}

/// audit_pair, with the stated contact tolerance of the manifold questions.
template <class UX, class UY, class Fn>
AuditReport audit_pair_within(Question q, Fn&& fn, const AuditOptions& o, std::string name, double tolerance) {
  using AX = shape_adapter<UX>;
  using AY = shape_adapter<UY>;
  using EX = typename AX::exact_type;
  using EY = typename AY::exact_type;
  constexpr int dim = detail::shape_info<EX>::dim;
  static_assert(detail::shape_info<EY>::dim == dim, "both shapes must have the same dimension");
  constexpr detail::PairLayout l{dim, detail::shape_info<EX>::kind, detail::shape_info<EY>::kind};
  static_assert(l.x != ShapeKind::triangle || l.y != ShapeKind::triangle,
                "at most one of the shapes may be a triangle");
  const std::size_t wx = l.x_width();
  std::function<std::vector<mpq_class>(std::span<const double>)> held = held_shapes<UX, UY>(wx);
  std::function<bool(std::span<const double>)> valid;
  if constexpr (requires(const EX& e) { AX::valid(e); } || requires(const EY& e) { AY::valid(e); }) {
    // The held shape where the adapter reads it back as exact_type.
    auto check = [](auto adapter, const auto& e) -> bool {
      using A = decltype(adapter);
      if constexpr (requires { A::valid(A::to_exact(A::from_exact(e))); })
        return static_cast<bool>(A::valid(A::to_exact(A::from_exact(e))));
      else
        return static_cast<bool>(A::valid(e));
    };
    valid = [wx, check](std::span<const double> c) {
      bool ok = true;
      if constexpr (requires(const EX& e) { AX::valid(e); }) ok = ok && check(AX{}, detail::unflatten<EX>(c.first(wx)));
      if constexpr (requires(const EY& e) { AY::valid(e); }) ok = ok && check(AY{}, detail::unflatten<EY>(c.subspan(wx)));
      return ok;
    };
  }
  auto approx = [&fn, q, wx](std::span<const double> c) {
    const UX x = AX::from_exact(detail::unflatten<EX>(c.first(wx)));
    const UY y = AY::from_exact(detail::unflatten<EY>(c.subspan(wx)));
    return detail::to_answer(q, dim, fn(x, y));
  };
  constexpr int one_sided = detail::adapter_one_sided<AX>() ? 1 : detail::adapter_one_sided<AY>() ? 2 : 0;
  static_assert(!detail::adapter_one_sided<AX>() || std::is_same_v<EX, Triangle3<double>>,
                "shape_adapter::one_sided is for a Triangle3<double> exact_type");
  static_assert(!detail::adapter_one_sided<AY>() || std::is_same_v<EY, Triangle3<double>>,
                "shape_adapter::one_sided is for a Triangle3<double> exact_type");
  return detail::pair_audit(q, l, detail::is_float_scalar_v<AX>, detail::is_float_scalar_v<AY>, std::move(name),
                            std::move(held), std::move(valid), approx, o, one_sided, tolerance);
}

/// audit_sweep, with or without a target separation.
template <class UX, class UY, class Fn>
AuditReport audit_sweep_to(Fn&& fn, std::optional<SweepTarget> target, const AuditOptions& o, std::string name) {
  using AX = shape_adapter<UX>;
  using AY = shape_adapter<UY>;
  using EX = typename AX::exact_type;
  using EY = typename AY::exact_type;
  constexpr int dim = detail::shape_info<EX>::dim;
  static_assert(dim == detail::shape_info<EY>::dim, "audit_sweep: both shapes must have one dimension");
  const detail::PairLayout l{dim, detail::shape_info<EX>::kind, detail::shape_info<EY>::kind};
  const std::size_t wx = l.x_width(), w = l.width();
  auto approx = [&fn, wx, w](std::span<const double> c) {
    const UX x = AX::from_exact(detail::unflatten<EX>(c.first(wx)));
    const UY y = AY::from_exact(detail::unflatten<EY>(c.subspan(wx, w - wx)));
    if constexpr (dim == 2) return detail::to_answer(Question::time_of_impact, dim, fn(x, Point2<double>{c[w], c[w + 1]}, y));
    else return detail::to_answer(Question::time_of_impact, dim, fn(x, Point3<double>{c[w], c[w + 1], c[w + 2]}, y));
  };
  return detail::sweep_audit(l, detail::is_float_scalar_v<AX>, detail::is_float_scalar_v<AY>, std::move(name),
                             approx, o, held_shapes<UX, UY>(wx), target);
}
}  // namespace detail

/// Audits a sweep (a shape cast, continuous collision): fn(x, v, y) is the
/// first time t in [0, 1] at which x (any kind but a triangle) translated
/// by t v touches y (any kind), as a number or a std::optional (empty: no
/// contact in the frame); v is a Point2<double> or Point3<double>
/// (float-representable for a float x). The exact reference is the first t
/// at which the region x sweeps meets y, correctly rounded, asked about the
/// shapes the adapters hold (to_exact, as audit_pair; the report's `held
/// off` column says how far they are from the requested ones). Cases are the
/// families' pairs with x moved back along a random motion, so that it
/// reaches them during the frame (grazing_cast: along the plane of a face,
/// grazing its edge). A wrong time's severity is how far the region x
/// sweeps by that time is from touching y (the gap of an early answer, the
/// deepest penetration of a late one); a wrong none's is how far the whole
/// sweep is from touching. Query lines are `sweep` lines of docs/queries.md
/// (x at its start, and v) with the raw case added ("case", see
/// with_case). The moving shape cannot be a triangle (invalid_input).
/// valid and one_sided of the adapters are not used here.
template <class UX, class UY, class Fn>
AuditReport audit_sweep(Fn&& fn, const AuditOptions& o = {}, std::string name = "user sweep") {
  return detail::audit_sweep_to<UX, UY>(std::forward<Fn>(fn), std::nullopt, o, std::move(name));
}

template <class UX, class UY, class Fn>
AuditReport audit_sweep(Fn&& fn, SweepTarget target, const AuditOptions& o = {}, std::string name = "user sweep") {
  return detail::audit_sweep_to<UX, UY>(std::forward<Fn>(fn), target, o, std::move(name));
}

/// The three audits of a contact function, as a physics engine's narrow
/// phase computes it: fn(x, y) returns std::optional<C> (empty: no contact),
/// C with `.depth` (a number) and `.normal` (a vector with x, y (, z) or [i],
/// from x toward y; or std::optional of one, empty where the axes meet).
/// Returns {does it report contact (the question `existence`, closed_overlap
/// unless the engine's contact is strict), its depth, its normal}, named
/// `name + ": contact?"`, `": depth"`, `": normal"`. The normal is judged as
/// Question::normal (between closest core points) for capsules, balls,
/// points, segments and triangles, and as Question::direction (the
/// direction of least translation, contact's depth_normal) when either
/// shape is a box or hull: two solids that overlap have no closest-point
/// normal, so every contact normal would be "none expected".
template <class UX, class UY = UX, class Fn>
std::array<AuditReport, 3> audit_contact(Fn&& fn, const AuditOptions& o = {}, const std::string& name = "user contact",
                                         Question existence = Question::closed_overlap) {
  auto depth = [&fn](const UX& x, const UY& y) {
    const auto c = fn(x, y);
    return c ? std::optional<double>(static_cast<double>(c->depth)) : std::nullopt;
  };
  constexpr auto kx = detail::shape_info<typename shape_adapter<UX>::exact_type>::kind;
  constexpr auto ky = detail::shape_info<typename shape_adapter<UY>::exact_type>::kind;
  constexpr bool solid = kx == ShapeKind::box || kx == ShapeKind::hull || ky == ShapeKind::box || ky == ShapeKind::hull;
  auto normal = [&fn](const UX& x, const UY& y) {
    const auto c = fn(x, y);
    using N = std::remove_cvref_t<decltype(c->normal)>;
    if constexpr (detail::is_optional<N>::value) return c ? c->normal : N{};
    else return c ? std::optional<N>(c->normal) : std::nullopt;
  };
  return {audit_pair<UX, UY>(
              existence, [&fn](const UX& x, const UY& y) { return fn(x, y).has_value(); }, o, name + ": contact?"),
          audit_pair<UX, UY>(Question::depth, depth, o, name + ": depth"),
          audit_pair<UX, UY>(solid ? Question::direction : Question::normal, normal, o, name + ": normal")};
}

/// A contact manifold as engines return one (Box2D's b2WorldManifold,
/// Bullet's persistent manifold): the normal, unit, from x toward y, and up
/// to kManifoldPoints points, each with the shapes' separation along the
/// normal there (negative where they overlap). P is Point2<double> or
/// Point3<double>.
template <class P>
struct Manifold {
  /// One contact point of the manifold.
  struct Point {
    P at{};                 ///< the contact point (right when within the tolerance of each shape)
    double separation = 0;  ///< the shapes' separation along the normal at `at` (a length; negative: overlap)
  };
  P normal{};                 ///< unit, from x toward y
  std::vector<Point> points;  ///< at most kManifoldPoints of them; may be empty
};

/// The five audits of a contact-manifold function: fn(x, y) returns
/// std::optional<Manifold<P>> (empty: no contact). `tolerance` is the
/// contact distance the engine states (a length; 0 when it reports contacts
/// only where the shapes meet): shapes apart by at most that may have a
/// manifold, and its points may lie that far from each shape. Returns
/// {does it report contact (the question `existence`), its depth (minus the
/// least separation, 0 for a manifold of no points: Question::depth), its
/// normal (Question::direction: any direction of least translation is
/// right), its points (Question::manifold_points), their separations
/// (Question::manifold_separations)}, named name + ": contact?", ": depth",
/// ": normal", ": points", ": separations". A manifold of more than
/// kManifoldPoints points is an invalid_input. The depth's and the normal's
/// questions are defined where the shapes meet: with a tolerance, a manifold
/// of shapes apart counts there as a contact where there is none.
template <class UX, class UY = UX, class Fn>
std::array<AuditReport, 5> audit_manifold(Fn&& fn, double tolerance, const AuditOptions& o = {},
                                          const std::string& name = "user manifold",
                                          Question existence = Question::closed_overlap) {
  if (!(tolerance >= 0) || !std::isfinite(tolerance))
    throw invalid_input("audit_manifold: the tolerance must be a finite length >= 0");
  auto depth = [&fn](const UX& x, const UY& y) -> std::optional<double> {
    const auto m = fn(x, y);
    if (!m) return std::nullopt;
    double least = 0;
    for (const auto& p : m->points) least = std::min(least, static_cast<double>(p.separation));
    return -least;
  };
  auto normal = [&fn](const UX& x, const UY& y) {
    const auto m = fn(x, y);
    return m ? std::optional(m->normal) : std::nullopt;
  };
  return {audit_pair<UX, UY>(
              existence, [&fn](const UX& x, const UY& y) { return fn(x, y).has_value(); }, o, name + ": contact?"),
          audit_pair<UX, UY>(Question::depth, depth, o, name + ": depth"),
          audit_pair<UX, UY>(Question::direction, normal, o, name + ": normal"),
          detail::audit_pair_within<UX, UY>(Question::manifold_points, fn, o, name + ": points", tolerance),
          detail::audit_pair_within<UX, UY>(Question::manifold_separations, fn, o, name + ": separations",
                                            tolerance)};
}

/// A named family of your own for audit_pair<UX, UY>: gen(seed, index)
/// returns the pair of exact shapes (std::pair<exact_type of UX, of UY>)
/// of case `index`. Values of a float-scalar type are rounded to float, and
/// every case is normalized to its kind, as for the built-in families.
template <class UX, class UY = UX, class Gen>
UserFamily family(std::string name, Gen gen) {
  using AX = shape_adapter<UX>;
  using AY = shape_adapter<UY>;
  constexpr int dim = detail::shape_info<typename AX::exact_type>::dim;
  constexpr std::size_t wx =
      detail::flat_width(detail::shape_info<typename AX::exact_type>::kind, dim);
  return {std::move(name), [gen = std::move(gen), wx](std::uint64_t seed, std::uint64_t index,
                                                       std::span<double> c) {
            const auto [x, y] = gen(seed, index);
            detail::flatten<double>(x, c.first(wx));
            detail::flatten<double>(y, c.subspan(wx));
            if constexpr (detail::is_float_scalar_v<AX>) detail::round_to_float(c.first(wx));
            if constexpr (detail::is_float_scalar_v<AY>) detail::round_to_float(c.subspan(wx));
          }};
}

/// Audits a user's boolean test on two shapes of one type (per
/// shape_adapter<UserShape>::exact_type: capsules, balls, segments ...)
/// against the exact intersects (o.overlap closed) or interiors_overlap
/// (open): audit_pair with the question o.overlap names.
template <class UserShape, class Fn>
AuditReport audit_overlap(Fn&& user_test, const AuditOptions& o = {}, std::string name = "user capsule test") {
  const Question q = o.overlap == Overlap::closed ? Question::closed_overlap : Question::open_overlap;
  AuditOptions closed = o;
  closed.overlap = Overlap::closed;  // the question carries it
  return audit_pair<UserShape, UserShape>(
      q, [&user_test](const UserShape& a, const UserShape& b) { return static_cast<bool>(user_test(a, b)); },
      closed, std::move(name));
}

/// audit_overlap's name before 0.4 (exactgeom::audit::audit), kept for
/// one release.
template <class UserShape, class Fn>
[[deprecated("exactgeom::audit::audit is audit_overlap since 0.4")]] AuditReport audit(
    Fn&& user_test, const AuditOptions& o = {}, std::string name = "user capsule test") {
  return audit_overlap<UserShape>(std::forward<Fn>(user_test), o, std::move(name));
}

}  // namespace exactgeom::audit

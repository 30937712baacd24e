// Private to the library: audit_pair's answers for pairs with a box or a
// hull (solids, which only the convex engine of convex.hpp answers), the
// `direction` question for every pair, and audit_sweep's reference for a
// moving box or hull (src/audit/solid.cpp); their case families
// (src/audit/cases.cpp, solid_pair).
#pragma once

#include <gmpxx.h>

#include <cstdint>
#include <span>
#include <vector>

#include "exactgeom/audit/audit.hpp"
#include "exactgeom/detail/convex_core.hpp"
#include "exactgeom/audit/subject.hpp"

namespace exactgeom::audit::detail {
// The audit is the library's own code: it uses the core engine's cores and
// roundings (exactgeom/detail/) directly.
using namespace exactgeom::detail;

/// Shape k of dimension dim, in its flat layout (rationals), as a core of
/// the convex engine. invalid_input for a negative radius or half extent.
cvx::Core flat_core(ShapeKind k, int dim, std::span<const mpq_class> s);
/// How far y moves along n (a unit vector, as doubles) before it stops
/// meeting x: the largest s with x and y + s n still meeting (closed),
/// found by bisection with the exact test to within `stop` (exactly over
/// the facet normals for two polytopes); x and y meet at s = 0. R is the
/// sum of their radii.
double exit_along(const cvx::Core& X, const cvx::Core& Y, const mpq_class& R, const std::array<double, 3>& n,
                  double stop);
/// The two cores of a pair case.
std::pair<cvx::Core, cvx::Core> pair_cores(const PairLayout& l, std::span<const mpq_class> c);
/// Whether pair_truth asks the convex engine: a box or hull in the pair, or
/// the direction question.
inline bool solid_question(Question q, const PairLayout& l) {
  return is_solid_kind(l.x) || is_solid_kind(l.y) || q == Question::direction || q == Question::manifold_points ||
         q == Question::manifold_separations;
}
/// pair_truth for those; without `boundary`, PairTruth::boundary may be
/// left 0 (the answer alone, sooner).
PairTruth solid_truth(Question q, const PairLayout& l, std::span<const mpq_class> c, bool boundary = true);
/// The direction of least translation nearest `got` (Question::direction):
/// `got` itself when it is right (moving y along it separates the shapes
/// within `slack` of the least translation), else the nearest one of the
/// least directions; none when the shapes do not meet.
Answer direction_near(const PairLayout& l, std::span<const mpq_class> c, const Answer& got, double slack);
/// How much further y has to move along `got` than the least translation
/// before the shapes only touch (a length; +inf when got is no direction).
double extra_push(const PairLayout& l, std::span<const mpq_class> c, const Answer& got);
/// The manifold questions (Question::manifold_points, manifold_separations)
/// for a packed manifold `got` (the normal, then each point and its
/// separation): `got` itself where every point (separation) is right within
/// `slack`, else `got` with the wrong ones replaced by right ones (a point by
/// the nearest point of the shape it is farther from; a separation by the
/// exact one); none for shapes apart by more than `tolerance`; the exact
/// direction for a none where the shapes meet.
Answer manifold_near(Question q, const PairLayout& l, std::span<const mpq_class> c, const Answer& got, double slack,
                     double tolerance);
/// The severity of a wrong manifold (a length): the largest excess of a
/// point's distance to the farther shape over the tolerance, or the largest
/// error of a separation; +inf for a malformed one.
double manifold_severity(Question q, const PairLayout& l, std::span<const mpq_class> c, const Answer& got,
                         double tolerance);
/// A closest pair's residual (detail::closest_points_residual) for any pair.
double solid_closest_residual(const PairLayout& l, std::span<const mpq_class> c, const Answer& got);
/// audit_sweep's reference when x or y is a box or hull: x translated by
/// t v (c is the pair case, then v).
SweepTruth solid_sweep_truth(const PairLayout& l, std::span<const mpq_class> c);
/// x's core swept by t v over [0, t] (v: its first dim values): its
/// points and the points moved, a hull (facets not filled in).
cvx::Core swept_core(const cvx::Core& X, std::span<const mpq_class> v, const mpq_class& t);
/// The backward error of an answered time t: how far the region x sweeps
/// over [0, t] is from touching y (its gap, or its depth when it meets y).
double solid_sweep_margin(const PairLayout& l, std::span<const mpq_class> c, double t);

}  // namespace exactgeom::audit::detail

namespace exactgeom::audit::cases {
/// Case `index` of family f for a layout with a box or hull (shape_pair
/// calls it): see solid_families for the families. For vertex_on_face and
/// grazing_cast, `slide` (when given) receives a unit direction in the
/// plane of the face the corner touches.
void solid_pair(CaseFamily f, const PairLayout& l, bool float_x, bool float_y, std::uint64_t seed,
                std::uint64_t index, std::span<double> c, std::array<double, 3>* slide = nullptr);
/// The families solid_pair has for layout l.
std::vector<CaseFamily> solid_families(const PairLayout& l);
}  // namespace exactgeom::audit::cases

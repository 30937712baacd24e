// exactgeom/detail/convex_filter.hpp: the double-precision stages in front
// of the exact convex engine (src/convex/convex_filter.cpp, derivations there).
// Each answers only when its error bound makes the answer certain; 0 means
// "not certain here": the caller goes on to the exact engine.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include <gmpxx.h>

#include "exactgeom/detail/convex_core.hpp"

namespace exactgeom::detail::cvx {

/// A 3-D box exactly as given: centre, the three axis vectors (rows), half
/// extents, radius. Every value a finite double.
struct BoxD3 {
  double c[3];
  double a[3][3];
  double h[3];
  double r;
};

/// +1: the cores intersect (distance 0); -1: the shapes are apart by more
/// than r_x + r_y (distance > R); 0: not certain. (The closed test is true
/// for +1, the open test true for +1 with R > 0; both false for -1.)
/// Separating axes in double with an error bound, then, when every axis the
/// bound leaves open is all that stands between "overlap" and an answer
/// (resting boxes), the exact sign of V on those axes in integers.
int box3_filter(const BoxD3& x, const BoxD3& y);

/// The contact of two boxes when the double stage and a few exact
/// candidates settle it: cores that intersect, both boxes solid. Empty when
/// the general engine must answer. depth2 is P^2 (the cores' penetration),
/// n the direction y moves (empty on a tie).
struct BoxPenetration {
  mpq_class p2;
  std::vector<mpq_class> n;
};
std::optional<BoxPenetration> box3_penetration(const BoxD3& x, const BoxD3& y);
/// core_contact() for two boxes whose cores certainly meet, from
/// box3_penetration(); empty when it is empty. (sep holds dist2 = 0 and no
/// closest pair: contact() reads neither when the cores meet.)
std::optional<ContactFacts> box3_contact(const BoxD3& x, const BoxD3& y);

/// A core as the double filter sees it: the vertex list (dim coordinates
/// each), rho bounding how far a listed vertex may be from the true one (0
/// when the list is exact), and the radius (rounded up when it was not a
/// double). The one double view of a core: double_core() in convex.hpp
/// builds it from a shape of doubles, rounded_core() below from an exact
/// core; gjk_filter() reads it.
struct DoubleCore {
  std::vector<double> v;
  std::size_t n = 0;
  double rho = 0, r = 0;
  bool ok = true;  // false: a NaN or infinite value (the exact path reports it)
};
/// [lo, hi] doubles with lo <= q <= hi, as tight as double allows (lo = hi
/// when q is a double); past the double range the infinite side is +-inf.
void outward(const mpq_class& q, double& lo, double& hi);
/// An exact core in doubles: each coordinate rounded down (outward's lo),
/// rho the largest width of their intervals, the radius rounded up; ok is
/// false when a coordinate or the radius is past the double range.
DoubleCore rounded_core(const Core& c);

/// Two cores as vertex lists (exact doubles, dim coordinates each) with
/// radii; rho: a bound on how far each listed vertex may be from the true
/// one (0 when the list is exact). The certificates of a double GJK: +1 the
/// cores intersect (R = 0) or a pair of core points is closer than R
/// (closer than or at R when not strict); -1 a separating plane leaves more
/// than R (at least R when strict) between them; 0 not certain.
int gjk_filter(const double* a, std::size_t na, const double* b, std::size_t nb, int dim, double rho, double ra,
               double rb, bool strict);

/// The final simplex of the double GJK on the same vertex lists (finite),
/// as index pairs (into a, into b) written to ia and ib (room for dim + 1
/// each); returns how many. An estimate, never a certificate: the exact
/// engine starts from it and certifies its own stop (core_distance's
/// any_pair).
int gjk_seed(const double* a, std::size_t na, const double* b, std::size_t nb, int dim, std::uint32_t* ia,
             std::uint32_t* ib);

}  // namespace exactgeom::detail::cvx

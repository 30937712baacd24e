// exactgeom/ccd.hpp: continuous collision of moving primitives, exactly -- a
// vertex against a triangle and an edge against an edge whose points move on
// straight lines during one step (cloth, deformable bodies, hair, mesh against
// mesh) -- with the exact time of impact in both of its roundings.
//
// The question (docs/queries.md, "Moving primitives"; Wang, Ferguson,
// Schneider, Jiang, Attene and Panozzo, "A Large Scale Benchmark and an
// Inclusion-Based Algorithm for Continuous Collision Detection", ACM TOG
// 40(5), 2021): each of the four points moves as x(t) = (1 - t) x_t0 +
// t x_t1 for t in [0, 1]; is there a t at which the distance between
//   ccd_vertex_face: the vertex v(t) and the closed triangle (f0, f1, f2)(t),
//   ccd_edge_edge:   the closed segments (a0, a1)(t) and (b0, b1)(t)
// is at most ms (the minimum separation, Euclidean; 0: they share a point)?
// The least such t (the set is closed) is an algebraic number, a root of a
// polynomial in t of degree at most 6; it is returned in both roundings:
// `toi` the nearest double (ties to even) and `toi_lo` the largest double
// not above it (advancing a simulation to toi_lo never passes the first
// contact). std::nullopt: no such t.
//
// Degenerate input is what it covers, at every t: a triangle whose corners
// are collinear or equal at t is the segment or point they span then, a
// zero-length edge its point. Nothing is excluded: primitives coplanar for
// the whole step (sliding), parallel and collinear edges, primitives already
// within ms at t = 0 (toi 0), contact at t = 1, a double root (a graze).
//
// Exact for every coordinate type (int32_t, int64_t, float, double,
// mpz_class, mpq_class; cpp_int and cpp_rational with exactgeom/boost.hpp):
// float and double values are taken as the exact binary values they are.
// How: every condition is a sign of a polynomial in t with integer
// coefficients (after scaling the inputs to integers), the least t of the
// set they describe is 0 or one of their roots in [0, 1], and the roots are
// kept exact as intervals of a square-free polynomial (src/algebraic/); a
// double filter in front (src/ccd/) decides most queries -- no root of the
// coplanarity cubic in [0, 1], or far apart -- without a big number.
//
// Errors (exactgeom::invalid_input): a NaN or infinite float/double
// coordinate, or an ms that is negative, NaN or infinite.
#pragma once

#include <gmpxx.h>

#include <array>
#include <cstdint>
#include <optional>
#include <type_traits>
#include <vector>

#include "exactgeom/coordinate.hpp"
#include "exactgeom/geometry.hpp"
#include "exactgeom/rational.hpp"

namespace exactgeom {

/// The first contact of two moving primitives (ccd_vertex_face,
/// ccd_edge_edge): the least t in [0, 1] at which their distance is at most
/// the minimum separation, in its two roundings.
struct PrimitiveImpact {
  /// The least t, rounded to the nearest double (ties to even).
  double toi = 0;
  /// The largest double <= the least t (== toi when the least t is a
  /// double).
  double toi_lo = 0;
  /// Equal if toi and toi_lo both are.
  friend bool operator==(const PrimitiveImpact&, const PrimitiveImpact&) = default;
};

namespace compiled {
/// The library's entry points (src/ccd/ccd.cpp): 24 coordinates, t0's four
/// points then t1's, each x, y, z. Called by the templates below.
std::optional<PrimitiveImpact> ccd_vertex_face(const double* c, double ms);
std::optional<PrimitiveImpact> ccd_edge_edge(const double* c, double ms);
std::optional<PrimitiveImpact> ccd_vertex_face(const mpq_class* c, const mpq_class& ms);
std::optional<PrimitiveImpact> ccd_edge_edge(const mpq_class* c, const mpq_class& ms);
}  // namespace compiled

namespace detail {
template <class T>
inline constexpr bool ccd_as_double_v = std::is_same_v<T, double> || std::is_same_v<T, float> ||
                                        std::is_same_v<T, std::int32_t>;

template <class T, class F, class Q>
std::optional<PrimitiveImpact> ccd_call(const std::array<Point3<T>, 4>& t0, const std::array<Point3<T>, 4>& t1,
                                        const T& ms, F on_double, Q on_mpq) {
  if constexpr (ccd_as_double_v<T>) {
    // float and int32 values are doubles exactly.
    double c[24];
    for (std::size_t i = 0; i < 4; ++i) {
      const Point3<T>* p[2] = {&t0[i], &t1[i]};
      for (std::size_t s = 0; s < 2; ++s) {
        c[s * 12 + i * 3 + 0] = static_cast<double>(p[s]->x);
        c[s * 12 + i * 3 + 1] = static_cast<double>(p[s]->y);
        c[s * 12 + i * 3 + 2] = static_cast<double>(p[s]->z);
      }
    }
    return on_double(c, static_cast<double>(ms));
  } else {
    std::vector<mpq_class> c(24);
    for (std::size_t i = 0; i < 4; ++i) {
      const Point3<T>* p[2] = {&t0[i], &t1[i]};
      for (std::size_t s = 0; s < 2; ++s) {
        c[s * 12 + i * 3 + 0] = exactgeom::to_mpq(p[s]->x);
        c[s * 12 + i * 3 + 1] = exactgeom::to_mpq(p[s]->y);
        c[s * 12 + i * 3 + 2] = exactgeom::to_mpq(p[s]->z);
      }
    }
    return on_mpq(c.data(), exactgeom::to_mpq(ms));
  }
}
}  // namespace detail

/// The first time t in [0, 1] at which the vertex comes within ms of the
/// triangle: t0 and t1 are [v, f0, f1, f2] at the start and the end of the
/// step. See the top of this file for the degenerate cases and errors.
template <Coordinate T>
std::optional<PrimitiveImpact> ccd_vertex_face(const std::array<Point3<T>, 4>& t0, const std::array<Point3<T>, 4>& t1,
                                               const T& ms = T(0)) {
  return detail::ccd_call(
      t0, t1, ms, [](const double* c, double m) { return compiled::ccd_vertex_face(c, m); },
      [](const mpq_class* c, const mpq_class& m) { return compiled::ccd_vertex_face(c, m); });
}

/// The first time t in [0, 1] at which the edges come within ms of each
/// other: t0 and t1 are [a0, a1, b0, b1] at the start and the end of the
/// step. See the top of this file for the degenerate cases and errors.
template <Coordinate T>
std::optional<PrimitiveImpact> ccd_edge_edge(const std::array<Point3<T>, 4>& t0, const std::array<Point3<T>, 4>& t1,
                                             const T& ms = T(0)) {
  return detail::ccd_call(
      t0, t1, ms, [](const double* c, double m) { return compiled::ccd_edge_edge(c, m); },
      [](const mpq_class* c, const mpq_class& m) { return compiled::ccd_edge_edge(c, m); });
}

}  // namespace exactgeom

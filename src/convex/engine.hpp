// src/convex/engine.hpp (private to the library's sources): integer vectors
// and the scaled cores the exact convex engine works on (src/convex/gjk.cpp,
// src/convex/depth.cpp, src/convex/toi.cpp).
#pragma once

#include <gmpxx.h>

#include <array>
#include <cstdint>
#include <stdexcept>
#include <vector>

#include "exactgeom/detail/convex_core.hpp"
#include "exactgeom/detail/vec.hpp"
#include "exactgeom/geometry.hpp"

namespace exactgeom::detail::cvx {

using Z = mpz_class;
template <int D>
using V = std::array<Z, D>;

template <int D>
void dot_into(Z& out, const V<D>& a, const V<D>& b) {
  mpz_mul(out.get_mpz_t(), a[0].get_mpz_t(), b[0].get_mpz_t());
  for (int k = 1; k < D; ++k) mpz_addmul(out.get_mpz_t(), a[k].get_mpz_t(), b[k].get_mpz_t());
}
template <int D>
Z dot(const V<D>& a, const V<D>& b) {
  Z out;
  dot_into<D>(out, a, b);
  return out;
}
// sum, difference, cross product: the library's vector vocabulary
// (detail/vec.hpp); dot keeps its mpz_addmul form (dot_into).
using detail::add;
using detail::cross;
using detail::sub;
template <int D>
V<D> neg(const V<D>& a) {
  V<D> r;
  for (int k = 0; k < D; ++k) r[k] = -a[k];
  return r;
}
template <int D>
bool is_zero(const V<D>& a) {
  for (int k = 0; k < D; ++k)
    if (sgn(a[k]) != 0) return false;
  return true;
}
inline Z cross2(const V<2>& a, const V<2>& b) { return Z(a[0] * b[1] - a[1] * b[0]); }
inline Z det3(const V<3>& a, const V<3>& b, const V<3>& c) { return dot<3>(a, cross(b, c)); }

/// u and w point the same way (parallel, positive dot product).
template <int D>
bool same_direction(const V<D>& u, const V<D>& w) {
  if constexpr (D == 3) {
    if (!is_zero<3>(cross(u, w))) return false;
  } else {
    if (sgn(cross2(u, w)) != 0) return false;
  }
  return sgn(dot<D>(u, w)) > 0;
}

/// A core scaled to integers, with its hull when known.
template <int D>
struct IntCore {
  std::vector<V<D>> v;
  Z r;
  int hull_dim = -1;
  std::vector<std::vector<std::uint32_t>> facets;
};

/// Two cores (and optionally a motion) scaled by one positive factor L to
/// integers: every length of the question is its integer value / L.
template <int D>
struct Scaled {
  IntCore<D> x, y;
  V<D> motion{};
  Z L;
};
template <int D>
Scaled<D> scale(const Core& x, const Core& y, const std::vector<mpq_class>* motion = nullptr);

/// The exact GJK of two integer point sets: the closest point v = N / den
/// of A - B (conv) to the origin, and the final simplex as pairs of indices
/// (into A, into B) with weights lam[i] / den (positive, summing to 1).
template <int D>
struct Gjk {
  V<D> N;
  Z den;
  std::vector<std::pair<std::uint32_t, std::uint32_t>> pairs;
  std::vector<Z> lam;
  bool meet() const { return is_zero<D>(N); }
};
/// seed: index pairs to start from instead of (A[0], B[0]) (any pairs:
/// the stop is certified either way, only the closest pair found may
/// differ where several exist).
template <int D>
Gjk<D> gjk(const std::vector<V<D>>& A, const std::vector<V<D>>& B,
           const std::vector<std::pair<std::uint32_t, std::uint32_t>>* seed = nullptr);

/// |v|^2 of a GJK result as a rational in the integers' units.
template <int D>
mpq_class gjk_dist2(const Gjk<D>& g) {
  mpq_class q(dot<D>(g.N, g.N), Z(g.den * g.den));
  q.canonicalize();
  return q;
}

}  // namespace exactgeom::detail::cvx

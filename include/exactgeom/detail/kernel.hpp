// exactgeom/detail/kernel.hpp: the division-free integer formulas, written
// once over any integer type W; the bit bounds in wide_int.hpp choose W.
//
// Every function takes the coordinates already converted to W (exactly) and
// returns the sign of the determinant as -1, 0, +1. The formulas are the
// cofactor expansions Shewchuk uses in predicates.c ("Adaptive Precision
// Floating-Point Arithmetic and Fast Robust Geometric Predicates", 1997).
// The formulas themselves are in formulas.hpp, written once over a number
// type; this file takes their signs over integers.
#pragma once

#include "exactgeom/detail/formulas.hpp"
#include "exactgeom/detail/wide_int.hpp"

namespace exactgeom::detail {

/// The signs of the determinants of formulas.hpp (insphere_det_k: of
/// Shewchuk's insphere determinant, which the public insphere negates).
template <class W>
int orient2d_k(const W& ax, const W& ay, const W& bx, const W& by, const W& cx, const W& cy) {
  return sgn(orient2d_det(ax, ay, bx, by, cx, cy));
}

template <class W>
int orient3d_k(const W* a, const W* b, const W* c, const W* d) {
  return sgn(orient3d_det(a, b, c, d));
}

template <class W>
int incircle_k(const W* a, const W* b, const W* c, const W* d) {
  return sgn(incircle_det(a, b, c, d));
}

template <class W>
int insphere_det_k(const W* a, const W* b, const W* c, const W* d, const W* e) {
  return sgn(insphere_det(a, b, c, d, e));
}

/// orient2d for int64 inputs in 128-bit arithmetic, no wider type: each
/// difference has |d| <= 2^64 - 1, so each product's magnitude is below 2^128
/// and fits uint128; the sign of l - r comes from comparing signed
/// magnitudes. Exact for every int64 input, INT64_MIN/MAX included.
inline int orient2d_i64(std::int64_t ax, std::int64_t ay, std::int64_t bx, std::int64_t by,
                        std::int64_t cx, std::int64_t cy) {
  const int128 ux = int128(bx) - ax, uy = int128(by) - ay;
  const int128 vx = int128(cx) - ax, vy = int128(cy) - ay;
  auto mag = [](int128 v) { return static_cast<std::uint64_t>(v < 0 ? -v : v); };
  const int sl = sgn(ux) * sgn(vy), sr = sgn(uy) * sgn(vx);
  const uint128 ml = uint128(mag(ux)) * mag(vy), mr = uint128(mag(uy)) * mag(vx);
  // sign(l - r) with l = sl*ml, r = sr*mr.
  if (sl != sr) return sl > sr ? 1 : -1;  // differing signs (or one zero) decide
  if (sl == 0) return 0;
  const int c = ml > mr ? 1 : (ml < mr ? -1 : 0);
  return sl * c;
}

}  // namespace exactgeom::detail

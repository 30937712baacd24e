// exactgeom/detail/kernel.hpp: the division-free integer formulas, written
// once over any integer type W; the bit bounds in wide_int.hpp choose W.
//
// Every function takes the coordinates already converted to W (exactly) and
// returns the sign of the determinant as -1, 0, +1. The formulas are the
// cofactor expansions Shewchuk uses in predicates.c ("Adaptive Precision
// Floating-Point Arithmetic and Fast Robust Geometric Predicates", 1997); the
// double filters in filters.hpp evaluate the very same expressions.
#pragma once

#include "exactgeom/detail/wide_int.hpp"

namespace exactgeom::detail {

/// sign det[b-a; c-a]. Needs orient2d_bits(b) bits.
template <class W>
int orient2d_k(const W& ax, const W& ay, const W& bx, const W& by, const W& cx, const W& cy) {
  const W ux = bx - ax, uy = by - ay, vx = cx - ax, vy = cy - ay;
  const W l = ux * vy, r = uy * vx;
  return l > r ? 1 : (l < r ? -1 : 0);
}

/// sign det[b-a; c-a; d-a] (CGAL's orientation). Needs orient3d_bits(b) bits.
template <class W>
int orient3d_k(const W* a, const W* b, const W* c, const W* d) {
  const W ux = b[0] - a[0], uy = b[1] - a[1], uz = b[2] - a[2];
  const W vx = c[0] - a[0], vy = c[1] - a[1], vz = c[2] - a[2];
  const W wx = d[0] - a[0], wy = d[1] - a[1], wz = d[2] - a[2];
  const W mx = vy * wz - vz * wy, my = vz * wx - vx * wz, mz = vx * wy - vy * wx;
  const W det = ux * mx + uy * my + uz * mz;
  return sgn(det);
}

/// sign det of rows [p-d, |p-d|^2], p = a, b, c. Needs incircle_bits(b) bits.
template <class W>
int incircle_k(const W* a, const W* b, const W* c, const W* d) {
  const W adx = a[0] - d[0], ady = a[1] - d[1];
  const W bdx = b[0] - d[0], bdy = b[1] - d[1];
  const W cdx = c[0] - d[0], cdy = c[1] - d[1];
  const W alift = adx * adx + ady * ady;
  const W blift = bdx * bdx + bdy * bdy;
  const W clift = cdx * cdx + cdy * cdy;
  const W ma = bdx * cdy - cdx * bdy, mb = cdx * ady - adx * cdy, mc = adx * bdy - bdx * ady;
  const W det = alift * ma + blift * mb + clift * mc;
  return sgn(det);
}

/// sign det of rows [p-e, |p-e|^2], p = a, b, c, d (Shewchuk's insphere;
/// the public insphere negates it). Needs insphere_bits(b) bits.
template <class W>
int insphere_det_k(const W* a, const W* b, const W* c, const W* d, const W* e) {
  const W aex = a[0] - e[0], aey = a[1] - e[1], aez = a[2] - e[2];
  const W bex = b[0] - e[0], bey = b[1] - e[1], bez = b[2] - e[2];
  const W cex = c[0] - e[0], cey = c[1] - e[1], cez = c[2] - e[2];
  const W dex = d[0] - e[0], dey = d[1] - e[1], dez = d[2] - e[2];
  const W ab = aex * bey - bex * aey, bc = bex * cey - cex * bey;
  const W cd = cex * dey - dex * cey, da = dex * aey - aex * dey;
  const W ac = aex * cey - cex * aey, bd = bex * dey - dex * bey;
  const W abc = aez * bc - bez * ac + cez * ab;
  const W bcd = bez * cd - cez * bd + dez * bc;
  const W cda = cez * da + dez * ac + aez * cd;
  const W dab = dez * ab + aez * bd + bez * da;
  const W alift = aex * aex + aey * aey + aez * aez;
  const W blift = bex * bex + bey * bey + bez * bez;
  const W clift = cex * cex + cey * cey + cez * cez;
  const W dlift = dex * dex + dey * dey + dez * dez;
  const W det = (dlift * abc - clift * dab) + (blift * cda - alift * bcd);
  return sgn(det);
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

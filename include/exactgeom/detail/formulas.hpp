// exactgeom/detail/formulas.hpp: the determinant of each predicate,
// written once over a number type W (no includes: any type with +, - and *).
// The cofactor expansions are those Shewchuk uses in predicates.c ("Adaptive
// Precision Floating-Point Arithmetic and Fast Robust Geometric Predicates",
// 1997). Evaluated over integers by the exact kernel (kernel.hpp, whose bit
// bounds in wide_int.hpp pick W) and over float or double by the naive
// predicates (reference/naive_predicates.hpp); the double filters (filters.hpp)
// spell the very same expressions out beside their permanents, which need
// the intermediate products.
#pragma once

namespace exactgeom::detail {

/// det[b-a; c-a]. Needs orient2d_bits(b) bits.
template <class W>
W orient2d_det(const W& ax, const W& ay, const W& bx, const W& by, const W& cx, const W& cy) {
  const W ux = bx - ax, uy = by - ay, vx = cx - ax, vy = cy - ay;
  return ux * vy - uy * vx;
}
/// det[b-a; c-a; d-a] (CGAL's orientation). Needs orient3d_bits(b) bits.
template <class W>
W orient3d_det(const W* a, const W* b, const W* c, const W* d) {
  const W ux = b[0] - a[0], uy = b[1] - a[1], uz = b[2] - a[2];
  const W vx = c[0] - a[0], vy = c[1] - a[1], vz = c[2] - a[2];
  const W wx = d[0] - a[0], wy = d[1] - a[1], wz = d[2] - a[2];
  const W mx = vy * wz - vz * wy, my = vz * wx - vx * wz, mz = vx * wy - vy * wx;
  return ux * mx + uy * my + uz * mz;
}
/// det of rows [p-d, |p-d|^2], p = a, b, c. Needs incircle_bits(b) bits.
template <class W>
W incircle_det(const W* a, const W* b, const W* c, const W* d) {
  const W adx = a[0] - d[0], ady = a[1] - d[1];
  const W bdx = b[0] - d[0], bdy = b[1] - d[1];
  const W cdx = c[0] - d[0], cdy = c[1] - d[1];
  const W alift = adx * adx + ady * ady;
  const W blift = bdx * bdx + bdy * bdy;
  const W clift = cdx * cdx + cdy * cdy;
  const W ma = bdx * cdy - cdx * bdy, mb = cdx * ady - adx * cdy, mc = adx * bdy - bdx * ady;
  return alift * ma + blift * mb + clift * mc;
}
/// det of rows [p-e, |p-e|^2], p = a, b, c, d (Shewchuk's insphere; the
/// public insphere negates its sign). Needs insphere_bits(b) bits.
template <class W>
W insphere_det(const W* a, const W* b, const W* c, const W* d, const W* e) {
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
  return (dlift * abc - clift * dab) + (blift * cda - alift * bcd);
}

}  // namespace exactgeom::detail

// exactgeom/float/naive_predicates.hpp: the orientation predicates as a user
// writes them in plain floating point: the determinant evaluated in F
// (float or double), no filter, no fallback. These are what the exact
// predicates are measured against (tests/predicates_test.cpp,
// bench/predicates_bench.cpp); they are wrong near degeneracy, by design.
#pragma once

#include "exactgeom/geometry.hpp"

namespace exactgeom::naive {

template <class F>
Sign sign_of(F v) {
  return v > 0 ? Sign::positive : (v < 0 ? Sign::negative : Sign::zero);
}

/// det[b-a; c-a] in F.
template <class F>
F orient2d_det(const Point2<F>& a, const Point2<F>& b, const Point2<F>& c) {
  return (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x);
}

/// det[b-a; c-a; d-a] in F.
template <class F>
F orient3d_det(const Point3<F>& a, const Point3<F>& b, const Point3<F>& c, const Point3<F>& d) {
  const F ux = b.x - a.x, uy = b.y - a.y, uz = b.z - a.z;
  const F vx = c.x - a.x, vy = c.y - a.y, vz = c.z - a.z;
  const F wx = d.x - a.x, wy = d.y - a.y, wz = d.z - a.z;
  return ux * (vy * wz - vz * wy) + uy * (vz * wx - vx * wz) + uz * (vx * wy - vy * wx);
}

/// det of rows [p-d, |p-d|^2], p = a, b, c, in F.
template <class F>
F incircle_det(const Point2<F>& a, const Point2<F>& b, const Point2<F>& c, const Point2<F>& d) {
  const F adx = a.x - d.x, ady = a.y - d.y, bdx = b.x - d.x, bdy = b.y - d.y;
  const F cdx = c.x - d.x, cdy = c.y - d.y;
  const F alift = adx * adx + ady * ady, blift = bdx * bdx + bdy * bdy,
          clift = cdx * cdx + cdy * cdy;
  return alift * (bdx * cdy - cdx * bdy) + blift * (cdx * ady - adx * cdy) +
         clift * (adx * bdy - bdx * ady);
}

/// Minus det of rows [p-e, |p-e|^2], p = a..d, in F (positive = inside when
/// orient3d(a, b, c, d) > 0, like exactgeom::insphere).
template <class F>
F insphere_det(const Point3<F>& a, const Point3<F>& b, const Point3<F>& c, const Point3<F>& d,
               const Point3<F>& e) {
  const F aex = a.x - e.x, aey = a.y - e.y, aez = a.z - e.z;
  const F bex = b.x - e.x, bey = b.y - e.y, bez = b.z - e.z;
  const F cex = c.x - e.x, cey = c.y - e.y, cez = c.z - e.z;
  const F dex = d.x - e.x, dey = d.y - e.y, dez = d.z - e.z;
  const F ab = aex * bey - bex * aey, bc = bex * cey - cex * bey, cd = cex * dey - dex * cey;
  const F da = dex * aey - aex * dey, ac = aex * cey - cex * aey, bd = bex * dey - dex * bey;
  const F abc = aez * bc - bez * ac + cez * ab;
  const F bcd = bez * cd - cez * bd + dez * bc;
  const F cda = cez * da + dez * ac + aez * cd;
  const F dab = dez * ab + aez * bd + bez * da;
  const F alift = aex * aex + aey * aey + aez * aez;
  const F blift = bex * bex + bey * bey + bez * bez;
  const F clift = cex * cex + cey * cey + cez * cez;
  const F dlift = dex * dex + dey * dey + dez * dez;
  return -((dlift * abc - clift * dab) + (blift * cda - alift * bcd));
}

template <class F>
Sign orient2d(const Point2<F>& a, const Point2<F>& b, const Point2<F>& c) {
  return sign_of(orient2d_det(a, b, c));
}
template <class F>
Sign orient3d(const Point3<F>& a, const Point3<F>& b, const Point3<F>& c, const Point3<F>& d) {
  return sign_of(orient3d_det(a, b, c, d));
}
template <class F>
Sign incircle(const Point2<F>& a, const Point2<F>& b, const Point2<F>& c, const Point2<F>& d) {
  return sign_of(incircle_det(a, b, c, d));
}
template <class F>
Sign insphere(const Point3<F>& a, const Point3<F>& b, const Point3<F>& c, const Point3<F>& d,
              const Point3<F>& e) {
  return sign_of(insphere_det(a, b, c, d, e));
}

}  // namespace exactgeom::naive

// exactgeom/detail/kernel.hpp: the division-free integer formulas, written
// once over any integer type W; the bit bounds in int128.hpp choose W.
//
// Every function takes the coordinates already converted to W (exactly) and
// returns the sign of the determinant as -1, 0, +1. The formulas are the
// cofactor expansions Shewchuk uses in predicates.c ("Adaptive Precision
// Floating-Point Arithmetic and Fast Robust Geometric Predicates", 1997).
// The formulas themselves are in formulas.hpp, written once over a number
// type; this file takes their signs over integers.
#pragma once

#include "exactgeom/detail/formulas.hpp"
#include "exactgeom/detail/int128.hpp"

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

/// orient3d for integers with -2^62 <= x < 2^62 (63-bit two's complement) in
/// 64-, 128- and 192-bit arithmetic, no wider type. Bounds: each difference
/// has |d| <= 2^63 - 1, an int64; a 2x2 minor has |m| < 2 * 2^126 = 2^127, an
/// int128; each term d * m has |t| < 2^190 and the sum of three |det| <
/// 3 * 2^190 < 2^191, so it fits a 192-bit two's complement number. The
/// three products are formed exactly as 192-bit values (two 64x64->128-bit
/// multiplies each) and added modulo 2^192, which is exact because the true
/// sum is in range. About 10x faster than Boost's fixed_int<256>, which the
/// wider inputs still take (orient3d_bits(62) = 190 <= 192 is the bound).
inline constexpr int kOrient3dI62Bits = 62;
static_assert(fits(orient3d_bits(kOrient3dI62Bits), 192));

inline int orient3d_i62(const std::int64_t* a, const std::int64_t* b, const std::int64_t* c,
                        const std::int64_t* d) {
  const std::int64_t ux = b[0] - a[0], uy = b[1] - a[1], uz = b[2] - a[2];
  const std::int64_t vx = c[0] - a[0], vy = c[1] - a[1], vz = c[2] - a[2];
  const std::int64_t wx = d[0] - a[0], wy = d[1] - a[1], wz = d[2] - a[2];
  // det = ux (vy wz - vz wy) + uy (vz wx - vx wz) + uz (vx wy - vy wx), the
  // cofactor expansion of formulas.hpp's orient3d_det.
  const int128 m1 = int128(vy) * wz - int128(vz) * wy;
  const int128 m2 = int128(vz) * wx - int128(vx) * wz;
  const int128 m3 = int128(vx) * wy - int128(vy) * wx;
  std::uint64_t acc[3] = {0, 0, 0};
  auto add_product = [&acc](std::int64_t u, int128 m) {
    const bool negative = (u < 0) != (m < 0);
    const std::uint64_t uu = u < 0 ? 0 - static_cast<std::uint64_t>(u) : static_cast<std::uint64_t>(u);
    const uint128 mm = m < 0 ? 0 - static_cast<uint128>(m) : static_cast<uint128>(m);
    const uint128 lo = uint128(static_cast<std::uint64_t>(mm)) * uu;
    const uint128 hi = uint128(static_cast<std::uint64_t>(mm >> 64)) * uu;
    const uint128 mid = (lo >> 64) + static_cast<std::uint64_t>(hi);
    std::uint64_t p[3] = {static_cast<std::uint64_t>(lo), static_cast<std::uint64_t>(mid),
                          static_cast<std::uint64_t>(hi >> 64) + static_cast<std::uint64_t>(mid >> 64)};
    if (negative) {  // two's complement: invert and add one
      p[0] = ~p[0], p[1] = ~p[1], p[2] = ~p[2];
      const std::uint64_t c0 = ++p[0] == 0;
      const std::uint64_t c1 = (p[1] += c0) < c0;
      p[2] += c1;
    }
    const uint128 s0 = uint128(acc[0]) + p[0];
    const uint128 s1 = uint128(acc[1]) + p[1] + static_cast<std::uint64_t>(s0 >> 64);
    acc[0] = static_cast<std::uint64_t>(s0);
    acc[1] = static_cast<std::uint64_t>(s1);
    acc[2] += p[2] + static_cast<std::uint64_t>(s1 >> 64);
  };
  add_product(ux, m1);
  add_product(uy, m2);
  add_product(uz, m3);
  if (acc[0] == 0 && acc[1] == 0 && acc[2] == 0) return 0;
  return (acc[2] >> 63) ? -1 : 1;
}

}  // namespace exactgeom::detail

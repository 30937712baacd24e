// exactgeom/detail/filters.hpp: the double-precision fast paths. Each
// evaluates the kernel's expression (kernel.hpp) in double and answers only
// when a proven error bound says the sign is certain; otherwise it returns 0
// and the caller runs the exact kernel.
//
// Error model. Each filter takes coordinate *differences* that are either
// exact or rounded once (d = D(1 + delta), |delta| <= eps = 2^-53), which
// covers differences of doubles and int64 differences converted to double.
// Every later operation is rounded once, fl(x op y) = (x op y)(1 + delta).
// Following Shewchuk (1997, section 4.2), the computed determinant differs
// from the true one by at most k*eps*P + eps*|det|, where P is the
// "permanent" (the same expansion with every product and difference replaced
// by its absolute value) and k counts the roundings on the longest path to a
// term: the filter answers when |det| > C*P with C a little above k*eps, so
// the higher-order terms and the rounding of C*P itself are covered.
//
// Two things this model misses, handled explicitly:
//  * Underflow. A product that underflows has an absolute error up to
//    2^-1075, not a relative one, and a later multiplication can amplify it
//    (a tiny minor times a huge lift). Each bound adds an absolute term A
//    that dominates the sum of these errors (counted per filter below, with a
//    margin of 16x or more). Additions and subtractions never underflow
//    inexactly (a sum of doubles is a multiple of 2^-1074). The constants
//    used are rounded up to 2^-1000, a normal double: the derived ones
//    (2^-1069, 2^-1064) are subnormal, and a subnormal operand costs a
//    microcode assist on common x86 CPUs (measured here: the orient3d
//    filter ran 2.6x slower). A larger A only makes the filter decline
//    determinants below about 2^-1000, which the exact path answers.
//  * Overflow. An overflowed intermediate is +-inf and poisons det or the
//    bound with inf or NaN; every comparison below is then false and the
//    exact path answers. NaN or infinite inputs take the same route, and the
//    exact path reports them. So the filters are sound over the whole double
//    range, subnormals included.
//
// FMA contraction: if the compiler fuses a multiply into an add, that
// product is simply not rounded (delta = 0, which the model allows), so the
// bounds hold with and without -ffp-contract.
#pragma once

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>

namespace exactgeom::detail {

inline constexpr double kEps = 0x1p-53;

/// A filter's result: the determinant evaluated in double and a bound on its
/// error. The sign is certain when |det| > bound.
struct Estimate {
  double det, bound;
  /// +1 if det > bound, -1 if -det > bound, else 0 (also when either is NaN).
  /// Two comparisons subtracted, not a conditional: GCC compiled the
  /// conditional to a jump on det > bound, a coin toss on inputs of random
  /// sign (the caller's branch on 0 is the predictable one). The benchmark
  /// showed no difference, its 4,096 inputs repeating every iteration.
  int sign() const { return static_cast<int>(det > bound) - static_cast<int>(-det > bound); }
  /// The same as a double, written so that a loop of estimates vectorizes
  /// (GCC 12 vectorizes this select on doubles, not a comparison's int).
  double sign_as_double() const { return (det > bound ? 1.0 : 0.0) - (-det > bound ? 1.0 : 0.0); }
};

/// orient2d from differences u = b - a, v = c - a. Roundings: difference,
/// difference, product = 3 on each product, plus eps*|det| for the last
/// subtraction; C = 4 eps >= 3 eps + 16 eps^2 (Shewchuk's ccwerrboundA).
/// Underflow: two products, <= 2^-1074 in all; A = 2^-1069, used as 2^-1000.
inline Estimate orient2d_estimate(double ux, double uy, double vx, double vy) {
  const double l = ux * vy, r = uy * vx;
  const double det = l - r;
  const double bound = 0x1p-51 * (std::fabs(l) + std::fabs(r)) + 0x1p-1000;
  return {det, bound};
}

inline int orient2d_filter_d(double ux, double uy, double vx, double vy) {
  return orient2d_estimate(ux, uy, vx, vy).sign();
}

/// orient3d from u = b - a, v = c - a, w = d - a: det = u . (v x w).
/// Roundings on a term: minor 4 (3 per product + subtraction), times u 2,
/// first addition 1 = 7, plus eps*|det| for the last addition; C = 8 eps
/// (Shewchuk's o3derrboundA is (7 + 56 eps) eps). Underflow: six minor
/// products, each <= 2^-1075, amplified by |u_i|, and three products
/// u_i * m_i: <= 2^-1074 (1 + U), U = |ux| + |uy| + |uz|; A = 2^-1069 (1 + U),
/// used as 2^-1000 (1 + U).
inline Estimate orient3d_estimate(double ux, double uy, double uz, double vx, double vy, double vz,
                             double wx, double wy, double wz) {
  const double p1 = vy * wz, p2 = vz * wy, p3 = vz * wx, p4 = vx * wz, p5 = vx * wy, p6 = vy * wx;
  const double det = ux * (p1 - p2) + uy * (p3 - p4) + uz * (p5 - p6);
  const double aux = std::fabs(ux), auy = std::fabs(uy), auz = std::fabs(uz);
  const double perm = aux * (std::fabs(p1) + std::fabs(p2)) + auy * (std::fabs(p3) + std::fabs(p4)) +
                      auz * (std::fabs(p5) + std::fabs(p6));
  const double bound = 0x1p-50 * perm + 0x1p-1000 * (1.0 + aux + auy + auz);
  return {det, bound};
}

inline int orient3d_filter_d(double ux, double uy, double uz, double vx, double vy, double vz,
                             double wx, double wy, double wz) {
  return orient3d_estimate(ux, uy, uz, vx, vy, vz, wx, wy, wz).sign();
}

/// incircle from the differences p - d, p = a, b, c. Roundings on a term:
/// lift 4 (3 per square + addition), minor 4, product 1, first addition 1 =
/// 10, plus eps*|det|; C = 12 eps (Shewchuk's iccerrboundA is
/// (10 + 96 eps) eps). Underflow: squares amplified by |minor| <= its
/// permanent, minor products amplified by a lift, three final products:
/// <= 2^-1074 (L + M) + 2^-1073 with L the sum of lifts and M of the minor
/// permanents; A = 2^-1069 (1 + L + M), used as 2^-1000 (1 + L + M).
inline Estimate incircle_estimate(double adx, double ady, double bdx, double bdy, double cdx,
                             double cdy) {
  const double alift = adx * adx + ady * ady;
  const double blift = bdx * bdx + bdy * bdy;
  const double clift = cdx * cdx + cdy * cdy;
  const double bdxcdy = bdx * cdy, cdxbdy = cdx * bdy;
  const double cdxady = cdx * ady, adxcdy = adx * cdy;
  const double adxbdy = adx * bdy, bdxady = bdx * ady;
  const double det =
      alift * (bdxcdy - cdxbdy) + blift * (cdxady - adxcdy) + clift * (adxbdy - bdxady);
  const double pa = std::fabs(bdxcdy) + std::fabs(cdxbdy);
  const double pb = std::fabs(cdxady) + std::fabs(adxcdy);
  const double pc = std::fabs(adxbdy) + std::fabs(bdxady);
  const double perm = alift * pa + blift * pb + clift * pc;
  const double bound =
      0x1.8p-50 * perm + 0x1p-1000 * (1.0 + (alift + blift + clift) + (pa + pb + pc));
  return {det, bound};
}

inline int incircle_filter_d(double adx, double ady, double bdx, double bdy, double cdx,
                             double cdy) {
  return incircle_estimate(adx, ady, bdx, bdy, cdx, cdy).sign();
}

// ---- First stages for double input (predicates.hpp's double paths).
//
// The estimates above pay for a permanent on every call: two to three times
// the naive determinant's instructions for orient3d and incircle. The first
// stages below answer the same sign from cheaper bounds of the same computed
// determinant, and are written so that a caller branches once, on
// |det| > bound (taken on essentially all random input), and reads the sign
// of det without a second branch (first_stage_sign). Where they cannot
// decide, orient3d and incircle try the permanent bound (out of line, as
// insphere does), then the exact kernel.

/// For the semi-static stages below: |det| > bound proves det's sign when
/// det is finite. An overflow anywhere in det makes it inf or NaN (inf
/// propagates through products and sums, or turns into NaN), and that is not
/// so for their bounds (K mx my mz stays finite while my mz overflows when
/// mx is tiny): the wild-exponent test of tests/filters_test.cpp found
/// det = inf against a finite bound, with the wrong sign. So det must also
/// be finite (one more comparison, on a branch that is always taken). NaN
/// fails both comparisons.
inline bool first_stage_certain(const Estimate& e) {
  const double a = std::fabs(e.det);
  return a > e.bound && a <= std::numeric_limits<double>::max();
}

/// For orient2d_ozaki_estimate: |det| > bound alone (see there for
/// overflow).
inline bool ozaki_certain(const Estimate& e) { return std::fabs(e.det) > e.bound; }

/// The sign of a det that first_stage_certain proved (so det != 0, and not
/// -0.0): +1 or -1 from its sign bit, without a jump on the (random) sign
/// (three instructions; a comparison with 0 took five).
inline int first_stage_sign(const Estimate& e) {
  return static_cast<int>((std::bit_cast<std::int64_t>(e.det) >> 63) | 1);
}

/// orient2d's single-branch filter of Ozaki, Buenger, Ogita, Oishi and Rump,
/// "Simple floating-point filters for the two-dimensional orientation
/// problem", BIT Numer. Math. 56 (2016) 729-749 (doi 10.1007/s10543-015-0574-9):
/// l = fl(ux vy), r = fl(uy vx), det = fl(l - r), and the sign of det is
/// proven when |det| > theta |l + r| (one comparison, no case split on the
/// signs of l and r). The constant here is derived below in this file's
/// error model (the paper's own, slightly below 3u, was not used: it could
/// not be checked against the paper's text), and the file's absolute term
/// is added for underflow.
///
/// Derivation. Let L = Ux Vy, R = Uy Vx be the exact products of the exact
/// differences and D = L - R.
///  (A) l r <= 0 (opposite signs or a zero): then |l + r| <= |l - r|, so the
///      test passes whenever det != 0, and the sign is right: rounding to
///      nearest is monotone and keeps signs, so l > 0 implies ux vy > 0 and
///      L > 0, and r <= 0 implies R <= 0, so D > 0 (symmetrically for l < 0).
///      No bound is needed here, underflow included (signs survive it).
///  (B) l r > 0: |l + r| = |l| + |r|. Without underflow l = L (1 + t3),
///      |t3| <= g3 = (1 + u)^3 - 1 (two differences, one product), so
///      |l - r - D| <= g3 (|L| + |R|) <= g3 (|l| + |r|) / (1 - u)^3, and
///      det = (l - r)(1 + d) with |d| <= u. If |det| > B with
///      B >= (1 + u) g3 (|l| + |r|) / (1 - u)^3 then |l - r| > |l - r - D| and
///      det, l - r and D have one sign. The computed fl(C fl(|l + r|)) is at
///      least C (|l| + |r|)(1 - u)^2, so C >= 3u (1 + 8u) suffices; C = 3u
///      (1 + 2^-40). Underflow adds at most 2^-1075 per product (2^-1074 in
///      all, the file's model), dominated by the absolute term 2^-1000.
///  Overflow: if l or r overflows, l + r and the bound are inf or NaN and
///  the test is false; if only l - r overflows, l and r have opposite signs
///  (case A) and the infinite det has the right sign. NaN: the test is false.
///  FMA contraction of either product into det or into l + r only removes
///  a rounding from the quantity it fuses (the 2^-40 margin covers the
///  bound's side).
/// No second stage: when l r > 0 this is the permanent bound itself
/// (orient2d_estimate, with 3u for 4u), and when l r <= 0 it always decides.
inline Estimate orient2d_ozaki_estimate(double ux, double uy, double vx, double vy) {
  const double l = ux * vy, r = uy * vx;
  return {l - r, 0x1.80000000018p-52 * std::fabs(l + r) + 0x1p-1000};
}

/// The cheap first stages of orient3d and incircle: semi-static bounds in
/// the manner of CGAL's (Devillers and Pion), from the largest |difference|
/// on each axis, mx, my (and mz), for the determinants evaluated exactly as
/// orient3d_estimate and incircle_estimate evaluate them.
///
/// orient3d. The exact determinant D of the exact differences is a sum of
/// six terms +-Ux Vy Wz, each at most MX MY MZ <= mx my mz / (1 - u)^3 in
/// magnitude (the computed differences round once: |U| <= |u| / (1 - u)).
/// Each term reaches det through at most 7 roundings before the last
/// addition (the 2x2 minor 4, the product by u_i 2, the first addition 1),
/// so det = (D + E)(1 + d), |E| <= g7 * 6 mx my mz / (1 - u)^3, |d| <= u,
/// g7 = (1 + u)^7 - 1; |det| > B >= (1 + u) |E| proves the sign. The bound
/// is K (mx + a)(my + a)(mz + a), computed with six roundings, each down by
/// at most (1 - u): K >= 6 g7 (1 + u) / (1 - u)^9 = 42u (1 + O(u)) suffices
/// for the rounding part; K = 42u (1 + 2^-40). The addend a = 2^-300 covers
/// underflow: orient3d_estimate's absolute term 2^-1000 (1 + U), U =
/// |ux| + |uy| + |uz| <= mx + my + mz, is at most K (a^2 (mx + my + mz) + a^3)
/// (K a^2 > 2^-648, K a^3 > 2^-948), which the product's expansion
/// contains beyond K mx my mz. Overflow: det is then inf or NaN, which
/// first_stage_certain refuses (the bound alone would not: see there); an
/// overflowing bound is inf and decides nothing. NaN input gives NaN.
inline Estimate orient3d_semistatic_estimate(double ux, double uy, double uz, double vx, double vy,
                                             double vz, double wx, double wy, double wz) {
  const double p1 = vy * wz, p2 = vz * wy, p3 = vz * wx, p4 = vx * wz, p5 = vx * wy, p6 = vy * wx;
  const double det = ux * (p1 - p2) + uy * (p3 - p4) + uz * (p5 - p6);
  const double mx = std::max(std::max(std::fabs(ux), std::fabs(vx)), std::fabs(wx)) + 0x1p-300;
  const double my = std::max(std::max(std::fabs(uy), std::fabs(vy)), std::fabs(wy)) + 0x1p-300;
  const double mz = std::max(std::max(std::fabs(uz), std::fabs(vz)), std::fabs(wz)) + 0x1p-300;
  return {det, 0x1.5000000001500p-48 * ((mx * my) * mz)};
}

/// incircle. D is a sum of twelve terms +-P^2 Q R (P^2 from a lift, Q R from
/// a 2x2 minor), Sum |terms| <= 3 (MX^2 + MY^2) * 2 MX MY <= 6 (mx^2 + my^2)
/// mx my / (1 - u)^4. Each term reaches det through at most 10 roundings
/// before the last addition (the lift 4, the minor 4, the product 1, the
/// first addition 1), so |det| > B >= (1 + u) g10 * 6 (mx^2 + my^2) mx my /
/// (1 - u)^4 proves the sign. The bound K ((mx + a)^2 + (my + a)^2)(mx + a)
/// (my + a) rounds seven times: K >= 6 g10 (1 + u) / (1 - u)^11 = 60u (1 +
/// O(u)); K = 60u (1 + 2^-40). With a = 2^-200 the expansion's extra part
/// holds K (a^2 (L + 2 mx my) + 2 a^4) (L = mx^2 + my^2), above
/// incircle_estimate's absolute term 2^-1000 (1 + sum of lifts + sum of
/// minor permanents) <= 2^-1000 (1 + 3L + 6 mx my) (K a^2 > 2^-448, 2 K a^4
/// > 2^-847). Overflow and NaN as for orient3d (first_stage_certain).
inline Estimate incircle_semistatic_estimate(double adx, double ady, double bdx, double bdy,
                                             double cdx, double cdy) {
  const double alift = adx * adx + ady * ady;
  const double blift = bdx * bdx + bdy * bdy;
  const double clift = cdx * cdx + cdy * cdy;
  const double det = alift * (bdx * cdy - cdx * bdy) + blift * (cdx * ady - adx * cdy) +
                     clift * (adx * bdy - bdx * ady);
  const double mx = std::max(std::max(std::fabs(adx), std::fabs(bdx)), std::fabs(cdx)) + 0x1p-200;
  const double my = std::max(std::max(std::fabs(ady), std::fabs(bdy)), std::fabs(cdy)) + 0x1p-200;
  return {det, 0x1.e000000001e00p-48 * ((mx * mx + my * my) * (mx * my))};
}

/// The permanent bounds as second stages, out of line (kept inline, their
/// products stay live across the first stage's test and spill).
[[gnu::noinline]] inline int orient3d_filter_permanent(double ux, double uy, double uz, double vx,
                                                      double vy, double vz, double wx, double wy,
                                                      double wz) {
  return orient3d_estimate(ux, uy, uz, vx, vy, vz, wx, wy, wz).sign();
}
[[gnu::noinline]] inline int incircle_filter_permanent(double adx, double ady, double bdx,
                                                      double bdy, double cdx, double cdy) {
  return incircle_estimate(adx, ady, bdx, bdy, cdx, cdy).sign();
}

/// The double paths' filters on points: the sign, or 0 where the exact
/// kernel must answer (predicates.hpp spells the same stages out, to branch
/// once on the first).
inline int orient2d_filter(double ax, double ay, double bx, double by, double cx, double cy) {
  const Estimate e = orient2d_ozaki_estimate(bx - ax, by - ay, cx - ax, cy - ay);
  return ozaki_certain(e) ? first_stage_sign(e) : 0;
}

inline int orient3d_filter(const double* a, const double* b, const double* c, const double* d) {
  const double ux = b[0] - a[0], uy = b[1] - a[1], uz = b[2] - a[2];
  const double vx = c[0] - a[0], vy = c[1] - a[1], vz = c[2] - a[2];
  const double wx = d[0] - a[0], wy = d[1] - a[1], wz = d[2] - a[2];
  const Estimate e = orient3d_semistatic_estimate(ux, uy, uz, vx, vy, vz, wx, wy, wz);
  if (first_stage_certain(e)) return first_stage_sign(e);
  return orient3d_filter_permanent(ux, uy, uz, vx, vy, vz, wx, wy, wz);
}

inline int incircle_filter(const double* a, const double* b, const double* c, const double* d) {
  const double adx = a[0] - d[0], ady = a[1] - d[1], bdx = b[0] - d[0], bdy = b[1] - d[1];
  const double cdx = c[0] - d[0], cdy = c[1] - d[1];
  const Estimate e = incircle_semistatic_estimate(adx, ady, bdx, bdy, cdx, cdy);
  if (first_stage_certain(e)) return first_stage_sign(e);
  return incircle_filter_permanent(adx, ady, bdx, bdy, cdx, cdy);
}

/// Shewchuk's insphere determinant (rows [p-e, |p-e|^2]) from the twelve
/// differences p - e, p = a, b, c, d; returns the sign of that determinant
/// (the public insphere negates it). Roundings on a term: 2x2 minor 4, times
/// z 2, two additions 2, lift 5, product 1, additions 2 = 16, plus
/// eps*|det|; C = 18 eps (Shewchuk's isperrboundA is (16 + 224 eps) eps).
/// Underflow: the 12 minor products are amplified by |z| and a lift (each
/// minor is in two 3x3 minors), the 12 products z*minor by a lift, the 12
/// squares by a 3x3 minor, plus 4 final products: below
/// 2^-1070 (Z L + L + T + 1) with Z the sum of |z|, L of the lifts, T of the
/// 3x3 minors' permanents; A = 2^-1064 ((1 + L)(1 + Z) + T), used with 2^-1000.
/// The products, minors and lifts of insphere_estimate's determinant, kept
/// for its two bounds.
struct InsphereTerms {
  double aexbey, bexaey, bexcey, cexbey, cexdey, dexcey, dexaey, aexdey, aexcey, cexaey, bexdey,
      dexbey;
  double aez, bez, cez, dez;
  double abc, bcd, cda, dab, alift, blift, clift, dlift, det;
};

inline InsphereTerms insphere_terms(const double* ae, const double* be, const double* ce,
                                    const double* de) {
  InsphereTerms t;
  const double aex = ae[0], aey = ae[1];
  const double bex = be[0], bey = be[1];
  const double cex = ce[0], cey = ce[1];
  const double dex = de[0], dey = de[1];
  t.aez = ae[2], t.bez = be[2], t.cez = ce[2], t.dez = de[2];
  t.aexbey = aex * bey, t.bexaey = bex * aey, t.bexcey = bex * cey, t.cexbey = cex * bey;
  t.cexdey = cex * dey, t.dexcey = dex * cey, t.dexaey = dex * aey, t.aexdey = aex * dey;
  t.aexcey = aex * cey, t.cexaey = cex * aey, t.bexdey = bex * dey, t.dexbey = dex * bey;
  const double ab = t.aexbey - t.bexaey, bc = t.bexcey - t.cexbey, cd = t.cexdey - t.dexcey;
  const double da = t.dexaey - t.aexdey, ac = t.aexcey - t.cexaey, bd = t.bexdey - t.dexbey;
  t.abc = t.aez * bc - t.bez * ac + t.cez * ab;
  t.bcd = t.bez * cd - t.cez * bd + t.dez * bc;
  t.cda = t.cez * da + t.dez * ac + t.aez * cd;
  t.dab = t.dez * ab + t.aez * bd + t.bez * da;
  t.alift = aex * aex + aey * aey + t.aez * t.aez;
  t.blift = bex * bex + bey * bey + t.bez * t.bez;
  t.clift = cex * cex + cey * cey + t.cez * t.cez;
  t.dlift = dex * dex + dey * dey + t.dez * t.dez;
  t.det = (t.dlift * t.abc - t.clift * t.dab) + (t.blift * t.cda - t.alift * t.bcd);
  return t;
}

/// The permanent bound above for the terms t.
inline double insphere_permanent_bound(const InsphereTerms& t) {
  const double aezp = std::fabs(t.aez), bezp = std::fabs(t.bez), cezp = std::fabs(t.cez),
               dezp = std::fabs(t.dez);
  const double abp = std::fabs(t.aexbey) + std::fabs(t.bexaey),
               bcp = std::fabs(t.bexcey) + std::fabs(t.cexbey);
  const double cdp = std::fabs(t.cexdey) + std::fabs(t.dexcey),
               dap = std::fabs(t.dexaey) + std::fabs(t.aexdey);
  const double acp = std::fabs(t.aexcey) + std::fabs(t.cexaey),
               bdp = std::fabs(t.bexdey) + std::fabs(t.dexbey);
  const double abcp = aezp * bcp + bezp * acp + cezp * abp;
  const double bcdp = bezp * cdp + cezp * bdp + dezp * bcp;
  const double cdap = cezp * dap + dezp * acp + aezp * cdp;
  const double dabp = dezp * abp + aezp * bdp + bezp * dap;
  const double perm = (t.dlift * abcp + t.clift * dabp) + (t.blift * cdap + t.alift * bcdp);
  const double lifts = (t.alift + t.blift) + (t.clift + t.dlift);
  const double zs = (aezp + bezp) + (cezp + dezp);
  const double tp = (abcp + bcdp) + (cdap + dabp);
  return 0x1.2p-49 * perm + 0x1p-1000 * ((1.0 + lifts) * (1.0 + zs) + tp);
}

inline Estimate insphere_estimate(const double* ae, const double* be, const double* ce,
                                  const double* de) {
  const InsphereTerms t = insphere_terms(ae, be, ce, de);
  return {t.det, insphere_permanent_bound(t)};
}

/// A cheaper, semi-static bound for the same computed determinant (in the
/// manner of Devillers and Pion's static filters), valid when the largest
/// |difference| on each axis, mx, my, mz, is in [2^-120, 2^120]; +inf (never
/// decides) otherwise, NaN inputs included. Derivation: every |x| <= mx,
/// |y| <= my, |z| <= mz, so each 2x2 minor's permanent is <= 2 mx my, each
/// 3x3 one's <= 6 mx my mz, each lift <= L = mx^2 + my^2 + mz^2 and perm <=
/// 24 L mx my mz (exactly, for the rounded differences; the computed perm
/// exceeds that by at most a factor (1 + u)^7). So 18u perm <= 432u (1 +
/// 8u) L mx my mz. The underflow term U of the bound above is, in the range,
/// below 2^-350 times that (U / (432u L mx my mz) <= 2^-1000 ((1/L + 4)
/// (1/(mx my mz) + 4/(mx my)) + 24/L) / (432u) with 1/L <= 2^240, 1/(mx my
/// mz) <= 2^360), and nothing overflows (every value < 2^1000). The bound
/// used, 448u = 0x1.cp-45 times L mx my mz computed with nine roundings,
/// covers (432 + 2^-40) u (1 + 8u) / (1 - u)^9 with room to spare.
/// tests/predicates_test.cpp checks |computed - exact| against it at every
/// scale in the range. (The two sign tests below are written out: through
/// Estimate::sign() the filter measured about 6% slower on random input.)
inline double insphere_semistatic_bound(const double* ae, const double* be, const double* ce,
                                        const double* de) {
  auto m = [&](int k) {
    return std::max(std::max(std::fabs(ae[k]), std::fabs(be[k])),
                    std::max(std::fabs(ce[k]), std::fabs(de[k])));
  };
  const double mx = m(0), my = m(1), mz = m(2);
  const double lo = std::min(mx, std::min(my, mz)), hi = std::max(mx, std::max(my, mz));
  if (!(lo >= 0x1p-120 && hi <= 0x1p120)) return std::numeric_limits<double>::infinity();
  return 0x1.cp-45 * ((mx * mx + my * my + mz * mz) * (mx * my * mz));
}

/// The permanent-bound filter, out of line: kept inline, its products and
/// minors stayed live across the semi-static test and spilled on every call.
[[gnu::noinline]] inline int insphere_filter_permanent(const double* ae, const double* be,
                                                      const double* ce, const double* de) {
  return insphere_estimate(ae, be, ce, de).sign();
}

/// The semi-static bound first (cheap), then the permanent bound where it
/// does not decide (tighter, recomputing the determinant): the sign of the
/// determinant or 0.
inline int insphere_filter_d(const double* ae, const double* be, const double* ce,
                             const double* de) {
  const double det = insphere_terms(ae, be, ce, de).det;
  const double ss = insphere_semistatic_bound(ae, be, ce, de);
  if (det > ss) return 1;
  if (-det > ss) return -1;
  return insphere_filter_permanent(ae, be, ce, de);
}

inline int insphere_filter(const double* a, const double* b, const double* c, const double* d,
                           const double* e) {
  const double ae[3] = {a[0] - e[0], a[1] - e[1], a[2] - e[2]};
  const double be[3] = {b[0] - e[0], b[1] - e[1], b[2] - e[2]};
  const double ce[3] = {c[0] - e[0], c[1] - e[1], c[2] - e[2]};
  const double de[3] = {d[0] - e[0], d[1] - e[1], d[2] - e[2]};
  return insphere_filter_d(ae, be, ce, de);
}

// ---- Static filters for int32 coordinates (predicates.hpp's int32 paths).
//
// Differences of int32 values are integers of magnitude at most M = 2^32 - 1
// (< 2^32), exact in double. Every bound above is C times a permanent of the
// computed products, and with |difference| <= M every such permanent has a
// fixed maximum, so C times that maximum is a constant bound on the error of
// the computed determinant for every int32 input: the sign is certain when
// |det| exceeds it (Devillers and Pion's static filters; CGAL's Epick
// filters the same way, from bounds on the inputs' magnitudes). No
// underflow term: products of integer-valued doubles are integers or 0.
// Each constant is a power of two at least (1 + 2^-40) times the derived
// value; tests/predicates_test.cpp (Int32StaticFilter) checks the error
// against it at the edges of the int32 range, and that a bound 64 times
// smaller would give wrong signs there (so a too-small constant is caught).
//
// (orient2d has none: its int32 path is exact in __int128 at about the
// cost of a filter.) A determinant below the constant goes on to the
// semi-static filter above
// (which decides it when the coordinates are small: the permanent is then
// small too) and then the exact kernel.
//
//   orient3d: C = 8 eps, permanent sum |u_i| (|p_j| + |p_k|) <= 6 M^3 (1 + 3 eps):
//             48 eps M^3 < 1.5 * 2^48 < 2^49.
//   incircle: C = 12 eps, permanent sum lift (|p_j| + |p_k|), lift <= 2 M^2 (1 + 2 eps),
//             so <= 12 M^4 (1 + 4 eps): 144 eps M^4 < 1.125 * 2^82 < 2^83.
//   insphere: C = 18 eps; the permanent of the computed terms is at most
//             24 L mx my mz (1 + eps)^7 (the semi-static derivation above,
//             which holds for any maxima when nothing underflows), with
//             L <= 3 M^2 and mx, my, mz <= M: 18 * 72 eps M^5 (1 + 8 eps)
//             < 1.27 * 2^117 < 2^118.
inline constexpr double kOrient3dStaticI32 = 0x1p49;
inline constexpr double kIncircleStaticI32 = 0x1p83;
inline constexpr double kInsphereStaticI32 = 0x1p118;

/// +1 or -1 when |det| > bound, else 0 (also for NaN: never for integers).
inline int static_sign(double det, double bound) {
  return static_cast<int>(det > bound) - static_cast<int>(-det > bound);
}

}  // namespace exactgeom::detail

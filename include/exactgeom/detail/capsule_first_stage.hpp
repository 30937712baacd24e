// exactgeom/detail/capsule_first_stage.hpp: the cheap first stage of the capsule
// tests ("distance between two segments <= R"): a witness pair of points
// certifies "meet", a separating slab certifies "apart", both with proven
// double error bounds; anything else is left to the kernel filter and the
// exact path (capsules.hpp).
//
// Input model. The caller passes the axis differences r = p1 - p2,
// d1 = q1 - p1, d2 = q2 - p2 and R = r1 + r2 as doubles, each either exact
// or rounded once: |x - x~| <= u |x~| per component, u = 2^-53 (doubles and
// floats: one subtraction; int32: exact; int64: the exact __int128
// difference or sum, converted once). The stage never needs the inputs
// themselves, only these.
//
// Witness. Any s, t in [0, 1] give points X = p1 + s d1 and Y = p2 + t d2 on
// the two axes, so |X - Y| bounds the distance from above, and n = X - Y
// (any vector, in fact) defines a slab test that bounds it from below. s, t
// are Ericson's closest parameters (RTCD 5.1.9) in plain double: their
// accuracy only affects how often the stage decides, never whether it is
// right. Everything the two certificates need is a polynomial in s, t and
// the six dot products rr = r.r, a = d1.d1, b = d1.d2, c = d1.r, e = d2.d2,
// f = d2.r that Ericson computes anyway, so the stage costs Ericson's test
// plus about 30 scalar operations (no second pass over coordinates).
//
// Overflow and NaN: a non-finite difference makes Q (a sum of its square)
// inf or NaN, a non-finite R makes R2 so; each certificate below requires
// Q < inf and a finite right-hand side, so such queries go on to the exact
// path (which reports NaN/inf input), and so does any later overflow. In
// practice the stage decides for coordinates and radii of magnitude within
// about 2^+-250 (the apart test squares a degree-2 gap); beyond, the
// queries go on to the next stage, correctly but slower. FMA contraction only removes roundings (a fused product is exact),
// and every bound below counts each operation as "rounded or exact", so it
// holds with or without -ffp-contract.
#pragma once

#include <bit>
#include <cmath>

#include "exactgeom/detail/capsule_kernel.hpp"

namespace exactgeom::detail {

inline double clamp01(double x) { return x > 0 ? (x < 1 ? x : 1.0) : 0.0; }  // NaN -> 0

/// A witness's computed squared distance n2 is within 2^-40 (relative) of
/// R2: the hint that a double value test of the closest candidate cannot
/// decide, so the filter stages skip it. Never trusted for an answer.
inline bool near_touching_hint(double n2, double R2) { return std::fabs(n2 - R2) <= 0x1p-40 * (n2 + R2); }

/// Decides distance(segment 1, segment 2) <= R (strict: < R) when cheap
/// double evaluation is certain; Tri::maybe otherwise.
/// Ericson RTCD 5.1.9 (ClosestPtSegmentSegment) on dot products (used by
/// segseg_fast and triangle_first_stage.hpp): a = d1.d1, b = d1.d2, c = d1.r, e = d2.d2, f = d2.r with
/// r = p1 - p2. Returns the parameters (s, t), heuristic only.
struct SegParams {
  double s, t;
};
[[gnu::always_inline]] inline SegParams closest_params(double a, double b, double c, double e,
                                                       double f) {
  double s = 0, t = 0;
  if (a > 0 && e > 0) {
    const double den = a * e - b * b;
    s = den > 0 ? clamp01((b * f - c * e) / den) : 0.0;
    t = (b * s + f) / e;
    if (t < 0) {
      t = 0;
      s = clamp01(-c / a);
    } else if (t > 1) {
      t = 1;
      s = clamp01((b - c) / a);
    }
  } else if (a > 0) {
    s = clamp01(-c / a);
  } else if (e > 0) {
    t = f / e;
  }
  return {s, clamp01(t)};
}

/// The candidate of segment_segment_certified (capsule_kernel.hpp: its
/// region conditions, the KKT conditions of the closest pair) certified from
/// segseg_fast's double dot products (recomputed by segseg_second) with one
/// a-priori error bound per
/// degree, or -1. Far cheaper than the same conditions on FilterDouble,
/// which near-touching inputs otherwise pay for (capsule2d/exact/
/// near_touching: that certification was 40% of the time).
/// Bounds, in segseg_fast's notation (Q~ = |r~|^2 + |d1~|^2 + |d2~|^2; each
/// of a, b, c, e, f off by <= 3u Q~ + 2^-1073; |a|, |e| <= Q~ and |b|, |c|,
/// |f| <= Q~/2 (Cauchy-Schwarz, |x.y| <= (|x|^2 + |y|^2)/2), computed ones
/// within (1 + 2^-50) of that):
///   degree 2, a sum of at most three of them with at most two roundings of
///   results below 3 Q~: off by <= 9u Q~ + 6u Q~ (1 + 2^-50) + 2^-1071 <
///   16u Q~ + 2^-1071 <= err / 16 (err = 2^-44 Q + 2^-1060, Q >= Q~ (1 - 5u)
///   as in segseg_fast);
///   degree 4, X Y - Z W (or +) with X..W such sums, each of magnitude
///   <= 1.5 Q~: each product off by <= 3 Q~ (16u Q~ + 2^-1071) + (16u Q~ +
///   2^-1071)^2 + 2.25u Q~^2 + 2^-1075 < 51u Q~^2 + 2^-1069 Q~ + 2^-1074,
///   two of them and one rounding of a result below 4.5 Q~^2; or the 3-D
///   den - sn = (a e - b b) - (b f - c e), den - tn: four products of base
///   quantities (each off by <= 7u Q~^2 + ...) and three roundings of
///   results below 2 Q~^2. In all < 160u Q~^2 + 2^-1067 Q~ + 2^-1072 <
///   2^-45 Q~^2 when Q~ >= 2^-401 (the absolute terms are then below
///   2^-600 Q~^2). E4 = 2^-40 fl(Q Q) bounds it with room for its own
///   rounding, provided Q Q is normal and finite:
///   Q in [2^-400, 2^500] (outside, no certificate: the kernel filter certifies).
/// A quantity is certainly positive when its computed value exceeds its
/// bound (certainly non-negative is asked the same way: an exact zero is not
/// certified here, the kernel filter does that). The conditions are
/// combined with & into a mask (branch-free; a few dozen flops), and any
/// certified candidate is a closest pair, so the lowest bit is taken.
template <int D>
inline int certified_candidate_fast(double a, double b, double c, double e, double f, double Q,
                                    double err) {
  if (!(Q >= 0x1p-400 && Q <= 0x1p500)) return -1;
  const double E4 = 0x1p-40 * (Q * Q);
  auto pos2 = [err](double x) { return x > err; };
  auto neg2 = [err](double x) { return x < -err; };
  auto pos4 = [E4](double x) { return x > E4; };
  auto neg4 = [E4](double x) { return x < -E4; };
  const double fb = f + b, ca = c + a, bc = b - c, fe = f - e;
  unsigned ok = 0;
  ok |= unsigned(pos2(c) & neg2(f));
  ok |= unsigned(pos2(c - b) & pos2(fe)) << 1;
  ok |= unsigned(neg2(ca) & neg2(fb)) << 2;
  ok |= unsigned(neg2(ca - b) & pos2(fb - e)) << 3;
  ok |= unsigned(pos2(f) & pos2(e - f) & pos4(c * e - b * f)) << 4;
  ok |= unsigned(pos2(fb) & pos2(e - fb) & neg4(ca * e - b * fb)) << 5;
  ok |= unsigned(neg2(c) & pos2(a + c) & neg4(f * a - b * c)) << 6;
  ok |= unsigned(pos2(bc) & pos2(a - bc) & pos4(fe * a + b * bc)) << 7;
  if constexpr (D == 3) {
    const double den = a * e - b * b, sn = b * f - c * e, tn = a * f - b * c;
    ok |= unsigned(pos4(sn) & pos4(den - sn) & pos4(tn) & pos4(den - tn)) << 8;
  }
  return ok == 0 ? -1 : std::countr_zero(ok);
}

/// segseg_second's certificate, 2-D: the axes properly cross, so the
/// distance is 0, which is <= R always and < R when R > 0 (R~ > 0 exactly
/// when the true sum is: radii are >= 0 and rounding keeps a positive sum
/// positive). It is the one case the first two cannot take when R = 0
/// (touching stadiums of radius 0: crossing segments). The four
/// orientations, as crosses of the differences (p2 - p1 = -r, q2 - p1 =
/// d2 - r, q1 - p2 = r + d1): each factor component is within 4u sqrt(Q~)
/// of the true one and at most 2 sqrt(Q~) in magnitude, so a cross (two
/// products, one difference) is off by about 20u Q~ + 2^-1072, far below
/// err = 512u Q + 2^-1060 (segseg_fast). A proper crossing is certain when
/// both pairs have opposite signs beyond err. The caller asks Q < 2^1020
/// (no overflow) and a finite R >= 0 (NaN and inf reach the exact path's
/// error).
inline Tri crossing_2d(double r0, double r1, double d10, double d11, double d20, double d21,
                       double err, double R, bool strict) {
  auto cross = [](double x0, double x1, double y0, double y1) { return x0 * y1 - x1 * y0; };
  const double o1 = -cross(d10, d11, r0, r1);
  const double o2 = cross(d10, d11, d20 - r0, d21 - r1);
  const double o3 = cross(d20, d21, r0, r1);
  const double o4 = cross(d20, d21, r0 + d10, r1 + d11);
  auto opposite = [err](double x, double y) {
    return ((x > err) & (y < -err)) | ((x < -err) & (y > err));
  };
  if (opposite(o1, o2) & opposite(o3, o4)) return (!strict || R > 0) ? Tri::yes : Tri::no;
  return Tri::maybe;
}

/// The six dot products of segseg_fast (rr = r.r, a = d1.d1, b = d1.d2,
/// c = d1.r, e = d2.d2, f = d2.r), in plain double.
struct SegDots {
  double rr, a, b, c, e, f;
};
template <int D>
[[gnu::always_inline]] inline SegDots seg_dots(const double* r, const double* d1, const double* d2) {
  SegDots o{0, 0, 0, 0, 0, 0};
  for (int k = 0; k < D; ++k) {
    o.rr += r[k] * r[k];
    o.a += d1[k] * d1[k];
    o.b += d1[k] * d2[k];
    o.c += d1[k] * r[k];
    o.e += d2[k] * d2[k];
    o.f += d2[k] * r[k];
  }
  return o;
}

/// *near (when given) is set when the answer is maybe and Ericson's squared
/// distance is within 2^-40 (relative) of R^2: a hint, never trusted for an
/// answer, that the later stages' first (double) value test cannot decide
/// either (capsules.cpp then skips it).
template <int D>
[[gnu::always_inline]] inline Tri segseg_fast(const double* r, const double* d1, const double* d2,
                                              double R, bool strict, bool* near = nullptr) {
  // Both certificates are strict (distance < R, distance > R), so they
  // answer the closed and the open test alike.
  (void)strict;
  const auto [rr, a, b, c, e, f] = seg_dots<D>(r, d1, d2);
  // Ericson's parameters; degenerate axes get parameter 0, and clamp01 turns
  // NaN (0/0, inf/inf) into 0.
  const auto [s, t] = closest_params(a, b, c, e, f);

  // Exact identities (true r, d1, d2; n = X - Y = r + s d1 - t d2):
  //   A = n.r = rr + s c - t f,  B = n.d1 = c + s a - t b,
  //   C = n.d2 = f + s b - t e,  |n|^2 = n.(r + s d1 - t d2) = A + s B - t C.
  // Error bound. Let Q~ = |r~|^2 + |d1~|^2 + |d2~|^2 (the rounded inputs).
  // For x, y among r, d1, d2: |x.y - x~.y~| <= (2u + u^2) S and the dot
  // product's rounding is <= D u (1+u)^D S + D 2^-1075 (underflow), with
  // S = sum |x~_k y~_k| <= (|x~|^2 + |y~|^2) / 2 <= Q~/2; so each of rr, a,
  // ..., f is off by <= 3u Q~ + 2^-1073 (D <= 3), and |c| <= (rr + a)/2
  // etc. A, B, C: three such errors (coefficients 1, s, t <= 1) plus four
  // roundings of partial results <= 2 Q~: <= 17u Q~ each, and |A|, |B|,
  // |C| <= 2 Q~ (1 + 9u). |n|^2 = A + s B - t C: 3 x 17u Q~ plus four
  // roundings of partials <= 6 Q~: <= 75u Q~. g = A + min(0,B) - max(0,C):
  // 51u Q~ plus two roundings <= 6 Q~: <= 63u Q~. Products by s, t that
  // underflow add <= 2^-1075 each, dot products <= 2^-1073: below 2^-1066
  // in all. So every computed quantity below is off by < 2^-46 Q~ + 2^-1066.
  // The computed Q (4 roundings of non-negative sums, squares underflowing
  // by <= 2^-1075) is >= Q~ (1-u)^4 - 2^-1073, so err = 2^-44 Q + 2^-1060
  // bounds every one of these errors with a factor 4 to spare (which also
  // absorbs the rounding of err itself).
  const double Q = (rr + a) + e;
  const double err = 0x1p-44 * Q + 0x1p-1060;
  const double A = rr + s * c - t * f;
  const double B = c + s * a - t * b;
  const double C = f + s * b - t * e;
  const double n2 = (A + s * B) - t * C;
  // |n|^2 <= n2 + err (>= 0 since |n|^2 >= 0), so |n|^2 <= N2 / (1 - u).
  const double N2 = n2 + err;
  const double R2 = R * R;
  // Every intermediate above is <= 6 Q~ (1 + 2^-40) in magnitude, so Q <
  // 2^1020 keeps them all finite; a larger Q (or inf/NaN input) could let
  // one partial overflow to -inf and fake a "meet", so it goes on to the
  // filter. (Guard was Q < inf until a review of triangle_first_stage.hpp.)
  const bool ok = Q < 0x1p1020;

  // (a) Meet: the distance is <= |n|. R >= R~ (1-u) and R2 = fl(R~ R~) >=
  // R~^2 / (1+u) - 2^-1075, so R^2 >= R2 (1 - 2^-51) - 2^-1075; with
  // rhs = fl(R2 (1 - 2^-48)) >= 2^-1000 (R2 normal, far above 2^-1075),
  // rhs <= R2 (1 - 2^-49) < R^2, and lhs = fl(N2 (1 + 2^-48)) >=
  // N2 (1 + 2^-49) > |n|^2. lhs < rhs: |n| < R, the closed shapes meet and
  // so do the open ones. Both computed without branching on which of (a),
  // (b) applies (random inputs would mispredict half the time).
  const double rhs = R2 * (1 - 0x1p-48);
  const bool meet = ok & (N2 * (1 + 0x1p-48) < rhs) & (rhs >= 0x1p-1000) & (rhs < HUGE_VAL);

  // (b) Apart: the slab between the planes n.x = min(n.p1, n.q1) and
  // n.x = max(n.p2, n.q2). With origin p2, every point of axis 1 has
  // n.x >= A + min(0, B) and every point of axis 2 n.x <= max(0, C); if
  // g = A + min(0,B) - max(0,C) > 0 the distance is >= g / |n|, and
  // g^2 > R^2 |n|^2 gives distance > R: the closed shapes are apart.
  const double g = (A + (B < 0 ? B : 0.0)) - (C > 0 ? C : 0.0);
  // G = fl(g - err) > 0 implies g_true >= g - err >= G / (1+u). Then
  // g_true^2 >= (fl(G G) - 2^-1075)(1+u)^-3 and R^2 |n|^2 <=
  // fl(R2 + 2^-1074) N2 (1+u)^5; the last line adds 3 roundings per side,
  // so 2^-48 = 32u per side covers every relative factor (1 +- u), and
  // 2^-1060 the underflow term of G G.
  const double G = g - err;
  const double gap2 = (G * G) * (1 - 0x1p-48);
  const double need = ((R2 + 0x1p-1074) * N2) * (1 + 0x1p-48) + 0x1p-1060;
  const bool apart = ok & (G > 0) & (gap2 > need) & (gap2 < HUGE_VAL);
  if (near) *near = near_touching_hint(n2, R2);
  return meet ? Tri::yes : (apart ? Tri::no : Tri::maybe);
}

/// The second look of the fast stage, for what segseg_fast left undecided,
/// out of the hot path (called from capsules.hpp's cold segseg_query): it
/// recomputes segseg_fast's dot products from the same differences (a few
/// dozen flops, against the 100+ ns of the filter it saves) and tries
///   - in 2-D, a certain proper crossing (crossing_2d): the answer;
///   - the candidate holding the closest pair (certified_candidate_fast):
///     *certified, for the kernel filter to test that candidate alone;
/// else Tri::maybe and *certified = -1. Kept out of segseg_fast itself:
/// inlined there, the extra code made GCC keep the difference vectors on
/// the stack (store-forwarding stalls) and capsule2d/exact/random ran up to
/// 3x slower; even out of line, calls from there cost random inputs 7%.
template <int D>
[[gnu::noinline]] Tri segseg_second(const double* r, const double* d1, const double* d2, double R,
                                    bool strict, int* certified) {
  *certified = -1;
  const auto [rr, a, b, c, e, f] = seg_dots<D>(r, d1, d2);
  const double Q = (rr + a) + e;
  if (!(Q < 0x1p1020)) return Tri::maybe;  // also NaN
  const double err = 0x1p-44 * Q + 0x1p-1060;  // segseg_fast's bound
  if constexpr (D == 2) {
    if (R >= 0 && R < HUGE_VAL) {
      const Tri t = crossing_2d(r[0], r[1], d1[0], d1[1], d2[0], d2[1], err, R, strict);
      if (t != Tri::maybe) return t;
    }
  }
  *certified = certified_candidate_fast<D>(a, b, c, e, f, Q, err);
  return Tri::maybe;
}

}  // namespace exactgeom::detail

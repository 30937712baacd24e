// exactgeom/detail/triangle_first_stage.hpp: the cheap first stage of the sphere-
// and capsule-triangle tests ("distance between a segment and a filled
// triangle <= R"): a witness pair of points certifies "meet", a separating
// slab certifies "apart", both with proven double error bounds; anything
// else is left to the kernel filter and the exact path (capsules.hpp). The
// triangle counterpart of capsule_first_stage.hpp, with the same input model.
//
// Input model. With p, q the axis ends and a, b, c the corners, the caller
// passes w = p - a, d = q - p, e1 = b - a, e2 = c - a and R as doubles, each
// component exact or rounded once: |x - x~| <= u |x~|, u = 2^-53 (see
// capsule_first_stage.hpp: fast_diff; int64 radii are converted once). These four
// vectors fix the configuration up to translation. For a point or sphere the
// caller passes d = 0 exactly.
//
// Witness. Any s in [0, 1] and barycentric weights alpha, beta >= 0,
// alpha + beta <= 1 give X = p + s d on the axis and Y = a + alpha e1 +
// beta e2 in the triangle, so |X - Y| bounds the distance from above, and
// the direction n = X - Y gives a slab test that bounds it from below. The
// parameters come from plain-double closest points (Ericson RTCD 5.1.5 for
// a point against the triangle, 5.1.9 for the axis against each edge, and
// the point of the axis where it crosses the plane): their accuracy only
// affects how often the stage decides, never whether it is right. Every
// quantity the certificates need is a polynomial in s, alpha, beta and the
// ten dot products of w, d, e1, e2 (the Gram matrix), so the stage makes one
// pass over the coordinates.
//
// Degenerate input: a degenerate triangle makes Ericson's division produce
// inf or NaN; clamp01 turns those into valid weights (the certificates hold
// for any valid weights), so the stage stays right and at worst says maybe.
// Overflow, NaN and FMA contraction: as in capsule_first_stage.hpp (every bound
// counts each operation as "rounded or exact"); the stage requires the
// computed Q below < 2^1000, so no intermediate quantity (all <= 8 Q)
// overflows, and inf/NaN input never passes.
#pragma once

#include <bit>
#include <cmath>

#include "exactgeom/detail/capsule_first_stage.hpp"

namespace exactgeom::detail {

/// The ten dot products of w, d, e1, e2 (rounded inputs, plain double).
struct TriGram {
  double ww, wd, w1, w2, dd, d1, d2, e11, e12, e22;
};

/// Weights (alpha, beta) of corners b, c of the triangle point closest to
/// x, from x.e1, x.e2 and the triangle's Gram entries: Ericson RTCD 5.1.5
/// (ClosestPtPointTriangle) with d3..d6 rewritten as differences of dot
/// products. Heuristic only: the result may be any pair of doubles.
struct TriWeights {
  double alpha, beta;
};
[[gnu::always_inline]] inline TriWeights closest_weights(double x1, double x2, double e11, double e12,
                                                         double e22) {
  const double d1 = x1, d2 = x2;  // ab.ap, ac.ap
  if (d1 <= 0 && d2 <= 0) return {0, 0};
  const double d3 = x1 - e11, d4 = x2 - e12;  // ab.bp, ac.bp
  if (d3 >= 0 && d4 <= d3) return {1, 0};
  const double vc = d1 * d4 - d3 * d2;
  if (vc <= 0 && d1 >= 0 && d3 <= 0) return {d1 / (d1 - d3), 0};
  const double d5 = x1 - e12, d6 = x2 - e22;  // ab.cp, ac.cp
  if (d6 >= 0 && d5 <= d6) return {0, 1};
  const double vb = d5 * d2 - d1 * d6;
  if (vb <= 0 && d2 >= 0 && d6 <= 0) return {0, d2 / (d2 - d6)};
  const double va = d3 * d6 - d5 * d4;
  if (va <= 0 && d4 - d3 >= 0 && d5 - d6 >= 0) {
    const double t = (d4 - d3) / ((d4 - d3) + (d5 - d6));
    return {1 - t, t};
  }
  const double den = 1 / (va + vb + vc);
  return {vb * den, vc * den};
}

/// A witness: axis parameter s and triangle weights, as exact doubles with
/// s, alpha, beta in [0, 1] and alpha + beta <= 1 + u (see the meet bound).
struct TriWitness {
  double s, alpha, beta;
};

/// Makes any (s, alpha, beta) valid: clamp01 maps NaN to 0, and
/// beta <= fl(1 - alpha) <= (1 - alpha)(1 + u) gives alpha + beta <= 1 + u.
inline TriWitness valid_witness(double s, double alpha, double beta) {
  alpha = clamp01(alpha);
  beta = clamp01(beta);
  const double rest = 1 - alpha;
  return {clamp01(s), alpha, beta < rest ? beta : rest};
}

/// n.w, n.d, n.e1, n.e2 and |n|^2 for n = w + s d - alpha e1 - beta e2.
struct TriForms {
  double A, B, C1, C2, n2;
};
template <bool Point>
[[gnu::always_inline]] inline TriForms tri_forms(const TriGram& g, const TriWitness& x) {
  const double s = x.s, al = x.alpha, be = x.beta;
  TriForms f;
  if constexpr (Point) {  // d = 0 exactly: the terms in d vanish
    f.A = (g.ww - al * g.w1) - be * g.w2;
    f.B = 0;
    f.C1 = (g.w1 - al * g.e11) - be * g.e12;
    f.C2 = (g.w2 - al * g.e12) - be * g.e22;
    f.n2 = (f.A - al * f.C1) - be * f.C2;
  } else {
    f.A = ((g.ww + s * g.wd) - al * g.w1) - be * g.w2;
    f.B = ((g.wd + s * g.dd) - al * g.d1) - be * g.d2;
    f.C1 = ((g.w1 + s * g.d1) - al * g.e11) - be * g.e12;
    f.C2 = ((g.w2 + s * g.d2) - al * g.e12) - be * g.e22;
    f.n2 = ((f.A + s * f.B) - al * f.C1) - be * f.C2;
  }
  return f;
}

/// The two certificates for one witness (both strict: distance < R, or
/// distance > R, so they answer the closed and the open test alike).
///
/// Exact identities (true w, d, e1, e2; n = w + s d - alpha e1 - beta e2):
///   A = n.w, B = n.d, C1 = n.e1, C2 = n.e2, |n|^2 = A + s B - alpha C1 -
///   beta C2, each expanded over the Gram entries as in tri_forms.
/// Error bound. Let Q~ = |w~|^2 + |d~|^2 + |e1~|^2 + |e2~|^2. For x, y among
/// w, d, e1, e2: |x.y - x~.y~| <= (2u + u^2) S and the dot product's
/// rounding is <= 3u (1+u)^3 S + 3 2^-1075 (underflow), S = sum |x~_k y~_k|
/// <= Q~/2, so each Gram entry is off by <= 3u Q~ + 2^-1073, and is <= Q~
/// in magnitude. Every partial sum of A, B, C1, C2 is x.v for x one of the
/// four vectors and v a combination of them with coefficients in [0, 1 + u],
/// so (Cauchy-Schwarz, |v| <= 2.01 sqrt(Q~)) it is <= 2.1 Q~: four Gram
/// errors and six roundings give <= 12u Q~ + 12.6u Q~ < 25u Q~ each (plus
/// < 2^-1070 from underflow). |n|^2: four such errors and six roundings of
/// partials n.v <= 4.1 Q~: <= 125u Q~. g = A + min(0,B) - max(0,C1,C2):
/// 75u Q~ plus two roundings <= 6.3 Q~: <= 88u Q~. Meet also allows
/// alpha + beta = sigma in (1, 1 + u]: Y' = a + (alpha e1 + beta e2)/sigma
/// is in the triangle and |Y - Y'| <= u (|e1| + |e2|) <= 2u sqrt(Q~), so
/// |X - Y'|^2 <= (|n| + 2u sqrt(Q~))^2 <= |n|^2 + 9u Q~. Underflow adds
/// < 2^-1066 in all. So every quantity is off by < 134u Q~ + 2^-1066 <
/// 2^-45.9 Q~ + 2^-1066. The computed Q (the Gram diagonal: 3 roundings per
/// entry and 3 sums of non-negative terms, squares underflowing by <=
/// 2^-1075) is >= Q~ (1 - 6u) - 2^-1071, so err = 2^-43 Q + 2^-1060 covers
/// every error with a factor 7 to spare (which absorbs the rounding of err).
/// The final comparisons are those of segseg_fast (capsule_first_stage.hpp), whose
/// derivation holds word for word with this err: (a) meet when
/// fl(N2 (1 + 2^-48)) < fl(R2 (1 - 2^-48)) with N2 = fl(n2 + err) >= |n|^2
/// / (1 + u); (b) apart when G = fl(g - err) > 0 and G^2 (1 - 2^-48) >
/// R^2 |n|^2 (1 + 2^-48) + 2^-1060, where g - err <= true gap. The slab:
/// with origin a, the axis has n.x >= A + min(0, B) (its ends give A and
/// A + B), the triangle n.y <= max(0, C1, C2) (its corners give 0, C1, C2),
/// so the distance is >= gap / |n|.
template <bool Point>
[[gnu::always_inline]] inline Tri tri_certify(const TriGram& g, const TriWitness& x, double R) {
  const TriForms f = tri_forms<Point>(g, x);
  const double Q = Point ? (g.ww + g.e11) + g.e22 : ((g.ww + g.dd) + g.e11) + g.e22;
  const double err = 0x1p-43 * Q + 0x1p-1060;
  const bool ok = Q < 0x1p1000;  // also false for inf and NaN
  const double R2 = R * R;
  const double N2 = f.n2 + err;
  const double rhs = R2 * (1 - 0x1p-48);
  const bool meet = ok & (N2 * (1 + 0x1p-48) < rhs) & (rhs >= 0x1p-1000) & (rhs < HUGE_VAL);
  const double cmax = f.C1 > f.C2 ? f.C1 : f.C2;
  const double g0 = (f.A + (f.B < 0 ? f.B : 0.0)) - (cmax > 0 ? cmax : 0.0);
  const double G = g0 - err;
  const double gap2 = (G * G) * (1 - 0x1p-48);
  const double need = ((R2 + 0x1p-1074) * N2) * (1 + 0x1p-48) + 0x1p-1060;
  const bool apart = ok & (G > 0) & (gap2 > need) & (gap2 < HUGE_VAL);
  return meet ? Tri::yes : (apart ? Tri::no : Tri::maybe);
}

template <bool Point>
[[gnu::always_inline]] inline TriGram tri_gram(const double* w, const double* d, const double* e1,
                                               const double* e2) {
  TriGram g{};
  for (int k = 0; k < 3; ++k) {
    g.ww += w[k] * w[k];
    g.w1 += w[k] * e1[k];
    g.w2 += w[k] * e2[k];
    g.e11 += e1[k] * e1[k];
    g.e12 += e1[k] * e2[k];
    g.e22 += e2[k] * e2[k];
    if constexpr (!Point) {
      g.wd += w[k] * d[k];
      g.dd += d[k] * d[k];
      g.d1 += d[k] * e1[k];
      g.d2 += d[k] * e2[k];
    }
  }
  return g;
}

/// Decides distance(point p, triangle abc) <= R when cheap double
/// evaluation is certain (d must be 0); Tri::maybe otherwise.
[[gnu::always_inline]] inline Tri pointtri_fast(const double* w, const double* e1, const double* e2,
                                                double R) {
  const TriGram g = tri_gram<true>(w, nullptr, e1, e2);
  const TriWeights y = closest_weights(g.w1, g.w2, g.e11, g.e12, g.e22);
  return tri_certify<true>(g, valid_witness(0, y.alpha, y.beta), R);
}

/// The candidate of capsule_kernel.hpp's segment_triangle_within that the
/// witness x lies on (edges ab, bc, ca are bits 0-8, 9-17, 18-26 with u the
/// edge's first corner; 27, 28 an end over the face, 29 piercing): a hint
/// for segment_triangle_certified, which proves or drops it.
inline int witness_candidate(const TriWitness& x) {
  const int s = x.s == 0 ? 0 : (x.s == 1 ? 1 : 2);  // p, q, interior
  const double al = x.alpha, be = x.beta;
  int corner = -1, edge = -1;  // corner: a 0, b 1, c 2 (the first corner of edge ab, bc, ca)
  if (al == 0 && be == 0) corner = 0;
  else if (al == 1 && be == 0) corner = 1;
  else if (al == 0 && be == 1) corner = 2;
  else if (be == 0) edge = 0;
  else if (al + be == 1) edge = 1;
  else if (al == 0) edge = 2;
  if (corner >= 0) return 9 * corner + (s == 2 ? 6 : 2 * s);  // u-segment interior, p-u, q-u
  if (edge >= 0) return 9 * edge + (s == 2 ? 8 : 4 + s);      // interiors, p-edge, q-edge
  return s == 2 ? 29 : 27 + s;                                // piercing, p or q over the face
}

/// Decides distance(segment pq, triangle abc) <= R when cheap double
/// evaluation is certain; Tri::maybe otherwise. Witnesses, cheapest first
/// (on random inputs the first decides about 70%, the second 93%): the axis
/// point on the triangle's plane (or nearest to it) with its closest
/// triangle point; one step of alternating projection from there (the axis
/// point closest to that triangle point, and its closest triangle point);
/// and last the best (by computed |n|^2) of six candidate closest pairs:
/// those two, each axis end against the triangle, and the axis against each
/// edge. Without an intersection the closest pair has an axis end or a
/// triangle edge in it; with one, the plane point is (nearly) in the
/// triangle. When all three witnesses leave it undecided, *hint (if given)
/// names the candidate the best one lies on (witness_candidate), and *near
/// says whether its squared distance is within 2^-40 (relative) of R^2,
/// where a double value test of that candidate cannot decide.
[[gnu::always_inline]] inline Tri segtri_fast(const double* w, const double* d, const double* e1,
                                              const double* e2, double R, int* hint = nullptr,
                                              bool* near = nullptr) {
  const TriGram g = tri_gram<false>(w, d, e1, e2);
  // Where the axis line meets the plane: n~ = e1 x e2 (any direction will
  // do, it only picks the parameter; inf and NaN clamp to 0 or 1).
  const double nx = e1[1] * e2[2] - e1[2] * e2[1];
  const double ny = e1[2] * e2[0] - e1[0] * e2[2];
  const double nz = e1[0] * e2[1] - e1[1] * e2[0];
  const double hp = nx * w[0] + ny * w[1] + nz * w[2];
  const double hd = nx * d[0] + ny * d[1] + nz * d[2];
  const double sc = clamp01(-hp / hd);
  const TriWeights yc = closest_weights(g.w1 + sc * g.d1, g.w2 + sc * g.d2, g.e11, g.e12, g.e22);
  const TriWitness xc = valid_witness(sc, yc.alpha, yc.beta);
  const Tri tc = tri_certify<false>(g, xc, R);
  if (tc != Tri::maybe) return tc;
  // X = p + s d closest to Y: s - (n.d)/(d.d), n = X_c - Y (the B form).
  const double s2 = clamp01(xc.s - tri_forms<false>(g, xc).B / g.dd);
  const TriWeights y2 = closest_weights(g.w1 + s2 * g.d1, g.w2 + s2 * g.d2, g.e11, g.e12, g.e22);
  const TriWitness x2 = valid_witness(s2, y2.alpha, y2.beta);
  const Tri t2 = tri_certify<false>(g, x2, R);
  if (t2 != Tri::maybe) return t2;

  TriWitness best = x2;
  double best_n2 = tri_forms<false>(g, x2).n2;
  auto consider = [&](const TriWitness& x) {
    const double n2 = tri_forms<false>(g, x).n2;
    if (n2 < best_n2) {  // NaN never wins; best stays valid
      best_n2 = n2;
      best = x;
    }
  };
  consider(xc);
  const TriWeights yp = closest_weights(g.w1, g.w2, g.e11, g.e12, g.e22);
  consider(valid_witness(0, yp.alpha, yp.beta));
  const TriWeights yq = closest_weights(g.w1 + g.d1, g.w2 + g.d2, g.e11, g.e12, g.e22);
  consider(valid_witness(1, yq.alpha, yq.beta));
  // Axis against edge ab (r = w, edge e1), ac (r = w, edge e2), and bc
  // (r = w - e1, edge e2 - e1; Y = b + t (c - b) has weights 1 - t, t).
  const SegParams ab = closest_params(g.dd, g.d1, g.wd, g.e11, g.w1);
  consider(valid_witness(ab.s, ab.t, 0));
  const SegParams ac = closest_params(g.dd, g.d2, g.wd, g.e22, g.w2);
  consider(valid_witness(ac.s, 0, ac.t));
  const double ebc = (g.e11 - 2 * g.e12) + g.e22;
  const SegParams bc = closest_params(g.dd, g.d2 - g.d1, g.wd - g.d1, ebc,
                                      ((g.w2 - g.w1) - g.e12) + g.e11);
  consider(valid_witness(bc.s, 1 - bc.t, bc.t));
  if (hint != nullptr) *hint = witness_candidate(best);
  if (near != nullptr) *near = near_touching_hint(best_n2, R * R);
  return tri_certify<false>(g, best, R);
}

/// The kernel candidate (capsule_kernel.hpp: segment_triangle_within's bit)
/// that holds the point of triangle abc closest to point p, certified from
/// the Gram entries of pointtri_fast (w = p - a, e1, e2; d = 0) with one
/// a-priori error bound per degree, or -1. For the kernel filter to test
/// that candidate alone (capsules.hpp: segtri_filtered) instead of all 30;
/// the counterpart of capsule_first_stage.hpp's certified_candidate_fast.
/// Regions (Ericson RTCD 5.1.5, d1 = ab.ap, d2 = ac.ap, d3 = ab.bp,
/// d4 = ac.bp, d5 = ab.cp, d6 = ac.cp; va, vb, vc as there), each a KKT
/// condition of the closest point on the convex triangle, so sufficient
/// alone, degenerate triangles included:
///   vertex a: d1 < 0, d2 < 0 (the normal cone at a)         -> bit 0
///   vertex b: d3 > 0, d4 - d3 < 0 ((p-b).(c-b) < 0)          -> bit 1
///   vertex c: d6 > 0, d5 - d6 < 0                             -> bit 10
///   edge ab: d1 > 0, d3 < 0, vc < 0 (vc = |ab|^2 (p-x).(c-a), x
///            the projection on line ab: p is on the far side) -> bit 4
///   edge ac: d2 > 0, d6 < 0, vb < 0                           -> bit 22
///   edge bc: d4 - d3 > 0, d5 - d6 > 0, va < 0                 -> bit 13
///   face: va, vb, vc > 0 (projection strictly inside)         -> bit 27
/// Strict conditions make the kernel candidate's own region condition hold
/// strictly, so its test alone is the answer.
/// Bounds (tri_certify's notation: each Gram entry off by <= 3u Q~ +
/// 2^-1073 and at most Q~ in magnitude): d1..d6 and d4 - d3, d5 - d6 use at
/// most four entries and three roundings of partials below 3 Q~: off by
/// < 22u Q~ + 2^-1071, far below err = 2^-43 Q + 2^-1060 (Q >= Q~ (1 - 6u)
/// - 2^-1071). va, vb, vc: two products of factors at most 1.5 Q~ and each
/// off by < 8u Q~, and one rounding of a result below 4.5 Q~^2: < 57u Q~^2
/// + 2^-1068 Q~ + 2^-1073 < 2^-46 Q~^2 when Q~ >= 2^-401; E4 = 2^-40 fl(Q Q)
/// bounds that for Q in [2^-400, 2^500] (Q Q normal and finite; outside, no
/// certificate).
inline int pointtri_certified_fast(const TriGram& g) {
  const double Q = (g.ww + g.e11) + g.e22;
  if (!(Q >= 0x1p-400 && Q <= 0x1p500)) return -1;  // also NaN
  const double E2 = 0x1p-43 * Q + 0x1p-1060, E4 = 0x1p-40 * (Q * Q);
  const double d1 = g.w1, d2 = g.w2, d3 = g.w1 - g.e11, d4 = g.w2 - g.e12;
  const double d5 = g.w1 - g.e12, d6 = g.w2 - g.e22;
  const double d43 = d4 - d3, d56 = d5 - d6;
  const double va = d3 * d6 - d5 * d4, vb = d5 * d2 - d1 * d6, vc = d1 * d4 - d3 * d2;
  auto pos = [](double x, double E) { return x > E; };
  auto neg = [](double x, double E) { return x < -E; };
  unsigned ok = 0;
  ok |= unsigned(neg(d1, E2) & neg(d2, E2)) << 0;
  ok |= unsigned(pos(d3, E2) & neg(d43, E2)) << 1;
  ok |= unsigned(pos(d6, E2) & neg(d56, E2)) << 10;
  ok |= unsigned(pos(d1, E2) & neg(d3, E2) & neg(vc, E4)) << 4;
  ok |= unsigned(pos(d2, E2) & neg(d6, E2) & neg(vb, E4)) << 22;
  ok |= unsigned(pos(d43, E2) & pos(d56, E2) & neg(va, E4)) << 13;
  ok |= unsigned(pos(va, E4) & pos(vb, E4) & pos(vc, E4)) << 27;
  return ok == 0 ? -1 : std::countr_zero(ok);
}

/// pointtri_fast's squared distance (its witness) is within 2^-40
/// (relative) of R^2: the hint that a double value test of the closest
/// candidate cannot decide. Never trusted for an answer.
inline bool pointtri_near(const TriGram& g, double R) {
  const TriWeights y = closest_weights(g.w1, g.w2, g.e11, g.e12, g.e22);
  return near_touching_hint(tri_forms<true>(g, valid_witness(0, y.alpha, y.beta)).n2, R * R);
}

}  // namespace exactgeom::detail

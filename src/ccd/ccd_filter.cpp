// src/ccd/ccd_filter.cpp: the double filter of the exact continuous
// collision (ccd_filter.hpp): it certifies a miss, without a big number, in
// the two ways most misses show.
//
// 1. Boxes: every point of a primitive lies in the box of its corners at
//    t = 0 and t = 1 for the whole step (linear motion, convex primitives),
//    so two such boxes apart by more than ms along an axis are a miss.
// 2. The coplanarity polynomial. With u = b - a, v = c - a, w = p - a for a
//    vertex p and a triangle (a, b, c) -- or w = a0 - b0, u = a1 - a0, v =
//    b1 - b0 for two edges -- each linear in t, orient(t) = det[u, v, w] is
//    a cubic whose Bernstein coefficients on [0, 1] are
//      beta_k = (1 / C(3, k)) * (sum of the C(3, k) determinants that take k
//               of u, v, w at t = 1 and the others at t = 0),
//    and the cubic lies in the convex hull of (k / 3, beta_k). All four of
//    one strict sign: orient has no root in [0, 1]. With ms = 0 every
//    contact is coplanar: a miss. With ms > 0, n(t) = u x v (a quadratic:
//    control vectors u0 x v0, (u0 x v1 + u1 x v0) / 2, u1 x v1) bounds the
//    distance from below: the distance to the plane (to the other edge's
//    line) is |orient| / |n| >= min |beta_k| / max |nu_k|, so min |beta_k| >
//    ms max |nu_k| is a miss.
//
// 3. Time subdivision, when neither decides over the whole step: [0, 1]
//    halved (to sixteenths at most), each part decided alone -- by the
//    cubic's Bernstein coefficients on it (de Casteljau halving of those on
//    the parent part; with ms = 0, all of one strict sign: no contact in
//    the part), or by the boxes of the corners at the part's two ends (the
//    corners computed in double, the boxes grown by their error). Every part
//    decided: a miss.
//
// Error bounds (u = 2^-53, round to nearest, no FMA: the library is built
// with -ffp-contract=off). Each determinant is of entries that are each one
// difference of two input doubles, Shewchuk's orient3d: |computed - exact|
// <= (7u + 56u^2) P with P the computed permanent (the same products in
// absolute value). A sum of three of them, d1 + d2 + d3, rounds twice more:
// |S' - S| <= e1 + e2 + e3 + 3.001u (|d1'| + |d2'| + |d3'|) <= (7u + 56u^2 +
// 3.001u) (P1 + P2 + P3) < 12u (P1 + P2 + P3), since |d_i'| <= P_i (1 + 3u).
// The filter uses 12u for each beta (one determinant, or a sum of three).
// For ms > 0 each |nu_k| is bounded above by the norm of the components'
// absolute values plus their error (a cross product's component:
// |a b - c d| with a, b, ... differences: error <= 3u (|a b| + |c d|) + u^2
// terms; the half-sum two roundings more: 6u of the absolute sum), the
// root rounded up by 4u. Halving: c = (a + b) / 2 in double errs by at most
// (e_a + e_b) / 2 + u |c| (the halving is exact, the sum rounds once), so
// each coefficient carries its bound down (the sixteenths' coefficients are
// four halvings deep). A corner at a part's end t = k / 2^j: x0 + t (x1 -
// x0) rounds three times (the difference, the product -- k has at most
// five bits, so t (x1 - x0) needs at most 58 -- and the sum): error <= 3u
// (|x0| + |x1|) (1 + u)^3 < 4u (|x0| + |x1|), the boxes grown by that.
// Range: every input is 0 or of magnitude in
// [2^-250, 2^250] (and ms too), so no product of three differences
// underflows (each nonzero difference >= 2^-302) or overflows; outside it
// the filter declines and the exact path answers.
#include "ccd/ccd_filter.hpp"

#include <algorithm>
#include <array>
#include <cmath>

namespace exactgeom::detail::ccd {

FilterStats& filter_stats() {
  static thread_local FilterStats s;
  return s;
}

namespace {

constexpr double kU = 0x1p-53;
constexpr double kDetBound = 12 * kU;

using D3 = std::array<double, 3>;

D3 diff(const double* a, const double* b) { return {a[0] - b[0], a[1] - b[1], a[2] - b[2]}; }

/// det[u, v, w] and its permanent.
void det3(const D3& u, const D3& v, const D3& w, double& det, double& perm) {
  const double m0 = v[1] * w[2] - v[2] * w[1], m1 = v[2] * w[0] - v[0] * w[2], m2 = v[0] * w[1] - v[1] * w[0];
  det = u[0] * m0 + u[1] * m1 + u[2] * m2;
  perm = std::fabs(u[0]) * (std::fabs(v[1] * w[2]) + std::fabs(v[2] * w[1])) +
         std::fabs(u[1]) * (std::fabs(v[2] * w[0]) + std::fabs(v[0] * w[2])) +
         std::fabs(u[2]) * (std::fabs(v[0] * w[1]) + std::fabs(v[1] * w[0]));
}

bool in_range(double x) {
  const double a = std::fabs(x);
  return a == 0 || (a >= 0x1p-250 && a <= 0x1p250);
}

/// An upper bound on |u x v| (see the top of the file); `half` for the
/// half-sum (u0 x v1 + u1 x v0) / 2.
double cross_norm_up(const D3& u0, const D3& v0, const D3* u1 = nullptr, const D3* v1 = nullptr) {
  double s = 0;
  for (int k = 0; k < 3; ++k) {
    const int i = (k + 1) % 3, j = (k + 2) % 3;
    double c, a;
    if (!u1) {
      c = u0[i] * v0[j] - u0[j] * v0[i];
      a = std::fabs(u0[i] * v0[j]) + std::fabs(u0[j] * v0[i]);
    } else {
      c = (u0[i] * (*v1)[j] - u0[j] * (*v1)[i] + (*u1)[i] * v0[j] - (*u1)[j] * v0[i]) / 2;
      a = (std::fabs(u0[i] * (*v1)[j]) + std::fabs(u0[j] * (*v1)[i]) + std::fabs((*u1)[i] * v0[j]) +
           std::fabs((*u1)[j] * v0[i])) / 2;
    }
    const double e = std::fabs(c) + 8 * kU * a;
    s += e * e;
  }
  return std::sqrt(s) * (1 + 8 * kU);
}

/// Boxes of the two primitives' corners at both ends apart by more than ms.
bool boxes_apart(const double* c, std::initializer_list<int> first, std::initializer_list<int> second, double ms) {
  for (int k = 0; k < 3; ++k) {
    double lo1 = HUGE_VAL, hi1 = -HUGE_VAL, lo2 = HUGE_VAL, hi2 = -HUGE_VAL;
    for (int i : first)
      for (int s = 0; s < 2; ++s) lo1 = std::min(lo1, c[s * 12 + i * 3 + k]), hi1 = std::max(hi1, c[s * 12 + i * 3 + k]);
    for (int i : second)
      for (int s = 0; s < 2; ++s) lo2 = std::min(lo2, c[s * 12 + i * 3 + k]), hi2 = std::max(hi2, c[s * 12 + i * 3 + k]);
    // One rounding in each gap: certain when it exceeds ms by its error.
    const double g = std::max(lo2 - hi1, lo1 - hi2);
    if (g * (1 - 2 * kU) > ms * (1 + 2 * kU) && g > 0) return true;
  }
  return false;
}

/// Boxes of the two primitives' corners at the ends of [ta, tb] apart by
/// more than ms: the corners in double, each box grown by their error.
bool part_boxes_apart(const double* c, bool vertex_face, double ta, double tb, double ms) {
  for (int k = 0; k < 3; ++k) {
    double lo[2] = {HUGE_VAL, HUGE_VAL}, hi[2] = {-HUGE_VAL, -HUGE_VAL};
    for (int i = 0; i < 4; ++i) {
      const int side = vertex_face ? (i == 0 ? 0 : 1) : (i < 2 ? 0 : 1);
      const double x0 = c[i * 3 + k], x1 = c[12 + i * 3 + k], e = 4 * kU * (std::fabs(x0) + std::fabs(x1));
      for (double t : {ta, tb}) {
        const double x = x0 + t * (x1 - x0);
        lo[side] = std::min(lo[side], x - e), hi[side] = std::max(hi[side], x + e);
      }
    }
    // The growing by e rounds too: a further relative u on the gap.
    const double g = std::max(lo[1] - hi[0], lo[0] - hi[1]);
    if (g > 0 && g * (1 - 4 * kU) > ms * (1 + 2 * kU)) return true;
  }
  return false;
}

/// Decides [ta, tb] (the cubic's Bernstein coefficients b on it, with error
/// bounds e): true when certainly no contact there; halving to `depth` more
/// levels.
bool part_is_miss(const double* c, bool vertex_face, double ms, double ta, double tb, const double* b, const double* e,
                  int depth) {
  if (ms == 0) {
    int sign = 0;
    bool certain = true;
    for (int i = 0; i < 4 && certain; ++i) {
      const int si = b[i] > e[i] ? 1 : b[i] < -e[i] ? -1 : 0;
      if (si == 0 || (sign != 0 && si != sign)) certain = false;
      sign = si;
    }
    if (certain) return true;
  }
  if (part_boxes_apart(c, vertex_face, ta, tb, ms)) return true;
  if (depth == 0) return false;
  // de Casteljau at the middle: the left part's coefficients are b0,
  // (b0+b1)/2, ..., the right's ..., (b2+b3)/2, b3.
  double l[4], le[4], r[4], re[4];
  double p[4], pe[4];
  for (int i = 0; i < 4; ++i) p[i] = b[i], pe[i] = e[i];
  l[0] = p[0], le[0] = pe[0], r[3] = p[3], re[3] = pe[3];
  for (int level = 1; level <= 3; ++level) {
    for (int i = 0; i + level <= 3; ++i) {
      const double m = (p[i] + p[i + 1]) / 2;
      pe[i] = (pe[i] + pe[i + 1]) / 2 + kU * std::fabs(m);
      pe[i] *= 1 + 2 * kU;  // the bound's own roundings
      p[i] = m;
    }
    l[level] = p[0], le[level] = pe[0];
    r[3 - level] = p[3 - level], re[3 - level] = pe[3 - level];
  }
  const double mid = (ta + tb) / 2;
  return part_is_miss(c, vertex_face, ms, ta, mid, l, le, depth - 1) &&
         part_is_miss(c, vertex_face, ms, mid, tb, r, re, depth - 1);
}

}  // namespace

std::optional<Certified> filter(Kind k, const double* c, double ms) {
  FilterStats& stats = filter_stats();
  ++stats.asked;
  const bool vf = k == Kind::vertex_face;
  // 1. Boxes (any range: comparisons and one subtraction each).
  if (vf ? boxes_apart(c, {0}, {1, 2, 3}, ms) : boxes_apart(c, {0, 1}, {2, 3}, ms)) {
    ++stats.boxes;
    return Certified{std::nullopt};
  }
  for (int i = 0; i < 24; ++i)
    if (!in_range(c[i])) {
      ++stats.undecided;
      return std::nullopt;
    }
  if (!in_range(ms)) {
    ++stats.undecided;
    return std::nullopt;
  }
  // 2. The coplanarity cubic's Bernstein coefficients.
  D3 u[2], v[2], w[2];
  for (int s = 0; s < 2; ++s) {
    const double* q = c + s * 12;
    if (vf) {
      u[s] = diff(q + 6, q + 3), v[s] = diff(q + 9, q + 3), w[s] = diff(q + 0, q + 3);
    } else {
      u[s] = diff(q + 3, q + 0), v[s] = diff(q + 9, q + 6), w[s] = diff(q + 0, q + 6);
    }
  }
  double beta[4], bound[4];
  {
    double d, p;
    det3(u[0], v[0], w[0], d, p);
    beta[0] = d, bound[0] = kDetBound * p;
    det3(u[1], v[1], w[1], d, p);
    beta[3] = d, bound[3] = kDetBound * p;
    double s1 = 0, p1 = 0, s2 = 0, p2 = 0;
    det3(u[1], v[0], w[0], d, p), s1 += d, p1 += p;
    det3(u[0], v[1], w[0], d, p), s1 += d, p1 += p;
    det3(u[0], v[0], w[1], d, p), s1 += d, p1 += p;
    det3(u[0], v[1], w[1], d, p), s2 += d, p2 += p;
    det3(u[1], v[0], w[1], d, p), s2 += d, p2 += p;
    det3(u[1], v[1], w[0], d, p), s2 += d, p2 += p;
    beta[1] = s1, bound[1] = kDetBound * p1;
    beta[2] = s2, bound[2] = kDetBound * p2;
  }
  int sign = 0;
  bool one_sign = true;
  double least = HUGE_VAL;  // the least |beta_k| minus its error (beta_1,2 are sums of three: / 3)
  for (int i = 0; i < 4; ++i) {
    const int s = beta[i] > bound[i] ? 1 : beta[i] < -bound[i] ? -1 : 0;
    if (s == 0 || (sign != 0 && s != sign)) one_sign = false;
    sign = s;
    const double m = (std::fabs(beta[i]) - bound[i]) * (1 - 2 * kU);
    least = std::min(least, i == 1 || i == 2 ? m / 3 * (1 - 2 * kU) : m);
  }
  if (one_sign) {
    if (ms == 0) {
      ++stats.bernstein;
      return Certified{std::nullopt};
    }
    const double nu = std::max({cross_norm_up(u[0], v[0]), cross_norm_up(u[0], v[0], &u[1], &v[1]), cross_norm_up(u[1], v[1])});
    if (least > ms * nu * (1 + 4 * kU)) {
      ++stats.bernstein;
      return Certified{std::nullopt};
    }
  }
  // 3. Parts of the step. The Bernstein coefficients themselves (beta_1,2
  // are the sums divided by 3: one more rounding, a relative u).
  double b[4] = {beta[0], beta[1] / 3, beta[2] / 3, beta[3]};
  double e[4] = {bound[0], bound[1] / 3 + kU * std::fabs(b[1]), bound[2] / 3 + kU * std::fabs(b[2]), bound[3]};
  for (double& x : e) x *= 1 + 4 * kU;
  if (part_is_miss(c, vf, ms, 0.0, 1.0, b, e, 4)) {
    ++stats.parts;
    return Certified{std::nullopt};
  }
  ++stats.undecided;
  return std::nullopt;
}

}  // namespace exactgeom::detail::ccd

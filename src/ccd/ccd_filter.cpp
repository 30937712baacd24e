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

/// A polynomial in Bernstein form on a part of the step, each coefficient
/// with a bound on its error.
struct Bern {
  int n = 0;  // degree
  double b[5], e[5];
  /// 1 or -1 when every coefficient is of that strict sign (the polynomial
  /// has it on the whole part), else 0.
  int sign() const {
    int s = 0;
    for (int i = 0; i <= n; ++i) {
      const int si = b[i] > e[i] ? 1 : b[i] < -e[i] ? -1 : 0;
      if (si == 0 || (s != 0 && si != s)) return 0;
      s = si;
    }
    return s;
  }
  /// de Casteljau at the middle: the left and right halves.
  void halve(Bern& l, Bern& r) const {
    double p[5], pe[5];
    for (int i = 0; i <= n; ++i) p[i] = b[i], pe[i] = e[i];
    l.n = r.n = n;
    l.b[0] = p[0], l.e[0] = pe[0], r.b[n] = p[n], r.e[n] = pe[n];
    for (int level = 1; level <= n; ++level) {
      for (int i = 0; i + level <= n; ++i) {
        const double m = (p[i] + p[i + 1]) / 2;
        pe[i] = ((pe[i] + pe[i + 1]) / 2 + kU * std::fabs(m)) * (1 + 2 * kU);  // and the bound's own roundings
        p[i] = m;
      }
      l.b[level] = p[0], l.e[level] = pe[0];
      r.b[n - level] = p[n - level], r.e[n - level] = pe[n - level];
    }
  }
};

/// The Bernstein form on [0, 1] of (x . y)(z . w) - (x . w)(y . z)
/// (a side of a point from an edge: the n . (d x (q - o)) of ccd.cpp as a
/// difference of products of dot products, by Lagrange's identity) for
/// vectors linear in t, given at both ends. Each dot product's coefficients
/// are [x0 y0, (x0 y1 + x1 y0) / 2, x1 y1]; a product's, C_k = sum over i + j
/// = k of C(2, i) C(2, j) / C(4, k) a_i b_j. The error bound: every
/// coefficient is the same expression of at most 11 roundings deep, so it
/// errs by at most gamma_11 = 11u / (1 - 11u) < 12u of its value over the
/// inputs' absolute values (the magnitude m, computed alongside and itself
/// rounded: 16u of it is used).
Bern side(const D3* x, const D3* y, const D3* z, const D3* w) {
  auto dot2 = [](const D3* a, const D3* b, double* q, double* m) {
    auto d = [](const D3& u, const D3& v) { return u[0] * v[0] + u[1] * v[1] + u[2] * v[2]; };
    auto da = [](const D3& u, const D3& v) {
      return std::fabs(u[0] * v[0]) + std::fabs(u[1] * v[1]) + std::fabs(u[2] * v[2]);
    };
    q[0] = d(a[0], b[0]), q[1] = (d(a[0], b[1]) + d(a[1], b[0])) / 2, q[2] = d(a[1], b[1]);
    m[0] = da(a[0], b[0]), m[1] = (da(a[0], b[1]) + da(a[1], b[0])) / 2, m[2] = da(a[1], b[1]);
  };
  auto product = [](const double* a, const double* b, double* c) {
    c[0] = a[0] * b[0];
    c[1] = (a[0] * b[1] + a[1] * b[0]) / 2;
    c[2] = (a[0] * b[2] + 4 * a[1] * b[1] + a[2] * b[0]) / 6;
    c[3] = (a[1] * b[2] + a[2] * b[1]) / 2;
    c[4] = a[2] * b[2];
  };
  double xz[3], yw[3], xw[3], yz[3], mxz[3], myw[3], mxw[3], myz[3];
  dot2(x, z, xz, mxz), dot2(y, w, yw, myw), dot2(x, w, xw, mxw), dot2(y, z, yz, myz);
  double p1[5], p2[5], m1[5], m2[5];
  product(xz, yw, p1), product(xw, yz, p2), product(mxz, myw, m1), product(mxw, myz, m2);
  Bern r;
  r.n = 4;
  for (int k = 0; k < 5; ++k) r.b[k] = p1[k] - p2[k], r.e[k] = 16 * kU * (m1[k] + m2[k]);
  return r;
}

/// What a part of the step is decided by: the coplanarity cubic, and with
/// ms = 0 the sides that a contact needs (vertex-face: the vertex on or
/// inside each edge's side, s >= 0; edge-edge: each edge's ends not strictly
/// on one side of the other's line).
struct Part {
  Bern cubic;
  int sides = 0;  // 3 (vertex-face) or 4 (edge-edge: sa0, sa1, sb0, sb1), or 0
  Bern side[4];
};

/// Decides [ta, tb]: true when certainly no contact there; halving to
/// `depth` more levels.
bool part_is_miss(const double* c, bool vertex_face, double ms, double ta, double tb, const Part& part, int depth) {
  if (ms == 0) {
    if (part.cubic.sign() != 0) return true;
    if (part.sides == 3) {
      for (int i = 0; i < 3; ++i)
        if (part.side[i].sign() < 0) return true;  // outside an edge's side
    } else if (part.sides == 4) {
      const int a0 = part.side[0].sign(), a1 = part.side[1].sign(), b0 = part.side[2].sign(), b1 = part.side[3].sign();
      if ((a0 != 0 && a0 == a1) || (b0 != 0 && b0 == b1)) return true;  // an edge beside the other's line
    }
  }
  if (part_boxes_apart(c, vertex_face, ta, tb, ms)) return true;
  if (depth == 0) return false;
  Part l, r;
  part.cubic.halve(l.cubic, r.cubic);
  l.sides = r.sides = part.sides;
  for (int i = 0; i < part.sides; ++i) part.side[i].halve(l.side[i], r.side[i]);
  const double mid = (ta + tb) / 2;
  return part_is_miss(c, vertex_face, ms, ta, mid, l, depth - 1) &&
         part_is_miss(c, vertex_face, ms, mid, tb, r, depth - 1);
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
  Part whole;
  whole.cubic.n = 3;
  const double b[4] = {beta[0], beta[1] / 3, beta[2] / 3, beta[3]};
  const double e[4] = {bound[0], bound[1] / 3 + kU * std::fabs(b[1]), bound[2] / 3 + kU * std::fabs(b[2]), bound[3]};
  for (int i = 0; i < 4; ++i) whole.cubic.b[i] = b[i], whole.cubic.e[i] = e[i] * (1 + 4 * kU);
  // The sides, where products of four differences cannot underflow or
  // overflow (every input 0 or of magnitude in [2^-200, 2^200]).
  bool narrow = ms == 0;
  for (int i = 0; i < 24 && narrow; ++i) narrow = c[i] == 0 || (std::fabs(c[i]) >= 0x1p-200 && std::fabs(c[i]) <= 0x1p200);
  if (narrow) {
    auto at = [&](int i, int j) {  // point i minus point j, at both ends
      std::array<D3, 2> d;
      for (int s2 = 0; s2 < 2; ++s2) d[static_cast<std::size_t>(s2)] = diff(c + s2 * 12 + i * 3, c + s2 * 12 + j * 3);
      return d;
    };
    if (vf) {
      // s over edge (o, q) with the third corner r: (u.u)(v.w) - (u.w)(u.v),
      // u = q - o, v = r - o, w = p - o.
      const int corners[3][3] = {{1, 2, 3}, {2, 3, 1}, {3, 1, 2}};
      whole.sides = 3;
      for (int k2 = 0; k2 < 3; ++k2) {
        const auto u2 = at(corners[k2][1], corners[k2][0]), v2 = at(corners[k2][2], corners[k2][0]),
                   w2 = at(0, corners[k2][0]);
        whole.side[k2] = side(u2.data(), w2.data(), u2.data(), v2.data());  // (u.u)(w.v) - (u.v)(w.u)
      }
    } else {
      // sa_i = (dB.dA)(r.dB) - (dB.dB)(r.dA), r = a_i - b0; sb_j = (dA.dA)(r.dB) - (dA.dB)(r.dA), r = b_j - a0.
      const auto dA = at(1, 0), dB = at(3, 2);
      whole.sides = 4;
      const auto ra0 = at(0, 2), ra1 = at(1, 2), rb0 = at(2, 0), rb1 = at(3, 0);
      whole.side[0] = side(dB.data(), ra0.data(), dA.data(), dB.data());
      whole.side[1] = side(dB.data(), ra1.data(), dA.data(), dB.data());
      whole.side[2] = side(dA.data(), rb0.data(), dA.data(), dB.data());
      whole.side[3] = side(dA.data(), rb1.data(), dA.data(), dB.data());
    }
  }
  if (part_is_miss(c, vf, ms, 0.0, 1.0, whole, 4)) {
    ++stats.parts;
    return Certified{std::nullopt};
  }
  ++stats.undecided;
  return std::nullopt;
}

}  // namespace exactgeom::detail::ccd

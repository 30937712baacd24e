// src/segments/kernel/segment_triangle_kernel.hpp (private to the library): the integer formula of
// segment_triangle.hpp, the exact squared distance between a closed segment
// pq and a filled triangle abc in 3-D, written once over any integer type W
// and division-free (the result is a Fraction<W>, not reduced).
//
// Method. The closest pair (x on pq, y in abc) has y on an edge of abc, or y
// interior to abc; in the second case either x is in the face (pq pierces
// it: distance 0) or x - y is normal to the plane and x can slide to an
// endpoint of pq (or y to an edge) without changing the distance, so
//   dist2 = min( dist2(pq, ab), dist2(pq, bc), dist2(pq, ca),
//                (n.(x-a))^2 / |n|^2 for x in {p, q} projecting into abc,
//                0 if pq crosses the plane inside the closed triangle ),
// with n = (b - a) x (c - a). A degenerate triangle (n = 0) is the union of
// its three edges, which is the segment or point it covers, so the edge
// terms alone give its distance.
//
// Bit bounds (inputs b-bit signed integers, differences |d| <= 2^b):
//   n components                  <= 2 * 2^(2b)          = 2^(2b+1)
//   |n|^2                         <= 3 * 2^(4b+2)        < 2^(4b+4)
//   n.(x - a)                     <= 3 * 2^(2b+1) * 2^b  < 2^(3b+3)
//   (n.(x - a))^2                 < 2^(6b+6)
//   side tests n.((v-u) x (x-u))  <= 3 * 2^(2b+1)*2^(2b+1) < 2^(4b+4)
//   orient(p, q, u, v)            < 2^(3b+3) (as orient3d_bits)
//   segment_segment               < 2^(6b+6) (segment_kernel.hpp)
// so everything fits segment_bits(b) = 6b + 7 bits, the same W as the
// segment kernel (seg_w32 / seg_w64 / mpz_class). Every candidate is a
// fraction with numerator < 2^(6b+6) and denominator in [1, 2^(4b+4)), so
// comparing two by cross multiplication needs < 2^(10b+10): 10b + 11 bits,
// the type Wide below.
#pragma once

#include <array>
#include <cmath>
#include <optional>
#include <type_traits>

#include "segment_fast.hpp"
#include "segment_kernel.hpp"
#include "numbers/wide_int.hpp"
#include "exactgeom/rational.hpp"

namespace exactgeom::detail {

constexpr int segment_triangle_compare_bits(int b) { return 10 * b + 11; }

template <class W>
struct compare_int {
  using type = W;  // mpz_class: exact at any size
};
template <>
struct compare_int<seg_w32> {
  using type = fixed_int<352>;
};
template <>
struct compare_int<seg_w64> {
  using type = fixed_int<704>;
};
static_assert(fits(segment_triangle_compare_bits(32), 352 + 1));
static_assert(fits(segment_triangle_compare_bits(64), 704 + 1));

namespace seg {


/// x < y for fractions with positive denominators (cross multiplication in
/// compare_int<W>, see the bound above).
/// A non-negative seg_w32 as a double with relative error < 2^-52: the top
/// two limbs (one rounding to double, 2^-53) times 2^(64k); the dropped
/// limbs are < 2^-64 of the value (the top limb is nonzero).
inline double approx_w32(const seg_w32& v) {
  const auto& be = v.backend();
  const unsigned n = be.size();
  const auto* l = be.limbs();
  if (n == 1) return static_cast<double>(l[0]);
  const double top = static_cast<double>(uint128(l[n - 1]) << 64 | l[n - 2]);
  return std::ldexp(top, static_cast<int>(64 * (n - 2)));
}

template <class W>
bool fraction_less(const Fraction<W>& x, const Fraction<W>& y) {
  using C = typename compare_int<W>::type;
  if constexpr (std::is_same_v<W, seg_w32>) {
    // Filter (values >= 0, as every candidate is): each approx has relative
    // error < 2^-52 and each quotient one more rounding, so x/y's computed
    // quotients are within a factor (1 +- 2^-50) of the true ones; a
    // relative gap of 2^-45 decides.
    if (x.sign() >= 0 && y.sign() >= 0) {
      const double ax = approx_w32(x.numerator()) / approx_w32(x.denominator());
      const double ay = approx_w32(y.numerator()) / approx_w32(y.denominator());
      if (ax < ay * (1 - 0x1p-45)) return true;
      if (ax > ay * (1 + 0x1p-45)) return false;
    }
  }
  if (x.denominator() == y.denominator()) return x.numerator() < y.numerator();
  return C(x.numerator()) * C(y.denominator()) < C(y.numerator()) * C(x.denominator());
}

/// The sign of n . ((v - u) x (x - u)): x is left of (+), on (0) or right
/// of (-) the directed edge uv, seen from the side n points to.
template <class W>
int edge_side(const V<W, 3>& n, const V<W, 3>& u, const V<W, 3>& v, const V<W, 3>& x) {
  return sgn(dot(n, detail::cross(sub(v, u), sub(x, u))));
}

/// The sign of det[q - p; u - p; v - p] (orient3d of p, q, u, v).
template <class W>
int orient(const V<W, 3>& p, const V<W, 3>& q, const V<W, 3>& u, const V<W, 3>& v) {
  return sgn(dot(sub(q, p), detail::cross(sub(u, p), sub(v, p))));
}

/// pq, which crosses the plane of abc with p and q strictly on opposite
/// sides, meets the closed triangle: the orientations of pq against the
/// three edges have no two opposite strict signs (they cannot all be 0: the
/// crossing point would lie on all three edge lines).
template <class W>
bool crosses_inside(const V<W, 3>& p, const V<W, 3>& q, const V<W, 3>& a, const V<W, 3>& b,
                    const V<W, 3>& c) {
  const int o1 = orient(p, q, a, b), o2 = orient(p, q, b, c), o3 = orient(p, q, c, a);
  const bool pos = o1 > 0 || o2 > 0 || o3 > 0, neg = o1 < 0 || o2 < 0 || o3 < 0;
  return !(pos && neg);
}

/// x projects into the closed triangle abc along its normal n (n != 0).
template <class W>
bool projects_inside(const V<W, 3>& n, const V<W, 3>& a, const V<W, 3>& b, const V<W, 3>& c,
                     const V<W, 3>& x) {
  return edge_side(n, a, b, x) >= 0 && edge_side(n, b, c, x) >= 0 && edge_side(n, c, a, x) >= 0;
}

/// The exact squared distance between segment pq (p = q allowed: a point)
/// and the filled triangle abc (any degeneracy allowed); see the top.
template <class W>
Fraction<W> segment_triangle(const V<W, 3>& p, const V<W, 3>& q, const V<W, 3>& a,
                             const V<W, 3>& b, const V<W, 3>& c) {
  const V<W, 3> n = detail::cross(sub(b, a), sub(c, a));
  const bool flat = n[0] == 0 && n[1] == 0 && n[2] == 0;
  W hp(0), hq(0);  // n.(p - a), n.(q - a): heights over the plane times |n|
  if (!flat) {
    hp = dot(n, sub(p, a));
    hq = dot(n, sub(q, a));
    if (((hp > 0 && hq < 0) || (hp < 0 && hq > 0)) && crosses_inside(p, q, a, b, c))
      return Fraction<W>(W(0));
  }
  Fraction<W> best = segment_segment(p, q, a, b).dist2;
  auto consider = [&best](Fraction<W> d) {
    if (fraction_less(d, best)) best = std::move(d);
  };
  if (best.sign() != 0) consider(segment_segment(p, q, b, c).dist2);
  if (best.sign() != 0) consider(segment_segment(p, q, c, a).dist2);
  if (flat || best.sign() == 0) return best;
  const W nn = dot(n, n);
  const V<W, 3>* ends[2] = {&p, &q};
  const W* heights[2] = {&hp, &hq};
  for (int i = 0; i < 2; ++i) {
    const V<W, 3>& x = *ends[i];
    // Closed inside test (a projection on the boundary is also covered by
    // the edge terms, so open or closed gives the same minimum).
    if (projects_inside(n, a, b, c, x)) consider(Fraction<W>(W(*heights[i] * *heights[i]), nn));
  }
  return best;
}

/// Closest points of segment pq (p = q allowed) and the filled triangle abc
/// (any degeneracy allowed), with the canonical choice of segment_triangle.hpp:
/// of all closest pairs, the one with the smallest segment parameter s (for
/// a fixed point of pq the nearest point of the convex triangle is unique,
/// so that fixes the pair).
///
/// Every candidate of segment_triangle() above is a real pair (x on pq, y in
/// abc) with |x - y|^2 its value: each segment-edge pair (segment_segment,
/// which already takes the smallest s for its edge), each endpoint with its
/// projection onto the plane when that falls in the closed triangle, and the
/// crossing point when p and q lie strictly on opposite sides of the plane
/// and pq meets the closed triangle. Conversely every closest pair (x, y) has some candidate
/// of the same value with parameter <= s(x): if y is on an edge, that edge's
/// pair; if y is interior to the face, x - y is normal to the plane, so
/// either x is on the plane (pq crosses it there: the crossing candidate, or
/// pq lies in the plane and its first point in the triangle is on an edge or
/// is p itself), or x is an endpoint (pq not parallel to the plane: the
/// distance to the plane is monotone along pq), or pq is parallel to the
/// plane and every earlier point of pq projects into the triangle back to
/// where the projection enters it, on an edge (an edge candidate) or at p
/// (p's candidate). So the answer is the candidate of least value and,
/// among equal values, least s. Not a hot path: every candidate is computed.
///
/// Bounds (b-bit inputs, as the top of this file): the crossing point
/// p_i (hp - hq) + hp (q_i - p_i) < 2^b 2^(3b+4) + 2^(3b+3) 2^(b+1) <
/// 2^(4b+6); the projection x_i |n|^2 - h n_i < 2^b 2^(4b+4) + 2^(3b+3)
/// 2^(2b+1) < 2^(5b+5); both within segment_bits(b) = 6b + 7.
template <class W>
SegmentTriangleClosest<W> segment_triangle_closest(const V<W, 3>& p, const V<W, 3>& q,
                                                   const V<W, 3>& a, const V<W, 3>& b,
                                                   const V<W, 3>& c) {
  using F = Fraction<W>;
  const V<W, 3> n = detail::cross(sub(b, a), sub(c, a));
  const bool flat = n[0] == 0 && n[1] == 0 && n[2] == 0;
  const V<W, 3> d = sub(q, p);
  std::optional<SegmentTriangleClosest<W>> best;
  auto equal = [](const F& x, const F& y) { return !fraction_less(x, y) && !fraction_less(y, x); };
  auto consider = [&](SegmentTriangleClosest<W> cand) {
    if (!best || fraction_less(cand.dist2, best->dist2) ||
        (equal(cand.dist2, best->dist2) && fraction_less(cand.s, best->s)))
      best = std::move(cand);
  };
  const V<W, 3>* corners[3] = {&a, &b, &c};
  for (int e = 0; e < 3; ++e) {
    const V<W, 3>& u = *corners[e];
    const V<W, 3>& v = *corners[(e + 1) % 3];
    SegmentSegment<W> r = segment_segment(p, q, u, v);
    consider({std::move(r.s), along(u, sub(v, u), r.t), std::move(r.dist2)});
  }
  if (!flat) {
    const W hp = dot(n, sub(p, a)), hq = dot(n, sub(q, a));
    if (((hp > 0 && hq < 0) || (hp < 0 && hq > 0)) && crosses_inside(p, q, a, b, c)) {
      F s(hp, W(hp - hq));  // n.(p + s d - a) = 0
      auto x = along(p, d, s);
      consider({std::move(s), std::move(x), F(W(0))});
    }
    const W nn = dot(n, n);
    const V<W, 3>* ends[2] = {&p, &q};
    const W* heights[2] = {&hp, &hq};
    for (int i = 0; i < 2; ++i) {
      const V<W, 3>& x = *ends[i];
      if (projects_inside(n, a, b, c, x)) {
        std::array<F, 3> y;
        for (int k = 0; k < 3; ++k) y[k] = F(W(x[k] * nn - *heights[i] * n[k]), nn);
        consider({F(W(i)), std::move(y), F(W(*heights[i] * *heights[i]), nn)});
      }
    }
  }
  return std::move(*best);
}

}  // namespace seg

/// The double path's candidate squared distances (segment_triangle_wide
/// below), kept in fixed width until the least is known, so that only the
/// answer is ever built in mpz_class: the value is num / den, or num^2 / den
/// when `squared` (a height over the face or the segment-segment interior
/// case: |num| < 2^189, whose square would not fit). Otherwise num >= 0;
/// always den > 0, and num, den < 2^253 (segment_fast.hpp's OutWide bounds).
struct WideValue {
  I256 num, den;
  bool squared = false;
  int sign() const { return num.is_zero() ? 0 : 1; }
};

/// |v| as a double with relative error < 2^-52: the top two nonzero limbs
/// (one rounding, 2^-53) scaled by 2^(64k); the dropped limbs are below
/// 2^-64 of the value, as the top one is nonzero.
inline double approx_abs(const I256& v) {
  const I256 m = v.negative() ? -v : v;
  int k = 3;
  while (k > 0 && m.w[k] == 0) --k;
  if (k == 0) return static_cast<double>(m.w[0]);
  const double top = static_cast<double>(uint128(m.w[k]) << 64 | m.w[k - 1]);
  return std::ldexp(top, 64 * (k - 1));
}

/// A WideValue as a double: relative error < 5 * 2^-52 < 2^-49.6 (three
/// conversions of 2^-52 and at most two roundings of 2^-53; values are
/// integers or quotients of integers below 2^378, far from overflow and
/// underflow).
inline double approx_value(const WideValue& v) {
  const double n = approx_abs(v.num);
  return (v.squared ? n * n : n) / approx_abs(v.den);
}

/// The relative gap at which the double comparison of two WideValues is
/// trusted: each approximation is within a factor (1 +- 2^-49.6), so a gap
/// of 2^-45 (with the product's own rounding) cannot be an artefact.
/// tests/segment_triangle_test.cpp (WideValueFilter) checks the filter
/// decides nothing inside this band, and every decision against mpq.
inline constexpr double kWideValueGap = 0x1p-45;

/// x < y by the double filter: 1 (yes), 0 (no) or -1 (undecided).
inline int wide_less_filtered(const WideValue& x, const WideValue& y) {
  const double ax = approx_value(x), ay = approx_value(y);
  if (ax < ay * (1 - kWideValueGap)) return 1;
  if (ax > ay * (1 + kWideValueGap)) return 0;
  return -1;
}

/// The exact value of v as a fraction of mpz_class (not scaled back).
inline Fraction<mpz_class> wide_exact(const WideValue& v) {
  mpz_class n = i256_to_mpz(v.num);
  if (v.squared) n *= n;
  return Fraction<mpz_class>(std::move(n), i256_to_mpz(v.den));
}

/// x < y exactly: the filter, then cross multiplication in mpz_class (only
/// near ties get there: values within a relative 2^-45 of each other).
inline bool value_less(const WideValue& x, const WideValue& y) {
  const int f = wide_less_filtered(x, y);
  if (f >= 0) return f == 1;
  const Fraction<mpz_class> ex = wide_exact(x), ey = wide_exact(y);
  return ex.numerator() * ey.denominator() < ey.numerator() * ex.denominator();
}
inline bool value_less(const Fraction<seg_w32>& x, const Fraction<seg_w32>& y) {
  return seg::fraction_less(x, y);
}

/// segment_fast.hpp's result policy for the double path of the segment-
/// triangle distance: the same bounds and filter as OutWide (inputs below
/// 2^61), the results kept as WideValues for comparison.
struct OutDeferred {
  static constexpr bool wide = true;
  static constexpr double filter_bound = OutWide::filter_bound;
  using R = WideValue;
  static I256 one() { return I256::from(1); }
  R zero() const { return {I256::from(0), one(), false}; }
  R operator()(int128 n) const { return {I256::from(n), one(), false}; }
  R operator()(const I256& n) const { return {n, one(), false}; }
  R operator()(const I256& n, const I256& d) const { return {n, d, false}; }
  R operator()(int128 n, int128 d) const { return {I256::from(n), I256::from(d), false}; }
  R square_over(const I256& x, const I256& d) const { return {x, d, true}; }
};

namespace seg32 {

/// seg::segment_triangle with the decisions in int128 / I256
/// (segment_fast.hpp), for int32 inputs (as int64; Out32) and for doubles
/// scaled to integers below 2^61 (OutDeferred). Same value as the generic
/// kernel.
///
/// Bounds, int32 (b = 32, differences <= 2^32): n = (b - a) x (c - a)
/// components <= 2^65; heights n.(x - a) and orient(p, q, u, v) < 3 * 2^97 <
/// 2^99 (int128); side tests n.m with m = (v - u) x (x - u) <= 2^65 per
/// component: < 3 * 2^130 < 2^132 (I256); h^2 < 2^198 and |n|^2 < 2^132
/// (I256, then seg_w32).
/// Bounds, below 2^61 (differences < 2^62): n components < 2 * 2^124 = 2^125
/// (int128); heights and orientations: three products < 2^125 * 2^62, sum <
/// 2^189 (I256, mul_wide of operands < 2^127); side tests n.m: three
/// products < 2^250, sum < 2^252 (I256); |n|^2 < 3 * 2^250 < 2^252 (I256);
/// h^2 < 2^378 is never formed (WideValue keeps h, squared).
template <class Out = Out32>
typename Out::R segment_triangle(const L<3>& p, const L<3>& q, const L<3>& a, const L<3>& b,
                                 const L<3>& c, const Out& out = {}) {
  using H = std::conditional_t<Out::wide, I256, int128>;  // heights and orientations
  auto dotn = [](const std::array<int128, 3>& n, const L<3>& v) -> H {
    if constexpr (Out::wide)
      return mul_wide(n[0], v[0]) + mul_wide(n[1], v[1]) + mul_wide(n[2], v[2]);
    else
      return n[0] * v[0] + n[1] * v[1] + n[2] * v[2];
  };
  auto sgn_h = [](const H& h) {
    if constexpr (Out::wide)
      return h.sign();
    else
      return (h > 0) - (h < 0);
  };
  const std::array<int128, 3> n = cross(sub(b, a), sub(c, a));
  const bool flat = n[0] == 0 && n[1] == 0 && n[2] == 0;
  H hp{}, hq{};
  if (!flat) {
    hp = dotn(n, sub(p, a));
    hq = dotn(n, sub(q, a));
    if (sgn_h(hp) * sgn_h(hq) < 0) {
      const L<3> pq = sub(q, p);
      auto orient = [&](const L<3>& u, const L<3>& v) { return sgn_h(dotn(cross(sub(u, p), sub(v, p)), pq)); };
      const int o1 = orient(a, b), o2 = orient(b, c), o3 = orient(c, a);
      const bool pos = o1 > 0 || o2 > 0 || o3 > 0, neg = o1 < 0 || o2 < 0 || o3 < 0;
      if (!(pos && neg)) return out.zero();
    }
  }
  typename Out::R best = segment_segment(p, q, a, b, out);
  auto consider = [&best](typename Out::R d) {
    if (value_less(d, best)) best = std::move(d);
  };
  if (best.sign() != 0) consider(segment_segment(p, q, b, c, out));
  if (best.sign() != 0) consider(segment_segment(p, q, c, a, out));
  if (flat || best.sign() == 0) return best;
  auto side = [&n](const L<3>& u, const L<3>& v, const L<3>& x) {
    const auto m = cross(sub(v, u), sub(x, u));
    return (mul_wide(n[0], m[0]) + mul_wide(n[1], m[1]) + mul_wide(n[2], m[2])).sign();
  };
  const I256 nn = sqr_wide(n[0]) + sqr_wide(n[1]) + sqr_wide(n[2]);
  const L<3>* ends[2] = {&p, &q};
  const H* heights[2] = {&hp, &hq};
  for (int i = 0; i < 2; ++i) {
    const L<3>& x = *ends[i];
    if (side(a, b, x) >= 0 && side(b, c, x) >= 0 && side(c, a, x) >= 0) {
      if constexpr (Out::wide)
        consider(out.square_over(*heights[i], nn));
      else
        consider(out(sqr_wide(*heights[i]), nn));
    }
  }
  return best;
}

}  // namespace seg32
}  // namespace exactgeom::detail

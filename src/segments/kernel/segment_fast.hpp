// src/segments/kernel/segment_fast.hpp (private to the library): fast exact paths of segments.hpp, same
// answers as segment_kernel.hpp: squared distances for int32 coordinates
// (2-D: every decision in int64/__int128; 3-D: decisions by a proven double
// filter with an exact fallback in a small 256-bit two's complement type,
// I256), the fixed-width result built once at the end; the same code for
// doubles that are integers below 2^61 times one power of two (bounds
// below), with an mpz_class result; and a fused, filtered intersects() for
// 2-D doubles and floats.
//
// Bit bounds for int32 inputs (b = 32; differences |d| <= 2^32, in int64):
//   dot products a, b, c, e, f, w.d, |w|^2  <= 3 * 2^64           < 2^66   int128
//   b + f                                   < 2^67                         int128
//   cross components (d1 x d2, w x d)       <= 2 * 2^64           = 2^65   int128
//   2-D s, t numerators d x r               <= 2^65                        int128
//   r.n (r x n products <= 2^97)            < 2^99                         int128
//   a e, b^2, b f, c e, a f, b c            < 2^132                        I256
//   denom, Ns, Nt (differences of those)    < 2^133                        I256
//   |w|^2 |d|^2 - (w.d)^2, |w x d|^2        < 2^132                        I256
//   (r.n)^2                                 < 2^198                        I256
// I256 holds |x| < 2^255; every product is formed from int128 operands of
// magnitude < 2^127 (mul_wide requires it), so nothing wraps. Results are
// stored in seg_w32 = fixed_int<256>.
//
// Bit bounds for inputs below 2^61 (doubles scaled to integers, OutWide:
// differences |d| < 2^62, still int64):
//   dot products (D <= 3 terms of < 2^124)  < 3 * 2^124         < 2^126  int128
//   b + f, t numerators                     < 2 * 3 * 2^124     < 2^127  int128
//   2-D cross components, d x r             < 2 * 2^124         = 2^125  int128
//   3-D cross components n = d1 x d2        < 2^125                      int128
//   products of two dots, |w|^2 |d|^2,
//   cross^2, |n|^2 (< 3 * 2^250)            < 2^253                      I256
//   r.n (three products of < 2^62 * 2^125)  < 2^189                      I256
//   (r.n)^2                                 < 2^378                      mpz_class
// so the same code holds with one change: r.n is formed in I256 and
// squared in mpz_class (the int32 path keeps it in int128).
#pragma once

#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>

#include "exactgeom/detail/filters.hpp"
#include "segment_kernel.hpp"
#include "numbers/wide_int.hpp"
#include "exactgeom/rational.hpp"

namespace exactgeom::detail {

static_assert(2 * 66 + 1 <= 255 && 198 <= 255, "the I256 bounds above");
static_assert(segment_bits(32) <= 256 + 1, "seg_w32 holds every result");

/// A 256-bit two's complement integer, little-endian 64-bit limbs. Only
/// what the int32 paths need: products of two int128, +, -, sign.
struct I256 {
  std::uint64_t w[4];

  static I256 from(int128 v) {
    const std::uint64_t ext = v < 0 ? ~std::uint64_t(0) : 0;
    return {{static_cast<std::uint64_t>(v), static_cast<std::uint64_t>(uint128(v) >> 64), ext, ext}};
  }
  bool negative() const { return (w[3] >> 63) != 0; }
  bool is_zero() const { return (w[0] | w[1] | w[2] | w[3]) == 0; }
  int sign() const { return negative() ? -1 : (is_zero() ? 0 : 1); }

  friend I256 operator+(const I256& x, const I256& y) {
    I256 r;
    unsigned char c = 0;
    for (int i = 0; i < 4; ++i) {
      const uint128 s = uint128(x.w[i]) + y.w[i] + c;
      r.w[i] = static_cast<std::uint64_t>(s);
      c = static_cast<unsigned char>(s >> 64);
    }
    return r;
  }
  I256 operator-() const {
    I256 r;
    unsigned char c = 1;
    for (int i = 0; i < 4; ++i) {
      const uint128 s = uint128(~w[i]) + c;
      r.w[i] = static_cast<std::uint64_t>(s);
      c = static_cast<unsigned char>(s >> 64);
    }
    return r;
  }
  friend I256 operator-(const I256& x, const I256& y) { return x + (-y); }
};

/// |x| without a branch (random signs would mispredict), |x| < 2^127.
inline uint128 abs_u(int128 x) {
  const uint128 m = uint128(x >> 127);  // all ones iff x < 0
  return (uint128(x) ^ m) - m;
}

/// The unsigned 256-bit product of two magnitudes < 2^127.
inline I256 mul_u(uint128 ux, uint128 uy) {
  const std::uint64_t x0 = static_cast<std::uint64_t>(ux), x1 = static_cast<std::uint64_t>(ux >> 64);
  const std::uint64_t y0 = static_cast<std::uint64_t>(uy), y1 = static_cast<std::uint64_t>(uy >> 64);
  const uint128 p00 = uint128(x0) * y0, p01 = uint128(x0) * y1, p10 = uint128(x1) * y0,
                p11 = uint128(x1) * y1;
  const uint128 mid = (p00 >> 64) + static_cast<std::uint64_t>(p01) + static_cast<std::uint64_t>(p10);
  const uint128 high = (mid >> 64) + (p01 >> 64) + (p10 >> 64) + p11;
  return {{static_cast<std::uint64_t>(p00), static_cast<std::uint64_t>(mid),
           static_cast<std::uint64_t>(high), static_cast<std::uint64_t>(high >> 64)}};
}

/// x * y exactly, for |x|, |y| < 2^127; branch-free.
inline I256 mul_wide(int128 x, int128 y) {
  const I256 r = mul_u(abs_u(x), abs_u(y));
  // Negate (two's complement) iff the signs differ: r ^ m + (m & 1).
  const std::uint64_t m = static_cast<std::uint64_t>((x ^ y) >> 127);
  I256 out;
  uint128 c = m & 1;
  for (int i = 0; i < 4; ++i) {
    c += r.w[i] ^ m;
    out.w[i] = static_cast<std::uint64_t>(c);
    c >>= 64;
  }
  return out;
}

/// x^2 exactly, for |x| < 2^127.
inline I256 sqr_wide(int128 x) {
  const uint128 u = abs_u(x);
  return mul_u(u, u);
}

/// x < y.
inline bool less(const I256& x, const I256& y) { return (x - y).negative(); }

/// The same value as seg_w32 (fixed_int<256>, sign and magnitude).
inline seg_w32 to_w32(const I256& v) {
  const I256 m = v.negative() ? -v : v;
  seg_w32 r;
  auto& be = r.backend();
  static_assert(sizeof(*be.limbs()) == 8, "64-bit limbs");
  be.resize(4, 4);
  for (int i = 0; i < 4; ++i) be.limbs()[i] = m.w[i];
  be.normalize();
  be.sign(v.negative());
  return r;
}
inline seg_w32 to_w32(int128 v) { return to_w32(I256::from(v)); }

/// The same value as mpz_class.
inline mpz_class i256_to_mpz(const I256& v) {
  const I256 m = v.negative() ? -v : v;
  mpz_class z;
  mpz_import(z.get_mpz_t(), 4, -1, sizeof(m.w[0]), 0, 0, m.w);
  if (v.negative()) mpz_neg(z.get_mpz_t(), z.get_mpz_t());
  return z;
}

/// How the seg32 kernels below build their results, and their filter
/// bound (sign_pq_rs). Out32: int32 inputs, results in seg_w32.
struct Out32 {
  static constexpr bool wide = false;
  static constexpr double filter_bound = 0x1p-49;
  using R = Fraction<seg_w32>;
  R zero() const { return R(); }
  R operator()(int128 n) const { return R(to_w32(n)); }
  R operator()(const I256& n) const { return R(to_w32(n)); }
  R operator()(const I256& n, const I256& d) const { return R(to_w32(n), to_w32(d)); }
  R operator()(int128 n, int128 d) const { return R(to_w32(n), to_w32(d)); }
};
/// OutWide: doubles scaled by 2^-e to integers below 2^61; results in
/// mpz_class, areas scaled back by 4^e.
struct OutWide {
  static constexpr bool wide = true;
  static constexpr double filter_bound = 0x1p-48;  // sign_pq_rs derives it
  using R = Fraction<mpz_class>;
  int e;
  R zero() const { return R(); }
  R operator()(int128 n) const { return area(i256_to_mpz(I256::from(n)), mpz_class(1)); }
  R operator()(const I256& n) const { return area(i256_to_mpz(n), mpz_class(1)); }
  R operator()(const I256& n, const I256& d) const { return area(i256_to_mpz(n), i256_to_mpz(d)); }
  R operator()(int128 n, int128 d) const {
    return area(i256_to_mpz(I256::from(n)), i256_to_mpz(I256::from(d)));
  }
  /// x^2 / d, for |x| < 2^189 (x^2 < 2^378 is formed in mpz_class).
  R square_over(const I256& x, const I256& d) const {
    mpz_class x2 = i256_to_mpz(x);
    x2 *= x2;
    return area(std::move(x2), i256_to_mpz(d));
  }
  /// num/den * 4^e (0 stays 0/1).
  R area(mpz_class num, mpz_class den) const {
    if (num == 0) return R();
    if (e >= 0)
      mpz_mul_2exp(num.get_mpz_t(), num.get_mpz_t(), 2 * static_cast<mp_bitcnt_t>(e));
    else
      mpz_mul_2exp(den.get_mpz_t(), den.get_mpz_t(), 2 * static_cast<mp_bitcnt_t>(-e));
    return R(std::move(num), std::move(den));
  }
};

namespace seg32 {

template <std::size_t D>
using L = std::array<std::int64_t, D>;

template <std::size_t D>
L<D> sub(const L<D>& p, const L<D>& q) {
  L<D> r;
  for (std::size_t i = 0; i < D; ++i) r[i] = p[i] - q[i];
  return r;
}
template <std::size_t D>
int128 dot(const L<D>& u, const L<D>& v) {
  int128 s = int128(u[0]) * v[0];
  for (std::size_t i = 1; i < D; ++i) s += int128(u[i]) * v[i];
  return s;
}
/// u x v (in 2-D: the scalar in component 2; components 0, 1 are 0).
template <std::size_t D>
std::array<int128, 3> cross(const L<D>& u, const L<D>& v) {
  if constexpr (D == 2)
    return {0, 0, int128(u[0]) * v[1] - int128(u[1]) * v[0]};
  else
    return {int128(u[1]) * v[2] - int128(u[2]) * v[1], int128(u[2]) * v[0] - int128(u[0]) * v[2],
            int128(u[0]) * v[1] - int128(u[1]) * v[0]};
}
template <std::size_t D>
I256 cross_norm2(const L<D>& u, const L<D>& v) {
  const auto c = cross(u, v);
  if constexpr (D == 2)
    return sqr_wide(c[2]);
  else
    return sqr_wide(c[0]) + sqr_wide(c[1]) + sqr_wide(c[2]);
}

/// A dot product of two int64 vectors in double, with the vectors for the
/// exact fallback. int32 inputs: |components| <= 2^33, converted exactly,
/// the dot < 2^68; OutWide: |components| < 2^62, converted with rounding,
/// the dot < 2^126.
template <std::size_t D>
struct DotD {
  const L<D>* u;
  const L<D>* v;
  double val, abs;  // fl(sum u_i v_i) and fl(sum |u_i v_i|)
};
template <std::size_t D>
DotD<D> dot_d(const L<D>& u, const L<D>& v) {
  DotD<D> r{&u, &v, 0.0, 0.0};
  for (std::size_t i = 0; i < D; ++i) {
    const double t = static_cast<double>(u[i]) * static_cast<double>(v[i]);  // exact inputs
    r.val += t;
    r.abs += std::fabs(t);
  }
  return r;
}

/// sign(P Q - R S) for dot products P, Q, R, S (DotD).
///
/// Filter: each dot is summed in double from exactly converted components,
/// so |fl(P) - P| <= gamma_3 Pa with Pa = sum |p_i q_i| (and likewise the
/// computed Pa is within gamma_3 of the true one); the two products and the
/// difference add three roundings, so |computed - exact| <= (2 gamma_3 + 3u
/// + O(u^2)) (Pa Qa + Ra Sa) < 9u (Pa Qa + Ra Sa), u = 2^-53. The bound
/// used, 2^-49 (= 16u) times the computed Pa Qa + Ra Sa (within a factor
/// 1 - 8u of the true one), covers it. Values are integers (no underflow)
/// below 2^140 (no overflow). Undecided: exact, P Q - R S in I256 (each
/// product < 2^136 from int128 dots < 2^68).
///
/// OutWide (components < 2^62): each term u_i v_i has two conversion
/// roundings and the product's, each dot two more additions, so
/// |fl(P) - P| <= gamma_5 Pa (and the computed Pa >= (1 - gamma_5) Pa).
/// Then |computed - exact| <= (2 gamma_5 + gamma_5^2 + 2u (1 + gamma_5)^2
/// (1 + u)) (Pa Qa + Ra Sa) < 12.01u (Pa Qa + Ra Sa); the bound used,
/// 2^-48 = 32u times the computed Pa Qa + Ra Sa (>= (1 - 13u) times the
/// true one), covers it. Values are integers below 2^253: no underflow or
/// overflow. The exact fallback's products of dots < 2^126 are < 2^252.
static_assert(std::numeric_limits<double>::is_iec559 && std::numeric_limits<double>::digits == 53,
              "the filter bound assumes IEEE binary64");
template <class Out, std::size_t D>
int sign_pq_rs(const DotD<D>& P, const DotD<D>& Q, const DotD<D>& R, const DotD<D>& S) {
  const double v = P.val * Q.val - R.val * S.val;
  const double bound = Out::filter_bound * (P.abs * Q.abs + R.abs * S.abs);
  if (v > bound) return 1;
  if (-v > bound) return -1;
  return (mul_wide(dot(*P.u, *P.v), dot(*Q.u, *Q.v)) - mul_wide(dot(*R.u, *R.v), dot(*S.u, *S.v)))
      .sign();
}

using R = Fraction<seg_w32>;

/// Squared distance from p to segment [a, a + d]; w = p - a.
template <std::size_t D, class Out = Out32>
typename Out::R point_segment(const L<D>& w, const L<D>& d, const Out& out = {}) {
  const int128 wd = dot(w, d);
  if (wd <= 0) return out(dot(w, w));
  const int128 dd = dot(d, d);
  if (wd >= dd) {
    const L<D> wb = sub(w, d);
    return out(dot(wb, wb));
  }
  if constexpr (D == 2) {
    return out(cross_norm2(w, d), I256::from(dd));
  } else {
    // |w x d|^2 = |w|^2 |d|^2 - (w.d)^2 (Lagrange): two wide products
    // (< 2^132 each; OutWide: < 2^252) instead of three squares of cross
    // components.
    return out(mul_wide(dot(w, w), dd) - sqr_wide(wd), I256::from(dd));
  }
}

/// The squared distance of segment_kernel.hpp's segment_segment, same cases.
template <std::size_t D, class Out = Out32>
typename Out::R segment_segment(const L<D>& p1, const L<D>& q1, const L<D>& p2, const L<D>& q2,
                                const Out& out = {}) {
  const L<D> d1 = sub(q1, p1), d2 = sub(q2, p2), r = sub(p1, p2);
  const int128 a = dot(d1, d1), e = dot(d2, d2);
  if (a == 0) return point_segment(r, d2, out);  // also a = e = 0: |r|^2
  if (e == 0) return point_segment(sub(p2, p1), d1, out);
  if constexpr (D == 2) {
    // In the plane the lines meet where s = (d2 x r) / X, t = (d1 x r) / X
    // with X = d1 x d2 (the kernel's Ns = X (d2 x r), Nt = X (d1 x r),
    // denom = X^2): the same decisions in int128 (|X|, |d x r| <= 2^65).
    int128 x = cross(d1, d2)[2];
    if (x != 0) {
      int128 sn = cross(d2, r)[2], tn = cross(d1, r)[2];
      if (x < 0) {
        x = -x;
        sn = -sn;
        tn = -tn;
      }
      if (sn > 0 && sn < x) {  // s inside (0, 1)
        if (tn < 0) return point_segment(sub(p2, p1), d1, out);
        if (tn > x) return point_segment(sub(q2, p1), d1, out);
        return out.zero();  // the segments cross
      }
      const bool at_p1 = sn <= 0;
      const int128 tq = at_p1 ? dot(d2, r) : dot(d1, d2) + dot(d2, r);
      if (tq < 0) return point_segment(sub(p2, p1), d1, out);
      if (tq > e) return point_segment(sub(q2, p1), d1, out);
      return at_p1 ? point_segment(r, d2, out) : point_segment(sub(q1, p2), d2, out);
    }
  }
  if constexpr (D == 3) {
    // Every decision is the sign of P Q - R S over dot products (filtered,
    // exact fallback), using denom = a e - b^2, Ns = b f - c e,
    // Ns - denom = b (d2.(q1 - p2)) - (d1.(q1 - p2)) e, Nt = a f - b c and
    // Nt - denom = a (d2.(p1 - q2)) - b (d1.(p1 - q2)).
    // Parallel segments have Ns = (d1 x d2).(d2 x r) = 0 (Binet-Cauchy), so
    // Ns > 0 implies denom > 0 and the kernel's "denom = 0: s = 0" is kept.
    enum { at_p1, at_q1, inside } s_case = at_p1;
    const DotD<D> B = dot_d(d1, d2), C = dot_d(d1, r), E = dot_d(d2, d2), F = dot_d(d2, r);
    if (sign_pq_rs<Out>(B, F, C, E) > 0) {
      const L<D> u = sub(q1, p2);
      s_case = sign_pq_rs<Out>(B, dot_d(d2, u), dot_d(d1, u), E) >= 0 ? at_q1 : inside;
    }
    bool t_below, t_above;
    if (s_case == inside) {
      const DotD<D> A = dot_d(d1, d1);
      t_below = sign_pq_rs<Out>(A, F, B, C) < 0;
      if (!t_below) {
        const L<D> u = sub(p1, q2);
        t_above = sign_pq_rs<Out>(A, dot_d(d2, u), B, dot_d(d1, u)) > 0;
      } else {
        t_above = false;
      }
    } else {
      const int128 tn = s_case == at_p1 ? dot(d2, r) : dot(d1, d2) + dot(d2, r);
      t_below = tn < 0;
      t_above = tn > e;
    }
    if (t_below) return point_segment(sub(p2, p1), d1, out);
    if (t_above) return point_segment(sub(q2, p1), d1, out);
    if (s_case == at_p1) return point_segment(r, d2, out);
    if (s_case == at_q1) return point_segment(sub(q1, p2), d2, out);
    const auto n = cross(d1, d2);
    const I256 nn = sqr_wide(n[0]) + sqr_wide(n[1]) + sqr_wide(n[2]);
    if constexpr (Out::wide) {
      const I256 rn = mul_wide(r[0], n[0]) + mul_wide(r[1], n[1]) + mul_wide(r[2], n[2]);
      return out.square_over(rn, nn);  // (r.n)^2 / |n|^2
    } else {
      const int128 rn = r[0] * n[0] + r[1] * n[1] + r[2] * n[2];
      return out(sqr_wide(rn), nn);
    }
  }
  // 2-D parallel segments (3-D returned above): the kernel takes s = 0 and
  // t = f / e clamped.
  const int128 f = dot(d2, r);
  if (f < 0) return point_segment(sub(p2, p1), d1, out);
  if (f > e) return point_segment(sub(q2, p1), d1, out);
  return point_segment(r, d2, out);
}

}  // namespace seg32

/// Exact segments_meet for 2-D doubles when the four orientation filters
/// all decide; -1 when one cannot (or a coordinate is NaN/inf: every filter
/// bound is then NaN or inf and nothing is decided), and the caller runs the
/// exact classification.
inline int segments_meet_filtered(double p1x, double p1y, double q1x, double q1y, double p2x,
                                  double p2y, double q2x, double q2y) {
  const double ux = q1x - p1x, uy = q1y - p1y;
  const int o1 = orient2d_filter_d(ux, uy, p2x - p1x, p2y - p1y);
  const int o2 = orient2d_filter_d(ux, uy, q2x - p1x, q2y - p1y);
  if (o1 == 0 || o2 == 0) return -1;
  if (o1 == o2) return 0;
  const double vx = q2x - p2x, vy = q2y - p2y;
  const int o3 = orient2d_filter_d(vx, vy, p1x - p2x, p1y - p2y);
  const int o4 = orient2d_filter_d(vx, vy, q1x - p2x, q1y - p2y);
  if (o3 == 0 || o4 == 0) return -1;
  return o3 != o4 ? 1 : 0;
}

}  // namespace exactgeom::detail

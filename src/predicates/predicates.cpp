// The exact paths behind the inline filters of predicates.hpp: scaling of
// doubles and rationals to integers, and the integer kernel run in the
// narrowest type the bit bounds allow.
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "exactgeom/boost.hpp"
#include "exactgeom/detail/exact.hpp"
#include "exactgeom/detail/kernel.hpp"
#include "numbers/wide_int.hpp"
#include "exactgeom/detail/scaling.hpp"
#include "exactgeom/geometry.hpp"
#include "target_clones.hpp"

namespace exactgeom::detail {

namespace {
[[gnu::cold, gnu::noinline, noreturn]] void throw_not_finite(const double* v, int n,
                                                          const char* what) {
  int i = 0;
  while (i < n - 1 && std::isfinite(v[i])) ++i;
  throw invalid_input(std::string(what) + ": coordinate " + std::to_string(i) + " is " +
                      (std::isnan(v[i]) ? "NaN" : "infinite"));
}
}  // namespace

void require_finite(const double* v, int n, const char* what) {
  // One pass on the exponent bits (all ones: NaN or infinity) that GCC
  // vectorizes, the message out of line: every input of an exact path
  // passes here (the branch per coordinate was 5% of
  // capsule3d/exact/near_touching's profile).
  constexpr std::uint64_t kExp = std::uint64_t{0x7ff} << 52;
  std::uint64_t bad = 0;
  for (int i = 0; i < n; ++i) bad |= ((std::bit_cast<std::uint64_t>(v[i]) & kExp) == kExp);
  if (bad != 0) throw_not_finite(v, n, what);
}

namespace {

template <class W, int N, class From>
void widen(const From* in, W (&out)[N]) {
  for (int i = 0; i < N; ++i) out[i] = W(in[i]);
}

// Kernels on integer coordinates of a known width, in the type the bound
// picks (wide_int.hpp states and checks each bound).
int orient2d_int(const std::int64_t* v) {
  return orient2d_i64(v[0], v[1], v[2], v[3], v[4], v[5]);
}

// `bits` bounds the inputs: every v[i] is a bits-wide two's complement
// integer, -2^(bits-1) <= v[i] < 2^(bits-1).
int orient3d_int(const std::int64_t* v, int bits) {
  if (bits <= 32) {
    static_assert(fits(orient3d_bits(32), 128));
    int128 w[12];
    widen(v, w);
    return orient3d_k(w, w + 3, w + 6, w + 9);
  }
  if (bits - 1 <= kOrient3dI62Bits) return orient3d_i62(v, v + 3, v + 6, v + 9);
  i64_wide_orient3d w[12];
  widen(v, w);
  return orient3d_k(w, w + 3, w + 6, w + 9);
}

int incircle_int(const std::int64_t* v, int bits) {
  if (bits <= 32) {
    i32_wide_incircle w[8];
    widen(v, w);
    return incircle_k(w, w + 2, w + 4, w + 6);
  }
  i64_wide_incircle w[8];
  widen(v, w);
  return incircle_k(w, w + 2, w + 4, w + 6);
}

int insphere_int(const std::int64_t* v, int bits) {
  if (bits <= 32) {
    i32_wide_insphere w[15];
    widen(v, w);
    return insphere_det_k(w, w + 3, w + 6, w + 9, w + 12);
  }
  i64_wide_insphere w[15];
  widen(v, w);
  return insphere_det_k(w, w + 3, w + 6, w + 9, w + 12);
}

// Doubles: scale every coordinate by 2^-e_min (positive, so every sign is
// kept: all four determinants are homogeneous) and run the kernel on the
// integers, in int64 when they fit, else in GMP.
template <int N, class IntFn, class MpzFn>
int exact_from_doubles(const double* v, const char* what, IntFn int_fn, MpzFn mpz_fn) {
  require_finite(v, N, what);
  ScaledDoubles<N> s(v);
  if (s.all_zero()) return 0;
  if (s.bits() <= 63) {
    std::int64_t w[N];
    s.to_int64(w);
    return int_fn(w, s.bits() + 1);
  }
  mpz_class z[N];
  s.to_mpz(z);
  return mpz_fn(z);
}

}  // namespace

namespace {

/// d is 0 or a normal double far from both ends of the range, so products
/// of two such never underflow or overflow and their FMA errors are exact.
inline bool in_safe_range(double d) {
  const double m = std::fabs(d);
  return m == 0 || (m >= 0x1p-480 && m <= 0x1p480);
}

// With FMA in hardware the x86-64-v3 copy (target_clones.hpp) runs std::fma
// as one instruction; the default copy calls the C library's fma, which is
// correctly rounded on every target (and on x86-64 glibc dispatches to the
// instruction itself when the CPU has it).

}  // namespace

/// The exact sign of D = ux*vy - uy*vx for doubles each 0 or of magnitude
/// in [2^-480, 2^480] (declared in exact.hpp). Kahan's FMA scheme for
/// ad - bc (as analysed by Jeannerod, Louvet and Muller, 2013) made a sign
/// test:
///   w = fl(uy*vx), e = fma(uy, vx, -w) = uy*vx - w exactly (the error of a
///   product is a double when it does not underflow: |uy*vx| >= 2^-960),
///   f = fma(ux, vy, -w) = fl(F) with F = ux*vy - w, so D = F - e.
/// Rounding is monotone and e is a double, so f > e implies F > e (D > 0)
/// and f < e implies D < 0. A tie, f == e, means D = 0:
///   For |x| in [2^k, 2^(k+1)) write q(x) = 2^(k-52), its last place: x is a
///   multiple of q(x). With Q1 = q(ux) q(vy), Q2 = q(uy) q(vx) (powers of
///   two, >= 2^-1064 in range), ux*vy is a multiple of Q1, P = uy*vx of Q2,
///   so D is a multiple of min(Q1, Q2). Write |uy| in [2^ky, 2^(ky+1)), |vx|
///   in [2^kx, 2^(kx+1)): Q2 = 2^(ky+kx-104), |P| in [2^(ky+kx),
///   2^(ky+kx+2)). A tie needs |D| = |F - e| <= h, half the spacing of the
///   doubles at e.
///   - e = 0: then f = fl(D) = 0, and D = 0 (a nonzero D is >= 2^-1064,
///     representable).
///   - e subnormal: h = 2^-1075 < 2^-1064, so D = 0.
///   - otherwise h <= 2^-53 |e| and |e| <= half a last place of P.
///     If |P| >= 2^(ky+kx+1): h <= 2^(ky+kx-105) = Q2/2. For Q1 >= Q2, D is
///     a multiple of Q2: D = 0. For Q1 < Q2 the exponents of ux, vy sum to
///     ky+kx-1 or less, so |ux*vy| < 2^(ky+kx+1), and |D| <= Q2/2 leaves
///     |P| < 2^(ky+kx+1) + Q2/2: P, a multiple of Q2, is 2^(ky+kx+1)
///     exactly, a double, so e = 0 (above).
///     If |P| < 2^(ky+kx+1): h <= 2^(ky+kx-106) = Q2/4. For Q1 >= Q2/2, D
///     is a multiple of Q2/2: D = 0. For Q1 < Q2/2, |ux*vy| < 2^(ky+kx) and
///     |P| < 2^(ky+kx) + Q2/4, so |P| = 2^(ky+kx) and e = 0 (above).
/// So one product order decides every input. (Versions up to 0.1 also tried
/// the other order on a tie; by the above it never decided anything, and no
/// test input ever made it. orient2d_fma_sign_swapped runs the test with the
/// products' roles exchanged, so the tests check the argument from both
/// sides.) (If uy*vx = 0 then w = e = 0 and f = fl(ux*vy), whose sign is
/// exact without underflow.)
namespace {
template <bool Swapped = false>
[[gnu::always_inline]] inline int fma_sign(double ux, double uy, double vx, double vy) {
  // The same test of -D = uy*vx - ux*vy, its product ux*vy rounded first.
  if constexpr (Swapped) return -fma_sign<false>(uy, ux, vy, vx);
  const double w = uy * vx, e = std::fma(uy, vx, -w), f = std::fma(ux, vy, -w);
  // Compared into ints: a branch on f > e itself is mispredicted half the
  // time on near-degenerate input.
  return (f > e) - (f < e);
}
}  // namespace

EXACTGEOM_TARGET_CLONES int orient2d_fma_sign(double ux, double uy, double vx, double vy) {
  return fma_sign(ux, uy, vx, vy);
}
EXACTGEOM_TARGET_CLONES int orient2d_fma_sign_swapped(double ux, double uy, double vx, double vy) {
  return fma_sign<true>(ux, uy, vx, vy);
}

namespace {

// The rounding error of x = fl(a - b): a - b - x, exactly (Knuth's TwoSum).
inline double diff_tail(double a, double b, double x) {
  const double bv = a - x, av = x + bv;
  return (a - av) + (bv - b);
}
/// The range of the stage below, all six coordinates 0 or of magnitude in
/// [2^-400, 2^400]: then every input is a multiple of g = 2^-452 (its ulp
/// is a power of two >= g), and so is every difference, its rounded head
/// and its tail; every product in the stage below is a multiple of
/// g^2 = 2^-904, and rounding to the nearest double keeps a multiple of
/// 2^-904 one (a multiple of it below 2^53 * 2^-904 is exactly
/// representable). No intermediate is ever nonzero and below 2^-904, far
/// above the subnormal range, and none is above 2^806: the standard model
/// of floating-point error holds without underflow or overflow terms.
/// Tested on the bits, without a branch (the scalar comparisons compiled to
/// a dozen branches): 0, or a biased exponent in [1023 - 400, 1023 + 399],
/// i.e. |x| in [2^-400, 2^400) (2^400 itself goes to the integers). NaN and
/// infinity have exponent 2047 and fail.
inline bool adaptive_range6(const double* c) {
  bool ok = true;
  for (int i = 0; i < 6; ++i) {
    const std::uint64_t mag = std::bit_cast<std::uint64_t>(c[i]) & ~(std::uint64_t{1} << 63);
    const std::uint64_t e = mag >> 52;
    ok &= (mag == 0) | (e - (1023 - 400) <= 799);
  }
  return ok;
}
/// -1, 0, +1 as s is; kUndecided for 0: written to compile without a
/// branch, since the sign of a near-degenerate input is a coin toss to the
/// branch predictor.
inline int or_undecided(int s) { return s | ((s == 0) << 1); }

}  // namespace

/// orient2d on doubles whose differences are inexact: one FMA estimate of
/// the determinant with its tail terms, and a bound on its error (derived
/// here; u = 2^-53, round to nearest, no underflow or overflow, which
/// adaptive_range6() on the six coordinates guarantees):
///   Heads and tails: ux = RN(bx - ax), uxt = (bx - ax) - ux exactly (TwoSum
///   tail), |uxt| <= u |ux|; likewise uy, vx, vy. The determinant is
///     D = Dh + T1 + T2,  Dh = ux vy - uy vx,
///     T1 = ux vyt + vy uxt - uy vxt - vx uyt,  T2 = uxt vyt - uyt vxt.
///   Dh by Kahan's FMA algorithm: w = RN(uy vx), e = uy vx - w (exact by
///   FMA), f = RN(ux vy - w) (FMA), x = RN(f - e); |x - Dh| <= 2u |Dh|
///   (Jeannerod, Louvet, Muller, "Further analysis of Kahan's algorithm for
///   the accurate computation of 2x2 determinants", Math. Comp. 2013), so
///   |Dh| <= |x| / (1 - 2u).
///   T1 in floating point, t = RN(RN(RN(ux vyt) + RN(vy uxt)) - RN(RN(uy vxt)
///   + RN(vx uyt))): three roundings on each term, |t - T1| <= gamma3 S with
///   S the sum of the four |products| <= 2u P, P = |ux vy| + |uy vx|,
///   gamma3 = 3u / (1 - 3u).
///   |T2| <= u^2 P. The result r = RN(x + t): |r - (x + t)| <= u |r|.
///   Together: |D - r| <= u |r| + 2u/(1-2u) |x| + (6u^2/(1-3u) + u^2) P.
///   The computed p = RN(|RN(ux vy)| + |RN(uy vx)|) has P <= (1 + u)^2 p.
///   So the sign of r is D's when (1 - u) |r| > 2u/(1-2u) |x| + 7.01 u^2 p;
///   the bound below, 2u (1 + 2^-20) |x| + 8u^2 p computed in floating point
///   (two products and a sum, each rounding down by at most a factor
///   (1 + u)), exceeds that right-hand side divided by (1 - u): the 2^-20
///   and 8/7.01 margins dwarf every (1 +- ku) factor. Estimate::sign() asks
///   |r| > bound.
/// Costs about a dozen dependent flops; exact differences go to the FMA sign
/// test instead, which decides even D = 0.
namespace {
[[gnu::always_inline]] inline Estimate tail_estimate(double ux, double uy, double vx, double vy,
                                                    double uxt, double uyt, double vxt,
                                                    double vyt) {
  constexpr double u = 0x1p-53;
  constexpr double cx = 2 * u * (1 + 0x1p-20), cp = 8 * u * u;
  const double w = uy * vx, e = std::fma(uy, vx, -w), f = std::fma(ux, vy, -w);
  const double x = f - e;
  const double t = (ux * vyt + vy * uxt) - (uy * vxt + vx * uyt);
  const double p = std::fabs(ux * vy) + std::fabs(w);
  return {x + t, cx * std::fabs(x) + cp * p};
}
}  // namespace

EXACTGEOM_TARGET_CLONES Estimate orient2d_tail_estimate(const double* c) {
  const double ux = c[2] - c[0], uy = c[3] - c[1], vx = c[4] - c[0], vy = c[5] - c[1];
  return tail_estimate(ux, uy, vx, vy, diff_tail(c[2], c[0], ux), diff_tail(c[3], c[1], uy),
                       diff_tail(c[4], c[0], vx), diff_tail(c[5], c[1], vy));
}

namespace {
/// Returned by orient2d_staged when no stage answers.
constexpr int kUndecided = 2;

/// The stages on doubles before the integers, in one function (one runtime
/// dispatch): -1, 0, +1, or kUndecided. Coordinates in adaptive_range6()
/// make every difference 0 or in [2^-452, 2^401], inside the FMA sign
/// test's range, so: exact differences -> the FMA sign test (decides even
/// D = 0); inexact -> the tail estimate. Outside that range (or non-finite)
/// the FMA sign test still runs when the differences are exact and in its
/// own range.
[[gnu::always_inline]] inline int orient2d_staged(const double* c) {
  const double ux = c[2] - c[0], uy = c[3] - c[1], vx = c[4] - c[0], vy = c[5] - c[1];
  const double uxt = diff_tail(c[2], c[0], ux), uyt = diff_tail(c[3], c[1], uy);
  const double vxt = diff_tail(c[4], c[0], vx), vyt = diff_tail(c[5], c[1], vy);
  const bool exact_diffs = (uxt == 0) & (uyt == 0) & (vxt == 0) & (vyt == 0);
  if (adaptive_range6(c)) {
    if (exact_diffs) return fma_sign(ux, uy, vx, vy);
    const Estimate t = tail_estimate(ux, uy, vx, vy, uxt, uyt, vxt, vyt);
    return or_undecided((t.det > t.bound) - (-t.det > t.bound));
  }
  if (exact_diffs && in_safe_range(ux) && in_safe_range(uy) && in_safe_range(vx) &&
      in_safe_range(vy))
    return fma_sign(ux, uy, vx, vy);
  return kUndecided;
}
}  // namespace

// The stages inlined into the entry point, which is the function cloned
// for x86-64-v3: one call (through the ifunc) fewer per undecided input.
EXACTGEOM_TARGET_CLONES int orient2d_exact(const double* c) {
  // Non-finite input is never decided by the stages (it fails their range
  // tests) and is reported below.
  if (const int s = orient2d_staged(c); s != kUndecided) [[likely]] return s;
  return exact_from_doubles<6>(
      c, "orient2d", [](const std::int64_t* w, int) { return orient2d_int(w); },
      [](const mpz_class* z) { return orient2d_exact(z); });
}
int orient3d_exact(const double* c) {
  return exact_from_doubles<12>(
      c, "orient3d", [](const std::int64_t* w, int b) { return orient3d_int(w, b); },
      [](const mpz_class* z) { return orient3d_exact(z); });
}
int incircle_exact(const double* c) {
  return exact_from_doubles<8>(
      c, "incircle", [](const std::int64_t* w, int b) { return incircle_int(w, b); },
      [](const mpz_class* z) { return incircle_exact(z); });
}
int insphere_det_exact(const double* c) {
  return exact_from_doubles<15>(
      c, "insphere", [](const std::int64_t* w, int b) { return insphere_int(w, b); },
      [](const mpz_class* z) { return insphere_det_exact(z); });
}

int incircle_exact(const std::int32_t* c) {
  i32_wide_incircle w[8];
  widen(c, w);
  return incircle_k(w, w + 2, w + 4, w + 6);
}
int insphere_det_exact(const std::int32_t* c) {
  i32_wide_insphere w[15];
  widen(c, w);
  return insphere_det_k(w, w + 3, w + 6, w + 9, w + 12);
}
int orient3d_exact(const std::int64_t* c) {
  // The 192-bit path when every c[i] is in [-2^62, 2^62), else fixed_int<256>.
  std::uint64_t any = 0;
  for (int i = 0; i < 12; ++i) any |= static_cast<std::uint64_t>(c[i] < 0 ? ~c[i] : c[i]);
  return orient3d_int(c, static_cast<int>(std::bit_width(any)) + 1);
}
int incircle_exact(const std::int64_t* c) { return incircle_int(c, 64); }
int insphere_det_exact(const std::int64_t* c) { return insphere_int(c, 64); }

int orient2d_exact(const mpz_class* c) { return orient2d_k(c[0], c[1], c[2], c[3], c[4], c[5]); }
int orient3d_exact(const mpz_class* c) { return orient3d_k(c, c + 3, c + 6, c + 9); }
int incircle_exact(const mpz_class* c) { return incircle_k(c, c + 2, c + 4, c + 6); }
int insphere_det_exact(const mpz_class* c) { return insphere_det_k(c, c + 3, c + 6, c + 9, c + 12); }

// The kernels' conversion of any Boost integer (kernel/wide_int.hpp), which
// copies cpp_int's limbs without a temporary vector.
mpz_class to_mpz(const cpp_int& v) { return int_to_mpz(v); }

cpp_int to_cpp_int(const mpz_class& v) {
  const std::size_t n = (mpz_sizeinbase(v.get_mpz_t(), 2) + 63) / 64;
  std::vector<std::uint64_t> limbs(n);
  std::size_t count = 0;
  mpz_export(limbs.data(), &count, -1, sizeof(std::uint64_t), 0, 0, v.get_mpz_t());
  cpp_int r;
  import_bits(r, limbs.begin(), limbs.begin() + static_cast<std::ptrdiff_t>(count), 64, false);
  return sgn(v) < 0 ? cpp_int(-r) : r;
}

mpq_class to_mpq(const cpp_rational& v) {
  mpq_class q(to_mpz(numerator(v)), to_mpz(denominator(v)));
  q.canonicalize();
  return q;
}

cpp_rational to_cpp_rational(const mpq_class& v) {
  return cpp_rational(to_cpp_int(v.get_num()), to_cpp_int(v.get_den()));
}

void scale_to_integers(const mpq_class* in, mpz_class* out, int n) {
  mpz_class l = 1;
  for (int i = 0; i < n; ++i) mpz_lcm(l.get_mpz_t(), l.get_mpz_t(), in[i].get_den_mpz_t());
  for (int i = 0; i < n; ++i) {
    mpz_divexact(out[i].get_mpz_t(), l.get_mpz_t(), in[i].get_den_mpz_t());
    out[i] *= in[i].get_num();
  }
}

// The big-coordinate paths declared in exact_fixed.hpp, instantiated here
// for the four big Coordinate types and no others.
template <class T>
int orient2d_exact_big(const T* c) {
  mpz_class z[6];
  to_big_integers(c, z, 6);
  return orient2d_exact(z);
}
template <class T>
int orient3d_exact_big(const T* c) {
  mpz_class z[12];
  to_big_integers(c, z, 12);
  return orient3d_exact(z);
}
template <class T>
int incircle_exact_big(const T* c) {
  mpz_class z[8];
  to_big_integers(c, z, 8);
  return incircle_exact(z);
}
template <class T>
int insphere_det_exact_big(const T* c) {
  mpz_class z[15];
  to_big_integers(c, z, 15);
  return insphere_det_exact(z);
}

#define EXACTGEOM_INSTANTIATE_BIG(T)                  \
  template int orient2d_exact_big<T>(const T*);       \
  template int orient3d_exact_big<T>(const T*);       \
  template int incircle_exact_big<T>(const T*);       \
  template int insphere_det_exact_big<T>(const T*);
EXACTGEOM_INSTANTIATE_BIG(mpz_class)
EXACTGEOM_INSTANTIATE_BIG(mpq_class)
EXACTGEOM_INSTANTIATE_BIG(cpp_int)
EXACTGEOM_INSTANTIATE_BIG(cpp_rational)
#undef EXACTGEOM_INSTANTIATE_BIG

}  // namespace exactgeom::detail

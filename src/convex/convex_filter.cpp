// The double-precision stages in front of the exact convex engine
// (detail/convex_filter.hpp). Three of them:
//
// 1. Two boxes: the separating-axis test (Gottschalk, Lin, Manocha 1996;
//    Ericson 4.4.1) evaluated in double with a derived bound on its error.
//    A box is the parallelepiped {c + sum s_i h_i a_i : s in [-1, 1]^3}; its
//    facet normals are the cross products a_j x a_k, its edges the a_i. For
//    an exact axis L (a facet normal of either box, or a_i x b_j):
//      V(L) = sum_i hA_i |a_i.L| + sum_j hB_j |b_j.L| - |(cB - cA).L|,
//    the overlap of the two projections on L. Two convex polytopes are
//    disjoint iff a plane parallel to a facet of one, or to an edge of each
//    (non-parallel edges), separates them (the separating axis theorem), so:
//      some V(L) < 0        => the cores are disjoint, and
//                              dist >= -V(L) / |L| for that L;
//      every V(L) >= 0      => the cores meet (both boxes solid: h_i > 0 and
//                              the axes independent; parallel edge pairs,
//                              L = 0 exactly, give no axis and are skipped).
//    Error bound. V is evaluated from the exact inputs by an expression of
//    depth at most 10 (L: a product and a difference; a.L: three products
//    and two sums; times h; three terms; two boxes; minus |d.L| with d a
//    difference), and |.| is 1-Lipschitz, so by the standard forward error
//    analysis (Higham, Accuracy and Stability of Numerical Algorithms, 3.1)
//    |V^ - V| <= gamma_10 Vabs, with Vabs the same expression on absolute
//    values. With M the largest |axis component|, H the largest half extent
//    and C the largest |component of cB - cA| (computed; true <= C (1 + u)):
//    |L| components <= 2M^2, |x.L| <= 6M^3, Vabs <= 36 H M^3 + 6 C (1 + u)
//    M^2. gamma_10 < 10.01 u; E = 12 u Vabs (1 + 2^-40) covers it and the
//    rounding of E itself. Underflow and overflow: every nonzero input has
//    magnitude in [2^-200, 2^200] (checked), so every nonzero intermediate is
//    at least 2^-1000 (differences of such numbers are multiples of their
//    last places) and at most 2^900: neither occurs. (An input out of
//    range, NaN, infinite or negative where it must not be: no answer.)
//    |L| for the radius test: |L^ - L| <= gamma_2 * 2M^2 per component, so |L| <= |L^| (1 + 4u)
//    + 12 u M^2 (sqrt and the dot product add a few u).
//
// 2. Any two vertex lists: GJK in double (the classic algorithm, Ericson
//    9.5.2, on A - B), then certificates checked with error bounds:
//     - a separating direction n: max n.a and min n.b, each dot product
//       within gamma_3 (|n|.|x|)_1 of its computed value (plus rho |n|_1 for
//       inexact vertices), give dist >= (min n.b - max n.a - errors) / |n|;
//     - a witness: the simplex's weights lambda >= 0 (doubles, taken
//       exactly) make p = sum lambda_i a_i / sum lambda, q likewise, exact
//       points of the cores; |p - q| is bounded from its computed value;
//     - containment (radius 0): the origin strictly inside the final
//       simplex of A - B, by the exact-sign orientation filters on the
//       differences a_i - b_i (each rounded once: the filters' input model).
//
// 3. Two boxes whose axes are orthonormal up to rounding, in front of 1:
//    the textbook test in A's frame with a bound that also covers treating
//    the axes as orthonormal (derivation at box3_ortho).
#include "exactgeom/detail/convex_filter.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>

#include "exactgeom/contact.hpp"
#include "exactgeom/detail/filters.hpp"
#include "exactgeom/detail/scaling.hpp"

namespace exactgeom::detail::cvx {

namespace {

constexpr double kU = 0x1p-53;

/// 0, or a magnitude in [2^-200, 2^200): the range the bounds above
/// assume (on the bits: a biased exponent in [1023 - 200, 1023 + 199]).
inline bool in_range(double x) {
  const auto b = std::bit_cast<std::uint64_t>(x);
  const auto e = static_cast<unsigned>((b >> 52) & 0x7ff);
  return (b << 1) == 0 || e - (1023u - 200u) < 400u;
}

inline void cross(const double* x, const double* y, double* out) {
  out[0] = x[1] * y[2] - x[2] * y[1];
  out[1] = x[2] * y[0] - x[0] * y[2];
  out[2] = x[0] * y[1] - x[1] * y[0];
}
inline double dot(const double* x, const double* y) { return x[0] * y[0] + x[1] * y[1] + x[2] * y[2]; }

/// x1 y2 - x2 y1 is exactly zero (no underflow in range: the products are
/// p + e exactly, with p and e unique).
inline bool exact_zero_2x2(double x1, double y2, double x2, double y1) {
  const double p1 = x1 * y2, p2 = x2 * y1;
  return p1 == p2 && std::fma(x1, y2, -p1) == std::fma(x2, y1, -p2);
}
bool exact_zero_cross(const double* x, const double* y) {
  return exact_zero_2x2(x[1], y[2], x[2], y[1]) && exact_zero_2x2(x[2], y[0], x[0], y[2]) &&
         exact_zero_2x2(x[0], y[1], x[1], y[0]);
}

/// The 15 candidate axes: which two vectors make each (0..2: A's axes,
/// 3..5: B's).
struct AxisPair {
  int p, q;
};
constexpr AxisPair kAxes[15] = {{1, 2}, {2, 0}, {0, 1}, {4, 5}, {5, 3}, {3, 4}, {0, 3}, {0, 4},
                                {0, 5}, {1, 3}, {1, 4}, {1, 5}, {2, 3}, {2, 4}, {2, 5}};

struct BoxSat {
  bool valid = false;  // inputs in range, bound finite
  double E = 0;        // the bound on |V^ - V|
  double M2 = 0;       // M^2
  double d[3];         // cB - cA, rounded
  const double* v[6];  // the six axis vectors
};

BoxSat prepare(const BoxD3& x, const BoxD3& y) {
  BoxSat s;
  double M = 0, H = 0, C = 0;
  bool ok = true;
  for (int i = 0; i < 3; ++i) {
    for (int k = 0; k < 3; ++k) {
      ok &= in_range(x.a[i][k]) & in_range(y.a[i][k]);
      M = std::max(M, std::max(std::fabs(x.a[i][k]), std::fabs(y.a[i][k])));
    }
    ok &= in_range(x.h[i]) & in_range(y.h[i]) & in_range(x.c[i]) & in_range(y.c[i]);
    H = std::max(H, std::max(x.h[i], y.h[i]));
    s.d[i] = y.c[i] - x.c[i];
    ok &= in_range(s.d[i]);
    C = std::max(C, std::fabs(s.d[i]));
  }
  ok &= in_range(x.r) & in_range(y.r);
  ok &= !(x.h[0] < 0) & !(x.h[1] < 0) & !(x.h[2] < 0) & !(y.h[0] < 0) & !(y.h[1] < 0) & !(y.h[2] < 0);
  ok &= !(x.r < 0) & !(y.r < 0);
  s.valid = ok;
  const double vabs = 36 * H * M * M * M + 6 * C * (1 + kU) * M * M;
  s.E = 12 * kU * vabs * (1 + 0x1p-40);
  s.M2 = M * M;
  for (int i = 0; i < 3; ++i) s.v[i] = x.a[i], s.v[3 + i] = y.a[i];
  return s;
}

/// The 15 values V^, computed with shared parts (Ericson 4.4.1's trick,
/// for parallelepipeds): with NA_m = a_(m+1) x a_(m+2) and NB_m likewise,
/// a_k . (a_i x b_j) = +-b_j . NA_(3-i-k) and b_l . (a_i x b_j) =
/// +-a_i . NB_(3-j-l), a_i . NA_m = 0 (i != m) and det A (i = m), exactly.
/// Each V^ is then an evaluation of the exact V of depth at most 10 whose
/// absolute-value twin obeys the same magnitude bounds (|NA| <= 2M^2,
/// |b . NA| <= 6M^3), so the bound E above holds for it unchanged. Parts
/// are computed on first use: the filter stops at the first separating axis.
class SatEval {
 public:
  SatEval(const BoxD3& x, const BoxD3& y, const BoxSat& s) : x_(x), y_(y), s_(s) {}

  /// V^ on axis k of kAxes. For an edge axis, d . (a_i x b_j) is
  /// evaluated as b_j . (d x a_i) (the same triple product; |d x a_i| <=
  /// 2CM componentwise and |b . (d x a)| <= 6CM^2, the bounds of d . L, at
  /// the same depth), so the three d x a_i serve all nine edge axes.
  double value(int k) {
    const AxisPair ap = kAxes[k];
    if (k < 3) {
      need_ma();
      double v = x_.h[k] * std::fabs(deta_);
      for (int j = 0; j < 3; ++j) v += y_.h[j] * std::fabs(ma_[k][j]);
      return v - std::fabs(dot(s_.d, na_[k]));
    }
    if (k < 6) {
      const int m = k - 3;
      need_mb();
      double v = 0;
      for (int i = 0; i < 3; ++i) v += x_.h[i] * std::fabs(mb_[m][i]);
      v += y_.h[m] * std::fabs(detb_);
      return v - std::fabs(dot(s_.d, nb_[m]));
    }
    const int i = ap.p, j = ap.q - 3;
    need_ma(), need_mb(), need_ta();
    double v = 0;
    for (int t = 1; t <= 2; ++t) {
      const int kk = (i + t) % 3, ll = (j + t) % 3;
      v += x_.h[kk] * std::fabs(ma_[3 - i - kk][j]);
      v += y_.h[ll] * std::fabs(mb_[3 - j - ll][i]);
    }
    return v - std::fabs(dot(ta_[i], y_.a[j]));
  }

  /// L^ on axis k: the rounded cross product (A's or B's face normal, or
  /// a_i x b_j).
  void axis(int k, double* L) {
    if (k < 3) {
      need_a();
      std::copy(na_[k], na_[k] + 3, L);
    } else if (k < 6) {
      need_b();
      std::copy(nb_[k - 3], nb_[k - 3] + 3, L);
    } else {
      cross(x_.a[kAxes[k].p], y_.a[kAxes[k].q - 3], L);
    }
  }

 private:
  void need_a() {
    if (have_a_) return;
    for (int m = 0; m < 3; ++m) cross(x_.a[(m + 1) % 3], x_.a[(m + 2) % 3], na_[m]);
    deta_ = dot(x_.a[0], na_[0]);
    have_a_ = true;
  }
  void need_b() {
    if (have_b_) return;
    for (int m = 0; m < 3; ++m) cross(y_.a[(m + 1) % 3], y_.a[(m + 2) % 3], nb_[m]);
    detb_ = dot(y_.a[0], nb_[0]);
    have_b_ = true;
  }
  void need_ta() {
    if (have_ta_) return;
    for (int i = 0; i < 3; ++i) cross(s_.d, x_.a[i], ta_[i]);
    have_ta_ = true;
  }
  void need_ma() {
    if (have_ma_) return;
    need_a();
    for (int m = 0; m < 3; ++m)
      for (int j = 0; j < 3; ++j) ma_[m][j] = dot(na_[m], y_.a[j]);
    have_ma_ = true;
  }
  void need_mb() {
    if (have_mb_) return;
    need_b();
    for (int m = 0; m < 3; ++m)
      for (int i = 0; i < 3; ++i) mb_[m][i] = dot(nb_[m], x_.a[i]);
    have_mb_ = true;
  }

  const BoxD3& x_;
  const BoxD3& y_;
  const BoxSat& s_;
  bool have_a_ = false, have_b_ = false, have_ma_ = false, have_mb_ = false, have_ta_ = false;
  double na_[3][3], nb_[3][3], deta_ = 0, detb_ = 0, ma_[3][3], mb_[3][3], ta_[3][3];
};

/// The boxes are solid: every half extent positive and the axes
/// independent (an exact-sign filter on det(a0, a1, a2)).
bool solid(const BoxD3& b) {
  return b.h[0] > 0 && b.h[1] > 0 && b.h[2] > 0 &&
         orient3d_filter_d(b.a[0][0], b.a[0][1], b.a[0][2], b.a[1][0], b.a[1][1], b.a[1][2], b.a[2][0], b.a[2][1],
                           b.a[2][2]) != 0;
}

/// Exact integers for doubles, all scaled by one power of two 2^-e.
struct Exact {
  int e = 0;
  mpz_class z(double x) const {
    const Dyadic d = to_dyadic(x);
    mpz_class r = mpz_of(d.m);
    if (d.m != 0) mpz_mul_2exp(r.get_mpz_t(), r.get_mpz_t(), static_cast<mp_bitcnt_t>(d.e - e));
    return r;
  }
};

/// e: the least exponent among the boxes' centres, half extents and axes
/// (0 when all are zero), so that every one is an integer times 2^e.
Exact common_scale(const BoxD3& x, const BoxD3& y) {
  Exact ex;
  ex.e = std::numeric_limits<int>::max();
  auto low = [&](double v) {
    const Dyadic d = to_dyadic(v);
    if (d.m != 0) ex.e = std::min(ex.e, d.e);
  };
  for (const BoxD3* b : {&x, &y}) {
    for (int i = 0; i < 3; ++i) {
      low(b->c[i]), low(b->h[i]);
      for (int k = 0; k < 3; ++k) low(b->a[i][k]);
    }
  }
  if (ex.e == std::numeric_limits<int>::max()) ex.e = 0;
  return ex;
}

/// The exact sign of V(L) on the axes the double stage left open (resting
/// boxes: the contact face's two normals and the edge pairs parallel to
/// it). With every input an integer times 2^e (common_scale), the axis
/// vectors are A = 2^-e a, L' = A_p x A_q = 2^-2e L, and
///   V = sum_boxes sum_i h_i |a_i . L| - |d . L|
///     = 2^(4e) S1 - 2^(3e) |S2|,  S1 = sum H_i |A_i . L'|,  S2 = D . L'
/// (H = 2^-e h, D = 2^-e d), so sign V = sign(2^e S1 - |S2|): integers
/// only, no division. The integers are made once per query, on the first
/// axis that needs them; GMP because the spread of exponents among the
/// inputs is not bounded (a rotation entry of 1e-300 beside a centre of 1e6).
class ExactSigns {
 public:
  ExactSigns(const BoxD3& x, const BoxD3& y) : x_(x), y_(y), z_(scratch()) {}

  int sign(const AxisPair& ap) {
    if (!ready_) init();
    // GMP's C calls on preallocated integers: gmpxx's expression
    // temporaries cost a malloc each, most of the time at these sizes.
    auto& A_ = z_.A;
    auto& H_ = z_.H;
    auto& s1_ = z_.s1;
    auto& s2_ = z_.s2;
    auto& t_ = z_.t;
    mpz_class* L = z_.Ls[n_];
    cross_z(A_[ap.p], A_[ap.q], L);
    // An axis parallel to one already decided has the same sign (V(cL) =
    // |c| V(L)); boxes of one rotation give the same L four times over.
    for (int j = 0; j < n_; ++j)
      if (same_line(L, z_.Ls[j])) return signs_[j];
    mpz_set_ui(s1_.get_mpz_t(), 0);
    for (int i = 0; i < 6; ++i) {
      dot_z(A_[i], L, t_);
      if (sgn(t_) < 0)
        mpz_submul(s1_.get_mpz_t(), H_[i].get_mpz_t(), t_.get_mpz_t());
      else
        mpz_addmul(s1_.get_mpz_t(), H_[i].get_mpz_t(), t_.get_mpz_t());
    }
    dot_z(z_.D, L, s2_);
    mpz_abs(s2_.get_mpz_t(), s2_.get_mpz_t());
    if (ex_.e >= 0)
      mpz_mul_2exp(s1_.get_mpz_t(), s1_.get_mpz_t(), static_cast<mp_bitcnt_t>(ex_.e));
    else
      mpz_mul_2exp(s2_.get_mpz_t(), s2_.get_mpz_t(), static_cast<mp_bitcnt_t>(-ex_.e));
    const int c = cmp(s1_, s2_);
    signs_[n_++] = c;
    return c;
  }

 private:
  static void cross_z(const mpz_class* p, const mpz_class* q, mpz_class* L) {
    for (int k = 0; k < 3; ++k) {
      const int k1 = (k + 1) % 3, k2 = (k + 2) % 3;
      mpz_mul(L[k].get_mpz_t(), p[k1].get_mpz_t(), q[k2].get_mpz_t());
      mpz_submul(L[k].get_mpz_t(), p[k2].get_mpz_t(), q[k1].get_mpz_t());
    }
  }
  static void dot_z(const mpz_class* u, const mpz_class* w, mpz_class& out) {
    mpz_mul(out.get_mpz_t(), u[0].get_mpz_t(), w[0].get_mpz_t());
    mpz_addmul(out.get_mpz_t(), u[1].get_mpz_t(), w[1].get_mpz_t());
    mpz_addmul(out.get_mpz_t(), u[2].get_mpz_t(), w[2].get_mpz_t());
  }
  /// u = w or u = -w, component by component (only those are looked for:
  /// a cheap test that catches the repeated axes of resting boxes).
  static bool same_line(const mpz_class* u, const mpz_class* w) {
    bool plus = true, minus = true;
    for (int k = 0; k < 3; ++k) {
      plus = plus && mpz_cmp(u[k].get_mpz_t(), w[k].get_mpz_t()) == 0;
      minus = minus && mpz_cmpabs(u[k].get_mpz_t(), w[k].get_mpz_t()) == 0 && sgn(u[k]) == -sgn(w[k]);
    }
    return plus || minus;
  }
  /// x 2^-e, an integer: in range (prepare), |x| < 2^200 and e >= -252, so
  /// x 2^-e < 2^452 is a double, exactly (scaling by a power of two).
  void set(mpz_class& z, double x) const { mpz_set_d(z.get_mpz_t(), x * scale_); }
  /// e = (the least binary exponent among the nonzero inputs) - 52: every
  /// input is an integer times 2^e (not always the largest such power, which
  /// costs a count of trailing zeros per value and gains nothing here).
  static int low_exponent(const BoxD3& b, int e) {
    auto low = [&e](double v) {
      const auto bits = std::bit_cast<std::uint64_t>(v);
      const int be = static_cast<int>((bits >> 52) & 0x7ff);  // in range: normal or zero
      if ((bits << 1) != 0) e = std::min(e, be - 1023 - 52);
    };
    for (int i = 0; i < 3; ++i) {
      low(b.c[i]), low(b.h[i]), low(b.a[i][0]), low(b.a[i][1]), low(b.a[i][2]);
    }
    return e;
  }
  void init() {
    ex_.e = low_exponent(y_, low_exponent(x_, std::numeric_limits<int>::max()));
    if (ex_.e == std::numeric_limits<int>::max()) ex_.e = 0;  // every input zero
    scale_ = std::ldexp(1.0, -ex_.e);  // 2^-e, -e <= 252: a double
    const BoxD3* b[2] = {&x_, &y_};
    for (int i = 0; i < 6; ++i) {
      for (int k = 0; k < 3; ++k) set(z_.A[i][k], b[i / 3]->a[i % 3][k]);
      set(z_.H[i], b[i / 3]->h[i % 3]);
    }
    for (int k = 0; k < 3; ++k) {
      set(z_.D[k], y_.c[k]), set(z_.t, x_.c[k]);
      mpz_sub(z_.D[k].get_mpz_t(), z_.D[k].get_mpz_t(), z_.t.get_mpz_t());
    }
    ready_ = true;
  }

  /// The integers, one set per thread, kept between queries so that their
  /// limbs are allocated once, not on every query.
  struct Scratch {
    mpz_class A[6][3], H[6], D[3], s1, s2, t;
    mpz_class Ls[15][3];  // the axes decided so far
  };
  static Scratch& scratch() {
    thread_local Scratch z;
    return z;
  }

  const BoxD3& x_;
  const BoxD3& y_;
  Scratch& z_;
  bool ready_ = false;
  Exact ex_;
  double scale_ = 1;
  int signs_[15] = {}, n_ = 0;  // the signs of z_.Ls[0..n_)
};


// ---------------------------------------------------------------------------
// 3. The first stage for boxes whose axes are orthonormal up to rounding
//    (every rotation matrix an engine holds, float or double): the textbook
//    test (Ericson 4.4.1: everything in A's frame, R = A^T B, t = A^T d)
//    with a bound that covers both its rounding and the error of treating
//    the given axes as orthonormal. The boxes are still the parallelepipeds
//    the given axes span; the stage answers only when the bound makes the
//    answer certain for those, and leaves the rest to the general stage.
//
//    Model error. Let delta >= max |a_i . a_j - [i = j]| over both boxes
//    (computed below with its own rounding covered), delta <= 2^-11 (the
//    stage takes computed deviations up to 2^-12; the constants below hold
//    with room up to 2^-11). Then
//    A^T A = I + F with ||F||_2 <= ||F||_Frobenius <= 3 delta, |a_i| <=
//    1 + delta / 2, |det A| in [(1 - 3 delta)^1.5, (1 + 3 delta)^1.5]
//    (det(A)^2 = det(I + F)), so ||det A| - 1| <= 5 delta; A is invertible
//    (the box is solid when its half extents are positive). Let L*_i =
//    A^-T e_i, the dual basis: a_i . L*_i = 1, a_m . L*_i = 0 (m != i),
//    L*_i = N_i / det A with N_i = a_(i+1) x a_(i+2) the true facet normal,
//    and L*_i - a_i = -A (I + F)^-1 F e_i, so |L*_i - a_i| <= sqrt(1 + 3
//    delta) sqrt(3) delta / (1 - 3 delta) <= 2 delta, |L*_i| <= 1 + 2.5
//    delta. Likewise M*_j for B. With V(L) the exact overlap of the two
//    projections on L (section 1), d = cB - cA exact and T the textbook
//    formula evaluated exactly from the exact inputs:
//    - face a_i: T = hA_i + sum_j hB_j |a_i.b_j| - |d.a_i|, V(L*_i) =
//      hA_i + sum_j hB_j |b_j.L*_i| - |d.L*_i| (exactly: the dual basis),
//      |T - V(L*_i)| <= (sum_j hB_j |b_j| + |d|) 2 delta;
//    - face b_j: T = sum_i hA_i |a_i.b_j| + hB_j - |sum_i (d.a_i)(a_i.b_j)|,
//      and sum_i (d.a_i)(a_i.b_j) = d^T A A^T b_j with ||A A^T - I||_2 =
//      ||F||_2: |T - V(M*_j)| <= sum_i hA_i |a_i| 2 delta + |d| (2 delta +
//      3 delta |b_j|) <= 5.01 delta (sum hA + |d|);
//    - edges a_i x b_j (i1 = i + 1, i2 = i + 2, j1, j2 likewise, mod 3):
//      a_i1.(a_i x b_j) = -b_j.N_i2 = -det A b_j.L*_i2, a_i2.(a_i x b_j) =
//      b_j.N_i1, a_i.(a_i x b_j) = 0, the same for B's axes, and
//      t_i2 R_i1j - t_i1 R_i2j (exact) = b_j.(d x N_i) = d.(N_i x b_j); the
//      textbook's T replaces |det A| b.L* by b.a and N_i by a_i, each
//      change <= (||det A| - 1| |L*| + |L* - a|) |b| <= 7.02 delta per unit
//      of half extent or of |d|.
//    So |T - V(L)| <= 8 delta (H + |d|) on each of the 15 axes L (L*_i, M*_j,
//    a_i x b_j), H the sum of the six half extents: a true SAT axis, or one
//    parallel to it (L*_i is N_i / det A). Rounding: with u = 2^-53, D the
//    computed |d|_1 (>= |d|_2 (1 - 5u)), each computed R_ij = fl(a_i.b_j)
//    is within 3.01u of a_i.b_j, each t_i = fl(fl(cB - cA).a_i) within
//    4.01u D of d.a_i; carrying these through the at most 4 products and 6
//    sums of one axis gives at most 9u H + 36u D (face b_j's d-part is the
//    largest, bounded crudely with |R_ij| <= 1.001, |t_i| <= 1.001 D);
//    64u (H + D) covers every axis. Underflow: each product's absolute
//    error below 2^-1022 is at most 2^-1075, and fewer than 40 of them reach
//    one axis's value (the ones inside R and the Gram entries are covered
//    by the u-terms, those being O(1) quantities): 2^-1060 covers them.
//    Overflow: the stage requires H + D < 2^1000 and R < 2^1000, so every
//    intermediate is below 2^1003. So with
//      E = (64u + 8 delta)(H + D)(1 + 2^-30) + 2^-1060,
//    computed T^ > E on all 15 axes => every V(L) > 0 => the solid cores
//    intersect (section 1's theorem; L = 0 cannot give V > 0), and T^ < -E
//    on one => V(L) < 0 => apart, by at least (-T^ - E) / |L|, |L| <= 1 +
//    2.5 delta. Axes within E of 0 (resting boxes) are decided by their
//    exact signs on the true axes (ExactSigns, as box3_filter does: the
//    15 axes above are kAxes's, up to a nonzero factor), when every other
//    axis is certainly overlapping; apart by less than R goes to the
//    general stage, which decides it or not as before. Inputs out of this
//    stage's domain -- axes further than
//    2^-12 from orthonormal, a half extent not > 0, a negative or NaN radius,
//    any NaN or infinity (each fails one of the checks, which are written
//    so that NaN fails), magnitudes near overflow -- go there too, so
//    invalid input still reaches the general path's checks.

constexpr double kOrthoCap = 0x1p-12;  // the largest computed deviation taken (delta <= 2^-11 above)

/// max |G_ij - [i = j]| over the Gram matrix of the rows of a, as computed.
inline double gram_deviation(const double (&a)[3][3]) {
  const double g00 = dot(a[0], a[0]) - 1, g11 = dot(a[1], a[1]) - 1, g22 = dot(a[2], a[2]) - 1;
  const double g01 = dot(a[0], a[1]), g02 = dot(a[0], a[2]), g12 = dot(a[1], a[2]);
  return std::max(std::max(std::max(std::fabs(g00), std::fabs(g11)), std::max(std::fabs(g22), std::fabs(g01))),
                  std::max(std::fabs(g02), std::fabs(g12)));
}

/// prepare()'s range checks alone (ExactSigns relies on them).
bool inputs_in_range(const BoxD3& x, const BoxD3& y) {
  bool ok = in_range(x.r) & in_range(y.r);
  for (int i = 0; i < 3; ++i) {
    ok &= in_range(x.c[i]) & in_range(y.c[i]) & in_range(x.h[i]) & in_range(y.h[i]) & in_range(y.c[i] - x.c[i]);
    for (int k = 0; k < 3; ++k) ok &= in_range(x.a[i][k]) & in_range(y.a[i][k]);
  }
  return ok;
}

/// +1 / -1 as box3_filter; 0: not certain here (the general stage decides).
int box3_ortho(const BoxD3& x, const BoxD3& y) {
  const double dev = std::max(gram_deviation(x.a), gram_deviation(y.a));
  if (!(dev <= kOrthoCap)) return 0;  // not orthonormal enough, or NaN / infinite axes
  // |G^_ij - G_ij| <= gamma_3 |a_i| |a_j| (+ 3 2^-1075 underflow) and the
  // subtraction of 1 is exact (Sterbenz; any other evaluation order adds
  // at most u |result|): 8u covers it with room (fl(dev + 8u) rounds down
  // by at most u (dev + 8u)).
  const double delta = dev + 8 * kU;
  const double* hA = x.h;
  const double* hB = y.h;
  if (!(hA[0] > 0 && hA[1] > 0 && hA[2] > 0 && hB[0] > 0 && hB[1] > 0 && hB[2] > 0)) return 0;
  if (!(x.r >= 0 && y.r >= 0)) return 0;  // negative or NaN radius: the general path reports it
  const double R = x.r + y.r;
  const double d[3] = {y.c[0] - x.c[0], y.c[1] - x.c[1], y.c[2] - x.c[2]};
  const double H = ((hA[0] + hA[1]) + (hA[2] + hB[0])) + (hB[1] + hB[2]);
  const double D = std::fabs(d[0]) + std::fabs(d[1]) + std::fabs(d[2]);
  const double S = H + D;
  if (!(S < 0x1p1000 && R < 0x1p1000)) return 0;  // near overflow, or an infinite / NaN centre or extent
  const double E = (64 * kU + 8 * delta) * S * (1 + 0x1p-30) + 0x1p-1060;
  // Apart by more than R: (-T^ - E) / |L| > R (1 + u), |L| <= 1 + 2.5 delta.
  const double Rl = R * (1 + 4 * delta) * (1 + 0x1p-30);
  double Rm[3][3], Ra[3][3], t[3];
  for (int i = 0; i < 3; ++i) {
    t[i] = dot(d, x.a[i]);
    for (int j = 0; j < 3; ++j) Rm[i][j] = dot(x.a[i], y.a[j]), Ra[i][j] = std::fabs(Rm[i][j]);
  }
  // Each axis: certainly overlapping (go on), certainly apart by more than R
  // (-1), certainly apart but maybe not by R (the general stage, whose
  // tighter bound may still certify -1), or open (kept, as in box3_filter).
  int open[15], n_open = 0;
  auto judge = [&](double T, int k) {
    if (T > E) return 1;
    if (-T - E > Rl) return -1;
    if (-T > E) return 0;
    open[n_open++] = k;
    return 1;
  };
  for (int i = 0; i < 3; ++i) {  // L* of A: kAxes[i] = a_(i+1) x a_(i+2), parallel
    const double T = hA[i] + (hB[0] * Ra[i][0] + hB[1] * Ra[i][1] + hB[2] * Ra[i][2]) - std::fabs(t[i]);
    if (const int v = judge(T, i); v <= 0) return v;
  }
  for (int j = 0; j < 3; ++j) {  // M* of B: kAxes[3 + j]
    const double T = (hA[0] * Ra[0][j] + hA[1] * Ra[1][j] + hA[2] * Ra[2][j]) + hB[j] -
                     std::fabs(t[0] * Rm[0][j] + t[1] * Rm[1][j] + t[2] * Rm[2][j]);
    if (const int v = judge(T, 3 + j); v <= 0) return v;
  }
  for (int i = 0; i < 3; ++i) {  // a_i x b_j: kAxes[6 + 3 i + j]
    const int i1 = i == 2 ? 0 : i + 1, i2 = i == 0 ? 2 : i - 1;
    for (int j = 0; j < 3; ++j) {
      const int j1 = j == 2 ? 0 : j + 1, j2 = j == 0 ? 2 : j - 1;
      const double ra = hA[i1] * Ra[i2][j] + hA[i2] * Ra[i1][j];
      const double rb = hB[j1] * Ra[i][j2] + hB[j2] * Ra[i][j1];
      const double T = (ra + rb) - std::fabs(t[i2] * Rm[i1][j] - t[i1] * Rm[i2][j]);
      if (const int v = judge(T, 6 + 3 * i + j); v <= 0) return v;
    }
  }
  if (n_open == 0) return 1;
  // Open axes (resting boxes: the contact face's normal and the edge pairs
  // parallel to it) are decided as box3_filter decides them, by their
  // exact signs, without its double stage: an exactly zero edge axis is no
  // axis; the boxes are solid (h > 0 checked, det A != 0 by the bound on
  // delta); ExactSigns needs every input in prepare()'s range.
  if (!inputs_in_range(x, y)) return 0;
  ExactSigns ex(x, y);
  for (int i = 0; i < n_open; ++i) {
    const AxisPair ap = kAxes[open[i]];
    const double* v[6] = {x.a[0], x.a[1], x.a[2], y.a[0], y.a[1], y.a[2]};
    if (open[i] >= 6 && exact_zero_cross(v[ap.p], v[ap.q])) continue;
    if (ex.sign(ap) < 0) return R == 0 ? -1 : 0;  // apart; by how much the general path says
  }
  return 1;
}

}  // namespace

int box3_filter(const BoxD3& x, const BoxD3& y) {
  if (const int f = box3_ortho(x, y)) return f;  // section 3; 0: the general stage below
  const BoxSat s = prepare(x, y);
  if (!s.valid) return 0;
  const double R = x.r + y.r;  // R <= R^ (1 + u)
  bool all_overlap = true;
  int open[15], n_open = 0;  // axes within the bound of 0
  SatEval sat(x, y, s);
  for (int k = 0; k < 15; ++k) {
    const AxisPair& ap = kAxes[k];
    const double V = sat.value(k);
    if (V > s.E) continue;  // certainly overlapping on this axis
    if (-V > s.E) {
      // Certainly separated on this axis; apart by more than R?
      if (R == 0) return -1;
      double L[3];
      sat.axis(k, L);
      const double len = std::sqrt(dot(L, L)) * (1 + 4 * kU) + 12 * kU * s.M2;
      if ((-V - s.E) * (1 - 4 * kU) > R * (1 + 2 * kU) * len) return -1;
      all_overlap = false;
      continue;
    }
    // Within the bound of 0: an exactly zero axis (parallel edges) is no
    // axis at all; any other leaves the answer open.
    if (ap.p / 3 != ap.q / 3 && exact_zero_cross(s.v[ap.p], s.v[ap.q])) continue;
    open[n_open++] = k;
  }
  if (!all_overlap) return 0;
  // Only axes within the bound are left: their exact signs decide (the
  // separating axis theorem: solid parallelepipeds are disjoint if and only
  // if V < 0 on one of the 15 axes).
  if (n_open > 0) {
    if (!solid(x) || !solid(y)) return 0;
    ExactSigns ex(x, y);
    for (int i = 0; i < n_open; ++i)
      if (ex.sign(kAxes[open[i]]) < 0) return R == 0 ? -1 : 0;  // apart; by how much the engine says
    return 1;
  }
  return solid(x) && solid(y) ? 1 : 0;
}

// ---------------------------------------------------------------------------
// The exact value of V(L) for the axis L = v_p x v_q, from the doubles.

namespace {

struct ExactAxis {
  mpq_class V;   // V(L), exact
  mpq_class L2;  // |L|^2, exact
  mpq_class d;   // (cB - cA).L, exact (its sign says which way y moves)
  mpq_class L[3];
};

ExactAxis exact_axis(const BoxD3& x, const BoxD3& y, const AxisPair& ap) {
  const Exact ex = common_scale(x, y);
  auto vec = [&](const double* v) { return std::array<mpz_class, 3>{ex.z(v[0]), ex.z(v[1]), ex.z(v[2])}; };
  const double* vs[6] = {x.a[0], x.a[1], x.a[2], y.a[0], y.a[1], y.a[2]};
  const auto p = vec(vs[ap.p]), q = vec(vs[ap.q]);
  const std::array<mpz_class, 3> L{mpz_class(p[1] * q[2] - p[2] * q[1]), mpz_class(p[2] * q[0] - p[0] * q[2]),
                                   mpz_class(p[0] * q[1] - p[1] * q[0])};
  // In units of 2^e: axes are scaled by 2^-e, so L by 2^-2e, x.L by 2^-3e,
  // h (x.L) by 2^-4e, and d.L by 2^-3e: S1 (the radii) carries one more
  // factor 2^-e than S2 (the centres).
  auto dotz = [](const std::array<mpz_class, 3>& u, const std::array<mpz_class, 3>& w) {
    return mpz_class(u[0] * w[0] + u[1] * w[1] + u[2] * w[2]);
  };
  mpz_class S1 = 0;
  for (const BoxD3* b : {&x, &y})
    for (int i = 0; i < 3; ++i) S1 += ex.z(b->h[i]) * abs(dotz(vec(b->a[i]), L));
  const std::array<mpz_class, 3> dc{mpz_class(ex.z(y.c[0]) - ex.z(x.c[0])), mpz_class(ex.z(y.c[1]) - ex.z(x.c[1])),
                                    mpz_class(ex.z(y.c[2]) - ex.z(x.c[2]))};
  const mpz_class S2 = dotz(dc, L);
  ExactAxis out;
  // V = 2^4e S1 - 2^3e |S2|, L2 = 2^4e |L|^2, d = 2^3e S2, L = 2^2e L.
  auto pow2 = [](int k) {
    mpq_class r = 1;
    if (k >= 0) mpq_mul_2exp(r.get_mpq_t(), r.get_mpq_t(), static_cast<mp_bitcnt_t>(k));
    else mpq_div_2exp(r.get_mpq_t(), r.get_mpq_t(), static_cast<mp_bitcnt_t>(-k));
    return r;
  };
  out.V = mpq_class(S1) * pow2(4 * ex.e) - mpq_class(abs(S2)) * pow2(3 * ex.e);
  out.L2 = mpq_class(dotz(L, L)) * pow2(4 * ex.e);
  out.d = mpq_class(S2) * pow2(3 * ex.e);
  for (int k = 0; k < 3; ++k) out.L[k] = mpq_class(L[k]) * pow2(2 * ex.e);
  return out;
}

}  // namespace

std::optional<BoxPenetration> box3_penetration(const BoxD3& x, const BoxD3& y) {
  const BoxSat s = prepare(x, y);
  if (!s.valid || !solid(x) || !solid(y)) return std::nullopt;
  // Every candidate's P = V / |L| as an interval; the cores must meet
  // (every V >= 0, certainly).
  struct Cand {
    int k;
    double lo, hi;
  };
  Cand c[15];
  int n = 0;
  double best_hi = std::numeric_limits<double>::infinity();
  SatEval sat(x, y, s);
  for (int k = 0; k < 15; ++k) {
    const AxisPair& ap = kAxes[k];
    const double V = sat.value(k);
    if (!(V > s.E)) {
      if (V >= -s.E && ap.p / 3 != ap.q / 3 && exact_zero_cross(s.v[ap.p], s.v[ap.q])) continue;
      return std::nullopt;  // touching or apart on this axis: the general engine decides
    }
    double L[3];
    sat.axis(k, L);
    const double len = std::sqrt(dot(L, L));
    const double len_hi = len * (1 + 4 * kU) + 12 * kU * s.M2, len_lo = len * (1 - 4 * kU) - 12 * kU * s.M2;
    if (!(len_lo > 0)) return std::nullopt;
    c[n] = {k, (V - s.E) / len_hi * (1 - 4 * kU), (V + s.E) / len_lo * (1 + 4 * kU)};
    best_hi = std::min(best_hi, c[n].hi);
    ++n;
  }
  // The exact values of those that may be least.
  BoxPenetration out;
  bool have = false;
  mpq_class best_V, best_L2;
  std::vector<ExactAxis> ties;
  for (int i = 0; i < n; ++i) {
    if (c[i].lo > best_hi) continue;
    ExactAxis e = exact_axis(x, y, kAxes[c[i].k]);
    if (!have) {
      have = true;
      best_V = e.V, best_L2 = e.L2;
      ties = {e};
      continue;
    }
    // V / |L| against best: V^2 best_L2 vs best_V^2 L2 (all >= 0).
    const int cmp_ = cmp(mpq_class(e.V * e.V * best_L2), mpq_class(best_V * best_V * e.L2));
    if (cmp_ < 0) {
      best_V = e.V, best_L2 = e.L2;
      ties = {e};
    } else if (cmp_ == 0) {
      ties.push_back(e);
    }
  }
  if (!have) return std::nullopt;
  out.p2 = best_V * best_V / best_L2;
  // The direction: y moves along sign(d) L; d = 0 makes L and -L tie, and
  // several axes of one direction are one direction.
  std::vector<std::array<mpq_class, 3>> dirs;
  for (const ExactAxis& e : ties) {
    const int sd = sgn(e.d);
    auto add = [&](int sign) {
      std::array<mpq_class, 3> u{sign * e.L[0], sign * e.L[1], sign * e.L[2]};
      for (const auto& w : dirs) {
        const mpq_class cx = u[1] * w[2] - u[2] * w[1], cy = u[2] * w[0] - u[0] * w[2], cz = u[0] * w[1] - u[1] * w[0];
        if (sgn(cx) == 0 && sgn(cy) == 0 && sgn(cz) == 0 && sgn(mpq_class(u[0] * w[0] + u[1] * w[1] + u[2] * w[2])) > 0)
          return;
      }
      dirs.push_back(u);
    };
    if (sd >= 0) add(1);
    if (sd <= 0) add(-1);
  }
  if (dirs.size() == 1) out.n = {dirs[0][0], dirs[0][1], dirs[0][2]};
  return out;
}

std::optional<ContactFacts> box3_contact(const BoxD3& x, const BoxD3& y) {
  const std::optional<BoxPenetration> p = box3_penetration(x, y);
  if (!p) return std::nullopt;
  ContactFacts f;
  f.R = mpq_class(x.r) + mpq_class(y.r);
  f.closed = true;
  f.open = sgn(f.R) > 0 || sgn(p->p2) > 0;  // depth > 0 (docs/queries.md, contact)
  f.sep.dist2 = 0;
  const double g = round_depth(f.R, f.sep.dist2);
  f.gap = g == 0 ? 0.0 : -g;
  f.depth = round_sum_sqrt(f.R, p->p2);
  if ((sgn(f.R) > 0 || sgn(p->p2) > 0) && !p->n.empty()) {
    mpq_class n2 = 0;
    for (const mpq_class& k : p->n) n2 += k * k;
    std::vector<double> u;
    for (const mpq_class& k : p->n) u.push_back(round_unit_component(k, n2));
    f.depth_normal = u;
  }
  return f;
}

// ---------------------------------------------------------------------------
// GJK in double with certificates.

namespace {

template <int D>
struct GjkD {
  double w[D + 1][D];          // simplex points of A - B
  std::size_t ia[D + 1], ib[D + 1];
  double lam[D + 1];
  int n = 0;
  double v[D];                 // the nearest point found
};

template <int D>
double dotd(const double* x, const double* y) {
  double s = x[0] * y[0];
  for (int k = 1; k < D; ++k) s += x[k] * y[k];
  return s;
}

/// The point of the simplex (its n <= D + 1 points) nearest the origin, by
/// trying every subset (as the exact engine does), in double: the weights
/// of the best subset, the others set to 0.
template <int D>
[[gnu::always_inline]] inline void nearest_d(GjkD<D>& g) {  // inlined: its callers keep g in registers
  const int n = g.n;
  double best = std::numeric_limits<double>::infinity();
  double best_lam[D + 1] = {};
  for (unsigned mask = 1; mask < (1u << n); ++mask) {
    int idx[D + 1], m = 0;
    idx[0] = 0;  // mask >= 1 writes it below; said for the compiler, which cannot see that
    for (int i = 0; i < n; ++i)
      if (mask & (1u << i)) idx[m++] = i;
    double lam[D + 1] = {};
    if (m == 1) {
      lam[idx[0]] = 1;
    } else {
      // Gram system of e_j = w_j - w_0 (j >= 1): G mu = -e_j.w_0.
      double e[D][D], G[D][D], rhs[D];
      for (int j = 1; j < m; ++j)
        for (int k = 0; k < D; ++k) e[j - 1][k] = g.w[idx[j]][k] - g.w[idx[0]][k];
      const int q = m - 1;
      for (int a = 0; a < q; ++a) {
        for (int b = 0; b < q; ++b) G[a][b] = dotd<D>(e[a], e[b]);
        rhs[a] = -dotd<D>(e[a], g.w[idx[0]]);
      }
      double mu[D] = {};
      if (q == 1) {
        if (!(G[0][0] > 0)) continue;
        mu[0] = rhs[0] / G[0][0];
      } else if (q == 2) {
        const double det = G[0][0] * G[1][1] - G[0][1] * G[1][0];
        if (!(std::fabs(det) > 0)) continue;
        mu[0] = (rhs[0] * G[1][1] - G[0][1] * rhs[1]) / det;
        mu[1] = (G[0][0] * rhs[1] - rhs[0] * G[1][0]) / det;
      } else if constexpr (D == 3) {
        const double det = G[0][0] * (G[1][1] * G[2][2] - G[1][2] * G[2][1]) -
                           G[0][1] * (G[1][0] * G[2][2] - G[1][2] * G[2][0]) +
                           G[0][2] * (G[1][0] * G[2][1] - G[1][1] * G[2][0]);
        if (!(std::fabs(det) > 0)) continue;
        for (int j = 0; j < 3; ++j) {
          double M[3][3];
          for (int a = 0; a < 3; ++a)
            for (int b = 0; b < 3; ++b) M[a][b] = b == j ? rhs[a] : G[a][b];
          mu[j] = (M[0][0] * (M[1][1] * M[2][2] - M[1][2] * M[2][1]) - M[0][1] * (M[1][0] * M[2][2] - M[1][2] * M[2][0]) +
                   M[0][2] * (M[1][0] * M[2][1] - M[1][1] * M[2][0])) /
                  det;
        }
      }
      double sum = 0;
      bool ok = true;
      for (int j = 0; j < q; ++j) ok &= mu[j] >= 0, sum += mu[j];
      if (!ok || sum > 1) continue;
      lam[idx[0]] = 1 - sum;
      for (int j = 0; j < q; ++j) lam[idx[j + 1]] = mu[j];
    }
    double v[D] = {};
    for (int i = 0; i < n; ++i)
      for (int k = 0; k < D; ++k) v[k] += lam[i] * g.w[i][k];
    const double vv = dotd<D>(v, v);
    if (vv < best) {
      best = vv;
      std::copy(lam, lam + D + 1, best_lam);
    }
  }
  // Keep the points of positive weight.
  int m = 0;
  for (int i = 0; i < n; ++i) {
    if (!(best_lam[i] > 0)) continue;
    std::copy(g.w[i], g.w[i] + D, g.w[m]);
    g.ia[m] = g.ia[i], g.ib[m] = g.ib[i], g.lam[m] = best_lam[i];
    ++m;
  }
  if (m == 0) m = 1, g.lam[0] = 1;
  g.n = m;
  for (int k = 0; k < D; ++k) {
    g.v[k] = 0;
    for (int i = 0; i < m; ++i) g.v[k] += g.lam[i] * g.w[i][k];
  }
}

/// The double GJK on conv(A) - conv(B) (na, nb points of D coordinates):
/// g's simplex and nearest point when it stops (no real progress, a
/// repeated support point, a full simplex or 64 steps). Any answer is an
/// estimate only; the callers certify or merely take it as a hint.
template <int D>
[[gnu::always_inline]] inline void run_gjk_d(const double* A, std::size_t na, const double* B, std::size_t nb,
                                             GjkD<D>& g) {
  g.n = 1;
  g.ia[0] = g.ib[0] = 0;
  for (int k = 0; k < D; ++k) g.w[0][k] = A[k] - B[k];
  g.lam[0] = 1;
  std::copy(g.w[0], g.w[0] + D, g.v);
  for (int iter = 0; iter < 64; ++iter) {
    const double vv = dotd<D>(g.v, g.v);
    if (vv == 0 || g.n == D + 1) break;
    std::size_t ia = 0, ib = 0;
    double lo = dotd<D>(g.v, A), hi = dotd<D>(g.v, B);
    for (std::size_t i = 1; i < na; ++i) {
      const double t = dotd<D>(g.v, A + i * D);
      if (t < lo) lo = t, ia = i;
    }
    for (std::size_t j = 1; j < nb; ++j) {
      const double t = dotd<D>(g.v, B + j * D);
      if (t > hi) hi = t, ib = j;
    }
    if (vv - (lo - hi) <= vv * 0x1p-40) break;  // no real progress left: certify what we have
    bool seen = false;
    for (int i = 0; i < g.n; ++i) seen |= g.ia[i] == ia && g.ib[i] == ib;
    if (seen) break;
    for (int k = 0; k < D; ++k) g.w[g.n][k] = A[ia * D + k] - B[ib * D + k];
    g.ia[g.n] = ia, g.ib[g.n] = ib;
    ++g.n;
    nearest_d<D>(g);
  }
}

template <int D>
int gjk_filter_in(const double* A, std::size_t na, const double* B, std::size_t nb, double rho, double ra, double rb,
                  bool strict) {
  double X = 0;  // the largest |coordinate|
  for (std::size_t i = 0; i < na * D; ++i) {
    if (!in_range(A[i])) return 0;
    X = std::max(X, std::fabs(A[i]));
  }
  for (std::size_t i = 0; i < nb * D; ++i) {
    if (!in_range(B[i])) return 0;
    X = std::max(X, std::fabs(B[i]));
  }
  if (!in_range(ra) || !in_range(rb) || !in_range(rho) || ra < 0 || rb < 0) return 0;
  GjkD<D> g;
  run_gjk_d<D>(A, na, B, nb, g);
  const double R = ra + rb;                     // true R in [R (1 - u), R (1 + u)]
  const double R_lo = R * (1 - 2 * kU), R_hi = R * (1 + 2 * kU);
  // Separation: n = -v, from A toward B. True max n.a <= computed + err;
  // true min n.b >= computed - err; err = gamma_3 |n|_1 X + rho |n|_1.
  {
    double n[D], n1 = 0;
    for (int k = 0; k < D; ++k) n[k] = -g.v[k], n1 += std::fabs(n[k]);
    if (n1 > 0) {
      double amax = -std::numeric_limits<double>::infinity(), bmin = std::numeric_limits<double>::infinity();
      for (std::size_t i = 0; i < na; ++i) amax = std::max(amax, dotd<D>(n, A + i * D));
      for (std::size_t j = 0; j < nb; ++j) bmin = std::min(bmin, dotd<D>(n, B + j * D));
      const double err = (4 * kU * X + rho) * n1 * (1 + 0x1p-40);
      const double gap = (bmin - amax - 2 * err) * (1 - 2 * kU);  // a lower bound on (min n.b - max n.a)
      const double len = std::sqrt(dotd<D>(n, n)) * (1 + 3 * kU);
      if (gap > 0 && (strict ? gap >= R_hi * len * (1 + 2 * kU) : gap > R_hi * len * (1 + 2 * kU))) return -1;
    }
  }
  // A witness pair: p - q = sum lam_i w_i / sum lam, w_i = a_i - b_i exactly;
  // computed with |error| <= gamma_(n + 2) sum lam_i |w_i| per coordinate,
  // plus 2 rho from inexact vertices.
  {
    double sum = 0, wabs = 0;
    for (int i = 0; i < g.n; ++i) sum += g.lam[i];
    double w[D] = {};
    for (int i = 0; i < g.n; ++i)
      for (int k = 0; k < D; ++k) {
        const double a = A[g.ia[i] * D + k], b = B[g.ib[i] * D + k];
        w[k] += g.lam[i] * (a - b);
        wabs = std::max(wabs, std::fabs(a) + std::fabs(b));
      }
    const double err = (8 * kU * wabs * sum + 2 * rho * sum) * (1 + 0x1p-40);
    double norm = 0;
    for (int k = 0; k < D; ++k) norm += (std::fabs(w[k]) + err) * (std::fabs(w[k]) + err);
    const double up = std::sqrt(norm) * (1 + 4 * kU) / (sum * (1 - 4 * kU));  // >= |p - q|
    if (R > 0 && (strict ? up < R_lo : up <= R_lo)) return 1;
  }
  // Containment of the origin in the full simplex (radius 0 needs it).
  if (rho == 0 && g.n == D + 1) {
    double w[D + 1][D];
    for (int i = 0; i <= D; ++i)
      for (int k = 0; k < D; ++k) w[i][k] = A[g.ia[i] * D + k] - B[g.ib[i] * D + k];
    // The origin is strictly inside iff replacing any vertex by it keeps the
    // simplex's orientation: det of the other vertices (taken from the
    // origin) has the sign (-1)^i det(all).
    int signs[D + 1];
    bool ok = true;
    for (int i = 0; i <= D && ok; ++i) {
      const double* u[D];
      int m = 0;
      for (int j = 0; j <= D; ++j)
        if (j != i) u[m++] = w[j];
      if constexpr (D == 2) signs[i] = orient2d_filter_d(u[0][0], u[0][1], u[1][0], u[1][1]);
      else signs[i] = orient3d_filter_d(u[0][0], u[0][1], u[0][2], u[1][0], u[1][1], u[1][2], u[2][0], u[2][1], u[2][2]);
      ok = signs[i] != 0;
      if (i % 2) signs[i] = -signs[i];
    }
    if (ok) {
      bool same = true;
      for (int i = 1; i <= D; ++i) same &= signs[i] == signs[0];
      if (same) return strict ? (R > 0 ? 1 : -1) : 1;  // distance 0
    }
  }
  return 0;
}

}  // namespace

int gjk_filter(const double* a, std::size_t na, const double* b, std::size_t nb, int dim, double rho, double ra,
               double rb, bool strict) {
  if (na == 0 || nb == 0) return 0;
  return dim == 2 ? gjk_filter_in<2>(a, na, b, nb, rho, ra, rb, strict)
                  : gjk_filter_in<3>(a, na, b, nb, rho, ra, rb, strict);
}

int gjk_seed(const double* a, std::size_t na, const double* b, std::size_t nb, int dim, std::uint32_t* ia,
             std::uint32_t* ib) {
  if (na == 0 || nb == 0) return 0;
  auto take = [&](auto& g) {
    for (int i = 0; i < g.n; ++i) ia[i] = static_cast<std::uint32_t>(g.ia[i]), ib[i] = static_cast<std::uint32_t>(g.ib[i]);
    return g.n;
  };
  if (dim == 2) {
    GjkD<2> g;
    run_gjk_d<2>(a, na, b, nb, g);
    return take(g);
  }
  GjkD<3> g;
  run_gjk_d<3>(a, na, b, nb, g);
  return take(g);
}

// ---------------------------------------------------------------------------
// Exact cores in doubles (rounded_core), for the filter in front of the
// union engine's pieces and of eval's shapes.

void outward(const mpq_class& q, double& lo, double& hi) {
  const double d = q.get_d();  // truncates toward zero
  if (!std::isfinite(d) || std::fabs(d) == std::numeric_limits<double>::max()) {
    const double big = std::numeric_limits<double>::max(), inf = std::numeric_limits<double>::infinity();
    if (sgn(q) > 0) lo = mpq_class(big) <= q ? big : std::nextafter(big, 0.0), hi = inf;
    else lo = -inf, hi = mpq_class(-big) >= q ? -big : std::nextafter(-big, 0.0);
    return;
  }
  const int c = cmp(mpq_class(d), q);
  if (c == 0) lo = hi = d;
  else if (c < 0) lo = d, hi = std::nextafter(d, std::numeric_limits<double>::infinity());
  else lo = std::nextafter(d, -std::numeric_limits<double>::infinity()), hi = d;
}

DoubleCore rounded_core(const Core& c) {
  DoubleCore d;
  d.n = c.size();
  for (const mpq_class& q : c.c) {
    double lo, hi;
    outward(q, lo, hi);
    if (!std::isfinite(lo) || !std::isfinite(hi)) d.ok = false;
    d.v.push_back(lo);
    d.rho = std::max(d.rho, hi - lo);  // >= |q - lo|
  }
  double lo, hi;
  outward(c.r, lo, hi);
  d.r = hi;
  d.ok = d.ok && std::isfinite(hi);
  return d;
}

}  // namespace exactgeom::detail::cvx

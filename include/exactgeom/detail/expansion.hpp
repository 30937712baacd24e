// exactgeom/detail/expansion.hpp: floating-point expansions, the exact
// stage between the double filters (filters.hpp) and the integer kernel.
//
// An expansion is an unevaluated sum of doubles, nonoverlapping and in
// increasing magnitude, with no zero components, so the sign of its value
// is the sign of its last component. The arithmetic is that of Shewchuk,
// "Adaptive Precision Floating-Point Arithmetic and Fast Robust Geometric
// Predicates" (1997): Knuth's two-sum, Dekker's two-product (std::fma when
// the target has a fused multiply-add, a Veltkamp split otherwise),
// Grow-Expansion with zero elimination, and Compress. Written here rather
// than taken from predicates.c so that the kernel formulas of kernel.hpp can
// be evaluated over it unchanged (Expansion is a number type), which is what
// makes this stage "the same formula" as the filter and the integer kernel.
//
// When it is exact. Every error-free transformation is exact as long as no
// value overflows and every exact product lies on the 2^-1074 grid (then
// its rounding error is a double). Expansion arithmetic keeps each
// component of a degree-i polynomial of the inputs on the grid 2^(i q),
// where 2^q divides every input, and bounded by the polynomial's permanent.
// expansion_safe() checks both from the inputs before the stage runs: each
// nonzero |x| in [2^(52 - floor(1074/k)), 2^(floor(1000/k) - 4)] for a
// formula of degree k (then k q >= -1074, and the permanent, at most 2^10
// terms of (2M)^k, stays below 2^1013). Inputs outside (subnormals, 2^+-1000,
// NaN, infinities) skip the stage; the integer kernel answers them.
//
// FMA contraction would break two-sum and the Veltkamp split: this header is
// included only by the library's own sources, compiled -ffp-contract=off.
#pragma once

#include <cmath>

namespace exactgeom::detail {

/// s + e = a + b exactly, s = fl(a + b) (Knuth). No overflow assumed.
inline void two_sum(double a, double b, double& s, double& e) {
  s = a + b;
  const double bv = s - a;
  const double av = s - bv;
  e = (a - av) + (b - bv);
}

/// p + e = a * b exactly, p = fl(a * b), when a * b is on the 2^-1074 grid
/// and |a|, |b| < 2^995 (the split's headroom).
inline void two_prod(double a, double b, double& p, double& e) {
  p = a * b;
#if defined(__FMA__) || defined(__ARM_FEATURE_FMA) || defined(__FP_FAST_FMA)
  e = std::fma(a, b, -p);
#else
  // Veltkamp's split into 26-bit halves, then Dekker's product.
  auto split = [](double x, double& hi, double& lo) {
    const double c = 134217729.0 * x;  // 2^27 + 1
    const double big = c - x;
    hi = c - big;
    lo = x - hi;
  };
  double ah, al, bh, bl;
  split(a, ah, al);
  split(b, bh, bl);
  e = ((ah * bh - p) + ah * bl + al * bh) + al * bl;
#endif
}

/// A fixed-capacity expansion. Operations that would need more than Cap
/// components mark the result not ok(); the caller then uses the integer
/// kernel. Values: see the top of this file for when they are exact.
template <int Cap>
class Expansion {
 public:
  Expansion() = default;
  Expansion(double x) {  // NOLINT: implicit, as the kernel converts inputs
    if (x != 0) c_[n_++] = x;
  }

  bool ok() const { return ok_; }
  int size() const { return n_; }
  int sign() const { return n_ == 0 ? 0 : (c_[n_ - 1] > 0 ? 1 : -1); }
  double approx() const {
    double s = 0;
    for (int i = 0; i < n_; ++i) s += c_[i];
    return s;
  }

  friend Expansion operator-(Expansion a) {
    for (int i = 0; i < a.n_; ++i) a.c_[i] = -a.c_[i];
    return a;
  }
  friend Expansion operator+(Expansion a, const Expansion& b) {
    a.ok_ = a.ok_ && b.ok_;
    for (int i = 0; i < b.n_ && a.ok_; ++i) a.grow(b.c_[i]);
    a.compress();
    return a;
  }
  friend Expansion operator-(Expansion a, const Expansion& b) {
    a.ok_ = a.ok_ && b.ok_;
    for (int i = 0; i < b.n_ && a.ok_; ++i) a.grow(-b.c_[i]);
    a.compress();
    return a;
  }
  friend Expansion operator*(const Expansion& a, const Expansion& b) {
    Expansion r;
    r.ok_ = a.ok_ && b.ok_;
    for (int i = 0; i < a.n_ && r.ok_; ++i)
      for (int j = 0; j < b.n_ && r.ok_; ++j) {
        double p, e;
        two_prod(a.c_[i], b.c_[j], p, e);
        r.grow(e);
        r.grow(p);
      }
    r.compress();
    return r;
  }
  friend bool operator<(const Expansion& a, const Expansion& b) { return (a - b).sign() < 0; }
  friend bool operator>(const Expansion& a, const Expansion& b) { return (a - b).sign() > 0; }
  friend int sgn(const Expansion& a) { return a.sign(); }

 private:
  /// Adds b in place: Shewchuk's Grow-Expansion with zero elimination (his
  /// Theorem 10: the result is nonoverlapping and increasing).
  void grow(double b) {
    double q = b;
    int m = 0;
    for (int i = 0; i < n_; ++i) {
      double s, e;
      two_sum(q, c_[i], s, e);
      q = s;
      if (e != 0) c_[m++] = e;  // m <= i: c_[i] was read already
    }
    if (q != 0) {
      if (m == Cap) {
        ok_ = false;
        return;
      }
      c_[m++] = q;
    }
    n_ = m;
  }
  /// Shewchuk's Compress: the same value in as few components as it needs
  /// (two_sum where he uses Fast-Two-Sum: the same result where its
  /// precondition holds, exact where it would not).
  void compress() {
    if (n_ < 2) return;
    int bottom = n_ - 1;
    double q = c_[bottom];
    for (int i = n_ - 2; i >= 0; --i) {
      double s, e;
      two_sum(q, c_[i], s, e);
      if (e != 0) {
        c_[bottom--] = s;
        q = e;
      } else {
        q = s;
      }
    }
    int top = 0;
    for (int i = bottom + 1; i < n_; ++i) {
      double s, e;
      two_sum(c_[i], q, s, e);
      if (e != 0) c_[top++] = e;
      q = s;
    }
    if (q != 0) c_[top++] = q;
    n_ = top;
  }

  double c_[Cap];
  int n_ = 0;
  bool ok_ = true;
};

/// Whether the expansion stage is exact for a degree-k formula on these
/// inputs (see the top of this file); false for NaN and infinities.
inline bool expansion_safe(const double* v, int n, int k) {
  const double lo = std::ldexp(1.0, 52 - 1074 / k), hi = std::ldexp(1.0, 1000 / k - 4);
  for (int i = 0; i < n; ++i) {
    const double a = std::fabs(v[i]);
    if (a != 0 && !(a >= lo && a <= hi)) return false;
  }
  return true;
}

}  // namespace exactgeom::detail

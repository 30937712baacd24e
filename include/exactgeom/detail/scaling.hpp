// exactgeom/detail/scaling.hpp: doubles as exact integers. Every finite
// double is m * 2^e with m an integer; multiplying a whole set of them by
// 2^-e_min (a positive power of two) makes every one an integer and keeps the
// sign of every homogeneous predicate.
#pragma once

#include <gmpxx.h>

#include "exactgeom/detail/gmp_int.hpp"

#include <algorithm>
#include <bit>
#include <climits>
#include <cstdint>

namespace exactgeom::detail {

/// A finite double as m * 2^e with m odd (or m = 0, e = 0).
struct Dyadic {
  std::int64_t m;
  int e;
};

inline Dyadic to_dyadic(double x) {
  const auto bits = std::bit_cast<std::uint64_t>(x);
  const int field = static_cast<int>((bits >> 52) & 0x7ff);
  std::uint64_t mag = bits & ((std::uint64_t(1) << 52) - 1);
  int e = -1074;
  if (field != 0) {
    mag |= std::uint64_t(1) << 52;
    e = field - 1075;
  }
  if (mag == 0) return {0, 0};
  const int tz = std::countr_zero(mag);
  mag >>= tz;
  e += tz;
  const auto m = static_cast<std::int64_t>(mag);
  return {(bits >> 63) ? -m : m, e};
}

/// N finite doubles scaled by the same power of two to integers.
template <int N>
class ScaledDoubles {
 public:
  explicit ScaledDoubles(const double* v) {
    // One pass: the lowest exponent and the highest bit position (e + the
    // significand's bit length); bits() is their difference.
    int emin = INT_MAX, top = INT_MIN;
    for (int i = 0; i < N; ++i) {
      d_[i] = to_dyadic(v[i]);
      if (d_[i].m == 0) continue;
      const auto mag = static_cast<std::uint64_t>(d_[i].m < 0 ? -d_[i].m : d_[i].m);
      emin = std::min(emin, d_[i].e);
      top = std::max(top, d_[i].e + static_cast<int>(std::bit_width(mag)));
    }
    emin_ = emin;
    if (top != INT_MIN) bits_ = top - emin;
  }
  bool all_zero() const { return bits_ == 0; }
  /// The largest magnitude's bit length: every scaled value is < 2^bits().
  int bits() const { return bits_; }
  /// The common power of two: value i = scaled value i * 2^exponent() (0 if
  /// all are zero).
  int exponent() const { return all_zero() ? 0 : emin_; }
  /// Requires bits() <= 63.
  void to_int64(std::int64_t* out) const {
    for (int i = 0; i < N; ++i)
      out[i] = d_[i].m == 0 ? 0 : static_cast<std::int64_t>(d_[i].m * (std::int64_t(1) << (d_[i].e - emin_)));
  }
  void to_mpz(mpz_class* out) const {
    for (int i = 0; i < N; ++i) {
      out[i] = mpz_of(d_[i].m);
      if (d_[i].m != 0)
        mpz_mul_2exp(out[i].get_mpz_t(), out[i].get_mpz_t(),
                     static_cast<mp_bitcnt_t>(d_[i].e - emin_));
    }
  }

 private:
  Dyadic d_[N];
  int emin_ = 0;
  int bits_ = 0;
};

}  // namespace exactgeom::detail

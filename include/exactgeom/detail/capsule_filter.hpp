// exactgeom/detail/capsule_filter.hpp: FilterDouble, a double carrying a
// proven bound on its absolute error, so that the capsule kernel
// (capsule_kernel.hpp) run on it is its own filter (CGAL's idea: the same
// body, evaluated on an error-tracking number).
//
// Error model. A FilterDouble {v, e} stands for an unknown real V with
// |V - v| <= e. Rounding to nearest: fl(x) = x(1 + delta), |delta| <= u = 2^-53,
// and |fl(x) - x| <= u |fl(x)| for normal results; a product that underflows
// is off by at most 2^-1075 absolutely, covered by the 2^-1060 term below
// (which also covers the underflow of the three error products). Sums and
// differences: |V1 +- V2 - s| <= e1 + e2 + u|s|. Products:
// |V1 V2 - p| <= |v1| e2 + |v2| e1 + e1 e2 + u|p| + 2^-1060.
// The error bounds themselves are computed in double: sums and products of
// non-negative numbers, each rounding losing at most a factor (1 - u); the
// kernel's expressions are less than 40 operations deep, so the computed e is
// at least (1 - u)^160 > 1 - 2^-45 of the true bound; sign3 therefore asks
// |v| > e (1 + 2^-40). Overflow gives inf or NaN, every comparison fails,
// and the answer is "unknown" (the exact path decides). FMA contraction only
// removes roundings, so the bound holds with or without it.
#pragma once

#include <cmath>

namespace exactgeom::detail {

struct FilterDouble {
  double v = 0;
  double e = 0;

  FilterDouble() = default;
  /// An exactly known value.
  constexpr FilterDouble(double value) : v(value), e(0) {}  // NOLINT: implicit on purpose
  constexpr FilterDouble(double value, double err) : v(value), e(err) {}
};

inline constexpr double kFilterU = 0x1p-53;

inline FilterDouble operator+(const FilterDouble& a, const FilterDouble& b) {
  const double s = a.v + b.v;
  return {s, a.e + b.e + kFilterU * std::fabs(s)};
}
inline FilterDouble operator-(const FilterDouble& a, const FilterDouble& b) {
  const double s = a.v - b.v;
  return {s, a.e + b.e + kFilterU * std::fabs(s)};
}
inline FilterDouble operator*(const FilterDouble& a, const FilterDouble& b) {
  // An exact zero factor gives an exact zero (zero-length axes stay decidable).
  if ((a.v == 0 && a.e == 0) || (b.v == 0 && b.e == 0)) return {0.0, 0.0};
  const double p = a.v * b.v;
  return {p, std::fabs(a.v) * b.e + std::fabs(b.v) * a.e + a.e * b.e + kFilterU * std::fabs(p) +
                 0x1p-1060};
}

/// -1, 0, +1 when certain, 2 when the error bound does not exclude 0 (or
/// the value overflowed).
inline int sign3(const FilterDouble& x) {
  const double margin = x.e * (1.0 + 0x1p-40);
  if (x.v > margin) return 1;
  if (-x.v > margin) return -1;
  if (x.v == 0 && x.e == 0) return 0;
  return 2;
}

/// An int64 converted to double: one rounding, |V - v| <= u |v|.
inline FilterDouble filter_from_int64(long long x) {
  const double v = static_cast<double>(x);
  return {v, kFilterU * std::fabs(v)};
}

}  // namespace exactgeom::detail

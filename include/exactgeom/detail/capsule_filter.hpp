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
#include <limits>

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
  // An exact zero factor gives an exact zero (zero-length axes stay
  // decidable): the underflow term is dropped then, the others are 0 (or
  // NaN for an inf factor, which sign3 reports as unknown). Branch-free.
  const double p = a.v * b.v;
  const bool exact_zero = (a.v == 0 && a.e == 0) || (b.v == 0 && b.e == 0);
  return {p, std::fabs(a.v) * b.e + std::fabs(b.v) * a.e + a.e * b.e + kFilterU * std::fabs(p) +
                 (exact_zero ? 0.0 : 0x1p-1060)};
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

// FilterLong: the second stage of the capsule tests, for what FilterDouble
// leaves undecided (near-touching inputs; src/capsules/capsules.cpp). The value is
// an x87 80-bit long double (64-bit significand, u = 2^-64), the error bound
// a double: x87 arithmetic is slow, so only the value uses it (measured: 3x
// faster than a long double bound).
//
// Error model. {v, e} stands for a real V with |V - v| <= e. Every double,
// float, int32 and int64 is an exact long double, so inputs carry e = 0.
// Long double results: |fl(x) - x| <= u |x| (their exponent range, to
// 2^16383 and from 2^-16382, holds every degree-6 product of doubles, so the
// value neither overflows nor underflows in this kernel). The bound works
// with mag(x) >= |x| for long double x: d = double(x) rounds once (relative
// 2^-53, or 2^-1075 absolutely when subnormal; +-inf beyond the double
// range), so mag(x) = |d| (1 + 2^-50) + 2^-1074 >= |x| even after its own
// two roundings. Sums: |V1 +- V2 - s| <= e1 + e2 + u mag(s) (rounding to
// nearest: |fl(x) - x| <= u |fl(x)|); an exact zero sum of exact values stays
// exact (zero-length axes stay decidable). Products: |V1 V2 - p| <= mag(v1) e2
// + mag(v2) e1 + e1 e2 + u mag(v1) mag(v2). Each bound is a sum of at most
// five non-negative double terms with at most 7 roundings (each <= 2^-53
// relative, or 2^-1075 absolutely on underflow), so multiplying by
// (1 + 2^-50) and adding 2^-1060 makes the computed e an upper bound. An
// exactly known zero factor gives an exact zero (as FilterDouble). Overflow
// of e (values beyond about 2^1080, i.e. inputs beyond about 2^180) gives
// inf and sign3 says unknown; so do values below about 2^-1000 (the 2^-1060
// terms): those inputs go on to the exact path. Where long double is not the
// 64-bit-significand format (kFilterLongAvailable false) the stage is skipped.
inline constexpr bool kFilterLongAvailable = std::numeric_limits<long double>::digits == 64 &&
                                             std::numeric_limits<long double>::max_exponent == 16384;

struct FilterLong {
  long double v = 0;
  double e = 0;

  FilterLong() = default;
  /// An exactly known value.
  constexpr FilterLong(long double value) : v(value), e(0) {}  // NOLINT: implicit on purpose
  constexpr FilterLong(long double value, double err) : v(value), e(err) {}
};

/// A double >= |x| (see above), from d = double(x).
inline double filter_mag(double d) { return std::fabs(d) * (1 + 0x1p-50) + 0x1p-1074; }

// Exact zeros are recognised on the double side, with no long double
// comparison (x87 compares and the branches around them were a fifth of
// capsule3d/exact/near_touching): e == 0 only for inputs and exact zeros
// (every other result carries at least 2^-1060), inputs are doubles or
// integers (int32, int64), and a sum or difference of two such is 0 or at
// least 2^-1074 in magnitude (multiples of 2^-1074, or of 1), so for such
// operands x == 0 exactly when double(x) == 0.
inline FilterLong operator+(const FilterLong& a, const FilterLong& b) {
  const long double s = a.v + b.v;
  const double ds = static_cast<double>(s);
  const bool exact_zero = (ds == 0) & (a.e == 0) & (b.e == 0);
  const double bound = a.e + b.e + 0x1p-64 * filter_mag(ds);
  return {s, exact_zero ? 0.0 : bound * (1 + 0x1p-50) + 0x1p-1060};
}
inline FilterLong operator-(const FilterLong& a, const FilterLong& b) {
  const long double s = a.v - b.v;
  const double ds = static_cast<double>(s);
  const bool exact_zero = (ds == 0) & (a.e == 0) & (b.e == 0);
  const double bound = a.e + b.e + 0x1p-64 * filter_mag(ds);
  return {s, exact_zero ? 0.0 : bound * (1 + 0x1p-50) + 0x1p-1060};
}
inline FilterLong operator*(const FilterLong& a, const FilterLong& b) {
  const double da = static_cast<double>(a.v), db = static_cast<double>(b.v);
  const bool exact_zero = ((da == 0) & (a.e == 0)) | ((db == 0) & (b.e == 0));
  const double ma = filter_mag(da), mb = filter_mag(db);
  const double bound = ma * b.e + mb * a.e + a.e * b.e + 0x1p-64 * (ma * mb);
  return {a.v * b.v, exact_zero ? 0.0 : bound * (1 + 0x1p-50) + 0x1p-1060};
}
inline int sign3(const FilterLong& x) {
  const long double margin = x.e;  // the bound is already rounded up
  if (x.v > margin) return 1;
  if (-x.v > margin) return -1;
  if (x.v == 0 && x.e == 0) return 0;
  return 2;
}

}  // namespace exactgeom::detail

// internal/testing/random.hpp: random numbers and point conversions shared
// by the tests, the benchmarks and their input generators.
#pragma once

#include <gmpxx.h>

#include <array>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <type_traits>

#include "exactgeom/geometry.hpp"
#include "exactgeom/rational.hpp"

namespace exactgeom::testing {

/// Inputs per batch: every iteration of every benchmark runs over this many
/// pre-generated inputs (the house rule asks for at least 1,024). 4,096 also
/// keeps the branch predictor from learning a whole batch's outcomes.
inline constexpr int kInputs = 4096;

using Rng = std::mt19937_64;

/// Uniform integer in [lo, hi].
template <class I>
I uniform_int(Rng& g, I lo, I hi) {
  return std::uniform_int_distribution<I>(lo, hi)(g);
}

/// Uniform integer over the whole range of I.
template <class I>
I uniform_full(Rng& g) {
  return uniform_int<I>(g, std::numeric_limits<I>::min(), std::numeric_limits<I>::max());
}

/// Uniform double in [lo, hi).
inline double uniform_double(Rng& g, double lo, double hi) {
  return std::uniform_real_distribution<double>(lo, hi)(g);
}

/// A coordinate for the tests of the fixed-width edge of the double paths
/// (doubles that are integers below 2^61 times one power of two,
/// segment_integers.hpp doubles_as_int61): with its bits between 2^e0 and
/// 2^(e0 + span), of either sign; which = 0 a small odd multiple of 2^e0,
/// 1 an odd 53-bit value whose top bit is 2^(e0 + span - 1), otherwise such
/// a value up to 11 bits lower.
inline double fixed_width_edge_value(Rng& g, int which, int e0, int span) {
  const double sign = (g() & 1) ? -1.0 : 1.0;
  const double odd53 = static_cast<double>((g() >> 11) | 1);
  if (which == 0) return sign * std::ldexp(static_cast<double>(g() % 64 | 1), e0);
  if (which == 1) return sign * std::ldexp(odd53, e0 + span - 53);
  return sign * std::ldexp(odd53, e0 + span - 53 - static_cast<int>(g() % 12));
}

/// Point2 or Point3 by dimension.
template <int Dim, class T>
using Point = std::conditional_t<Dim == 2, Point2<T>, Point3<T>>;

/// Converts coordinate by coordinate.
template <class To, class From, class Conv>
Point2<To> convert(const Point2<From>& p, Conv conv) {
  return {conv(p.x), conv(p.y)};
}
template <class To, class From, class Conv>
Point3<To> convert(const Point3<From>& p, Conv conv) {
  return {conv(p.x), conv(p.y), conv(p.z)};
}
template <class To, class From, std::size_t N, class Conv>
auto convert(const std::array<From, N>& pts, Conv conv) {
  std::array<decltype(convert<To>(pts[0], conv)), N> out;
  for (std::size_t i = 0; i < N; ++i) out[i] = convert<To>(pts[i], conv);
  return out;
}

/// Exact conversions (a double is the binary rational it holds).
inline double to_double(double v) { return v; }
template <class I>
double to_double(I v) {
  return static_cast<double>(v);
}
inline mpz_class to_mpz(std::int64_t v) { return exactgeom::to_mpq(v).get_num(); }
inline mpq_class to_mpq(double v) { return mpq_class(v); }

}  // namespace exactgeom::testing

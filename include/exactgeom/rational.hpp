// exactgeom/rational.hpp: Fraction<I>, the exact rational results of the
// constructions (intersection points, closest points, squared distances),
// their exact comparisons (with each other and with any coordinate value:
// `d2 < 4`, `d2 == 0.5`, `a <= b`), and their conversions: to_string (lowest
// terms), to_double (correctly rounded), to_mpq (to_cpp_rational: boost.hpp),
// sqrt_to_double. Also to_mpq and to_double for the coordinate types
// themselves.
//
// A Fraction is homogeneous: a numerator and a positive denominator over an
// integer type I, not reduced (reducing costs a gcd that most users never
// need). I is fixed-width for int32/int64 inputs (no heap; every producer
// states the bit bound it needs) and mpz_class otherwise; see
// segments.hpp's rational_t<T>. Every conversion below is exact or
// correctly rounded, whatever I is.
#pragma once

#include <gmpxx.h>

#include <cmath>
#include <compare>
#include <concepts>
#include <cstdint>
#include <iterator>
#include <optional>
#include <ostream>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "exactgeom/coordinate.hpp"
#include "exactgeom/detail/exact.hpp"
#include "exactgeom/detail/float_env.hpp"
#include "exactgeom/detail/gmp_int.hpp"
#include "exactgeom/detail/int128.hpp"
#include "exactgeom/geometry.hpp"

namespace exactgeom {

/// A signed integer of at most Bits bits, held in place (no heap): the
/// numerators and denominators of the exact results for int32 and int64
/// coordinates (segments.hpp's rational_t: FixedInt<256> and FixedInt<448>).
/// A value, not an arithmetic type: read its sign and magnitude, negate it,
/// compare it for equality, or convert it exactly (to_mpz; to_mpq, to_double
/// and the comparisons of its Fraction). The library's kernels compute in
/// Boost.Multiprecision's fixed-width integers and copy the result here, so
/// that no public header needs Boost.
template <unsigned Bits>
class FixedInt {
 public:
  /// The most 64-bit limbs a magnitude of Bits bits needs: Bits / 64, rounded up.
  static constexpr unsigned max_limbs = (Bits + 63) / 64;

  /// Zero.
  constexpr FixedInt() = default;
  /// The value v.
  constexpr FixedInt(long long v) {  // NOLINT(google-explicit-constructor): Fraction's 0 and 1
    neg_ = v < 0;
    const unsigned long long m = neg_ ? 0ull - static_cast<unsigned long long>(v) : static_cast<unsigned long long>(v);
    limbs_[0] = m;
    size_ = m != 0;
  }
  /// From a magnitude of n little-endian 64-bit limbs (n <= max_limbs, else
  /// invalid_input; high zero limbs allowed) and a sign. L: any unsigned
  /// 64-bit type (std::uint64_t, or the unsigned long long of other libraries'
  /// limbs), read as its own type.
  template <class L>
    requires(std::unsigned_integral<L> && sizeof(L) == sizeof(std::uint64_t))
  static FixedInt from_limbs(const L* limbs, std::size_t n, bool negative) {
    if (n > max_limbs) throw invalid_input("FixedInt: more limbs than its width");
    FixedInt r;
    for (std::size_t i = 0; i < n; ++i) r.limbs_[i] = static_cast<std::uint64_t>(limbs[i]);
    while (n > 0 && r.limbs_[n - 1] == 0) --n;
    r.size_ = static_cast<unsigned>(n);
    r.neg_ = negative && n > 0;
    return r;
  }

  /// -1, 0 or +1.
  constexpr int sign() const { return size_ == 0 ? 0 : (neg_ ? -1 : 1); }
  /// The magnitude's limbs, least significant first; size() of them, the
  /// last nonzero (none for zero).
  const std::uint64_t* limbs() const { return limbs_; }
  /// The number of limbs of the magnitude, at most max_limbs; 0 for zero.
  constexpr std::size_t size() const { return size_; }

  /// The negated value (zero stays zero).
  constexpr FixedInt operator-() const {
    FixedInt r = *this;
    r.neg_ = !neg_ && size_ != 0;
    return r;
  }
  /// Equal values: the same sign and the same limbs.
  friend constexpr bool operator==(const FixedInt& a, const FixedInt& b) {
    if (a.size_ != b.size_ || a.neg_ != b.neg_) return false;
    for (unsigned i = 0; i < a.size_; ++i)
      if (a.limbs_[i] != b.limbs_[i]) return false;
    return true;
  }

 private:
  std::uint64_t limbs_[max_limbs] = {};
  unsigned size_ = 0;
  bool neg_ = false;
};

namespace detail {

/// Exact conversion of any kernel integer to mpz_class.
inline mpz_class int_to_mpz(const mpz_class& v) { return v; }
inline mpz_class int_to_mpz(long v) { return mpz_class(v); }
inline mpz_class int_to_mpz(long long v) { return mpz_of(static_cast<std::int64_t>(v)); }
inline mpz_class int_to_mpz(int128 v) {
  const bool neg = v < 0;
  const uint128 m = neg ? uint128(0) - uint128(v) : uint128(v);
  mpz_class z(static_cast<unsigned long>(m >> 64));
  z <<= 64;
  z += static_cast<unsigned long>(static_cast<std::uint64_t>(m));
  return neg ? mpz_class(-z) : z;
}
template <unsigned Bits>
mpz_class int_to_mpz(const FixedInt<Bits>& v) {
  mpz_class z;
  if (v.size() != 0) mpz_import(z.get_mpz_t(), v.size(), -1, sizeof(std::uint64_t), 0, 0, v.limbs());
  if (v.sign() < 0) mpz_neg(z.get_mpz_t(), z.get_mpz_t());
  return z;
}

/// The exact mpz_class value of any integer a Fraction holds: int_to_mpz
/// above, or a specialization (the library's kernels add Boost's fixed-width
/// integers in src/numbers/wide_int.hpp).
template <class I>
struct int_conversion {
  static mpz_class to_mpz(const I& v) { return int_to_mpz(v); }
};
template <class I>
mpz_class mpz_value(const I& v) {
  return int_conversion<I>::to_mpz(v);
}

/// -1, 0 or +1 for any integer type a Fraction holds.
template <class I>
int int_sign(const I& v) {
  return v > 0 ? 1 : (v < 0 ? -1 : 0);
}
template <unsigned Bits>
int int_sign(const FixedInt<Bits>& v) {
  return v.sign();
}

/// num/den rounded to the nearest double, ties to even (den != 0). Subnormal
/// results are rounded at their own precision; beyond the largest double the
/// result is +-infinity (IEEE overflow under round-to-nearest).
double ratio_to_double(const mpz_class& num, const mpz_class& den);

/// sqrt(num/den) rounded to the nearest double, ties to even, computed with
/// an integer square root of num * 4^k / den (k chosen for >= 58 significant
/// bits) and an exact remainder test: never a rounded intermediate.
/// Requires num >= 0, den > 0 (throws invalid_input otherwise).
double sqrt_ratio_to_double(const mpz_class& num, const mpz_class& den);

}  // namespace detail

/// An exact rational num/den with den > 0, over the integer type I (int128,
/// FixedInt<N> or mpz_class). Not kept in lowest terms.
template <class I>
class Fraction {
 public:
  using integer_type = I;  ///< the type of the numerator and the denominator

  /// Zero.
  Fraction() : num_(0), den_(1) {}
  /// The integer v.
  explicit Fraction(I v) : num_(std::move(v)), den_(1) {}
  /// num/den; den must not be 0 (a negative den is moved to the numerator).
  Fraction(I num, I den) : num_(std::move(num)), den_(std::move(den)) {
    if (detail::int_sign(den_) < 0) {
      num_ = -num_;
      den_ = -den_;
    }
  }

  /// The numerator: carries the sign.
  const I& numerator() const { return num_; }
  /// Always positive.
  const I& denominator() const { return den_; }
  /// -1, 0 or +1.
  int sign() const { return detail::int_sign(num_); }

 private:
  I num_, den_;
};

/// The exact value as a GMP rational (canonical: lowest terms).
template <class I>
mpq_class to_mpq(const Fraction<I>& q) {
  mpq_class r(detail::mpz_value(q.numerator()), detail::mpz_value(q.denominator()));
  r.canonicalize();
  return r;
}

/// The exact value of a FixedInt as a GMP integer.
template <unsigned Bits>
mpz_class to_mpz(const FixedInt<Bits>& v) {
  return detail::int_to_mpz(v);
}

/// "p/q" in lowest terms with q > 0, or "p" when q = 1: "3/2", "-7", "0".
template <class I>
std::string to_string(const Fraction<I>& q) {
  return to_mpq(q).get_str();
}

/// The nearest double, ties to even (subnormals rounded correctly; values
/// beyond the double range give +-infinity).
template <class I>
double to_double(const Fraction<I>& q) {
  return detail::ratio_to_double(detail::mpz_value(q.numerator()), detail::mpz_value(q.denominator()));
}

/// sqrt(q) correctly rounded to the nearest double, ties to even. q must be
/// >= 0 (throws invalid_input otherwise).
template <class I>
double sqrt_to_double(const Fraction<I>& q) {
  return detail::sqrt_ratio_to_double(detail::mpz_value(q.numerator()), detail::mpz_value(q.denominator()));
}

/// The exact value of a coordinate (or any built-in integer) as a GMP
/// rational. A NaN or infinite float/double throws invalid_input.
template <class T>
  requires(Coordinate<T> || std::integral<T>)
mpq_class to_mpq(const T& v) {
  if constexpr (std::is_floating_point_v<T>) {
    if (!detail::finite_bits(static_cast<double>(v))) throw invalid_input("to_mpq: NaN or infinite value");
    return mpq_class(static_cast<double>(v));
  } else if constexpr (std::is_same_v<T, mpq_class>) {
    return v;
  } else if constexpr (std::is_same_v<T, mpz_class>) {
    return mpq_class(v);
  } else if constexpr (coordinate_traits<T>::kind == CoordinateKind::big_int) {
    return mpq_class(coordinate_traits<T>::to_mpz(v));  // cpp_int: exactgeom/boost.hpp
  } else if constexpr (coordinate_traits<T>::kind == CoordinateKind::rational) {
    return coordinate_traits<T>::to_mpq(v);  // cpp_rational: exactgeom/boost.hpp
  } else if constexpr (std::is_signed_v<T>) {
    return mpq_class(detail::mpz_of(static_cast<std::int64_t>(v)));
  } else {
    return mpq_class(detail::mpz_of(static_cast<std::uint64_t>(v)));
  }
}

/// q rounded to the nearest double, ties to even (as to_double of a
/// Fraction).
inline double to_double(const mpq_class& q) { return detail::ratio_to_double(q.get_num(), q.get_den()); }

/// Exact equality and order of values (2/4 == 1/2, 1/3 < 1/2), across
/// integer types too.
template <class I, class J>
bool operator==(const Fraction<I>& a, const Fraction<J>& b) {
  return to_mpq(a) == to_mpq(b);
}
template <class I, class J>
std::strong_ordering operator<=>(const Fraction<I>& a, const Fraction<J>& b) {
  const int c = cmp(to_mpq(a), to_mpq(b));
  return c < 0 ? std::strong_ordering::less : (c > 0 ? std::strong_ordering::greater : std::strong_ordering::equal);
}

/// Exact comparison with a coordinate value or a built-in integer: `d2 < 4`,
/// `d2 == 0.5` (the double's exact value), `1 <= d2`. Against a NaN every
/// comparison is false (std::partial_ordering::unordered); infinities order
/// as usual.
template <class I, class T>
  requires((Coordinate<T> || std::integral<T>) && !std::same_as<T, bool>)
std::conditional_t<std::is_floating_point_v<T>, std::partial_ordering, std::strong_ordering> operator<=>(
    const Fraction<I>& a, const T& v) {
  if constexpr (std::is_floating_point_v<T>) {
    // Read from the bits: exact also where the caller's flags assume no NaN.
    if (detail::nan_bits(static_cast<double>(v))) return std::partial_ordering::unordered;
    if (!detail::finite_bits(static_cast<double>(v)))
      return v > 0 ? std::partial_ordering::less : std::partial_ordering::greater;
  }
  const int c = cmp(to_mpq(a), to_mpq(v));
  if constexpr (std::is_floating_point_v<T>)
    return c < 0 ? std::partial_ordering::less : (c > 0 ? std::partial_ordering::greater : std::partial_ordering::equivalent);
  else
    return c < 0 ? std::strong_ordering::less : (c > 0 ? std::strong_ordering::greater : std::strong_ordering::equal);
}
template <class I, class T>
  requires((Coordinate<T> || std::integral<T>) && !std::same_as<T, bool>)
bool operator==(const Fraction<I>& a, const T& v) {
  return (a <=> v) == 0;
}

template <class I>
std::ostream& operator<<(std::ostream& os, const Fraction<I>& q) {
  return os << to_string(q);
}


/// The distance between two shapes (their cores, for shapes with a radius),
/// correctly rounded to the nearest double, ties to even: one function for
/// every pair that has an exact squared_distance (segments.hpp,
/// segment_triangle.hpp, convex.hpp), sqrt_to_double of it. Errors: those of
/// squared_distance for the pair.
template <class A, class B>
  requires requires(const A& x, const B& y) { sqrt_to_double(squared_distance(x, y)); }
double distance(const A& x, const B& y) {
  return sqrt_to_double(squared_distance(x, y));
}

/// The answer of closest_points(x, y), one type for every pair: a closest
/// pair of points of the two shapes' cores, exactly, and its squared
/// distance; P is Point2 or Point3 of the exact result type. Where a pair's
/// kernel computes them, the parameters of the points along the segments:
/// s along the first shape when it is a segment (two segments; a segment and
/// a triangle), t along the second (two segments); empty otherwise.
template <class P>
struct ClosestPoints {
  using value_type = std::remove_cvref_t<decltype(std::declval<P&>().x)>;  ///< the exact type of a coordinate of P
  P on_first;                         ///< the pair's point on x's core
  P on_second;                        ///< the pair's point on y's core
  value_type squared_distance;        ///< |on_first - on_second|^2
  std::optional<value_type> s;        ///< on_first = a + s (b - a), x a segment [a, b]; empty: see above
  std::optional<value_type> t;        ///< on_second = c + t (d - c), y a segment [c, d]; empty: see above
  std::optional<std::size_t> piece;   ///< against a mesh, height field or chain (mesh.hpp): the piece holding its point
};
}  // namespace exactgeom

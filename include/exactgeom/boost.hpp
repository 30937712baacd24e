// exactgeom/boost.hpp: Boost.Multiprecision's cpp_int and cpp_rational as
// coordinates, beside the core's int32_t, int64_t, float, double, mpz_class
// and mpq_class. Opt-in (exactgeom.hpp does not include it): Boost's headers
// take longer to compile than the whole rest of the core, and only users of
// these two types need them. With this header included, every function of
// the core takes cpp_int / cpp_rational coordinates (same answers, computed
// in GMP after an exact conversion), and to_cpp_rational converts any exact
// result. Needs Boost.Multiprecision's headers on the include path (the
// exactgeom CMake package finds Boost for its own build; a user of this
// header links nothing more).
#pragma once

#include <boost/multiprecision/cpp_int.hpp>

#include "exactgeom/coordinate.hpp"
#include "exactgeom/rational.hpp"

namespace exactgeom {

using boost::multiprecision::cpp_int;
using boost::multiprecision::cpp_rational;

namespace detail {
/// Exact conversions between the two big-number families (src/predicates/predicates.cpp).
mpz_class to_mpz(const cpp_int& v);
mpq_class to_mpq(const cpp_rational& v);
cpp_int to_cpp_int(const mpz_class& v);
cpp_rational to_cpp_rational(const mpq_class& v);
}  // namespace detail

/// Boost's arbitrary-size integer: converted exactly to mpz_class, then used as one.
template <>
struct coordinate_traits<cpp_int> {
  static constexpr CoordinateKind kind = CoordinateKind::big_int;  ///< an integer of any size
  static constexpr const char* name = "cpp_int";  ///< the type's short name, as in test and report labels
  /// The same value as an mpz_class (exact).
  static mpz_class to_mpz(const cpp_int& v) { return detail::to_mpz(v); }
};
/// Boost's arbitrary-size rational: converted exactly to mpq_class, then used as one.
template <>
struct coordinate_traits<cpp_rational> {
  static constexpr CoordinateKind kind = CoordinateKind::rational;  ///< a rational of any size
  static constexpr const char* name = "cpp_rational";  ///< the type's short name, as in test and report labels
  /// The same value as an mpq_class (exact).
  static mpq_class to_mpq(const cpp_rational& v) { return detail::to_mpq(v); }
};

/// The exact value of any result (Fraction) as a Boost rational.
template <class I>
cpp_rational to_cpp_rational(const Fraction<I>& q) {
  return detail::to_cpp_rational(to_mpq(q));
}

}  // namespace exactgeom

// exactgeom/coordinate.hpp: the coordinate types the library accepts, the
// facts it uses about each (coordinate_traits), and the Coordinate concept.
// The fixed-size types (int32, int64, float, double) and the concept are in
// detail/coordinate_base.hpp, which needs neither GMP nor Boost; this header
// adds GMP's big types, mpz_class and mpq_class (gmpxx). Include it (or
// exactgeom.hpp) to use them with predicates.hpp. Boost.Multiprecision's
// cpp_int and cpp_rational are added by exactgeom/boost.hpp (opt-in: Boost's
// headers would triple the compile time of every file including the core).
#pragma once

#include <gmpxx.h>

#include <cstdint>
#include <type_traits>

#include "exactgeom/detail/coordinate_base.hpp"

namespace exactgeom {

/// GMP's arbitrary-size integer: used as it is, in GMP.
template <>
struct coordinate_traits<mpz_class> {
  static constexpr CoordinateKind kind = CoordinateKind::big_int;  ///< an integer of any size
  static constexpr const char* name = "mpz";  ///< the type's short name, as in test and report labels
  /// The value as an mpz_class: v itself.
  static const mpz_class& to_mpz(const mpz_class& v) { return v; }
};
/// GMP's arbitrary-size rational: scaled to integers by the common denominator.
template <>
struct coordinate_traits<mpq_class> {
  static constexpr CoordinateKind kind = CoordinateKind::rational;  ///< a rational of any size
  static constexpr const char* name = "mpq";  ///< the type's short name, as in test and report labels
  /// The value as an mpq_class: v itself.
  static const mpq_class& to_mpq(const mpq_class& v) { return v; }
};

}  // namespace exactgeom

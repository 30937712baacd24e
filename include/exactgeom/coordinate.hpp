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

template <>
struct coordinate_traits<mpz_class> {
  static constexpr CoordinateKind kind = CoordinateKind::big_int;
  static constexpr const char* name = "mpz";
  static const mpz_class& to_mpz(const mpz_class& v) { return v; }
};
template <>
struct coordinate_traits<mpq_class> {
  static constexpr CoordinateKind kind = CoordinateKind::rational;
  static constexpr const char* name = "mpq";
  static const mpq_class& to_mpq(const mpq_class& v) { return v; }
};

}  // namespace exactgeom

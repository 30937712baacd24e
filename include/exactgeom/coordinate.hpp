// exactgeom/coordinate.hpp: the coordinate types the library accepts, the
// facts it uses about each (coordinate_traits), and the Coordinate concept.
// The fixed-size types (int32, int64, float, double) and the concept are in
// detail/coordinate_base.hpp, which needs neither GMP nor Boost; this header
// adds the big types: mpz_class, mpq_class (gmpxx), cpp_int, cpp_rational
// (Boost.Multiprecision). Include it (or exactgeom.hpp) to use them with
// predicates.hpp.
#pragma once

#include <gmpxx.h>

#include <boost/multiprecision/cpp_int.hpp>
#include <cstdint>
#include <type_traits>

#include "exactgeom/detail/coordinate_base.hpp"

namespace exactgeom {

using boost::multiprecision::cpp_int;
using boost::multiprecision::cpp_rational;

template <>
struct coordinate_traits<mpz_class> {
  static constexpr CoordinateKind kind = CoordinateKind::big_int;
  static constexpr const char* name = "mpz";
};
template <>
struct coordinate_traits<cpp_int> {
  static constexpr CoordinateKind kind = CoordinateKind::big_int;
  static constexpr const char* name = "cpp_int";
};
template <>
struct coordinate_traits<mpq_class> {
  static constexpr CoordinateKind kind = CoordinateKind::rational;
  static constexpr const char* name = "mpq";
};
template <>
struct coordinate_traits<cpp_rational> {
  static constexpr CoordinateKind kind = CoordinateKind::rational;
  static constexpr const char* name = "cpp_rational";
};

}  // namespace exactgeom

// exactgeom/coordinate.hpp: the coordinate types the library accepts, the
// facts it uses about each (coordinate_traits), and the Coordinate concept.
#pragma once

#include <gmpxx.h>

#include <boost/multiprecision/cpp_int.hpp>
#include <cstdint>
#include <type_traits>

namespace exactgeom {

using boost::multiprecision::cpp_int;
using boost::multiprecision::cpp_rational;

/// How a coordinate type is turned into integers by the exact kernel.
enum class CoordinateKind {
  fixed_int,     // int32_t, int64_t: used as they are, bit width known
  binary_float,  // float, double: m * 2^e, scaled by 2^-e_min
  big_int,       // mpz_class, cpp_int: used as they are, in GMP
  rational,      // mpq_class, cpp_rational: scaled by the common denominator
};

/// Facts about a coordinate type. Only the specialisations below exist; a
/// type without one is not a Coordinate.
template <class T>
struct coordinate_traits;

template <>
struct coordinate_traits<std::int32_t> {
  static constexpr CoordinateKind kind = CoordinateKind::fixed_int;
  static constexpr int bits = 32;  // signed width: |x| <= 2^31
  static constexpr const char* name = "int32";
};
template <>
struct coordinate_traits<std::int64_t> {
  static constexpr CoordinateKind kind = CoordinateKind::fixed_int;
  static constexpr int bits = 64;
  static constexpr const char* name = "int64";
};
template <>
struct coordinate_traits<float> {
  static constexpr CoordinateKind kind = CoordinateKind::binary_float;
  static constexpr const char* name = "float";
};
template <>
struct coordinate_traits<double> {
  static constexpr CoordinateKind kind = CoordinateKind::binary_float;
  static constexpr const char* name = "double";
};
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

/// A type the exact predicates accept: one of the eight with traits above.
template <class T>
concept Coordinate = requires {
  { coordinate_traits<T>::kind } -> std::convertible_to<CoordinateKind>;
};

}  // namespace exactgeom

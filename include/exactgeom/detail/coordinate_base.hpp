// exactgeom/detail/coordinate_base.hpp: the Coordinate concept and the
// traits of the fixed-size coordinate types (int32, int64, float, double).
// No GMP, no Boost: predicates.hpp and batch users of those types include
// only this. exactgeom/coordinate.hpp adds the traits of the big types
// (mpz_class, mpq_class, cpp_int, cpp_rational).
#pragma once

#include <concepts>
#include <cstdint>
#include <type_traits>

namespace exactgeom {

/// How a coordinate type is turned into integers by the exact kernel.
enum class CoordinateKind {
  fixed_int,     // int32_t, int64_t: used as they are, bit width known
  binary_float,  // float, double: m * 2^e, scaled by 2^-e_min
  big_int,       // mpz_class, cpp_int: used as they are, in GMP
  rational,      // mpq_class, cpp_rational: scaled by the common denominator
};

/// Facts about a coordinate type. Only the specialisations below and those
/// of coordinate.hpp exist; a type without one is not a Coordinate.
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
/// A type the exact predicates accept: a type with coordinate_traits:
/// the four above, and with exactgeom/coordinate.hpp the four big ones.
template <class T>
concept Coordinate = requires {
  { coordinate_traits<T>::kind } -> std::convertible_to<CoordinateKind>;
};

}  // namespace exactgeom

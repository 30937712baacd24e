// exactgeom/detail/float_env.hpp: what the exactness guarantee needs from
// the caller's floating-point environment, and what the headers do when the
// caller's compiler flags would break it.
//
// The inline filters (filters.hpp, capsule_first_stage.hpp, segment_fast.hpp,
// triangle_first_stage.hpp) are compiled in the caller's translation unit, under
// the caller's flags. Their error bounds assume IEEE-754 arithmetic as
// written: no reassociation, no reciprocal approximations, NaN and infinity
// comparing as IEEE says. Flags that drop any of that (-ffast-math, -Ofast,
// -ffinite-math-only, -fassociative-math, -freciprocal-math,
// -funsafe-math-optimizations) are seen through the macros GCC and Clang
// define for them; then EXACTGEOM_UNSAFE_MATH is 1, and every public entry
// point whose inline path computes in floating point calls instead an entry
// point compiled into the library with the library's own flags (namespace
// exactgeom::compiled; its CMake target adds -fno-fast-math): the answers
// stay exact, at the cost of one call that cannot be inlined (measured in
// the benchmarks: rows */exact_fastmath_tu/*). (Clang's -fassociative-math
// alone defines no macro and cannot be seen; use -ffast-math or none.)
//
// FMA contraction (-ffp-contract=fast, GCC's default outside ISO mode, and
// -march with FMA) is allowed: every bound is derived to hold with or
// without it.
//
// The rounding mode must be round-to-nearest (FE_TONEAREST, the default):
// the bounds are derived for it. Debug builds (NDEBUG not defined) check it
// at each call of a public entry point that takes float, double, int32 or
// int64 coordinates and abort with a message naming the function
// (check_rounding). On x87 (the long-double stage of the capsule tests) the
// precision-control field must be 64 bits, as the x86-64 ABI sets it; the
// library checks it at run time and skips the stage otherwise.
#pragma once

#include <bit>
#include <cstdint>
#include <type_traits>

#if defined(__FAST_MATH__) || (defined(__FINITE_MATH_ONLY__) && __FINITE_MATH_ONLY__) || \
    defined(__ASSOCIATIVE_MATH__) || defined(__RECIPROCAL_MATH__)
#define EXACTGEOM_UNSAFE_MATH 1
#else
#define EXACTGEOM_UNSAFE_MATH 0
#endif

namespace exactgeom::detail {

/// The coordinate types whose public paths compute in floating point inline
/// (filters on doubles): these are routed under EXACTGEOM_UNSAFE_MATH.
template <class T>
inline constexpr bool has_float_path_v = std::is_same_v<T, float> || std::is_same_v<T, double> ||
                                         std::is_same_v<T, std::int32_t> || std::is_same_v<T, std::int64_t>;

/// True when a call with coordinates T must go to the library's compiled
/// entry points (see the top of this file).
template <class T>
constexpr bool route_to_library() {
  return EXACTGEOM_UNSAFE_MATH && has_float_path_v<T>;
}

/// x is neither NaN nor infinite, read from its bits (so the test survives
/// -ffinite-math-only, under which std::isfinite may be folded to true).
inline bool finite_bits(double x) {
  return (std::bit_cast<std::uint64_t>(x) & 0x7ff0000000000000ULL) != 0x7ff0000000000000ULL;
}
/// x is a NaN, read from its bits.
inline bool nan_bits(double x) {
  const std::uint64_t b = std::bit_cast<std::uint64_t>(x);
  return (b & 0x7ff0000000000000ULL) == 0x7ff0000000000000ULL && (b & 0x000fffffffffffffULL) != 0;
}

/// Prints that the rounding mode is not round-to-nearest and aborts
/// (src/predicates/predicates.cpp).
[[noreturn]] void rounding_mode_error(const char* where);
/// Whether the current rounding mode is round-to-nearest (std::fegetround
/// in the library).
bool rounding_is_to_nearest();

/// Debug builds: aborts unless the rounding mode is round-to-nearest.
inline void check_rounding([[maybe_unused]] const char* where) {
#ifndef NDEBUG
  if (!rounding_is_to_nearest()) rounding_mode_error(where);
#endif
}

/// The rounding check (debug builds of the caller) before a call with
/// coordinates T, when T has a float path (the others have no filter).
template <class T>
inline void check_rounding_for([[maybe_unused]] const char* where) {
  if constexpr (has_float_path_v<T>) check_rounding(where);
}

/// The routing rule of the public entry points, written once: under
/// EXACTGEOM_UNSAFE_MATH a call whose coordinates have a float path goes to
/// the library's compiled entry point, to_library(args...); otherwise the
/// header path in_header(args...) runs, after the debug builds' rounding
/// check named `where`. Both are generic lambdas (so the branch not taken
/// is never instantiated: the compiled entry points exist for the float
/// path types only), inlined.
template <class T, class ToLibrary, class InHeader, class... Args>
[[gnu::always_inline]] inline decltype(auto) route(const char* where, ToLibrary&& to_library, InHeader&& in_header,
                                                   const Args&... args) {
  if constexpr (route_to_library<T>()) {
    return to_library(args...);
  } else {
    check_rounding_for<T>(where);
    return in_header(args...);
  }
}

}  // namespace exactgeom::detail

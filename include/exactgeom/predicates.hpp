// exactgeom/predicates.hpp: the exact orientation predicates orient2d,
// orient3d, incircle and insphere, for every Coordinate type.
//
// Each answers the sign of a determinant, exactly, for the coordinates as
// given (a float or double is the exact binary rational it holds). The
// definitions are those of docs/queries.md:
//
//   orient2d(a, b, c)        sign det[b-a; c-a]. Positive when a, b, c turn
//                            counterclockwise (c left of a->b), zero when
//                            collinear (coincident points included).
//   orient3d(a, b, c, d)     sign det[b-a; c-a; d-a] (CGAL's convention, the
//                            opposite of Shewchuk's): positive when d is on
//                            the side of plane abc from which a, b, c appear
//                            counterclockwise; zero when coplanar.
//   incircle(a, b, c, d)     sign det of rows [p-d, |p-d|^2], p = a, b, c:
//                            positive when d is inside the circle through
//                            a, b, c and a, b, c are counterclockwise
//                            (reversed when clockwise); zero when cocircular
//                            or a, b, c are collinear and d on that line.
//   insphere(a, b, c, d, e)  minus the sign of det of rows [p-e, |p-e|^2],
//                            p = a..d: positive when e is inside the sphere
//                            through a..d and orient3d(a, b, c, d) > 0.
//
// Degenerate input is answered by the determinant's sign, whatever it is.
// Errors: float/double coordinates that are NaN or infinite throw
// exactgeom::invalid_input; other coordinate types never throw.
//
// How: doubles (and floats, widened exactly) go through an inline filter
// with a proven error bound (detail/filters.hpp); the rare uncertain case is
// scaled exactly to integers and answered by the integer kernel
// (detail/kernel.hpp) in the narrowest type its bit bound allows. int32 and
// int64 inputs use __int128 or fixed-width integers (never the heap);
// mpz_class and cpp_int use GMP; rationals are scaled by their common
// denominator first.
//
// Cost of the include: this header needs neither GMP nor Boost, so a user of
// float, double, int32 or int64 coordinates does not compile them. The big
// coordinate types are Coordinates once exactgeom/coordinate.hpp (mpz_class,
// mpq_class; or exactgeom.hpp) or exactgeom/boost.hpp (cpp_int, cpp_rational)
// is included too; their exact paths are compiled into the library.
#pragma once

#include <cstdint>
#include <type_traits>

#include "exactgeom/detail/coordinate_base.hpp"
#include "exactgeom/detail/exact_fixed.hpp"
#include "exactgeom/detail/filters.hpp"
#include "exactgeom/detail/float_env.hpp"
#include "exactgeom/detail/kernel.hpp"
#include "exactgeom/geometry.hpp"

namespace exactgeom {

namespace detail {

template <class T>
inline constexpr bool is_binary_float_v = std::is_same_v<T, float> || std::is_same_v<T, double>;

template <class T>
inline constexpr bool dependent_false = false;

}  // namespace detail

namespace detail {

/// p - q rounded once to double, for int32 and int64 coordinates: the
/// filters' error model holds for it. int32: each value is exact in double
/// and so is the difference (33 bits), two conversions and a subtraction;
/// int64: exact in int128, then rounded (converting an int128 is a library
/// call, which int32 avoids).
template <class T>
double difference_as_double(T p, T q) {
  if constexpr (std::is_same_v<T, std::int32_t>) return double(p) - double(q);
  else return double(int128(p) - int128(q));
}

#if defined(__clang__) || !defined(__GNUC__)
#define EXACTGEOM_COLD_PATH [[gnu::noinline]]
#else
#define EXACTGEOM_COLD_PATH [[gnu::noipa]]
#endif
// The double paths' cold parts, out of line: what runs when the first
// stage (filters.hpp) cannot decide. Kept inline, the points' twelve
// coordinates stayed live across the first stage for the exact call and
// spilled to the stack on every call; noipa, not just noinline, so that GCC
// does not turn the references into values (which it then kept live in
// registers across the first stage, for the call).
template <class T>
EXACTGEOM_COLD_PATH Sign orient2d_after_filter(const Point2<T>& a, const Point2<T>& b, const Point2<T>& c) {
  const double flat[6] = {a.x, a.y, b.x, b.y, c.x, c.y};
  return static_cast<Sign>(detail::orient2d_exact(flat));
}

/// The permanent bound (filters.hpp), then exact.
template <class T>
EXACTGEOM_COLD_PATH Sign orient3d_after_first_stage(const Point3<T>& a, const Point3<T>& b, const Point3<T>& c,
                                                  const Point3<T>& d) {
  const double flat[12] = {a.x, a.y, a.z, b.x, b.y, b.z, c.x, c.y, c.z, d.x, d.y, d.z};
  if (const int s = detail::orient3d_estimate(flat[3] - flat[0], flat[4] - flat[1], flat[5] - flat[2],
                                              flat[6] - flat[0], flat[7] - flat[1], flat[8] - flat[2],
                                              flat[9] - flat[0], flat[10] - flat[1], flat[11] - flat[2])
                        .sign())
    return static_cast<Sign>(s);
  return static_cast<Sign>(detail::orient3d_exact(flat));
}

/// The permanent bound (filters.hpp), then exact.
template <class T>
EXACTGEOM_COLD_PATH Sign incircle_after_first_stage(const Point2<T>& a, const Point2<T>& b, const Point2<T>& c,
                                                  const Point2<T>& d) {
  const double flat[8] = {a.x, a.y, b.x, b.y, c.x, c.y, d.x, d.y};
  if (const int s = detail::incircle_estimate(flat[0] - flat[6], flat[1] - flat[7], flat[2] - flat[6],
                                              flat[3] - flat[7], flat[4] - flat[6], flat[5] - flat[7])
                        .sign())
    return static_cast<Sign>(s);
  return static_cast<Sign>(detail::incircle_exact(flat));
}
#undef EXACTGEOM_COLD_PATH

template <class T>
Sign orient2d_impl(const Point2<T>& a, const Point2<T>& b, const Point2<T>& c) {
  if constexpr (detail::is_binary_float_v<T>) {
    // filters.hpp: Ozaki et al.'s single-branch filter, then exact.
    const double ax = a.x, ay = a.y;
    const detail::Estimate e = detail::orient2d_ozaki_estimate(double(b.x) - ax, double(b.y) - ay,
                                                               double(c.x) - ax, double(c.y) - ay);
    if (detail::ozaki_certain(e)) [[likely]]
      return static_cast<Sign>(detail::first_stage_sign(e));
    return detail::orient2d_after_filter(a, b, c);
  } else if constexpr (std::is_same_v<T, std::int32_t>) {
    // orient2d_bits(32) = 66 <= 128: differences in int64, products in __int128.
    // (A static double filter in front, as orient3d has, measured no faster:
    // the two products in __int128 cost about what the filter does.)
    const std::int64_t ux = std::int64_t(b.x) - a.x, uy = std::int64_t(b.y) - a.y;
    const std::int64_t vx = std::int64_t(c.x) - a.x, vy = std::int64_t(c.y) - a.y;
    const detail::int128 det = detail::int128(ux) * vy - detail::int128(uy) * vx;
    return static_cast<Sign>(detail::sgn(det));
  } else if constexpr (std::is_same_v<T, std::int64_t>) {
    return static_cast<Sign>(detail::orient2d_i64(a.x, a.y, b.x, b.y, c.x, c.y));
  } else {
    const T flat[6] = {a.x, a.y, b.x, b.y, c.x, c.y};
    return static_cast<Sign>(detail::orient2d_exact_big(flat));
  }
}

template <class T>
Sign orient3d_impl(const Point3<T>& a, const Point3<T>& b, const Point3<T>& c, const Point3<T>& d) {
  if constexpr (detail::is_binary_float_v<T>) {
    // filters.hpp: the semi-static bound, then the permanent one, then exact.
    const double ux = double(b.x) - a.x, uy = double(b.y) - a.y, uz = double(b.z) - a.z;
    const double vx = double(c.x) - a.x, vy = double(c.y) - a.y, vz = double(c.z) - a.z;
    const double wx = double(d.x) - a.x, wy = double(d.y) - a.y, wz = double(d.z) - a.z;
    const detail::Estimate e = detail::orient3d_semistatic_estimate(ux, uy, uz, vx, vy, vz, wx, wy, wz);
    if (detail::first_stage_certain(e)) [[likely]]
      return static_cast<Sign>(detail::first_stage_sign(e));
    return detail::orient3d_after_first_stage(a, b, c, d);
  } else if constexpr (std::is_same_v<T, std::int32_t>) {
    // Differences of int32 are exact in double (33 bits), so the filter's
    // model holds; the __int128 kernel (orient3d_bits(32) = 100 <= 128) is
    // exact but about 3x slower than the filter on random input.
    // A static filter first (filters.hpp, kOrient3dStaticI32: full-range
    // input decided without the permanent), then the semi-static one.
    auto dd = [](std::int32_t p, std::int32_t q) { return difference_as_double(p, q); };
    const double ux = dd(b.x, a.x), uy = dd(b.y, a.y), uz = dd(b.z, a.z), vx = dd(c.x, a.x), vy = dd(c.y, a.y),
                 vz = dd(c.z, a.z), wx = dd(d.x, a.x), wy = dd(d.y, a.y), wz = dd(d.z, a.z);
    if (const int s = detail::static_sign(detail::orient3d_estimate(ux, uy, uz, vx, vy, vz, wx, wy, wz).det,
                                          detail::kOrient3dStaticI32))
      return static_cast<Sign>(s);
    if (const int s = detail::orient3d_filter_d(ux, uy, uz, vx, vy, vz, wx, wy, wz)) return static_cast<Sign>(s);
    const detail::int128 p[12] = {a.x, a.y, a.z, b.x, b.y, b.z, c.x, c.y, c.z, d.x, d.y, d.z};
    return static_cast<Sign>(detail::orient3d_k(p, p + 3, p + 6, p + 9));
  } else if constexpr (std::is_same_v<T, std::int64_t>) {
    // Differences are exact in int128 and rounded once to double: the
    // filter's error model holds.
    auto dd = [](std::int64_t p, std::int64_t q) { return difference_as_double(p, q); };
    const double ux = dd(b.x, a.x), uy = dd(b.y, a.y), uz = dd(b.z, a.z);
    const double vx = dd(c.x, a.x), vy = dd(c.y, a.y), vz = dd(c.z, a.z);
    const double wx = dd(d.x, a.x), wy = dd(d.y, a.y), wz = dd(d.z, a.z);
    if (const int s = detail::orient3d_filter_d(ux, uy, uz, vx, vy, vz, wx, wy, wz))
      return static_cast<Sign>(s);
    const std::int64_t flat[12] = {a.x, a.y, a.z, b.x, b.y, b.z, c.x, c.y, c.z, d.x, d.y, d.z};
    return static_cast<Sign>(detail::orient3d_exact(flat));
  } else {
    const T flat[12] = {a.x, a.y, a.z, b.x, b.y, b.z, c.x, c.y, c.z, d.x, d.y, d.z};
    return static_cast<Sign>(detail::orient3d_exact_big(flat));
  }
}

template <class T>
Sign incircle_impl(const Point2<T>& a, const Point2<T>& b, const Point2<T>& c, const Point2<T>& d) {
  if constexpr (detail::is_binary_float_v<T>) {
    // filters.hpp: the semi-static bound, then the permanent one, then exact.
    const double adx = double(a.x) - d.x, ady = double(a.y) - d.y, bdx = double(b.x) - d.x,
                 bdy = double(b.y) - d.y, cdx = double(c.x) - d.x, cdy = double(c.y) - d.y;
    const detail::Estimate e = detail::incircle_semistatic_estimate(adx, ady, bdx, bdy, cdx, cdy);
    if (detail::first_stage_certain(e)) [[likely]]
      return static_cast<Sign>(detail::first_stage_sign(e));
    return detail::incircle_after_first_stage(a, b, c, d);
  } else if constexpr (std::is_same_v<T, std::int32_t> || std::is_same_v<T, std::int64_t>) {
    auto dd = [](T p, T q) { return difference_as_double(p, q); };
    const double adx = dd(a.x, d.x), ady = dd(a.y, d.y), bdx = dd(b.x, d.x), bdy = dd(b.y, d.y), cdx = dd(c.x, d.x),
                 cdy = dd(c.y, d.y);
    if constexpr (std::is_same_v<T, std::int32_t>) {  // the static filter first (kIncircleStaticI32)
      if (const int s = detail::static_sign(detail::incircle_estimate(adx, ady, bdx, bdy, cdx, cdy).det,
                                            detail::kIncircleStaticI32))
        return static_cast<Sign>(s);
    }
    if (const int s = detail::incircle_filter_d(adx, ady, bdx, bdy, cdx, cdy)) return static_cast<Sign>(s);
    const T flat[8] = {a.x, a.y, b.x, b.y, c.x, c.y, d.x, d.y};
    return static_cast<Sign>(detail::incircle_exact(flat));
  } else {
    const T flat[8] = {a.x, a.y, b.x, b.y, c.x, c.y, d.x, d.y};
    return static_cast<Sign>(detail::incircle_exact_big(flat));
  }
}

template <class T>
Sign insphere_impl(const Point3<T>& a, const Point3<T>& b, const Point3<T>& c, const Point3<T>& d,
                   const Point3<T>& e) {
  if constexpr (detail::is_binary_float_v<T>) {
    const double flat[15] = {a.x, a.y, a.z, b.x, b.y, b.z, c.x, c.y, c.z,
                             d.x, d.y, d.z, e.x, e.y, e.z};
    if (const int s = detail::insphere_filter(flat, flat + 3, flat + 6, flat + 9, flat + 12))
      return static_cast<Sign>(-s);
    return static_cast<Sign>(-detail::insphere_det_exact(flat));
  } else if constexpr (std::is_same_v<T, std::int32_t> || std::is_same_v<T, std::int64_t>) {
    auto dd = [](T p, T q) { return difference_as_double(p, q); };
    const double ae[3] = {dd(a.x, e.x), dd(a.y, e.y), dd(a.z, e.z)};
    const double be[3] = {dd(b.x, e.x), dd(b.y, e.y), dd(b.z, e.z)};
    const double ce[3] = {dd(c.x, e.x), dd(c.y, e.y), dd(c.z, e.z)};
    const double de[3] = {dd(d.x, e.x), dd(d.y, e.y), dd(d.z, e.z)};
    if constexpr (std::is_same_v<T, std::int32_t>) {  // the static filter first (kInsphereStaticI32)
      if (const int s = detail::static_sign(detail::insphere_terms(ae, be, ce, de).det, detail::kInsphereStaticI32))
        return static_cast<Sign>(-s);
    }
    if (const int s = detail::insphere_filter_d(ae, be, ce, de)) return static_cast<Sign>(-s);
    const T flat[15] = {a.x, a.y, a.z, b.x, b.y, b.z, c.x, c.y, c.z, d.x, d.y, d.z, e.x, e.y, e.z};
    return static_cast<Sign>(-detail::insphere_det_exact(flat));
  } else {
    const T flat[15] = {a.x, a.y, a.z, b.x, b.y, b.z, c.x, c.y, c.z, d.x, d.y, d.z, e.x, e.y, e.z};
    return static_cast<Sign>(-detail::insphere_det_exact_big(flat));
  }
}

}  // namespace detail

// Entry points compiled into the library with its own flags, called instead of
// the inline paths when the caller's flags are unsafe (detail/float_env.hpp);
// instantiated for float, double, int32_t and int64_t (src/float_env/compiled.cpp).
namespace compiled {
/// How many calls this thread has made through these entry points (for the
/// tests: a caller compiled with unsafe flags must make some).
std::uint64_t calls_on_this_thread();
template <class T>
Sign orient2d(const Point2<T>& a, const Point2<T>& b, const Point2<T>& c);
template <class T>
Sign orient3d(const Point3<T>& a, const Point3<T>& b, const Point3<T>& c, const Point3<T>& d);
template <class T>
Sign incircle(const Point2<T>& a, const Point2<T>& b, const Point2<T>& c, const Point2<T>& d);
template <class T>
Sign insphere(const Point3<T>& a, const Point3<T>& b, const Point3<T>& c, const Point3<T>& d,
                   const Point3<T>& e);
}  // namespace compiled

/// Exact orientation of three points in the plane; see the top of this file.
template <Coordinate T>
Sign orient2d(const Point2<T>& a, const Point2<T>& b, const Point2<T>& c) {
  if constexpr (detail::route_to_library<T>()) {
    return compiled::orient2d(a, b, c);
  } else {
    detail::check_rounding_for<T>("orient2d");
    return detail::orient2d_impl(a, b, c);
  }
}

/// Exact orientation of four points in space (CGAL's sign convention); see
/// the top of this file.
template <Coordinate T>
Sign orient3d(const Point3<T>& a, const Point3<T>& b, const Point3<T>& c, const Point3<T>& d) {
  if constexpr (detail::route_to_library<T>()) {
    return compiled::orient3d(a, b, c, d);
  } else {
    detail::check_rounding_for<T>("orient3d");
    return detail::orient3d_impl(a, b, c, d);
  }
}

/// Exact in-circle test; see the top of this file.
template <Coordinate T>
Sign incircle(const Point2<T>& a, const Point2<T>& b, const Point2<T>& c, const Point2<T>& d) {
  if constexpr (detail::route_to_library<T>()) {
    return compiled::incircle(a, b, c, d);
  } else {
    detail::check_rounding_for<T>("incircle");
    return detail::incircle_impl(a, b, c, d);
  }
}

/// Exact in-sphere test; see the top of this file.
template <Coordinate T>
Sign insphere(const Point3<T>& a, const Point3<T>& b, const Point3<T>& c, const Point3<T>& d,
                   const Point3<T>& e) {
  if constexpr (detail::route_to_library<T>()) {
    return compiled::insphere(a, b, c, d, e);
  } else {
    detail::check_rounding_for<T>("insphere");
    return detail::insphere_impl(a, b, c, d, e);
  }
}

// Calls with a type that is not (yet) a Coordinate land here and say why,
// instead of "no matching function": most often the big types used without
// exactgeom/coordinate.hpp, which makes them Coordinates.
#define EXACTGEOM_NOT_A_COORDINATE(fn)                                                        \
  static_assert(detail::dependent_false<T>, "exactgeom::" fn ": the coordinate type is not "  \
                "a Coordinate; for mpz_class or mpq_class include <exactgeom/coordinate.hpp> " \
                "(or <exactgeom/exactgeom.hpp>), for cpp_int or cpp_rational <exactgeom/boost.hpp>")
template <class T>
  requires(!Coordinate<T>)
Sign orient2d(const Point2<T>&, const Point2<T>&, const Point2<T>&) {
  EXACTGEOM_NOT_A_COORDINATE("orient2d");
  return Sign::zero;
}
template <class T>
  requires(!Coordinate<T>)
Sign orient3d(const Point3<T>&, const Point3<T>&, const Point3<T>&, const Point3<T>&) {
  EXACTGEOM_NOT_A_COORDINATE("orient3d");
  return Sign::zero;
}
template <class T>
  requires(!Coordinate<T>)
Sign incircle(const Point2<T>&, const Point2<T>&, const Point2<T>&, const Point2<T>&) {
  EXACTGEOM_NOT_A_COORDINATE("incircle");
  return Sign::zero;
}
template <class T>
  requires(!Coordinate<T>)
Sign insphere(const Point3<T>&, const Point3<T>&, const Point3<T>&, const Point3<T>&,
              const Point3<T>&) {
  EXACTGEOM_NOT_A_COORDINATE("insphere");
  return Sign::zero;
}
#undef EXACTGEOM_NOT_A_COORDINATE

}  // namespace exactgeom

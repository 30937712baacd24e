// predicates.hpp on its own: a user of float, double, int32 or int64
// coordinates gets the exact predicates without GMP or Boost in the
// translation unit (issue 14: the include cost). This file is compiled into
// predicates_test as its own translation unit; the checks below fail the
// build if the header starts pulling the big-number libraries in again.
#include "exactgeom/predicates.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>

#ifdef __GMP_PLUSPLUS__
#error "exactgeom/predicates.hpp includes gmpxx.h"
#endif
#ifdef BOOST_MP_CPP_INT_HPP
#error "exactgeom/predicates.hpp includes Boost.Multiprecision's cpp_int"
#endif

namespace eg = exactgeom;

namespace {

struct NotACoordinate {};
// The fixed-size types are Coordinates with this header alone; others are
// not (the diagnostic overloads are chosen for them, and say why).
static_assert(eg::Coordinate<double> && eg::Coordinate<float>);
static_assert(eg::Coordinate<std::int32_t> && eg::Coordinate<std::int64_t>);
static_assert(!eg::Coordinate<NotACoordinate>);

TEST(PredicatesLightHeader, DecidesNearlyDegenerateDoublesExactly) {
  // c is 2^-60 above the line y = x through a and b: the naive double
  // determinant is 0 here; the exact answer is positive (left turn).
  const double t = 0.5 + std::ldexp(1.0, -52);
  const eg::Point2<double> a{0.5, 0.5}, b{12.0, 12.0}, c{t, t + std::ldexp(1.0, -53)};
  EXPECT_EQ(eg::orient2d(a, b, c), eg::Sign::positive);
  EXPECT_EQ(eg::orient2d(b, a, c), eg::Sign::negative);
  EXPECT_EQ(eg::orient2d(a, b, eg::Point2<double>{t, t}), eg::Sign::zero);
}

TEST(PredicatesLightHeader, FixedSizeTypesAtTheirExtremes) {
  constexpr auto lo = std::numeric_limits<std::int64_t>::min();
  constexpr auto hi = std::numeric_limits<std::int64_t>::max();
  // (lo,lo), (hi,hi), (lo+1, lo+2): c is one unit left of the diagonal.
  EXPECT_EQ(eg::orient2d(eg::Point2<std::int64_t>{lo, lo}, eg::Point2<std::int64_t>{hi, hi},
                         eg::Point2<std::int64_t>{lo + 1, lo + 2}),
            eg::Sign::positive);
  const eg::Point3<std::int64_t> o{lo, lo, lo}, x{hi, lo, lo}, y{lo, hi, lo}, z{lo, lo, hi};
  EXPECT_EQ(eg::orient3d(o, x, y, z), eg::Sign::positive);
  EXPECT_EQ(eg::orient3d(o, y, x, z), eg::Sign::negative);
  // The unit circle through (1,0), (0,1), (-1,0); (0,-1) is on it, the origin inside.
  const eg::Point2<std::int32_t> p{1, 0}, q{0, 1}, r{-1, 0};
  EXPECT_EQ(eg::incircle(p, q, r, eg::Point2<std::int32_t>{0, -1}), eg::Sign::zero);
  EXPECT_EQ(eg::incircle(p, q, r, eg::Point2<std::int32_t>{0, 0}), eg::Sign::positive);
  const eg::Point3<float> s0{1, 0, 0}, s1{0, 1, 0}, s2{-1, 0, 0}, s3{0, 0, 1};
  EXPECT_EQ(eg::insphere(s0, s1, s2, s3, eg::Point3<float>{0, 0, -1}), eg::Sign::zero);
  // The origin is inside: insphere's sign is then orient3d's (nonzero here).
  ASSERT_NE(eg::orient3d(s0, s1, s2, s3), eg::Sign::zero);
  EXPECT_EQ(eg::insphere(s0, s1, s2, s3, eg::Point3<float>{0, 0, 0}), eg::orient3d(s0, s1, s2, s3));
}

TEST(PredicatesLightHeader, NanIsAnErrorNotAnAnswer) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  EXPECT_THROW(eg::orient2d(eg::Point2<double>{0, 0}, eg::Point2<double>{1, 1},
                            eg::Point2<double>{nan, 0}),
               eg::invalid_input);
}

}  // namespace

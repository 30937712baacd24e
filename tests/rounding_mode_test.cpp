// The rounding mode the filters' error bounds assume is round-to-nearest
// (detail/float_env.hpp). Debug builds check it at each public entry point
// with a float path and abort with a message; this file is built as a debug
// translation unit (NDEBUG undefined below) to see that they do.
#undef NDEBUG

#include <gtest/gtest.h>

#include <cfenv>

#include "exactgeom/exactgeom.hpp"

namespace eg = exactgeom;

namespace {

TEST(RoundingModeDeathTest, DebugBuildsRefuseDirectedRounding) {
  const eg::Point2<double> a{0, 0}, b{1, 0}, c{0, 1};
  EXPECT_EQ(eg::orient2d(a, b, c), eg::Sign::positive);  // to nearest: fine
  EXPECT_DEATH(
      {
        std::fesetround(FE_UPWARD);
        (void)eg::orient2d(a, b, c);
      },
      "orient2d called with a rounding mode other than round-to-nearest");
  EXPECT_DEATH(
      {
        std::fesetround(FE_TOWARDZERO);
        (void)eg::intersects(eg::Capsule3<float>{{{0, 0, 0}, {1, 0, 0}}, 1}, eg::Sphere<float>{{0, 3, 0}, 1});
      },
      "intersects called with a rounding mode");
  EXPECT_EQ(std::fegetround(), FE_TONEAREST);  // the children changed their own mode only
  // Types without a float path do not care.
  std::fesetround(FE_UPWARD);
  EXPECT_EQ(eg::orient2d(eg::Point2<mpq_class>{0, 0}, {1, 0}, {0, 1}), eg::Sign::positive);
  std::fesetround(FE_TONEAREST);
}

}  // namespace

// Tests of exactgeom/swept.hpp against the mpq oracle (distance from the
// relative path to the origin, segment-segment distances), over the eight
// coordinate types, and the measured misses of the sub-stepping float
// version (reference/substep_ccd.hpp, article 002).
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <random>

#include "testing/capsule_oracle.hpp"
#include "exactgeom/reference/substep_ccd.hpp"
#include "exactgeom/convex.hpp"
#include "exactgeom/swept.hpp"
#include "exactgeom/boost.hpp"

namespace eg = exactgeom;
using namespace exactgeom::testing::capsule_oracle;

namespace {

template <class T>
class SweptTyped : public ::testing::Test {};
using CoordinateTypes = ::testing::Types<std::int32_t, std::int64_t, float, double, mpz_class,
                                         mpq_class, eg::cpp_int, eg::cpp_rational>;
struct TypeNames {
  template <class T>
  static std::string GetName(int) { return eg::coordinate_traits<T>::name; }
};
TYPED_TEST_SUITE(SweptTyped, CoordinateTypes, TypeNames);

template <class T>
Q oracle_moving(const eg::Point3<T>& a0, const eg::Point3<T>& a1, const eg::Point3<T>& b0,
                const eg::Point3<T>& b1) {
  return oracle_point_segment(QV{0, 0, 0}, qsub(qv(b0), qv(a0)), qsub(qv(b1), qv(a1)));
}

TYPED_TEST(SweptTyped, BulletThroughPaper) {
  using T = TypeParam;
  auto P = [](int x, int y, int z) { return eg::Point3<T>{T(x), T(y), T(z)}; };
  // A ball jumping over a thin wall in one frame: both ends miss it, the sweep hits.
  const eg::Sphere<T> ball{P(-10, 0, 0), T(1)};
  const eg::Triangle3<T> wall{P(0, -5, -5), P(0, 5, -5), P(0, 0, 5)};
  EXPECT_TRUE(eg::swept_intersects(ball, P(10, 0, 0), wall));
  EXPECT_FALSE(eg::swept_intersects(ball, P(-2, 0, 0), wall));
  EXPECT_TRUE(eg::swept_intersects(ball, P(-1, 0, 0), wall));  // touches at the end
  // 2-D: a circle passing a point at distance exactly r (3-4-5).
  const eg::Circle<T> c{{T(-5), T(4)}, T(4)};
  EXPECT_TRUE(eg::swept_intersects(c, eg::Point2<T>{T(5), T(4)}, eg::Point2<T>{T(0), T(0)}));
  EXPECT_FALSE(eg::swept_intersects(c, eg::Point2<T>{T(5), T(5)}, eg::Point2<T>{T(0), T(0)}));
  // Two balls crossing paths: head-on they meet; staggered in time they do not.
  const eg::Sphere<T> a{P(-10, 0, 0), T(1)}, b{P(0, -10, 0), T(1)};
  EXPECT_TRUE(eg::swept_intersects(a, P(10, 0, 0), b, P(0, 10, 0)));    // both at the origin at t = 1/2
  EXPECT_FALSE(eg::swept_intersects(a, P(10, 0, 0), b, P(0, -4, 0)));   // b arrives late
  // Relative path (2,-10,0) -> (2,10,0): closest distance 2 = 1 + 1, touching;
  // shifted to x = 3 it passes one unit clear.
  EXPECT_TRUE(eg::swept_intersects(a, P(10, 0, 0), eg::Sphere<T>{P(-8, -10, 0), T(1)}, P(12, 10, 0)));
  EXPECT_FALSE(eg::swept_intersects(a, P(10, 0, 0), eg::Sphere<T>{P(-7, -10, 0), T(1)}, P(13, 10, 0)));
  EXPECT_THROW((void)eg::swept_intersects(eg::Sphere<T>{P(0, 0, 0), T(-1)}, P(0, 0, 0), b, P(0, 0, 0)),
               eg::invalid_input);
}

TYPED_TEST(SweptTyped, RandomAgainstOracle) {
  using T = TypeParam;
  std::mt19937_64 g(17);
  std::uniform_int_distribution<int> u(-6, 6), ur(0, 3);
  int hits = 0;
  for (int i = 0; i < 1500; ++i) {
    auto p = [&] { return eg::Point3<T>{T(u(g)), T(u(g)), T(u(g))}; };
    const auto a0 = p(), a1 = p(), b0 = p(), b1 = p();
    const eg::Sphere<T> a{a0, T(ur(g))}, b{b0, T(ur(g))};
    const Q R = to_q(a.r) + to_q(b.r);
    const bool want = oracle_moving(a0, a1, b0, b1) <= R * R;
    ASSERT_EQ(eg::swept_intersects(a, a1, b, b1), want) << i;
    ASSERT_EQ(eg::swept_intersects(b, b1, a, a1), want) << i;
    hits += want;
    // Static capsule target: the swept capsule against it.
    const eg::Capsule3<T> cap{{b0, b1}, b.r};
    const bool want_static =
        oracle_segment_segment(qv(a0), qv(a1), qv(b0), qv(b1)) <= R * R;
    ASSERT_EQ(eg::swept_intersects(a, a1, cap), want_static) << i;
  }
  EXPECT_GT(hits, 200);
}

TEST(SweptInt, ExtremeInt64UsesWideRelativePositions) {
  const std::int64_t m = INT64_MAX, n = INT64_MIN;
  const eg::Sphere<std::int64_t> a{{n, 0, 0}, 1}, b{{m, 0, 0}, 1};
  // They swap places: they meet in the middle.
  EXPECT_TRUE(eg::swept_intersects(a, eg::Point3<std::int64_t>{m, 0, 0}, b,
                                   eg::Point3<std::int64_t>{n, 0, 0}));
  EXPECT_FALSE(eg::swept_intersects(a, eg::Point3<std::int64_t>{n, 0, 0}, b,
                                    eg::Point3<std::int64_t>{m, 0, 0}));
}

TEST(Swept, IsTheYesNoOfTimeOfImpact) {
  // swept_intersects is time_of_impact(...).has_value() (swept.hpp): on small
  // integers in double, where every displacement is exact, both forms agree,
  // touching included.
  std::mt19937_64 g(54);
  std::uniform_int_distribution<int> c(-8, 8), r(0, 3);
  int hits = 0, misses = 0;
  for (int i = 0; i < 600; ++i) {
    using P = eg::Point3<double>;
    auto p = [&] { return P{double(c(g)), double(c(g)), double(c(g))}; };
    const eg::Sphere<double> a{p(), double(r(g))}, b{p(), double(r(g))};
    const P ea = p(), eb = p();
    const eg::Capsule3<double> y{{p(), p()}, double(r(g))};
    const P va{ea.x - a.center.x, ea.y - a.center.y, ea.z - a.center.z};
    const P vb{eb.x - b.center.x, eb.y - b.center.y, eb.z - b.center.z};
    const bool one = eg::swept_intersects(a, ea, y);
    EXPECT_EQ(one, eg::time_of_impact(a, va, y).has_value()) << i;
    const bool two = eg::swept_intersects(a, ea, b, eb);
    EXPECT_EQ(two, eg::time_of_impact(a, P{va.x - vb.x, va.y - vb.y, va.z - vb.z}, b).has_value()) << i;
    (two ? hits : misses) += 1;
  }
  EXPECT_GT(hits, 50);
  EXPECT_GT(misses, 50);
}

TEST(SweptFloatError, SubsteppingMissesFastContactsButNeverInvents) {
  // A ball moving up to 40 units per frame past a static ball, sub-stepped
  // 1, 5 and 20 times (article 002 uses 5): measured misses against the
  // exact swept test; sub-stepping samples the path, so beyond rounding it
  // never reports a contact the exact test does not.
  std::mt19937_64 g(31);
  std::uniform_real_distribution<double> u(-20, 20), ur(0.1, 2);
  int exact_hits = 0, misses[3] = {0, 0, 0}, invented = 0;
  const int steps[3] = {1, 5, 20};
  for (int i = 0; i < 20000; ++i) {
    const eg::Point3<double> c0{u(g), u(g), u(g)}, c1{u(g), u(g), u(g)}, c{u(g) / 4, u(g) / 4, u(g) / 4};
    const double r = ur(g), rc = ur(g);
    const bool exact = eg::swept_intersects(eg::Sphere<double>{c0, r}, c1, eg::Sphere<double>{c, rc});
    exact_hits += exact;
    for (int k = 0; k < 3; ++k) {
      const bool sub = eg::reference::moving_sphere_hits(c0, c1, r, c, rc, steps[k]);
      misses[k] += exact && !sub;
      invented += sub && !exact;
    }
  }
  std::printf("sub-stepping: exact hits %d; misses with 1/5/20 steps: %d/%d/%d; invented %d\n",
              exact_hits, misses[0], misses[1], misses[2], invented);
  EXPECT_EQ(invented, 0);
  EXPECT_GT(misses[0], misses[1]);
  EXPECT_GT(misses[1], misses[2]);
  EXPECT_GT(misses[1], exact_hits / 20);  // 5 steps still miss a sizeable share (measured)
}

}  // namespace

// A user's translation unit compiled with -ffast-math (tests/CMakeLists.txt
// sets it for this file alone): every public entry point with a floating-
// point path must still answer exactly, because under such flags the headers
// call the entry points compiled into the library (detail/float_env.hpp)
// instead of compiling their filters here. Checked against the mpq_class
// oracles on the inputs where float arithmetic is most fragile: nearly and
// exactly degenerate predicates, near-touching capsules, nearly parallel
// segments. Without the routing (EXACTGEOM_UNSAFE_MATH forced to 0) this test
// fails: the filters compiled with reassociation give wrong signs.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <vector>

#include "exactgeom/exactgeom.hpp"
#include "testing/sanitized.hpp"
#include "testing/capsule_oracle.hpp"
#include "testing/oracle.hpp"
#include "testing/predicate_inputs.hpp"

#if !defined(__FAST_MATH__)
#error "this test must be compiled with -ffast-math"
#endif
static_assert(EXACTGEOM_UNSAFE_MATH == 1, "float_env.hpp must see -ffast-math");

namespace eg = exactgeom;
namespace oracle = exactgeom::testing::oracle;
namespace bench = exactgeom::testing;

namespace {

template <class Op, class Tup>
int library_sign(const Tup& t) {
  if constexpr (Op::n == 3) return static_cast<int>(eg::orient2d(t[0], t[1], t[2]));
  else if constexpr (Op::dim == 3 && Op::n == 4) return static_cast<int>(eg::orient3d(t[0], t[1], t[2], t[3]));
  else if constexpr (Op::n == 4) return static_cast<int>(eg::incircle(t[0], t[1], t[2], t[3]));
  else return static_cast<int>(eg::insphere(t[0], t[1], t[2], t[3], t[4]));
}
template <class Op, class Tup>
int oracle_sign(const Tup& t) {
  if constexpr (Op::n == 3) return oracle::orient2d(t[0], t[1], t[2]);
  else if constexpr (Op::dim == 3 && Op::n == 4) return oracle::orient3d(t[0], t[1], t[2], t[3]);
  else if constexpr (Op::n == 4) return oracle::incircle(t[0], t[1], t[2], t[3]);
  else return oracle::insphere(t[0], t[1], t[2], t[3], t[4]);
}

template <class Op>
void check_predicate() {
  SCOPED_TRACE(Op::name);
  long wrong = 0, checked = 0;
  for (const char* set : {"near", "degenerate", "degen", "random"}) {
    for (const auto& t : bench::double_set<Op>(set)) {
      ++checked;
      if (library_sign<Op>(t) != oracle_sign<Op>(t) && ++wrong <= 3) ADD_FAILURE() << set << ": wrong sign";
    }
  }
  for (const char* set : {"degenerate", "random"}) {
    for (const auto& t : bench::int_set<Op, std::int32_t>(set)) {
      ++checked;
      if (library_sign<Op>(t) != oracle_sign<Op>(t) && ++wrong <= 3) ADD_FAILURE() << set << " int32: wrong sign";
    }
    for (const auto& t : bench::int_set<Op, std::int64_t>(set)) {
      ++checked;
      if (library_sign<Op>(t) != oracle_sign<Op>(t) && ++wrong <= 3) ADD_FAILURE() << set << " int64: wrong sign";
    }
  }
  EXPECT_EQ(wrong, 0) << "of " << checked;
  EXPECT_GT(checked, 20000);
}

TEST(FastMathCaller, PredicatesStayExact) {
  check_predicate<bench::Orient2dInputs>();
  check_predicate<bench::Orient3dInputs>();
  check_predicate<bench::IncircleInputs>();
  check_predicate<bench::InsphereInputs>();
}

TEST(FastMathCaller, FloatCoordinatesStayExact) {
  // The classroom example, in float and double.
  const eg::Point2<double> p{0.5 + 0x1p-53, 0.5}, q{12.0, 12.0}, r{24.0, 24.0};
  EXPECT_EQ(eg::orient2d(p, q, r), eg::Sign::negative);
  std::mt19937_64 g(7);
  std::uniform_real_distribution<float> u(-1, 1);
  long wrong = 0;
  for (int i = 0; i < exactgeom::testing::sanitized_cases(20000); ++i) {
    const eg::Point2<float> a{u(g), u(g)}, b{u(g), u(g)};
    const float t = u(g);
    eg::Point2<float> c{a.x + t * (b.x - a.x), a.y + t * (b.y - a.y)};  // rounded onto the line
    wrong += static_cast<int>(eg::orient2d(a, b, c)) != oracle::orient2d(a, b, c);
  }
  EXPECT_EQ(wrong, 0);
}

/// Nearly parallel and collinear segments, and near-touching capsules, at
/// every scale.
TEST(FastMathCaller, SegmentsAndCapsulesStayExact) {
  namespace co = exactgeom::testing::capsule_oracle;
  std::mt19937_64 g(11);
  std::uniform_real_distribution<double> u(-1, 1);
  long wrong = 0, meet = 0;
  for (int i = 0; i < exactgeom::testing::sanitized_cases(20000); ++i) {
    const double s = std::ldexp(1.0, static_cast<int>(g() % 80) - 40);
    const eg::Point3<double> a{u(g) * s, u(g) * s, u(g) * s}, b{u(g) * s, u(g) * s, u(g) * s};
    const double t0 = u(g), t1 = u(g);
    // c, d on the line through a, b (rounded), then d nudged by an ulp.
    eg::Point3<double> c{a.x + t0 * (b.x - a.x), a.y + t0 * (b.y - a.y), a.z + t0 * (b.z - a.z)};
    eg::Point3<double> d{a.x + t1 * (b.x - a.x), a.y + t1 * (b.y - a.y), a.z + t1 * (b.z - a.z)};
    if (i % 2) d.y = std::nextafter(d.y, 10.0 * s);
    const eg::Segment3<double> st{a, b}, su{c, d};
    const auto want = co::oracle_segment_segment(co::qv(a), co::qv(b), co::qv(c), co::qv(d));
    wrong += eg::to_mpq(eg::squared_distance(st, su)) != want;
    // A capsule pair whose radius sum is the distance rounded: within an
    // ulp of touching.
    const double r = std::sqrt(want.get_d());
    const eg::Capsule3<double> x{st, r / 2}, y{su, r / 2};
    const mpq_class R = mpq_class(r / 2) + mpq_class(r / 2);
    wrong += eg::intersects(x, y) != (want <= R * R);
    wrong += eg::within_radii(x, y) != (want < R * R);
    meet += want <= R * R;  // the radius sum is within an ulp of the distance: both answers occur
    const eg::Segment2<double> s2{{a.x, a.y}, {b.x, b.y}}, t2{{c.x, c.y}, {d.x, d.y}};
    const auto hit = eg::intersection(s2, t2);
    const bool meet2 = co::oracle_segment_segment(co::qv(s2.a), co::qv(s2.b), co::qv(t2.a), co::qv(t2.b)) == 0;
    wrong += (hit.kind != eg::IntersectionKind::disjoint) != meet2;
    wrong += eg::intersects(s2, t2) != meet2;
  }
  EXPECT_EQ(wrong, 0);
  EXPECT_GT(meet, exactgeom::testing::sanitized_cases(2000));
  EXPECT_LT(meet, 18000);
}

/// Every public entry point with a float path goes through the library
/// (one routed call each), for every coordinate type that has one.
template <class T>
void check_routed() {
  using P2 = eg::Point2<T>;
  using P3 = eg::Point3<T>;
  auto routed = [](auto f) {
    const std::uint64_t before = eg::compiled::calls_on_this_thread();
    f();
    return eg::compiled::calls_on_this_thread() - before;
  };
  const P2 a{0, 0}, b{1, 0}, c{0, 1}, d{1, 1};
  const P3 a3{0, 0, 0}, b3{1, 0, 0}, c3{0, 1, 0}, d3{0, 0, 1}, e3{1, 1, 1};
  const eg::Segment2<T> s2{a, d}, t2{b, c};
  const eg::Segment3<T> s3{a3, e3}, t3{b3, c3};
  const eg::Triangle3<T> tri{b3, c3, d3};
  EXPECT_EQ(routed([&] { (void)eg::orient2d(a, b, c); }), 1u);
  EXPECT_EQ(routed([&] { (void)eg::orient3d(a3, b3, c3, d3); }), 1u);
  EXPECT_EQ(routed([&] { (void)eg::incircle(a, b, c, d); }), 1u);
  EXPECT_EQ(routed([&] { (void)eg::insphere(a3, b3, c3, d3, e3); }), 1u);
  EXPECT_EQ(routed([&] { (void)eg::intersects(s2, t2); }), 1u);
  EXPECT_EQ(routed([&] { (void)eg::intersection(s3, t3); }), 1u);
  EXPECT_EQ(routed([&] { (void)eg::squared_distance(s3, t3); }), 1u);
  EXPECT_EQ(routed([&] { (void)eg::squared_distance(a, t2); }), 1u);
  EXPECT_EQ(routed([&] { (void)eg::closest_points(s2, t2); }), 1u);
  EXPECT_EQ(routed([&] { (void)eg::distance(s3, tri); }), 1u);
  EXPECT_EQ(routed([&] { (void)eg::closest_point(a3, tri); }), 1u);
  EXPECT_EQ(routed([&] { (void)eg::intersects(eg::Capsule2<T>{s2, T(1)}, eg::Circle<T>{c, T(1)}); }), 1u);
  EXPECT_EQ(routed([&] { (void)eg::within_radii(eg::Sphere<T>{a3, T(1)}, tri); }), 1u);
  EXPECT_EQ(routed([&] { (void)eg::intersects(tri, eg::Capsule3<T>{s3, T(0)}); }), 1u);
  EXPECT_GE(routed([&] { (void)eg::contact(eg::Capsule3<T>{s3, T(1)}, eg::Capsule3<T>{t3, T(1)}); }), 1u);
}

TEST(FastMathCaller, EveryFloatPathIsCompiledInTheLibrary) {
  check_routed<double>();
  check_routed<float>();
  check_routed<std::int32_t>();
  check_routed<std::int64_t>();
  // Types without a float path stay inline.
  const std::uint64_t before = eg::compiled::calls_on_this_thread();
  (void)eg::orient2d(eg::Point2<mpq_class>{0, 0}, {1, 0}, {0, 1});
  EXPECT_EQ(eg::compiled::calls_on_this_thread(), before);
}

/// NaN and infinity are still refused: the checks read bits, not
/// std::isnan (which -ffinite-math-only folds to false).
TEST(FastMathCaller, NanIsStillAnError) {
  const double nan = std::numeric_limits<double>::quiet_NaN(), inf = std::numeric_limits<double>::infinity();
  EXPECT_THROW((void)eg::orient2d(eg::Point2<double>{nan, 0}, {1, 0}, {0, 1}), eg::invalid_input);
  EXPECT_THROW((void)eg::orient3d(eg::Point3<double>{0, 0, 0}, {1, 0, 0}, {0, inf, 0}, {0, 0, 1}),
               eg::invalid_input);
  EXPECT_THROW((void)eg::intersects(eg::Capsule2<double>{{{0, 0}, {1, nan}}, 1}, eg::Point2<double>{0, 0}),
               eg::invalid_input);
  EXPECT_THROW((void)eg::squared_distance(eg::Segment3<double>{{0, 0, 0}, {inf, 0, 0}},
                                          eg::Triangle3<double>{{0, 0, 1}, {1, 0, 1}, {0, 1, 1}}),
               eg::invalid_input);
  EXPECT_THROW((void)eg::to_mpq(nan), eg::invalid_input);
  const auto half = eg::squared_distance(eg::Segment2<double>{{0, 0}, {1, 0}}, eg::Segment2<double>{{0, 0.5}, {1, 0.5}});
  EXPECT_FALSE(half < nan || half > nan || half == nan);
}

}  // namespace

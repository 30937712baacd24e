// Tests of exactgeom/contact.hpp: exact hand cases over the eight coordinate
// types, and random doubles whose depth and normal are checked to be the
// nearest doubles against an independent 600-bit mpf evaluation of the mpq
// oracle's closest distance.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <utility>
#include <random>

#include "testing/capsule_oracle.hpp"
#include "exactgeom/contact.hpp"
#include "exactgeom/boost.hpp"
#include "exactgeom/rational.hpp"

namespace eg = exactgeom;
using namespace exactgeom::testing::capsule_oracle;

namespace {

template <class T>
class ContactTyped : public ::testing::Test {};
using CoordinateTypes = ::testing::Types<std::int32_t, std::int64_t, float, double, mpz_class,
                                         mpq_class, eg::cpp_int, eg::cpp_rational>;
struct TypeNames {
  template <class T>
  static std::string GetName(int) { return eg::coordinate_traits<T>::name; }
};
TYPED_TEST_SUITE(ContactTyped, CoordinateTypes, TypeNames);

TYPED_TEST(ContactTyped, PythagoreanSpheresAndStadiums) {
  using T = TypeParam;
  const eg::Sphere<T> a{{T(0), T(0), T(0)}, T(3)}, b{{T(3), T(4), T(0)}, T(3)};
  const auto c = eg::contact(a, b);
  ASSERT_TRUE(c.has_value());
  EXPECT_EQ(c->depth, 1.0);
  EXPECT_EQ(c->normal->x, 0.6);  // nearest doubles to 3/5 and 4/5
  EXPECT_EQ(c->normal->y, 0.8);
  EXPECT_EQ(c->normal->z, 0.0);
  const auto back = eg::contact(b, a);  // swapping negates the normal
  ASSERT_TRUE(back.has_value());
  EXPECT_EQ(back->normal->x, -0.6);
  EXPECT_EQ(back->depth, 1.0);
  // A stadium and a circle touching at distance 5 = 2 + 3: depth 0.
  const eg::Capsule2<T> s{{{T(0), T(0)}, {T(8), T(0)}}, T(2)};
  const eg::Circle<T> t{{T(11), T(4)}, T(3)};
  const auto touch = eg::contact(s, t);
  ASSERT_TRUE(touch.has_value());
  EXPECT_EQ(touch->depth, 0.0);
  EXPECT_EQ(touch->normal->x, 0.6);
  EXPECT_EQ(touch->normal->y, 0.8);
  const eg::Circle<T> far{{T(11), T(5)}, T(3)};
  EXPECT_FALSE(eg::contact(s, far).has_value());
  // Crossing axes: distance 0, no closest-pair normal. The depth is the
  // least translation of u after which they only touch: u's axis must clear
  // s's by 3 up or down (a tie: no depth direction), then r1 + r2 = 3 more.
  // (In 0.1 the depth was r1 + r2 = 3.)
  const eg::Capsule2<T> u{{{T(4), T(-3)}, {T(4), T(3)}}, T(1)};
  const auto cross = eg::contact(s, u);
  ASSERT_TRUE(cross.has_value());
  EXPECT_EQ(cross->depth, 6.0);
  EXPECT_EQ(cross->gap, -3.0);
  EXPECT_FALSE(cross->normal.has_value());
  EXPECT_FALSE(cross->depth_normal.has_value());
  // Offset so that moving up is shorter: the depth direction is +y.
  const eg::Capsule2<T> u2{{{T(4), T(-1)}, {T(4), T(3)}}, T(1)};
  const auto up = eg::contact(s, u2);
  ASSERT_TRUE(up.has_value());
  EXPECT_EQ(up->depth, 4.0);  // clears s's axis by 1, then 3
  ASSERT_TRUE(up->depth_normal.has_value());
  EXPECT_EQ(up->depth_normal->x, 0.0);
  EXPECT_EQ(up->depth_normal->y, 1.0);
  EXPECT_TRUE(c->normal.has_value());
  // A point on the boundary of a capsule: depth 0, normal toward the point.
  const eg::Capsule3<T> cap{{{T(0), T(0), T(0)}, {T(0), T(0), T(10)}}, T(5)};
  const auto onb = eg::contact(cap, eg::Point3<T>{T(3), T(4), T(7)});
  ASSERT_TRUE(onb.has_value());
  EXPECT_EQ(onb->depth, 0.0);
  EXPECT_EQ(onb->normal->x, 0.6);
  EXPECT_EQ(onb->normal->z, 0.0);
}

TYPED_TEST(ContactTyped, TrianglesFaceEdgeVertexAndPiercing) {
  using T = TypeParam;
  using P = eg::Point3<T>;
  const eg::Triangle3<T> tri{P{T(0), T(0), T(0)}, P{T(4), T(0), T(0)}, P{T(0), T(4), T(0)}};
  // Over the face: distance 2, the normal straight down to the face.
  const auto face = eg::contact(eg::Sphere<T>{P{T(1), T(1), T(2)}, T(3)}, tri);
  ASSERT_TRUE(face.has_value());
  EXPECT_EQ(face->depth, 1.0);
  EXPECT_EQ(face->normal->x, 0.0);
  EXPECT_EQ(face->normal->y, 0.0);
  EXPECT_EQ(face->normal->z, -1.0);
  const auto back = eg::contact(tri, eg::Sphere<T>{P{T(1), T(1), T(2)}, T(3)});
  ASSERT_TRUE(back.has_value());  // seen from the triangle: negated, no -0.0
  EXPECT_EQ(back->normal->z, 1.0);
  EXPECT_FALSE(std::signbit(back->normal->x));
  // Beyond the corner (4, 0, 0): 3-4-5, touching at r = 5, depth 1 at r = 6.
  const auto vtx = eg::contact(eg::Sphere<T>{P{T(7), T(0), T(4)}, T(5)}, tri);
  ASSERT_TRUE(vtx.has_value());
  EXPECT_EQ(vtx->depth, 0.0);
  EXPECT_EQ(vtx->normal->x, -0.6);
  EXPECT_EQ(vtx->normal->z, -0.8);
  EXPECT_EQ(eg::contact(eg::Sphere<T>{P{T(7), T(0), T(4)}, T(6)}, tri)->depth, 1.0);
  EXPECT_FALSE(eg::contact(eg::Sphere<T>{P{T(7), T(0), T(4)}, T(4)}, tri).has_value());
  // Past the edge y = 0, below the plane: (2, -3, -4) is 5 from (2, 0, 0).
  const auto edge = eg::contact(
      eg::Capsule3<T>{{P{T(2), T(-3), T(-4)}, P{T(2), T(-3), T(-9)}}, T(7)}, tri);
  ASSERT_TRUE(edge.has_value());
  EXPECT_EQ(edge->depth, 2.0);
  EXPECT_EQ(edge->normal->y, 0.6);
  EXPECT_EQ(edge->normal->z, 0.8);
  // A capsule parallel to the face, its axis entering the face's shadow:
  // every pair over the face is closest; the normal is still (0, 0, -1).
  const auto par = eg::contact(
      eg::Capsule3<T>{{P{T(-2), T(1), T(2)}, P{T(2), T(1), T(2)}}, T(2)}, tri);
  ASSERT_TRUE(par.has_value());
  EXPECT_EQ(par->depth, 0.0);
  EXPECT_EQ(par->normal->z, -1.0);
  // The axis pierces the face: no closest-pair normal. The core
  // penetration is 1 (the axis clears the face's plane by moving 1 up or
  // down, or the triangle's edge by moving 1 sideways: a tie), depth 1 + r.
  const auto pierce = eg::contact(
      eg::Capsule3<T>{{P{T(1), T(1), T(-1)}, P{T(1), T(1), T(1)}}, T(2)}, tri);
  ASSERT_TRUE(pierce.has_value());
  EXPECT_EQ(pierce->depth, 3.0);
  EXPECT_FALSE(pierce->normal.has_value());
  EXPECT_FALSE(pierce->depth_normal.has_value());
  // A bigger triangle pierced near its top end: the shortest way out is the
  // triangle moving up by 1 (past the axis's top), then r = 1; sideways it
  // would take 2.
  const eg::Triangle3<T> big{P{T(0), T(0), T(0)}, P{T(8), T(0), T(0)}, P{T(0), T(8), T(0)}};
  const auto shallow = eg::contact(
      eg::Capsule3<T>{{P{T(2), T(2), T(-3)}, P{T(2), T(2), T(1)}}, T(1)}, big);
  ASSERT_TRUE(shallow.has_value());
  EXPECT_EQ(shallow->depth, 2.0);
  ASSERT_TRUE(shallow->depth_normal.has_value());
  EXPECT_EQ(shallow->depth_normal->z, 1.0);
  EXPECT_FALSE(eg::contact(tri, eg::Capsule3<T>{{P{T(1), T(1), T(-1)}, P{T(1), T(1), T(1)}}, T(2)})
                   ->normal.has_value());
  // A point in the triangle: depth 0, no normal; a point off it: none.
  const auto pt = eg::contact(P{T(1), T(1), T(0)}, tri);
  ASSERT_TRUE(pt.has_value());
  EXPECT_EQ(pt->depth, 0.0);
  EXPECT_FALSE(pt->normal.has_value());
  EXPECT_FALSE(eg::contact(P{T(1), T(1), T(1)}, tri).has_value());
  // A degenerate triangle is the segment it covers.
  const eg::Triangle3<T> line{P{T(0), T(0), T(0)}, P{T(4), T(0), T(0)}, P{T(2), T(0), T(0)}};
  const auto l = eg::contact(eg::Sphere<T>{P{T(2), T(3), T(4)}, T(6)}, line);
  ASSERT_TRUE(l.has_value());
  EXPECT_EQ(l->depth, 1.0);
  EXPECT_EQ(l->normal->y, -0.6);
}

TEST(ContactErrors, BadInputThrows) {
  const eg::Sphere<double> a{{0, 0, 0}, -1}, b{{0, 0, 0}, 1};
  EXPECT_THROW((void)eg::contact(a, b), eg::invalid_input);
  const eg::Sphere<double> n{{std::nan(""), 0, 0}, 1};
  EXPECT_THROW((void)eg::contact(n, b), eg::invalid_input);
  const eg::Triangle3<double> tri{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
  EXPECT_THROW((void)eg::contact(a, tri), eg::invalid_input);
  EXPECT_THROW((void)eg::contact(tri, n), eg::invalid_input);
  const eg::Triangle3<double> bad{{0, 0, 0}, {INFINITY, 0, 0}, {0, 1, 0}};
  EXPECT_THROW((void)eg::contact(b, bad), eg::invalid_input);
}

/// |x - y| <= |x - neighbour| for both neighbours of y, in 600-bit floats.
bool nearest(const mpf_class& x, double y) {
  const mpf_class dy = abs(x - mpf_class(y, 600));
  for (double nb : {std::nextafter(y, HUGE_VAL), std::nextafter(y, -HUGE_VAL)})
    if (abs(x - mpf_class(nb, 600)) < dy) return false;
  return true;
}

TEST(ContactDoubles, RandomDepthAndNormalAreNearestDoubles) {
  std::mt19937_64 g(99);
  std::uniform_real_distribution<double> u(-10, 10), ur(0, 8);
  int checked = 0, tiny_depth = 0;
  for (int i = 0; i < 600; ++i) {
    const eg::Point3<double> p1{u(g), u(g), u(g)}, q1{u(g), u(g), u(g)}, p2{u(g), u(g), u(g)},
        q2{u(g), u(g), u(g)};
    eg::Capsule3<double> a{{p1, q1}, ur(g)}, b{{p2, q2}, ur(g)};
    const Q d2 = oracle_segment_segment(qv(p1), qv(q1), qv(p2), qv(q2));
    if (i % 3 == 0) {  // near touching: the depth cancels to a few ulps
      a.r = std::sqrt(d2.get_d()) / 2;
      b.r = std::sqrt(d2.get_d()) - a.r;
    }
    const Q R = Q(a.r) + Q(b.r);
    const auto c = eg::contact(a, b);
    ASSERT_EQ(c.has_value(), d2 <= R * R) << i;
    if (!c) continue;
    ++checked;
    mpf_class dist(0, 600);
    dist = sqrt(mpf_class(d2, 600));
    const mpf_class depth = mpf_class(R, 600) - dist;
    EXPECT_TRUE(nearest(depth, c->depth)) << i << " depth " << c->depth;
    tiny_depth += c->depth < 1e-12;
    ASSERT_EQ(c->normal.has_value(), d2 != 0) << i;
    if (!c->normal) continue;
    const double len = std::sqrt(c->normal->x * c->normal->x + c->normal->y * c->normal->y +
                                 c->normal->z * c->normal->z);
    EXPECT_NEAR(len, 1.0, 1e-15) << i;
  }
  EXPECT_GT(checked, 250);
  EXPECT_GT(tiny_depth, 50);  // the cancellation cases were exercised
}

TEST(ContactDoubles, TriangleDepthAndNormalAreNearestDoubles) {
  // Capsules and spheres against triangles; a third of them set to touch
  // (depth cancels to a few ulps). The depth is checked against the mpq
  // oracle's distance, the normal against the exact closest pair.
  std::mt19937_64 g(1234);
  std::uniform_real_distribution<double> u(-10, 10), ur(0, 8);
  int checked = 0, tiny_depth = 0;
  for (int i = 0; i < 600; ++i) {
    const eg::Point3<double> p{u(g), u(g), u(g)}, a{u(g), u(g), u(g)}, b{u(g), u(g), u(g)},
        c{u(g), u(g), u(g)};
    const eg::Point3<double> q = i % 2 ? p : eg::Point3<double>{u(g), u(g), u(g)};
    const eg::Triangle3<double> tri{a, b, c};
    eg::Capsule3<double> cap{{p, q}, ur(g)};
    const Q d2 = oracle_segment_triangle(qv(p), qv(q), qv(a), qv(b), qv(c));
    if (i % 3 == 0) cap.r = std::sqrt(d2.get_d());
    const auto ct = eg::contact(cap, tri);
    ASSERT_EQ(ct.has_value(), d2 <= Q(cap.r) * Q(cap.r)) << i;
    if (!ct) continue;
    ++checked;
    ASSERT_EQ(ct->normal.has_value(), d2 != 0) << i;
    if (d2 == 0) {  // the cores meet: the depth is r plus their penetration (convex_test.cpp)
      EXPECT_GE(ct->depth, cap.r) << i;
      continue;
    }
    const mpf_class dist = sqrt(mpf_class(d2, 600));
    EXPECT_TRUE(nearest(mpf_class(mpf_class(Q(cap.r), 600) - dist, 600), ct->depth)) << i;
    tiny_depth += ct->depth < 1e-12;
    const auto cp = eg::closest_points(cap.seg, tri);
    const auto& x = cp.on_first;
    const auto& y = cp.on_second;
    const Q w[3] = {eg::to_mpq(y.x) - eg::to_mpq(x.x), eg::to_mpq(y.y) - eg::to_mpq(x.y),
                    eg::to_mpq(y.z) - eg::to_mpq(x.z)};
    const double got[3] = {ct->normal->x, ct->normal->y, ct->normal->z};
    for (int k = 0; k < 3; ++k)
      EXPECT_TRUE(nearest(mpf_class(mpf_class(w[k], 600) / dist, 600), got[k])) << i << " " << k;
  }
  EXPECT_GT(checked, 180);  // 199 with this seed
  EXPECT_GT(tiny_depth, 40);  // 46 with this seed (cores that meet are checked in convex_test.cpp)
}

TEST(ContactDoubles, NormalComponentsAreNearestDoubles) {
  // Point against sphere: the normal is (y - x) / |y - x| exactly.
  std::mt19937_64 g(7);
  std::uniform_real_distribution<double> u(-10, 10);
  for (int i = 0; i < 300; ++i) {
    const eg::Point3<double> x{u(g), u(g), u(g)};
    const eg::Sphere<double> s{{u(g), u(g), u(g)}, 30};
    const auto c = eg::contact(x, s);
    ASSERT_TRUE(c.has_value());
    const Q w[3] = {Q(s.center.x) - Q(x.x), Q(s.center.y) - Q(x.y), Q(s.center.z) - Q(x.z)};
    const Q d2 = w[0] * w[0] + w[1] * w[1] + w[2] * w[2];
    const mpf_class dist = sqrt(mpf_class(d2, 600));
    const double got[3] = {c->normal->x, c->normal->y, c->normal->z};
    for (int k = 0; k < 3; ++k)
      EXPECT_TRUE(nearest(mpf_class(mpf_class(w[k], 600) / dist, 600), got[k])) << i << " " << k;
  }
}

}  // namespace

namespace {
/// A double of any exponent, subnormals included: m 2^e with e in
/// [-1074, 1000].
double wide_double(std::mt19937_64& g) {
  const int e = static_cast<int>(g() % 2075) - 1074;
  return std::ldexp(static_cast<double>(g() >> 11) / 0x1p53 + 0.5, e);
}
}  // namespace

// Issue 43: the correct rounding of R + sqrt(q) and R - sqrt(d2) at every
// magnitude. The walk between midpoints started from R.get_d() +
// sqrt(q.get_d()), which is 0 when q lies below the double range though
// sqrt(q) is a normal double: 2^500 steps of one ulp (a contact line whose
// cores spanned 2^-1074 to 2^1000 ran for minutes). Checked against the
// independent correctly rounded square root and quotient of rational.cpp
// where one term is zero, and by the defining midpoint inequalities
// otherwise; each call returns at once (a hang fails the suite's timeout).
TEST(ContactRounding, SumAndDifferenceWithASquareRootAtEveryMagnitude) {
  namespace d = exactgeom::detail;
  std::mt19937_64 g(4343);
  for (int it = 0; it < 400; ++it) {
    const mpq_class a(wide_double(g)), b(wide_double(g));
    const mpq_class q = a * a * (it % 3 == 0 ? mpq_class(b * b) : mpq_class(1));  // squares at up to 2^4000 and down to 2^-4296
    EXPECT_EQ(d::round_sum_sqrt(0, q), d::sqrt_ratio_to_double(q.get_num(), q.get_den())) << it;
    EXPECT_EQ(d::round_depth(0, q), -d::sqrt_ratio_to_double(q.get_num(), q.get_den())) << it;
    EXPECT_EQ(d::round_depth(b, 0), d::ratio_to_double(b.get_num(), b.get_den())) << it;
    // R + sqrt(q) and R - sqrt(q) with both terms present: y is the nearest
    // double iff the exact value lies between y's midpoints (checked where
    // y and its neighbours are finite).
    const double s = d::round_sum_sqrt(b, q), t = d::round_depth(b, q);
    for (const auto& ys : {std::pair{s, 1}, std::pair{t, -1}}) {
      const double y = ys.first;
      const int sign = ys.second;  // named copies: lambdas below capture them (not structured bindings)
      if (!std::isfinite(y) || std::fabs(y) == std::numeric_limits<double>::max()) continue;
      const mpq_class lo = (mpq_class(y) + mpq_class(std::nextafter(y, -INFINITY))) / 2;
      const mpq_class hi = (mpq_class(y) + mpq_class(std::nextafter(y, INFINITY))) / 2;
      // v = b + sign sqrt(q), compared with m through w = sign (m - b):
      // v <= m iff sign sqrt(q) <= m - b, v >= m iff sign sqrt(q) >= m - b.
      auto at_most = [&](const mpq_class& m) {
        const mpq_class w = sign * (m - b);
        return sign > 0 ? (sgn(w) >= 0 && q <= w * w) : (sgn(w) < 0 || q >= w * w);
      };
      auto at_least = [&](const mpq_class& m) {
        const mpq_class w = sign * (m - b);
        return sign > 0 ? (sgn(w) <= 0 || q >= w * w) : (sgn(w) >= 0 && q <= w * w);
      };
      EXPECT_TRUE(at_most(hi)) << it << " " << sign;
      EXPECT_TRUE(at_least(lo)) << it << " " << sign;
    }
  }
}

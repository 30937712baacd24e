// Tests of the double-precision stages in front of the exact convex engine
// (detail/convex_filter.hpp, src/convex/convex_filter.cpp): wherever a stage
// answers, its answer is the exact engine's (core_distance,
// core_penetration, core_contact, themselves checked against the mpq
// oracle in convex_test.cpp). The inputs are built to sit on the boundary
// the stages must not cross: pairs moved to within a few ULPs of touching,
// exact touches on integer grids (resting boxes, shared faces and edges,
// parallel edges), degenerate boxes and far-from-origin coordinates. And the
// stages must earn their place: on plainly apart or overlapping pairs they
// answer nearly always.
#include <gtest/gtest.h>

#include <gmpxx.h>

#include <array>
#include <cmath>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "exactgeom/exactgeom.hpp"
#include "testing/sanitized.hpp"

namespace eg = exactgeom;
namespace cvx = exactgeom::detail::cvx;
using Q = mpq_class;
using Rng = std::mt19937_64;
using P2 = eg::Point2<double>;
using P3 = eg::Point3<double>;

namespace {

template <class S>
cvx::Core core(const S& s) {
  return cvx::shape_traits<S>::to_core(s);
}

// ---------------------------------------------------------------------------
// Random shapes (doubles), and translating them.

double uni(Rng& g, double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(g); }

/// A random rotation's columns (a normalised random quaternion, in double:
/// the columns are only nearly orthonormal, which a box allows).
std::array<P3, 3> random_axes(Rng& g) {
  std::normal_distribution<double> n;
  double q[4] = {n(g), n(g), n(g), n(g)};
  const double l = std::sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
  for (double& v : q) v /= l;
  return eg::quaternion_axes(q[0], q[1], q[2], q[3]);
}

P3 random_p3(Rng& g, double s) { return P3{uni(g, -s, s), uni(g, -s, s), uni(g, -s, s)}; }
P2 random_p2(Rng& g, double s) { return P2{uni(g, -s, s), uni(g, -s, s)}; }
double random_r(Rng& g, double s) { return g() % 3 == 0 ? 0.0 : uni(g, 0, 0.3 * s); }

template <class S>
S random_shape(Rng& g, double s);
template <>
eg::Box3<double> random_shape(Rng& g, double s) {
  return {random_p3(g, s), random_axes(g), {uni(g, 0.1, 1) * s, uni(g, 0.1, 1) * s, uni(g, 0.1, 1) * s},
          random_r(g, s)};
}
template <>
eg::ConvexHull3<double> random_shape(Rng& g, double s) {
  const P3 c = random_p3(g, s);
  std::vector<P3> pts;
  for (int i = 4 + static_cast<int>(g() % 9); i > 0; --i) {
    const P3 d = random_p3(g, 0.8 * s);
    pts.push_back(P3{c.x + d.x, c.y + d.y, c.z + d.z});
  }
  return eg::ConvexHull3<double>(pts, random_r(g, s));
}
template <>
eg::Sphere<double> random_shape(Rng& g, double s) {
  return {random_p3(g, s), uni(g, 0, 0.8 * s)};
}
template <>
eg::Capsule3<double> random_shape(Rng& g, double s) {
  return {{random_p3(g, s), random_p3(g, s)}, random_r(g, s)};
}
template <>
eg::Triangle3<double> random_shape(Rng& g, double s) {
  return {random_p3(g, s), random_p3(g, s), random_p3(g, s)};
}
template <>
eg::ConvexPolygon<double> random_shape(Rng& g, double s) {
  const P2 c = random_p2(g, s);
  std::vector<P2> pts;
  for (int i = 3 + static_cast<int>(g() % 8); i > 0; --i) {
    const P2 d = random_p2(g, 0.8 * s);
    pts.push_back(P2{c.x + d.x, c.y + d.y});
  }
  return eg::ConvexPolygon<double>(pts, random_r(g, s));
}
template <>
eg::Box2<double> random_shape(Rng& g, double s) {
  const double t = uni(g, 0, 6.3);
  return {random_p2(g, s), {P2{std::cos(t), std::sin(t)}, P2{-std::sin(t), std::cos(t)}},
          {uni(g, 0.1, 1) * s, uni(g, 0.1, 1) * s}, random_r(g, s)};
}
template <>
eg::Circle<double> random_shape(Rng& g, double s) {
  return {random_p2(g, s), uni(g, 0, 0.8 * s)};
}

P3 add(const P3& p, const std::vector<double>& d) { return P3{p.x + d[0], p.y + d[1], p.z + d[2]}; }
P2 add(const P2& p, const std::vector<double>& d) { return P2{p.x + d[0], p.y + d[1]}; }

eg::Box3<double> moved(eg::Box3<double> b, const std::vector<double>& d) { return b.center = add(b.center, d), b; }
eg::Box2<double> moved(eg::Box2<double> b, const std::vector<double>& d) { return b.center = add(b.center, d), b; }
eg::Sphere<double> moved(eg::Sphere<double> b, const std::vector<double>& d) { return b.center = add(b.center, d), b; }
eg::Circle<double> moved(eg::Circle<double> b, const std::vector<double>& d) { return b.center = add(b.center, d), b; }
eg::Capsule3<double> moved(eg::Capsule3<double> c, const std::vector<double>& d) {
  c.seg.a = add(c.seg.a, d), c.seg.b = add(c.seg.b, d);
  return c;
}
eg::Triangle3<double> moved(eg::Triangle3<double> t, const std::vector<double>& d) {
  t.a = add(t.a, d), t.b = add(t.b, d), t.c = add(t.c, d);
  return t;
}
eg::ConvexHull3<double> moved(const eg::ConvexHull3<double>& h, const std::vector<double>& d) {
  std::vector<P3> pts;
  for (const P3& p : h.vertices()) pts.push_back(add(p, d));
  return eg::ConvexHull3<double>(pts, h.radius());
}
eg::ConvexPolygon<double> moved(const eg::ConvexPolygon<double>& h, const std::vector<double>& d) {
  std::vector<P2> pts;
  for (const P2& p : h.vertices()) pts.push_back(add(p, d));
  return eg::ConvexPolygon<double>(pts, h.radius());
}

// ---------------------------------------------------------------------------
// The check: every answer of a stage is the engine's.

struct Tally {
  int pairs = 0, answered = 0, closed = 0, apart = 0;
};

template <class A, class B>
void check_pair(const A& x, const B& y, Tally& t, const std::string& what) {
  const cvx::Core cx = core(x), cy = core(y);
  const cvx::Separation s = cvx::core_distance(cx, cy);
  const Q R = cx.r + cy.r;
  const bool closed = s.dist2 <= R * R, open = s.dist2 < R * R;
  const int fc = cvx::overlap_filter(x, y, false), fo = cvx::overlap_filter(x, y, true);
  ++t.pairs;
  t.answered += fc != 0;
  t.closed += closed;
  t.apart += !closed;
  if (fc != 0) {
    ASSERT_EQ(fc > 0, closed) << what << ": closed test, dist2 " << s.dist2 << " R " << R;
  }
  if (fo != 0) {
    ASSERT_EQ(fo > 0, open) << what << ": open test, dist2 " << s.dist2 << " R " << R;
  }
  if constexpr (!cvx::KernelOverlapPair<A, B>) {
    ASSERT_EQ(eg::intersects(x, y), closed) << what;
    // interiors_overlap is contact's open, depth > 0: also cores of radius
    // 0 that meet with a positive penetration (the strict filter answers
    // dist < R only).
    const bool deeper = open || (closed && sgn(s.dist2) == 0 && sgn(cvx::core_penetration(cx, cy).p2) > 0);
    ASSERT_EQ(eg::interiors_overlap(x, y), deeper) << what;
  }
  if constexpr (std::is_same_v<A, eg::Box3<double>> && std::is_same_v<B, eg::Box3<double>>) {
    const auto fast = cvx::box3_contact(cvx::box_d(x), cvx::box_d(y));
    if (fast) {
      ASSERT_EQ(sgn(s.dist2), 0) << what << ": the fast contact needs meeting cores";
      const cvx::ContactFacts f = cvx::core_contact(cx, cy);
      ASSERT_EQ(fast->depth, f.depth) << what;
      ASSERT_EQ(fast->gap, f.gap) << what;
      ASSERT_EQ(fast->depth_normal.has_value(), f.depth_normal.has_value()) << what;
      if (f.depth_normal) {
        ASSERT_EQ(*fast->depth_normal, *f.depth_normal) << what;
      }
    }
  }
}

/// y moved along the closest pair's direction so that the distance is
/// within rounding of R (when the cores are apart), then nudged by k
/// units of `step` either way: a pair on the boundary.
template <class A, class B>
B near_touching(const A& x, const B& y, double step, int k) {
  const cvx::Core cx = core(x), cy = core(y);
  const cvx::Separation s = cvx::core_distance(cx, cy);
  if (sgn(s.dist2) == 0) return y;
  const double d = std::sqrt(s.dist2.get_d());
  const double R = Q(cx.r + cy.r).get_d();
  std::vector<double> m;
  for (std::size_t i = 0; i < s.p.size(); ++i) {
    const double n = Q(s.q[i] - s.p[i]).get_d() / d;
    m.push_back(-(d - R + k * step) * n);
  }
  return moved(y, m);
}

template <class A, class B>
void random_family(std::uint64_t seed, int n, double scale, double offset, Tally& plain, Tally& near) {
  Rng g(seed);
  for (int i = 0; i < n; ++i) {
    A x = random_shape<A>(g, scale);
    B y = random_shape<B>(g, scale);
    if (offset != 0) {
      std::vector<double> o(cvx::shape_traits<A>::dim, offset);
      x = moved(x, o), y = moved(y, o);
    }
    const std::string what = "seed " + std::to_string(seed) + " case " + std::to_string(i);
    check_pair(x, y, plain, what);
    if (::testing::Test::HasFatalFailure()) return;
    const double ulp = std::nextafter(std::fabs(offset) + scale, INFINITY) - (std::fabs(offset) + scale);
    const int k = static_cast<int>(g() % 7) - 3;
    check_pair(x, near_touching(x, y, ulp, k), near, what + " near " + std::to_string(k));
    if (::testing::Test::HasFatalFailure()) return;
  }
}

/// n cases per family; n / san_divisor under the sanitizers
/// (testing/sanitized.hpp), the counts checked below being shares of them.
template <class A, class B>
void run_family(std::uint64_t seed, int n, int san_divisor = 2) {
  n = exactgeom::testing::sanitized_cases(n, san_divisor);
  Tally plain, near;
  random_family<A, B>(seed, n, 1.0, 0.0, plain, near);
  random_family<A, B>(seed + 1, n, 1e-3, 1e5, plain, near);  // far from the origin
  random_family<A, B>(seed + 2, n / 2, 1e30, 0.0, plain, near);
  if (::testing::Test::HasFatalFailure()) return;
  // The stage answers nearly every plain pair; the near pairs straddle
  // the boundary (both answers occur).
  EXPECT_GE(plain.answered, plain.pairs * 9 / 10) << plain.answered << " of " << plain.pairs;
  EXPECT_GT(near.closed, 0);
  EXPECT_GT(near.apart, 0);
}

}  // namespace

// A quarter under the sanitizers: each box pair also runs the exact contact.
TEST(ConvexFilter, BoxBox) { run_family<eg::Box3<double>, eg::Box3<double>>(1, 300, 4); }
TEST(ConvexFilter, BoxHull) { run_family<eg::Box3<double>, eg::ConvexHull3<double>>(11, 200); }
TEST(ConvexFilter, HullHull) { run_family<eg::ConvexHull3<double>, eg::ConvexHull3<double>>(21, 200); }
TEST(ConvexFilter, HullSphere) { run_family<eg::ConvexHull3<double>, eg::Sphere<double>>(31, 200); }
TEST(ConvexFilter, CapsuleBox) { run_family<eg::Capsule3<double>, eg::Box3<double>>(41, 200); }
TEST(ConvexFilter, TriangleHull) { run_family<eg::Triangle3<double>, eg::ConvexHull3<double>>(51, 200); }
TEST(ConvexFilter, PolygonPolygon) { run_family<eg::ConvexPolygon<double>, eg::ConvexPolygon<double>>(61, 300); }
TEST(ConvexFilter, Box2Polygon) { run_family<eg::Box2<double>, eg::ConvexPolygon<double>>(71, 300); }
TEST(ConvexFilter, CirclePolygon) { run_family<eg::Circle<double>, eg::ConvexPolygon<double>>(81, 300); }

/// Exact touches: boxes on integer grids, axis-aligned and along integer
/// axes, resting face to face, edge to edge and corner to corner, sharing
/// parallel edges, with radius 0 and 1, and degenerate (flat) boxes.
TEST(ConvexFilter, GridBoxesTouchExactly) {
  Rng g(91);
  static const P3 axes[][3] = {{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}},
                               {{1, 1, 0}, {-1, 1, 0}, {0, 0, 1}},
                               {{1, 1, 1}, {1, -1, 0}, {1, 1, -2}},
                               {{2, 0, 0}, {1, 1, 0}, {1, 0, 1}}};
  std::uniform_int_distribution<int> u(-3, 3), h(0, 2), r(0, 1);
  Tally t;
  int fast_contacts = 0;
  // Scaled by powers of two (centres and extents by sc, axes by sa): the
  // exact-sign stage's common exponent is then negative, zero or positive.
  static const double scales[][2] = {{1, 1}, {0x1p-60, 1}, {0x1p70, 0x1p60}, {0x1p-30, 0x1p-40}, {0x1p50, 0x1p-10}};
  const int n = exactgeom::testing::sanitized_cases(4000, 4);
  for (int i = 0; i < n; ++i) {
    const auto& a = axes[g() % 4];
    const auto& b = g() % 2 ? a : axes[g() % 4];
    const double s = g() % 3 == 0 ? 0.5 : 1.0;
    const double sc = scales[i % 5][0], sa = scales[i % 5][1];
    auto box = [&](const P3* ax) {
      auto m = [&](const P3& p) { return P3{p.x * sa, p.y * sa, p.z * sa}; };
      return eg::Box3<double>{P3{u(g) * s * sc, u(g) * s * sc, u(g) * s * sc},
                              {m(ax[0]), m(ax[1]), m(ax[2])},
                              {h(g) * sc, h(g) * sc, h(g) * sc},
                              r(g) * sc * sa};
    };
    const eg::Box3<double> x = box(a), y = box(b);
    check_pair(x, y, t, "grid case " + std::to_string(i));
    if (HasFatalFailure()) return;
    fast_contacts += cvx::box3_contact(cvx::box_d(x), cvx::box_d(y)).has_value();
  }
  EXPECT_GT(t.closed, 0);
  EXPECT_GT(t.apart, 0);
  EXPECT_GT(fast_contacts, n / 40);  // the fast contact path ran, and agreed
}

/// Rotated boxes resting face to face (the benchmark's resting set: the
/// second shares the first's rotation and sits on one of its faces, as
/// rounded, one ulp out or one ulp in), near and far from the origin. With
/// radius 0 the filter's exact-sign stage decides every one, and agrees
/// with the engine.
TEST(ConvexFilter, RestingRotatedBoxesAreDecided) {
  Rng g(93);
  Tally t;
  for (int i = 0; i < 600; ++i) {
    const double base = i % 4 == 0 ? 0.0 : (i % 4 == 1 ? 1e3 : (i % 4 == 2 ? 1e6 : -1e9));
    const auto ax = random_axes(g);
    const eg::Box3<double> a{add(random_p3(g, 2), {base, base, base}), ax, {uni(g, 0.25, 1), uni(g, 0.25, 1), uni(g, 0.25, 1)}, 0};
    eg::Box3<double> b = a;
    b.half = {uni(g, 0.1, 0.25), uni(g, 0.1, 0.25), uni(g, 0.1, 0.25)};
    const int k = static_cast<int>(g() % 3), i1 = (k + 1) % 3, i2 = (k + 2) % 3;
    const double side = g() % 2 ? 1.0 : -1.0, off = side * (a.half[k] + b.half[k]);
    const double t1 = uni(g, -1, 1) * (a.half[i1] - b.half[i1]), t2 = uni(g, -1, 1) * (a.half[i2] - b.half[i2]);
    auto comp = [](const P3& p, int c) { return c == 0 ? p.x : (c == 1 ? p.y : p.z); };
    double c[3];
    for (int m = 0; m < 3; ++m)
      c[m] = comp(a.center, m) + off * comp(ax[k], m) + t1 * comp(ax[i1], m) + t2 * comp(ax[i2], m);
    const int nudge = i % 3;  // 0: as rounded, 1: one ulp out, 2: one ulp in
    for (int m = 0; m < 3 && nudge; ++m) {
      const double dir = (nudge == 1 ? 1.0 : -1.0) * side * comp(ax[k], m);
      if (dir != 0) c[m] = std::nextafter(c[m], dir > 0 ? INFINITY : -INFINITY);
    }
    b.center = P3{c[0], c[1], c[2]};
    check_pair(a, b, t, "resting case " + std::to_string(i));
    if (HasFatalFailure()) return;
  }
  EXPECT_EQ(t.answered, t.pairs);  // the exact-sign stage left nothing open
  EXPECT_GT(t.closed, 100);
  EXPECT_GT(t.apart, 100);
}

/// Skewed boxes exactly face to face and one unit apart, scaled by powers
/// of two so that the exact-sign stage's common exponent is below, at and
/// above zero (values from 2^-150 to 2^131): touching is touching at
/// every scale, and the filter decides it.
TEST(ConvexFilter, ExactSignsAtEveryScale) {
  const P3 ax[3] = {{1, 1, 0}, {-1, 1, 0}, {0, 1, 1}};
  for (const double sc : {0x1p-80, 0x1p-20, 1.0, 0x1p40, 0x1p64})
    for (const double sa : {0x1p-70, 1.0, 0x1p60})
      for (int apart = 0; apart <= 1; ++apart) {
        auto m = [&](const P3& p) { return P3{p.x * sa, p.y * sa, p.z * sa}; };
        const std::array<P3, 3> axes{m(ax[0]), m(ax[1]), m(ax[2])};
        const eg::Box3<double> x{P3{3 * sc * sa, -5 * sc * sa, 7 * sc * sa}, axes, {2 * sc, 1 * sc, 3 * sc}, 0};
        // y = x moved by (2 + 1 + apart) a0 (half extents 2 and 1 along a0)
        // and by 1/2 a1 within the face: exactly touching, or apart.
        const double k0 = (3.0 + apart) * sc, k1 = 0.5 * sc;
        const P3 c{x.center.x + k0 * axes[0].x + k1 * axes[1].x, x.center.y + k0 * axes[0].y + k1 * axes[1].y,
                   x.center.z + k0 * axes[0].z + k1 * axes[1].z};
        const eg::Box3<double> y{c, axes, {1 * sc, 1 * sc, 1 * sc}, 0};
        const std::string what = "sc " + std::to_string(std::log2(sc)) + " sa " + std::to_string(std::log2(sa)) +
                                 (apart ? " apart" : " touching");
        EXPECT_EQ(cvx::overlap_filter(x, y, false), apart ? -1 : 1) << what;
        EXPECT_EQ(eg::intersects(x, y), !apart) << what;
        EXPECT_FALSE(eg::interiors_overlap(x, y)) << what;
        EXPECT_EQ(eg::squared_distance(x, y) == 0, !apart) << what;
      }
}

/// A stack of unit cubes, far from the origin: resting exactly (touching:
/// closed true, open false), one ULP apart, one ULP into each other (open:
/// the depth is one ULP).
TEST(ConvexFilter, RestingBoxesFarFromTheOrigin) {
  const std::array<P3, 3> I{P3{1, 0, 0}, P3{0, 1, 0}, P3{0, 0, 1}};
  for (double base : {0.0, 1e3, 1e6, 1e9, -1e12}) {
    const eg::Box3<double> lower{P3{base, base, base}, I, {0.5, 0.5, 0.5}, 0};
    const double top = base + 1;
    for (int k = -1; k <= 1; ++k) {
      double z = top;
      if (k < 0) z = std::nextafter(top, -INFINITY);
      if (k > 0) z = std::nextafter(top, INFINITY);
      const eg::Box3<double> upper{P3{base + 0.25, base - 0.25, z}, I, {0.5, 0.5, 0.5}, 0};
      Tally t;
      check_pair(lower, upper, t, "base " + std::to_string(base) + " k " + std::to_string(k));
      if (HasFatalFailure()) return;
      EXPECT_EQ(eg::intersects(lower, upper), k <= 0);
      // Open is depth > 0: one ULP into each other overlaps, resting touches.
      EXPECT_EQ(eg::interiors_overlap(lower, upper), k < 0);
      const auto c = eg::contact(lower, upper);
      ASSERT_EQ(c.has_value(), k <= 0);
      if (k < 0) {
        EXPECT_EQ(c->depth, top - z);
        ASSERT_TRUE(c->depth_normal.has_value());
        EXPECT_EQ(*c->depth_normal, (P3{0, 0, 1}));
      }
    }
  }
}

/// Bad input still reaches the exact engine's errors through the filters.
TEST(ConvexFilter, BadInputIsStillAnError) {
  const std::array<P3, 3> I{P3{1, 0, 0}, P3{0, 1, 0}, P3{0, 0, 1}};
  const eg::Box3<double> ok{P3{0, 0, 0}, I, {1, 1, 1}, 0};
  const eg::Box3<double> neg{P3{0, 0, 0}, I, {1, -1, 1}, 0};
  const eg::Box3<double> nan{P3{NAN, 0, 0}, I, {1, 1, 1}, 0};
  const eg::Box3<double> negr{P3{9, 0, 0}, I, {1, 1, 1}, -1};
  EXPECT_THROW((void)eg::intersects(ok, neg), eg::invalid_input);
  EXPECT_THROW((void)eg::intersects(nan, ok), eg::invalid_input);
  EXPECT_THROW((void)eg::interiors_overlap(ok, negr), eg::invalid_input);
  EXPECT_THROW((void)eg::contact(ok, negr), eg::invalid_input);
  const eg::ConvexHull3<double> h({P3{0, 0, 0}, P3{1, 0, 0}, P3{0, 1, 0}, P3{0, 0, 1}});
  const eg::Sphere<double> far_nan{P3{100, 0, 0}, NAN};
  EXPECT_THROW((void)eg::intersects(h, far_nan), eg::invalid_input);
}

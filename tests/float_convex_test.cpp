// Tests of the float box and hull references, exactgeom/reference/obb_sat.hpp
// and exactgeom/reference/gjk_epa.hpp: hand-built boxes with known answers
// (apart, touching, overlapping, separated only along an edge-edge axis,
// rounded, one ulp apart), the documented weaknesses and the buggy twins
// shown at work, and GJK/EPA on random point clouds against a long double
// brute force over feature pairs.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <initializer_list>
#include <limits>
#include <random>
#include <span>
#include <vector>

#include "exactgeom/reference/gjk_epa.hpp"
#include "exactgeom/reference/obb_sat.hpp"

namespace reference = exactgeom::reference;

namespace {

using V3 = std::array<double, 3>;
using V2 = std::array<double, 2>;

template <class S>
reference::FloatBox3<S> cube(S x, S y, S z, S half = S(0.5), S r = S(0)) {
  return {{x, y, z}, {{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}}, {half, half, half}, r};
}

template <class S>
S ulps_apart(S x, S y) {
  return std::abs(x - y) / std::numeric_limits<S>::epsilon();
}

template <class S>
std::vector<std::array<S, 3>> corners(const reference::FloatBox3<S>& b) {
  const auto v = reference::obb_vertices(b);
  return {v.begin(), v.end()};
}

// ---- Axis-aligned unit cubes.

template <class S>
void check_cubes_apart() {
  const auto a = cube<S>(0, 0, 0), b = cube<S>(2, 0, 0);  // gap 1 along x
  EXPECT_FALSE(reference::obb_overlap_sat(a, b));
  EXPECT_FALSE(reference::obb_overlap_sat(b, a));
  const auto g = reference::gjk_distance<S>(corners(a), corners(b));
  EXPECT_TRUE(g.converged);
  EXPECT_LE(ulps_apart(g.distance, S(1)), S(4)) << g.distance;
  // on_a - on_b is v, pointing from b to a.
  EXPECT_LE(ulps_apart(g.on_b[0] - g.on_a[0], S(1)), S(4));
  EXPECT_LE(ulps_apart(g.on_a[0], S(0.5)), S(4));
  EXPECT_FALSE(reference::epa_penetration<S>(corners(a), corners(b)).valid);  // apart: no depth
}
TEST(FloatConvex, CubesOneApart) { check_cubes_apart<double>(); }
TEST(FloatConvex, CubesOneApartFloat) { check_cubes_apart<float>(); }

TEST(FloatConvex, CubesTouchingIsClosed) {
  for (const V3& c : {V3{1, 0, 0}, V3{0, -1, 0}, V3{1, 1, 0}, V3{1, 1, 1}}) {
    const auto a = cube<double>(0, 0, 0), b = cube<double>(c[0], c[1], c[2]);
    EXPECT_TRUE(reference::obb_overlap_sat(a, b));
    EXPECT_TRUE(reference::obb_overlap_sat(a, b, 0.0));  // exactly touching, no epsilon needed
    const auto g = reference::gjk_distance<double>(corners(a), corners(b));
    EXPECT_LE(g.distance, 1e-15);
    EXPECT_TRUE(reference::gjk_overlap<double>(corners(a), corners(b), 0.0, 0.0));
  }
}

template <class S>
void check_cubes_overlap(S rel) {
  // b overlaps a by 0.25 along each of the six axis directions in turn.
  for (int k = 0; k < 3; ++k)
    for (S sg : {S(1), S(-1)}) {
      std::array<S, 3> c{};
      c[k] = sg * S(0.75);
      const auto a = cube<S>(0, 0, 0), b = cube<S>(c[0], c[1], c[2]);
      EXPECT_TRUE(reference::obb_overlap_sat(a, b));
      EXPECT_EQ(reference::gjk_distance<S>(corners(a), corners(b)).distance, S(0));
      const auto p = reference::epa_penetration<S>(corners(a), corners(b));
      ASSERT_TRUE(p.valid);
      EXPECT_NEAR(p.depth, S(0.25), S(0.25) * rel);
      for (int i = 0; i < 3; ++i) EXPECT_NEAR(p.normal[i], i == k ? sg : S(0), rel) << k << i;
    }
}
TEST(FloatConvex, CubesOverlapEpaDepthAndNormal) { check_cubes_overlap<double>(1e-6); }
TEST(FloatConvex, CubesOverlapEpaDepthAndNormalFloat) { check_cubes_overlap<float>(1e-5f); }

TEST(FloatConvex, EpaNormalSeparatesAlongItsDirection) {
  const auto a = cube<double>(0, 0, 0);
  auto b = cube<double>(0.3, 0.7, -0.2);  // deepest along y: overlap 0.3
  const auto p = reference::epa_penetration<double>(corners(a), corners(b));
  ASSERT_TRUE(p.valid);
  EXPECT_NEAR(p.depth, 0.3, 1e-12);
  EXPECT_NEAR(p.normal[1], 1.0, 1e-12);
  // b moved by +(depth + 1e-3) normal is 1e-3 away; by (depth - 1e-3) it still overlaps.
  for (double extra : {1e-3, -1e-3}) {
    auto m = b;
    m.center = {b.center.x + (p.depth + extra) * p.normal[0], b.center.y + (p.depth + extra) * p.normal[1],
                b.center.z + (p.depth + extra) * p.normal[2]};
    EXPECT_NEAR(reference::gjk_distance<double>(corners(a), corners(m)).distance, std::max(extra, 0.0), 1e-12);
  }
}

// ---- Edge-edge separation: two ridges crossing one above the other.

// a: a unit cube turned 45 degrees about x, so its top is an edge along x
// at height sqrt(1/2); b: one turned 45 degrees about y with its bottom
// edge along y, `gap` above a's. Only the axis x cross y = z separates them:
// no face normal of either cube is vertical. `twist` turns b about the
// vertical, so that its ridge makes an angle pi/2 - twist with a's.
template <class S>
std::array<reference::FloatBox3<S>, 2> crossing_ridges(S gap, S twist = S(0)) {
  const S c = std::sqrt(S(0.5)), ct = std::cos(twist), st = std::sin(twist);
  const auto turn = [&](S x, S y, S z) { return exactgeom::Point3<S>{ct * x - st * y, st * x + ct * y, z}; };
  reference::FloatBox3<S> a{{0, 0, 0}, {{{1, 0, 0}, {0, c, c}, {0, -c, c}}}, {S(0.5), S(0.5), S(0.5)}, S(0)};
  reference::FloatBox3<S> b{{0, 0, 2 * c + gap}, {{turn(c, 0, -c), turn(0, 1, 0), turn(c, 0, c)}}, {S(0.5), S(0.5), S(0.5)}, S(0)};
  return {a, b};
}

template <class S>
void check_crossing_ridges(S rel) {
  const auto [a, b] = crossing_ridges<S>(S(0.1));
  EXPECT_FALSE(reference::obb_overlap_sat(a, b));
  EXPECT_FALSE(reference::obb_overlap_sat(b, a));
  // The twin without edge axes cannot see it: the bug it exists to show.
  EXPECT_TRUE(reference::obb_overlap_sat_no_edge_axes(a, b));
  EXPECT_TRUE(reference::obb_overlap_sat_no_edge_axes(b, a));
  const auto g = reference::gjk_distance<S>(corners(a), corners(b));
  EXPECT_NEAR(g.distance, S(0.1), S(0.1) * rel);
  EXPECT_NEAR(g.on_a[2], std::sqrt(S(0.5)), rel);  // the crossing point of the ridges
  EXPECT_NEAR(g.on_a[0], S(0), rel);
  EXPECT_NEAR(g.on_a[1], S(0), rel);

  const auto [p, q] = crossing_ridges<S>(S(-0.1));  // now interpenetrating by 0.1
  EXPECT_TRUE(reference::obb_overlap_sat(p, q));
  const auto e = reference::epa_penetration<S>(corners(p), corners(q));
  ASSERT_TRUE(e.valid);
  EXPECT_NEAR(e.depth, S(0.1), S(0.1) * rel);
  EXPECT_NEAR(e.normal[2], S(1), rel);  // b (above) moves up
}
TEST(FloatConvex, EdgeEdgeAxisSeparatesCrossingRidges) { check_crossing_ridges<double>(1e-9); }
TEST(FloatConvex, EdgeEdgeAxisSeparatesCrossingRidgesFloat) { check_crossing_ridges<float>(1e-5f); }

// ---- Rounded boxes and the epsilon.

TEST(FloatConvex, RoundedBoxesFaceToFace) {
  const auto a = cube<double>(0, 0, 0, 0.5, 0.5);  // cores 1 apart along x
  EXPECT_TRUE(reference::obb_overlap_sat(a, cube<double>(2, 0, 0, 0.5, 0.5)));  // 0.5 + 0.5 = gap: touching
  EXPECT_FALSE(reference::obb_overlap_sat(a, cube<double>(2, 0, 0, 0.5, 0.49)));
  EXPECT_FALSE(reference::obb_overlap_sat(cube<double>(0, 0, 0), cube<double>(2, 0, 0, 0.5, 0.5)));
  EXPECT_TRUE(reference::obb_overlap_sat(cube<double>(0, 0, 0, 0.5, 0.25), cube<double>(2, 0, 0, 0.5, 0.75)));
  const auto ca = corners(a), cb = corners(cube<double>(2, 0, 0));
  EXPECT_TRUE(reference::gjk_overlap<double>(ca, cb, 0.5, 0.51));
  EXPECT_FALSE(reference::gjk_overlap<double>(ca, cb, 0.5, 0.49));
}

TEST(FloatConvex, RoundedBoxesCornerToCornerFalsePositive) {
  // Cores corner to corner, sqrt(3) * 0.4 = 0.69 apart, radii 0.25 + 0.25:
  // they do not meet, but each face axis sees only a gap of 0.4 <= 0.5.
  const auto a = cube<double>(0, 0, 0, 0.5, 0.25), b = cube<double>(1.4, 1.4, 1.4, 0.5, 0.25);
  EXPECT_TRUE(reference::obb_overlap_sat(a, b));  // the documented approximation
  const auto g = reference::gjk_distance<double>(corners(a), corners(b));
  EXPECT_NEAR(g.distance, std::sqrt(3.0) * 0.4, 1e-12);
  EXPECT_FALSE(reference::gjk_overlap<double>(corners(a), corners(b), 0.25, 0.25));
  EXPECT_FALSE(reference::obb_overlap_sat(cube<double>(0, 0, 0, 0.5, 0.2), cube<double>(1.4, 1.4, 1.4, 0.5, 0.19)));
}

TEST(FloatConvex, RoundedEdgeAxisScalesTheRadius) {
  // Ridges crossing at 30 degrees, 0.1 apart: the separating edge axis
  // L = A0 x B1 has length sin 30 = 1/2. Radii summing to just over 0.1
  // meet, just under 0.1 do not; a radius not scaled by |L| would count
  // double and make the second pair meet too.
  auto [a, b] = crossing_ridges<double>(0.1, std::acos(-1.0) / 3);
  EXPECT_NEAR(reference::gjk_distance<double>(corners(a), corners(b)).distance, 0.1, 1e-12);
  a.r = b.r = 0.0505;
  EXPECT_TRUE(reference::obb_overlap_sat(a, b));
  a.r = b.r = 0.0495;
  EXPECT_FALSE(reference::obb_overlap_sat(a, b));
  EXPECT_FALSE(reference::gjk_overlap<double>(corners(a), corners(b), a.r, b.r));
}

TEST(FloatConvex, EpsilonMakesBoxesOneUlpApartMeet) {
  const auto a = cube<double>(0, 0, 0), b = cube<double>(std::nextafter(1.0, 2.0), 0, 0);
  EXPECT_TRUE(reference::obb_overlap_sat(a, b));         // epsilon widens the face axes
  EXPECT_FALSE(reference::obb_overlap_sat(a, b, 0.0));   // the true answer
  // GJK finds the one-ulp gap (the gap is the exact difference of the corners here).
  EXPECT_EQ(reference::gjk_distance<double>(corners(a), corners(b)).distance, 0x1p-52);
  EXPECT_FALSE(reference::gjk_overlap<double>(corners(a), corners(b), 0.0, 0.0));
}

TEST(FloatConvex, EpsilonStopsNoiseSeparatingParallelEdges) {
  // b's first axis is off orthogonal by 1e-16, like a rotation matrix
  // with rounding error: A0 x B0 is near null, and without the epsilon its
  // noise separates two boxes that overlap by 0.25 along z.
  const auto a = cube<double>(0, 0, 0);
  reference::FloatBox3<double> b{{0, 0, 0.75}, {{{1, 1e-16, 0}, {0, 1, 0}, {0, 0, 1}}}, {0.5, 0.5, 0.5}, 0};
  EXPECT_TRUE(reference::obb_overlap_sat(a, b));
  EXPECT_FALSE(reference::obb_overlap_sat(a, b, 0.0));
}

// ---- 2-D boxes.

TEST(FloatConvex, Obb2SquareAgainstDiamond) {
  const double c = std::sqrt(0.5);
  const reference::FloatBox2<double> a{{0, 0}, {{{1, 0}, {0, 1}}}, {0.5, 0.5}, 0};
  for (double gap : {1e-3, -1e-3}) {
    const reference::FloatBox2<double> b{{0.5 + c + gap, 0}, {{{c, c}, {-c, c}}}, {0.5, 0.5}, 0};
    EXPECT_EQ(reference::obb2_overlap_sat(a, b), gap < 0);
    EXPECT_EQ(reference::obb2_overlap_sat(b, a), gap < 0);
    const auto va = reference::obb2_vertices(a), vb = reference::obb2_vertices(b);
    const auto g = reference::gjk2_distance<double>(va, vb);
    EXPECT_NEAR(g.distance, std::max(gap, 0.0), 1e-12);
    EXPECT_EQ(reference::gjk2_overlap<double>(va, vb, 0.0, 0.0), gap < 0);
  }
  // Rounded squares corner to corner: the 2-D false positive.
  const reference::FloatBox2<double> r1{{0, 0}, {{{1, 0}, {0, 1}}}, {0.5, 0.5}, 0.25};
  const reference::FloatBox2<double> r2{{1.4, 1.4}, {{{1, 0}, {0, 1}}}, {0.5, 0.5}, 0.25};
  EXPECT_TRUE(reference::obb2_overlap_sat(r1, r2));
  EXPECT_FALSE(reference::gjk2_overlap<double>(reference::obb2_vertices(r1), reference::obb2_vertices(r2), 0.25, 0.25));
}

// ---- Iteration limit and empty input.

TEST(FloatConvex, GjkReportsNonConvergenceAndEmptyInput) {
  const auto [a, b] = crossing_ridges<double>(0.1);
  const auto full = reference::gjk_distance<double>(corners(a), corners(b));
  ASSERT_TRUE(full.converged);
  ASSERT_GT(full.iterations, 1);
  const auto cut = reference::gjk_distance<double>(corners(a), corners(b), 1e-6, 1);
  EXPECT_FALSE(cut.converged);
  EXPECT_EQ(cut.iterations, 1);
  EXPECT_GE(cut.distance, full.distance);  // |v| only ever overestimates
  const std::vector<V3> none;
  const auto e = reference::gjk_distance<double>(none, corners(a));
  EXPECT_TRUE(std::isnan(e.distance));
  EXPECT_FALSE(e.converged);
}

// ---- Random clouds against a long double brute force.

using L3 = std::array<long double, 3>;

L3 to_l(const V3& p) { return {p[0], p[1], p[2]}; }
L3 lsub(const L3& u, const L3& v) { return {u[0] - v[0], u[1] - v[1], u[2] - v[2]}; }
long double ldot(const L3& u, const L3& v) { return u[0] * v[0] + u[1] * v[1] + u[2] * v[2]; }
L3 lcross(const L3& u, const L3& v) {
  return {u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]};
}
L3 lpoint(const L3& p, const L3& d, long double s) { return {p[0] + s * d[0], p[1] + s * d[1], p[2] + s * d[2]}; }

long double d2_point_segment(const L3& p, const L3& a, const L3& b) {
  const L3 ab = lsub(b, a);
  const long double len2 = ldot(ab, ab);
  const long double s = len2 > 0 ? std::clamp(ldot(lsub(p, a), ab) / len2, 0.0L, 1.0L) : 0.0L;
  const L3 d = lsub(p, lpoint(a, ab, s));
  return ldot(d, d);
}

long double d2_point_triangle(const L3& p, const L3& a, const L3& b, const L3& c) {
  const L3 n = lcross(lsub(b, a), lsub(c, a));
  const long double nn = ldot(n, n);
  if (nn > 0) {
    const long double t = ldot(lsub(p, a), n) / nn;
    const L3 q = lpoint(p, n, -t);  // p projected on the plane
    if (ldot(lcross(lsub(b, q), lsub(c, q)), n) >= 0 && ldot(lcross(lsub(c, q), lsub(a, q)), n) >= 0 &&
        ldot(lcross(lsub(a, q), lsub(b, q)), n) >= 0)
      return t * t * nn;
  }
  return std::min({d2_point_segment(p, a, b), d2_point_segment(p, b, c), d2_point_segment(p, c, a)});
}

// The minimum over the four endpoint-to-segment distances and, when it
// lies inside both segments, the critical point of the two interiors.
long double d2_segment_segment(const L3& p1, const L3& q1, const L3& p2, const L3& q2) {
  long double best = std::min({d2_point_segment(p1, p2, q2), d2_point_segment(q1, p2, q2),
                               d2_point_segment(p2, p1, q1), d2_point_segment(q2, p1, q1)});
  const L3 d1 = lsub(q1, p1), d2 = lsub(q2, p2), r = lsub(p1, p2);
  const long double a = ldot(d1, d1), e = ldot(d2, d2), b = ldot(d1, d2), c = ldot(d1, r), f = ldot(d2, r);
  const long double denom = a * e - b * b;
  if (denom > 0) {
    const long double s = (b * f - c * e) / denom, t = (a * f - b * c) / denom;
    if (s > 0 && s < 1 && t > 0 && t < 1) {
      const L3 w = lsub(lpoint(p1, d1, s), lpoint(p2, d2, t));
      best = std::min(best, ldot(w, w));
    }
  }
  return best;
}

// A ball about the mean of some points that holds them (and so their hull).
struct Ball {
  L3 c;
  long double r;
};
Ball ball_of(std::initializer_list<L3> pts) {
  L3 c{};
  for (const L3& p : pts)
    for (int i = 0; i < 3; ++i) c[i] += p[i] / static_cast<long double>(pts.size());
  long double r2 = 0;
  for (const L3& p : pts) r2 = std::max(r2, ldot(lsub(p, c), lsub(p, c)));
  return {c, std::sqrt(r2)};
}
// True when everything in the two balls is farther apart than sqrt(best2):
// the pair cannot improve on best2, and is skipped only to save time.
bool cannot_beat(const Ball& x, const Ball& y, long double best2) {
  const long double reach = x.r + y.r + std::sqrt(best2) * (1 + 1e-6L);
  return ldot(lsub(x.c, y.c), lsub(x.c, y.c)) > reach * reach;
}

// Disjoint convex hulls meet their distance at a vertex-face or an
// edge-edge pair, and every triangle and segment of the points lies in the
// hull; so the minimum over all of them is the distance.
long double brute_distance(const std::vector<V3>& A, const std::vector<V3>& B) {
  std::vector<L3> a, b;
  for (const V3& p : A) a.push_back(to_l(p));
  for (const V3& p : B) b.push_back(to_l(p));
  long double best = std::numeric_limits<long double>::infinity();
  for (const L3& p : a)
    for (const L3& q : b) best = std::min(best, ldot(lsub(p, q), lsub(p, q)));
  for (int pass = 0; pass < 2; ++pass) {
    const auto& P = pass ? b : a;
    const auto& T = pass ? a : b;
    for (std::size_t i = 0; i < T.size(); ++i)
      for (std::size_t j = i + 1; j < T.size(); ++j)
        for (std::size_t k = j + 1; k < T.size(); ++k) {
          const Ball tb = ball_of({T[i], T[j], T[k]});
          for (const L3& p : P)
            if (!cannot_beat(tb, {p, 0}, best)) best = std::min(best, d2_point_triangle(p, T[i], T[j], T[k]));
        }
  }
  std::vector<Ball> sb;
  for (std::size_t k = 0; k < b.size(); ++k)
    for (std::size_t l = k + 1; l < b.size(); ++l) sb.push_back(ball_of({b[k], b[l]}));
  for (std::size_t i = 0; i < a.size(); ++i)
    for (std::size_t j = i + 1; j < a.size(); ++j) {
      const Ball sa = ball_of({a[i], a[j]});
      std::size_t m = 0;
      for (std::size_t k = 0; k < b.size(); ++k)
        for (std::size_t l = k + 1; l < b.size(); ++l, ++m)
          if (!cannot_beat(sa, sb[m], best)) best = std::min(best, d2_segment_segment(a[i], a[j], b[k], b[l]));
    }
  return std::sqrt(best);
}

V3 random_unit(std::mt19937_64& g) {
  std::normal_distribution<double> n;
  V3 u{n(g), n(g), n(g)};
  const double len = std::sqrt(u[0] * u[0] + u[1] * u[1] + u[2] * u[2]);
  return {u[0] / len, u[1] / len, u[2] / len};
}

// n points in the ball of radius `radius` about c.
std::vector<V3> ball_cloud(std::mt19937_64& g, int n, const V3& c, double radius) {
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  std::vector<V3> pts;
  while (static_cast<int>(pts.size()) < n) {
    const V3 p{u(g), u(g), u(g)};
    if (p[0] * p[0] + p[1] * p[1] + p[2] * p[2] > 1) continue;
    pts.push_back({c[0] + radius * p[0], c[1] + radius * p[1], c[2] + radius * p[2]});
  }
  return pts;
}

TEST(FloatConvex, GjkMatchesBruteForceOnRandomClouds) {
  std::mt19937_64 g(20240611);
  std::uniform_int_distribution<int> count(8, 32);
  std::uniform_real_distribution<double> gap(0.01, 1.0), shift(-10.0, 10.0);
  int twin_wrong = 0;
  constexpr int cases = 40;
  for (int t = 0; t < cases; ++t) {
    // Two unit-ball clouds whose centres are 2 + gap apart: disjoint hulls.
    const V3 o{shift(g), shift(g), shift(g)}, u = random_unit(g);
    const double d = 2 + gap(g);
    const auto A = ball_cloud(g, count(g), o, 1.0);
    const auto B = ball_cloud(g, count(g), {o[0] + d * u[0], o[1] + d * u[1], o[2] + d * u[2]}, 1.0);
    const double truth = static_cast<double>(brute_distance(A, B));
    ASSERT_GT(truth, 0.0);
    const auto r = reference::gjk_distance<double>(A, B);
    EXPECT_TRUE(r.converged) << t;
    EXPECT_NEAR(r.distance, truth, 1e-9 * truth) << t;
    const double w = std::hypot(r.on_a[0] - r.on_b[0], r.on_a[1] - r.on_b[1], r.on_a[2] - r.on_b[2]);
    EXPECT_NEAR(w, truth, 1e-9 * truth) << t;
    EXPECT_FALSE(reference::gjk_overlap<double>(A, B, 0.0, 0.0));
    EXPECT_TRUE(reference::gjk_overlap<double>(A, B, truth / 2, truth / 2 + 1e-9 * truth));
    // The twin stops early: never below the truth, sometimes well above it.
    const auto bad = reference::gjk_distance_no_termination_guard<double>(A, B);
    EXPECT_GE(bad.distance, truth * (1 - 1e-12)) << t;
    if (bad.distance > truth * (1 + 1e-6)) ++twin_wrong;
  }
  EXPECT_GT(twin_wrong, 0);  // an audit at 1e-6 relative sees the termination bug
}

// h_C(u) for C = A - B: the support function the depth minimizes.
long double support_of_difference(const std::vector<V3>& A, const std::vector<V3>& B, const L3& u) {
  long double ha = -std::numeric_limits<long double>::infinity(), hb = -ha;
  for (const V3& p : A) ha = std::max(ha, ldot(to_l(p), u));
  for (const V3& p : B) hb = std::min(hb, ldot(to_l(p), u));
  return ha - hb;
}

TEST(FloatConvex, EpaIsTheMinimumTranslationOnRandomClouds) {
  std::mt19937_64 g(77);
  std::uniform_int_distribution<int> count(16, 32);
  std::uniform_real_distribution<double> sep(0.2, 0.8);
  int used = 0;
  constexpr int cases = 40;
  for (int t = 0; t < cases; ++t) {
    const V3 u = random_unit(g);
    const double d = sep(g);
    const auto A = ball_cloud(g, count(g), {0, 0, 0}, 1.0);
    auto B = ball_cloud(g, count(g), {d * u[0], d * u[1], d * u[2]}, 1.0);
    if (reference::gjk_distance<double>(A, B).distance > 0) continue;  // sparse hulls missed each other
    ++used;
    const auto p = reference::epa_penetration<double>(A, B);
    ASSERT_TRUE(p.valid) << t;
    const L3 n = to_l(p.normal);
    EXPECT_NEAR(static_cast<double>(ldot(n, n)), 1.0, 1e-12);
    // The depth is C's support in the normal's direction ...
    const long double h = support_of_difference(A, B, n);
    EXPECT_NEAR(static_cast<double>(h), p.depth, 1e-9 * p.depth) << t;
    // ... and no direction has a smaller one.
    for (int k = 0; k < 2000; ++k)
      ASSERT_GE(static_cast<double>(support_of_difference(A, B, to_l(random_unit(g)))), p.depth * (1 - 1e-9))
          << t;
    // b moved by (depth + delta) along the normal is delta away; by (depth - delta) it still overlaps.
    constexpr double delta = 1e-6;
    for (double extra : {delta, -delta}) {
      std::vector<V3> M = B;
      for (V3& q : M)
        for (int i = 0; i < 3; ++i) q[i] += (p.depth + extra) * p.normal[i];
      const double dist = reference::gjk_distance<double>(A, M).distance;
      if (extra > 0) EXPECT_NEAR(dist, delta, 1e-3 * delta) << t;
      else EXPECT_EQ(dist, 0.0) << t;
    }
  }
  EXPECT_GE(used, cases * 3 / 4);
}

// 2-D: disjoint convex polygons meet their distance at a vertex-edge pair.
double brute_distance2(const std::vector<V2>& A, const std::vector<V2>& B) {
  long double best = std::numeric_limits<long double>::infinity();
  for (int pass = 0; pass < 2; ++pass) {
    const auto& P = pass ? B : A;
    const auto& E = pass ? A : B;
    for (std::size_t i = 0; i < E.size(); ++i)
      for (std::size_t j = i + 1; j < E.size(); ++j)
        for (const V2& p : P)
          best = std::min(best, d2_point_segment({p[0], p[1], 0}, {E[i][0], E[i][1], 0}, {E[j][0], E[j][1], 0}));
  }
  return static_cast<double>(std::sqrt(best));
}

TEST(FloatConvex, Gjk2MatchesBruteForceOnRandomClouds) {
  std::mt19937_64 g(5);
  std::uniform_int_distribution<int> count(8, 32);
  std::uniform_real_distribution<double> gap(0.01, 1.0), ang(0.0, 6.283185307179586), coord(-1.0, 1.0);
  for (int t = 0; t < 60; ++t) {
    const double d = 2 + gap(g), th = ang(g);
    std::vector<V2> A, B;
    for (auto* cloud : {&A, &B}) {
      const double cx = cloud == &A ? 0.0 : d * std::cos(th), cy = cloud == &A ? 0.0 : d * std::sin(th);
      const int n = count(g);
      while (static_cast<int>(cloud->size()) < n) {
        const double x = coord(g), y = coord(g);
        if (x * x + y * y <= 1) cloud->push_back({cx + x, cy + y});
      }
    }
    const double truth = brute_distance2(A, B);
    const auto r = reference::gjk2_distance<double>(A, B);
    EXPECT_TRUE(r.converged);
    EXPECT_NEAR(r.distance, truth, 1e-9 * truth) << t;
    EXPECT_FALSE(reference::gjk2_overlap<double>(A, B, 0.0, 0.0));
    // Overlapping copies: B pulled onto A meets it.
    std::vector<V2> M = B;
    for (V2& q : M) q = {q[0] - d * std::cos(th), q[1] - d * std::sin(th)};
    EXPECT_EQ(reference::gjk2_distance<double>(A, M).distance, 0.0) << t;
  }
}

}  // namespace

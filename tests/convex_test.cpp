// Tests of exactgeom/shapes.hpp and exactgeom/convex.hpp (and contact.hpp's
// depth for every pair): exact hulls, distances, closest points,
// penetration depth and direction, and time of impact, against the
// independent brute-force mpq oracle (internal/testing/polytope_oracle.hpp)
// on random shapes from small integer grids (many exact degeneracies:
// touching, nested, flat, collinear, repeated points), random doubles, and
// doubles far from the origin; properties (swapping the shapes, integer
// translations, a box equals the hull of its corners); every coordinate
// type; and the errors.
#include <type_traits>
#include <gtest/gtest.h>

#include <gmpxx.h>

#include <array>
#include <cmath>
#include <cstdlib>
#include <cstdint>
#include <limits>
#include <random>
#include <vector>

#include "exactgeom/exactgeom.hpp"
#include "exactgeom/audit/subject.hpp"
#include "testing/oracle.hpp"
#include "testing/sanitized.hpp"
#include "testing/polytope_oracle.hpp"
#include "convex/engine.hpp"

namespace eg = exactgeom;
namespace po = exactgeom::testing::polytope_oracle;
namespace cvx = exactgeom::detail::cvx;
using Q = mpq_class;
using QV = po::QV;

namespace {

using Rng = std::mt19937_64;

std::vector<QV> qpoints(const cvx::Core& c) {
  std::vector<QV> out;
  for (std::size_t i = 0; i < c.size(); ++i) {
    QV p{0, 0, 0};
    for (int k = 0; k < c.dim; ++k) p[k] = c.c[i * static_cast<std::size_t>(c.dim) + static_cast<std::size_t>(k)];
    out.push_back(p);
  }
  return out;
}

template <class S>
cvx::Core core(const S& s) {
  return cvx::shape_traits<S>::to_core(s);
}

/// A random core in 3-D from a small grid: a point, segment, triangle,
/// small hull (4 to 7 points) or box; `offset` moves it.
cvx::Core random_core3(Rng& g, int grid, double offset = 0) {
  std::uniform_int_distribution<int> u(-grid, grid), kind(0, 4), n(4, 7), h(0, 2);
  auto p = [&] { return eg::Point3<double>{u(g) + offset, u(g) + offset, u(g) + offset}; };
  switch (kind(g)) {
    case 0: return core(p());
    case 1: return core(eg::Segment3<double>{p(), p()});
    case 2: return core(eg::Triangle3<double>{p(), p(), p()});
    case 3: {
      std::vector<eg::Point3<double>> pts;
      for (int i = n(g); i > 0; --i) pts.push_back(p());
      return core(eg::ConvexHull3<double>(pts));
    }
    default: {
      static const eg::Point3<double> axes[][3] = {{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}},
                                                   {{1, 1, 0}, {-1, 1, 0}, {0, 0, 1}},
                                                   {{1, 1, 1}, {1, -1, 0}, {0, 0, 2}},
                                                   {{2, 0, 0}, {1, 1, 0}, {1, 0, 1}}};
      const auto& a = axes[g() % 4];
      return core(eg::Box3<double>{p(), {a[0], a[1], a[2]}, {double(h(g)), double(h(g)), double(h(g))}});
    }
  }
}

cvx::Core random_core2(Rng& g, int grid, double offset = 0) {
  std::uniform_int_distribution<int> u(-grid, grid), kind(0, 3), n(3, 7), h(0, 2);
  auto p = [&] { return eg::Point2<double>{u(g) + offset, u(g) + offset}; };
  switch (kind(g)) {
    case 0: return core(p());
    case 1: return core(eg::Segment2<double>{p(), p()});
    case 2: {
      std::vector<eg::Point2<double>> pts;
      for (int i = n(g); i > 0; --i) pts.push_back(p());
      return core(eg::ConvexPolygon<double>(pts));
    }
    default: {
      static const eg::Point2<double> axes[][2] = {{{1, 0}, {0, 1}}, {{1, 1}, {-1, 1}}, {{2, 1}, {0, 1}}};
      const auto& a = axes[g() % 3];
      return core(eg::Box2<double>{p(), {a[0], a[1]}, {double(h(g)), double(h(g))}});
    }
  }
}

/// The oracle's exact squared distance of two cores.
Q oracle_d2(const cvx::Core& x, const cvx::Core& y) { return po::distance2(qpoints(x), qpoints(y), x.dim); }

// ---------------------------------------------------------------------------
// Hulls

template <class T>
class HullTyped : public ::testing::Test {};
TYPED_TEST_SUITE(HullTyped, eg::testing::oracle::CoordinateTypes, eg::testing::oracle::CoordinateTypeNames);

TYPED_TEST(HullTyped, CornersAndFacesOfDegenerateInput) {
  using T = TypeParam;
  using P2 = eg::Point2<T>;
  using P3 = eg::Point3<T>;
  // A square with repeats, an interior point and points on its edges.
  const eg::ConvexPolygon<T> sq({P2{T(2), T(2)}, P2{T(0), T(0)}, P2{T(1), T(0)}, P2{T(2), T(0)}, P2{T(1), T(1)},
                                  P2{T(0), T(2)}, P2{T(0), T(0)}, P2{T(2), T(1)}});
  ASSERT_EQ(sq.vertices().size(), 4u);
  EXPECT_EQ(sq.vertices()[0], (P2{T(0), T(0)}));  // counterclockwise from the lowest
  EXPECT_EQ(sq.vertices()[1], (P2{T(2), T(0)}));
  EXPECT_EQ(sq.vertices()[2], (P2{T(2), T(2)}));
  EXPECT_EQ(sq.vertices()[3], (P2{T(0), T(2)}));
  EXPECT_EQ(eg::ConvexPolygon<T>({P2{T(1), T(1)}, P2{T(3), T(3)}, P2{T(2), T(2)}}).vertices().size(), 2u);
  EXPECT_EQ(eg::ConvexPolygon<T>({P2{T(1), T(1)}, P2{T(1), T(1)}}).vertices().size(), 1u);
  // A cube with its face centres, edge midpoints and centre.
  std::vector<P3> cube;
  for (int x = 0; x <= 2; ++x)
    for (int y = 0; y <= 2; ++y)
      for (int z = 0; z <= 2; ++z) cube.push_back(P3{T(x), T(y), T(z)});
  const eg::ConvexHull3<T> h(cube, T(1));
  EXPECT_EQ(h.dimension(), 3);
  EXPECT_EQ(h.vertices().size(), 8u);
  ASSERT_EQ(h.faces().size(), 6u);
  for (const auto& f : h.faces()) EXPECT_EQ(f.size(), 4u);
  // Flat (a square in a tilted plane), collinear, one point.
  const eg::ConvexHull3<T> flat({P3{T(0), T(0), T(0)}, P3{T(2), T(0), T(2)}, P3{T(0), T(2), T(0)},
                                 P3{T(2), T(2), T(2)}, P3{T(1), T(1), T(1)}});
  EXPECT_EQ(flat.dimension(), 2);
  EXPECT_EQ(flat.vertices().size(), 4u);
  ASSERT_EQ(flat.faces().size(), 1u);
  EXPECT_EQ(flat.faces()[0].size(), 4u);
  const eg::ConvexHull3<T> line({P3{T(0), T(0), T(0)}, P3{T(3), T(3), T(3)}, P3{T(1), T(1), T(1)}});
  EXPECT_EQ(line.dimension(), 1);
  EXPECT_EQ(line.vertices().size(), 2u);
  const eg::ConvexHull3<T> one({P3{T(5), T(5), T(5)}, P3{T(5), T(5), T(5)}});
  EXPECT_EQ(one.dimension(), 0);
  EXPECT_EQ(one.vertices().size(), 1u);
}

/// Random point sets on a small grid: the corners are exactly the oracle's
/// extreme points; every facet's corners lie on one plane with every input
/// point on its inner side; Euler's formula holds for solids.
TEST(Hulls, RandomGridPointsMatchTheOracle) {
  Rng g(101);
  std::uniform_int_distribution<int> u(-2, 2), n(1, 12);
  int solids = 0, flats = 0;
  // Half the cases under the sanitizers (testing/sanitized.hpp); the counts
  // below are shares of them (150 and 40 of 400).
  const int n_cases = exactgeom::testing::sanitized_cases(400, 2);
  for (int it = 0; it < n_cases; ++it) {
    std::vector<eg::Point3<double>> pts;
    const int m = n(g);
    const bool plane = it % 5 == 0;
    for (int i = 0; i < m; ++i) pts.push_back({double(u(g)), double(u(g)), plane ? 1.0 : double(u(g))});
    const eg::ConvexHull3<double> h(pts);
    std::vector<QV> q;
    for (const auto& p : pts) q.push_back({Q(p.x), Q(p.y), Q(p.z)});
    const po::Hull want = po::make_hull(q);
    ASSERT_EQ(h.dimension(), want.k) << it;
    ASSERT_EQ(h.vertices().size(), want.vertices.size()) << it;
    for (const auto& v : h.vertices()) {
      bool found = false;
      for (const QV& w : want.vertices) found = found || (w == QV{Q(v.x), Q(v.y), Q(v.z)});
      EXPECT_TRUE(found) << it;
    }
    if (h.dimension() == 3) {
      ++solids;
      std::size_t edges = 0;
      for (const auto& f : h.faces()) {
        edges += f.size();
        const auto& a = h.vertices()[f[0]];
        const auto& b = h.vertices()[f[1]];
        const auto& c = h.vertices()[f[2]];
        for (auto i : f) EXPECT_EQ(eg::orient3d(a, b, c, h.vertices()[i]), eg::Sign::zero) << it;
        for (const auto& p : pts) EXPECT_NE(eg::orient3d(a, b, c, p), eg::Sign::positive) << it;
      }
      EXPECT_EQ(h.vertices().size() + h.faces().size(), edges / 2 + 2) << it;  // V - E + F = 2
    }
    flats += h.dimension() == 2;
  }
  EXPECT_GT(solids, n_cases * 3 / 8);
  EXPECT_GT(flats, n_cases / 10);
}

// ---------------------------------------------------------------------------
// Distance and closest points

/// Both pairs (cvx::Pair): the oracle's dist2, a pair of core points at
/// that distance, and (the seeded Pair::any) the same q - p as Pair::first.
void check_distance(const cvx::Core& x, const cvx::Core& y, const char* what, int it) {
  const Q want = oracle_d2(x, y);
  std::vector<Q> first_w;
  for (const cvx::Pair pair : {cvx::Pair::first, cvx::Pair::any}) {
    const cvx::Separation s = cvx::core_distance(x, y, pair);
    ASSERT_EQ(s.dist2, want) << what << " " << it;
    // The pair is a pair of core points at that distance.
    Q d2 = 0;
    QV p{0, 0, 0}, q{0, 0, 0};
    std::vector<Q> w;
    for (int k = 0; k < x.dim; ++k) {
      d2 += (s.q[k] - s.p[k]) * (s.q[k] - s.p[k]);
      p[k] = s.p[k], q[k] = s.q[k];
      w.push_back(s.q[k] - s.p[k]);
    }
    ASSERT_EQ(d2, want) << what << " " << it;
    ASSERT_EQ(po::distance2({p}, qpoints(x), x.dim), 0) << what << " " << it;
    ASSERT_EQ(po::distance2({q}, qpoints(y), y.dim), 0) << what << " " << it;
    ASSERT_EQ(s.w, w) << what << " " << it;  // Separation::w is q - p exactly
    if (pair == cvx::Pair::first) first_w = w;
    else ASSERT_EQ(w, first_w) << what << " " << it;  // q - p is unique: the seed may not move it
  }
}

TEST(ConvexDistance, RandomGridShapesMatchTheOracle) {
  Rng g(202);
  int meet3 = 0, meet2 = 0;
  // A quarter of the cases under the sanitizers (testing/sanitized.hpp); the
  // counts below are shares of them (40 of 300).
  const int n = exactgeom::testing::sanitized_cases(300, 4);
  for (int it = 0; it < n; ++it) {
    const cvx::Core x = random_core3(g, 3), y = random_core3(g, 3);
    check_distance(x, y, "3-D", it);
    meet3 += oracle_d2(x, y) == 0;
    const cvx::Core a = random_core2(g, 3), b = random_core2(g, 3);
    check_distance(a, b, "2-D", it);
    meet2 += oracle_d2(a, b) == 0;
  }
  EXPECT_GT(meet3, n * 2 / 15);  // both answers well represented
  EXPECT_GT(meet2, n * 2 / 15);
}

TEST(ConvexDistance, DoublesNearAndFarFromTheOrigin) {
  Rng g(303);
  std::uniform_real_distribution<double> u(-1, 1);
  for (int it = 0; it < exactgeom::testing::sanitized_cases(120, 4); ++it) {
    // Full-significand doubles, offset by 0 or 1e6 .. 1e15 (exact sums
    // where representable; the oracle takes whatever the doubles are).
    const double off = it % 3 == 0 ? 0.0 : std::ldexp(1.0, 20 + static_cast<int>(g() % 30));
    auto p = [&] { return eg::Point3<double>{off + u(g), off + u(g), u(g)}; };
    std::vector<eg::Point3<double>> a, b;
    for (int i = 0; i < 5; ++i) a.push_back(p());
    for (int i = 0; i < 4; ++i) b.push_back(p());
    check_distance(core(eg::ConvexHull3<double>(a)), core(eg::ConvexHull3<double>(b)), "doubles", it);
    const eg::Box3<double> box{p(), {{{1, 0, 0}, {0, 0.6, 0.8}, {0, -0.8, 0.6}}}, {0.25, 0.5, 0.125}};
    check_distance(core(box), core(eg::Triangle3<double>{p(), p(), p()}), "box-triangle", it);
  }
}

// The seeded GJK (cvx::Pair::any) on the family it is for: faces parallel
// at a distance (resting contact: a continuum of closest pairs), exactly
// touching and one ULP apart, near and far from the origin, long thin
// triangles.
TEST(ConvexDistance, SeededPairOnRestingTouchingAndOneUlpFamilies) {
  Rng g(304);
  std::uniform_real_distribution<double> u(-1, 1);
  int parallel = 0;
  for (int it = 0; it < exactgeom::testing::sanitized_cases(200, 4); ++it) {
    const double off = it % 2 == 0 ? 0.0 : std::ldexp(1.0, 20 + static_cast<int>(g() % 30));
    const double z0 = off + u(g);
    // A triangle at height z0 and a segment (a capsule's core) or box face
    // above it at z0 + h: h 0 (touching), one ULP, or a random gap.
    const int kind = it % 3;
    const double z1 = kind == 0 ? z0 : (kind == 1 ? std::nextafter(z0, 1e300) : z0 + 0.25 + u(g) / 8);
    const double thin = it % 4 == 0 ? 1e-9 : 1.0;  // long thin triangles
    const eg::Triangle3<double> t{{off + u(g) * 4, off + u(g), z0}, {off + u(g), off + u(g) * thin, z0},
                                  {off + u(g) * 4, off + u(g) * thin, z0}};
    const eg::Segment3<double> seg{{off + u(g), off + u(g), z1}, {off + u(g), off + u(g), z1}};
    check_distance(core(t), core(seg), "triangle-segment", it);
    check_distance(core(seg), core(t), "segment-triangle", it);
    const eg::Box3<double> box{{off + u(g), off + u(g), z1 + 0.5}, {{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}}, {0.5, 0.25, 0.5}};
    check_distance(core(t), core(box), "triangle-box", it);
    parallel += oracle_d2(core(t), core(seg)) == (Q(z1) - Q(z0)) * (Q(z1) - Q(z0));  // the segment over the triangle
  }
  EXPECT_GT(parallel, exactgeom::testing::sanitized_cases(200, 4) / 10);  // the resting family is there
}

// White box: the exact GJK certifies its stop whatever it starts from, so
// every seed (single points, repeated and affinely dependent pairs, whole
// simplices that hold the origin) gives the nearest point of the unseeded
// walk. (A seeded walk that stopped at its seed without the stop test would
// fail here.)
TEST(ConvexDistance, ExactGjkFromAnySeedReachesTheSameNearestPoint) {
  Rng g(305);
  std::uniform_int_distribution<int> c(-3, 3);
  for (int it = 0; it < exactgeom::testing::sanitized_cases(400, 4); ++it) {
    std::vector<cvx::V<3>> A(1 + g() % 6), B(1 + g() % 6);
    for (auto* pts : {&A, &B})
      for (auto& p : *pts)
        for (auto& x : p) x = c(g);
    const cvx::Gjk<3> plain = cvx::gjk<3>(A, B);
    const Q want(cvx::gjk_dist2<3>(plain));
    for (int trial = 0; trial < 4; ++trial) {
      std::vector<std::pair<std::uint32_t, std::uint32_t>> seed;
      const std::size_t n = 1 + g() % 4;
      for (std::size_t i = 0; i < n; ++i)
        seed.emplace_back(static_cast<std::uint32_t>(g() % A.size()), static_cast<std::uint32_t>(g() % B.size()));
      const cvx::Gjk<3> s = cvx::gjk<3>(A, B, &seed);
      ASSERT_EQ(cvx::gjk_dist2<3>(s), want) << it << " " << trial;
      for (int k = 0; k < 3; ++k)  // v = N / den, the same point
        ASSERT_EQ(Q(s.N[k] * plain.den), Q(plain.N[k] * s.den)) << it << " " << trial;
    }
  }
  std::vector<cvx::V<3>> A{{1, 0, 0}}, B{{0, 0, 0}};
  const std::vector<std::pair<std::uint32_t, std::uint32_t>> bad{{1, 0}};
  EXPECT_THROW(cvx::gjk<3>(A, B, &bad), std::logic_error);  // a seed out of range is the engine's bug, said
}

// ---------------------------------------------------------------------------
// Penetration

void check_penetration(const cvx::Core& x, const cvx::Core& y, int it) {
  const po::Penetration want = po::penetration(qpoints(x), qpoints(y), x.dim);
  ASSERT_TRUE(want.meet) << it;
  const cvx::Penetration got = cvx::core_penetration(x, y);
  ASSERT_EQ(got.interior, want.interior) << it;
  if (!want.interior) {
    EXPECT_TRUE(got.n.empty()) << it;
    return;
  }
  ASSERT_EQ(got.p2, want.depth2) << it;
  ASSERT_EQ(got.n.size() == static_cast<std::size_t>(x.dim), want.directions.size() == 1) << it;
  if (want.directions.size() != 1) return;
  QV n{0, 0, 0};
  for (int k = 0; k < x.dim; ++k) n[k] = got.n[k];
  EXPECT_TRUE(po::same_direction(n, want.directions[0])) << it;
}

/// Meeting pairs: y is moved so that it shares a point with x (a random
/// point of x's core onto a random vertex of y), so the cores meet at
/// every depth, touching included.
TEST(ConvexPenetration, RandomGridShapesMatchTheOracle) {
  Rng g(404);
  int unique = 0, ties = 0, flat = 0;
  // A quarter of the cases under the sanitizers (testing/sanitized.hpp); the
  // counts below are shares of them (20, 3 and 3 of 160; at least one tie and
  // one flat pair of 40).
  const int n = exactgeom::testing::sanitized_cases(160, 4);
  for (int it = 0; it < n; ++it) {
    const bool three = it % 2 == 0;
    cvx::Core x = three ? random_core3(g, 2) : random_core2(g, 2);
    cvx::Core y = three ? random_core3(g, 2) : random_core2(g, 2);
    if (x.size() * y.size() > 48) continue;  // the oracle's brute force
    // Move y by (a point of x) - (a point of y) plus a small grid step.
    const std::size_t i = g() % x.size(), j = g() % y.size();
    const std::size_t d = static_cast<std::size_t>(x.dim);
    std::vector<Q> shift(d);
    for (std::size_t k = 0; k < d; ++k) shift[k] = x.c[i * d + k] - y.c[j * d + k] + Q(static_cast<int>(g() % 3) - 1) / 2;
    for (std::size_t m = 0; m < y.size(); ++m)
      for (std::size_t k = 0; k < d; ++k) y.c[m * d + k] += shift[k];
    if (oracle_d2(x, y) != 0) continue;
    check_penetration(x, y, it);
    const cvx::Penetration p = cvx::core_penetration(x, y);
    unique += !p.n.empty();
    ties += p.interior && p.n.empty();
    flat += !p.interior;
  }
  EXPECT_GT(unique, n / 8);
  EXPECT_GT(ties, n * 3 / 160);
  EXPECT_GT(flat, n * 3 / 160);
}

/// A hull of 4 to 7 float-rounded points with one of the degeneracies that
/// hid the wrong depth of issue 43 (kind): 0 plain, 1 repeated points, 2 a
/// point one float ULP from another, 3 flat, 4 near-flat (heights 2^-20 of
/// the width), 5 thin (a twentieth), so that facet normals of one hull
/// differ in length by orders of magnitude; then scaled by 2^scale.
std::vector<eg::Point3<double>> float_hull_points(Rng& g, int kind, int scale) {
  std::uniform_real_distribution<double> u(-1, 1);
  auto f = [](double v) { return static_cast<double>(static_cast<float>(v)); };
  std::vector<eg::Point3<double>> p;
  for (int n = 4 + static_cast<int>(g() % 4); n > 0; --n) p.push_back({f(u(g)), f(u(g)), f(u(g))});
  switch (kind) {
    case 1:
      for (int r = 1 + static_cast<int>(g() % 3); r > 0; --r) p.push_back(p[g() % p.size()]);
      break;
    case 2: {
      eg::Point3<double> q = p[g() % p.size()];
      q.x = std::nextafter(static_cast<float>(q.x), 2.0f);
      p.push_back(q);
      break;
    }
    case 3:
      for (auto& q : p) q.z = 0;
      break;
    case 4:
      for (auto& q : p) q.z = f(q.z * 0x1p-20);
      break;
    case 5:
      for (auto& q : p) q.z = f(q.z / 20);
      break;
    default:
      break;
  }
  for (auto& q : p) q = {std::ldexp(q.x, scale), std::ldexp(q.y, scale), std::ldexp(q.z, scale)};
  return p;
}

/// h(u) / |u| >= P for every direction u: P^2 <= h(u)^2 / |u|^2 when h(u) >= 0.
bool depth_within_support(const Q& p2, const std::vector<QV>& A, const std::vector<QV>& B, const QV& u) {
  Q hi = po::qdot(u, A[0]), lo = po::qdot(u, B[0]);
  for (const QV& a : A) hi = std::max(hi, po::qdot(u, a));
  for (const QV& b : B) lo = std::min(lo, po::qdot(u, b));
  const Q h = hi - lo;
  return sgn(h) >= 0 && p2 * po::qdot(u, u) <= h * h;
}

/// Issue 43: the depth of hull pairs was wrong (0.011 for 7.25e-7) where an
/// edge-edge facet's outward side was taken from the sum of the edge's two
/// facet normals, which are not unit: a long normal and a short one put the
/// true side on the far side of their sum, and that facet was never tried.
/// The exact depth against the oracle on float-rounded hulls with repeated,
/// one-ULP-apart, flat, near-flat and thin point sets, at three sizes, the
/// pairs meeting at a shared point and one float ULP further in; the depth
/// never exceeds the support distance along any direction tried.
TEST(ConvexPenetration, FloatHullsWithRepeatedAndNearDuplicatePointsMatchTheOracle) {
  Rng g(4343);
  int checked = 0, positive = 0;
  const int n = exactgeom::testing::sanitized_cases(80, 8);
  for (int it = 0; checked < n; ++it) {
    ASSERT_LT(it, 4 * n) << "too few meeting pairs";
    const int scale = it % 3 == 0 ? 0 : (it % 3 == 1 ? -30 : 30);
    const cvx::Core x = core(eg::ConvexHull3<double>(float_hull_points(g, it % 6, scale)));
    cvx::Core y = core(eg::ConvexHull3<double>(float_hull_points(g, (it / 6) % 6, scale)));
    // y moved so that one of its vertices lies on one of x's, then (every
    // other pair) one float ULP of x's size further along a random axis.
    const std::size_t i = g() % x.size(), j = g() % y.size();
    Q shift[3];
    for (std::size_t k = 0; k < 3; ++k) shift[k] = x.c[i * 3 + k] - y.c[j * 3 + k];
    if (it % 2) shift[g() % 3] += Q(std::ldexp(static_cast<int>(g() % 2) ? 1.0 : -1.0, scale - 24));
    for (std::size_t m = 0; m < y.size(); ++m)
      for (std::size_t k = 0; k < 3; ++k) y.c[m * 3 + k] += shift[k];
    const std::vector<QV> A = qpoints(x), B = qpoints(y);
    const po::Penetration want = po::penetration(A, B, 3);
    if (!want.meet) continue;
    ++checked;
    const cvx::Penetration got = cvx::core_penetration(x, y);
    ASSERT_EQ(got.interior, want.interior) << it;
    if (!want.interior) continue;
    ASSERT_EQ(got.p2, want.depth2) << it << ": depth " << std::sqrt(got.p2.get_d()) << ", the oracle's "
                                   << std::sqrt(want.depth2.get_d());
    positive += sgn(got.p2) > 0;
    for (const QV& d : want.directions) ASSERT_TRUE(depth_within_support(got.p2, A, B, d)) << it;
    std::uniform_int_distribution<int> c(-8, 8);
    for (int k = 0; k < 8; ++k) {
      const QV u{c(g), c(g), c(g)};
      if (!po::is_zero(u)) {
        ASSERT_TRUE(depth_within_support(got.p2, A, B, u)) << it;
      }
    }
  }
  EXPECT_GT(positive, n / 4);  // most pairs interpenetrate, some only touch
}

/// Issue 43's line: two hulls (y's last point three times), true depth
/// about 7.2519e-7 along the direction the issue gives; 0.011 before.
TEST(ConvexPenetration, Issue43HullPair) {
  auto pts = [](const std::vector<std::array<const char*, 3>>& s) {
    std::vector<eg::Point3<double>> p;
    for (const auto& v : s) p.push_back({std::strtod(v[0], nullptr), std::strtod(v[1], nullptr), std::strtod(v[2], nullptr)});
    return p;
  };
  const eg::ConvexHull3<double> x(pts({{"-0x1.2600003p-1", "-0x1.a000018p-2", "0x1.0800004p-1"},
                                       {"-0x1.189fe03p-1", "-0x1.9cf8018p-2", "0x1.e411408p-2"},
                                       {"-0x1.0000003p-1", "0x0p+0", "0x1.0000004p-1"},
                                       {"-0x1.d265ac6p-2", "0x1.112652p-3", "0x1.87d1134p-1"},
                                       {"0x0p+0", "0x1.0000004p-1", "0x0p+0"},
                                       {"0x1.dfffffap-2", "0x0p+0", "-0x1.800000cp-1"},
                                       {"0x1.e2eb7fap-2", "-0x1.c54dfep-4", "-0x1.8a888acp-1"},
                                       {"0x1.29c0b7dp-1", "0x1.b9aa008p-2", "-0x1.fed6898p-2"}}));
  const eg::ConvexHull3<double> y(pts({{"-0x1.6b81adp-1", "-0x1.862e54p-1", "-0x1.bebd1p-5"},
                                       {"-0x1.6449c5p-1", "-0x1.709052p-1", "-0x1.9fec58p-5"},
                                       {"0x1.738cep-5", "-0x1.a81d508p+0", "-0x1.04b402p-2"},
                                       {"0x1.a5b31fp-1", "0x1.b5879ep-2", "-0x1.40da24p-4"},
                                       {"0x1.b7826fp-1", "0x1.a1ee56p-2", "-0x1.5b180ap-4"},
                                       {"0x1.8cf06f8p+0", "-0x1.fde976p-2", "-0x1.1dbd32p-2"},
                                       {"0x1.8cf06f8p+0", "-0x1.fde976p-2", "-0x1.1dbd32p-2"},
                                       {"0x1.8cf06f8p+0", "-0x1.fde976p-2", "-0x1.1dbd32p-2"}}));
  const auto c = eg::contact(x, y);
  ASSERT_TRUE(c);
  EXPECT_NEAR(c->depth, 7.2519e-7, 1e-10);
  const cvx::Penetration p = cvx::core_penetration(core(x), core(y));
  const QV issue{std::strtod("0x1.28699d7036b6fp-1", nullptr), std::strtod("-0x1.84fe3ab626da5p-1", nullptr),
                 std::strtod("0x1.2f1a91b1ebf55p-2", nullptr)};
  EXPECT_TRUE(depth_within_support(p.p2, qpoints(core(x)), qpoints(core(y)), issue));
  EXPECT_EQ(p.p2, po::penetration2(qpoints(core(x)), qpoints(core(y)), 3));
}

/// Swapping the shapes keeps the depth and negates its direction; a
/// translation by integers changes nothing; a box is the hull of its
/// corners; the depth is R + P correctly rounded.
TEST(ConvexPenetration, PropertiesOfTheDepth) {
  Rng g(505);
  std::uniform_real_distribution<double> u(-1, 1);
  for (int it = 0; it < 60; ++it) {
    // Values with few significant bits, so b's corners are exact doubles.
    auto step = [&](int n) { return static_cast<double>(static_cast<int>(g() % (2 * n)) - n) / 64; };
    const eg::Box3<double> a{{0, 0, 0}, {{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}}, {1, 0.75, 0.5}, 0.125};
    const eg::Box3<double> b{{1.25 + step(16), step(24), step(24)}, {{{0.75, 0.5, 0}, {-0.5, 0.75, 0}, {0, 0, 1}}},
                             {0.5, 0.5, 0.5}};
    const auto ab = eg::contact(a, b), ba = eg::contact(b, a);
    ASSERT_TRUE(ab && ba) << it;
    EXPECT_EQ(ab->depth, ba->depth) << it;
    ASSERT_EQ(ab->depth_normal.has_value(), ba->depth_normal.has_value()) << it;
    if (ab->depth_normal) {
      EXPECT_EQ(ab->depth_normal->x, -ba->depth_normal->x) << it;
      EXPECT_EQ(ab->depth_normal->y, -ba->depth_normal->y) << it;
      EXPECT_EQ(ab->depth_normal->z, -ba->depth_normal->z) << it;
    }
    // Moved by integers: the same contact.
    eg::Box3<double> a2 = a, b2 = b;
    a2.center = {a.center.x + 1024, a.center.y - 7, a.center.z + 3};
    b2.center = {b.center.x + 1024, b.center.y - 7, b.center.z + 3};
    const auto moved = eg::contact(a2, b2);
    ASSERT_TRUE(moved) << it;
    EXPECT_EQ(moved->depth, ab->depth) << it;
    // b as the hull of its eight corners.
    std::vector<eg::Point3<double>> corners;
    const cvx::Core bc = core(b);
    for (std::size_t i = 0; i < 8; ++i)
      corners.push_back({bc.c[3 * i].get_d(), bc.c[3 * i + 1].get_d(), bc.c[3 * i + 2].get_d()});
    for (std::size_t i = 0; i < 24; ++i) ASSERT_EQ(Q(bc.c[i].get_d()), bc.c[i]);
    const auto hull = eg::contact(a, eg::ConvexHull3<double>(corners));
    ASSERT_TRUE(hull) << it;
    EXPECT_EQ(hull->depth, ab->depth) << it;
    // R + P, rounded: P^2 from the engine, R = 1/8.
    const cvx::Penetration p = cvx::core_penetration(core(a), core(b));
    const mpf_class exact = mpf_class(Q(1, 8), 600) + sqrt(mpf_class(p.p2, 600));
    const double d = ab->depth;
    const mpf_class lo = (mpf_class(d, 600) + mpf_class(std::nextafter(d, 0.0), 600)) / 2;
    const mpf_class hi = (mpf_class(d, 600) + mpf_class(std::nextafter(d, 10.0), 600)) / 2;
    EXPECT_TRUE(lo <= exact && exact <= hi) << it;
  }
}

TEST(ConvexPenetration, HandWorkedCases) {
  using B = eg::Box3<double>;
  const std::array<eg::Point3<double>, 3> I{{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}};
  // Face to face, exactly touching: depth 0, no direction; 1/4 in: 1/4 along +x.
  const auto touch = eg::contact(B{{0, 0, 0}, I, {1, 1, 1}}, B{{2, 0, 0}, I, {1, 1, 1}});
  ASSERT_TRUE(touch);
  EXPECT_EQ(touch->depth, 0.0);
  EXPECT_FALSE(touch->depth_normal);
  EXPECT_FALSE(eg::interiors_overlap(B{{0, 0, 0}, I, {1, 1, 1}}, B{{2, 0, 0}, I, {1, 1, 1}}));
  const auto in = eg::contact(B{{0, 0, 0}, I, {1, 1, 1}}, B{{1.75, 0, 0}, I, {1, 1, 1}});
  ASSERT_TRUE(in && in->depth_normal);
  EXPECT_EQ(in->depth, 0.25);
  EXPECT_EQ(in->depth_normal->x, 1.0);
  // One ULP apart: no contact; one ULP in: depth 2^-52.
  EXPECT_FALSE(eg::contact(B{{0, 0, 0}, I, {1, 1, 1}}, B{{std::nextafter(2.0, 3.0), 0, 0}, I, {1, 1, 1}}));
  const auto ulp = eg::contact(B{{0, 0, 0}, I, {1, 1, 1}}, B{{std::nextafter(2.0, 0.0), 0, 0}, I, {1, 1, 1}});
  ASSERT_TRUE(ulp && ulp->depth_normal);
  EXPECT_EQ(ulp->depth, 0x1p-52);
  // Rounded boxes touching at their rounded faces: depth 0 and no depth
  // direction (docs/queries.md), but the closest pair's normal.
  const auto rounded = eg::contact(B{{0, 0, 0}, I, {1, 1, 1}, 0.5}, B{{3, 0.5, 0}, I, {1, 1, 1}, 0.5});
  ASSERT_TRUE(rounded && rounded->normal);
  EXPECT_EQ(rounded->depth, 0.0);
  EXPECT_FALSE(rounded->depth_normal);
  EXPECT_EQ(rounded->normal->x, 1.0);
  EXPECT_EQ(rounded->gap, 0.0);
  // Nested: a cube centred in a bigger one ties in six directions.
  const auto nested = eg::contact(B{{0, 0, 0}, I, {2, 2, 2}}, B{{0, 0, 0}, I, {1, 1, 1}});
  ASSERT_TRUE(nested);
  EXPECT_EQ(nested->depth, 3.0);
  EXPECT_FALSE(nested->depth_normal);
  // Off centre, it leaves through the nearest face.
  const auto off = eg::contact(B{{0, 0, 0}, I, {2, 2, 2}}, B{{0, 0.5, 0}, I, {1, 1, 1}});
  ASSERT_TRUE(off && off->depth_normal);
  EXPECT_EQ(off->depth, 2.5);
  EXPECT_EQ(off->depth_normal->y, 1.0);
  // Two triangles crossing each other (not coplanar): a positive depth.
  const eg::Triangle3<double> t1{{0, 0, 0}, {4, 0, 0}, {0, 4, 0}}, t2{{1, 1, -1}, {1, 1, 3}, {3, 1, 1}};
  const auto tt = eg::contact(t1, t2);
  ASSERT_TRUE(tt);
  EXPECT_EQ(tt->depth, 1.0);  // t2 moves up by 1 (clearing z = 0 with its lowest corner)
}

// ---------------------------------------------------------------------------
// Time of impact

TEST(ConvexTimeOfImpact, RadiusZeroIsTheOraclesRationalRounded) {
  Rng g(606);
  int hits = 0;
  // Half the cases under the sanitizers (testing/sanitized.hpp); the count
  // below is a share of them (20 of 120).
  const int n = exactgeom::testing::sanitized_cases(120, 2);
  for (int it = 0; it < n; ++it) {
    const bool three = it % 2 == 0;
    const cvx::Core x = three ? random_core3(g, 2) : random_core2(g, 2);
    cvx::Core y = three ? random_core3(g, 2) : random_core2(g, 2);
    if (x.size() * y.size() > 48) continue;
    std::uniform_int_distribution<int> u(-6, 6);
    std::vector<Q> v;
    QV vq{0, 0, 0};
    for (int k = 0; k < x.dim; ++k) v.push_back(Q(u(g)) / (1 + static_cast<int>(g() % 3))), vq[k] = v.back();
    const std::optional<double> got = cvx::core_time_of_impact(x, y, v);
    const std::optional<Q> want = po::time_of_impact_r0(qpoints(x), qpoints(y), vq, x.dim);
    ASSERT_EQ(got.has_value(), want.has_value() && *want <= 1) << it;
    if (!got) continue;
    ++hits;
    EXPECT_EQ(*got, eg::to_double(*want)) << it;
  }
  EXPECT_GT(hits, n / 6);
}

/// With radii: the answer d is the double nearest the first contact time:
/// at the midpoint below d the shapes are apart, at the one above they meet
/// (checked with the oracle's distance of the moved cores). The motions
/// end deep inside y, so "meet" stays true once it is.
TEST(ConvexTimeOfImpact, WithRadiiTheAnswerIsCorrectlyRounded) {
  Rng g(707);
  std::uniform_real_distribution<double> u(-1, 1);
  int checked = 0;
  // A third of the cases under the sanitizers (testing/sanitized.hpp); the
  // count below is a share of them (30 of 60).
  const int n = exactgeom::testing::sanitized_cases(60, 3);
  for (int it = 0; it < n; ++it) {
    std::vector<eg::Point3<double>> a, b;
    for (int i = 0; i < 4; ++i) a.push_back({u(g), u(g), u(g)});
    for (int i = 0; i < 4; ++i) b.push_back({6 + u(g), u(g), u(g)});
    const double ra = 0.25 + 0.25 * std::fabs(u(g)), rb = 0.5 * std::fabs(u(g));
    const eg::ConvexHull3<double> x(a, ra), y(b, rb);
    const eg::Point3<double> v{6 + 0.1 * u(g), 0.1 * u(g), 0.1 * u(g)};  // ends where y is
    const std::optional<double> t = eg::time_of_impact(x, v, y);
    const Q R = Q(ra) + Q(rb);
    auto meets = [&](const Q& tt) {
      std::vector<QV> moved;
      for (const auto& p : a) moved.push_back({Q(p.x) + tt * Q(v.x), Q(p.y) + tt * Q(v.y), Q(p.z) + tt * Q(v.z)});
      std::vector<QV> bq;
      for (const auto& p : b) bq.push_back({Q(p.x), Q(p.y), Q(p.z)});
      return po::distance2(moved, bq, 3) <= R * R;
    };
    // Those that meet at the end meet from t0 on (the times they meet are
    // an interval); the others the oracle's sampling cannot bracket.
    if (!meets(Q(1))) continue;
    ++checked;
    ASSERT_TRUE(t) << it;
    EXPECT_FALSE(meets((Q(*t) + Q(std::nextafter(*t, 0.0))) / 2)) << it;
    EXPECT_TRUE(meets((Q(*t) + Q(std::nextafter(*t, 1.0))) / 2)) << it;
  }
  EXPECT_GT(checked, n / 2);
}

TEST(ConvexTimeOfImpact, HandWorkedCases) {
  using B = eg::Box3<double>;
  const std::array<eg::Point3<double>, 3> I{{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}};
  const B a{{0, 0, 0}, I, {0.5, 0.5, 0.5}}, c{{2, 0, 0}, I, {0.5, 0.5, 0.5}};
  EXPECT_EQ(eg::time_of_impact(a, eg::Point3<double>{4, 0, 0}, c), 0.25);
  EXPECT_FALSE(eg::time_of_impact(a, eg::Point3<double>{0, 4, 0}, c));
  EXPECT_FALSE(eg::time_of_impact(a, eg::Point3<double>{0.5, 0, 0}, c));  // stops short
  EXPECT_EQ(eg::time_of_impact(a, eg::Point3<double>{1, 0, 0}, c), 1.0);   // touches at the end
  EXPECT_EQ(eg::time_of_impact(B{{1, 0, 0}, I, {0.5, 0.5, 0.5}}, eg::Point3<double>{-5, 0, 0}, c), 0.0);
  // A ball grazing a box's top face: it moves at height exactly r above it
  // and first touches where the face begins, x = 0.5, at t = 2.5 / 8.
  const eg::Sphere<double> ball{{-2, 0, 1.5}, 1};
  const B box{{1, 0, 0}, I, {0.5, 0.5, 0.5}};
  EXPECT_EQ(eg::time_of_impact(ball, eg::Point3<double>{8, 0, 0}, box), 2.5 / 8);
  // Ties: contact times exactly halfway between the doubles 1/2 and
  // 1/2 + 2^-53 round to the even one, 1/2 -- with radius 0 (a rational
  // time), through a face with a radius (the distance falls through R at
  // the tie), and grazing (the distance stays R from the tie on).
  using P = eg::Point3<mpq_class>;
  using BQ = eg::Box3<mpq_class>;
  const std::array<P, 3> IQ{{P{1, 0, 0}, P{0, 1, 0}, P{0, 0, 1}}};
  mpq_class tie(1, 2);
  mpq_class step(1);
  mpq_div_2exp(step.get_mpq_t(), step.get_mpq_t(), 54);
  tie += step;  // 1/2 + 2^-54
  const BQ wall{P{tie + 1, 0, 0}, IQ, {1, 1, 1}};  // its face at x = tie
  EXPECT_EQ(eg::time_of_impact(P{0, 0, 0}, P{1, 0, 0}, wall), 0.5);
  EXPECT_EQ(eg::time_of_impact(eg::Sphere<mpq_class>{P{-1, 0, 0}, 1}, P{1, 0, 0}, wall), 0.5);
  const eg::Sphere<mpq_class> skim{P{1, 0, 2}, 1};  // 1 above the top face z = 1
  EXPECT_EQ(eg::time_of_impact(skim, P{1, 0, 0}, BQ{P{tie + 2, 0, 0}, IQ, {1, 1, 1}}), 0.5);
  // Just past the tie: the upper neighbour.
  const BQ wall2{P{tie + step / 1024 + 1, 0, 0}, IQ, {1, 1, 1}};
  EXPECT_EQ(eg::time_of_impact(P{0, 0, 0}, P{1, 0, 0}, wall2), 0.5 + 0x1p-53);
}

// ---------------------------------------------------------------------------
// Every coordinate type, and the errors

template <class T>
class ConvexTyped : public ::testing::Test {};
TYPED_TEST_SUITE(ConvexTyped, eg::testing::oracle::CoordinateTypes, eg::testing::oracle::CoordinateTypeNames);

TYPED_TEST(ConvexTyped, BoxesPolygonsHullsInEveryType) {
  using T = TypeParam;
  using P3 = eg::Point3<T>;
  using P2 = eg::Point2<T>;
  const std::array<P3, 3> I{{P3{T(1), T(0), T(0)}, P3{T(0), T(1), T(0)}, P3{T(0), T(0), T(1)}}};
  const eg::Box3<T> a{P3{T(0), T(0), T(0)}, I, {T(2), T(2), T(2)}};
  const eg::Box3<T> b{P3{T(3), T(0), T(0)}, I, {T(2), T(2), T(2)}, T(1)};
  EXPECT_TRUE(eg::intersects(a, b));
  EXPECT_EQ(eg::to_string(eg::squared_distance(a, b)), "0");
  const auto c = eg::contact(a, b);
  ASSERT_TRUE(c && c->depth_normal);
  EXPECT_EQ(c->depth, 2.0);  // 1 of cores + r = 1
  EXPECT_EQ(c->depth_normal->x, 1.0);
  const eg::ConvexHull3<T> h({P3{T(10), T(0), T(0)}, P3{T(12), T(0), T(0)}, P3{T(10), T(2), T(0)}, P3{T(10), T(0), T(2)}});
  EXPECT_EQ(eg::to_string(eg::squared_distance(a, h)), "64");
  EXPECT_EQ(eg::distance(a, h), 8.0);
  const auto cp = eg::closest_points(h, a);
  EXPECT_EQ(eg::to_string(cp.on_first.x), "10");
  EXPECT_EQ(eg::to_string(cp.on_second.x), "2");
  const eg::ConvexPolygon<T> p({P2{T(0), T(0)}, P2{T(4), T(0)}, P2{T(0), T(4)}}), q({P2{T(3), T(3)}, P2{T(5), T(3)}, P2{T(3), T(5)}});
  EXPECT_EQ(eg::to_string(eg::squared_distance(p, q)), "2");
  EXPECT_TRUE(eg::intersects(p, eg::Capsule2<T>{{P2{T(3), T(3)}, P2{T(5), T(5)}}, T(2)}));
  EXPECT_EQ(eg::time_of_impact(p, P2{T(4), T(4)}, q), 0.25);
}

// ---------------------------------------------------------------------------
// The open test (issue 43, version 0.3 of docs/queries.md): interiors_overlap
// and contact's `open` mean "overlap by more than touching", depth > 0.

TEST(ConvexOpen, SolidsOfRadiusZeroThatInterpenetrateAreOpen) {
  const std::array<eg::Point3<double>, 3> I{{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}};
  const eg::Box3<double> a{{0, 0, 0}, I, {1, 1, 1}}, b{{1.75, 0, 0}, I, {1, 1, 1}}, face{{2, 0, 0}, I, {1, 1, 1}};
  EXPECT_TRUE(eg::interiors_overlap(a, b));      // a quarter deep: open
  EXPECT_TRUE(eg::intersects(a, face));
  EXPECT_FALSE(eg::interiors_overlap(a, face));  // face to face: touching only
  const eg::ConvexHull3<double> h({{0, 0, 0}, {2, 0, 0}, {0, 2, 0}, {0, 0, 2}});
  const eg::ConvexHull3<double> g({{0.5, 0.5, 0.5}, {3, 3, 3}, {3, 0, 3}, {0, 3, 3}});
  EXPECT_TRUE(eg::interiors_overlap(h, g));
  EXPECT_TRUE(eg::interiors_overlap(g, h));
  // 2-D: squares of radius 0.
  const eg::ConvexPolygon<double> s({{0, 0}, {2, 0}, {2, 2}, {0, 2}}), t({{1, 1}, {3, 1}, {3, 3}, {1, 3}}),
      u({{2, 0}, {4, 0}, {4, 2}, {2, 2}});
  EXPECT_TRUE(eg::interiors_overlap(s, t));
  EXPECT_FALSE(eg::interiors_overlap(s, u));
  EXPECT_TRUE(eg::intersects(s, u));
}

TEST(ConvexOpen, CrossingAxesOfRadiusZero) {
  // Two 2-D segments crossing at interior points: P > 0, open (the
  // capsule_capsule op keeps d < R: false).
  const eg::Capsule2<std::int64_t> x{{{0, 0}, {4, 4}}, 0}, y{{{0, 4}, {4, 0}}, 0}, t{{{2, 2}, {2, 6}}, 0};
  EXPECT_TRUE(eg::interiors_overlap(x, y));
  EXPECT_FALSE(eg::within_radii(x, y));
  EXPECT_GT(eg::contact(x, y)->depth, 0);
  EXPECT_FALSE(eg::interiors_overlap(x, t));  // a T: t's end on x, touching
  EXPECT_TRUE(eg::intersects(x, t));
  // With a radius the old reading holds: d < R.
  const eg::Capsule2<std::int64_t> near{{{0, 2}, {4, 2}}, 2}, apart{{{0, 9}, {4, 9}}, 2};
  EXPECT_TRUE(eg::interiors_overlap(x, near));
  EXPECT_FALSE(eg::interiors_overlap(x, apart));
  // A segment through a polygon's interior; one along its edge touches.
  const eg::ConvexPolygon<double> sq({{0, 0}, {2, 0}, {2, 2}, {0, 2}});
  const eg::Segment2<double> through{{-1, 1}, {3, 1}}, along{{0, -1}, {0, 3}};
  EXPECT_TRUE(eg::interiors_overlap(through, sq));
  EXPECT_FALSE(eg::interiors_overlap(along, sq));
  EXPECT_TRUE(eg::intersects(along, sq));
  // 3-D segments span no volume: crossing is touching.
  const eg::Capsule3<std::int64_t> p{{{0, 0, 0}, {4, 4, 0}}, 0}, q{{{0, 4, 0}, {4, 0, 0}}, 0};
  EXPECT_TRUE(eg::intersects(p, q));
  EXPECT_FALSE(eg::interiors_overlap(p, q));
  // A segment through a triangle's interior: open; one ending on it, or
  // along its edge, touches.
  const eg::Triangle3<std::int64_t> tri{{0, 0, 0}, {4, 0, 0}, {0, 4, 0}};
  const eg::Capsule3<std::int64_t> pierce{{{1, 1, -1}, {1, 1, 1}}, 0}, ends{{{1, 1, 0}, {1, 1, 3}}, 0},
      edge{{{1, 0, -1}, {1, 0, 1}}, 0};
  EXPECT_TRUE(eg::interiors_overlap(pierce, tri));
  EXPECT_TRUE(eg::interiors_overlap(tri, pierce));
  EXPECT_FALSE(eg::within_radii(pierce, tri));
  EXPECT_FALSE(eg::interiors_overlap(ends, tri));
  EXPECT_FALSE(eg::interiors_overlap(edge, tri));
  EXPECT_TRUE(eg::intersects(edge, tri));
  EXPECT_FALSE(eg::interiors_overlap(eg::Point3<std::int64_t>{1, 1, 0}, tri));
  // A triangle through a triangle: open.
  const eg::Triangle3<std::int64_t> cut{{1, 1, -1}, {1, 1, 1}, {3, -2, 0}};
  EXPECT_TRUE(eg::interiors_overlap(tri, cut));
}

/// interiors_overlap(x, y) iff contact(x, y)->depth > 0, on pairs of random
/// grid shapes of convex.hpp (exact touching, nesting, flat cores: radius 0
/// and not).
TEST(ConvexOpen, OpenIsPositiveDepthOnRandomShapes) {
  Rng g(4344);
  std::uniform_int_distribution<int> u(-2, 2), n(4, 6);
  auto p3 = [&] { return eg::Point3<double>{double(u(g)), double(u(g)), double(u(g))}; };
  auto p2 = [&] { return eg::Point2<double>{double(u(g)), double(u(g))}; };
  int open = 0, touching = 0;
  for (int it = 0; it < exactgeom::testing::sanitized_cases(400, 4); ++it) {
    const double r = it % 3 == 0 ? 0.5 : 0.0;
    std::vector<eg::Point3<double>> a, b;
    for (int i = n(g); i > 0; --i) a.push_back(p3());
    for (int i = n(g); i > 0; --i) b.push_back(p3());
    const eg::ConvexHull3<double> x(a, r), y(b);
    const eg::ConvexPolygon<double> c({p2(), p2(), p2(), p2()}, r);
    const eg::Segment2<double> d{p2(), p2()};
    const eg::Triangle3<double> t{p3(), p3(), p3()};
    const eg::Box3<double> s{p3(), {{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}}, {1, 0.5, 0}, r};
    auto check = [&](const auto& v, const auto& w) {
      const auto k = eg::contact(v, w);
      ASSERT_EQ(eg::interiors_overlap(v, w), k && k->depth > 0) << it;
      ASSERT_EQ(eg::interiors_overlap(w, v), k && k->depth > 0) << it;
      open += k && k->depth > 0;
      touching += k && k->depth == 0;
    };
    check(x, y);
    check(c, d);
    check(s, t);
    // Capsules (capsules.hpp's pairs): 2-D axes, a 3-D axis and a triangle.
    const eg::Capsule2<double> e{{p2(), p2()}, r}, h{{p2(), p2()}, 0};
    const eg::Capsule3<double> k{{p3(), p3()}, r};
    check(e, h);
    check(k, t);
  }
  const int cases = exactgeom::testing::sanitized_cases(400, 4);
  EXPECT_GT(open, cases / 4);  // both answers well represented
  EXPECT_GT(touching, cases / 40);
}

TEST(ConvexErrors, BadShapesAreInvalidInput) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  using P3 = eg::Point3<double>;
  EXPECT_THROW(eg::ConvexHull3<double>(std::vector<P3>{}), eg::invalid_input);
  EXPECT_THROW(eg::ConvexHull3<double>({P3{0, 0, nan}}), eg::invalid_input);
  EXPECT_THROW(eg::ConvexHull3<double>({P3{0, 0, 0}}, -1.0), eg::invalid_input);
  EXPECT_THROW(eg::ConvexPolygon<double>({eg::Point2<double>{0, 0}}, nan), eg::invalid_input);
  const std::array<P3, 3> I{{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}};
  const eg::Box3<double> neg{{0, 0, 0}, I, {1, -1, 1}}, ok{{0, 0, 0}, I, {1, 1, 1}};
  EXPECT_THROW((void)eg::intersects(neg, ok), eg::invalid_input);
  const eg::Box3<double> inf{{0, 0, std::numeric_limits<double>::infinity()}, I, {1, 1, 1}};
  EXPECT_THROW((void)eg::contact(inf, ok), eg::invalid_input);
  const eg::Box3<double> rneg{{0, 0, 0}, I, {1, 1, 1}, -0.5};
  EXPECT_THROW((void)eg::time_of_impact(rneg, P3{1, 0, 0}, ok), eg::invalid_input);
}

// The audit's box families (audit::cases::box_pair, the cases of `exactgeom
// audit`'s box3d rows) are what they say, by the oracle: touching cases
// within rounding of touching, on the side their index says; resting
// axis-aligned ones exactly touching or one ULP in or out; deep ones deep.
// And the exact reference they are graded against agrees with the oracle.
TEST(AuditBoxFamilies, AreWhatTheySayByTheOracle) {
  using F = eg::audit::CaseFamily;
  auto box = [](const std::vector<double>& c, std::size_t at) {
    auto p = [&](std::size_t i) { return eg::Point3<double>{c[i], c[i + 1], c[i + 2]}; };
    return eg::Box3<double>{p(at), {p(at + 3), p(at + 6), p(at + 9)}, {c[at + 12], c[at + 13], c[at + 14]}, c[at + 15]};
  };
  const int n = exactgeom::testing::sanitized_cases(24, 4);
  for (const bool as_float : {false, true})
    for (const F f : {F::random, F::touching, F::nearly_parallel, F::far_from_origin, F::resting_faces, F::deep_overlap})
      for (int i = 0; i < n; ++i) {
        const auto index = static_cast<std::uint64_t>(i);
        std::vector<double> c(32);
        eg::audit::cases::box_pair(f, 1000 + index, index, c, as_float);
        if (as_float) {
          for (double v : c) ASSERT_EQ(v, double(float(v)));
        }
        const auto x = box(c, 0), y = box(c, 16);
        SCOPED_TRACE(std::string(eg::audit::to_string(f)) + " case " + std::to_string(i) + (as_float ? " (float)" : ""));
        const bool meet = eg::intersects(x, y);
        // The oracle's hulls of rotated boxes are slow (big rationals): it
        // checks the first cases of each family.
        const bool oracle = i < 2 && !as_float;
        const auto A = qpoints(core(x)), B = qpoints(core(y));
        if (oracle) {
          ASSERT_EQ(po::meet(po::make_hull(A), po::make_hull(B)), meet);
        }
        // How far from touching: the depth when they meet, else the distance.
        const double depth = meet ? eg::contact(x, y)->depth : 0;
        const Q m2 = meet ? Q(Q(depth) * depth) : eg::to_mpq(eg::squared_distance(x, y));
        // The oracle's penetration of two rotated boxes takes about a second
        // (a 64-point difference hull of 50-bit rationals): checked on the
        // axis-aligned resting case and the equal deep boxes (depth ties).
        if (oracle && ((f == F::resting_faces && i == 0) || (f == F::deep_overlap && i == 1))) {
          if (meet) {  // depth is sqrt(P^2) correctly rounded
            const Q p2 = po::penetration2(A, B, 3);
            const Q lo = (Q(std::nextafter(depth, 0.0)) + Q(depth)) / 2, hi = (Q(depth) + Q(std::nextafter(depth, 1e300))) / 2;
            EXPECT_TRUE(lo * lo <= p2 && p2 <= hi * hi) << depth;
          } else {
            EXPECT_EQ(m2, po::distance2(A, B, 3));
          }
        }
        double largest = 0;
        for (double v : c) largest = std::max(largest, std::fabs(v));
        const double band = 64 * largest * (as_float ? 0x1p-23 : 0x1p-52);
        const bool touch = f == F::touching || f == F::nearly_parallel || f == F::far_from_origin ||
                           (f == F::resting_faces && i % 4 != 0);
        if (touch) {
          EXPECT_EQ(meet, i % 2 == 0);
          EXPECT_LE(std::sqrt(m2.get_d()), band);
        } else if (f == F::resting_faces) {  // axis-aligned: touching, one ULP out, one ULP in
          const int nudge = i / 4 % 3;
          EXPECT_EQ(meet, nudge != 1);
          if (nudge == 0) {
            EXPECT_EQ(m2, 0);
          }
          EXPECT_LE(std::sqrt(m2.get_d()), band);
        } else if (f == F::deep_overlap) {
          EXPECT_TRUE(meet);
          EXPECT_GT(std::sqrt(m2.get_d()), 0.1);
        }
      }
}

}  // namespace

// One result type for closest_points whatever the pair (0.3): the segment
// kernels fill in the parameters they compute, the convex engine none.
TEST(ClosestPointsType, OneTypeForEveryPairParametersWhereComputed) {
  const eg::Segment3<double> s{{0, 0, 1}, {0, 0, 5}}, t{{1, 0, 0}, {1, 0, 4}};
  const eg::Triangle3<double> tri{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
  const eg::Box3<double> box{{0, 0, 0}, {{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}}, {1, 1, 1}};
  const eg::Sphere<double> ball{{0, 0, 3}, 0.5};
  const auto ss = eg::closest_points(s, t);
  const auto st = eg::closest_points(s, tri);
  const auto bb = eg::closest_points(box, ball);
  static_assert(std::is_same_v<std::remove_cvref_t<decltype(ss)>, eg::ClosestPoints<eg::Point3<eg::rational_t<double>>>>);
  static_assert(std::is_same_v<std::remove_cvref_t<decltype(st)>, eg::ClosestPoints<eg::Point3<eg::rational_t<double>>>>);
  static_assert(std::is_same_v<std::remove_cvref_t<decltype(bb)>,
                               eg::ClosestPoints<eg::Point3<eg::Fraction<mpz_class>>>>);
  ASSERT_TRUE(ss.s && ss.t);
  EXPECT_EQ(eg::to_string(ss.squared_distance), "1");
  EXPECT_EQ(eg::to_mpq(ss.on_first.z), 1 + 4 * eg::to_mpq(*ss.s));  // on_first = a + s (b - a)
  EXPECT_EQ(eg::to_mpq(ss.on_second.z), 4 * eg::to_mpq(*ss.t));
  ASSERT_TRUE(st.s);
  EXPECT_FALSE(st.t);
  EXPECT_EQ(eg::to_string(*st.s), "0");
  EXPECT_EQ(eg::to_string(st.squared_distance), "1");
  EXPECT_FALSE(bb.s || bb.t);
  EXPECT_EQ(eg::to_string(bb.squared_distance), "4");
}

// ---------------------------------------------------------------------------
// The first stage for boxes with orthonormal axes (src/convex/convex_filter.cpp,
// section 3, box3_ortho): whatever box3_filter and intersects answer must be
// the exact engine's answer (core_distance; a sample also against the mpq
// oracle), on rotations from float and double quaternions, touching and
// one-ULP-apart pairs, axes near but not at orthonormal, and extreme
// magnitudes.

namespace ortho {

using B3 = eg::Box3<double>;
using P3d = eg::Point3<double>;

/// The rotation of a random unit quaternion, computed in S (float or double)
/// as an engine does, as double axes.
template <class S>
std::array<P3d, 3> rotation(Rng& g) {
  std::normal_distribution<double> n(0, 1);
  S q[4], len = 0;
  for (S& x : q) x = static_cast<S>(n(g)), len += x * x;
  len = std::sqrt(len);
  for (S& x : q) x /= len;
  const auto a = eg::quaternion_axes(q[0], q[1], q[2], q[3]);
  std::array<P3d, 3> out;
  for (int i = 0; i < 3; ++i) out[i] = {double(a[i].x), double(a[i].y), double(a[i].z)};
  return out;
}

/// The exact answer of the closed test (the exact engine, no filter).
bool exact_meet(const B3& x, const B3& y) {
  const cvx::Core cx = core(x), cy = core(y);
  const Q R = cx.r + cy.r;
  return cvx::core_distance(cx, cy).dist2 <= R * R;
}

/// box3_filter and intersects against the exact answer; counts the filter's
/// answers.
struct Checker {
  int asked = 0, answered = 0, meet = 0;
  void operator()(const B3& x, const B3& y, const char* what, int it) {
    const bool want = exact_meet(x, y);
    const int f = cvx::box3_filter(cvx::box_d(x), cvx::box_d(y));
    ++asked, answered += f != 0, meet += want;
    if (f > 0) {
      EXPECT_TRUE(want) << what << " " << it << ": the filter says they meet";
    } else if (f < 0) {
      EXPECT_FALSE(want) << what << " " << it << ": the filter says they are apart";
    }
    EXPECT_EQ(eg::intersects(x, y), want) << what << " " << it;
    EXPECT_EQ(eg::intersects(y, x), want) << what << " " << it << " (swapped)";
  }
};

/// b moved along w (unit-ish) from a's centre by s: the s at which they
/// start to touch, by bisection on the exact answer (lo meets, hi not).
double touching_offset(const B3& a, B3 b, const P3d& w) {
  double lo = 0, hi = 8;
  for (int i = 0; i < 60; ++i) {
    const double mid = 0.5 * (lo + hi);
    b.center = {a.center.x + mid * w.x, a.center.y + mid * w.y, a.center.z + mid * w.z};
    (exact_meet(a, b) ? lo : hi) = mid;
  }
  return lo;
}

B3 random_box(Rng& g, bool float_rotation) {
  std::uniform_real_distribution<double> c(-2, 2), h(0.25, 1);
  return B3{{c(g), c(g), c(g)}, float_rotation ? rotation<float>(g) : rotation<double>(g), {h(g), h(g), h(g)}};
}

}  // namespace ortho

using ortho::P3d;

TEST(OrthoBoxStage, RandomRotatedBoxesFromFloatAndDoubleQuaternions) {
  Rng g(4201);
  ortho::Checker check;
  for (int it = 0; it < 1500; ++it) {
    const bool fl = it % 2;
    const ortho::B3 a = ortho::random_box(g, fl), b = ortho::random_box(g, !fl);
    check(a, b, "random", it);
  }
  // The stage must earn its place: it answers nearly always here.
  EXPECT_GE(check.answered, check.asked * 99 / 100);
  EXPECT_GT(check.meet, check.asked / 10);
  // A sample against the independent mpq oracle.
  Rng h(4202);
  for (int it = 0; it < 24; ++it) {
    const ortho::B3 a = ortho::random_box(h, it % 2), b = ortho::random_box(h, it % 3 == 0);
    EXPECT_EQ(eg::intersects(a, b), oracle_d2(core(a), core(b)) == 0) << it;
  }
}

TEST(OrthoBoxStage, TouchingAndOneUlpApartPairs) {
  Rng g(4203);
  ortho::Checker check;
  std::normal_distribution<double> n(0, 1);
  for (int it = 0; it < 120; ++it) {
    const bool fl = it % 2;
    ortho::B3 a = ortho::random_box(g, fl), b = ortho::random_box(g, it % 3 == 0);
    if (it % 4 == 0) b.axes = a.axes;  // resting-like: one rotation
    P3d w{n(g), n(g), n(g)};
    const double len = std::sqrt(w.x * w.x + w.y * w.y + w.z * w.z);
    w = {w.x / len, w.y / len, w.z / len};
    const double s = ortho::touching_offset(a, b, w);
    // At the touching offset (the last that meets), its neighbours, and
    // offsets a few parts in 1e7 and 1e12 either side.
    for (double t : {s, std::nextafter(s, 0.0), std::nextafter(s, 9.0), s * (1 - 3e-7), s * (1 + 3e-7),
                     s * (1 - 1e-12), s * (1 + 1e-12)}) {
      b.center = {a.center.x + t * w.x, a.center.y + t * w.y, a.center.z + t * w.z};
      check(a, b, "touching", it);
    }
  }
  // Exact contact: b on a face of a, same rotation, then one ULP in and out
  // (the benchmark's resting set).
  std::uniform_real_distribution<double> u(-1, 1), hh(0.1, 0.25);
  for (int it = 0; it < 300; ++it) {
    const ortho::B3 a = ortho::random_box(g, it % 2);
    ortho::B3 b = a;
    b.half = {hh(g), hh(g), hh(g)};
    const int k = it % 3;
    const double side = it % 2 ? 1.0 : -1.0, off = side * (a.half[k] + b.half[k]);
    const int i1 = (k + 1) % 3, i2 = (k + 2) % 3;
    const double t1 = u(g) * (a.half[i1] - b.half[i1]), t2 = u(g) * (a.half[i2] - b.half[i2]);
    auto comp = [](const P3d& p, int c) { return c == 0 ? p.x : (c == 1 ? p.y : p.z); };
    auto at = [&](int c) {
      return comp(a.center, c) + off * comp(a.axes[k], c) + t1 * comp(a.axes[i1], c) + t2 * comp(a.axes[i2], c);
    };
    b.center = {at(0), at(1), at(2)};
    check(a, b, "resting", it);
    for (double dir : {1.0, -1.0}) {
      ortho::B3 c = b;
      auto step = [&](double x, double ac) {
        return ac * dir * side > 0 ? std::nextafter(x, 1e300) : (ac * dir * side < 0 ? std::nextafter(x, -1e300) : x);
      };
      c.center = {step(b.center.x, a.axes[k].x), step(b.center.y, a.axes[k].y), step(b.center.z, a.axes[k].z)};
      check(a, c, "resting one ulp", it);
    }
  }
  // Integer-grid exact contacts with the identity and a Pythagorean rotation
  // (orthonormal exactly): face to face, edge to edge, corner to face.
  const std::array<P3d, 3> I{{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}}, Rt{{{0.6, 0.8, 0}, {-0.8, 0.6, 0}, {0, 0, 1}}};
  for (int it = 0; it < 64; ++it) {
    const ortho::B3 a{{0, 0, 0}, it % 2 ? Rt : I, {1, 2, 3}};
    const double dx = 2 + (it % 4), dy = it % 3, dz = 5 + (it % 5 == 0);
    const ortho::B3 b{{it % 2 ? 0.6 * dx - 0.8 * dy : dx, it % 2 ? 0.8 * dx + 0.6 * dy : dy, dz - 2}, it % 2 ? Rt : I,
                      {1, 1, 2}};
    check(a, b, "grid", it);
  }
  EXPECT_GT(check.meet, 0);
}

TEST(OrthoBoxStage, NearlyOrthonormalAxesAreStillRight) {
  // Axes perturbed by 2^-k: beyond the stage's bound (k small: the general
  // path), within it but far from rounding (the model-error term must cover
  // the difference), and at rounding level. Pairs placed at the exact
  // touching offset and a few parts in 1e7 / 1e5 either side, where
  // treating the axes as orthonormal would answer wrongly.
  Rng g(4204);
  ortho::Checker check;
  std::normal_distribution<double> n(0, 1);
  for (int it = 0; it < 150; ++it) {
    const int k = std::array<int, 5>{6, 11, 13, 16, 30}[it % 5];
    auto perturb = [&](ortho::B3 b) {
      for (auto& ax : b.axes)
        ax = {ax.x + std::ldexp(n(g), -k), ax.y + std::ldexp(n(g), -k), ax.z + std::ldexp(n(g), -k)};
      return b;
    };
    const ortho::B3 a = perturb(ortho::random_box(g, it % 2));
    ortho::B3 b = perturb(ortho::random_box(g, false));
    if (it % 3 == 0) b.axes = a.axes;
    P3d w{n(g), n(g), n(g)};
    const double len = std::sqrt(w.x * w.x + w.y * w.y + w.z * w.z);
    w = {w.x / len, w.y / len, w.z / len};
    const double s = ortho::touching_offset(a, b, w);
    for (double t : {s, std::nextafter(s, 9.0), s * (1 - 1e-5), s * (1 + 1e-5), s * (1 - 1e-7), s * (1 + 1e-7)}) {
      b.center = {a.center.x + t * w.x, a.center.y + t * w.y, a.center.z + t * w.z};
      check(a, b, "perturbed", it);
    }
  }
}

TEST(OrthoBoxStage, ExtremeMagnitudesAndRadii) {
  Rng g(4205);
  ortho::Checker check;
  std::normal_distribution<double> n(0, 1);
  for (int it = 0; it < 200; ++it) {
    // Scale everything by 2^e (exactly), or move far from the origin.
    const int e = std::array<int, 8>{-1070, -1000, -600, -300, 0, 300, 990, 1010}[it % 8];
    const ortho::B3 a0 = ortho::random_box(g, it % 2), b0 = ortho::random_box(g, it % 3 == 0);
    auto scale = [&](ortho::B3 b) {
      b.center = {std::ldexp(b.center.x, e), std::ldexp(b.center.y, e), std::ldexp(b.center.z, e)};
      for (double& h : b.half) h = std::ldexp(h, e);
      return b;
    };
    ortho::B3 a = scale(a0), b = scale(b0);
    if (!(std::isfinite(a.center.x) && std::isfinite(b.half[0]) && b.half[0] > 0 && a.half[0] > 0 && a.half[1] > 0 &&
          a.half[2] > 0 && b.half[1] > 0 && b.half[2] > 0))
      continue;
    check(a, b, "scaled", it);
    // Far from the origin: both moved by the same large offset (rounded).
    const double far = std::ldexp(1.0, 20 + it % 40);
    ortho::B3 fa = a0, fb = b0;
    fa.center = {fa.center.x + far, fa.center.y - far, fa.center.z + far};
    fb.center = {fb.center.x + far, fb.center.y - far, fb.center.z + far};
    check(fa, fb, "far", it);
    // Rounded boxes: the radius makes the filter answer "apart" only by
    // more than r_x + r_y.
    fa.r = std::ldexp(std::fabs(n(g)), -(it % 6));
    fb.r = it % 2 ? 0.0 : 0.125;
    check(fa, fb, "rounded", it);
  }
  EXPECT_GT(check.answered, 0);
}

// Tests of exactgeom/segment_triangle.hpp against an independent mpq_class
// oracle written the obvious way: the minimum over the candidate features
// (segment against each edge by parametric case analysis, each segment
// endpoint against the face by its projection's barycentric coordinates,
// zero when the segment crosses the face), a degenerate triangle replaced
// by the segment or point it covers.
#include "exactgeom/segment_triangle.hpp"
#include "exactgeom/boost.hpp"

#include <gtest/gtest.h>

#include "segments/kernel/segments_impl.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

#include "testing/random.hpp"
#include "testing/sanitized.hpp"
#include "testing/oracle.hpp"

namespace eg = exactgeom;
using eg::testing::oracle::to_q;
using Q3 = std::array<mpq_class, 3>;

namespace {

// ---------------------------------------------------------------------------
// The oracle.

Q3 operator-(const Q3& a, const Q3& b) { return {a[0] - b[0], a[1] - b[1], a[2] - b[2]}; }
Q3 operator+(const Q3& a, const Q3& b) { return {a[0] + b[0], a[1] + b[1], a[2] + b[2]}; }
Q3 operator*(const mpq_class& s, const Q3& a) { return {s * a[0], s * a[1], s * a[2]}; }
mpq_class dot(const Q3& a, const Q3& b) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }
Q3 cross(const Q3& a, const Q3& b) {
  return {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
}
bool is_zero(const Q3& a) { return sgn(a[0]) == 0 && sgn(a[1]) == 0 && sgn(a[2]) == 0; }

/// Point to segment [a, b]: the clamped projection.
mpq_class point_seg_d2(const Q3& p, const Q3& a, const Q3& b) {
  const Q3 d = b - a;
  mpq_class t = 0;
  if (sgn(dot(d, d)) != 0) t = std::clamp(mpq_class(dot(p - a, d) / dot(d, d)), mpq_class(0), mpq_class(1));
  const Q3 x = p - (a + t * d);
  return dot(x, x);
}

/// Segment to segment: the four endpoint-segment distances and, for
/// non-parallel segments, the critical point of |p1 + s d1 - p2 - t d2|^2
/// when it lies in [0, 1]^2.
mpq_class seg_seg_d2(const Q3& p1, const Q3& q1, const Q3& p2, const Q3& q2) {
  mpq_class best = std::min({point_seg_d2(p1, p2, q2), point_seg_d2(q1, p2, q2),
                             point_seg_d2(p2, p1, q1), point_seg_d2(q2, p1, q1)});
  const Q3 d1 = q1 - p1, d2 = q2 - p2, r = p1 - p2;
  const mpq_class a = dot(d1, d1), b = dot(d1, d2), e = dot(d2, d2), c = dot(d1, r), f = dot(d2, r);
  const mpq_class den = a * e - b * b;
  if (sgn(den) != 0) {
    const mpq_class s = (b * f - c * e) / den, t = (a * f - b * c) / den;
    if (s >= 0 && s <= 1 && t >= 0 && t <= 1) {
      const Q3 x = (p1 + s * d1) - (p2 + t * d2);
      best = std::min(best, mpq_class(dot(x, x)));
    }
  }
  return best;
}

/// x (in the plane of the non-degenerate abc) inside the closed triangle:
/// barycentric coordinates by Cramer's rule, all >= 0.
bool inside_barycentric(const Q3& x, const Q3& a, const Q3& b, const Q3& c) {
  const Q3 v0 = b - a, v1 = c - a, v2 = x - a;
  const mpq_class d00 = dot(v0, v0), d01 = dot(v0, v1), d11 = dot(v1, v1), d20 = dot(v2, v0),
                  d21 = dot(v2, v1);
  const mpq_class den = d00 * d11 - d01 * d01;
  const mpq_class v = (d11 * d20 - d01 * d21) / den, w = (d00 * d21 - d01 * d20) / den;
  return v >= 0 && w >= 0 && v + w <= 1;
}

mpq_class oracle_d2(const Q3& p, const Q3& q, const Q3& a, const Q3& b, const Q3& c) {
  const Q3 n = cross(b - a, c - a);
  if (is_zero(n)) {
    // Collinear or coincident corners: the segment between the two farthest apart.
    const Q3* ends[3][2] = {{&a, &b}, {&b, &c}, {&c, &a}};
    int k = 0;
    for (int i = 1; i < 3; ++i)
      if (dot(*ends[i][0] - *ends[i][1], *ends[i][0] - *ends[i][1]) >
          dot(*ends[k][0] - *ends[k][1], *ends[k][0] - *ends[k][1]))
        k = i;
    return seg_seg_d2(p, q, *ends[k][0], *ends[k][1]);
  }
  mpq_class best = std::min({seg_seg_d2(p, q, a, b), seg_seg_d2(p, q, b, c), seg_seg_d2(p, q, c, a)});
  const mpq_class nn = dot(n, n);
  for (const Q3* x : {&p, &q}) {
    const mpq_class h = dot(n, *x - a) / nn;
    const Q3 proj = *x - h * n;
    if (inside_barycentric(proj, a, b, c)) best = std::min(best, mpq_class(h * h * nn));
  }
  const mpq_class hp = dot(n, p - a), hq = dot(n, q - a);
  if ((hp > 0 && hq < 0) || (hp < 0 && hq > 0)) {
    const mpq_class t = hp / (hp - hq);
    if (inside_barycentric(p + t * (q - p), a, b, c)) best = 0;
  }
  return best;
}

std::string show(const Q3& p) {
  return "(" + p[0].get_str() + ", " + p[1].get_str() + ", " + p[2].get_str() + ")";
}

/// |r - sqrt(d2)| <= ulp(r)/2: r is a nearest double to sqrt(d2) (the tie
/// rule is checked by the rational tests of segments.hpp).
bool correctly_rounded(double r, const mpq_class& d2) {
  if (r == 0) {
    const mpq_class half_tiny = mpq_class(std::nextafter(0.0, 1.0)) / 2;
    return d2 <= half_tiny * half_tiny;
  }
  if (std::isinf(r)) return false;
  const mpq_class lo = (mpq_class(r) + mpq_class(std::nextafter(r, 0.0))) / 2;
  const mpq_class hi = (mpq_class(r) + mpq_class(std::nextafter(r, INFINITY))) / 2;
  return lo * lo <= d2 && d2 <= hi * hi;
}

template <class R>
Q3 q3(const eg::Point3<R>& p) {
  return {eg::to_mpq(p.x), eg::to_mpq(p.y), eg::to_mpq(p.z)};
}

/// Small integers (|c| <= 1000): every parameter the kernel can produce has
/// a denominator below 2^47, so two different ones differ by more than 2^-94.
bool small_integers(std::initializer_list<const Q3*> pts) {
  for (const Q3* p : pts)
    for (const mpq_class& c : *p)
      if (c.get_den() != 1 || abs(c) > 1000) return false;
  return true;
}

/// Checks closest_points(s, tri) against the oracle's squared distance
/// want: on_first is the point of s at parameter s in [0, 1]; on_second
/// lies in the triangle; their squared distance is want (so they are a
/// closest pair, and on_second is the nearest point to on_first); and,
/// for small integer inputs, the canonical choice: the point of s at
/// parameter s - 2^-120 is strictly farther (the distance along s is convex,
/// so no earlier closest pair exists). Returns 1 on a failure.
template <class T>
int check_closest(const eg::Segment3<T>& seg, const eg::Triangle3<T>& tri, const Q3& p,
                  const Q3& q, const Q3& a, const Q3& b, const Q3& c, const mpq_class& want) {
  const auto cp = eg::closest_points(seg, tri);
  const mpq_class t = eg::to_mpq(*cp.s);
  const Q3 x = q3(cp.on_first), y = q3(cp.on_second);
  std::string why;
  if (t < 0 || t > 1) why = "parameter outside [0, 1]";
  else if (x != p + t * (q - p)) why = "on_first is not the point at s";
  else if (eg::to_mpq(cp.squared_distance) != want) why = "squared_distance differs";
  else if (dot(x - y, x - y) != want) why = "|on_first - on_second|^2 is not the distance";
  else if (sgn(oracle_d2(y, y, a, b, c)) != 0) why = "on_second is not in the triangle";
  else if (t > 0 && small_integers({&p, &q, &a, &b, &c})) {
    const mpq_class earlier = t - mpq_class(1, mpz_class(1) << 120);
    const Q3 xe = p + earlier * (q - p);
    if (oracle_d2(xe, xe, a, b, c) <= want) why = "an earlier point of the segment is as close";
  }
  if (why.empty() && seg.a == seg.b && q3(eg::closest_point(seg.a, tri)) != y)
    why = "closest_point differs";
  if (why.empty()) return 0;
  ADD_FAILURE() << show(p) << "-" << show(q) << " vs " << show(a) << show(b) << show(c)
                << ": closest_points: " << why << " (s = " << t.get_str() << ", " << show(x)
                << " / " << show(y) << ")";
  return 1;
}

/// Checks squared_distance and distance of (s, tri) against the oracle;
/// returns 1 on a disagreement (reported), else 0.
template <class T>
int check(const eg::Segment3<T>& s, const eg::Triangle3<T>& tri) {
  const Q3 p = to_q(s.a), q = to_q(s.b), a = to_q(tri.a), b = to_q(tri.b), c = to_q(tri.c);
  const mpq_class want = oracle_d2(p, q, a, b, c);
  const mpq_class got = eg::to_mpq(eg::squared_distance(s, tri));
  if (got != want) {
    ADD_FAILURE() << show(p) << "-" << show(q) << " vs " << show(a) << show(b) << show(c)
                  << ": dist2 " << got.get_str() << ", oracle " << want.get_str();
    return 1;
  }
  const double d = eg::distance(s, tri);
  if (!correctly_rounded(d, want)) {
    ADD_FAILURE() << show(p) << "-" << show(q) << ": distance " << d << " not sqrt(" << want.get_str() << ")";
    return 1;
  }
  if (s.a == s.b) {
    if (eg::to_mpq(eg::squared_distance(s.a, tri)) != want) {
      ADD_FAILURE() << show(p) << ": point version differs";
      return 1;
    }
  }
  return check_closest(s, tri, p, q, a, b, c, want);
}

template <class T>
eg::Point3<T> pt(T x, T y, T z) { return {x, y, z}; }

}  // namespace

// ---------------------------------------------------------------------------
// Every coordinate type.

template <class T>
class SegmentTriangleTyped : public ::testing::Test {};
TYPED_TEST_SUITE(SegmentTriangleTyped, eg::testing::oracle::CoordinateTypes, eg::testing::oracle::CoordinateTypeNames);

/// Under the sanitizers (testing/sanitized.hpp) the typed random loop runs
/// its first 1 / san_divisor<T>() of the cases: ASan multiplies Boost's
/// cpp_rational and cpp_int most, and the memory errors it looks for show
/// on any case.
template <class T>
constexpr int san_divisor() {
  if constexpr (std::is_same_v<T, eg::cpp_rational>) return 6;
  if constexpr (std::is_same_v<T, eg::cpp_int> || std::is_same_v<T, mpq_class>) return 4;
  return 3;  // the mpq oracle's share, in every type
}

TYPED_TEST(SegmentTriangleTyped, HandCases) {
  using T = TypeParam;
  const eg::Triangle3<T> tri{pt<T>(T(0), T(0), T(0)), pt<T>(T(4), T(0), T(0)), pt<T>(T(0), T(4), T(0))};
  using S = eg::Segment3<T>;
  // Above the face: the lower endpoint's height.
  EXPECT_EQ(eg::to_string(eg::squared_distance(S{pt<T>(T(1), T(1), T(3)), pt<T>(T(1), T(1), T(5))}, tri)), "9");
  // Piercing the face, and touching it with an endpoint.
  EXPECT_EQ(eg::to_string(eg::squared_distance(S{pt<T>(T(1), T(1), T(-1)), pt<T>(T(1), T(1), T(1))}, tri)), "0");
  EXPECT_EQ(eg::to_string(eg::squared_distance(S{pt<T>(T(1), T(1), T(0)), pt<T>(T(1), T(1), T(1))}, tri)), "0");
  // Past the hypotenuse x + y = 4: the point (5, 5, 0) is 6/sqrt(2) away.
  EXPECT_EQ(eg::to_string(eg::squared_distance(pt<T>(T(5), T(5), T(0)), tri)), "18");
  EXPECT_EQ(eg::distance(pt<T>(T(5), T(5), T(0)), tri), std::sqrt(18.0));
  // Skew to an edge: the segment x = 2, z = 1 - y... passes over the edge y = 0.
  EXPECT_EQ(eg::to_string(eg::squared_distance(S{pt<T>(T(2), T(-3), T(2)), pt<T>(T(2), T(-1), T(2))}, tri)), "5");
  // Crossing the plane outside the triangle: to the corner (4, 0, 0).
  EXPECT_EQ(eg::to_string(eg::squared_distance(S{pt<T>(T(6), T(-1), T(-1)), pt<T>(T(6), T(-1), T(1))}, tri)), "5");
  // A degenerate triangle (collinear corners) is the segment it covers.
  const eg::Triangle3<T> line{pt<T>(T(0), T(0), T(0)), pt<T>(T(4), T(0), T(0)), pt<T>(T(2), T(0), T(0))};
  EXPECT_EQ(eg::to_string(eg::squared_distance(pt<T>(T(2), T(3), T(0)), line)), "9");
  const eg::Triangle3<T> dot3{pt<T>(T(1), T(1), T(1)), pt<T>(T(1), T(1), T(1)), pt<T>(T(1), T(1), T(1))};
  EXPECT_EQ(eg::to_string(eg::squared_distance(S{pt<T>(T(0), T(0), T(0)), pt<T>(T(2), T(0), T(0))}, dot3)), "2");
}

TYPED_TEST(SegmentTriangleTyped, ClosestPointsCanonicalChoice) {
  using T = TypeParam;
  using S = eg::Segment3<T>;
  const eg::Triangle3<T> tri{pt<T>(T(0), T(0), T(0)), pt<T>(T(4), T(0), T(0)), pt<T>(T(0), T(4), T(0))};
  auto str = [](const auto& p) {
    return eg::to_string(p.x) + " " + eg::to_string(p.y) + " " + eg::to_string(p.z);
  };
  // Parallel to the face, entering its shadow halfway: the first closest pair.
  auto c = eg::closest_points(S{pt<T>(T(-2), T(1), T(3)), pt<T>(T(2), T(1), T(3))}, tri);
  EXPECT_EQ(eg::to_string(*c.s), "1/2");
  EXPECT_EQ(str(c.on_first), "0 1 3");
  EXPECT_EQ(str(c.on_second), "0 1 0");
  EXPECT_EQ(eg::to_string(c.squared_distance), "9");
  // The same segment reversed starts over the face: s = 0.
  c = eg::closest_points(S{pt<T>(T(2), T(1), T(3)), pt<T>(T(-2), T(1), T(3))}, tri);
  EXPECT_EQ(eg::to_string(*c.s), "0");
  EXPECT_EQ(str(c.on_second), "2 1 0");
  // Lying in the face's plane, crossing it: where it enters.
  c = eg::closest_points(S{pt<T>(T(-2), T(1), T(0)), pt<T>(T(6), T(1), T(0))}, tri);
  EXPECT_EQ(eg::to_string(*c.s), "1/4");
  EXPECT_EQ(str(c.on_first), "0 1 0");
  EXPECT_EQ(eg::to_string(c.squared_distance), "0");
  // Piercing the face: the piercing point, twice.
  c = eg::closest_points(S{pt<T>(T(1), T(1), T(-1)), pt<T>(T(1), T(1), T(3))}, tri);
  EXPECT_EQ(eg::to_string(*c.s), "1/4");
  EXPECT_EQ(str(c.on_first), "1 1 0");
  EXPECT_EQ(str(c.on_second), "1 1 0");
  // Skew over an edge: a segment-edge pair.
  c = eg::closest_points(S{pt<T>(T(2), T(-3), T(2)), pt<T>(T(2), T(-1), T(2))}, tri);
  EXPECT_EQ(eg::to_string(*c.s), "1");
  EXPECT_EQ(str(c.on_second), "2 0 0");
  // A zero-length segment has s = 0; closest_point is its on_second.
  c = eg::closest_points(S{pt<T>(T(5), T(5), T(0)), pt<T>(T(5), T(5), T(0))}, tri);
  EXPECT_EQ(eg::to_string(*c.s), "0");
  EXPECT_EQ(str(eg::closest_point(pt<T>(T(5), T(5), T(0)), tri)), "2 2 0");
  EXPECT_EQ(str(eg::closest_point(pt<T>(T(1), T(1), T(7)), tri)), "1 1 0");
  EXPECT_EQ(str(eg::closest_point(pt<T>(T(-1), T(-1), T(-1)), tri)), "0 0 0");
  // A degenerate triangle (collinear corners), a parallel segment: s = 0.
  const eg::Triangle3<T> line{pt<T>(T(0), T(0), T(0)), pt<T>(T(4), T(0), T(0)), pt<T>(T(2), T(0), T(0))};
  c = eg::closest_points(S{pt<T>(T(1), T(3), T(0)), pt<T>(T(3), T(3), T(0))}, line);
  EXPECT_EQ(eg::to_string(*c.s), "0");
  EXPECT_EQ(str(c.on_second), "1 0 0");
  if constexpr (std::is_floating_point_v<T>) {
    const T nan = std::numeric_limits<T>::quiet_NaN();
    EXPECT_THROW(eg::closest_points(S{pt<T>(nan, 0, 0), pt<T>(1, 1, 1)}, tri), eg::invalid_input);
    EXPECT_THROW(eg::closest_point(pt<T>(0, 0, 0), eg::Triangle3<T>{pt<T>(0, 0, 0), pt<T>(1, 0, 0), pt<T>(0, nan, 0)}),
                 eg::invalid_input);
  }
}

TYPED_TEST(SegmentTriangleTyped, RandomSmallGrid) {
  // Coordinates in 0..2: coplanar, collinear, degenerate and touching cases are common.
  using T = TypeParam;
  std::mt19937_64 rng(21);
  std::uniform_int_distribution<int> u(0, 2);
  auto p = [&] { return pt<T>(T(u(rng)), T(u(rng)), T(u(rng))); };
  int bad = 0;
  for (int i = 0; i < exactgeom::testing::sanitized_cases(1500, san_divisor<T>()) && bad < 10; ++i) {
    const auto a = p();
    const eg::Segment3<T> s{a, i % 5 == 0 ? a : p()};
    bad += check(s, eg::Triangle3<T>{p(), p(), p()});
  }
  EXPECT_EQ(bad, 0);
}

TYPED_TEST(SegmentTriangleTyped, NonFiniteThrows) {
  using T = TypeParam;
  using S = eg::Segment3<T>;
  const eg::Triangle3<T> tri{pt<T>(T(0), T(0), T(0)), pt<T>(T(1), T(0), T(0)), pt<T>(T(0), T(1), T(0))};
  if constexpr (std::is_floating_point_v<T>) {
    const T nan = std::numeric_limits<T>::quiet_NaN(), inf = std::numeric_limits<T>::infinity();
    EXPECT_THROW(eg::squared_distance(S{pt<T>(nan, 0, 0), pt<T>(1, 1, 1)}, tri), eg::invalid_input);
    EXPECT_THROW(eg::distance(S{pt<T>(0, 0, 0), pt<T>(1, 1, -inf)}, tri), eg::invalid_input);
    EXPECT_THROW(eg::squared_distance(pt<T>(0, 0, 0), eg::Triangle3<T>{pt<T>(0, 0, 0), pt<T>(inf, 0, 0), pt<T>(0, 1, 0)}),
                 eg::invalid_input);
    EXPECT_THROW(eg::distance(pt<T>(0, 0, 0), eg::Triangle3<T>{pt<T>(0, 0, 0), pt<T>(1, 0, 0), pt<T>(0, nan, 0)}),
                 eg::invalid_input);
  } else {
    EXPECT_NO_THROW(eg::distance(S{pt<T>(T(0), T(0), T(0)), pt<T>(T(1), T(1), T(1))}, tri));
  }
}

// ---------------------------------------------------------------------------
// Targeted configurations (int32 and int64).

TEST(SegmentTriangle, CoplanarCases) {
  // Everything in a random plane through integer points: z = (u x + v y) for small u, v.
  std::mt19937_64 rng(22);
  std::uniform_int_distribution<int> c(-6, 6), g(-2, 2);
  int bad = 0;
  for (int i = 0; i < exactgeom::testing::sanitized_cases(4000) && bad < 10; ++i) {
    const int u = g(rng), v = g(rng);
    auto p = [&] {
      const int x = c(rng), y = c(rng);
      return pt<std::int32_t>(x, y, u * x + v * y);
    };
    bad += check(eg::Segment3<std::int32_t>{p(), p()}, eg::Triangle3<std::int32_t>{p(), p(), p()});
  }
  EXPECT_EQ(bad, 0);
}

TEST(SegmentTriangle, PiercingAndNearPiercing) {
  // Segments through a point of the face (interior, edge or corner) and
  // segments shifted off it by one unit.
  std::mt19937_64 rng(23);
  std::uniform_int_distribution<int> c(-50, 50), w(0, 4), off(-1, 1);
  int bad = 0, zeros = 0;
  const int n = exactgeom::testing::sanitized_cases(4000);
  for (int i = 0; i < n && bad < 10; ++i) {
    const auto a = pt<std::int64_t>(c(rng), c(rng), c(rng)), b = pt<std::int64_t>(c(rng), c(rng), c(rng)),
               cc = pt<std::int64_t>(c(rng), c(rng), c(rng));
    // X = (wa a + wb b + wc c) / 4 with weights summing to 4, scaled by 4.
    const int wa = w(rng), wb = w(rng) % (5 - wa), wc = 4 - wa - wb;
    auto scale = [](const eg::Point3<std::int64_t>& p, std::int64_t k) { return pt<std::int64_t>(p.x * k, p.y * k, p.z * k); };
    const auto A = scale(a, 4), B = scale(b, 4), C = scale(cc, 4);
    const eg::Point3<std::int64_t> X{wa * a.x + wb * b.x + wc * cc.x, wa * a.y + wb * b.y + wc * cc.y,
                                     wa * a.z + wb * b.z + wc * cc.z};
    const eg::Point3<std::int64_t> d{c(rng), c(rng), c(rng)};
    const int k1 = 1 + w(rng), k2 = w(rng);  // X - k1 d to X + k2 d
    const eg::Point3<std::int64_t> sh{off(rng), off(rng), off(rng)};
    const eg::Segment3<std::int64_t> s{{X.x - k1 * d.x + sh.x, X.y - k1 * d.y + sh.y, X.z - k1 * d.z + sh.z},
                                       {X.x + k2 * d.x + sh.x, X.y + k2 * d.y + sh.y, X.z + k2 * d.z + sh.z}};
    bad += check(s, eg::Triangle3<std::int64_t>{A, B, C});
    zeros += sgn(eg::to_mpq(eg::squared_distance(s, eg::Triangle3<std::int64_t>{A, B, C}))) == 0;
  }
  EXPECT_EQ(bad, 0);
  EXPECT_GT(zeros, n / 4);  // the set really exercises piercing
}

TEST(SegmentTriangle, DegenerateTriangles) {
  std::mt19937_64 rng(24);
  std::uniform_int_distribution<int> c(-8, 8), k(-3, 3);
  int bad = 0;
  for (int i = 0; i < exactgeom::testing::sanitized_cases(4000) && bad < 10; ++i) {
    const auto a = pt<std::int32_t>(c(rng), c(rng), c(rng));
    const eg::Point3<std::int32_t> d{c(rng) / 2, c(rng) / 2, c(rng) / 2};
    auto on = [&](int t) { return pt<std::int32_t>(a.x + t * d.x, a.y + t * d.y, a.z + t * d.z); };
    // Collinear corners in every order, coincident pairs, all equal.
    const eg::Triangle3<std::int32_t> tri{on(k(rng)), on(k(rng)), i % 7 == 0 ? on(0) : on(k(rng))};
    const auto p = pt<std::int32_t>(c(rng), c(rng), c(rng));
    const auto q = i % 4 == 0 ? p : (i % 4 == 1 ? on(k(rng)) : pt<std::int32_t>(c(rng), c(rng), c(rng)));
    bad += check(eg::Segment3<std::int32_t>{p, q}, tri);
  }
  EXPECT_EQ(bad, 0);
}

TEST(SegmentTriangle, ExtremeInt32AndInt64) {
  std::mt19937_64 rng(25);
  int bad = 0;
  {
    using I = std::int32_t;
    const I lo = std::numeric_limits<I>::min(), hi = std::numeric_limits<I>::max();
    std::uniform_int_distribution<I> full(lo, hi);
    std::uniform_int_distribution<int> pick(0, 1);
    auto c = [&](int m) { return m == 0 ? full(rng) : (pick(rng) ? hi : lo); };
    for (int i = 0; i < exactgeom::testing::sanitized_cases(3000) && bad < 10; ++i) {
      const int m = i % 2;
      auto p = [&] { return pt<I>(c(m), c(m), c(m)); };
      bad += check(eg::Segment3<I>{p(), p()}, eg::Triangle3<I>{p(), p(), p()});
    }
  }
  {
    using I = std::int64_t;
    const I lo = std::numeric_limits<I>::min(), hi = std::numeric_limits<I>::max();
    std::uniform_int_distribution<I> full(lo, hi), small(0, 2);
    auto c = [&](int m) { return m == 0 ? full(rng) : (rng() % 2 ? hi - small(rng) : lo + small(rng)); };
    for (int i = 0; i < exactgeom::testing::sanitized_cases(3000) && bad < 10; ++i) {
      const int m = i % 2;
      auto p = [&] { return pt<I>(c(m), c(m), c(m)); };
      bad += check(eg::Segment3<I>{p(), p()}, eg::Triangle3<I>{p(), p(), p()});
    }
  }
  EXPECT_EQ(bad, 0);
}

TEST(SegmentTriangle, DoublesFarFromOriginAndWideExponents) {
  std::mt19937_64 rng(26);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  std::uniform_int_distribution<int> ex(-1074, 1000);
  int bad = 0;
  for (int i = 0; i < exactgeom::testing::sanitized_cases(1500) && bad < 10; ++i) {
    const double o = 1e12;
    auto far = [&] { return pt<double>(o + u(rng), o + u(rng), o + u(rng)); };
    bad += check(eg::Segment3<double>{far(), far()}, eg::Triangle3<double>{far(), far(), far()});
    const int sp = 1 + i % 3;
    auto wide = [&] { return std::ldexp(u(rng), ex(rng) / sp); };
    auto pw = [&] { return pt<double>(wide(), wide(), wide()); };
    bad += check(eg::Segment3<double>{pw(), pw()}, eg::Triangle3<double>{pw(), pw(), pw()});
    // Nearly in the plane z = 0 of a unit triangle: piercing decided by 1e-17.
    const double e = 1e-17 * u(rng);
    bad += check(eg::Segment3<double>{pt<double>(u(rng), u(rng), e), pt<double>(u(rng), u(rng), -e)},
                 eg::Triangle3<double>{pt<double>(0, 0, 0), pt<double>(1, 0, 0), pt<double>(0, 1, 0)});
  }
  EXPECT_EQ(bad, 0);
}

TEST(SegmentTriangle, RandomRationalsAndFloats) {
  std::mt19937_64 rng(27);
  std::uniform_int_distribution<int> n(-20, 20), d(1, 12);
  auto q = [&] { mpq_class v(n(rng), d(rng)); v.canonicalize(); return v; };
  auto b = [&] { return eg::cpp_rational(n(rng), d(rng)); };
  std::uniform_real_distribution<float> f(-4.0f, 4.0f);
  int bad = 0;
  for (int i = 0; i < exactgeom::testing::sanitized_cases(600) && bad < 10; ++i) {
    auto pq = [&] { return pt<mpq_class>(q(), q(), q()); };
    bad += check(eg::Segment3<mpq_class>{pq(), pq()}, eg::Triangle3<mpq_class>{pq(), pq(), pq()});
    auto pb = [&] { return pt<eg::cpp_rational>(b(), b(), b()); };
    bad += check(eg::Segment3<eg::cpp_rational>{pb(), pb()}, eg::Triangle3<eg::cpp_rational>{pb(), pb(), pb()});
    auto pf = [&] { return pt<float>(f(rng), f(rng), f(rng)); };
    bad += check(eg::Segment3<float>{pf(), pf()}, eg::Triangle3<float>{pf(), pf(), pf()});
  }
  EXPECT_EQ(bad, 0);
}

TEST(SegmentTriangle, SymmetryAndTranslation) {
  // Reversing the segment, permuting the corners and translating by integers
  // leave the squared distance unchanged.
  std::mt19937_64 rng(28);
  std::uniform_int_distribution<std::int64_t> u(-4, 4), big(-(INT64_C(1) << 50), INT64_C(1) << 50);
  using P = eg::Point3<std::int64_t>;
  for (int i = 0; i < exactgeom::testing::sanitized_cases(3000); ++i) {
    auto p = [&] { return P{u(rng), u(rng), u(rng)}; };
    const P s0 = p(), s1 = p(), a = p(), b = p(), c = p();
    const mpq_class d2 = eg::to_mpq(eg::squared_distance(eg::Segment3<std::int64_t>{s0, s1}, eg::Triangle3<std::int64_t>{a, b, c}));
    ASSERT_EQ(eg::to_mpq(eg::squared_distance(eg::Segment3<std::int64_t>{s1, s0}, eg::Triangle3<std::int64_t>{b, c, a})), d2);
    ASSERT_EQ(eg::to_mpq(eg::squared_distance(eg::Segment3<std::int64_t>{s0, s1}, eg::Triangle3<std::int64_t>{c, b, a})), d2);
    const P t{big(rng), big(rng), big(rng)};
    auto mv = [&](const P& x) { return P{x.x + t.x, x.y + t.y, x.z + t.z}; };
    ASSERT_EQ(eg::to_mpq(eg::squared_distance(eg::Segment3<std::int64_t>{mv(s0), mv(s1)},
                                              eg::Triangle3<std::int64_t>{mv(a), mv(b), mv(c)})),
              d2);
  }
}

TEST(SegmentTriangle, DistanceRounding) {
  // Exactly representable distances, halfway int64 cases and a huge double one.
  using P = eg::Point3<std::int64_t>;
  using Tr = eg::Triangle3<std::int64_t>;
  const std::int64_t two53 = INT64_C(1) << 53;
  const Tr tri{P{0, 0, 0}, P{10, 0, 0}, P{0, 10, 0}};
  EXPECT_EQ(eg::distance(P{1, 1, two53 + 1}, tri), 0x1p53);      // halfway: to even
  EXPECT_EQ(eg::distance(P{1, 1, two53 + 3}, tri), 0x1p53 + 4);  // halfway: to even
  EXPECT_EQ(eg::distance(P{1, 1, -7}, tri), 7.0);
  const double m = std::numeric_limits<double>::max();
  const eg::Triangle3<double> td{{-m, -m, -m}, {-m, -m, -m}, {-m, -m, -m}};
  EXPECT_EQ(eg::distance(eg::Point3<double>{0, 0, 0}, td), std::numeric_limits<double>::infinity());
  EXPECT_EQ(eg::distance(eg::Point3<double>{0, 0, 0}, eg::Triangle3<double>{{-m, 0, 0}, {-m, 0, 0}, {-m, 0, 1}}), m);
}

// ---------------------------------------------------------------------------
// The int32 path (seg32::segment_triangle: int128 / 256-bit decisions, a
// double filter on the candidate comparisons) against the generic kernel
// over seg_w32 and the oracle.

namespace {

using I32 = std::int32_t;

mpq_class generic_i32(const eg::Segment3<I32>& s, const eg::Triangle3<I32>& t) {
  using W = eg::detail::seg_w32;
  auto v = [](const eg::Point3<I32>& p) { return eg::detail::seg::V<W, 3>{W(p.x), W(p.y), W(p.z)}; };
  return eg::to_mpq(eg::detail::segment_triangle_dist2(
      std::array<eg::detail::seg::V<W, 3>, 5>{v(s.a), v(s.b), v(t.a), v(t.b), v(t.c)}));
}

int check_i32(const eg::Segment3<I32>& s, const eg::Triangle3<I32>& t) {
  const int bad = check(s, t);
  if (bad == 0 && eg::to_mpq(eg::squared_distance(s, t)) != generic_i32(s, t)) {
    ADD_FAILURE() << "int32 path differs from the generic kernel";
    return 1;
  }
  return bad;
}

}  // namespace

TEST(SegmentTriangleInt32, MatchesGenericKernel) {
  std::mt19937_64 rng(29);
  const I32 lo = std::numeric_limits<I32>::min(), hi = std::numeric_limits<I32>::max();
  std::uniform_int_distribution<I32> full(lo, hi), small(-3, 3);
  int bad = 0;
  // A third of the cases under the sanitizers (testing/sanitized.hpp).
  for (int i = 0; i < exactgeom::testing::sanitized_cases(3000, 3) && bad < 10; ++i) {
    const int mode = i % 3;
    auto c = [&] { return mode == 0 ? full(rng) : (mode == 1 ? small(rng) : (rng() % 2 ? hi - 3 - small(rng) : lo + 3 + small(rng))); };
    auto p = [&] { return pt<I32>(c(), c(), c()); };
    const auto a = p();
    bad += check_i32({a, i % 4 == 0 ? a : p()}, {p(), p(), p()});
  }
  EXPECT_EQ(bad, 0);
}

TEST(SegmentTriangleInt32, NearTiesBetweenCandidates) {
  // Candidates equal or differing in the last unit at full magnitude: both
  // endpoints over the face at heights H and H + k; an endpoint as far from
  // the face as from an edge; segments parallel to an edge. The double filter
  // on the comparisons must hand these to the exact path.
  std::mt19937_64 rng(30);
  std::uniform_int_distribution<I32> h(1 << 29, (1 << 30) - 8), k(-1, 1), w(-1000, 1000);
  const I32 L = (1 << 30);
  const eg::Triangle3<I32> tri{pt<I32>(-L, -L, 0), pt<I32>(L, -L, 0), pt<I32>(0, L, 0)};
  int bad = 0;
  for (int i = 0; i < exactgeom::testing::sanitized_cases(2000) && bad < 10; ++i) {
    const I32 H = h(rng);
    bad += check_i32({pt<I32>(w(rng), w(rng), H), pt<I32>(w(rng), w(rng), H + k(rng))}, tri);
    bad += check_i32({pt<I32>(w(rng), w(rng), -H), pt<I32>(w(rng), w(rng), H + k(rng))}, tri);
    // Beyond the edge y = -L at distance ~H below, and height ~H: the edge and
    // the face candidates nearly tie.
    bad += check_i32({pt<I32>(w(rng), -L - H, H + k(rng)), pt<I32>(w(rng) + 5, -L - H + k(rng), H)}, tri);
    // Parallel to the edge y = -L, above it.
    const I32 x0 = w(rng);
    bad += check_i32({pt<I32>(x0, -L + k(rng), H), pt<I32>(x0 + L - 5000, -L + k(rng), H)}, tri);
  }
  EXPECT_EQ(bad, 0);
}

// ---------------------------------------------------------------------------
// The double path (seg32::segment_triangle with OutDeferred): doubles that
// are integers below 2^61 times one power of two run in int128 / 256-bit
// integers (segment_integers.hpp doubles_as_int61), the rest in mpz_class.

// Both sides of the 61-bit edge, coordinates spanning 58 to 66 bit
// positions, from subnormal lowest bits to values near 2^1023, against the
// oracle (as Segments.DoublesAtTheFixedWidthEdge).
TEST(SegmentTriangle, DoublesAtTheFixedWidthEdge) {
  std::mt19937_64 rng(63);
  int bad = 0, wide = 0;
  const int n = exactgeom::testing::sanitized_cases(1500, 3);
  for (int i = 0; i < n && bad < 10; ++i) {
    const int span = 58 + i % 9;
    const int e0 = i % 2 ? static_cast<int>(rng() % 200) - 100 : static_cast<int>(rng() % 2025) - 1074;
    auto value = [&](int which) { return exactgeom::testing::fixed_width_edge_value(rng, which, e0, span); };
    std::array<double, 15> v;
    for (std::size_t k = 0; k < v.size(); ++k) v[k] = value(k < 2 ? static_cast<int>(k) : 2);
    std::shuffle(v.begin(), v.end(), rng);
    wide += span <= 61;
    bad += check(eg::Segment3<double>{pt(v[0], v[1], v[2]), pt(v[3], v[4], v[5])},
                 eg::Triangle3<double>{pt(v[6], v[7], v[8]), pt(v[9], v[10], v[11]), pt(v[12], v[13], v[14])});
    // The point form, and a zero-length segment.
    bad += check(eg::Segment3<double>{pt(v[0], v[1], v[2]), pt(v[0], v[1], v[2])},
                 eg::Triangle3<double>{pt(v[6], v[7], v[8]), pt(v[9], v[10], v[11]), pt(v[12], v[13], v[14])});
  }
  EXPECT_EQ(bad, 0);
  EXPECT_GT(wide, n / 4);
}

// At the top of the fixed-width range: every difference near 2^62, so the
// normal's components, the heights, the side tests and |n|^2 reach their
// stated bounds (segment_triangle_kernel.hpp); and the int32 near ties of
// NearTiesBetweenCandidates scaled to 2^61, where the candidates' double
// comparison must defer to the exact one. Scaled by 2^-1000 and 2^900 too.
TEST(SegmentTriangle, DoublesAtTheTopOfTheFixedWidthRange) {
  std::mt19937_64 rng(64);
  // The largest double below 2^61 is 2^61 - 2^8; with a coordinate of 1 or
  // 3 among the rest the integer form spans all 61 bits (scale 2^0).
  const double M = 0x1p61 - 0x1p8;
  std::uniform_int_distribution<int> coin(0, 1), k(-1, 1), w(-1000, 1000);
  auto big = [&] {
    const double m = M - 0x1p8 * static_cast<double>(rng() % 4096);
    return coin(rng) ? m : -m;
  };
  auto coordinate = [&] { return rng() % 5 == 0 ? static_cast<double>(1 + 2 * coin(rng)) : big(); };
  int bad = 0;
  for (int i = 0; i < exactgeom::testing::sanitized_cases(600, 3) && bad < 10; ++i) {
    const double scale = i % 3 == 0 ? 1.0 : (i % 3 == 1 ? 0x1p-1000 : 0x1p900);
    auto d = [&](double x) { return x * scale; };
    auto p = [&] { return pt(d(coordinate()), d(coordinate()), d(coordinate())); };
    const eg::Point3<double> odd = pt(d(1.0), d(big()), d(big()));  // keeps the span at 61 bits
    bad += check(eg::Segment3<double>{odd, p()}, eg::Triangle3<double>{p(), p(), p()});
    bad += check(eg::Segment3<double>{p(), p()}, eg::Triangle3<double>{odd, p(), p()});
    // Near ties at full magnitude (an endpoint H or H +- one unit in the
    // last place over the face, beside an edge, parallel to an edge): the
    // int32 test's configurations at 2^60, where the candidates' double
    // comparison must defer to the exact one.
    const double L = 0x1p60, H = std::ldexp(static_cast<double>((rng() >> 36) | (UINT64_C(1) << 27)), 32);
    const double u = 0x1p7;  // the spacing of doubles in [2^59, 2^60)
    const eg::Triangle3<double> tri{pt(d(-L), d(-L), 0.0), pt(d(L), d(-L), 0.0), pt(0.0, d(L), 0.0)};
    const double wx = 2 * w(rng) + 1;  // odd: the integer form starts at bit 0
    bad += check(eg::Segment3<double>{pt(d(wx), d(w(rng)), d(H)), pt(d(w(rng)), d(w(rng)), d(H + u * k(rng)))}, tri);
    bad += check(eg::Segment3<double>{pt(d(wx), d(-L - H), d(H + u * k(rng))),
                                      pt(d(w(rng) + 5), d(-L - H + 2 * u * k(rng)), d(H))},
                 tri);
    bad += check(eg::Segment3<double>{pt(d(wx), d(-L + u * k(rng)), d(H)), pt(d(wx + L / 2), d(-L + u * k(rng)), d(H))},
                 tri);
  }
  EXPECT_EQ(bad, 0);
}

namespace {

/// A non-negative integer below 2^255 as an I256.
eg::detail::I256 to_i256(const mpz_class& z) {
  eg::detail::I256 r{{0, 0, 0, 0}};
  size_t count = 0;
  mpz_export(r.w, &count, -1, sizeof(r.w[0]), 0, 0, z.get_mpz_t());
  return r;
}

}  // namespace

// The candidates' comparison filter (kWideValueGap): every decision it
// makes agrees with mpq, it makes none for values within a relative 2^-46
// of each other (a gap set below the approximations' proven error would
// decide some of those: the mutation this catches), and it decides every
// pair more than 2^-44 apart. Values of both forms (num / den and
// num^2 / den) across the magnitudes the path produces, with small top
// limbs (where a sloppy conversion would be far off).
TEST(SegmentTriangle, WideValueFilter) {
  using eg::detail::WideValue;
  std::mt19937_64 rng(65);
  gmp_randclass gr(gmp_randinit_mt);
  gr.seed(65);
  auto value = [&](bool squared) {
    WideValue v;
    v.squared = squared;
    const int bits_num = squared ? 1 + static_cast<int>(rng() % 188) : 1 + static_cast<int>(rng() % 252);
    const int bits_den = 1 + static_cast<int>(rng() % 252);
    mpz_class nz = gr.get_z_bits(bits_num) | 1, dz = gr.get_z_bits(bits_den) | 1;
    v.num = to_i256(nz);
    v.den = to_i256(dz);
    if (squared && rng() % 2) v.num = -v.num;  // a height may be negative
    return v;
  };
  auto exact = [](const WideValue& v) {
    const auto f = eg::detail::wide_exact(v);
    mpq_class q(f.numerator(), f.denominator());
    q.canonicalize();
    return q;
  };
  int wrong = 0, decided_in_band = 0, undecided_outside = 0;
  for (int i = 0; i < exactgeom::testing::sanitized_cases(20000, 4); ++i) {
    const WideValue x = value(rng() % 2);
    // y: x times (1 + delta), delta = +-2^-k, k from 20 to 80, as a num / den
    // pair: y = (x * (2^k +- 1)) / 2^k, built exactly.
    const int k = 20 + static_cast<int>(rng() % 61);
    const mpq_class qx = exact(x);
    mpz_class f = (mpz_class(1) << k) + ((rng() % 2) ? 1 : -1);
    if (rng() % 8 == 0) f = mpz_class(1) << k;  // equal values in another form
    mpq_class qy = qx * f / (mpz_class(1) << k);
    qy.canonicalize();
    if (qy.get_num() >= (mpz_class(1) << 252) || qy.get_den() >= (mpz_class(1) << 252)) continue;
    const WideValue y{to_i256(qy.get_num()), to_i256(qy.get_den()), false};
    for (int swap = 0; swap < 2; ++swap) {
      const WideValue& l = swap ? y : x;
      const WideValue& r = swap ? x : y;
      const mpq_class ql = swap ? qy : qx, qr = swap ? qx : qy;
      const int d = eg::detail::wide_less_filtered(l, r);
      if (d >= 0 && (d == 1) != (ql < qr)) ++wrong;
      if (eg::detail::value_less(l, r) != (ql < qr)) ++wrong;
      const mpq_class gap = abs(ql - qr) / qr;
      if (gap < mpq_class(1, mpz_class(1) << 46) && d >= 0) ++decided_in_band;
      if (gap > mpq_class(1, mpz_class(1) << 44) && d < 0) ++undecided_outside;
    }
  }
  EXPECT_EQ(wrong, 0);
  EXPECT_EQ(decided_in_band, 0);
  EXPECT_EQ(undecided_outside, 0);
}

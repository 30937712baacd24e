// Tests of exactgeom/detail/triangle_first_stage.hpp, the first stage of the
// sphere- and capsule-triangle tests: whenever it decides it must agree with
// the mpq oracle (its certificates are strict: "meet" means distance < R,
// "apart" distance > R), it must decide most random inputs, and the public
// intersects / the strict distance test must match the oracle on random,
// near-touching, degenerate and extreme-magnitude inputs, for double,
// float, int32 and int64.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <string>
#include <type_traits>

#include "testing/capsule_oracle.hpp"
#include "exactgeom/capsules.hpp"
#include "exactgeom/detail/triangle_first_stage.hpp"
#include "testing/sanitized.hpp"

namespace eg = exactgeom;
using namespace exactgeom::testing::capsule_oracle;
using eg::detail::Tri;

namespace {

template <class T>
class TriangleFast : public ::testing::Test {};
using FastTypes = ::testing::Types<double, float, std::int32_t, std::int64_t>;
struct TypeNames {
  template <class T>
  static std::string GetName(int) { return eg::coordinate_traits<T>::name; }
};
TYPED_TEST_SUITE(TriangleFast, FastTypes, TypeNames);

using exactgeom::testing::sanitized_cases;

/// Decisions of the stage, as capsules.hpp runs it (same differences).
struct Tally {
  int yes = 0, no = 0, maybe = 0;
  int decided() const { return yes + no; }
  int total() const { return yes + no + maybe; }
};

/// Runs the stage on (c, t) the way capsules.hpp does and checks every
/// decision against the oracle's squared distance; also checks the public
/// functions (both argument orders, both axis orientations).
template <class T>
void check(const eg::Capsule3<T>& c, const eg::Triangle3<T>& t, Tally& tally, const std::string& what) {
  using eg::detail::coord;
  using eg::detail::fast_diff;
  const Q dist2 = oracle_segment_triangle(qv(c.seg.a), qv(c.seg.b), qv(t.a), qv(t.b), qv(t.c));
  const Q R = to_q(c.r);
  const bool closed = dist2 <= R * R, open = dist2 < R * R;
  for (int rev = 0; rev < 2; ++rev) {
    const eg::Point3<T>& p = rev ? c.seg.b : c.seg.a;
    const eg::Point3<T>& q = rev ? c.seg.a : c.seg.b;
    double w[3], d[3], e1[3], e2[3];
    for (int k = 0; k < 3; ++k) {
      w[k] = fast_diff(coord(p, k), coord(t.a, k));
      d[k] = fast_diff(coord(q, k), coord(p, k));
      e1[k] = fast_diff(coord(t.b, k), coord(t.a, k));
      e2[k] = fast_diff(coord(t.c, k), coord(t.a, k));
    }
    const double r = static_cast<double>(c.r);
    const Tri s = eg::detail::segtri_fast(w, d, e1, e2, r);
    if (rev == 0) (s == Tri::yes ? tally.yes : s == Tri::no ? tally.no : tally.maybe)++;
    if (s == Tri::yes) {
      EXPECT_TRUE(open) << what << ": segment stage said meet";
    }
    if (s == Tri::no) {
      EXPECT_FALSE(closed) << what << ": segment stage said apart";
    }
    if (d[0] == 0 && d[1] == 0 && d[2] == 0) {
      const Tri sp = eg::detail::pointtri_fast(w, e1, e2, r);
      if (sp == Tri::yes) {
        EXPECT_TRUE(open) << what << ": point stage said meet";
      }
      if (sp == Tri::no) {
        EXPECT_FALSE(closed) << what << ": point stage said apart";
      }
    }
  }
  const eg::Capsule3<T> rc{{c.seg.b, c.seg.a}, c.r};
  const eg::Triangle3<T> rt{t.b, t.c, t.a};
  EXPECT_EQ(eg::intersects(c, t), closed) << what;
  EXPECT_EQ(eg::intersects(rt, rc), closed) << what;
  EXPECT_EQ(eg::within_radii(c, t), open) << what;
  EXPECT_EQ(eg::within_radii(rt, rc), open) << what;
  if (c.seg.a == c.seg.b) {
    const eg::Sphere<T> s{c.seg.a, c.r};
    EXPECT_EQ(eg::intersects(s, t), closed) << what;
    EXPECT_EQ(eg::within_radii(t, s), open) << what;
    if (c.r == T(0)) {
      EXPECT_EQ(eg::intersects(c.seg.a, t), closed) << what;
      EXPECT_FALSE(eg::within_radii(c.seg.a, t)) << what;
    }
  }
}

template <class T>
double default_range() {
  if constexpr (std::is_same_v<T, std::int32_t>) return 1e9;
  if constexpr (std::is_same_v<T, std::int64_t>) return 4e18;
  return 100.0;
}

template <class T>
T draw(std::mt19937_64& g, double range) {
  std::uniform_real_distribution<double> u(-range, range);
  if constexpr (std::is_integral_v<T>)
    return static_cast<T>(std::llround(u(g)));  // |range| <= 4e18 < 2^63
  else
    return static_cast<T>(u(g));
}
template <class T>
eg::Point3<T> point(std::mt19937_64& g, double range) {
  return {draw<T>(g, range), draw<T>(g, range), draw<T>(g, range)};
}
template <class T>
T radius(std::mt19937_64& g, double range) {
  return static_cast<T>(std::fabs(static_cast<double>(draw<T>(g, range))));
}

/// The radius nearest the true distance (rounded or truncated in T), and
/// one unit/ulp either side.
template <class T>
T near_radius(const eg::Capsule3<T>& c, const eg::Triangle3<T>& t, int step) {
  const Q dist2 = oracle_segment_triangle(qv(c.seg.a), qv(c.seg.b), qv(t.a), qv(t.b), qv(t.c));
  const mpf_class root = sqrt(mpf_class(dist2, 256));  // no overflow at 1e300
  const double dist = root.get_d();
  if constexpr (std::is_integral_v<T>) {
    const double r = std::floor(dist) + step;
    return r < 0 ? T(0) : static_cast<T>(r);
  } else {
    T r = static_cast<T>(dist);
    if (!std::isfinite(r)) r = std::numeric_limits<T>::max();
    for (int k = 0; k < std::abs(step); ++k)
      r = std::nextafter(r, step > 0 ? std::numeric_limits<T>::infinity() : T(0));
    return r;
  }
}

TYPED_TEST(TriangleFast, RandomInputsAreDecidedByTheStageAndAgreeWithTheOracle) {
  using T = TypeParam;
  const double range = default_range<T>();
  std::mt19937_64 g(11);
  Tally seg, sph;
  // Half the cases under the sanitizers (testing/sanitized.hpp); the
  // thresholds below are shares of the cases run.
  for (int i = 0; i < sanitized_cases(1500, 2); ++i) {
    eg::Capsule3<T> c{{point<T>(g, range), point<T>(g, range)}, radius<T>(g, range / 5)};
    const eg::Triangle3<T> t{point<T>(g, range), point<T>(g, range), point<T>(g, range)};
    check(c, t, seg, "random capsule " + std::to_string(i));
    c.seg.b = c.seg.a;
    check(c, t, sph, "random sphere " + std::to_string(i));
  }
  std::printf("random: capsule %d yes %d no %d maybe; sphere %d yes %d no %d maybe\n", seg.yes,
              seg.no, seg.maybe, sph.yes, sph.no, sph.maybe);
  EXPECT_GT(seg.decided(), seg.total() * 99 / 100);
  EXPECT_GT(sph.decided(), sph.total() * 99 / 100);
  EXPECT_GT(seg.yes, seg.total() / 10);  // both answers occur
  EXPECT_GT(seg.no, seg.total() / 10);
}

TYPED_TEST(TriangleFast, NearTouchingAgreesWithTheOracle) {
  using T = TypeParam;
  const double range = default_range<T>() / 4;  // room for the radius
  std::mt19937_64 g(12);
  Tally tally;
  // The random pairs: half of them under the sanitizers; the exact
  // touching ones below run in both builds.
  for (int i = 0; i < sanitized_cases(300, 2); ++i) {
    eg::Capsule3<T> c{{point<T>(g, range), point<T>(g, range)}, T(0)};
    if (i % 2) c.seg.b = c.seg.a;
    const eg::Triangle3<T> t{point<T>(g, range), point<T>(g, range), point<T>(g, range)};
    for (int step = -1; step <= 1; ++step) {
      c.r = near_radius(c, t, step);
      check(c, t, tally, "near touching " + std::to_string(i) + " step " + std::to_string(step));
    }
  }
  // Exact touching, axis-aligned: sphere on the face, on an edge, on a
  // corner, a capsule lying on the face; then every coordinate moved by one
  // unit / ulp.
  const eg::Triangle3<T> t{{T(0), T(0), T(0)}, {T(60), T(0), T(0)}, {T(0), T(60), T(0)}};
  const eg::Capsule3<T> touching[] = {
      {{{T(10), T(10), T(7)}, {T(10), T(10), T(7)}}, T(7)},
      {{{T(30), T(-7), T(0)}, {T(30), T(-7), T(0)}}, T(7)},
      {{{T(-3), T(-4), T(0)}, {T(-3), T(-4), T(0)}}, T(5)},
      {{{T(5), T(5), T(9)}, {T(20), T(30), T(9)}}, T(9)},
      {{{T(-20), T(5), T(9)}, {T(20), T(30), T(9)}}, T(9)},
      {{{T(70), T(20), T(3)}, {T(20), T(70), T(-3)}}, T(0)},
  };
  int n = 0;
  for (const auto& c0 : touching) {
    check(c0, t, tally, "touching " + std::to_string(n));
    for (int coordinate = 0; coordinate < 7; ++coordinate)
      for (int dir = -1; dir <= 1; dir += 2) {
        eg::Capsule3<T> c = c0;
        T* v[7] = {&c.seg.a.x, &c.seg.a.y, &c.seg.a.z, &c.seg.b.x, &c.seg.b.y, &c.seg.b.z, &c.r};
        if constexpr (std::is_integral_v<T>)
          *v[coordinate] += T(dir);
        else
          *v[coordinate] = std::nextafter(*v[coordinate], dir > 0 ? std::numeric_limits<T>::infinity() : -std::numeric_limits<T>::infinity());
        if (c.r < T(0)) continue;
        check(c, t, tally, "touching " + std::to_string(n) + " moved " + std::to_string(coordinate));
      }
    ++n;
  }
}

TYPED_TEST(TriangleFast, DegenerateInputsAgreeWithTheOracle) {
  using T = TypeParam;
  const double range = default_range<T>() / 4;
  std::mt19937_64 g(13);
  Tally tally;
  // Half the cases under the sanitizers (all four kinds of axis occur).
  for (int i = 0; i < sanitized_cases(400, 2); ++i) {
    const eg::Point3<T> a = point<T>(g, range), b = point<T>(g, range);
    const eg::Point3<T> m{T(a.x / 2 + b.x / 2), T(a.y / 2 + b.y / 2), T(a.z / 2 + b.z / 2)};
    const eg::Point3<T> beyond{T(2 * (b.x / 2) - a.x / 2), T(2 * (b.y / 2) - a.y / 2),
                               T(2 * (b.z / 2) - a.z / 2)};
    const eg::Triangle3<T> tris[] = {
        {a, b, m},       // collinear (exactly, for even-ish values; else nearly)
        {a, b, beyond},  // nearly collinear, third corner outside
        {a, a, b},       // two corners coincide
        {a, a, a},       // a point
        {m, b, a},
    };
    eg::Capsule3<T> c{{point<T>(g, range), point<T>(g, range)}, radius<T>(g, range / 3)};
    switch (i % 4) {
      case 0: c.seg.b = c.seg.a; break;                     // zero-length axis
      case 1: c.seg.b.z = c.seg.a.z; break;                 // parallel to z planes
      case 2: c.seg.a = m; c.seg.b = point<T>(g, range); break;  // starts on the line
      default: break;
    }
    for (const auto& t : tris) check(c, t, tally, "degenerate " + std::to_string(i));
    // In the plane z = 0, and parallel to it.
    eg::Triangle3<T> flat{point<T>(g, range), point<T>(g, range), point<T>(g, range)};
    flat.a.z = flat.b.z = flat.c.z = T(0);
    eg::Capsule3<T> in_plane = c;
    in_plane.seg.a.z = in_plane.seg.b.z = T(0);
    check(in_plane, flat, tally, "in plane " + std::to_string(i));
    in_plane.seg.a.z = in_plane.seg.b.z = c.r;  // touching from above when over the face
    check(in_plane, flat, tally, "parallel " + std::to_string(i));
  }
}

TEST(TriangleFastExtreme, HugeTinyAndMixedMagnitudesAgreeWithTheOracle) {
  std::mt19937_64 g(14);
  Tally tally;
  for (double scale : {0x1p-1070, 1e-300, 1e-150, 1e150, 0x1p500, 1e300, 1e307}) {
    // Half the cases per scale under the sanitizers (every i % 3, % 5, % 7
    // variant still occurs); the overflow cases below run in both builds.
    for (int i = 0; i < sanitized_cases(150, 2); ++i) {
      eg::Capsule3<double> c{{point<double>(g, 1), point<double>(g, 1)}, radius<double>(g, 0.4)};
      if (i % 3 == 0) c.seg.b = c.seg.a;
      eg::Triangle3<double> t{point<double>(g, 1), point<double>(g, 1), point<double>(g, 1)};
      auto sc = [scale](eg::Point3<double>& p) {
        p.x *= scale;
        p.y *= scale;
        p.z *= scale;
      };
      sc(c.seg.a);
      sc(c.seg.b);
      c.r *= scale;
      sc(t.a);
      sc(t.b);
      sc(t.c);
      if (i % 5 == 1) {  // mixed: one corner far away
        t.c.x = i % 2 ? 1e300 : -1e-300;
      }
      if (i % 7 == 2) c.r = near_radius(c, t, i % 3 - 1);
      check(c, t, tally, "scale " + std::to_string(scale) + " case " + std::to_string(i));
    }
  }
  // Differences that overflow: corners +-1e308 apart.
  const eg::Triangle3<double> wide{{-1e308, 0, 0}, {1e308, 0, 0}, {0, 1e308, 0}};
  check(eg::Capsule3<double>{{{0, -1, 0}, {0, -1, 0}}, 1}, wide, tally, "overflow touching");
  check(eg::Capsule3<double>{{{0, -2, 0}, {0, -2, 0}}, 1}, wide, tally, "overflow apart");
  check(eg::Capsule3<double>{{{0, 5, -3}, {0, 5, 3}}, 0}, wide, tally, "overflow piercing");
}

TEST(TriangleFastExtreme, Int64ExtremesAgreeWithTheOracle) {
  using L = std::numeric_limits<std::int64_t>;
  Tally tally;
  const std::int64_t M = L::max(), m = L::min();
  const eg::Triangle3<std::int64_t> t{{m, m, 0}, {M, m, 0}, {m, M, 0}};
  for (std::int64_t z : {std::int64_t(0), std::int64_t(1), std::int64_t(-1), M, m})
    for (std::int64_t r : {std::int64_t(0), std::int64_t(1), M})
      check(eg::Capsule3<std::int64_t>{{{M, M, z}, {0, 0, z}}, r}, t, tally, "int64 extreme");
}

TEST(TriangleFastExtreme, NonFiniteAndNegativeInputsStillThrow) {
  const eg::Triangle3<double> t{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double inf = std::numeric_limits<double>::infinity();
  EXPECT_THROW(eg::intersects(eg::Sphere<double>{{nan, 0, 0}, 1}, t), eg::invalid_input);
  EXPECT_THROW(eg::intersects(eg::Sphere<double>{{0, 0, 0}, inf}, t), eg::invalid_input);
  EXPECT_THROW(eg::intersects(eg::Sphere<double>{{0, 0, 0}, nan}, t), eg::invalid_input);
  EXPECT_THROW(eg::intersects(eg::Capsule3<double>{{{0, 0, 0}, {inf, 0, 0}}, 1}, t), eg::invalid_input);
  EXPECT_THROW(eg::within_radii(eg::Sphere<double>{{0, 0, 0}, -1}, t), eg::invalid_input);
}

/// The squared distance from p to the feature of kernel candidate `bit`
/// (a corner, an edge's line, the plane), exactly.
Q candidate_dist2(int bit, const QV& p, const QV& a, const QV& b, const QV& c) {
  auto line = [&](const QV& u, const QV& v) -> Q {
    const QV d = qsub(v, u), w = qsub(p, u);
    const QV x = qcross(w, d);
    if (sgn(qdot(d, d)) == 0) {
      ADD_FAILURE() << "certified edge of zero length";
      return Q(-1);
    }
    return qdot(x, x) / qdot(d, d);
  };
  switch (bit) {
    case 0: return qdot(qsub(p, a), qsub(p, a));
    case 1: return qdot(qsub(p, b), qsub(p, b));
    case 10: return qdot(qsub(p, c), qsub(p, c));
    case 4: return line(a, b);
    case 13: return line(b, c);
    case 22: return line(c, a);
    default: {
      const QV n = qcross(qsub(b, a), qsub(c, a));
      const Q h = qdot(n, qsub(p, a));
      if (sgn(qdot(n, n)) == 0) {
        ADD_FAILURE() << "certified face of a degenerate triangle";
        return Q(-1);
      }
      return h * h / qdot(n, n);
    }
  }
}

/// pointtri_certified_fast on p and triangle abc (doubles): a certificate
/// must name the feature of the closest point (its distance is the oracle's).
int check_certified(const double* p, const double* a, const double* b, const double* c, int* got) {
  double w[3], e1[3], e2[3];
  for (int k = 0; k < 3; ++k) {
    w[k] = p[k] - a[k];
    e1[k] = b[k] - a[k];
    e2[k] = c[k] - a[k];
  }
  const int bit = eg::detail::pointtri_certified_fast(eg::detail::tri_gram<true>(w, nullptr, e1, e2));
  if (bit < 0) return bit;
  ++*got;
  auto q = [](const double* x) { return QV{Q(x[0]), Q(x[1]), Q(x[2])}; };
  const Q want = oracle_point_triangle(q(p), q(a), q(b), q(c));
  EXPECT_EQ(candidate_dist2(bit, q(p), q(a), q(b), q(c)), want)
      << "candidate bit " << bit << " p " << p[0] << " " << p[1] << " " << p[2] << " a " << a[0]
      << " " << a[1] << " " << a[2] << " b " << b[0] << " " << b[1] << " " << b[2] << " c " << c[0]
      << " " << c[1] << " " << c[2];
  return bit;
}

TEST(TriangleCertifiedCandidate, NamesTheClosestFeature) {
  std::mt19937_64 g(21);
  std::uniform_real_distribution<double> u(-1, 1);
  std::uniform_int_distribution<int> ui(-2, 2);
  // A quarter of the random cases under the sanitizers (testing/sanitized.hpp),
  // the counts scaled to them: 3900 of 4000 certified is n - n / 40.
  const int n = sanitized_cases(4000, 4), n_grid = sanitized_cases(20000, 4);
  for (double scale : {1.0, 0x1p-190, 0x1p240, 0x1p-300, 0x1p300}) {
    int got = 0;
    unsigned seen = 0;
    for (int i = 0; i < n; ++i) {
      double p[3], a[3], b[3], c[3];
      for (double* x : {p, a, b, c})
        for (int k = 0; k < 3; ++k) x[k] = u(g) * scale;
      const int bit = check_certified(p, a, b, c, &got);
      if (bit >= 0) seen |= 1u << bit;
    }
    if (std::fabs(std::log2(scale)) <= 240) {
      EXPECT_GT(got, n - n / 40) << "scale " << scale;  // measured: nearly all
      EXPECT_EQ(seen, (1u << 0) | (1u << 1) | (1u << 10) | (1u << 4) | (1u << 13) | (1u << 22) |
                          (1u << 27))
          << "every region is taken, scale " << scale;
    } else {
      EXPECT_EQ(got, 0) << "outside [2^-400, 2^500] nothing is certified, scale " << scale;
    }
  }
  // A small grid: degenerate triangles, p on edges and corners, repeated
  // corners. Exact zeros are never certified; whatever is must be right.
  int got = 0;
  for (int i = 0; i < n_grid; ++i) {
    double p[3], a[3], b[3], c[3];
    for (double* x : {p, a, b, c})
      for (int k = 0; k < 3; ++k) x[k] = ui(g);
    check_certified(p, a, b, c, &got);
  }
  EXPECT_GT(got, n_grid / 4);  // 5000 of 20000
}

}  // namespace

// ---------------------------------------------------------------------------
// segment_triangle_certified (capsule_kernel.hpp): when it names a candidate,
// that candidate's pair must be a closest pair of the segment and the filled
// triangle (a real pair: parameters in range, a face candidate's projection
// in the triangle, a piercing one's crossing point in it; its squared
// distance the mpq oracle's), for the filter
// types and mpz_class. Leaving out any of its conditions (the third corner's
// above all) certifies candidates that are not closest on these inputs.

namespace {

template <class W>
int seg_tri_certified_on(const double (&x)[5][3], int hint = -1) {
  auto v = [&x](int i) {
    eg::detail::Vec<W, 3> r;
    for (int k = 0; k < 3; ++k) r[k] = W(x[i][k]);
    return r;
  };
  return eg::detail::segment_triangle_certified<W>(v(0), v(1), v(2), v(3), v(4), hint);
}

/// Candidate `bit`'s pair, exactly: its squared distance, or -1 when the
/// candidate's point is not a pair of the segment and the triangle.
Q seg_tri_candidate_dist2(int bit, const QV& p, const QV& q, const QV& a, const QV& b, const QV& c) {
  const QV d = qsub(q, p);
  if (bit == 29) {  // piercing: the segment crosses the plane inside the triangle
    const QV n = qcross(qsub(b, a), qsub(c, a));
    const Q hp = qdot(n, qsub(p, a)), hq = qdot(n, qsub(q, a));
    if (!(hp * hq < 0)) return Q(-1);
    return oracle_inside(qaxpy(p, d, Q(hp / (hp - hq))), a, b, c, n) ? Q(0) : Q(-1);
  }
  if (bit >= 27) {
    const QV& x = bit == 27 ? p : q;
    const QV n = qcross(qsub(b, a), qsub(c, a));
    if (qdot(n, n) == 0 || !oracle_inside(x, a, b, c, n)) return Q(-1);
    const Q h = qdot(n, qsub(x, a));
    return h * h / qdot(n, n);
  }
  const QV* corners[4] = {&a, &b, &c, &a};
  const QV& u = *corners[bit / 9];
  const QV f = qsub(*corners[bit / 9 + 1], u), r = qsub(p, u);
  const Q A = qdot(d, d), B = qdot(d, f), C = qdot(d, r), E = qdot(f, f), F = qdot(f, r);
  Q s, t;
  switch (bit % 9) {
    case 0: s = 0; t = 0; break;
    case 1: s = 0; t = 1; break;
    case 2: s = 1; t = 0; break;
    case 3: s = 1; t = 1; break;
    case 4: s = 0; t = F / E; break;
    case 5: s = 1; t = (F + B) / E; break;
    case 6: s = -C / A; t = 0; break;
    case 7: s = (B - C) / A; t = 1; break;
    default: {
      const Q den = A * E - B * B;
      s = (B * F - C * E) / den;
      t = (A * F - B * C) / den;
    }
  }
  if (s < 0 || s > 1 || t < 0 || t > 1) return Q(-1);
  const QV n = qsub(qaxpy(r, d, s), qaxpy(QV{0, 0, 0}, f, t));
  return qdot(n, n);
}

/// Checks the certificates of FilterDouble (without a hint and with `hint`,
/// any candidate number: a hint is only tried first), FilterLong and
/// (integers) mpz_class on one input; returns the bits certified (as a mask).
unsigned check_seg_tri_certified(const double (&x)[5][3], bool integers, int hint, int* certified, int* total) {
  auto qp = [](const double* v) { return QV{Q(v[0]), Q(v[1]), Q(v[2])}; };
  const QV p = qp(x[0]), q = qp(x[1]), a = qp(x[2]), b = qp(x[3]), c = qp(x[4]);
  const Q want = oracle_segment_triangle(p, q, a, b, c);
  const int ks[4] = {seg_tri_certified_on<eg::detail::FilterDouble>(x),
                     seg_tri_certified_on<eg::detail::FilterDouble>(x, hint),
                     seg_tri_certified_on<eg::detail::FilterLong>(x),
                     integers ? seg_tri_certified_on<mpz_class>(x) : -2};
  unsigned seen = 0;
  for (int k : ks) {
    if (k == -2) continue;
    ++*total;
    if (k < 0) continue;
    ++*certified;
    seen |= 1u << k;
    EXPECT_EQ(seg_tri_candidate_dist2(k, p, q, a, b, c), want)
        << "candidate " << k << " is not a closest pair: p " << x[0][0] << " " << x[0][1] << " " << x[0][2]
        << " q " << x[1][0] << " " << x[1][1] << " " << x[1][2] << " a " << x[2][0] << " " << x[2][1] << " "
        << x[2][2] << " b " << x[3][0] << " " << x[3][1] << " " << x[3][2] << " c " << x[4][0] << " "
        << x[4][1] << " " << x[4][2];
  }
  return seen;
}

}  // namespace

TEST(SegmentTriangleCertifiedCandidate, IsAClosestPair) {
  std::mt19937_64 g(23);
  std::uniform_real_distribution<double> u(-100, 100);
  int certified = 0, total = 0;
  unsigned seen = 0;
  // A quarter of the cases under the sanitizers (testing/sanitized.hpp); the
  // counts are shares of the cases run.
  for (int i = 0; i < sanitized_cases(6000, 4); ++i) {
    double x[5][3];
    for (auto& v : x)
      for (double& c : v) c = u(g);
    // A third short segments (ends over the face are common then).
    if (i % 3 == 0)
      for (int k = 0; k < 3; ++k) x[1][k] = x[0][k] + u(g) / 20;
    seen |= check_seg_tri_certified(x, false, static_cast<int>(g() % 31) - 1, &certified, &total);
  }
  EXPECT_GT(certified, total * 9 / 10);
  // Every certifiable kind occurs (endpoint pairs, end-edge, corner-segment,
  // edge-segment interior, an end over the face), on some edge.
  for (int kind = 0; kind < 9; ++kind)
    EXPECT_NE(seen & ((1u << kind) | (1u << (9 + kind)) | (1u << (18 + kind))), 0u) << "kind " << kind;
  EXPECT_NE(seen & (3u << 27), 0u);
  EXPECT_NE(seen & (1u << 29), 0u);  // piercing
  // A small integer grid: degenerate triangles and segments, ends on edges
  // and corners, parallel edges; many have no certificate (the caller then
  // tests all thirty); mpz_class runs here too.
  certified = total = 0;
  std::uniform_int_distribution<int> ui(-2, 2);
  for (int i = 0; i < sanitized_cases(20000, 4); ++i) {
    double x[5][3];
    for (auto& v : x)
      for (double& c : v) c = ui(g);
    check_seg_tri_certified(x, true, static_cast<int>(g() % 31) - 1, &certified, &total);
  }
  EXPECT_GT(certified, total / 4);
}

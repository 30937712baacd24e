// tests/filters_test.cpp: the first stages of the double paths of orient2d,
// orient3d and incircle (detail/filters.hpp: orient2d_ozaki_estimate,
// orient3d_semistatic_estimate, incircle_semistatic_estimate), each tested
// by itself against the exact determinant of the input points (in mpq_class,
// from the doubles as they are): whenever a stage proves a sign
// (first_stage_certain) it must be the exact one. The inputs are random,
// exactly degenerate (where any answer is wrong), moved off degenerate by
// one to three ulps, at every scale of the exponent range (with the zones
// where the products underflow and overflow), translated so that the
// differences round, scaled per axis (orient3d: a tiny minor times a huge
// difference, where only the absolute term guards), and rounded through
// float. The public predicates are checked against the same determinant.
#include <gmpxx.h>
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <cstdint>
#include <iostream>
#include <random>
#include <string>

#include "exactgeom/detail/filters.hpp"
#include "exactgeom/predicates.hpp"
#include "testing/oracle.hpp"
#include "testing/sanitized.hpp"

namespace {

namespace d = exactgeom::detail;
using exactgeom::Point2;
using exactgeom::Point3;
using Rng = std::mt19937_64;

std::int64_t uniform(Rng& rng, std::int64_t lo, std::int64_t hi) {  // inclusive
  return lo + static_cast<std::int64_t>(rng() % static_cast<std::uint64_t>(hi - lo + 1));
}

/// The points of a flat coordinate array, dim coordinates each.
template <std::size_t N>
std::array<Point2<double>, N> points2(const double* p) {
  std::array<Point2<double>, N> q;
  for (std::size_t i = 0; i < N; ++i) q[i] = {p[2 * i], p[2 * i + 1]};
  return q;
}
template <std::size_t N>
std::array<Point3<double>, N> points3(const double* p) {
  std::array<Point3<double>, N> q;
  for (std::size_t i = 0; i < N; ++i) q[i] = {p[3 * i], p[3 * i + 1], p[3 * i + 2]};
  return q;
}

// ---------------------------------------------------------------------------
// The three predicates: the exact sign of the points (testing/oracle.hpp,
// mpq_class from the doubles as they are), the first stage, and the public
// predicate.

namespace oracle = exactgeom::testing::oracle;

struct Orient2d {
  static constexpr int n = 3, dim = 2;
  static int exact(const double* p) {
    const auto q = points2<3>(p);
    return oracle::orient2d(q[0], q[1], q[2]);
  }
  static d::Estimate stage(const double* p) {
    return d::orient2d_ozaki_estimate(p[2] - p[0], p[3] - p[1], p[4] - p[0], p[5] - p[1]);
  }
  static bool certain(const d::Estimate& e) { return d::ozaki_certain(e); }
  static int predicate(const double* p) {
    const auto q = points2<3>(p);
    return static_cast<int>(exactgeom::orient2d(q[0], q[1], q[2]));
  }
};

struct Orient3d {
  static constexpr int n = 4, dim = 3;
  static int exact(const double* p) {
    const auto q = points3<4>(p);
    return oracle::orient3d(q[0], q[1], q[2], q[3]);
  }
  static bool certain(const d::Estimate& e) { return d::first_stage_certain(e); }
  static d::Estimate stage(const double* p) {
    return d::orient3d_semistatic_estimate(p[3] - p[0], p[4] - p[1], p[5] - p[2], p[6] - p[0], p[7] - p[1],
                                           p[8] - p[2], p[9] - p[0], p[10] - p[1], p[11] - p[2]);
  }
  static int predicate(const double* p) {
    const auto q = points3<4>(p);
    return static_cast<int>(exactgeom::orient3d(q[0], q[1], q[2], q[3]));
  }
};

struct Incircle {
  static constexpr int n = 4, dim = 2;
  static int exact(const double* p) {
    const auto q = points2<4>(p);
    return oracle::incircle(q[0], q[1], q[2], q[3]);
  }
  static bool certain(const d::Estimate& e) { return d::first_stage_certain(e); }
  static d::Estimate stage(const double* p) {
    return d::incircle_semistatic_estimate(p[0] - p[6], p[1] - p[7], p[2] - p[6], p[3] - p[7], p[4] - p[6],
                                           p[5] - p[7]);
  }
  static int predicate(const double* p) {
    const auto q = points2<4>(p);
    return static_cast<int>(exactgeom::incircle(q[0], q[1], q[2], q[3]));
  }
};

// ---------------------------------------------------------------------------
// Exactly degenerate integer configurations (|coordinates| < 2^27, so exact
// in double after any power-of-two scaling that stays in range).

template <class Op>
using Config = std::array<std::int64_t, Op::n * Op::dim>;

Config<Orient2d> degenerate(Rng& rng, Orient2d) {  // collinear: a + t d
  const std::int64_t ax = uniform(rng, -(1 << 25), 1 << 25), ay = uniform(rng, -(1 << 25), 1 << 25);
  const std::int64_t dx = uniform(rng, -(1 << 12), 1 << 12), dy = uniform(rng, -(1 << 12), 1 << 12);
  Config<Orient2d> c;
  for (int i = 0; i < 3; ++i) {
    const std::int64_t t = uniform(rng, -(1 << 12), 1 << 12);
    c[2 * i] = ax + t * dx, c[2 * i + 1] = ay + t * dy;
  }
  return c;
}

Config<Orient3d> degenerate(Rng& rng, Orient3d) {  // coplanar: a + s d1 + t d2
  std::int64_t a[3], d1[3], d2[3];
  for (int k = 0; k < 3; ++k) {
    a[k] = uniform(rng, -(1 << 25), 1 << 25);
    d1[k] = uniform(rng, -(1 << 11), 1 << 11);
    d2[k] = uniform(rng, -(1 << 11), 1 << 11);
  }
  Config<Orient3d> c;
  for (int i = 0; i < 4; ++i) {
    const std::int64_t s = uniform(rng, -(1 << 11), 1 << 11), t = uniform(rng, -(1 << 11), 1 << 11);
    for (int k = 0; k < 3; ++k) c[3 * i + k] = a[k] + s * d1[k] + t * d2[k];
  }
  return c;
}

Config<Incircle> degenerate(Rng& rng, Incircle) {  // cocircular: the 8 points (+-p, +-q), (+-q, +-p)
  const std::int64_t m = uniform(rng, 2, 1 << 11), k = uniform(rng, 1, m - 1);
  const std::int64_t p = m * m - k * k, q = 2 * m * k;  // p^2 + q^2 = (m^2 + k^2)^2
  const std::int64_t cx = uniform(rng, -(1 << 25), 1 << 25), cy = uniform(rng, -(1 << 25), 1 << 25);
  Config<Incircle> c;
  for (int i = 0; i < 4; ++i) {
    const std::uint64_t r = rng();
    std::int64_t x = (r & 1) ? p : q, y = (r & 1) ? q : p;
    if (r & 2) x = -x;
    if (r & 4) y = -y;
    c[2 * i] = cx + x, c[2 * i + 1] = cy + y;
  }
  return c;
}

/// The configuration scaled by 2^e (exact unless it leaves the range).
template <class Op>
std::array<double, Op::n * Op::dim> scaled(const Config<Op>& c, long e) {
  std::array<double, Op::n * Op::dim> p;
  for (std::size_t i = 0; i < c.size(); ++i) p[i] = std::ldexp(static_cast<double>(c[i]), static_cast<int>(e));
  return p;
}

// ---------------------------------------------------------------------------
// The check: a first-stage answer must be the exact sign, and so must the
// predicate's.

struct Tally {
  long checked = 0, answered = 0, wrong = 0, predicate_wrong = 0;
  void print(const std::string& what) const {
    std::cout << "[ stage    ] " << what << ": " << checked << " inputs, first stage answered " << answered
              << ", wrong " << wrong << "\n";
  }
};

template <class Op, class P>
int check(const P& p, Tally& t, const char* what) {
  for (double v : p)
    if (!std::isfinite(v)) return 2;  // left the range; nothing to check
  const int want = Op::exact(p.data());
  const d::Estimate e = Op::stage(p.data());
  ++t.checked;
  if (Op::certain(e)) {
    ++t.answered;
    const int got = d::first_stage_sign(e);
    if (got != want && ++t.wrong <= 3) {
      std::string s;
      for (double v : p) s += std::to_string(v) + " ";
      ADD_FAILURE() << what << ": first stage says " << got << ", exact " << want << " (det " << e.det
                    << ", bound " << e.bound << ") at " << s;
    }
  }
  if (Op::predicate(p.data()) != want && ++t.predicate_wrong <= 3) ADD_FAILURE() << what << ": predicate wrong";
  return want;
}

/// Exactly degenerate configurations at scales over the exponent range
/// `zone`, each as is (where the first stage must never answer), translated
/// by a random double (so the differences round), and with one coordinate
/// moved 1, 2 or 3 ulps; everything checked.
template <class Op>
Tally run_degenerate(Rng& rng, long lo, long hi, int count, const char* what) {
  Tally t;
  long degenerate_answered = 0;
  for (int n = 0; n < exactgeom::testing::sanitized_cases(count); ++n) {
    const Config<Op> c = degenerate(rng, Op{});
    const long e = uniform(rng, lo, hi);
    auto p = scaled<Op>(c, e);
    if (check<Op>(p, t, what) == 0 && Op::certain(Op::stage(p.data()))) ++degenerate_answered;
    for (int ulps = 1; ulps <= 3; ++ulps) {
      auto m = p;
      double& x = m[rng() % m.size()];
      const double dir = (rng() & 1) ? INFINITY : -INFINITY;
      for (int k = 0; k < ulps; ++k) x = std::nextafter(x, dir);
      check<Op>(m, t, what);
    }
    auto moved = p;  // translated: coordinates and differences round
    for (int k = 0; k < Op::dim; ++k) {
      const double off = std::ldexp(static_cast<double>(rng() >> 11), static_cast<int>(e + uniform(rng, -20, 10)));
      for (int i = 0; i < Op::n; ++i) moved[Op::dim * i + k] += off;
    }
    check<Op>(moved, t, what);
  }
  EXPECT_EQ(degenerate_answered, 0) << what << ": an exactly degenerate input was answered";
  return t;
}

template <class Op>
void run_all(Rng& rng, int deg, const char* name) {
  // Exponent zones: the whole range; where the degree-`deg` products cross
  // the underflow threshold (subnormal, partly rounded); where they overflow.
  const long under = -1074 / deg - 27, over = 1024 / deg - 27;
  const std::array<std::array<long, 2>, 4> zones = {{{-1100, 990}, {under - 40, under + 40}, {over - 30, over + 10}, {-40, 10}}};
  for (const auto& z : zones) {
    const std::string what = std::string(name) + " exponents " + std::to_string(z[0]) + ".." + std::to_string(z[1]);
    const Tally t = run_degenerate<Op>(rng, z[0], z[1], 3000, what.c_str());
    t.print(what);
    EXPECT_EQ(t.wrong, 0) << what;
    EXPECT_EQ(t.predicate_wrong, 0) << what;
  }
}

TEST(FirstStagePredicates, Orient2dNeverWrongAroundDegeneracyAtEveryScale) {
  Rng rng(4201);
  run_all<Orient2d>(rng, 2, "orient2d");
}
TEST(FirstStagePredicates, Orient3dNeverWrongAroundDegeneracyAtEveryScale) {
  Rng rng(4202);
  run_all<Orient3d>(rng, 3, "orient3d");
}
TEST(FirstStagePredicates, IncircleNeverWrongAroundDegeneracyAtEveryScale) {
  Rng rng(4203);
  run_all<Incircle>(rng, 4, "incircle");
}

/// Random points: uniform in [-1, 1) at one random scale per input (the
/// first stage must answer nearly all at moderate scales), and with every
/// coordinate at its own random exponent (huge next to tiny, subnormals).
template <class Op>
void run_random(Rng& rng, const char* name) {
  Tally moderate, wild;
  const int count = exactgeom::testing::sanitized_cases(20000);
  for (int n = 0; n < count; ++n) {
    std::array<double, Op::n * Op::dim> p;
    const int e = static_cast<int>(uniform(rng, -150, 150));  // the first stages' a-terms decline below ~2^-200
    for (double& v : p) v = std::ldexp(static_cast<double>(static_cast<std::int64_t>(rng() >> 10) - (std::int64_t{1} << 53)), e - 53);
    check<Op>(p, moderate, name);
    for (double& v : p) {
      const std::uint64_t r = rng();
      v = std::ldexp(static_cast<double>(r >> 11) * ((r & 1) ? 1 : -1), static_cast<int>(uniform(rng, -1130, 960)));
    }
    check<Op>(p, wild, name);
    for (double& v : p) v = static_cast<float>(std::ldexp(static_cast<double>(static_cast<std::int64_t>(rng() >> 11)) - 0x1p52, -52));
    check<Op>(p, moderate, name);  // float-rounded
  }
  moderate.print(std::string(name) + " random");
  wild.print(std::string(name) + " random exponents");
  EXPECT_EQ(moderate.wrong + wild.wrong, 0);
  EXPECT_EQ(moderate.predicate_wrong + wild.predicate_wrong, 0);
  EXPECT_GT(moderate.answered, moderate.checked * 99 / 100) << "the first stage should decide random input";
}

TEST(FirstStagePredicates, RandomAndFloatRoundedInputs) {
  Rng rng(4204);
  run_random<Orient2d>(rng, "orient2d");
  run_random<Orient3d>(rng, "orient3d");
  run_random<Incircle>(rng, "incircle");
}

/// orient3d with the axes scaled apart: one axis huge, the other two tiny,
/// so that the 2x2 minors underflow (absolute error 2^-1075 each) and are
/// then multiplied by huge differences. Exactly coplanar points stay
/// coplanar under per-axis scaling, so any answer there is wrong; only the
/// semi-static bound's underflow term (the addend 2^-300) declines them.
TEST(FirstStagePredicates, Orient3dAxesScaledApartUnderflowingMinors) {
  Rng rng(4205);
  Tally t;
  long degenerate_answered = 0;
  for (int n = 0; n < exactgeom::testing::sanitized_cases(20000); ++n) {
    const Config<Orient3d> c = degenerate(rng, Orient3d{});
    int ex[3];
    ex[0] = static_cast<int>(uniform(rng, 200, 900));
    const int small = static_cast<int>(uniform(rng, -560, -500));
    ex[1] = small + static_cast<int>(uniform(rng, -20, 20));
    ex[2] = small + static_cast<int>(uniform(rng, -20, 20));
    const int rot = static_cast<int>(rng() % 3);  // which axis is the huge one
    std::array<double, 12> p;
    for (int i = 0; i < 4; ++i)
      for (int k = 0; k < 3; ++k) p[3 * i + k] = std::ldexp(static_cast<double>(c[3 * i + k]), ex[(k + rot) % 3]);
    if (check<Orient3d>(p, t, "orient3d axes apart") == 0 && Orient3d::certain(Orient3d::stage(p.data())))
      ++degenerate_answered;
    auto m = p;
    double& x = m[rng() % 12];
    x = std::nextafter(x, (rng() & 1) ? INFINITY : -INFINITY);
    check<Orient3d>(m, t, "orient3d axes apart, moved");
  }
  t.print("orient3d axes scaled apart");
  EXPECT_EQ(degenerate_answered, 0);
  EXPECT_EQ(t.wrong, 0);
  EXPECT_EQ(t.predicate_wrong, 0);
}

/// Overflow and NaN: the first stages never decide on them.
TEST(FirstStagePredicates, OverflowAndNanNeverDecide) {
  const double big = 0x1p1000, inf = INFINITY, nan = NAN;
  EXPECT_FALSE(d::ozaki_certain(d::orient2d_ozaki_estimate(big, big, -big, big)));  // products overflow
  EXPECT_FALSE(d::ozaki_certain(d::orient2d_ozaki_estimate(inf, 1, 0, 1)));
  EXPECT_FALSE(d::ozaki_certain(d::orient2d_ozaki_estimate(nan, 1, 0, 1)));
  // Only l - r overflows: l and r have opposite signs, and inf has det's sign.
  EXPECT_TRUE(d::ozaki_certain(d::orient2d_ozaki_estimate(big, big, -0x1p23, 0x1p23)));
  EXPECT_EQ(d::first_stage_sign(d::orient2d_ozaki_estimate(big, big, -0x1p23, 0x1p23)), 1);
  // orient3d: my mz overflows while the bound's (mx my) mz does not.
  EXPECT_FALSE(d::first_stage_certain(d::orient3d_semistatic_estimate(0x1p-300, 0, 0, 0, 0x1p600, 1, 0, -1, 0x1p600)));
  EXPECT_FALSE(d::first_stage_certain(d::orient3d_semistatic_estimate(big, 0, 0, 0, big, 0, 0, 0, big)));
  EXPECT_FALSE(d::first_stage_certain(d::orient3d_semistatic_estimate(nan, 0, 0, 0, 1, 0, 0, 0, 1)));
  EXPECT_FALSE(d::first_stage_certain(d::incircle_semistatic_estimate(big, 0, 0, big, -big, 0)));
  EXPECT_FALSE(d::first_stage_certain(d::incircle_semistatic_estimate(1, 0, 0, 1, nan, 0)));
  // Subnormal products: the absolute term declines them (2^-1074 * 2^-1 underflows).
  EXPECT_FALSE(d::ozaki_certain(d::orient2d_ozaki_estimate(0x1p-537, 0, 0, 0x1p-537)));
  EXPECT_TRUE(d::ozaki_certain(d::orient2d_ozaki_estimate(1, 0, 0, 1)));
  EXPECT_TRUE(d::first_stage_certain(d::orient3d_semistatic_estimate(1, 0, 0, 0, 1, 0, 0, 0, 1)));
  EXPECT_TRUE(d::first_stage_certain(d::incircle_semistatic_estimate(1, 0, 0, 1, -1, 0)));
}

}  // namespace

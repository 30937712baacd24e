// Tests of exactgeom/detail/capsule_first_stage.hpp, the first stage of the capsule
// tests: whenever it decides, it must agree with the mpq oracle (both its
// certificates are strict: "meet" means distance < R, "apart" distance > R),
// at the edge of its error bounds, at huge and tiny magnitudes, for
// zero-length and parallel axes; and through the public API, one ULP either
// side of touching at extreme scales and int64 differences that overflow.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <random>

#include "testing/sanitized.hpp"
#include "testing/capsule_oracle.hpp"
#include "exactgeom/capsules.hpp"
#include "exactgeom/detail/capsule_first_stage.hpp"
#include "exactgeom/reference/ericson.hpp"

namespace eg = exactgeom;
using namespace exactgeom::testing::capsule_oracle;

namespace {

using eg::detail::Tri;

struct Case {
  double p1[3], q1[3], p2[3], q2[3], r1, r2;
};

/// Runs the fast stage as capsules.hpp does for doubles and checks it
/// against the oracle; returns whether it decided.
template <int D>
bool check_fast(const Case& c, const char* family, int i) {
  double r[3], d1[3], d2[3];
  for (int k = 0; k < D; ++k) {
    r[k] = c.p1[k] - c.p2[k];
    d1[k] = c.q1[k] - c.p1[k];
    d2[k] = c.q2[k] - c.p2[k];
  }
  const Tri t = eg::detail::segseg_fast<D>(r, d1, d2, c.r1 + c.r2, false);
  if (t == Tri::maybe) return false;
  auto qp = [](const double* p) { return QV{Q(p[0]), Q(p[1]), D == 3 ? Q(p[2]) : Q(0)}; };
  const Q dist2 = oracle_segment_segment(qp(c.p1), qp(c.q1), qp(c.p2), qp(c.q2));
  const Q R = Q(c.r1) + Q(c.r2);
  if (t == Tri::yes)
    EXPECT_LT(dist2, R * R) << family << " case " << i << ": fast stage said meet";
  else
    EXPECT_GT(dist2, R * R) << family << " case " << i << ": fast stage said apart";
  return true;
}

Case random_case(std::mt19937_64& g, int dim, double range) {
  std::uniform_real_distribution<double> u(-range, range), ur(0, range / 4);
  Case c{};
  for (double* p : {c.p1, c.q1, c.p2, c.q2})
    for (int k = 0; k < dim; ++k) p[k] = u(g);
  c.r1 = ur(g);
  c.r2 = ur(g);
  return c;
}

double ericson_dist(const Case& c) {
  auto pt = [](const double* p) { return eg::Point3<double>{p[0], p[1], p[2]}; };
  return std::sqrt(eg::reference::ClosestPtSegmentSegment(pt(c.p1), pt(c.q1), pt(c.p2), pt(c.q2)).dist2);
}

Case scaled(Case c, double f) {
  for (double* p : {c.p1, c.q1, c.p2, c.q2})
    for (int k = 0; k < 3; ++k) p[k] *= f;
  c.r1 *= f;
  c.r2 *= f;
  return c;
}

template <int D>
int run_random(std::uint64_t seed, int n, double scale) {
  std::mt19937_64 g(seed);
  int decided = 0;
  for (int i = 0; i < n; ++i) decided += check_fast<D>(scaled(random_case(g, D, 100), scale), "random", i);
  return decided;
}

TEST(CapsuleFastStage, RandomInputsAreDecidedAndRight) {
  // Measured: every one of these is decided at ordinary magnitudes.
  EXPECT_EQ(run_random<2>(1, 3000, 1.0), 3000);
  EXPECT_EQ(run_random<3>(2, 3000, 1.0), 3000);
}

TEST(CapsuleFastStage, HugeAndTinyMagnitudes) {
  // Scales from subnormal to overflow: never wrong. Measured: all decided
  // within 2^+-200; the apart certificate squares a degree-2 gap, so it
  // over/underflows beyond about 2^+-250 and those go to the next stage; at
  // 2^-1000 and 2^900 nothing is decided.
  for (int e : {-1070, -1060, -1000, -900, -600, -300, -200, -100, 100, 200, 300, 600, 900, 1000}) {
    for (int dim : {2, 3}) {
      const double f = std::ldexp(1.0, e);
      const int decided = dim == 2 ? run_random<2>(static_cast<std::uint64_t>(e + 5000), 300, f)
                                   : run_random<3>(static_cast<std::uint64_t>(e + 9000), 300, f);
      if (e >= -200 && e <= 200) {
        EXPECT_EQ(decided, 300) << "scale 2^" << e;
      }
      if (e <= -1000 || e >= 900) {
        EXPECT_EQ(decided, 0) << "scale 2^" << e;
      }
    }
  }
}

TEST(CapsuleFastStage, EdgeOfTheBound) {
  // R at the Ericson distance times (1 + k 2^-52): the stage must refuse
  // the near ones and may decide only where its bound allows; never wrong.
  std::mt19937_64 g(3);
  int decided_near = 0, decided_far = 0;
  for (int i = 0; i < 400; ++i) {
    const int dim = 2 + i % 2;
    Case c = random_case(g, dim, 100);
    const double dist = ericson_dist(c);
    for (int k : {-(1 << 30), -(1 << 20), -(1 << 12), -16, -4, -1, 0, 1, 4, 16, 1 << 12, 1 << 20, 1 << 30}) {
      Case cc = c;
      cc.r1 = dist / 2;
      cc.r2 = dist / 2 * (1 + k * 0x1p-52);
      const bool d = dim == 2 ? check_fast<2>(cc, "edge", i) : check_fast<3>(cc, "edge", i);
      (std::abs(k) <= 16 ? decided_near : decided_far) += d;
    }
  }
  EXPECT_EQ(decided_near, 0);    // within 16 ulps of touching: always the next stage
  EXPECT_GT(decided_far, 1000);  // of 2400; at 2^30 ulps (2^-22) nearly all decide
}

TEST(CapsuleFastStage, ZeroLengthAndParallelAxes) {
  std::mt19937_64 g(4);
  int decided = 0;
  for (int i = 0; i < 2000; ++i) {
    const int dim = 2 + i % 2;
    Case c = random_case(g, dim, 100);
    switch (i % 5) {
      case 0: std::copy(c.p1, c.p1 + 3, c.q1); break;                        // point vs segment
      case 1: std::copy(c.p2, c.p2 + 3, c.q2); break;                        // segment vs point
      case 2: std::copy(c.p1, c.p1 + 3, c.q1); std::copy(c.p2, c.p2 + 3, c.q2); break;  // two points
      case 3:  // parallel: d2 = d1 * 2^j
        for (int k = 0; k < 3; ++k) c.q2[k] = c.p2[k] + (c.q1[k] - c.p1[k]) * 0.5;
        break;
      default:  // collinear, overlapping or not
        for (int k = 0; k < 3; ++k) {
          c.p2[k] = c.p1[k] + (c.q1[k] - c.p1[k]) * 1.5;
          c.q2[k] = c.p1[k] + (c.q1[k] - c.p1[k]) * (i % 2 ? 0.25 : 3.0);
        }
    }
    if (i % 3 == 0) {  // and touching within rounding
      const double dist = ericson_dist(c);
      c.r1 = dist / 2;
      c.r2 = dist - c.r1;
    }
    decided += dim == 2 ? check_fast<2>(c, "degenerate", i) : check_fast<3>(c, "degenerate", i);
  }
  EXPECT_GT(decided, 1000);
}

TEST(CapsuleFastStage, NonFiniteInputIsNeverDecided) {
  const double inf = std::numeric_limits<double>::infinity(), nan = std::nan("");
  for (double bad : {inf, -inf, nan}) {
    double r[2] = {1, 0}, d1[2] = {0, 1}, d2[2] = {1, 1};
    EXPECT_EQ(eg::detail::segseg_fast<2>(r, d1, d2, bad, false), Tri::maybe);
    r[0] = bad;
    EXPECT_EQ(eg::detail::segseg_fast<2>(r, d1, d2, 1.0, false), Tri::maybe);
    r[0] = 1;
    d2[1] = bad;
    EXPECT_EQ(eg::detail::segseg_fast<2>(r, d1, d2, 1.0, false), Tri::maybe);
  }
  // Differences that overflow (finite inputs): the exact path answers.
  const eg::Capsule2<double> a{{{-1.5e308, 0}, {1.5e308, 0}}, 1};
  const eg::Capsule2<double> b{{{0, 2}, {0, 5}}, 1};
  EXPECT_TRUE(eg::intersects(a, b));
  EXPECT_FALSE(eg::within_radii(a, b));
}

TEST(CapsuleFastStage, OneUlpAroundTouchingAtExtremeScales) {
  // The 3-4-5 touching stadiums of the consumer example, scaled by 2^e.
  for (int e : {-1040, -700, -300, 0, 300, 700, 1000}) {
    const double f = std::ldexp(1.0, e);
    auto cap = [f](double ax, double ay, double bx, double by, double r) {
      return eg::Capsule2<double>{{{ax * f, ay * f}, {bx * f, by * f}}, r * f};
    };
    const auto a = cap(0, 0, 8, 0, 2);
    const auto b = cap(11, 4, 11, 9, 3);  // corner (8,0) to (11,4): 5 = 2 + 3
    EXPECT_TRUE(eg::intersects(a, b)) << e;
    EXPECT_FALSE(eg::within_radii(a, b)) << e;
    auto b_in = b, b_out = b;
    b_in.r = std::nextafter(b.r, HUGE_VAL);
    b_out.r = std::nextafter(b.r, 0.0);
    EXPECT_TRUE(eg::within_radii(a, b_in)) << e;
    EXPECT_FALSE(eg::intersects(a, b_out)) << e;
  }
}

TEST(CapsuleFastStage, Int64DifferencesThatOverflow) {
  // p1 - p2 does not fit int64: the __int128 conversion path of fast_diff.
  const std::int64_t big = std::numeric_limits<std::int64_t>::max() - 2;
  const eg::Capsule2<std::int64_t> a{{{-big, 0}, {-big + 3, 4}}, 1};
  const eg::Capsule2<std::int64_t> b{{{big, 0}, {big, 4}}, big};
  EXPECT_FALSE(eg::intersects(a, b));  // distance 2 big - 3 > big + 1
  // c and e: distance 2 big - 3 = (big - 2) + (big - 1), touching; d one
  // unit short of it on each... three units short in all.
  const eg::Capsule2<std::int64_t> c{{{big, 0}, {big, 4}}, big - 2};
  const eg::Capsule2<std::int64_t> d{{{-big + 3, 0}, {-big + 3, 4}}, big - 4};
  const eg::Capsule2<std::int64_t> e{{{-big + 3, 0}, {-big + 3, 4}}, big - 1};
  EXPECT_FALSE(eg::intersects(c, d));  // 2 big - 6 < 2 big - 3
  EXPECT_TRUE(eg::intersects(c, e));   // 2 big - 3 == 2 big - 3: touching
  EXPECT_FALSE(eg::within_radii(c, e));
}

}  // namespace

// ---------------------------------------------------------------------------
// The second stage (capsule_filter.hpp, FilterLong): the kernel in
// error-tracking long doubles, run on what FilterDouble leaves undecided.

namespace {

using eg::detail::FilterDouble;
using eg::detail::FilterLong;

template <class F, int D>
eg::detail::Vec<F, D> fvec(const double* p) {
  eg::detail::Vec<F, D> v;
  for (int k = 0; k < D; ++k) v[k] = F(p[k]);
  return v;
}

/// The kernel on F for case c: closed (strict = false) or open.
template <class F, int D>
Tri kernel_on(const Case& c, bool strict) {
  const F R = F(c.r1) + F(c.r2);
  return eg::detail::segment_segment_within<F, D>(fvec<F, D>(c.p1), fvec<F, D>(c.q1),
                                                  fvec<F, D>(c.p2), fvec<F, D>(c.q2), R, R * R,
                                                  strict);
}

/// Near-touching cases: r2 set so r1 + r2 is the double nearest the true
/// distance, then moved by k ulps, k in [-2, 2]: FilterDouble cannot decide
/// these, FilterLong (11 more bits) nearly always can, and must be right.
template <int D>
void check_long_near_touching(std::uint64_t seed, double scale, int* long_decided, int* total) {
  std::mt19937_64 g(seed);
  // Half the cases under the sanitizers (testing/sanitized.hpp; every k).
  for (int i = 0; i < exactgeom::testing::sanitized_cases(600, 2); ++i) {
    Case c = scaled(random_case(g, D, 100), scale);
    if (D == 2) c.p1[2] = c.q1[2] = c.p2[2] = c.q2[2] = 0;
    auto qp = [](const double* p) { return QV{Q(p[0]), Q(p[1]), Q(p[2])}; };
    const Q dist2 = oracle_segment_segment(qp(c.p1), qp(c.q1), qp(c.p2), qp(c.q2));
    if (sgn(dist2) == 0) continue;  // crossing axes: nothing to be near
    const double dist = std::sqrt(Q(dist2 / (Q(scale) * Q(scale))).get_d()) * scale;  // no overflow
    if (!(dist > 0) || !std::isfinite(dist)) continue;
    c.r1 = std::ldexp(std::floor(std::ldexp(dist / 2, -std::ilogb(dist) + 20)), std::ilogb(dist) - 20);
    c.r2 = dist - c.r1;
    for (int k = 0; k < (i % 5) - 2; ++k) c.r2 = std::nextafter(c.r2, HUGE_VAL);
    for (int k = 0; k > (i % 5) - 2; --k) c.r2 = std::nextafter(c.r2, 0.0);
    const Q R = Q(c.r1) + Q(c.r2);
    for (bool strict : {false, true}) {
      const bool want = strict ? dist2 < R * R : dist2 <= R * R;
      const Tri td = kernel_on<FilterDouble, D>(c, strict);
      if (td != Tri::maybe) {
        EXPECT_EQ(td == Tri::yes, want) << "FilterDouble case " << i;
      }
      const Tri tl = kernel_on<FilterLong, D>(c, strict);
      ++*total;
      if (tl == Tri::maybe) continue;
      ++*long_decided;
      EXPECT_EQ(tl == Tri::yes, want) << "FilterLong case " << i << " strict " << strict;
    }
  }
}

TEST(CapsuleLongStage, NearTouchingIsDecidedAndRight) {
  if (!eg::detail::kFilterLongAvailable) GTEST_SKIP() << "long double is not x87 80-bit here";
  for (double scale : {1.0, 0x1p-120, 0x1p120, 0x1p-600, 0x1p600, 0x1p-1000, 0x1p1000}) {
    int decided = 0, total = 0;
    check_long_near_touching<2>(31, scale, &decided, &total);
    check_long_near_touching<3>(32, scale, &decided, &total);
    // Measured: about 99% decided within 2^+-120; beyond about 2^+-170 the
    // double error bound of a degree-6 value over/underflows and nothing is
    // decided (those go on to the exact path). Right at every scale.
    if (std::fabs(std::log2(scale)) <= 120) {
      EXPECT_GT(decided, total * 9 / 10) << "scale " << scale;
    }
  }
}

TEST(CapsuleLongStage, ArithmeticBoundsHoldUnderCancellation) {
  if (!eg::detail::kFilterLongAvailable) GTEST_SKIP() << "long double is not x87 80-bit here";
  // n^2 - (n - k)(n + k) - m = k^2 - m with n near 2^60 and m within 2^24
  // of k^2: the products need 120 bits, long double rounds each by up to
  // 2^55, so the computed value is mostly rounding error while the exact one
  // is small. Whenever sign3 decides, it must be the exact sign; a bound a
  // few bits too small fails here.
  std::mt19937_64 g(77);
  std::uniform_int_distribution<std::int64_t> un(std::int64_t(1) << 59, std::int64_t(1) << 60);
  std::uniform_int_distribution<std::int64_t> uk(1, std::int64_t(1) << 30);
  std::uniform_int_distribution<int> ue(0, 62);
  int decided = 0, wrong = 0;
  auto L = [](std::int64_t v) { return FilterLong(static_cast<long double>(v)); };
  for (int i = 0; i < 200000; ++i) {
    const std::int64_t n = un(g), k = uk(g);
    const std::int64_t delta = static_cast<std::int64_t>(g() >> ue(g)) >> 2;  // any size
    const std::int64_t m = k * k + (i % 2 ? delta : -delta);
    const FilterLong x = L(n) * L(n) - L(n - k) * L(n + k) - L(m);
    const int s = eg::detail::sign3(x);
    if (s == 2) continue;
    ++decided;
    const std::int64_t exact = k * k - m;
    wrong += s != (exact > 0) - (exact < 0);
  }
  EXPECT_EQ(wrong, 0);
  EXPECT_GT(decided, 10000);  // the decided side is exercised too
}

TEST(CapsuleLongStage, ExactZerosStayExactAndTinyValuesStayUnsure) {
  if (!eg::detail::kFilterLongAvailable) GTEST_SKIP() << "long double is not x87 80-bit here";
  // Exact zeros are recognised on the double side (capsule_filter.hpp): a
  // difference of equal inputs, a product with it, for doubles (subnormal
  // included) and int64 beyond 2^53; nonzero results never are, even when
  // their double conversion underflows.
  auto L = [](long double v) { return FilterLong(v); };
  for (long double x : {1.5L, 0x1p-1074L, 0x1p1000L, -3.0L, 9007199254740993.0L /* 2^53 + 1 */,
                        static_cast<long double>(INT64_MAX), static_cast<long double>(INT64_MIN)}) {
    const FilterLong z = L(x) - L(x);
    EXPECT_EQ(eg::detail::sign3(z), 0);
    EXPECT_EQ(eg::detail::sign3(z * L(x)), 0);
    EXPECT_EQ(eg::detail::sign3(L(x) * z + z), 0);
    EXPECT_EQ(eg::detail::sign3(L(x) + L(-x)), 0);
    EXPECT_NE(eg::detail::sign3(L(x) * L(x) - L(x) * L(x)), 1);  // inexact: 0 or unsure, never wrong
  }
  // 2^-1074 squared is 2^-2148: a long double, 0 as a double; not an exact zero.
  const FilterLong t = L(0x1p-1074L) * L(0x1p-1074L);
  EXPECT_EQ(eg::detail::sign3(t), 2);
  EXPECT_EQ(eg::detail::sign3(t - L(0)), 2);
  EXPECT_EQ(eg::detail::sign3(L(0) * L(5) - L(0)), 0);
}

TEST(CapsuleLongStage, ExactTouchingIsNeverDecidedWrong) {
  if (!eg::detail::kFilterLongAvailable) GTEST_SKIP() << "long double is not x87 80-bit here";
  // 3-4-5 at several scales: distance exactly r1 + r2; closed yes, open no.
  for (int e : {-1000, -30, 0, 30, 1000}) {
    const double f = std::ldexp(1.0, e);
    Case c{{0, 0, 0}, {8 * f, 0, 0}, {11 * f, 4 * f, 0}, {11 * f, 4 * f, 5 * f}, 2 * f, 3 * f};
    const Tri closed = kernel_on<FilterLong, 3>(c, false), open = kernel_on<FilterLong, 3>(c, true);
    EXPECT_NE(closed, Tri::no) << e;
    EXPECT_NE(open, Tri::yes) << e;
    EXPECT_TRUE(eg::intersects(eg::Capsule3<double>{{{0, 0, 0}, {8 * f, 0, 0}}, 2 * f},
                               eg::Capsule3<double>{{{11 * f, 4 * f, 0}, {11 * f, 4 * f, 5 * f}}, 3 * f}));
    EXPECT_FALSE(eg::within_radii(eg::Capsule3<double>{{{0, 0, 0}, {8 * f, 0, 0}}, 2 * f},
                                       eg::Capsule3<double>{{{11 * f, 4 * f, 0}, {11 * f, 4 * f, 5 * f}}, 3 * f}));
  }
}

}  // namespace

// ---------------------------------------------------------------------------
// segment_segment_certified (capsule_kernel.hpp): when it names a candidate,
// that candidate's point must be a closest pair (its squared distance equals
// the mpq oracle's), for every number type it runs on.

namespace {

/// The (s, t) of candidate k, exactly (capsule_kernel.hpp's table).
std::pair<Q, Q> candidate_point(int k, const QV& r, const QV& d1, const QV& d2) {
  const Q a = qdot(d1, d1), b = qdot(d1, d2), c = qdot(d1, r), e = qdot(d2, d2), f = qdot(d2, r);
  switch (k) {
    case 0: return {0, 0};
    case 1: return {0, 1};
    case 2: return {1, 0};
    case 3: return {1, 1};
    case 4: return {0, f / e};
    case 5: return {1, (f + b) / e};
    case 6: return {-c / a, 0};
    case 7: return {(b - c) / a, 1};
    default: {
      const Q den = a * e - b * b;
      return {(b * f - c * e) / den, (a * f - b * c) / den};
    }
  }
}

/// Candidate k's (s, t) is a point of [0, 1]^2 whose squared distance is
/// the oracle's minimum `want`: the candidate holds a closest pair.
void expect_closest_pair(int k, const QV& r, const QV& d1, const QV& d2, const Q& want) {
  const auto [s, t] = candidate_point(k, r, d1, d2);
  ASSERT_TRUE(s >= 0 && s <= 1 && t >= 0 && t <= 1) << "candidate " << k;
  const QV n = qsub(qaxpy(r, d1, s), qaxpy(QV{0, 0, 0}, d2, t));
  EXPECT_EQ(qdot(n, n), want) << "candidate " << k << " is not a closest pair";
}

template <class W, int D>
int certified_on(const Case& c) {
  auto v = [](const double* p) {
    eg::detail::Vec<W, D> x;
    for (int k = 0; k < D; ++k) x[k] = W(p[k]);
    return x;
  };
  return eg::detail::segment_segment_certified<W, D>(v(c.p1), v(c.q1), v(c.p2), v(c.q2));
}

template <int D>
void check_certified(const Case& c, bool integers, int* certified, int* total) {
  auto qp = [](const double* p) { return QV{Q(p[0]), Q(p[1]), D == 3 ? Q(p[2]) : Q(0)}; };
  const QV p1 = qp(c.p1), q1 = qp(c.q1), p2 = qp(c.p2), q2 = qp(c.q2);
  const Q want = oracle_segment_segment(p1, q1, p2, q2);
  const QV d1 = qsub(q1, p1), d2 = qsub(q2, p2), r = qsub(p1, p2);
  const int ks[3] = {certified_on<FilterDouble, D>(c), certified_on<FilterLong, D>(c),
                     integers ? certified_on<mpz_class, D>(c) : -2};
  for (int k : ks) {
    if (k == -2) continue;
    ++*total;
    if (k < 0) continue;
    ++*certified;
    expect_closest_pair(k, r, d1, d2, want);
  }
}

TEST(CapsuleCertifiedCandidate, IsAClosestPair) {
  std::mt19937_64 g(5);
  int certified = 0, total = 0;
  // A quarter of the cases in both loops under the sanitizers
  // (testing/sanitized.hpp); the counts are shares of the cases run.
  for (int i = 0; i < exactgeom::testing::sanitized_cases(3000, 4); ++i) {  // random doubles
    const Case c = random_case(g, 3, 100);
    check_certified<3>(c, false, &certified, &total);
    check_certified<2>(c, false, &certified, &total);
  }
  EXPECT_GT(certified, total * 8 / 10);  // measured: 88% (2-D crossings have none)
  // A small integer grid: parallel, collinear, touching and zero-length axes
  // are common, and many of those have no certifiable candidate (fine: the
  // caller then evaluates all nine); mpz_class runs here too.
  certified = total = 0;
  std::uniform_int_distribution<int> u(-2, 2);
  for (int i = 0; i < exactgeom::testing::sanitized_cases(6000, 4); ++i) {
    Case c{};
    for (double* p : {c.p1, c.q1, c.p2, c.q2})
      for (int k = 0; k < 3; ++k) p[k] = u(g);
    check_certified<3>(c, true, &certified, &total);
    check_certified<2>(c, true, &certified, &total);
  }
  EXPECT_GT(certified, total / 2);  // measured: about 72%
}

/// segseg_second (capsule_first_stage.hpp) on case c, as capsules.hpp runs it for
/// doubles: an answer must be the oracle's, a certified candidate a closest
/// pair. Counts answers and certificates.
template <int D>
void check_second(const Case& c, bool strict, int* answered, int* certified, int* total) {
  double r[3], d1[3], d2[3];
  for (int k = 0; k < D; ++k) {
    r[k] = c.p1[k] - c.p2[k];
    d1[k] = c.q1[k] - c.p1[k];
    d2[k] = c.q2[k] - c.p2[k];
  }
  int k = -2;
  const Tri t = eg::detail::segseg_second<D>(r, d1, d2, c.r1 + c.r2, strict, &k);
  ++*total;
  auto qp = [](const double* p) { return QV{Q(p[0]), Q(p[1]), D == 3 ? Q(p[2]) : Q(0)}; };
  const QV p1 = qp(c.p1), q1 = qp(c.q1), p2 = qp(c.p2), q2 = qp(c.q2);
  const Q want = oracle_segment_segment(p1, q1, p2, q2);
  if (t != Tri::maybe) {
    ++*answered;
    const Q R = Q(c.r1) + Q(c.r2);
    EXPECT_EQ(t == Tri::yes, strict ? want < R * R : want <= R * R) << "strict " << strict;
    EXPECT_EQ(want, 0) << "only crossings are answered";
    return;
  }
  ASSERT_GE(k, -1);
  if (k < 0) return;
  ++*certified;
  expect_closest_pair(k, qsub(p1, p2), qsub(q1, p1), qsub(q2, p2), want);
}

TEST(CapsuleSecondLook, CrossingsAndCertificatesAreRight) {
  std::mt19937_64 g(11);
  // Random axes at several scales, radii 0 (crossings are then the only
  // answers) or random; inside the certificate's range [2^-400, 2^500] of
  // Q and beyond it (no certificate, no wrong one).
  for (double scale : {1.0, 0x1p-150, 0x1p150, 0x1p-250, 0x1p240, 0x1p-600, 0x1p600}) {
    int answered = 0, certified = 0, total = 0;
    for (int i = 0; i < exactgeom::testing::sanitized_cases(1500); ++i) {
      Case c = scaled(random_case(g, 3, 100), scale);
      if (i % 2) c.r1 = c.r2 = 0;
      for (bool strict : {false, true}) {
        check_second<3>(c, strict, &answered, &certified, &total);
        check_second<2>(c, strict, &answered, &certified, &total);
      }
    }
    if (std::fabs(std::log2(scale)) <= 150) {
      // Measured at scale 1: about a quarter of the 2-D cases are
      // crossings, and nearly every other case gets a certificate.
      EXPECT_GT(answered, total / 20) << "scale " << scale;
      EXPECT_GT(certified, total / 2) << "scale " << scale;
    }
  }
  // A small integer grid: touching, collinear and parallel axes, shared
  // endpoints, zero-length axes; exact zeros are never certified here.
  std::uniform_int_distribution<int> u(-2, 2);
  int answered = 0, certified = 0, total = 0;
  for (int i = 0; i < exactgeom::testing::sanitized_cases(6000); ++i) {
    Case c{};
    for (double* p : {c.p1, c.q1, c.p2, c.q2})
      for (int k = 0; k < 3; ++k) p[k] = u(g);
    c.r1 = (i % 3) * 0.5;
    for (bool strict : {false, true}) {
      check_second<3>(c, strict, &answered, &certified, &total);
      check_second<2>(c, strict, &answered, &certified, &total);
    }
  }
  EXPECT_GT(answered, 0);
  EXPECT_GT(certified, total / 4);
}

TEST(CapsuleSecondLook, NonFiniteInputIsNotAnswered) {
  // Crossing axes (-1,0)-(1,0) and (0,-1)-(0,1): r = p1 - p2 = (-1, 1).
  // With a NaN or infinite radius, or a NaN coordinate: no answer (the
  // exact path reports the error).
  const double r_ok[2] = {-1, 1}, d1[2] = {2, 0}, d2[2] = {0, 2}, r_nan[2] = {NAN, 1};
  int k = 0;
  for (double R : {std::nan(""), HUGE_VAL})
    EXPECT_EQ(eg::detail::segseg_second<2>(r_ok, d1, d2, R, false, &k), Tri::maybe);
  EXPECT_EQ(eg::detail::segseg_second<2>(r_nan, d1, d2, 0.0, false, &k), Tri::maybe);
  EXPECT_EQ(k, -1);
  // The same crossing with R = 0 is answered: closed yes, open no.
  EXPECT_EQ(eg::detail::segseg_second<2>(r_ok, d1, d2, 0.0, false, &k), Tri::yes);
  EXPECT_EQ(eg::detail::segseg_second<2>(r_ok, d1, d2, 0.0, true, &k), Tri::no);
  EXPECT_EQ(eg::intersects(eg::Capsule2<double>{{{-1, 0}, {1, 0}}, 0}, eg::Capsule2<double>{{{0, -1}, {0, 1}}, 0}), true);
  EXPECT_EQ(eg::within_radii(eg::Capsule2<double>{{{-1, 0}, {1, 0}}, 0}, eg::Capsule2<double>{{{0, -1}, {0, 1}}, 0}), false);
  EXPECT_THROW((void)eg::intersects(eg::Capsule2<double>{{{-1, 0}, {1, 0}}, std::nan("")},
                                    eg::Capsule2<double>{{{0, -1}, {0, 1}}, 0}),
               std::invalid_argument);
}

}  // namespace

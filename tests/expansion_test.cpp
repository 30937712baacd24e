// tests/expansion_test.cpp: the expansion stage of the double predicates
// (detail/expansion.hpp, run between the filter and the integer kernel)
// checked alone against the independent mpq oracle: random, nearly
// degenerate (a point rounded onto the line, plane, circle or sphere, then
// moved 0 to 3 ulps) and exactly degenerate inputs, at magnitudes across
// the stage's range, magnitudes mixed in one call; it must decide every
// such input, and decline (2) out of its range: subnormals, 2^+-1000, NaN,
// infinities, which the integer kernel answers.
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <limits>
#include <random>
#include <vector>

#include "exactgeom/detail/exact.hpp"
#include "exactgeom/predicates.hpp"
#include "oracle.hpp"

namespace {

namespace eg = exactgeom;
namespace oracle = exactgeom::oracle;
using eg::Point2;
using eg::Point3;
using Rng = std::mt19937_64;

double uni(Rng& g) { return std::uniform_real_distribution<double>(-1, 1)(g); }

double nudge(Rng& g, double x) {
  const int k = int(g() % 4);
  for (int i = 0; i < k; ++i) x = std::nextafter(x, (g() & 1) ? 1.0 : -1.0);
  return x;
}

enum class Kind { random, near, degenerate };

// One input of each predicate, flat, at scale 2^e (scaling by a power of
// two keeps the configuration: near stays near, exact stays exact).
std::vector<double> orient2d_input(Rng& g, Kind k, int e) {
  std::vector<double> v(6);
  if (k == Kind::degenerate) {  // integers a, a + i d, a + j d
    const double ax = double(std::int64_t(g() % 2000001) - 1000000), ay = double(std::int64_t(g() % 2000001) - 1000000);
    const double dx = double(std::int64_t(g() % 2001) - 1000), dy = double(std::int64_t(g() % 2001) - 1000);
    const double i = double(g() % 9) - 4, j = double(g() % 9) - 4;
    v = {ax, ay, ax + i * dx, ay + i * dy, ax + j * dx, ay + j * dy};
  } else {
    for (double& x : v) x = uni(g);
    if (k == Kind::near) {
      const double t = uni(g);
      v[4] = nudge(g, v[0] + t * (v[2] - v[0]));
      v[5] = nudge(g, v[1] + t * (v[3] - v[1]));
    }
  }
  for (double& x : v) x = std::ldexp(x, e);
  return v;
}

std::vector<double> orient3d_input(Rng& g, Kind k, int e) {
  std::vector<double> v(12);
  if (k == Kind::degenerate) {
    double a[3], u[3], w[3];
    for (int i = 0; i < 3; ++i)
      a[i] = double(std::int64_t(g() % 2000001) - 1000000), u[i] = double(std::int64_t(g() % 2001) - 1000),
      w[i] = double(std::int64_t(g() % 2001) - 1000);
    const double s = double(g() % 9) - 4, t = double(g() % 9) - 4, p = double(g() % 9) - 4, q = double(g() % 9) - 4;
    for (int i = 0; i < 3; ++i)
      v[i] = a[i], v[3 + i] = a[i] + s * u[i], v[6 + i] = a[i] + t * w[i], v[9 + i] = a[i] + p * u[i] + q * w[i];
  } else {
    for (double& x : v) x = uni(g);
    if (k == Kind::near) {
      const double s = uni(g), t = uni(g);
      for (int i = 0; i < 3; ++i) v[9 + i] = nudge(g, v[i] + s * (v[3 + i] - v[i]) + t * (v[6 + i] - v[i]));
    }
  }
  for (double& x : v) x = std::ldexp(x, e);
  return v;
}

// Points on the circle (sphere) of centre o and radius r, rounded; for
// `degenerate`, Pythagorean integer points (3,4,5)-style, exact.
std::vector<double> incircle_input(Rng& g, Kind k, int e) {
  std::vector<double> v(8);
  if (k == Kind::degenerate) {
    static const int pts[][2] = {{5, 0}, {0, 5}, {-5, 0}, {0, -5}, {3, 4}, {4, 3}, {-3, 4}, {4, -3}, {-4, -3}, {-3, -4}};
    const double ox = double(std::int64_t(g() % 2001) - 1000), oy = double(std::int64_t(g() % 2001) - 1000);
    const double m = double(1 + g() % 1000);
    for (int i = 0; i < 4; ++i) {
      const auto& p = pts[(g() % 10)];
      v[2 * i] = ox + m * p[0], v[2 * i + 1] = oy + m * p[1];
    }
  } else {
    for (double& x : v) x = uni(g);
    if (k == Kind::near) {
      const double ox = uni(g), oy = uni(g), r = std::fabs(uni(g)) + 0.1;
      for (int i = 0; i < 4; ++i) {
        const double t = 7 * uni(g);
        v[2 * i] = nudge(g, ox + r * std::cos(t)), v[2 * i + 1] = nudge(g, oy + r * std::sin(t));
      }
    }
  }
  for (double& x : v) x = std::ldexp(x, e);
  return v;
}

std::vector<double> insphere_input(Rng& g, Kind k, int e) {
  std::vector<double> v(15);
  if (k == Kind::degenerate) {
    static const int pts[][3] = {{9, 0, 0}, {0, 9, 0}, {0, 0, 9}, {-9, 0, 0}, {1, 4, 8}, {4, 1, 8}, {8, 4, 1},
                                 {-1, -4, 8}, {4, -8, 1}, {0, -9, 0}, {-8, 1, -4}, {7, 4, -4}};
    double o[3];
    for (double& x : o) x = double(std::int64_t(g() % 2001) - 1000);
    const double m = double(1 + g() % 1000);
    for (int i = 0; i < 5; ++i) {
      const auto& p = pts[g() % 12];
      for (int j = 0; j < 3; ++j) v[3 * i + j] = o[j] + m * p[j];
    }
  } else {
    for (double& x : v) x = uni(g);
    if (k == Kind::near) {
      const double o[3] = {uni(g), uni(g), uni(g)}, r = std::fabs(uni(g)) + 0.1;
      for (int i = 0; i < 5; ++i) {
        double d[3] = {uni(g), uni(g), uni(g)};
        const double n = std::sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
        for (int j = 0; j < 3; ++j) v[3 * i + j] = nudge(g, o[j] + r * d[j] / n);
      }
    }
  }
  for (double& x : v) x = std::ldexp(x, e);
  return v;
}

int oracle_of(int n, const std::vector<double>& v) {
  auto p2 = [&](int i) { return Point2<double>{v[2 * i], v[2 * i + 1]}; };
  auto p3 = [&](int i) { return Point3<double>{v[3 * i], v[3 * i + 1], v[3 * i + 2]}; };
  switch (n) {
    case 6: return oracle::orient2d(p2(0), p2(1), p2(2));
    case 12: return oracle::orient3d(p3(0), p3(1), p3(2), p3(3));
    case 8: return oracle::incircle(p2(0), p2(1), p2(2), p2(3));
    default: return -oracle::insphere(p3(0), p3(1), p3(2), p3(3), p3(4));  // the stage's is Shewchuk's sign
  }
}

int stage_of(const std::vector<double>& v) {
  switch (v.size()) {
    case 6: return eg::detail::orient2d_expansion(v.data());
    case 12: return eg::detail::orient3d_expansion(v.data());
    case 8: return eg::detail::incircle_expansion(v.data());
    default: return eg::detail::insphere_expansion(v.data());
  }
}

struct Case {
  const char* name;
  std::vector<double> (*make)(Rng&, Kind, int);
  int lo, hi;  // exponents of the stage's range: 52 - 1074/k, 1000/k - 4
};
const Case kCases[] = {{"orient2d", orient2d_input, -485, 496},
                       {"orient3d", orient3d_input, -306, 329},
                       {"incircle", incircle_input, -216, 246},
                       {"insphere", insphere_input, -162, 196}};

TEST(ExpansionStage, DecidesEveryInputInItsRangeAndAgreesWithTheOracle) {
  Rng g(20261124);
  for (const Case& c : kCases) {
    int zeros = 0, count = 0;
    // Scales near both ends of the range (the inputs reach 2^20 for the
    // degenerate kind and 2^0 otherwise, down to their ulps).
    for (int e : {c.lo + 60, -60, 0, 60, c.hi - 30})
      for (Kind k : {Kind::random, Kind::near, Kind::degenerate})
        for (int i = 0; i < 150; ++i) {
          const std::vector<double> v = c.make(g, k, e);
          const int s = stage_of(v);
          ASSERT_NE(s, 2) << c.name << " undecided at 2^" << e;
          ASSERT_EQ(s, oracle_of(int(v.size()), v)) << c.name << " at 2^" << e << " kind " << int(k);
          zeros += s == 0;
          ++count;
        }
    EXPECT_GT(zeros, count / 10) << c.name << ": the degenerate inputs must give zeros";
  }
}

TEST(ExpansionStage, MixedMagnitudesInOneCall) {
  // Each point at its own scale: the differences are far from exact and
  // the expansions long, and still right.
  Rng g(7);
  for (const Case& c : kCases) {
    int decided = 0;
    for (int i = 0; i < 300; ++i) {
      std::vector<double> v = c.make(g, i % 2 ? Kind::near : Kind::random, 0);
      const int span = (c.hi - c.lo) / 3;
      for (std::size_t j = 0; j < v.size(); ++j) v[j] = std::ldexp(v[j], int(g() % unsigned(span)) - span / 2);
      const int s = stage_of(v);
      if (s == 2) continue;  // allowed: an expansion outgrew its capacity
      ASSERT_EQ(s, oracle_of(int(v.size()), v)) << c.name << " case " << i;
      ++decided;
    }
    EXPECT_GT(decided, 250) << c.name;
  }
}

TEST(ExpansionStage, DeclinesOutOfItsRangeAndThePredicateStillAnswers) {
  const double bad[] = {0x1p-1074, 0x1p-1022, 0x1p-600, 0x1p600, 0x1p1000,
                        std::numeric_limits<double>::quiet_NaN(), std::numeric_limits<double>::infinity()};
  for (double b : bad) {
    std::vector<double> v = {0.5, 0.25, 1, 3, b, 0.75};
    EXPECT_EQ(eg::detail::orient2d_expansion(v.data()), 2) << b;
    std::vector<double> w(12, 0.5);
    w[4] = 1, w[8] = -1, w[11] = b;
    EXPECT_EQ(eg::detail::orient3d_expansion(w.data()), 2) << b;
    std::vector<double> x = {1, 0, 0, 1, -1, 0, b, 0.5};
    EXPECT_EQ(eg::detail::incircle_expansion(x.data()), 2) << b;
    std::vector<double> y = {1, 0, 0, 0, 1, 0, -1, 0, 0, 0, 0, 1, 0.5, 0.5, b};
    EXPECT_EQ(eg::detail::insphere_expansion(y.data()), 2) << b;
    if (std::isfinite(b)) {  // the full predicate answers them, exactly
      EXPECT_EQ(int(eg::orient2d(Point2<double>{0.5, 0.25}, Point2<double>{1, 3}, Point2<double>{b, 0.75})),
                oracle_of(6, v));
      EXPECT_EQ(int(eg::orient3d(Point3<double>{w[0], w[1], w[2]}, Point3<double>{w[3], w[4], w[5]},
                                 Point3<double>{w[6], w[7], w[8]}, Point3<double>{w[9], w[10], w[11]})),
                oracle_of(12, w));
    }
  }
  // Zeros are in range at any scale: an all-zero input is decided, 0.
  const std::vector<double> z(15, 0.0);
  EXPECT_EQ(eg::detail::insphere_expansion(z.data()), 0);
}

}  // namespace

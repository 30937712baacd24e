// Tests of src/algebraic/real_roots.hpp (white-box: the library's own exact
// real algebraic numbers) against the slow oracle of
// internal/testing/roots_oracle.hpp (Sturm sequences and bisection over
// mpq_class): random, multiple-root, rational-root and huge-coefficient
// polynomials; the roots found, the sign of another polynomial at a root
// (zero exactly at a shared root), the order of two roots, and both
// roundings.
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <vector>

#include "algebraic/real_roots.hpp"
#include "testing/roots_oracle.hpp"

namespace {

namespace al = exactgeom::detail::algebraic;
namespace ro = exactgeom::testing::roots_oracle;

al::Poly poly(std::initializer_list<long> c) {
  al::Poly p;
  for (long x : c) p.c.emplace_back(x);
  p.trim();
  return p;
}

ro::QPoly q_of(const al::Poly& p) {
  ro::QPoly q;
  for (const mpz_class& x : p.c) q.emplace_back(x);
  return q;
}

/// (den x - num) as a polynomial.
al::Poly linear(long num, long den) { return poly({-num, den}); }

al::Poly random_poly(std::mt19937_64& g, int deg, int bits) {
  al::Poly p;
  gmp_randclass r(gmp_randinit_default);
  r.seed(static_cast<unsigned long>(g()));
  for (int k = 0; k <= deg; ++k) {
    mpz_class x = r.get_z_bits(static_cast<mp_bitcnt_t>(bits));
    if (g() % 2) x = -x;
    p.c.push_back(x);
  }
  p.trim();
  return p;
}

/// Every root the library finds is one of the oracle's (each oracle root in
/// exactly one library interval), and vice versa.
void expect_roots_match(const al::Poly& p) {
  auto mine = al::roots_in_unit_interval(p);
  const auto theirs = ro::roots(q_of(p), mpq_class(1, 1 << 20));
  ASSERT_EQ(mine.size(), theirs.size()) << "degree " << p.degree();
  const ro::QPoly sf = ro::square_free(q_of(p));
  const auto st = ro::sturm(sf);
  for (std::size_t i = 0; i < mine.size(); ++i) {
    const auto& r = mine[i];
    if (r.exact) {
      EXPECT_EQ(ro::sign_at(q_of(p), r.lo()), 0) << i;
      continue;
    }
    // One root of p in (lo, hi), and the ends are not roots.
    EXPECT_NE(ro::sign_at(sf, r.lo()), 0);
    EXPECT_NE(ro::sign_at(sf, r.hi()), 0);
    EXPECT_EQ(ro::count(st, r.lo(), r.hi()), 1) << i;
    EXPECT_EQ(ro::sign_at(q_of(r.p), r.lo()), r.sign_lo);  // the library's square-free part
    if (i + 1 < mine.size()) {
      EXPECT_LE(r.hi(), mine[i + 1].lo());
    }
  }
}

TEST(RealRoots, PolynomialArithmeticAndGcd) {
  const al::Poly a = linear(1, 3) * linear(1, 2) * linear(1, 2);  // (3x - 1)(2x - 1)^2
  EXPECT_EQ(a.degree(), 3);
  EXPECT_EQ(al::square_free(a).c, al::primitive(linear(1, 3) * linear(1, 2)).c);
  EXPECT_EQ(al::gcd(a, linear(1, 2) * linear(4, 5)).c, linear(1, 2).c);
  EXPECT_EQ(al::gcd(a, poly({7})).c, poly({1}).c);
  EXPECT_EQ(al::primitive(poly({6, -4, 2})).c, poly({3, -2, 1}).c);
  EXPECT_EQ(al::primitive(poly({-6, 4, -2})).c, poly({3, -2, 1}).c);  // positive leading coefficient
  EXPECT_EQ(al::without_zero_root(poly({0, 0, 5, 1})).c, poly({5, 1}).c);
  EXPECT_EQ(al::sign_at(a, mpq_class(1, 3)), 0);
  EXPECT_EQ(al::sign_at_dyadic(a, 1, -1), 0);
  EXPECT_EQ(al::sign_at_dyadic(a, 1, 0), 1);   // a(1) = 2
  EXPECT_EQ(al::sign_at_dyadic(a, 0, 0), -1);  // a(0) = -1
}

TEST(RealRoots, RationalRootsAreFoundAndRoundedExactly) {
  // Roots 1/3, 1/2 (twice), 3/8 (dyadic: exact), 1/7, and 0 and 1.
  const al::Poly p = linear(1, 3) * linear(1, 2) * linear(1, 2) * linear(3, 8) * linear(1, 7) * poly({0, 1}) * linear(1, 1);
  expect_roots_match(p);
  auto r = al::roots_in_unit_interval(p);
  ASSERT_EQ(r.size(), 6u);
  const double want[] = {0, 1.0 / 7, 1.0 / 3, 0.375, 0.5, 1};
  for (std::size_t i = 0; i < r.size(); ++i) {
    EXPECT_EQ(al::round_nearest(r[i]), want[i]) << i;
    const auto [near, down] = ro::roundings(q_of(p), {r[i].lo(), r[i].hi()});
    EXPECT_EQ(al::round_nearest(r[i]), near) << i;
    EXPECT_EQ(al::round_down(r[i]), down) << i;
  }
  // 1/3's nearest double is below it; 1/5's above (so its floor is one below).
  EXPECT_EQ(al::round_down(r[2]), 1.0 / 3);
  auto fifth = al::roots_in_unit_interval(linear(1, 5));
  EXPECT_EQ(al::round_nearest(fifth[0]), 0.2);
  EXPECT_EQ(al::round_down(fifth[0]), std::nextafter(0.2, 0.0));
}

TEST(RealRoots, RandomPolynomialsMatchTheOracle) {
  std::mt19937_64 g(53);
  for (int trial = 0; trial < 300; ++trial) {
    const int deg = 1 + static_cast<int>(g() % 8), bits = trial % 3 == 0 ? 200 : 1 + static_cast<int>(g() % 30);
    al::Poly p = random_poly(g, deg, bits);
    if (p.degree() < 1) continue;
    if (trial % 4 == 1) p = p * random_poly(g, 1, 8) * random_poly(g, 1, 8);  // more roots in [0, 1] often
    if (trial % 5 == 2) {  // a multiple root
      const al::Poly f = linear(static_cast<long>(g() % 9), 9);
      p = p * f * f;
    }
    expect_roots_match(p);
    if (HasFailure()) {
      ADD_FAILURE() << "trial " << trial;
      return;
    }
    // Both roundings of every root.
    for (auto& r : al::roots_in_unit_interval(p)) {
      const auto [near, down] = ro::roundings(q_of(al::square_free(p)), {r.lo(), r.hi()});
      EXPECT_EQ(al::round_nearest(r), near) << trial;
      EXPECT_EQ(al::round_down(r), down) << trial;
    }
  }
}

TEST(RealRoots, CloseRootsAndHugeCoefficients) {
  // Roots 2^-60 apart near 1/2, and a root at 1/2 + 2^-200 with
  // coefficients of 200 bits.
  const mpz_class big = mpz_class(1) << 200;
  al::Poly p;
  p.c = {-(big / 2 + 1), big};  // big x - (big/2 + 1): root 1/2 + 2^-200
  auto r = al::roots_in_unit_interval(p);
  ASSERT_EQ(r.size(), 1u);
  EXPECT_EQ(al::round_nearest(r[0]), 0.5);
  EXPECT_EQ(al::round_down(r[0]), 0.5);
  const mpz_class t = mpz_class(1) << 61;
  al::Poly close;
  close.c = {-(t + 2), 2 * t};  // root (t + 2) / 2t = 1/2 + 2^-60
  close = close * linear(1, 2);
  r = al::roots_in_unit_interval(close);
  ASSERT_EQ(r.size(), 2u);
  EXPECT_EQ(al::round_nearest(r[0]), 0.5);
  EXPECT_EQ(al::round_nearest(r[1]), 0.5 + std::ldexp(1.0, -60));
  EXPECT_LT(al::compare(r[0], r[1]), 0);
  // A root exactly between two doubles: 1 + 2^-53 over 2, i.e. 1/2 + 2^-54:
  // the tie goes to the even one, 1/2.
  al::Poly tie;
  tie.c = {-((mpz_class(1) << 53) + 1), mpz_class(1) << 54};
  r = al::roots_in_unit_interval(tie);
  ASSERT_EQ(r.size(), 1u);
  EXPECT_EQ(al::round_nearest(r[0]), 0.5);
  EXPECT_EQ(al::round_down(r[0]), 0.5);
  // Roots near 0: 2^-1074 (the smallest double) and 2^-1080.
  al::Poly tiny;
  tiny.c = {-1, mpz_class(1) << 1080};
  r = al::roots_in_unit_interval(tiny);
  ASSERT_EQ(r.size(), 1u);
  EXPECT_EQ(al::round_nearest(r[0]), 0.0);
  EXPECT_EQ(al::round_down(r[0]), 0.0);
  tiny.c = {-3, mpz_class(1) << 1075};  // 1.5 * 2^-1074: a tie between 2^-1074 and 2^-1073
  r = al::roots_in_unit_interval(tiny);
  EXPECT_EQ(al::round_nearest(r[0]), std::ldexp(1.0, -1073));
  EXPECT_EQ(al::round_down(r[0]), std::ldexp(1.0, -1074));
}

TEST(RealRoots, SignAtARootIsZeroExactlyForASharedRoot) {
  std::mt19937_64 g(7);
  for (int trial = 0; trial < 200; ++trial) {
    // p has an irrational root in (0, 1) (x^2 - c, c in (0, 1) not square).
    const long num = 1 + static_cast<long>(g() % 50), den = 60;
    const al::Poly p = poly({-num, 0, den});
    auto roots = al::roots_in_unit_interval(p);
    ASSERT_EQ(roots.size(), 1u);
    // q shares it (a multiple of p plus nothing), or is close but not.
    const al::Poly other = random_poly(g, 2, 20);
    const al::Poly shared = p * other, apart = p * other + poly({1});
    auto r1 = roots[0], r2 = roots[0], r3 = roots[0];
    EXPECT_EQ(al::sign_at(shared, r1), 0);
    const int s = al::sign_at(apart, r2);
    ro::Root orr{roots[0].lo(), roots[0].hi()};
    EXPECT_EQ(s, ro::sign_at_root(q_of(apart), q_of(p), orr)) << trial;
    EXPECT_NE(s, 0);
    const al::Poly q = random_poly(g, 1 + static_cast<int>(g() % 5), 30);
    ro::Root or3{roots[0].lo(), roots[0].hi()};
    EXPECT_EQ(al::sign_at(q, r3), ro::sign_at_root(q_of(q), q_of(p), or3)) << trial;
  }
}

TEST(RealRoots, ComparingRootsOfDifferentPolynomials) {
  // sqrt(1/2) from x^2 - 1/2 and from (2x^2 - 1)(x - 3/4): equal; against
  // 7/10 and 71/100: above and below.
  auto a = al::roots_in_unit_interval(poly({-1, 0, 2}));
  auto b = al::roots_in_unit_interval(poly({-1, 0, 2}) * linear(3, 4));
  auto c = al::roots_in_unit_interval(linear(7, 10));
  auto d = al::roots_in_unit_interval(linear(71, 100));
  ASSERT_EQ(b.size(), 2u);
  auto s = b[0];
  EXPECT_EQ(al::compare(a[0], s), 0);
  EXPECT_EQ(al::compare(a[0], c[0]), 1);
  EXPECT_EQ(al::compare(a[0], d[0]), -1);
  EXPECT_EQ(al::compare(c[0], a[0]), -1);
  EXPECT_EQ(al::compare(a[0], b[1]), -1);
  // An exact root against an irrational one, both orders.
  auto half = al::roots_in_unit_interval(linear(1, 2));
  half[0].bisect();  // found exact by the first halving
  ASSERT_TRUE(half[0].exact);
  EXPECT_EQ(al::compare(half[0], a[0]), -1);
  EXPECT_EQ(al::compare(a[0], half[0]), 1);
}

}  // namespace

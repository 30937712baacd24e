// Tests of exactgeom/rational.hpp: printing in lowest terms, exact
// conversions, and correct rounding of to_double and sqrt_to_double against
// IEEE division and std::sqrt (both correctly rounded), subnormal, huge and
// halfway cases included.
#include "exactgeom/rational.hpp"
#include "exactgeom/boost.hpp"
#include "exactgeom/contact.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <random>

#include "segments/kernel/segment_kernel.hpp"

namespace eg = exactgeom;
using eg::Fraction;

namespace {
Fraction<mpz_class> from_q(const mpq_class& q) { return Fraction<mpz_class>(q.get_num(), q.get_den()); }
Fraction<mpz_class> from_d(double x) { return from_q(mpq_class(x)); }
}  // namespace

TEST(Rational, ToStringLowestTermsPositiveDenominator) {
  EXPECT_EQ(eg::to_string(Fraction<mpz_class>(6, 4)), "3/2");
  EXPECT_EQ(eg::to_string(Fraction<mpz_class>(14, -2)), "-7");
  EXPECT_EQ(eg::to_string(Fraction<mpz_class>(0, -5)), "0");
  EXPECT_EQ(eg::to_string(Fraction<eg::detail::seg_w32>(eg::detail::seg_w32(-9), eg::detail::seg_w32(-6))), "3/2");
  EXPECT_EQ(eg::to_string(Fraction<eg::detail::seg_w64>(eg::detail::seg_w64(10), eg::detail::seg_w64(-4))), "-5/2");
  EXPECT_EQ(eg::to_string(Fraction<eg::detail::int128>(eg::detail::int128(1) << 100, 3)),
            "1267650600228229401496703205376/3");
}

TEST(Rational, ExactConversions) {
  const eg::detail::seg_w32 big = eg::detail::seg_w32(1) << 200;
  const Fraction<eg::detail::seg_w32> q(-big, big * 3 + 1);
  const mpq_class m = eg::to_mpq(q);
  EXPECT_EQ(m.get_num(), -(mpz_class(1) << 200));
  EXPECT_EQ(m.get_den(), (mpz_class(1) << 200) * 3 + 1);
  const eg::cpp_rational c = eg::to_cpp_rational(q);
  EXPECT_EQ(numerator(c), -(eg::cpp_int(1) << 200));
  EXPECT_EQ(denominator(c), (eg::cpp_int(1) << 200) * 3 + 1);
  EXPECT_TRUE(Fraction<mpz_class>(2, 4) == Fraction<eg::detail::seg_w64>(eg::detail::seg_w64(-1), eg::detail::seg_w64(-2)));
  EXPECT_EQ(Fraction<mpz_class>(-3, 4).sign(), -1);
  EXPECT_EQ(Fraction<mpz_class>(-3, -4).sign(), 1);
}

// The kernels' fixed-width values become the public FixedInt by copying
// limbs (kernel/wide_int.hpp, to_public): the same value for random widths
// up to the full 256 and 448 bits, either sign, and zero.
template <class W, unsigned Bits>
void check_to_public(std::mt19937_64& rng) {
  for (int i = 0; i < 2000; ++i) {
    W v = 0;
    const int limbs = static_cast<int>(rng() % (Bits / 64 + 1));
    for (int k = 0; k < limbs; ++k) v = (v << 64) + W(rng());
    if (limbs == static_cast<int>(Bits / 64)) v >>= 1;  // below 2^(Bits-1): within the bound
    if (rng() & 1) v = -v;
    const eg::FixedInt<Bits> p = eg::detail::to_public(v);
    ASSERT_EQ(eg::to_mpz(p), eg::detail::int_to_mpz(v));
    ASSERT_EQ(p.sign(), v.sign());
    const auto q = eg::detail::to_public(Fraction<W>(v, W(3)));
    ASSERT_EQ(eg::to_mpq(q), eg::to_mpq(Fraction<W>(v, W(3))));
  }
}
TEST(Rational, KernelValuesBecomeFixedIntExactly) {
  std::mt19937_64 rng(44);
  check_to_public<eg::detail::seg_w32, 256>(rng);
  check_to_public<eg::detail::seg_w64, 448>(rng);
}

TEST(Rational, ToDoubleMatchesIeeeDivision) {
  std::mt19937_64 rng(21);
  std::uniform_real_distribution<double> m(1.0, 2.0);
  std::uniform_int_distribution<int> e(-1100, 1100);
  int checked = 0;
  for (int i = 0; i < 100000; ++i) {
    const double x = std::ldexp(m(rng), e(rng) / 2) * (i % 2 ? -1 : 1), y = std::ldexp(m(rng), e(rng) / 2);
    if (x == 0 || y == 0 || !std::isfinite(x) || !std::isfinite(y)) continue;
    const double want = x / y;  // IEEE: correctly rounded, subnormal and overflow included
    ASSERT_EQ(eg::to_double(from_q(mpq_class(x) / mpq_class(y))), want) << x << " / " << y;
    ++checked;
  }
  EXPECT_GT(checked, 90000);
  // Halfway between two doubles: 1 + 2^-53 ties to 1, 1 + 3 * 2^-53 to 1 + 2^-51.
  EXPECT_EQ(eg::to_double(Fraction<mpz_class>((mpz_class(1) << 53) + 1, mpz_class(1) << 53)), 1.0);
  EXPECT_EQ(eg::to_double(Fraction<mpz_class>((mpz_class(1) << 53) + 3, mpz_class(1) << 53)), 1.0 + 0x1p-51);
  // Subnormal halfway: 3 * 2^-1075 -> 2^-1073 (even); 2^-1075 -> 0; just above -> 2^-1074.
  EXPECT_EQ(eg::to_double(Fraction<mpz_class>(3, mpz_class(1) << 1075)), 0x1p-1073);
  EXPECT_EQ(eg::to_double(Fraction<mpz_class>(1, mpz_class(1) << 1075)), 0.0);
  EXPECT_EQ(eg::to_double(Fraction<mpz_class>((mpz_class(1) << 100) + 1, mpz_class(1) << 1175)), 0x1p-1074);
  EXPECT_EQ(eg::to_double(Fraction<mpz_class>(mpz_class(1) << 1024, 1)), std::numeric_limits<double>::infinity());
}

TEST(Rational, SqrtMatchesStdSqrtOnDoubles) {
  std::mt19937_64 rng(22);
  std::uniform_real_distribution<double> m(1.0, 2.0);
  std::uniform_int_distribution<int> e(-1074, 1023);
  for (int i = 0; i < 100000; ++i) {
    const double x = std::ldexp(m(rng), e(rng));
    if (x == 0 || !std::isfinite(x)) continue;
    ASSERT_EQ(eg::sqrt_to_double(from_d(x)), std::sqrt(x)) << std::hexfloat << x;
  }
  for (const double x : {0x1p-1074, 0x3p-1074, 0x1.fffffffffffffp+1023, 0x1p-1022, 2.0, 0.5})
    EXPECT_EQ(eg::sqrt_to_double(from_d(x)), std::sqrt(x)) << std::hexfloat << x;
  EXPECT_EQ(eg::sqrt_to_double(Fraction<mpz_class>(0)), 0.0);
  EXPECT_THROW(eg::sqrt_to_double(Fraction<mpz_class>(-1)), eg::invalid_input);
}

TEST(Rational, SqrtExactHalfwayCases) {
  // sqrt of ((2m+1) 2^(e-1))^2 lies exactly halfway between m 2^e and (m+1) 2^e.
  std::mt19937_64 rng(23);
  for (int i = 0; i < 2000; ++i) {
    const std::uint64_t mm = (std::uint64_t(1) << 52) | (rng() & ((std::uint64_t(1) << 52) - 1));
    const mpz_class odd = mpz_class(static_cast<unsigned long>(mm)) * 2 + 1;  // 54 bits
    const int e = static_cast<int>(rng() % 400) - 200;
    mpq_class v(odd * odd);
    if (e >= 0) mpq_mul_2exp(v.get_mpq_t(), v.get_mpq_t(), static_cast<mp_bitcnt_t>(2 * e));
    else mpq_div_2exp(v.get_mpq_t(), v.get_mpq_t(), static_cast<mp_bitcnt_t>(-2 * e));
    // Exact value (2m+1) 2^e with 2m+1 of 54 bits: ties to the even neighbour.
    const double want = std::ldexp(static_cast<double>(mm % 2 == 0 ? mm : mm + 1), e + 1);
    ASSERT_EQ(eg::sqrt_to_double(from_q(v)), want);
  }
  // Subnormal halfway: sqrt((3 * 2^-1075)^2) = 1.5 ulp -> 2^-1073.
  mpq_class v(9);
  mpq_div_2exp(v.get_mpq_t(), v.get_mpq_t(), 2150);
  EXPECT_EQ(eg::sqrt_to_double(from_q(v)), 0x1p-1073);
}

TEST(Rational, ComparesExactlyWithFractionsAndCoordinates) {
  using W = eg::detail::seg_w32;
  const Fraction<mpz_class> third(1, 3), half(2, 4);
  const Fraction<W> half_w(W(-3), W(-6));
  EXPECT_TRUE(third < half && half > third && third != half);
  EXPECT_TRUE(half == half_w && half_w <= half && half >= half_w);  // across integer types
  EXPECT_TRUE(half_w > third);
  // Against every kind of coordinate, by exact value.
  EXPECT_TRUE(half == 0.5 && half < 1 && half > std::int64_t{0} && half == 0.5f);
  EXPECT_TRUE(half == mpq_class(1, 2) && half < mpz_class(1) && half > eg::cpp_int(0));
  EXPECT_TRUE(half == eg::cpp_rational(1, 2));
  EXPECT_TRUE(2 > third && 0.3333333333333333 < third);  // the double is a bit below 1/3
  EXPECT_FALSE(third == 0.3333333333333333);
  // A value a double cannot hold: 1/3 lies strictly between its neighbours.
  EXPECT_TRUE(third > std::nextafter(1.0 / 3, 0.0) && third < std::nextafter(1.0 / 3, 1.0));
  // Huge and tiny: no rounding on the way.
  const Fraction<mpz_class> big((mpz_class(1) << 1100) + 1, 1);
  EXPECT_TRUE(big > std::numeric_limits<double>::max());
  EXPECT_TRUE(big < std::numeric_limits<double>::infinity());
  EXPECT_TRUE(Fraction<mpz_class>(1, mpz_class(1) << 1075) < 0x1p-1074);
  EXPECT_TRUE(Fraction<mpz_class>(1, mpz_class(1) << 1075) > 0.0);
  // NaN is unordered: every comparison is false.
  const double nan = std::numeric_limits<double>::quiet_NaN();
  EXPECT_FALSE(half == nan || half < nan || half > nan || half <= nan || half >= nan);
  EXPECT_TRUE(half != nan);
  // to_double of a GMP rational, and to_mpq of coordinates, exactly.
  EXPECT_EQ(eg::to_double(mpq_class(1, 3)), 1.0 / 3);
  EXPECT_EQ(eg::to_mpq(INT64_MIN), mpq_class(mpz_class("-9223372036854775808")));
  EXPECT_EQ(eg::to_mpq(0x1p-1074), mpq_class(mpz_class(1), mpz_class(1) << 1074));
  EXPECT_THROW(eg::to_mpq(nan), eg::invalid_input);
}

// round_unit_component (contact.hpp): |w| / sqrt(d2) with w's sign,
// correctly rounded; its exact 0 and +-1 (axis-aligned normals) taken
// without a root, the rest by the root. The oracle: y is the nearest double
// when w^2 lies between d2 m^2 at the midpoints m on either side of |y|.
TEST(Rational, UnitComponentIsCorrectlyRoundedIncludingZeroAndOne) {
  using Q = mpq_class;
  auto check = [](const Q& w, const Q& d2) {
    const double y = eg::detail::round_unit_component(w, d2);
    ASSERT_EQ(std::signbit(y), sgn(w) < 0) << w << " " << d2;
    const double a = std::fabs(y);
    const Q w2 = w * w;
    const Q lo = (Q(a) + Q(std::nextafter(a, 0.0))) / 2, hi = (Q(a) + Q(std::nextafter(a, 2.0))) / 2;
    if (a > 0) ASSERT_GE(w2, lo * lo * d2) << w << " " << d2;
    else ASSERT_EQ(sgn(w), 0);
    ASSERT_LE(w2, hi * hi * d2) << w << " " << d2;
  };
  check(Q(0), Q(1, 4));
  for (const Q& w : {Q(1, 2), Q(-1, 2), Q(3), Q(-3)}) {
    check(w, w * w);  // exactly +-1
    EXPECT_EQ(std::fabs(eg::detail::round_unit_component(w, w * w)), 1.0);
    // A hair longer or shorter vector: 1 or the double below it, by the root.
    check(w, w * w * (1 + Q(1, mpz_class(1) << 60)));
    check(w, w * w * (1 + Q(1, mpz_class(1) << 50)));
    check(w, w * w * (1 + Q(1, mpz_class(1) << 120)));  // rounds to 1, by the root
    EXPECT_EQ(std::fabs(eg::detail::round_unit_component(w, w * w * (1 + Q(1, mpz_class(1) << 120)))), 1.0);
    EXPECT_LT(std::fabs(eg::detail::round_unit_component(w, w * w * (1 + Q(1, mpz_class(1) << 50)))), 1.0);
  }
  std::mt19937_64 g(7);
  for (int i = 0; i < 2000; ++i) {
    const Q x(static_cast<long>(g() % 2001) - 1000, 1 + static_cast<long>(g() % 97));
    const Q y(static_cast<long>(g() % 2001) - 1000, 1 + static_cast<long>(g() % 89));
    const Q d2 = x * x + y * y;
    if (sgn(d2) == 0) continue;
    check(x, d2);
    check(y, d2);
  }
}

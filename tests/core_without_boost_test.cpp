// exactgeom.hpp on its own: the whole core API without Boost in the
// translation unit (issue 44, weight: Boost's headers were ~60% of the
// compile time of every file including the core). Compiled into
// segments_test as its own translation unit, without the tests' precompiled
// header (which has exactgeom/boost.hpp); the check below fails the build if
// a core header pulls Boost in again. The int32/int64 results are
// Fraction<FixedInt<N>>, the library's own fixed-width value type.
#include "exactgeom/exactgeom.hpp"

#include <gtest/gtest.h>

#include <climits>
#include <cstdint>
#include <type_traits>

#ifdef BOOST_VERSION
#error "exactgeom/exactgeom.hpp includes a Boost header (only exactgeom/boost.hpp may)"
#endif

namespace eg = exactgeom;

namespace {

static_assert(std::is_same_v<eg::rational_t<std::int32_t>, eg::Fraction<eg::FixedInt<256>>>);
static_assert(std::is_same_v<eg::rational_t<std::int64_t>, eg::Fraction<eg::FixedInt<448>>>);
static_assert(std::is_same_v<eg::rational_t<double>, eg::Fraction<mpz_class>>);
static_assert(std::is_same_v<eg::rational_t<mpq_class>, eg::Fraction<mpz_class>>);

TEST(CoreWithoutBoost, Int32SegmentResultsAreExact) {
  using P = eg::Point2<std::int32_t>;
  // Segment (0,0)-(7,3) and the point (2,5): distance^2 = (7*5 - 3*2)^2 / 58.
  const eg::Segment2<std::int32_t> s{P{0, 0}, P{7, 3}};
  const auto d2 = eg::squared_distance(P{2, 5}, s);
  EXPECT_EQ(eg::to_mpq(d2), mpq_class(29, 2));  // 29^2 / 58
  EXPECT_EQ(eg::to_string(d2), "29/2");
  // The largest int32 coordinates: the numerator needs more than 128 bits.
  const std::int32_t M = INT32_MAX, m = INT32_MIN;
  const eg::Segment3<std::int32_t> a{{m, m, m}, {M, m, M}}, b{{M, M, m}, {m, M, M}};
  const auto cp = eg::closest_points(a, b);
  ASSERT_TRUE(cp.s && cp.t);
  const mpq_class want = mpq_class(mpz_class(M) - m) * (mpz_class(M) - m);  // the two segments are 2^32-1 apart in y
  EXPECT_EQ(eg::to_mpq(cp.squared_distance), want);
  EXPECT_EQ(eg::to_mpq(eg::squared_distance(a, b)), want);
  EXPECT_EQ(cp.squared_distance.sign(), 1);
}

TEST(CoreWithoutBoost, Int64ResultsAndIntersectionPoints) {
  using P = eg::Point2<std::int64_t>;
  const std::int64_t M = INT64_MAX;
  const eg::Segment2<std::int64_t> s{P{-M, -M}, P{M, M}}, t{P{-M, M}, P{M, -M}};
  const auto hit = eg::intersection(s, t);
  ASSERT_EQ(hit.kind, eg::IntersectionKind::cross);
  ASSERT_TRUE(hit.point);
  EXPECT_EQ(hit.point->x.sign(), 0);
  EXPECT_EQ(eg::to_mpq(hit.point->y), 0);
  const auto d2 = eg::squared_distance(P{M, -M}, s);  // (2M)^2 / 2 = 2 M^2
  EXPECT_EQ(eg::to_mpq(d2), mpq_class(2 * mpz_class(std::to_string(M)) * mpz_class(std::to_string(M))));
}

TEST(FixedInt, ValueSignNegationEquality) {
  using F = eg::FixedInt<256>;
  EXPECT_EQ(F().sign(), 0);
  EXPECT_EQ(F(0).size(), 0u);
  EXPECT_EQ(F(-5).sign(), -1);
  EXPECT_EQ(F(5).sign(), 1);
  EXPECT_EQ(-F(5), F(-5));
  EXPECT_EQ(-F(0), F(0));  // no negative zero
  EXPECT_EQ((-F(0)).sign(), 0);
  EXPECT_FALSE(F(5) == F(-5));
  EXPECT_EQ(eg::to_mpz(F(LLONG_MIN)), mpz_class("-9223372036854775808"));
  EXPECT_EQ(eg::to_mpz(F(LLONG_MAX)), mpz_class("9223372036854775807"));
}

TEST(FixedInt, FromLimbs) {
  using F = eg::FixedInt<256>;
  const std::uint64_t limbs[4] = {1, 0, 0, 1ull << 63};  // 2^255 + 1
  const F v = F::from_limbs(limbs, 4, true);
  EXPECT_EQ(v.size(), 4u);
  EXPECT_EQ(eg::to_mpz(v), -((mpz_class(1) << 255) + 1));
  // High zero limbs are dropped: the same value compares equal.
  const std::uint64_t padded[4] = {7, 0, 0, 0};
  EXPECT_EQ(F::from_limbs(padded, 4, false), F(7));
  EXPECT_EQ(F::from_limbs(padded, 4, false).size(), 1u);
  // Zero is never negative.
  const std::uint64_t zeros[2] = {0, 0};
  EXPECT_EQ(F::from_limbs(zeros, 2, true).sign(), 0);
  // More limbs than the width: an error, not a truncation.
  const std::uint64_t five[5] = {1, 2, 3, 4, 5};
  EXPECT_THROW((void)F::from_limbs(five, 5, false), eg::invalid_input);
  // In a Fraction: a negative denominator moves to the numerator.
  const eg::Fraction<F> q(F(3), F(-6));
  EXPECT_EQ(q.sign(), -1);
  EXPECT_EQ(q.denominator().sign(), 1);
  EXPECT_EQ(eg::to_string(q), "-1/2");
  EXPECT_EQ(eg::to_double(q), -0.5);
  EXPECT_TRUE(q < 0);
  EXPECT_TRUE(q == eg::Fraction<mpz_class>(-2, 4));
}

}  // namespace

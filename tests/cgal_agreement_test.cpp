// exactgeom against CGAL's exact kernel (Exact_predicates_exact_constructions_
// kernel), issue 6: the same sign from orient2d, orient3d, incircle and
// insphere on 10^6 double inputs per predicate (random ones with narrow and
// wide exponents, exactly degenerate ones at scales 2^-300..2^300, and the
// same moved by one ulp), and the same exact point (compared as mpq_class)
// for every crossing or touching pair of a random set of segments.
// Built only when CMake finds CGAL (tests/CMakeLists.txt).
//
// The sign conventions, asserted on hand cases below:
//   CGAL::orientation(a, b, c)                  == orient2d(a, b, c)
//   CGAL::orientation(a, b, c, d)               == orient3d(a, b, c, d)
//     (POSITIVE when d is on the positive side of the oriented plane abc,
//     i.e. sign det[b-a; c-a; d-a]: CGAL's convention is exactgeom's)
//   CGAL::side_of_oriented_circle(a, b, c, d)   == incircle(a, b, c, d)
//     (ON_POSITIVE_SIDE: d inside the circle when a, b, c turn left)
//   CGAL::side_of_oriented_sphere(a, b, c, d, e) == insphere(a, b, c, d, e)
//     (ON_POSITIVE_SIDE: e inside the sphere when a, b, c, d are positively
//     oriented)
#include <CGAL/Exact_predicates_exact_constructions_kernel.h>
#include <CGAL/intersections.h>
#include <gmpxx.h>
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <tuple>
#include <type_traits>
#include <vector>

#include "exactgeom/predicates.hpp"
#include "exactgeom/rational.hpp"
#include "exactgeom/segments.hpp"
#include "testing/predicate_inputs.hpp"

namespace eg = exactgeom;
namespace bn = exactgeom::testing;

namespace {

using K = CGAL::Exact_predicates_exact_constructions_kernel;

K::Point_2 cg(const eg::Point2<double>& p) { return {p.x, p.y}; }
K::Point_3 cg(const eg::Point3<double>& p) { return {p.x, p.y, p.z}; }

// ---------------------------------------------------------------------------
// The sign mapping on hand cases: each side's value, not only their equality.

using P2 = eg::Point2<double>;
using P3 = eg::Point3<double>;

TEST(CgalConventions, Orient2d) {
  const P2 a{0, 0}, b{1, 0}, c{0, 1};
  EXPECT_EQ(static_cast<int>(eg::orient2d(a, b, c)), 1);  // counterclockwise
  EXPECT_EQ(CGAL::orientation(cg(a), cg(b), cg(c)), CGAL::LEFT_TURN);
  EXPECT_EQ(static_cast<int>(CGAL::LEFT_TURN), 1);
  EXPECT_EQ(static_cast<int>(eg::orient2d(a, c, b)), -1);
  EXPECT_EQ(CGAL::orientation(cg(a), cg(c), cg(b)), CGAL::RIGHT_TURN);
  EXPECT_EQ(static_cast<int>(eg::orient2d(a, b, P2{7, 0})), 0);
  EXPECT_EQ(CGAL::orientation(cg(a), cg(b), cg(P2{7, 0})), CGAL::COLLINEAR);
}

TEST(CgalConventions, Orient3d) {
  const P3 a{0, 0, 0}, b{1, 0, 0}, c{0, 1, 0}, up{0, 0, 1}, down{0, 0, -1};
  // det[b-a; c-a; up-a] = det(I) = +1: up sees a, b, c counterclockwise.
  EXPECT_EQ(static_cast<int>(eg::orient3d(a, b, c, up)), 1);
  EXPECT_EQ(CGAL::orientation(cg(a), cg(b), cg(c), cg(up)), CGAL::POSITIVE);
  EXPECT_EQ(static_cast<int>(eg::orient3d(a, b, c, down)), -1);
  EXPECT_EQ(CGAL::orientation(cg(a), cg(b), cg(c), cg(down)), CGAL::NEGATIVE);
  EXPECT_EQ(static_cast<int>(eg::orient3d(a, b, c, P3{5, 3, 0})), 0);
  EXPECT_EQ(CGAL::orientation(cg(a), cg(b), cg(c), cg(P3{5, 3, 0})), CGAL::COPLANAR);
}

TEST(CgalConventions, Incircle) {
  const P2 a{1, 0}, b{0, 1}, c{-1, 0}, inside{0, 0}, outside{2, 0}, on{0, -1};
  EXPECT_EQ(static_cast<int>(eg::incircle(a, b, c, inside)), 1);  // a, b, c counterclockwise
  EXPECT_EQ(CGAL::side_of_oriented_circle(cg(a), cg(b), cg(c), cg(inside)), CGAL::ON_POSITIVE_SIDE);
  EXPECT_EQ(static_cast<int>(CGAL::ON_POSITIVE_SIDE), 1);
  EXPECT_EQ(static_cast<int>(eg::incircle(a, b, c, outside)), -1);
  EXPECT_EQ(CGAL::side_of_oriented_circle(cg(a), cg(b), cg(c), cg(outside)), CGAL::ON_NEGATIVE_SIDE);
  EXPECT_EQ(static_cast<int>(eg::incircle(c, b, a, inside)), -1);  // clockwise: reversed
  EXPECT_EQ(CGAL::side_of_oriented_circle(cg(c), cg(b), cg(a), cg(inside)), CGAL::ON_NEGATIVE_SIDE);
  EXPECT_EQ(static_cast<int>(eg::incircle(a, b, c, on)), 0);
  EXPECT_EQ(CGAL::side_of_oriented_circle(cg(a), cg(b), cg(c), cg(on)), CGAL::ON_ORIENTED_BOUNDARY);
}

TEST(CgalConventions, Insphere) {
  // orient3d(a, b, c, d) > 0 for the unit tetrahedron; its circumcenter is
  // (1/2, 1/2, 1/2), radius^2 3/4.
  const P3 a{0, 0, 0}, b{1, 0, 0}, c{0, 1, 0}, d{0, 0, 1};
  const P3 inside{0.25, 0.25, 0.25}, outside{2, 2, 2}, on{1, 1, 1};
  ASSERT_EQ(static_cast<int>(eg::orient3d(a, b, c, d)), 1);
  EXPECT_EQ(static_cast<int>(eg::insphere(a, b, c, d, inside)), 1);
  EXPECT_EQ(CGAL::side_of_oriented_sphere(cg(a), cg(b), cg(c), cg(d), cg(inside)), CGAL::ON_POSITIVE_SIDE);
  EXPECT_EQ(static_cast<int>(eg::insphere(a, b, c, d, outside)), -1);
  EXPECT_EQ(CGAL::side_of_oriented_sphere(cg(a), cg(b), cg(c), cg(d), cg(outside)), CGAL::ON_NEGATIVE_SIDE);
  EXPECT_EQ(static_cast<int>(eg::insphere(b, a, c, d, inside)), -1);  // negatively oriented: reversed
  EXPECT_EQ(CGAL::side_of_oriented_sphere(cg(b), cg(a), cg(c), cg(d), cg(inside)), CGAL::ON_NEGATIVE_SIDE);
  EXPECT_EQ(static_cast<int>(eg::insphere(a, b, c, d, on)), 0);
  EXPECT_EQ(CGAL::side_of_oriented_sphere(cg(a), cg(b), cg(c), cg(d), cg(on)), CGAL::ON_ORIENTED_BOUNDARY);
}

// ---------------------------------------------------------------------------
// 10^6 inputs per predicate.

struct Orient2d : bn::Orient2dInputs {
  static int eg_sign(const auto& t) { return static_cast<int>(std::apply([](const auto&... p) { return eg::orient2d(p...); }, t)); }
  static int cgal_sign(const auto& t) { return static_cast<int>(CGAL::orientation(cg(t[0]), cg(t[1]), cg(t[2]))); }
};
struct Orient3d : bn::Orient3dInputs {
  static int eg_sign(const auto& t) { return static_cast<int>(std::apply([](const auto&... p) { return eg::orient3d(p...); }, t)); }
  static int cgal_sign(const auto& t) {
    return static_cast<int>(CGAL::orientation(cg(t[0]), cg(t[1]), cg(t[2]), cg(t[3])));
  }
};
struct Incircle : bn::IncircleInputs {
  static int eg_sign(const auto& t) { return static_cast<int>(std::apply([](const auto&... p) { return eg::incircle(p...); }, t)); }
  static int cgal_sign(const auto& t) {
    return static_cast<int>(CGAL::side_of_oriented_circle(cg(t[0]), cg(t[1]), cg(t[2]), cg(t[3])));
  }
};
struct Insphere : bn::InsphereInputs {
  static int eg_sign(const auto& t) { return static_cast<int>(std::apply([](const auto&... p) { return eg::insphere(p...); }, t)); }
  static int cgal_sign(const auto& t) {
    return static_cast<int>(CGAL::side_of_oriented_sphere(cg(t[0]), cg(t[1]), cg(t[2]), cg(t[3]), cg(t[4])));
  }
};

// The inputs: the sanitizer build checks memory safety on fewer of them
// (the Release run, in CI too, checks the full million).
#if defined(__SANITIZE_ADDRESS__)
constexpr int kPerPredicate = 100'000;
#else
constexpr int kPerPredicate = 1'000'000;
#endif

/// A double m * 2^e, m uniform in [-1, 1), e uniform in [lo_e, hi_e].
double wide(bn::Rng& g, int lo_e, int hi_e) {
  return std::ldexp(bn::uniform_double(g, -1, 1), bn::uniform_int(g, lo_e, hi_e));
}

template <class Op>
using Tuple = bn::Tuple<Op, double>;

/// Input i of the test set: four kinds in turn.
///   0  random doubles uniform in [-1, 1)
///   1  random doubles with exponents in [-60, 60], each coordinate its own
///   2  exactly degenerate (the benchmarks' generator at 2^24..2^53), scaled
///      by 2^s, s in [-300, 300] (exact; stays degenerate)
///   3  kind 2 with one coordinate of the last point moved by one ulp
template <class Op>
Tuple<Op> make_input(bn::Rng& g, int kind) {
  Tuple<Op> t;
  if (kind < 2) {
    for (auto& p : t)
      p = bn::random_point<Op::dim>([&] { return kind == 0 ? bn::uniform_double(g, -1, 1) : wide(g, -60, 60); });
    return t;
  }
  // mag >= 24: incircle's lattice circle has radius < 2^23.
  const int mag = bn::uniform_int(g, 24, 53), s = bn::uniform_int(g, -300, 300);
  t = bn::convert<double>(Op::degenerate(g, mag), [s](std::int64_t v) { return std::ldexp(static_cast<double>(v), s); });
  if (kind == 3) bn::nudge_last<Op>(g, t);
  return t;
}

template <class Op>
void check_agreement() {
  bn::Rng g(20240611);
  std::array<std::array<int, 3>, 4> counts{};  // [kind][sign + 1]
  int failures = 0;
  for (int i = 0; i < kPerPredicate; ++i) {
    const int kind = i % 4;
    const Tuple<Op> t = make_input<Op>(g, kind);
    const int mine = Op::eg_sign(t), theirs = Op::cgal_sign(t);
    ++counts[kind][mine + 1];
    if (mine != theirs && ++failures <= 10) {
      ADD_FAILURE() << Op::name << " input " << i << " (kind " << kind << "): exactgeom " << mine << ", CGAL " << theirs;
      for (const auto& p : t) {
        std::printf("  %a %a", p.x, p.y);
        if constexpr (Op::dim == 3) std::printf(" %a", p.z);
        std::printf("\n");
      }
    }
  }
  EXPECT_EQ(failures, 0) << Op::name << ": sign disagreements with CGAL";
  // Every kind exercised what it should: both signs on random inputs, zeros
  // (and only zeros) on the exactly degenerate ones, both signs nudged.
  for (int kind : {0, 1, 3}) {
    EXPECT_GT(counts[kind][0], 0) << Op::name << " kind " << kind;
    EXPECT_GT(counts[kind][2], 0) << Op::name << " kind " << kind;
  }
  EXPECT_EQ(counts[2][1], kPerPredicate / 4) << Op::name << ": degenerate inputs that are not";
  std::printf("%s: %d inputs; signs -/0/+ random %d/%d/%d, wide %d/%d/%d, degenerate %d/%d/%d, nudged %d/%d/%d\n",
              Op::name, kPerPredicate, counts[0][0], counts[0][1], counts[0][2], counts[1][0], counts[1][1],
              counts[1][2], counts[2][0], counts[2][1], counts[2][2], counts[3][0], counts[3][1], counts[3][2]);
}

TEST(CgalAgreement, Orient2d) { check_agreement<Orient2d>(); }
TEST(CgalAgreement, Orient3d) { check_agreement<Orient3d>(); }
TEST(CgalAgreement, Incircle) { check_agreement<Incircle>(); }
TEST(CgalAgreement, Insphere) { check_agreement<Insphere>(); }

// ---------------------------------------------------------------------------
// Exact intersection points of segments.

/// CGAL's exact number type as mpq_class (Gmpq or mpq_class by build).
template <class Q>
mpq_class to_mpq(const Q& q) {
  if constexpr (std::is_same_v<Q, mpq_class>)
    return q;
  else
    return mpq_class(q.mpq());
}

mpq_class exact_of(const K::FT& v) { return to_mpq(CGAL::exact(v)); }

/// exactgeom's and CGAL's answers for segments s, t: the kind must match
/// (no point, one point, a segment) and the point or segment exactly.
/// Returns exactgeom's kind.
eg::IntersectionKind compare_pair(const eg::Segment2<double>& s, const eg::Segment2<double>& t) {
  const auto mine = eg::intersection(s, t);
  const auto theirs = CGAL::intersection(K::Segment_2(cg(s.a), cg(s.b)), K::Segment_2(cg(t.a), cg(t.b)));
  const auto where = [&] {
    return testing::Message() << "segments (" << s.a.x << ", " << s.a.y << ")-(" << s.b.x << ", " << s.b.y
                              << ") and (" << t.a.x << ", " << t.a.y << ")-(" << t.b.x << ", " << t.b.y << ")";
  };
  using Kind = eg::IntersectionKind;
  if (mine.kind == Kind::disjoint) {
    EXPECT_FALSE(theirs) << where();
    return mine.kind;
  }
  if (!theirs) {
    ADD_FAILURE() << where() << ": CGAL finds no intersection";
    return mine.kind;
  }
  if (mine.kind == Kind::overlap) {
    const auto* seg = boost::get<K::Segment_2>(&*theirs);
    if (!seg) {
      ADD_FAILURE() << where() << ": CGAL finds a point, exactgeom an overlap";
      return mine.kind;
    }
    // exactgeom's overlap runs in increasing lexicographic order; CGAL's
    // min() and max() are the lexicographically smaller and larger ends.
    EXPECT_EQ(eg::to_mpq(mine.overlap->a.x), exact_of(seg->min().x())) << where();
    EXPECT_EQ(eg::to_mpq(mine.overlap->a.y), exact_of(seg->min().y())) << where();
    EXPECT_EQ(eg::to_mpq(mine.overlap->b.x), exact_of(seg->max().x())) << where();
    EXPECT_EQ(eg::to_mpq(mine.overlap->b.y), exact_of(seg->max().y())) << where();
    return mine.kind;
  }
  const auto* p = boost::get<K::Point_2>(&*theirs);
  if (!p) {
    ADD_FAILURE() << where() << ": CGAL finds a segment, exactgeom one point";
    return mine.kind;
  }
  EXPECT_EQ(eg::to_mpq(mine.point->x), exact_of(p->x())) << where();
  EXPECT_EQ(eg::to_mpq(mine.point->y), exact_of(p->y())) << where();
  return mine.kind;
}

TEST(CgalAgreement, SegmentIntersectionPoints) {
  bn::Rng g(777);
  std::vector<eg::Segment2<double>> segs;
  // 600 random segments in [-1, 1)^2: their crossings have large rationals.
  for (int i = 0; i < 600; ++i)
    segs.push_back({{bn::uniform_double(g, -1, 1), bn::uniform_double(g, -1, 1)},
                    {bn::uniform_double(g, -1, 1), bn::uniform_double(g, -1, 1)}});
  // 200 segments on 10 lines a + k d (integer k in [-6, 6], exact): among
  // them collinear overlaps and shared endpoints (touch).
  for (int line = 0; line < 10; ++line) {
    // Multiples of 2^-30 below 1 and of 2^-12 below 2^-2: every a + k d is exact.
    const double ax = std::ldexp(static_cast<double>(bn::uniform_int(g, -(1 << 29), 1 << 29)), -30);
    const double ay = std::ldexp(static_cast<double>(bn::uniform_int(g, -(1 << 29), 1 << 29)), -30);
    const double dx = std::ldexp(static_cast<double>(bn::uniform_int(g, -1000, 1000)), -12);
    const double dy = std::ldexp(static_cast<double>(bn::uniform_int(g, -1000, 1000)), -12);
    for (int i = 0; i < 20; ++i) {
      const int k = bn::uniform_int(g, -6, 6), l = bn::uniform_int(g, -6, 6);
      if (k == l) continue;
      segs.push_back({{ax + k * dx, ay + k * dy}, {ax + l * dx, ay + l * dy}});
    }
  }
  std::array<int, 4> kinds{};
  for (std::size_t i = 0; i < segs.size(); ++i)
    for (std::size_t j = i + 1; j < segs.size(); ++j) ++kinds[static_cast<int>(compare_pair(segs[i], segs[j]))];
  std::printf("%zu segments: disjoint %d, cross %d, touch %d, overlap %d pairs\n", segs.size(), kinds[0], kinds[1],
              kinds[2], kinds[3]);
  EXPECT_GT(kinds[static_cast<int>(eg::IntersectionKind::cross)], 10000);
  EXPECT_GT(kinds[static_cast<int>(eg::IntersectionKind::touch)], 50);
  EXPECT_GT(kinds[static_cast<int>(eg::IntersectionKind::overlap)], 50);
}

}  // namespace

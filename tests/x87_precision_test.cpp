// The capsule tests' long-double stage (detail/capsule_filter.hpp,
// FilterLong) bounds its error for the x87 unit computing with 64-bit
// significands, as the x86-64 ABI sets it. A program may set the precision
// control to 53 bits (Direct3D 9 did, for speed); the library then skips
// the stage (src/capsules/capsules.cpp, x87_as_assumed). Here: near-touching
// capsules, spheres and triangles answered with precision control at 53
// bits and at 64, each against the mpq_class oracle.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <random>

#include "exactgeom/exactgeom.hpp"
#include "testing/sanitized.hpp"
#include "testing/capsule_oracle.hpp"

namespace eg = exactgeom;
namespace co = exactgeom::testing::capsule_oracle;

namespace {

#if defined(__x86_64__) || defined(__i386__)
unsigned short control_word() {
  unsigned short cw = 0;
  __asm__ volatile("fnstcw %0" : "=m"(cw));
  return cw;
}
void set_control_word(unsigned short cw) { __asm__ volatile("fldcw %0" : : "m"(cw)); }

/// Pairs within an ulp or two of touching: the radii sum to the distance of
/// the axes rounded, in 2-D and 3-D and against a triangle. Counts the
/// answers that differ from the oracle's.
long wrong_near_touching(int seed) {
  std::mt19937_64 g(static_cast<std::uint64_t>(seed));
  std::uniform_real_distribution<double> u(-1, 1);
  long wrong = 0;
  for (int i = 0; i < exactgeom::testing::sanitized_cases(6000); ++i) {
    const eg::Point3<double> a{u(g), u(g), u(g)}, b{u(g), u(g), u(g)}, c{u(g), u(g), u(g)}, d{u(g), u(g), u(g)};
    const eg::Point3<double> e{u(g), u(g), u(g)};
    const mpq_class d2 = co::oracle_segment_segment(co::qv(a), co::qv(b), co::qv(c), co::qv(d));
    const double r = std::sqrt(d2.get_d()) / 2;
    const mpq_class R2 = (mpq_class(r) + mpq_class(r)) * (mpq_class(r) + mpq_class(r));
    const eg::Capsule3<double> x{{a, b}, r}, y{{c, d}, r};
    wrong += eg::intersects(x, y) != (d2 <= R2);
    wrong += eg::within_radii(x, y) != (d2 < R2);
    const eg::Capsule2<double> x2{{{a.x, a.y}, {b.x, b.y}}, r}, y2{{{c.x, c.y}, {d.x, d.y}}, r};
    const mpq_class e2 = co::oracle_segment_segment(co::qv(x2.seg.a), co::qv(x2.seg.b), co::qv(y2.seg.a),
                                                    co::qv(y2.seg.b));
    const double r2 = std::sqrt(e2.get_d()) / 2;
    const mpq_class S2 = (mpq_class(r2) + mpq_class(r2)) * (mpq_class(r2) + mpq_class(r2));
    const eg::Capsule2<double> x3{x2.seg, r2}, y3{y2.seg, r2};
    wrong += eg::intersects(x3, y3) != (e2 <= S2);
    wrong += eg::within_radii(x3, y3) != (e2 < S2);
    const eg::Triangle3<double> t{c, d, e};
    const mpq_class f2 = co::oracle_segment_triangle(co::qv(a), co::qv(b), co::qv(c), co::qv(d), co::qv(e));
    const double rt = std::sqrt(f2.get_d());
    const mpq_class T2 = mpq_class(rt) * mpq_class(rt);
    wrong += eg::intersects(eg::Capsule3<double>{{a, b}, rt}, t) != (f2 <= T2);
    wrong += eg::within_radii(eg::Sphere<double>{a, rt}, t) !=
             (co::oracle_point_triangle(co::qv(a), co::qv(c), co::qv(d), co::qv(e)) < T2);
  }
  return wrong;
}

TEST(X87Precision, ExactWithPrecisionControlAt53Bits) {
  const unsigned short saved = control_word();
  ASSERT_EQ(saved & 0x0f00, 0x0300) << "the process did not start with 64-bit precision control";
  set_control_word(static_cast<unsigned short>((saved & ~0x0300) | 0x0200));  // PC = 10: 53 bits
  const long wrong53 = wrong_near_touching(1);
  set_control_word(saved);
  EXPECT_EQ(wrong53, 0);
  EXPECT_EQ(wrong_near_touching(1), 0);
}
#else
TEST(X87Precision, ExactWithPrecisionControlAt53Bits) { GTEST_SKIP() << "no x87 unit on this target"; }
#endif

}  // namespace

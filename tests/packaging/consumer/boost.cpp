// exactgeom/boost.hpp through the installed package's exactgeom::boost
// (find_package(exactgeom COMPONENTS boost)): Boost.Multiprecision's
// integers and rationals as coordinates. Exits 0 when every answer is the
// one worked out by hand.
#include <exactgeom/boost.hpp>
#include <exactgeom/exactgeom.hpp>

#include <cstdio>

namespace eg = exactgeom;

int main() {
  int failures = 0;
  auto expect = [&](bool ok, const char* what) {
    if (!ok) std::printf("FAILED: %s\n", what), ++failures;
  };
  // 2^100 + 1 above the line y = x through (2^100, 2^100): a left turn only
  // an exact integer sees.
  const eg::cpp_int big = eg::cpp_int(1) << 100;
  const eg::Point2<eg::cpp_int> a{0, 0}, b{big, big}, c{big, big + 1};
  expect(eg::orient2d(a, b, c) == eg::Sign::positive, "orient2d(cpp_int): one unit to the left at 2^100");
  // A third of the way: the squared distance from (1/3, 1) to the x-axis segment is 1.
  const eg::Point2<eg::cpp_rational> p{eg::cpp_rational(1, 3), 1};
  const eg::Segment2<eg::cpp_rational> s{{0, 0}, {1, 0}};
  expect(eg::to_mpq(eg::squared_distance(p, s)) == 1, "squared_distance(cpp_rational)");
  if (failures == 0) std::printf("boost consumer: all checks passed\n");
  return failures == 0 ? 0 : 1;
}

// The smallest program a user writes against the public API, built by CI
// against the installed package (find_package and pkg-config) and with
// exactgeom as a subdirectory. It exits 0 when every answer is the one
// worked out by hand below from the definitions in docs/queries.md.
#include <exactgeom/exactgeom.hpp>

// The core's headers leave Boost to the opt-in exactgeom/boost.hpp.
#ifdef BOOST_VERSION
#error "exactgeom/exactgeom.hpp includes a Boost header"
#endif

#include <cstdint>
#include <cstdio>
#include <string>

namespace eg = exactgeom;

namespace {

int failures = 0;

void expect(bool ok, const char* what) {
  if (!ok) {
    std::printf("FAILED: %s\n", what);
    ++failures;
  }
}

}  // namespace

int main() {
  // 1e-300 above the x-axis is still a left turn for doubles taken exactly.
  const eg::Point2<double> a{0.0, 0.0}, b{1.0, 0.0}, c{0.5, 1e-300};
  expect(eg::orient2d(a, b, c) == eg::Sign::positive, "orient2d(double): a tiny left turn");

  // The classroom example: the naive double determinant calls these
  // collinear; p lies 2^-53 to the right of the line through q and r.
  const eg::Point2<double> p{0.5 + 0x1p-53, 0.5}, q{12.0, 12.0}, r{24.0, 24.0};
  expect(eg::orient2d(p, q, r) == eg::Sign::negative, "orient2d(double): the classroom example");

  // int64 coordinates whose products overflow 64 bits.
  const std::int64_t big = INT64_C(4611686018427387903);  // 2^62 - 1
  const eg::Point2<std::int64_t> i{-big, -big}, j{big, big - 1}, k{big - 1, big};
  expect(eg::orient2d(i, j, k) == eg::Sign::positive, "orient2d(int64): products beyond 64 bits");

  // d above the counterclockwise triangle abc is positive (CGAL's convention).
  const eg::Point3<float> a3{0, 0, 0}, b3{1, 0, 0}, c3{0, 1, 0}, d3{0, 0, 1};
  expect(eg::orient3d(a3, b3, c3, d3) == eg::Sign::positive, "orient3d(float)");

  // Stadiums whose axes are exactly r1 + r2 = 2 apart touch.
  const eg::Capsule2<std::int64_t> s1{{{0, 0}, {4, 0}}, 1}, s2{{{2, 2}, {2, 5}}, 1};
  expect(eg::intersects(s1, s2), "touching stadiums intersect (closed)");
  expect(!eg::interiors_overlap(s1, s2), "touching stadiums' interiors do not overlap");

  // Crossing diagonals meet at (3/2, 3/2), exactly; disjoint segments have no point.
  const eg::Segment2<std::int64_t> u{{0, 0}, {3, 3}}, v{{0, 3}, {3, 0}}, w{{5, 0}, {6, 0}};
  const auto hit = eg::intersection(u, v);
  expect(hit.kind == eg::IntersectionKind::cross && eg::to_string(hit.kind) == "cross", "diagonals cross");
  expect(hit.point && eg::to_string(hit.point->x) == "3/2" && eg::to_string(hit.point->y) == "3/2",
         "the crossing point is (3/2, 3/2)");
  expect(!hit.overlap, "a crossing has no overlap");
  const auto miss = eg::intersection(u, w);
  expect(miss.kind == eg::IntersectionKind::disjoint && !miss.point && !miss.overlap,
         "disjoint segments have neither point nor overlap");

  // Exact squared distance 2, and sqrt(2) correctly rounded.
  const eg::Segment3<std::int64_t> s{{0, 0, 0}, {0, 0, 5}}, t{{1, 1, -3}, {1, 1, 9}};
  const auto d2 = eg::squared_distance(s, t);
  expect(eg::to_string(d2) == "2", "squared distance 2");
  expect(d2 == 2 && d2 > 1 && d2 < 2.5, "a Fraction compares with numbers, exactly");
  expect(eg::distance(s, t) == 0x1.6a09e667f3bcdp+0, "distance is sqrt(2) correctly rounded");

  std::printf(failures == 0 ? "consumer: all checks passed\n" : "consumer: %d failed\n", failures);
  return failures == 0 ? 0 : 1;
}

// README's first example: exact answers where float code is wrong, from
// the installed core (tests/readme_test.py checks the README shows this
// file and what it prints).
#include <cstdio>
#include <exactgeom/exactgeom.hpp>
namespace eg = exactgeom;

int main() {
  // Three points in a line but for one bit: the naive double determinant says 0.
  eg::Point2<double> p{0.5 + 0x1p-53, 0.5}, q{12.0, 12.0}, r{24.0, 24.0};
  std::printf("orient2d: %d\n", static_cast<int>(eg::orient2d(p, q, r)));

  // Segments crossing at (3/2, 3/2), and an exact squared distance.
  eg::Segment2<std::int64_t> u{{0, 0}, {3, 3}}, v{{0, 3}, {3, 0}};
  std::printf("crossing at x = %s\n", eg::to_string(eg::intersection(u, v).point->x).c_str());
  eg::Segment3<double> w{{0, 0, 0}, {0, 0, 5}}, z{{1, 1, -3}, {1, 1, 9}};
  std::printf("squared distance %s, distance %.17g\n", eg::to_string(eg::squared_distance(w, z)).c_str(),
              eg::distance(w, z));

  // Two stadiums exactly r1 + r2 apart: they touch (closed) but do not overlap (open).
  eg::Capsule2<std::int64_t> s1{{{0, 0}, {4, 0}}, 1}, s2{{{2, 2}, {2, 5}}, 1};
  std::printf("touch %d, overlap %d\n", eg::intersects(s1, s2), eg::interiors_overlap(s1, s2));

  // A ball on a floor of two triangles: the union's contact, and the seam between them.
  const eg::TriangleMesh3<double> floor({{0, 0, 0}, {2, 0, 0}, {2, 2, 0}, {0, 2, 0}}, {{0, 1, 2}, {0, 2, 3}});
  const auto c = eg::contact(floor, eg::Sphere<double>{{1.5, 0.5, 1}, 1.25});
  std::printf("depth %g, normal (%g, %g, %g), seam %s\n", c->depth, c->normal->x, c->normal->y, c->normal->z,
              eg::to_string(floor.edge_class(0, 2)));

  // A vertex falling through a triangle: the exact time of impact, rounded.
  using P = eg::Point3<double>;
  const auto h = eg::ccd_vertex_face<double>({P{0, 0, 1}, P{-1, -1, 0}, P{2, -1, 0}, P{-1, 2, 0}},
                                             {P{0, 0, -2}, P{-1, -1, 0}, P{2, -1, 0}, P{-1, 2, 0}});
  std::printf("time of impact %.17g\n", h->toi);
}

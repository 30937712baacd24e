// The README's "Predicates over arrays" example, as a program: orient2d over
// arrays with a broadcast query point, and orient3d over a mesh's
// tetrahedra given as index tuples. It checks its own answers (the exit
// status is what ctest runs it for) and includes only exactgeom/batch.hpp.
#include <exactgeom/batch.hpp>

#include <array>
#include <cstdint>
#include <cstdio>
#include <span>
#include <vector>

namespace eg = exactgeom;

int main() {
  // Three collinear-looking triples; the middle one is exactly collinear,
  // the last is off the line by one ulp of 0.5 (the naive double
  // determinant says 0 there).
  std::vector<eg::Point2<double>> a = {{0, 0}, {0, 0}, {0.5 + 0x1p-53, 0.5}};
  std::vector<eg::Point2<double>> b = {{1, 0}, {1, 1}, {12, 12}};
  std::vector<eg::Point2<double>> c = {{0, 1}, {2, 2}, {24, 24}};
  std::vector<std::int8_t> sign(a.size());
  eg::orient2d_batch(a, b, c, sign);
  const bool pairs_ok = sign == std::vector<std::int8_t>{1, 0, -1};

  // One query point against every segment a[i] -> b[i]: a span of one point
  // is used for every item.
  const eg::Point2<double> q{0.25, 0.5};
  eg::orient2d_batch(a, b, std::span(&q, 1), sign);
  const bool broadcast_ok = sign == std::vector<std::int8_t>{1, 1, 1};

  // A mesh: two tetrahedra over five vertices, one of them inverted.
  const std::vector<eg::Point3<double>> vertices = {
      {0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}, {0, 0, -1}};
  const std::vector<std::array<std::uint32_t, 4>> tets = {{0, 1, 2, 3}, {0, 1, 2, 4}};
  std::vector<std::int8_t> orientation(tets.size());
  eg::orient3d_batch(vertices, tets, orientation);
  const bool mesh_ok = orientation == std::vector<std::int8_t>{1, -1};

  std::printf("pairs %s, broadcast %s, mesh %s\n", pairs_ok ? "ok" : "WRONG",
              broadcast_ok ? "ok" : "WRONG", mesh_ok ? "ok" : "WRONG");
  return pairs_ok && broadcast_ok && mesh_ok ? 0 : 1;
}

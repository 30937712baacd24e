// docs/guide_predicates.md's program: checking a triangulation with exact
// predicates. A grid of points 0.1 apart, each cell split by a diagonal.
// As doubles the coordinates are rounded, but each column shares its x and
// each row its y, so every cell is still an exact rectangle and its four
// corners lie exactly on one circle: either diagonal is Delaunay, and a
// flip algorithm must see "on the circle" to stop. Is every triangle
// counterclockwise, and which diagonals are not locally Delaunay (the far
// vertex inside the circle)? The exact batch predicates answer over the
// whole mesh in one call each; the naive double determinant disagrees.
#include <array>
#include <cstdint>
#include <cstdio>
#include <span>
#include <vector>

#include <exactgeom/batch.hpp>
#include <exactgeom/reference/naive_predicates.hpp>

namespace eg = exactgeom;

int main() {
  constexpr std::uint32_t n = 40;  // points per side
  std::vector<eg::Point2<double>> p;
  for (std::uint32_t j = 0; j < n; ++j)
    for (std::uint32_t i = 0; i < n; ++i) p.push_back({0.1 * i, 0.1 * j});
  auto at = [](std::uint32_t i, std::uint32_t j) { return j * n + i; };

  // Two counterclockwise triangles per cell, and for each cell's diagonal
  // the quadruple (a, b, c, d): d, the other triangle's far vertex, against
  // the circle through the triangle a, b, c.
  std::vector<std::array<std::uint32_t, 3>> triangles;
  std::vector<std::array<std::uint32_t, 4>> diagonals;
  for (std::uint32_t j = 0; j + 1 < n; ++j)
    for (std::uint32_t i = 0; i + 1 < n; ++i) {
      const std::uint32_t a = at(i, j), b = at(i + 1, j), c = at(i + 1, j + 1), d = at(i, j + 1);
      triangles.push_back({a, b, c});
      triangles.push_back({a, c, d});
      diagonals.push_back({a, b, c, d});
    }

  std::vector<std::int8_t> orientation(triangles.size()), inside(diagonals.size());
  eg::orient2d_batch(std::span<const eg::Point2<double>>(p), std::span<const std::array<std::uint32_t, 3>>(triangles),
                     orientation);  // exact, one call for the mesh
  eg::incircle_batch(std::span<const eg::Point2<double>>(p), std::span<const std::array<std::uint32_t, 4>>(diagonals),
                     inside);

  std::size_t ccw = 0, illegal = 0, on_circle = 0, naive_disagrees = 0;
  for (std::int8_t s : orientation) ccw += s > 0;
  for (std::size_t k = 0; k < diagonals.size(); ++k) {
    const auto& q = diagonals[k];
    illegal += inside[k] > 0;
    on_circle += inside[k] == 0;
    const eg::Sign naive = eg::reference::incircle(p[q[0]], p[q[1]], p[q[2]], p[q[3]]);
    naive_disagrees += static_cast<int>(naive) != inside[k];
  }
  std::printf("%zu triangles, %zu counterclockwise\n", triangles.size(), ccw);
  std::printf("%zu diagonals: %zu not locally Delaunay, %zu exactly cocircular\n", diagonals.size(), illegal,
              on_circle);
  std::printf("the naive double incircle disagrees on %zu of them\n", naive_disagrees);
  return ccw == triangles.size() ? 0 : 1;
}

// The float contact loops of exactgeom/reference/mesh_contacts.hpp measured
// against the exact union contact on the mesh families of
// internal/testing/mesh_families.hpp: the per-triangle loop makes ghost
// contacts on flat seams and concave corners, the loop with internal edges
// removed does not on flat seams; the measured shares are asserted as bounds
// (the report prints them: `exactgeom report`, "Meshes"), and the spec's
// example is kept as a regression case.
#include <gtest/gtest.h>

#include <cstdio>

#include "exactgeom/exactgeom.hpp"
#include "exactgeom/reference/mesh_contacts.hpp"
#include "testing/mesh_families.hpp"

namespace {

using namespace exactgeom;
using namespace exactgeom::testing;

TEST(MeshReference, SpecExampleGhostAndItsRemoval) {
  // docs/queries.md: a ball resting on two triangles near the diagonal.
  const std::vector<reference::MeshVec<double>> v{{0, 0, 0}, {2, 0, 0}, {2, 2, 0}, {0, 2, 0}};
  const std::vector<std::array<std::uint32_t, 3>> f{{0, 1, 2}, {0, 2, 3}};
  const reference::MeshVec<double> c{1.5, 0.5, 1.0};
  const auto loop = reference::per_triangle_contacts(c, 1.25, v, f);
  ASSERT_EQ(loop.size(), 2u);
  EXPECT_EQ(loop[1].region, 1);  // triangle 1's edge (corner 0, corner 1) = vertices (0, 2): the diagonal
  EXPECT_GT(loop[1].normal[0], 0.4);  // tilted: the ghost
  const auto fixed = reference::internal_edge_contacts(c, 1.25, v, f, reference::active_edges(v, f));
  ASSERT_EQ(fixed.size(), 2u);
  for (const auto& t : fixed) {
    EXPECT_EQ(t.normal[0], 0.0);
    EXPECT_EQ(t.normal[2], 1.0);
    EXPECT_EQ(t.depth, 0.25);
  }
  MeshCase m;
  for (const auto& p : v) m.v.push_back(p);
  m.f = f, m.c = c, m.r = 1.25;
  const auto exact = exact_contact(m);
  EXPECT_TRUE(judge(m, exact, loop).ghost);
  EXPECT_FALSE(judge(m, exact, fixed).ghost);
  EXPECT_FALSE(judge(m, exact, fixed).wrong);
}

TEST(MeshReference, MeasuredSharesPerFamily) {
  const std::size_t n = 400;
  std::array<std::array<MeshScore, 4>, 5> s{};
  for (std::size_t k = 0; k < 5; ++k) {
    s[k] = score_mesh_family(kMeshFamilies[k], n, 1);
    for (std::size_t a = 0; a < 4; ++a)
      std::printf("%-36s %-16s ghost %5.1f%%  wrong %5.1f%%\n", kMeshLoopNames[a], to_string(kMeshFamilies[k]),
                  100.0 * double(s[k][a].ghost) / double(n), 100.0 * double(s[k][a].wrong) / double(n));
  }
  auto share = [&](std::size_t fam, std::size_t alg, bool ghost) {
    return double(ghost ? s[fam][alg].ghost : s[fam][alg].wrong) / double(n);
  };
  // flat seams: the per-triangle loop makes ghosts, in both precisions;
  // removing internal edges removes them.
  EXPECT_GT(share(0, 0, true), 0.2);
  EXPECT_GT(share(0, 1, true), 0.2);
  EXPECT_EQ(share(0, 2, true), 0.0);
  EXPECT_EQ(share(0, 3, true), 0.0);
  // concave corners: ghosts from the crease for the per-triangle loop.
  EXPECT_GT(share(2, 0, true), 0.1);
  // long thin triangles: the same seam, stretched.
  EXPECT_GT(share(3, 0, true), 0.2);
  // far from the origin in float: wrong answers the double loop does not give.
  EXPECT_GT(share(4, 1, false), share(4, 0, false));
}

}  // namespace

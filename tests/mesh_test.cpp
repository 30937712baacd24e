// Tests of exactgeom/mesh.hpp: triangle meshes and chains against every
// convex shape, checked against the brute-force oracle (every piece, no
// tree, polytope_oracle in mpq_class: internal/testing/mesh_oracle.hpp),
// with the union properties, the classes of edges and vertices, the
// features of the spec's examples, the tree at exact touching, and errors.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <random>
#include <vector>

#include "exactgeom/exactgeom.hpp"
#include "testing/mesh_oracle.hpp"

namespace {

using namespace exactgeom;
namespace mo = exactgeom::testing::mesh_oracle;
using Q = mpq_class;
using QV = std::array<mpq_class, 3>;
using P3 = Point3<std::int64_t>;
using F3 = TriangleMesh3<std::int64_t>::Face;

template <class I>
Q q_of(const Fraction<I>& f) {
  return exactgeom::to_mpq(f);
}
QV qv(const P3& p) { return {Q(p.x), Q(p.y), Q(p.z)}; }

mo::Pieces pieces_of(const TriangleMesh3<std::int64_t>& m) {
  mo::Pieces s;
  s.dim = 3;
  s.r = Q(m.radius());
  for (const auto& f : m.faces()) s.pieces.push_back({qv(m.vertices()[f[0]]), qv(m.vertices()[f[1]]), qv(m.vertices()[f[2]])});
  return s;
}

/// A terrain: an n x n grid of vertices spaced 2 apart, random heights,
/// each cell split along a random diagonal (both engine conventions).
TriangleMesh3<std::int64_t> terrain(std::mt19937_64& g, int n, int hmax, std::int64_t r) {
  std::uniform_int_distribution<int> h(-hmax, hmax), coin(0, 1);
  std::vector<P3> v;
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < n; ++i) v.push_back({2 * i, 2 * j, h(g)});
  std::vector<F3> f;
  auto id = [&](int i, int j) { return static_cast<std::uint32_t>(j * n + i); };
  for (int j = 0; j + 1 < n; ++j)
    for (int i = 0; i + 1 < n; ++i) {
      if (coin(g)) {
        f.push_back({id(i, j), id(i + 1, j), id(i + 1, j + 1)});
        f.push_back({id(i, j), id(i + 1, j + 1), id(i, j + 1)});
      } else {
        f.push_back({id(i, j), id(i + 1, j), id(i, j + 1)});
        f.push_back({id(i + 1, j), id(i + 1, j + 1), id(i, j + 1)});
      }
    }
  return TriangleMesh3<std::int64_t>(v, f, r);
}

/// A random convex shape over int64 with its core points and radius, handed
/// to f(shape, core, r).
template <class F>
void with_shape(std::mt19937_64& g, int kind, F f) {
  std::uniform_int_distribution<int> c(-1, 8), z(-3, 4), rr(0, 2);
  auto pt = [&] { return P3{c(g), c(g), z(g)}; };
  switch (kind % 7) {
    case 0: {
      const P3 p = pt();
      const std::int64_t r = rr(g);
      f(Sphere<std::int64_t>{p, r}, std::vector<QV>{qv(p)}, Q(r));
      break;
    }
    case 1: {
      const P3 a = pt(), b = pt();
      const std::int64_t r = rr(g);
      f(Capsule3<std::int64_t>{{a, b}, r}, std::vector<QV>{qv(a), qv(b)}, Q(r));
      break;
    }
    case 2: {
      const P3 a = pt(), b = pt(), d = pt();
      f(Triangle3<std::int64_t>{a, b, d}, std::vector<QV>{qv(a), qv(b), qv(d)}, Q(0));
      break;
    }
    case 3: {
      std::vector<P3> p{pt(), pt(), pt(), pt(), pt()};
      const std::int64_t r = rr(g);
      std::vector<QV> q;
      for (const P3& x : p) q.push_back(qv(x));
      f(ConvexHull3<std::int64_t>(p, r), q, Q(r));
      break;
    }
    case 4: {
      Box3<std::int64_t> b;
      b.center = pt();
      b.axes = {P3{1, 0, 0}, P3{0, 1, 0}, P3{0, 0, 1}};
      b.half = {rr(g), rr(g), rr(g)};
      b.r = rr(g) / 2;
      std::vector<QV> q;
      for (const P3& x : box_corners(b)) q.push_back(qv(x));
      f(b, q, Q(b.r));
      break;
    }
    case 5: {
      const P3 p = pt();
      f(p, std::vector<QV>{qv(p)}, Q(0));
      break;
    }
    default: {
      const P3 a = pt(), b = pt();
      f(Segment3<std::int64_t>{a, b}, std::vector<QV>{qv(a), qv(b)}, Q(0));
      break;
    }
  }
}

TEST(Mesh, RandomShapesAgainstTerrainMatchTheOracle) {
  std::mt19937_64 g(20261128);
  int meeting = 0, open = 0, apart = 0;
  for (int round = 0; round < 60; ++round) {
    const auto m = terrain(g, 4, round % 3, round % 4 == 3 ? 1 : 0);
    const mo::Pieces s = pieces_of(m);
    for (int kind = 0; kind < 7; ++kind)
      with_shape(g, kind + round, [&](const auto& x, const std::vector<QV>& core, const Q& r) {
        const mo::Answer a = mo::answer(core, r, s);
        SCOPED_TRACE("round " + std::to_string(round) + " kind " + std::to_string(kind));
        EXPECT_EQ(intersects(x, m), a.closed);
        EXPECT_EQ(intersects(m, x), a.closed);
        EXPECT_EQ(interiors_overlap(x, m), a.open);
        EXPECT_EQ(q_of(squared_distance(x, m)), a.dist2);
        EXPECT_EQ(q_of(squared_distance(m, x)), a.dist2);
        const auto cp = closest_points(x, m);
        EXPECT_EQ(q_of(cp.squared_distance), a.dist2);
        ASSERT_TRUE(cp.piece);
        EXPECT_EQ(mo::answer(core, r, mo::Pieces{3, {s.pieces[*cp.piece]}, s.r}).dist2, a.dist2);
        const auto c = contact(x, m);
        ASSERT_EQ(c.has_value(), a.closed);
        if (!c) {
          ++apart;
          return;
        }
        ++meeting;
        open += a.open;
        EXPECT_EQ(q_of(c->squared_distance), a.dist2);
        ASSERT_EQ(c->pieces.size(), a.meeting.size());
        double deepest = 0;
        bool any_open = false;
        for (std::size_t i = 0; i < a.meeting.size(); ++i) {
          EXPECT_EQ(c->pieces[i].piece, a.meeting[i].piece);
          EXPECT_EQ(q_of(c->pieces[i].squared_distance), a.meeting[i].dist2);
          EXPECT_EQ(c->pieces[i].open, a.meeting[i].open);
          EXPECT_EQ(c->pieces[i].feature.has_value(), a.meeting[i].dist2 > 0 || false) << "piece " << i;
          deepest = std::max(deepest, c->pieces[i].depth);
          any_open = any_open || c->pieces[i].open;
        }
        EXPECT_EQ(c->depth, deepest);
        EXPECT_EQ(any_open, a.open);
        // Swapped: the same pieces, directions negated.
        const auto d = contact(m, x);
        ASSERT_TRUE(d);
        EXPECT_EQ(d->depth, c->depth);
        EXPECT_EQ(d->pieces.size(), c->pieces.size());
        if (c->normal) {
          ASSERT_TRUE(d->normal);
          EXPECT_EQ(d->normal->z, -c->normal->z);
        }
      });
  }
  // The random cases reach every branch (asserted so that a change of the
  // generator cannot hollow the test out).
  EXPECT_GT(meeting, 60);
  EXPECT_GT(open, 30);
  EXPECT_GT(apart, 30);
}

TEST(Mesh, TimeOfImpactMatchesTheOracleForRadiusZero) {
  std::mt19937_64 g(7);
  std::uniform_int_distribution<int> c(-1, 8), v(-12, 12);
  int hits = 0;
  for (int round = 0; round < 80; ++round) {
    const auto m = terrain(g, 4, 2, 0);
    const mo::Pieces s = pieces_of(m);
    const P3 a{c(g), c(g), 6}, b{c(g), c(g), 7};
    const P3 mv{v(g), v(g), -v(g) * v(g) / 4 - 4};
    const Segment3<std::int64_t> seg{a, b};
    const auto want = mo::time_of_impact_r0({qv(a), qv(b)}, qv(mv), s);
    const auto got = time_of_impact(seg, mv, m);
    ASSERT_EQ(got.has_value(), want.has_value()) << round;
    if (!got) continue;
    ++hits;
    // got is want rounded to nearest: no double lies strictly closer.
    const Q e = abs(Q(*got) - *want);
    EXPECT_LE(e, abs(Q(std::nextafter(*got, 2.0)) - *want));
    EXPECT_LE(e, abs(Q(std::nextafter(*got, -1.0)) - *want));
    // The mesh moving the other way meets at the same time.
    const P3 back{-mv.x, -mv.y, -mv.z};
    EXPECT_EQ(time_of_impact(m, back, seg), got);
  }
  EXPECT_GT(hits, 10);
}

TEST(Mesh, UnionProperties) {
  std::mt19937_64 g(11);
  for (int round = 0; round < 20; ++round) {
    const auto m = terrain(g, 3, 2, 0);
    // Permuting the triangles changes nothing but the piece indices.
    std::vector<std::uint32_t> perm(m.size());
    std::iota(perm.begin(), perm.end(), 0u);
    std::shuffle(perm.begin(), perm.end(), g);
    std::vector<F3> f2;
    for (std::uint32_t k : perm) f2.push_back(m.faces()[k]);
    const TriangleMesh3<std::int64_t> m2(m.vertices(), f2, 0);
    for (int kind = 0; kind < 7; ++kind)
      with_shape(g, kind, [&](const auto& x, const std::vector<QV>&, const Q&) {
        EXPECT_EQ(intersects(x, m), intersects(x, m2));
        EXPECT_EQ(q_of(squared_distance(x, m)), q_of(squared_distance(x, m2)));
        const auto c1 = contact(x, m), c2 = contact(x, m2);
        ASSERT_EQ(c1.has_value(), c2.has_value());
        if (!c1) return;
        EXPECT_EQ(c1->depth, c2->depth);
        EXPECT_EQ(c1->gap, c2->gap);
        EXPECT_EQ(c1->normal, c2->normal);
        EXPECT_EQ(c1->depth_normal, c2->depth_normal);
        ASSERT_EQ(c1->pieces.size(), c2->pieces.size());
        for (const auto& p : c1->pieces) {
          const auto it = std::find_if(c2->pieces.begin(), c2->pieces.end(),
                                       [&](const auto& o) { return perm[o.piece] == p.piece; });
          ASSERT_NE(it, c2->pieces.end());
          EXPECT_EQ(it->feature, p.feature);
          EXPECT_EQ(it->surface_feature, p.surface_feature);
          EXPECT_EQ(it->depth_normal, p.depth_normal);
        }
      });
  }
}

TEST(Mesh, OneTriangleAnswersAsTheTriangle) {
  std::mt19937_64 g(5);
  std::uniform_int_distribution<int> c(-3, 6);
  for (int round = 0; round < 40; ++round) {
    const P3 a{c(g), c(g), c(g)}, b{c(g), c(g), c(g)}, d{c(g), c(g), c(g)};
    const TriangleMesh3<std::int64_t> m({a, b, d}, {F3{0, 1, 2}});
    const Triangle3<std::int64_t> t{a, b, d};
    for (int kind = 0; kind < 7; ++kind)
      with_shape(g, kind + round, [&](const auto& x, const std::vector<QV>&, const Q&) {
        EXPECT_EQ(intersects(x, m), intersects(x, t));
        EXPECT_EQ(interiors_overlap(x, m), interiors_overlap(x, t));
        EXPECT_EQ(q_of(squared_distance(x, m)), q_of(squared_distance(x, t)));
        const auto cm = contact(x, m);
        const auto ct = contact(x, t);
        ASSERT_EQ(cm.has_value(), ct.has_value());
        if (!cm) return;
        EXPECT_EQ(cm->depth, ct->depth);
        EXPECT_EQ(cm->gap, ct->gap);
        EXPECT_EQ(cm->normal, ct->normal);
        EXPECT_EQ(cm->depth_normal, ct->depth_normal);
        ASSERT_EQ(cm->pieces.size(), 1u);
      });
  }
}

// The example of docs/queries.md ("Meshes and chains"): a ball resting on a
// floor of two triangles, near their diagonal. Piece 1 is closest along the
// diagonal, a flat edge: its own normal is the ghost, the union's is up.
TEST(Mesh, SpecExampleBallOnTwoTriangles) {
  using R = Fraction<mpz_class>;
  using PQ = Point3<Q>;
  const TriangleMesh3<Q> m({PQ{0, 0, 0}, PQ{2, 0, 0}, PQ{2, 2, 0}, PQ{0, 2, 0}},
                           {TriangleMesh3<Q>::Face{0, 1, 2}, {0, 2, 3}});
  const Sphere<Q> ball{PQ{Q(3, 2), Q(1, 2), Q(1)}, Q(5, 4)};
  const auto c = contact(m, ball);
  ASSERT_TRUE(c);
  EXPECT_EQ(c->squared_distance, R(1));
  EXPECT_EQ(c->gap, -0.25);
  ASSERT_TRUE(c->normal);
  EXPECT_EQ(*c->normal, (Point3<double>{0, 0, 1}));
  EXPECT_EQ(c->depth, 0.25);
  EXPECT_EQ(*c->depth_normal, (Point3<double>{0, 0, 1}));
  ASSERT_EQ(c->pieces.size(), 2u);
  EXPECT_EQ(c->pieces[0].feature, (PieceFeature{PieceFeature::Kind::face, {0, 0}}));
  EXPECT_EQ(c->pieces[0].surface_feature, SurfaceFeature::face);
  EXPECT_EQ(c->pieces[1].squared_distance, R(3, 2));
  EXPECT_EQ(c->pieces[1].gap, -0x1.9dc7afdb7b461p-6);
  EXPECT_EQ(c->pieces[1].normal->x, 0x1.a20bd700c2c3ep-2);
  EXPECT_EQ(c->pieces[1].normal->y, -0x1.a20bd700c2c3ep-2);
  EXPECT_EQ(c->pieces[1].normal->z, 0x1.a20bd700c2c3ep-1);
  EXPECT_EQ(c->pieces[1].feature, (PieceFeature{PieceFeature::Kind::edge, {0, 2}}));
  EXPECT_EQ(c->pieces[1].surface_feature, SurfaceFeature::flat_edge);
  // The sweep of the example: a ball of radius 1/4 dropped from z = 2.
  const Sphere<Q> small{PQ{1, 1, 2}, Q(1, 4)};
  EXPECT_EQ(time_of_impact(small, PQ{0, 0, -4}, m), 0x1.cp-2);
}

TEST(Mesh, NormalIsNoneWhereClosestPairsDisagree) {
  // A ball centred between two walls (a V of two triangles): equal distance
  // to both, different directions.
  using P = Point3<std::int64_t>;
  const TriangleMesh3<std::int64_t> m({P{-2, 0, 0}, P{-2, 0, 4}, P{-2, 4, 0}, P{2, 0, 0}, P{2, 4, 0}, P{2, 0, 4}},
                                      {F3{0, 1, 2}, F3{3, 4, 5}});
  const auto c = contact(Sphere<std::int64_t>{P{0, 1, 1}, 3}, m);
  ASSERT_TRUE(c);
  EXPECT_EQ(c->pieces.size(), 2u);
  EXPECT_FALSE(c->normal);
  EXPECT_FALSE(c->depth_normal);
  EXPECT_EQ(c->depth, 1.0);
  // Off centre, the nearer wall decides.
  const auto d = contact(Sphere<std::int64_t>{P{1, 1, 1}, 3}, m);
  ASSERT_TRUE(d && d->normal && d->depth_normal);
  EXPECT_EQ(d->normal->x, 1.0);  // from the ball (x) toward the wall
  EXPECT_EQ(d->depth, 2.0);
}

TEST(Mesh, EdgeAndVertexClasses) {
  using P = Point3<std::int64_t>;
  // A square floor of two triangles: flat diagonal, boundary rim.
  const TriangleMesh3<std::int64_t> flat({P{0, 0, 0}, P{2, 0, 0}, P{2, 2, 0}, P{0, 2, 0}}, {F3{0, 1, 2}, F3{0, 2, 3}});
  EXPECT_EQ(flat.edge_class(0, 2), SurfaceFeature::flat_edge);
  EXPECT_EQ(flat.edge_class(2, 0), SurfaceFeature::flat_edge);
  EXPECT_EQ(flat.edge_class(0, 1), SurfaceFeature::boundary_edge);
  EXPECT_EQ(flat.vertex_class(0), SurfaceFeature::vertex);  // on the rim
  // The second triangle's far corner lifted: up is in front of the first
  // triangle's plane (its normal points +z): a concave (valley) edge; down,
  // convex (a ridge).
  const TriangleMesh3<std::int64_t> valley({P{0, 0, 0}, P{2, 0, 0}, P{2, 2, 0}, P{0, 2, 1}}, {F3{0, 1, 2}, F3{0, 2, 3}});
  EXPECT_EQ(valley.edge_class(0, 2), SurfaceFeature::concave_edge);
  const TriangleMesh3<std::int64_t> ridge({P{0, 0, 0}, P{2, 0, 0}, P{2, 2, 0}, P{0, 2, -1}}, {F3{0, 1, 2}, F3{0, 2, 3}});
  EXPECT_EQ(ridge.edge_class(0, 2), SurfaceFeature::convex_edge);
  // The same winding twice through the edge: unoriented.
  const TriangleMesh3<std::int64_t> un({P{0, 0, 0}, P{2, 0, 0}, P{2, 2, 0}, P{0, 2, 0}}, {F3{0, 1, 2}, F3{2, 0, 3}});
  EXPECT_EQ(un.edge_class(0, 2), SurfaceFeature::unoriented_edge);  // both run 2 -> 0
  // Three triangles on one edge: nonmanifold.
  const TriangleMesh3<std::int64_t> fin({P{0, 0, 0}, P{2, 0, 0}, P{2, 2, 0}, P{0, 2, 0}, P{1, 1, 3}},
                                        {F3{0, 1, 2}, F3{0, 2, 3}, F3{0, 4, 2}});
  EXPECT_EQ(fin.edge_class(0, 2), SurfaceFeature::nonmanifold_edge);
  // A degenerate triangle's edges alone: degenerate; beside a real one: boundary.
  const TriangleMesh3<std::int64_t> deg({P{0, 0, 0}, P{1, 0, 0}, P{2, 0, 0}, P{0, 2, 0}}, {F3{0, 1, 2}, F3{0, 2, 3}});
  EXPECT_TRUE(deg.degenerate(0));
  EXPECT_FALSE(deg.degenerate(1));
  EXPECT_EQ(deg.edge_class(0, 1), SurfaceFeature::degenerate_edge);
  EXPECT_EQ(deg.edge_class(0, 2), SurfaceFeature::boundary_edge);
  // An inner vertex of a flat fan is a flat vertex; lift it and it is not.
  std::vector<P> v{P{0, 0, 0}, P{4, 0, 0}, P{0, 4, 0}, P{-4, 0, 0}, P{0, -4, 0}};
  const std::vector<F3> fan{F3{0, 1, 2}, F3{0, 2, 3}, F3{0, 3, 4}, F3{0, 4, 1}};
  const TriangleMesh3<std::int64_t> plane(v, fan);
  EXPECT_EQ(plane.vertex_class(0), SurfaceFeature::flat_vertex);
  EXPECT_EQ(plane.edge_class(0, 3), SurfaceFeature::flat_edge);
  EXPECT_EQ(plane.vertex_class(1), SurfaceFeature::vertex);
  v[0].z = 1;
  const TriangleMesh3<std::int64_t> peak(v, fan);
  EXPECT_EQ(peak.vertex_class(0), SurfaceFeature::vertex);
  EXPECT_EQ(peak.edge_class(0, 3), SurfaceFeature::convex_edge);
  // Two flat fans sharing the vertex (two cycles, a bow tie in one plane): not flat.
  const TriangleMesh3<std::int64_t> bowtie(
      {P{0, 0, 0}, P{4, 1, 0}, P{4, -1, 0}, P{5, 0, 0}, P{-4, 1, 0}, P{-4, -1, 0}, P{-5, 0, 0}},
      {F3{0, 2, 3}, F3{0, 3, 1}, F3{0, 1, 2}, F3{0, 4, 6}, F3{0, 6, 5}, F3{0, 5, 4}});
  EXPECT_EQ(bowtie.edge_class(0, 3), SurfaceFeature::flat_edge);
  EXPECT_EQ(bowtie.vertex_class(0), SurfaceFeature::vertex);
}

TEST(Mesh, FeaturesOfABallOverAFloorMatchTheOracle) {
  // A ball over a floor of random triangles on a grid: its closest points
  // on each triangle are one point, found by mesh_oracle the obvious way.
  std::mt19937_64 g(3);
  std::uniform_int_distribution<int> c(-2, 20), h(1, 3);
  int faces = 0, edges = 0, vertices = 0;
  for (int round = 0; round < 300; ++round) {
    const auto grid = terrain(g, 4, 0, 0);  // spacing 2, scaled to 6 so that triangles have integer interior points
    std::vector<P3> v = grid.vertices();
    for (P3& p : v) p.x *= 3, p.y *= 3;
    const TriangleMesh3<std::int64_t> m(v, grid.faces());
    const P3 centre{c(g), c(g), h(g)};
    const Sphere<std::int64_t> ball{centre, 5};
    const auto ct = contact(ball, m);
    if (!ct) continue;
    for (const auto& p : ct->pieces) {
      const auto& f = m.faces()[p.piece];
      std::array<QV, 3> t{qv(m.vertices()[f[0]]), qv(m.vertices()[f[1]]), qv(m.vertices()[f[2]])};
      const mo::TrianglePoint want = mo::closest_on_triangle(qv(centre), t);
      ASSERT_TRUE(p.feature);
      if (want.where == 0) {
        ++faces;
        EXPECT_EQ(p.feature->kind, PieceFeature::Kind::face);
        EXPECT_EQ(p.surface_feature, SurfaceFeature::face);
      } else if (want.where == 1) {
        ++edges;
        const std::uint32_t a = f[want.which[0]], b = f[want.which[1]];
        EXPECT_EQ(*p.feature, (PieceFeature{PieceFeature::Kind::edge, {std::min(a, b), std::max(a, b)}}));
        EXPECT_EQ(p.surface_feature, m.edge_class(a, b));
      } else {
        ++vertices;
        const std::uint32_t a = f[want.which[0]];
        EXPECT_EQ(*p.feature, (PieceFeature{PieceFeature::Kind::vertex, {a, a}}));
        EXPECT_EQ(p.surface_feature, m.vertex_class(a));
      }
    }
  }
  EXPECT_GT(faces, 50);
  EXPECT_GT(edges, 50);
  EXPECT_GT(vertices, 50);
}

TEST(Mesh, FeaturesOfShapesLyingAlongEdgesAndFaces) {
  using P = Point3<std::int64_t>;
  const TriangleMesh3<std::int64_t> floor({P{0, 0, 0}, P{4, 0, 0}, P{4, 4, 0}, P{0, 4, 0}}, {F3{0, 1, 2}, F3{0, 2, 3}});
  // A capsule parallel to the floor beyond triangle 0's edge (0, 1)... lying
  // over the rim, outside: closest to triangle 0 along a piece of edge (0, 1).
  const auto c = contact(Capsule3<std::int64_t>{{P{1, -1, 1}, P{3, -1, 1}}, 2}, floor);
  ASSERT_TRUE(c);
  ASSERT_EQ(c->pieces.size(), 2u);
  EXPECT_EQ(c->pieces[0].feature, (PieceFeature{PieceFeature::Kind::edge, {0, 1}}));
  EXPECT_EQ(c->pieces[0].surface_feature, SurfaceFeature::boundary_edge);
  EXPECT_EQ(c->pieces[1].feature, (PieceFeature{PieceFeature::Kind::vertex, {0, 0}}));
  // Lying on the floor across the diagonal, above: face of both.
  const auto d = contact(Capsule3<std::int64_t>{{P{1, 2, 1}, P{3, 2, 1}}, 2}, floor);
  ASSERT_TRUE(d);
  for (const auto& p : d->pieces) EXPECT_EQ(p.feature->kind, PieceFeature::Kind::face);
  // Lying exactly above the diagonal: the diagonal of both (a ghost edge).
  const auto e = contact(Capsule3<std::int64_t>{{P{1, 1, 1}, P{3, 3, 1}}, 2}, floor);
  ASSERT_TRUE(e);
  ASSERT_EQ(e->pieces.size(), 2u);
  for (const auto& p : e->pieces) {
    EXPECT_EQ(p.feature, (PieceFeature{PieceFeature::Kind::edge, {0, 2}}));
    EXPECT_EQ(p.surface_feature, SurfaceFeature::flat_edge);
  }
  EXPECT_EQ(*e->normal, (Point3<double>{0, 0, -1}));  // from the capsule (x) down to the floor
  // A box resting across the diagonal: its face covers parts of both.
  Box3<std::int64_t> b{P{2, 2, 2}, {P{1, 0, 0}, P{0, 1, 0}, P{0, 0, 1}}, {1, 1, 1}, 1};
  const auto f = contact(b, floor);
  ASSERT_TRUE(f);
  ASSERT_EQ(f->pieces.size(), 2u);
  for (const auto& p : f->pieces) {
    EXPECT_EQ(p.feature->kind, PieceFeature::Kind::face);
    EXPECT_EQ(p.squared_distance, Fraction<mpz_class>(1));
  }
  // A box over a corner of the floor, its bottom face holding only that corner.
  Box3<std::int64_t> corner{P{-1, -1, 2}, {P{1, 0, 0}, P{0, 1, 0}, P{0, 0, 1}}, {1, 1, 1}, 1};
  const auto h = contact(corner, floor);
  ASSERT_TRUE(h);
  for (const auto& p : h->pieces) EXPECT_EQ(p.feature, (PieceFeature{PieceFeature::Kind::vertex, {0, 0}}));
}

TEST(Mesh, DegenerateTrianglesHaveTheFeaturesOfWhatTheyCover) {
  using P = Point3<std::int64_t>;
  // (0, 1, 2) collinear with 2 between 0 and 1; (3, 3, 4) a repeated index.
  const TriangleMesh3<std::int64_t> m({P{0, 0, 0}, P{4, 0, 0}, P{1, 0, 0}, P{0, 8, 0}, P{4, 8, 0}},
                                      {F3{0, 1, 2}, F3{3, 3, 4}});
  auto feature = [&](const auto& x) {
    const auto c = contact(x, m);
    EXPECT_TRUE(c && c->pieces.size() == 1);
    return c->pieces.at(0).feature;
  };
  // Above (2, 0): the middle vertex.
  EXPECT_EQ(feature(Sphere<std::int64_t>{P{1, 0, 1}, 2}), (PieceFeature{PieceFeature::Kind::vertex, {2, 2}}));
  // Above (3, 0): edge (1, 2) of what it covers.
  EXPECT_EQ(feature(Sphere<std::int64_t>{P{3, 0, 1}, 2}), (PieceFeature{PieceFeature::Kind::edge, {1, 2}}));
  // A capsule along the whole segment: the closest points span the middle vertex: none.
  EXPECT_EQ(feature(Capsule3<std::int64_t>{{P{0, 0, 1}, P{4, 0, 1}}, 2}), std::nullopt);
  // A capsule over part of edge (0, 2) only.
  auto c = contact(Capsule3<std::int64_t>{{P{-2, 0, 1}, P{1, 0, 1}}, 2}, m);
  ASSERT_TRUE(c);
  EXPECT_EQ(c->pieces[0].feature, (PieceFeature{PieceFeature::Kind::edge, {0, 2}}));
  EXPECT_EQ(c->pieces[0].surface_feature, SurfaceFeature::degenerate_edge);
  // A repeated index, (3, 3, 4): the segment from v[3] to v[4], its features
  // named by those indices (docs/queries.md "pieces"; eval once said null).
  EXPECT_EQ(feature(Sphere<std::int64_t>{P{2, 8, 1}, 2}), (PieceFeature{PieceFeature::Kind::edge, {3, 4}}));
  EXPECT_EQ(feature(Sphere<std::int64_t>{P{5, 8, 1}, 2}), (PieceFeature{PieceFeature::Kind::vertex, {4, 4}}));
  EXPECT_EQ(feature(Sphere<std::int64_t>{P{-1, 8, 1}, 2}), (PieceFeature{PieceFeature::Kind::vertex, {3, 3}}));
}

TEST(Mesh, RepeatedIndicesInEveryOrderAndTwoIndicesAtOnePosition) {
  using P = Point3<std::int64_t>;
  // v[2] is at v[0]'s position under another index.
  const std::vector<P> v{P{0, 0, 0}, P{4, 0, 0}, P{0, 0, 0}};
  auto feature = [&](std::array<std::uint32_t, 3> f, const Sphere<std::int64_t>& s) {
    const TriangleMesh3<std::int64_t> m(v, {f});
    const auto c = contact(s, m);
    EXPECT_TRUE(c && c->pieces.size() == 1);
    return c ? c->pieces.at(0).feature : std::nullopt;
  };
  const Sphere<std::int64_t> mid{P{2, 0, 1}, 2}, right{P{6, 0, 1}, 3};
  for (const auto& f : {F3{0, 0, 1}, F3{0, 1, 0}, F3{1, 0, 0}}) {
    EXPECT_EQ(feature(f, mid), (PieceFeature{PieceFeature::Kind::edge, {0, 1}}));
    EXPECT_EQ(feature(f, right), (PieceFeature{PieceFeature::Kind::vertex, {1, 1}}));
  }
  // (1, 1, 1): the point v[1].
  EXPECT_EQ(feature(F3{1, 1, 1}, right), (PieceFeature{PieceFeature::Kind::vertex, {1, 1}}));
  // Two different indices at one position (0 and 2): null, with or without a repeat.
  EXPECT_EQ(feature(F3{0, 2, 1}, mid), std::nullopt);
  EXPECT_EQ(feature(F3{0, 0, 2}, Sphere<std::int64_t>{P{1, 0, 1}, 2}), std::nullopt);
}

TEST(Mesh, TreeNeverPrunesATouchingTriangleFarFromTheOrigin) {
  // Floor triangles at 1e6 in double; a ball exactly touching one from
  // above, and one ULP of its radius more or less. The tree's boxes are
  // rounded outward: the answers equal those of every triangle tested alone.
  using P = Point3<double>;
  const double o = 1e6 + 0.1;
  std::vector<P> v;
  std::vector<TriangleMesh3<double>::Face> f;
  for (int j = 0; j < 8; ++j)
    for (int i = 0; i < 8; ++i) v.push_back({o + 0.37 * i, o + 0.29 * j, o + 0.01 * ((i * 7 + j * 3) % 5)});
  for (std::uint32_t j = 0; j + 1 < 8; ++j)
    for (std::uint32_t i = 0; i + 1 < 8; ++i) {
      f.push_back({j * 8 + i, j * 8 + i + 1, (j + 1) * 8 + i + 1});
      f.push_back({j * 8 + i, (j + 1) * 8 + i + 1, (j + 1) * 8 + i});
    }
  const TriangleMesh3<double> m(v, f);
  int touching = 0;
  for (std::size_t k = 0; k < v.size(); k += 3) {
    // A ball centred above vertex k at height h touches it exactly with r = h
    // when the vertex is the highest point below (the check is against the
    // brute force anyway).
    const P c{v[k].x, v[k].y, v[k].z + 0.5};
    const double d = distance(P{c}, m);
    for (double r : {d, std::nextafter(d, 0.0), std::nextafter(d, 1e9)}) {
      const Sphere<double> ball{c, r};
      bool brute = false, brute_open = false;
      for (std::size_t t = 0; t < m.size(); ++t) {
        brute = brute || intersects(ball, m.triangle(t));
        brute_open = brute_open || interiors_overlap(ball, m.triangle(t));
      }
      EXPECT_EQ(intersects(ball, m), brute) << k << " r " << r;
      EXPECT_EQ(interiors_overlap(ball, m), brute_open) << k;
      touching += brute && !brute_open;
    }
  }
  EXPECT_GT(touching, 0);
}

TEST(Chain, RandomShapesMatchTheOracle) {
  using P = Point2<std::int64_t>;
  std::mt19937_64 g(17);
  std::uniform_int_distribution<int> c(-6, 6), rr(0, 2);
  int meeting = 0;
  for (int round = 0; round < 200; ++round) {
    std::vector<P> pts;
    const int n = 2 + round % 5;
    for (int i = 0; i < n; ++i) pts.push_back({c(g), c(g)});
    const bool loop = round % 3 == 0;
    const Chain2<std::int64_t> chain(pts, loop, round % 4 == 1 ? 1 : 0);
    mo::Pieces s;
    s.dim = 2;
    s.r = Q(chain.radius());
    for (std::size_t k = 0; k < chain.size(); ++k) {
      const auto sg = chain.segment(k);
      s.pieces.push_back({QV{Q(sg.a.x), Q(sg.a.y), Q(0)}, QV{Q(sg.b.x), Q(sg.b.y), Q(0)}});
    }
    const P a{c(g), c(g)}, b{c(g), c(g)};
    const std::int64_t r = rr(g);
    const Capsule2<std::int64_t> cap{{a, b}, r};
    const mo::Answer want = mo::answer({QV{Q(a.x), Q(a.y), Q(0)}, QV{Q(b.x), Q(b.y), Q(0)}}, Q(r), s);
    EXPECT_EQ(intersects(cap, chain), want.closed);
    EXPECT_EQ(interiors_overlap(cap, chain), want.open);
    EXPECT_EQ(q_of(squared_distance(cap, chain)), want.dist2);
    const auto ct = contact(cap, chain);
    ASSERT_EQ(ct.has_value(), want.closed);
    if (!ct) continue;
    ++meeting;
    ASSERT_EQ(ct->pieces.size(), want.meeting.size());
    for (std::size_t i = 0; i < want.meeting.size(); ++i) EXPECT_EQ(ct->pieces[i].piece, want.meeting[i].piece);
  }
  EXPECT_GT(meeting, 50);
}

TEST(Chain, VertexClassesAndFeatures) {
  using P = Point2<std::int64_t>;
  // A floor with a flat joint, a step up (convex corner then concave), walked
  // left to right with the solid below... on the left means a
  // counterclockwise loop; an open floor walked right to left has the solid
  // below on its left.
  const Chain2<std::int64_t> floor({P{8, 0}, P{4, 0}, P{0, 0}}, false);
  EXPECT_EQ(floor.vertex_class(0), SurfaceFeature::end_vertex);
  EXPECT_EQ(floor.vertex_class(1), SurfaceFeature::flat_vertex);
  const Chain2<std::int64_t> square({P{0, 0}, P{4, 0}, P{4, 4}, P{0, 4}}, true);
  for (std::uint32_t i = 0; i < 4; ++i) EXPECT_EQ(square.vertex_class(i), SurfaceFeature::convex_vertex);
  const Chain2<std::int64_t> notch({P{0, 0}, P{4, 0}, P{2, 1}, P{4, 4}, P{0, 4}}, true);
  EXPECT_EQ(notch.vertex_class(2), SurfaceFeature::concave_vertex);
  // A ball resting over the flat joint: both segments closest at vertex 1,
  // a flat (ghost) vertex; the union's normal is up.
  const auto c = contact(Circle<std::int64_t>{P{4, 1}, 2}, floor);
  ASSERT_TRUE(c);
  ASSERT_EQ(c->pieces.size(), 2u);
  for (const auto& p : c->pieces) {
    EXPECT_EQ(p.feature, (PieceFeature{PieceFeature::Kind::vertex, {1, 1}}));
    EXPECT_EQ(p.surface_feature, SurfaceFeature::flat_vertex);
  }
  EXPECT_EQ(*c->normal, (Point2<double>{0, -1}));  // from the ball (x) down to the floor
  // Over the middle of a segment: its face.
  const auto d = contact(Circle<std::int64_t>{P{2, 1}, 2}, floor);
  ASSERT_TRUE(d);
  EXPECT_EQ(d->pieces[0].feature->kind, PieceFeature::Kind::face);
  // A box lying on the floor across the joint: both faces.
  Box2<std::int64_t> b{P{4, 2}, {P{1, 0}, P{0, 1}}, {2, 1}, 1};
  const auto e = contact(b, floor);
  ASSERT_TRUE(e);
  for (const auto& p : e->pieces) EXPECT_EQ(p.feature->kind, PieceFeature::Kind::face);
}

TEST(MeshErrors, BadInputThrowsInvalidInput) {
  using P = Point3<double>;
  using D = TriangleMesh3<double>;
  EXPECT_THROW(D({P{0, 0, 0}}, {}), invalid_input);
  EXPECT_THROW(D({P{0, 0, 0}, P{1, 0, 0}, P{0, 1, 0}}, {D::Face{0, 1, 3}}), invalid_input);
  EXPECT_THROW(D({P{0, 0, 0}, P{1, 0, 0}, P{0, std::nan(""), 0}}, {D::Face{0, 1, 2}}), invalid_input);
  EXPECT_THROW(D({P{0, 0, 0}, P{1, 0, 0}, P{0, 1, 0}}, {D::Face{0, 1, 2}}, -1.0), invalid_input);
  EXPECT_THROW(Chain2<double>({Point2<double>{0, 0}}), invalid_input);
  EXPECT_THROW(Chain2<double>({Point2<double>{0, 0}, Point2<double>{INFINITY, 0}}), invalid_input);
  try {
    D({P{0, 0, 0}, P{1, 0, 0}, P{0, 1, 0}}, {D::Face{0, 1, 2}, D::Face{0, 7, 2}});
    FAIL();
  } catch (const invalid_input& e) {
    EXPECT_NE(std::string(e.what()).find("face 1 has index 7"), std::string::npos) << e.what();
  }
}

}  // namespace

namespace {

/// The height field as an explicit mesh of exact vertices: the same pieces,
/// every answer must agree (the grid as tree against the rtree, the implied
/// faces against stored ones, the on-demand classes against classify_mesh).
template <class T>
TriangleMesh3<mpq_class> explicit_mesh(const HeightField3<T>& hf) {
  std::vector<Point3<mpq_class>> v;
  for (std::uint32_t i = 0; i < hf.nx() * hf.ny(); ++i) v.push_back(hf.vertex(i));
  std::vector<TriangleMesh3<mpq_class>::Face> f;
  for (std::size_t k = 0; k < hf.size(); ++k) f.push_back(hf.face(k));
  return TriangleMesh3<mpq_class>(v, f, to_mpq(hf.radius()));
}

void expect_same_union(const detail::mesh::UnionFacts& a, const detail::mesh::UnionFacts& b) {
  EXPECT_EQ(a.closed, b.closed);
  EXPECT_EQ(a.open, b.open);
  EXPECT_EQ(a.dist2, b.dist2);
  EXPECT_EQ(a.gap, b.gap);
  EXPECT_EQ(a.normal, b.normal);
  EXPECT_EQ(a.depth, b.depth);
  EXPECT_EQ(a.depth_normal, b.depth_normal);
  ASSERT_EQ(a.pieces.size(), b.pieces.size());
  for (std::size_t i = 0; i < a.pieces.size(); ++i) {
    EXPECT_EQ(a.pieces[i].piece, b.pieces[i].piece);
    EXPECT_EQ(a.pieces[i].feature, b.pieces[i].feature);
    EXPECT_EQ(a.pieces[i].mesh_feature, b.pieces[i].mesh_feature);
    EXPECT_EQ(a.pieces[i].f.depth, b.pieces[i].f.depth);
  }
}

}  // namespace

TEST(HeightField, AnswersAsTheSameTrianglesStoredAsAMeshFloatFarOut) {
  std::mt19937_64 g(23);
  int meeting = 0, ghosts = 0;
  for (const double offset : {0.0, 1e3, 1e4, 1e6}) {
    for (auto diag : {HeightFieldDiagonal::main, HeightFieldDiagonal::anti, HeightFieldDiagonal::alternating}) {
      std::uniform_real_distribution<float> hz(-0.5f, 0.5f);
      const std::size_t nx = 5, ny = 4;
      std::vector<float> h(nx * ny);
      for (std::size_t i = 0; i < h.size(); ++i) h[i] = i < 2 * nx ? 0.0f : hz(g);  // a flat first row of cells
      const float o = static_cast<float>(offset);
      const HeightField3<float> hf(nx, ny, h, Point3<float>{o, o, o}, 0.75f, 0.5f, diag, 0.0f);
      const auto m = explicit_mesh(hf);
      for (std::size_t k = 0; k < hf.size(); ++k) {
        const auto f = hf.face(k);
        for (int e = 0; e < 3; ++e) EXPECT_EQ(hf.edge_class(f[e], f[(e + 1) % 3]), m.edge_class(f[e], f[(e + 1) % 3]));
      }
      for (std::uint32_t v = 0; v < nx * ny; ++v) EXPECT_EQ(hf.vertex_class(v), m.vertex_class(v));
      std::uniform_real_distribution<float> px(-0.5f, 3.5f), py(-0.5f, 2.0f), pz(-0.6f, 1.2f), pr(0.0f, 0.8f);
      for (int n = 0; n < 40; ++n) {
        const Point3<float> a{o + px(g), o + py(g), o + pz(g)}, b{o + px(g), o + py(g), o + pz(g)};
        const Capsule3<float> cap{{a, n % 2 ? a : b}, pr(g)};
        const auto core = detail::cvx::shape_traits<Capsule3<float>>::to_core(cap);
        const auto u = detail::mesh::union_contact(core, hf.surface(), false);
        expect_same_union(u, detail::mesh::union_contact(core, m.surface(), false));
        EXPECT_EQ(intersects(cap, hf), u.closed);
        EXPECT_EQ(interiors_overlap(cap, hf), u.open);
        EXPECT_EQ(q_of(squared_distance(cap, hf)), u.dist2);
        meeting += u.closed;
        for (const auto& p : u.pieces)
          ghosts += p.mesh_feature == SurfaceFeature::flat_edge || p.mesh_feature == SurfaceFeature::flat_vertex;
        const Point3<float> v{px(g) - 1.5f, py(g) - 0.75f, -2.0f};
        const auto mv = detail::mesh::motion(v);
        EXPECT_EQ(time_of_impact(cap, v, hf), detail::mesh::union_time_of_impact(core, m.surface(), false, mv));
      }
    }
  }
  EXPECT_GT(meeting, 100);
  EXPECT_GT(ghosts, 0);
}

TEST(HeightField, DiagonalsAndErrors) {
  // Flat grid: every inner vertex flat, every diagonal a flat edge; lifted
  // centre: the edges at it are convex.
  std::vector<double> h(9, 0.0);
  const HeightField3<double> flat(3, 3, h, Point3<double>{0, 0, 0}, 1.0, 1.0);
  EXPECT_EQ(flat.vertex_class(4), SurfaceFeature::flat_vertex);
  EXPECT_EQ(flat.edge_class(0, 4), SurfaceFeature::flat_edge);  // main diagonal of cell (0, 0)
  EXPECT_EQ(flat.edge_class(0, 1), SurfaceFeature::boundary_edge);
  const HeightField3<double> anti(3, 3, h, Point3<double>{0, 0, 0}, 1.0, 1.0, HeightFieldDiagonal::anti);
  EXPECT_EQ(anti.edge_class(1, 3), SurfaceFeature::flat_edge);
  EXPECT_EQ(anti.edge_class(0, 4), SurfaceFeature::degenerate_edge);  // no edge there
  h[4] = 1;
  const HeightField3<double> peak(3, 3, h, Point3<double>{0, 0, 0}, 1.0, 1.0);
  EXPECT_EQ(peak.edge_class(1, 4), SurfaceFeature::convex_edge);
  EXPECT_EQ(peak.vertex_class(4), SurfaceFeature::vertex);
  h[4] = -1;
  const HeightField3<double> pit(3, 3, h, Point3<double>{0, 0, 0}, 1.0, 1.0);
  EXPECT_EQ(pit.edge_class(1, 4), SurfaceFeature::concave_edge);
  using H = HeightField3<double>;
  EXPECT_THROW(H(1, 3, {0, 0, 0}, Point3<double>{0, 0, 0}, 1.0, 1.0), invalid_input);
  EXPECT_THROW(H(2, 2, {0, 0, 0}, Point3<double>{0, 0, 0}, 1.0, 1.0), invalid_input);
  EXPECT_THROW(H(2, 2, {0, 0, 0, 0}, Point3<double>{0, 0, 0}, 0.0, 1.0), invalid_input);
  EXPECT_THROW(H(2, 2, {0, 0, NAN, 0}, Point3<double>{0, 0, 0}, 1.0, 1.0), invalid_input);
  EXPECT_THROW(H(2, 2, {0, 0, 0, 0}, Point3<double>{0, 0, 0}, 1.0, 1.0, HeightFieldDiagonal::main, -1.0), invalid_input);
}

TEST(Mesh, ClosedThinNonmanifoldUnorientedAndDegenerateMeshesMatchTheOracle) {
  using P = Point3<std::int64_t>;
  std::vector<TriangleMesh3<std::int64_t>> meshes;
  // A closed cube (12 triangles, outward winding): a surface, not a solid.
  {
    std::vector<P> v;
    for (int i = 0; i < 8; ++i) v.push_back({i & 1 ? 6 : 0, i & 2 ? 6 : 0, i & 4 ? 6 : 0});
    const std::vector<F3> f{{0, 2, 3}, {0, 3, 1}, {4, 5, 7}, {4, 7, 6}, {0, 1, 5}, {0, 5, 4},
                            {2, 6, 7}, {2, 7, 3}, {0, 4, 6}, {0, 6, 2}, {1, 3, 7}, {1, 7, 5}};
    meshes.emplace_back(v, f);
    for (std::uint32_t k = 0; k < 12; ++k)
      for (int e = 0; e < 3; ++e) EXPECT_EQ(meshes.back().edge_class(f[k][e], f[k][(e + 1) % 3]) == SurfaceFeature::convex_edge ||
                                                meshes.back().edge_class(f[k][e], f[k][(e + 1) % 3]) == SurfaceFeature::flat_edge,
                                            true);
  }
  // Long thin triangles: a strip 2000 long and 1 wide sharing its long diagonal.
  meshes.emplace_back(std::vector<P>{P{-1000, 2, 1}, P{1000, 2, 1}, P{1000, 3, 1}, P{-1000, 3, 1}},
                      std::vector<F3>{F3{0, 1, 2}, F3{0, 2, 3}});
  // A fin (nonmanifold edge), an unoriented pair, and degenerate triangles among real ones.
  meshes.emplace_back(std::vector<P>{P{0, 0, 0}, P{6, 0, 0}, P{6, 6, 0}, P{0, 6, 0}, P{3, 3, 5}},
                      std::vector<F3>{F3{0, 1, 2}, F3{0, 2, 3}, F3{0, 4, 2}});
  meshes.emplace_back(std::vector<P>{P{0, 0, 1}, P{6, 0, 1}, P{6, 6, 2}, P{0, 6, 1}},
                      std::vector<F3>{F3{0, 1, 2}, F3{2, 0, 3}});
  meshes.emplace_back(std::vector<P>{P{0, 0, 0}, P{6, 0, 0}, P{3, 0, 0}, P{0, 6, 0}, P{6, 6, 2}},
                      std::vector<F3>{F3{0, 1, 2}, F3{0, 2, 3}, F3{1, 1, 4}, F3{3, 3, 3}, F3{2, 4, 3}});
  std::mt19937_64 g(31);
  int meeting = 0;
  for (std::size_t mi = 0; mi < meshes.size(); ++mi) {
    const auto& m = meshes[mi];
    const mo::Pieces s = pieces_of(m);
    for (int round = 0; round < 30; ++round)
      with_shape(g, round, [&](const auto& x, const std::vector<QV>& core, const Q& r) {
        SCOPED_TRACE("mesh " + std::to_string(mi) + " round " + std::to_string(round));
        const mo::Answer a = mo::answer(core, r, s);
        EXPECT_EQ(intersects(x, m), a.closed);
        EXPECT_EQ(interiors_overlap(x, m), a.open);
        EXPECT_EQ(q_of(squared_distance(x, m)), a.dist2);
        const auto c = contact(m, x);
        ASSERT_EQ(c.has_value(), a.closed);
        if (!c) return;
        ++meeting;
        ASSERT_EQ(c->pieces.size(), a.meeting.size());
        for (std::size_t i = 0; i < a.meeting.size(); ++i) {
          EXPECT_EQ(c->pieces[i].piece, a.meeting[i].piece);
          EXPECT_EQ(c->pieces[i].open, a.meeting[i].open);
        }
      });
  }
  EXPECT_GT(meeting, 40);
}

TEST(Mesh, ASweepThroughTheSeamMeetsIt) {
  // A point falling exactly through the shared edge of two triangles, and
  // through their shared vertex: each triangle alone is met on its boundary
  // only, and the union is met there (no tunnelling through the crack).
  using P = Point3<std::int64_t>;
  const TriangleMesh3<std::int64_t> floor({P{0, 0, 0}, P{4, 0, 0}, P{4, 4, 0}, P{0, 4, 0}}, {F3{0, 1, 2}, F3{0, 2, 3}});
  EXPECT_EQ(time_of_impact(P{1, 1, 3}, P{0, 0, -4}, floor), 0.75);
  EXPECT_EQ(time_of_impact(P{0, 0, 3}, P{0, 0, -4}, floor), 0.75);
  EXPECT_EQ(time_of_impact(Segment3<std::int64_t>{P{1, 1, 3}, P{3, 3, 3}}, P{0, 0, -6}, floor), 0.5);
  // Sliding along the seam at its height: met at t = 0; just above it: never.
  EXPECT_EQ(time_of_impact(P{-1, -1, 0}, P{4, 4, 0}, floor), 0.25);
  EXPECT_EQ(time_of_impact(P{-1, -1, 1}, P{4, 4, 0}, floor), std::nullopt);
}

namespace {

/// A double of any exponent, as tests/wide_magnitude_lines.py draws them:
/// zero, a subnormal, or 1..2 times 2^e for e in [-1022, 1000], either sign.
double wide(std::mt19937_64& g) {
  const double k = std::uniform_real_distribution<double>(0, 1)(g);
  double v;
  if (k < 0.05) return 0.0;
  if (k < 0.15) v = std::ldexp(std::uniform_real_distribution<double>(1, 0x1p52)(g), -1074);
  else v = std::ldexp(std::uniform_real_distribution<double>(1, 2)(g), std::uniform_int_distribution<int>(-1022, 1000)(g));
  return std::uniform_int_distribution<int>(0, 1)(g) ? -v : v;
}

}  // namespace

TEST(Mesh, FullDoubleRangeSurfacesAnswerExactlyInEitherOrder) {
  // Issue 52 (E8): meshes and chains whose coordinates span the double
  // range ended the process with SIGFPE (mpq_set_d on the infinite upper
  // bound of a distance beyond the largest double, in the nearest-piece
  // search). The line that found it, then random ones: every union answer
  // is the pieces' (the least distance, the largest depth, the least time),
  // each piece asked alone through the convex engine, which has no tree.
  using P2 = Point2<double>;
  {
    const Chain2<double> chain({P2{-0x1.050843a58fd1ep-642, 0x1.a9619573f5b2cp+850},
                                P2{-0x1.966ca841dcfc2p+927, -0x1.a1dba26529c64p+317}});
    const ConvexPolygon<double> point({P2{0x1.f4bd0a8b395cap+26, -0x1.0c232b14faab0p-1018}}, 0x1.9c157543c9b2cp-575);
    EXPECT_FALSE(contact(point, chain));
    EXPECT_EQ(distance(point, chain), distance(point, Segment2<double>{chain.points()[0], chain.points()[1]}));
  }
  using P = Point3<double>;
  {
    // A triangle on the plane x + y = 2e160, whose box reaches the ball
    // (the first guess), 1.41e160 away, and one 1.2e160 away: distances
    // whose squares and box gaps' squares are beyond the largest double.
    const double far = 1e160;
    for (bool nearer_first : {false, true}) {
      std::vector<P> v{{2 * far, 0, 0}, {0, 2 * far, 0}, {0, 2 * far, 1}, {1.2 * far, 5, 5}, {1.2 * far, 6, 5}, {1.2 * far, 5, 6}};
      std::vector<TriangleMesh3<double>::Face> f{{0, 1, 2}, {3, 4, 5}};
      if (nearer_first) std::swap(f[0], f[1]);
      const TriangleMesh3<double> m(v, f);
      const Sphere<double> ball{P{0, 0, 0}, 1};
      EXPECT_EQ(q_of(squared_distance(ball, m)), q_of(squared_distance(ball, Triangle3<double>{v[3], v[4], v[5]})));
      EXPECT_EQ(closest_points(ball, m).piece, std::optional<std::size_t>(nearer_first ? 0 : 1));
    }
  }
  std::mt19937_64 g(52);
  for (int trial = 0; trial < 60; ++trial) {
    std::vector<P> pool;
    for (int k = 0; k < 3; ++k) pool.push_back({wide(g), wide(g), wide(g)});
    auto pt = [&] { return g() % 2 ? pool[g() % pool.size()] : P{wide(g), wide(g), wide(g)}; };
    std::vector<P> v;
    for (int k = 0; k < 4; ++k) v.push_back(pt());
    std::vector<TriangleMesh3<double>::Face> f;
    for (int k = 0; k < 3; ++k) f.push_back({std::uint32_t(g() % 4), std::uint32_t(g() % 4), std::uint32_t(g() % 4)});
    const TriangleMesh3<double> m(v, f);
    const ConvexHull3<double> hull({pt(), pt(), pt(), pt()}, g() % 2 ? 0.0 : std::fabs(wide(g)));
    const P move{wide(g), wide(g), wide(g)};
    std::optional<Q> least;
    double deepest = 0;
    std::optional<double> first;
    for (const auto& face : f) {
      const Triangle3<double> t{v[face[0]], v[face[1]], v[face[2]]};
      const Q d2 = q_of(squared_distance(hull, t));
      if (!least || d2 < *least) least = d2;
      if (const auto c = contact(hull, t)) deepest = std::max(deepest, c->depth);
      const auto toi = time_of_impact(hull, move, t);
      if (toi && (!first || *toi < *first)) first = toi;
    }
    EXPECT_EQ(q_of(squared_distance(hull, m)), *least) << trial;
    EXPECT_EQ(q_of(squared_distance(m, hull)), *least) << trial;
    const auto c = contact(hull, m), c2 = contact(m, hull);
    EXPECT_EQ(c.has_value(), c2.has_value()) << trial;
    if (c) {
      EXPECT_EQ(c->depth, deepest) << trial;
    }
    if (c2) {
      EXPECT_EQ(c2->depth, deepest) << trial;
    }
    EXPECT_EQ(time_of_impact(hull, move, m), first) << trial;
  }
}

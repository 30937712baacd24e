// Bullet 3.24's collisions against level geometry audited with
// exactgeom::audit::audit_surface and audit_surface_sweep (issue 41,
// docs/engine_audits.md) -- installed API only, the float build (bullet.pc):
//  - a btSphereShape, a btCapsuleShape and a btBoxShape against a
//    btBvhTriangleMeshShape over a btTriangleIndexVertexArray made of the
//    case's vertices (float) and triangles (int): btCollisionWorld::
//    contactPairTest(shape, mesh) with a ContactResultCallback collecting
//    every btManifoldPoint with getDistance() <= 0: normal m_normalWorldOnB
//    (on B, the mesh: from the surface toward the shape), depth
//    -getDistance(), piece m_index1 (the triangle);
//  - the same with internal-edge handling: btGenerateInternalEdgeInfo into
//    a btTriangleInfoMap, CF_CUSTOM_MATERIAL_CALLBACK on the mesh object, and
//    btAdjustInternalEdgeContacts(cp, mesh side, shape side, partId1,
//    index1) on each point. Bullet calls gContactAddedCallback from
//    btManifoldResult::addContactPoint (a stepping world), but
//    contactPairTest's result (btBridgedManifoldResult) does not call it:
//    the program installs the callback anyway, checks that contactPairTest
//    never calls it, and calls the same function from the
//    ContactResultCallback with the arguments gContactAddedCallback gets;
//  - a btHeightfieldTerrainShape (float heights, up axis z) on the terrain
//    family, built from the case's grid, with and without internal edges
//    (setFlipTriangleWinding(true): with up axis z Bullet's triangles face
//    down, and btAdjustInternalEdgeContacts changes no normal of them).
//    Bullet centres the height field on its AABB: the heights' bounds are
//    symmetric (-m, m: no vertical shift) and the collision object is
//    translated by the grid's half size, so Bullet's vertices are the
//    case's; the diagonals follow the grid's (main: flipQuadEdges,
//    anti: Bullet's default, alternating: setUseDiamondSubdivision). Every
//    call checks Bullet's triangles (processAllTriangles, in world
//    coordinates) against the case's and maps Bullet's (partId, index) to
//    the case's piece through them: a mismatch stops the program;
//  - btCollisionWorld::convexSweepTest of each shape against the triangle
//    mesh (and the height field on terrain_sweeps) with a
//    ClosestConvexResultCallback: m_closestHitFraction when hasHit(), else
//    none; allowedCcdPenetration 0.
// Margins: btSphereShape and btCapsuleShape hold their radius as the
// margin (Bullet allows no other); btBoxShape and the meshes get
// setMargin(0). Thresholds: gContactBreakingThreshold = 0, the dispatcher's
// relative threshold off, m_closestDistanceThreshold = 0: Bullet reports
// contacts of shapes that touch or overlap, and the program keeps those
// with getDistance() <= 0 (btBridgedManifoldResult passes on every point
// the algorithms make, including the box-triangle clipper's points above
// the surface). Bullet holds a capsule as a transform (basis column 1 =
// axis) and a half-height, a box as a transform and half extents: the
// audit asks about those shapes (CentredCapsule, RotatedBox3, to_exact).
// Usage: audit_bullet_mesh [--cases N] ... (audit_main: --help).
#include <btBulletCollisionCommon.h>

#include <BulletCollision/CollisionDispatch/btInternalEdgeUtility.h>
#include <BulletCollision/CollisionShapes/btHeightfieldTerrainShape.h>
#include <BulletCollision/CollisionShapes/btTriangleInfoMap.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <exactgeom/audit/audit.hpp>
#include <exactgeom/audit/surface.hpp>

static_assert(sizeof(btScalar) == 4, "audit_bullet_mesh: Bullet's float build (bullet.pc)");

#include "bullet_shapes.hpp"

namespace {

using namespace audits::bullet;
using exactgeom::audit::SurfaceCase;
using exactgeom::audit::SurfaceContact;

// --- the level geometry -------------------------------------------------------

enum class Level { mesh, mesh_edges, heightfield, heightfield_edges };

bool with_edges(Level l) { return l == Level::mesh_edges || l == Level::heightfield_edges; }

/// The case's surface as a Bullet collision object: the data, the shape, the
/// object, and (height fields) Bullet's (partId, index) -> the case's piece.
struct Surface {
  std::vector<float> verts;
  std::vector<int> idx;
  std::vector<float> heights;
  std::unique_ptr<btTriangleIndexVertexArray> array;
  std::unique_ptr<btTriangleInfoMap> info;
  std::unique_ptr<btConcaveShape> shape;
  btCollisionObject object;
  std::map<std::pair<int, int>, std::size_t> piece_of;

  Surface(const SurfaceCase& L, Level level) {
    if (level == Level::mesh || level == Level::mesh_edges) {
      for (const auto& p : L.vertices)
        for (double v : p) verts.push_back(static_cast<float>(v));
      for (const auto& t : L.triangles)
        for (auto i : t) idx.push_back(static_cast<int>(i));
      array = std::make_unique<btTriangleIndexVertexArray>(static_cast<int>(L.triangles.size()), idx.data(),
                                                           3 * static_cast<int>(sizeof(int)),
                                                           static_cast<int>(L.vertices.size()), verts.data(),
                                                           3 * static_cast<int>(sizeof(float)));
      auto mesh = std::make_unique<btBvhTriangleMeshShape>(array.get(), true);
      mesh->setMargin(0);
      if (level == Level::mesh_edges) {
        info = std::make_unique<btTriangleInfoMap>();
        btGenerateInternalEdgeInfo(mesh.get(), info.get());
      }
      shape = std::move(mesh);
      btTransform t;
      t.setIdentity();
      object.setWorldTransform(t);
    } else {
      const auto& g = *L.grid;
      double m = 1;
      for (double h : g.heights) {
        heights.push_back(static_cast<float>(h));
        m = std::max(m, std::ceil(std::fabs(h)) + 1);
      }
      // Symmetric bounds: Bullet's local origin is the AABB's middle, at height 0.
      auto hf = std::make_unique<btHeightfieldTerrainShape>(static_cast<int>(g.columns), static_cast<int>(g.rows),
                                                            heights.data(), btScalar(-m), btScalar(m), 2,
                                                            g.diagonal == exactgeom::HeightFieldDiagonal::main);
      if (g.diagonal == exactgeom::HeightFieldDiagonal::alternating) hf->setUseDiamondSubdivision(true);
      hf->setLocalScaling(btVector3(btScalar(g.dx), btScalar(g.dy), 1));
      hf->setMargin(0);
      // With up axis z Bullet's triangles face down (their normals point to
      // -z), and btAdjustInternalEdgeContacts then changes no normal (its
      // front side is the triangle's): turned up, as the case's are.
      hf->setFlipTriangleWinding(true);
      if (level == Level::heightfield_edges) {
        info = std::make_unique<btTriangleInfoMap>();
        btGenerateInternalEdgeInfo(hf.get(), info.get());
      }
      shape = std::move(hf);
      btTransform t;
      t.setIdentity();
      // Bullet's sample (i, j) is at ((i - (columns - 1) / 2) dx, (j - (rows - 1) / 2) dy, h) locally.
      t.setOrigin(btVector3(btScalar(g.origin[0] + 0.5 * double(g.columns - 1) * g.dx),
                            btScalar(g.origin[1] + 0.5 * double(g.rows - 1) * g.dy), btScalar(g.origin[2])));
      object.setWorldTransform(t);
      map_pieces(L);
    }
    object.setCollisionShape(shape.get());
    if (with_edges(level))
      object.setCollisionFlags(object.getCollisionFlags() | btCollisionObject::CF_CUSTOM_MATERIAL_CALLBACK);
  }

  /// Bullet's triangles of the height field, in world coordinates as Bullet
  /// computes them, must be the case's: each maps to its piece.
  void map_pieces(const SurfaceCase& L) {
    struct Collect : btTriangleCallback {
      const btTransform* t;
      std::vector<std::pair<std::array<std::array<double, 3>, 3>, std::pair<int, int>>> all;
      void processTriangle(btVector3* tri, int part, int index) override {
        std::array<std::array<double, 3>, 3> w;
        for (int k = 0; k < 3; ++k) {
          const btVector3 p = (*t) * tri[k];
          w[static_cast<std::size_t>(k)] = {double(p.x()), double(p.y()), double(p.z())};
        }
        std::sort(w.begin(), w.end());
        all.push_back({w, {part, index}});
      }
    } c;
    c.t = &object.getWorldTransform();
    const btVector3 big(BT_LARGE_FLOAT, BT_LARGE_FLOAT, BT_LARGE_FLOAT);
    shape->processAllTriangles(&c, -big, big);
    std::map<std::array<std::array<double, 3>, 3>, std::size_t> want;
    for (std::size_t i = 0; i < L.triangles.size(); ++i) {
      std::array<std::array<double, 3>, 3> w;
      for (std::size_t k = 0; k < 3; ++k) w[k] = L.vertices[L.triangles[i][k]];
      std::sort(w.begin(), w.end());
      want[w] = i;
    }
    bool ok = c.all.size() == L.triangles.size();
    for (const auto& [w, id] : c.all) {
      const auto it = want.find(w);
      if (it == want.end()) {
        ok = false;
        break;
      }
      piece_of[id] = it->second;
    }
    if (!ok || piece_of.size() != L.triangles.size()) {
      std::fprintf(stderr, "audit_bullet_mesh: Bullet's height-field triangles are not the case's (%zu of %zu)\n",
                   piece_of.size(), L.triangles.size());
      std::abort();
    }
  }
};

// gContactAddedCallback: the documented hook for btAdjustInternalEdgeContacts
// (the mesh is the second object of every query here).
int g_added_calls = 0;
bool adjust_internal_edges(btManifoldPoint& cp, const btCollisionObjectWrapper* shape_side, int, int,
                           const btCollisionObjectWrapper* mesh_side, int part1, int index1) {
  ++g_added_calls;
  btAdjustInternalEdgeContacts(cp, mesh_side, shape_side, part1, index1);
  return true;
}

/// Every point Bullet reports with distance <= 0; with internal edges, each
/// adjusted by btAdjustInternalEdgeContacts first.
struct Points : btCollisionWorld::ContactResultCallback {
  bool edges = false;
  const Surface* surface = nullptr;
  std::vector<SurfaceContact> out;
  btScalar addSingleResult(btManifoldPoint& cp, const btCollisionObjectWrapper* shape_side, int, int,
                           const btCollisionObjectWrapper* mesh_side, int part1, int index1) override {
    if (edges) btAdjustInternalEdgeContacts(cp, mesh_side, shape_side, part1, index1);
    if (!(cp.getDistance() <= 0)) return 0;
    const btVector3& n = cp.m_normalWorldOnB;  // on the mesh (B), toward the shape (A)
    SurfaceContact c;
    c.normal = {double(n.x()), double(n.y()), double(n.z())};
    c.depth = -double(cp.getDistance());
    if (surface->piece_of.empty()) {
      c.piece = static_cast<std::size_t>(index1);
    } else {
      const auto it = surface->piece_of.find({part1, index1});
      if (it != surface->piece_of.end()) c.piece = it->second;
    }
    out.push_back(c);
    return 0;
  }
};

template <class U>
std::vector<SurfaceContact> contacts(Level level, const SurfaceCase& L, const U& u) {
  Surface s(L, level);
  const auto sh = shape(u);
  btCollisionObject o;
  o.setCollisionShape(sh.get());
  o.setWorldTransform(transform_of(u));
  Points cb;
  cb.edges = with_edges(level);
  cb.surface = &s;
  cb.m_closestDistanceThreshold = 0;
  const int before = g_added_calls;
  World::get().world.contactPairTest(&o, &s.object, cb);
  if (g_added_calls != before) {
    std::fprintf(stderr, "audit_bullet_mesh: contactPairTest called gContactAddedCallback: the adjustment would run twice\n");
    std::abort();
  }
  return cb.out;
}

template <class U>
std::optional<double> sweep(Level level, const SurfaceCase& L, const U& u, const std::array<double, 3>& v) {
  Surface s(L, level);
  const auto sh = shape(u);
  World& w = World::get();
  w.world.addCollisionObject(&s.object);
  const btTransform from = transform_of(u);
  btTransform to = from;
  to.setOrigin(from.getOrigin() + btVector3(btScalar(v[0]), btScalar(v[1]), btScalar(v[2])));
  btCollisionWorld::ClosestConvexResultCallback cb(from.getOrigin(), to.getOrigin());
  w.world.convexSweepTest(sh.get(), from, to, cb, 0);
  w.world.removeCollisionObject(&s.object);
  if (!cb.hasHit()) return std::nullopt;
  return double(cb.m_closestHitFraction);
}

}  // namespace

int main(int argc, char** argv) {
  using namespace exactgeom;
  using namespace exactgeom::audit;
  gContactAddedCallback = adjust_internal_edges;
  std::vector<AuditJob> jobs;
  const SurfaceOptions terrain{.families = {SurfaceFamily::terrain}};
  const SurfaceOptions terrain_sweeps{.families = {SurfaceFamily::terrain_sweeps}};
  auto add = [&]<class U>(const std::string& shape_name) {
    const struct {
      Level level;
      std::string what;
    } surfaces[] = {{Level::mesh, "btBvhTriangleMeshShape"},
                    {Level::mesh_edges, "btBvhTriangleMeshShape+internal edges"},
                    {Level::heightfield, "btHeightfieldTerrainShape"},
                    {Level::heightfield_edges, "btHeightfieldTerrainShape+internal edges"}};
    for (const auto& [level, what] : surfaces) {
      const std::string name = "bullet/" + what + " " + shape_name + " (float)";
      const bool hf = level == Level::heightfield || level == Level::heightfield_edges;
      jobs.push_back({name, [name, level, hf, terrain](const AuditOptions& o) {
                        return audit_surface<U>(
                            [level](const SurfaceCase& L, const U& u) { return contacts(level, L, u); }, o, name,
                            hf ? terrain : SurfaceOptions{});
                      }});
    }
    for (const Level level : {Level::mesh, Level::heightfield}) {
      const bool hf = level == Level::heightfield;
      const std::string name = std::string("bullet/convexSweepTest ") +
                               (hf ? "btHeightfieldTerrainShape " : "btBvhTriangleMeshShape ") + shape_name + " (float)";
      jobs.push_back({name, [name, level, hf, terrain_sweeps](const AuditOptions& o) {
                        return audit_surface_sweep<U>(
                            [level](const SurfaceCase& L, const U& u, const std::array<double, 3>& v) {
                              return sweep(level, L, u, v);
                            },
                            o, name, hf ? terrain_sweeps : SurfaceOptions{});
                      }});
    }
  };
  add.operator()<BtBall>("btSphereShape");
  add.operator()<BtCapsule>("btCapsuleShape");
  add.operator()<BtBox>("btBoxShape");
  // Real answers: wrong beyond 4 float ULPs at the case's largest magnitude.
  return audit_main(argc, argv, jobs, {.cases = 20, .tolerance = {Unit::scale_ulps, 4 * 0x1p29}});
}

// Bullet 3.24's box and hull collisions audited with exactgeom::audit::audit_pair
// and audit_sweep -- installed API only:
//  - btBoxBoxDetector (the box-box algorithm btDefaultCollisionConfiguration
//    picks), through btCollisionWorld::contactPairTest, its contact manifold
//    (exactgeom::audit::audit_manifold): is there contact, its normal
//    (-m_normalWorldOnB of the deepest point, from the first box toward the
//    second), its points (m_positionWorldOnB: on both shapes, or in their
//    overlap?) and their separations (getDistance(): the exact ones
//    along the normal?); and its depth (-getDistance() of the deepest point);
//  - btGjkPairDetector with btGjkEpaPenetrationDepthSolver (the
//    convex-convex algorithm) on a btBoxShape and a btConvexHullShape, the
//    same five questions, and on two btConvexHullShape;
//  - btCollisionWorld::convexSweepTest: a box cast along v against a box
//    (and against a hull, btConvexHullShape),
//    the hit fraction (time of impact), none without a hit.
// Bullet holds a box as a transform (the basis columns are its axes) and
// half extents in btScalar: exactgeom::audit::RotatedBox3, read back exactly
// (to_exact), so the reference is asked about the box Bullet holds. Every
// shape gets collision margin 0 (the box's half extents are then its
// implicit dimensions; a hull's margin would grow it). Built against
// bullet.pc (float) and bullet-float64.pc (double).
// Usage: audit_bullet_box_* [--cases N] ... (audit_main: --help).
#include <btBulletCollisionCommon.h>

#include <algorithm>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <exactgeom/audit/audit.hpp>

#include "bullet_shapes.hpp"

using BtHull = exactgeom::audit::PointHull<btScalar, 3>;


namespace {

using audits::bullet::shape;  // with the hull's own overloads below
using audits::bullet::transform_of;
using audits::bullet::World;

btTransform transform_of(const BtHull&) {
  btTransform t;
  t.setIdentity();
  return t;
}
std::unique_ptr<btConvexShape> shape(const BtHull& h) {
  auto s = std::make_unique<btConvexHullShape>();
  for (const auto& p : h.points) s->addPoint(btVector3(p[0], p[1], p[2]), false);
  s->recalcLocalAabb();
  s->setMargin(0);
  return s;
}

/// Every contact point Bullet reports for the pair (its manifold's points).
struct Points : btCollisionWorld::ContactResultCallback {
  std::vector<btManifoldPoint> all;
  btScalar addSingleResult(btManifoldPoint& p, const btCollisionObjectWrapper*, int, int,
                           const btCollisionObjectWrapper*, int, int) override {
    all.push_back(p);
    return 0;
  }
};

template <class A, class B>
std::vector<btManifoldPoint> contact_points(const A& a, const B& b) {
  const auto sa = shape(a), sb = shape(b);
  btCollisionObject oa, ob;
  oa.setCollisionShape(sa.get());
  ob.setCollisionShape(sb.get());
  oa.setWorldTransform(transform_of(a));
  ob.setWorldTransform(transform_of(b));
  Points cb;
  cb.m_closestDistanceThreshold = 0;
  World::get().world.contactPairTest(&oa, &ob, cb);
  return cb.all;
}

/// Bullet's manifold of a and b: the deepest point's normal (from a toward
/// b: -m_normalWorldOnB), and each point as Bullet places it, on b
/// (m_positionWorldOnB; its witness on a is that plus the normal times the
/// distance), with its distance, the separation along that normal.
template <class A, class B>
std::optional<exactgeom::audit::Manifold<exactgeom::Point3<double>>> manifold(const A& a, const B& b) {
  std::vector<btManifoldPoint> all = contact_points(a, b);
  if (all.empty()) return std::nullopt;
  std::sort(all.begin(), all.end(),
            [](const btManifoldPoint& p, const btManifoldPoint& q) { return p.getDistance() < q.getDistance(); });
  if (all.size() > exactgeom::audit::kManifoldPoints) all.resize(exactgeom::audit::kManifoldPoints);
  exactgeom::audit::Manifold<exactgeom::Point3<double>> m;
  const btVector3 n = -all.front().m_normalWorldOnB;
  m.normal = {n.x(), n.y(), n.z()};
  for (const btManifoldPoint& p : all) {
    const btVector3& at = p.m_positionWorldOnB;
    m.points.push_back({{at.x(), at.y(), at.z()}, double(p.getDistance())});
  }
  return m;
}

/// Shape x cast along v against shape y: the hit fraction, none without a hit.
template <class A, class B>
std::optional<double> sweep(const A& x, const exactgeom::Point3<double>& v, const B& y) {
  const auto sx = shape(x), sy = shape(y);
  btCollisionObject oy;
  oy.setCollisionShape(sy.get());
  oy.setWorldTransform(transform_of(y));
  World& w = World::get();
  w.world.addCollisionObject(&oy);
  const btTransform from = transform_of(x);
  btTransform to = from;
  to.setOrigin(from.getOrigin() + btVector3(btScalar(v.x), btScalar(v.y), btScalar(v.z)));
  btCollisionWorld::ClosestConvexResultCallback cb(from.getOrigin(), to.getOrigin());
  w.world.convexSweepTest(static_cast<const btConvexShape*>(sx.get()), from, to, cb);
  w.world.removeCollisionObject(&oy);
  if (!cb.hasHit()) return std::nullopt;
  return double(cb.m_closestHitFraction);
}

}  // namespace

int main(int argc, char** argv) {
  using namespace exactgeom;
  using namespace exactgeom::audit;
  const std::string type = sizeof(btScalar) == 4 ? " (float)" : " (double)";
  const std::string bb = "bullet/btBoxBoxDetector box-box" + type, bh = "bullet/GJK-EPA box-hull" + type,
                    hh = "bullet/GJK-EPA hull-hull" + type, sw = "bullet/convexSweepTest box-box" + type,
                    swh = "bullet/convexSweepTest box-hull" + type;
  const std::vector<AuditJob> jobs = {
      // Bullet reports a point only for distance < 0 here (margins and
      // thresholds 0): overlap by more than touching is the question its
      // "contact?" answers, and no point may lie off the shapes (tolerance 0).
      {bb, [&](const AuditOptions& o) { return audit_manifold<BtBox, BtBox>(manifold<BtBox, BtBox>, 0.0, o, bb, Question::open_overlap); }},
      {bh, [&](const AuditOptions& o) { return audit_manifold<BtBox, BtHull>(manifold<BtBox, BtHull>, 0.0, o, bh, Question::open_overlap); }},
      {hh, [&](const AuditOptions& o) { return audit_manifold<BtHull, BtHull>(manifold<BtHull, BtHull>, 0.0, o, hh, Question::open_overlap); }},
      {sw, [&](const AuditOptions& o) { return audit_sweep<BtBox, BtBox>(sweep<BtBox, BtBox>, o, sw + ": time of impact"); }},
      {swh, [&](const AuditOptions& o) { return audit_sweep<BtBox, BtHull>(sweep<BtBox, BtHull>, o, swh + ": time of impact"); }}};
  // Real answers: wrong beyond 4 ULPs of btScalar at the case's largest
  // magnitude (a direction or time: of 1).
  return audit_main(argc, argv, jobs,
                    {.cases = 50, .tolerance = {Unit::scale_ulps, sizeof(btScalar) == 4 ? 4 * 0x1p29 : 4}});
}

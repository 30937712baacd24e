// Bullet 3.24's contact points for capsule-capsule and sphere-capsule
// (btCollisionWorld::contactPairTest, contact threshold 0) audited with
// exactgeom::audit::audit_pair -- installed API only: is there contact, its depth
// (-getDistance() of the deepest point) and its normal (-m_normalWorldOnB,
// from the first shape toward the second). Bullet holds a capsule as a
// transform (centre, basis column 1 = axis) and a half-height, so the
// adapter reads that shape back (to_exact) and the exact reference is asked
// about the capsule Bullet holds. Built against bullet.pc (float) and
// bullet-float64.pc (double). Usage: audit_bullet_contact_* [--cases N] ... (audit_main: --help).
#include <btBulletCollisionCommon.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <exactgeom/audit/audit.hpp>

#include "bullet_shapes.hpp"

namespace {

using namespace audits::bullet;

struct Deepest : btCollisionWorld::ContactResultCallback {
  std::optional<btManifoldPoint> best;
  btScalar addSingleResult(btManifoldPoint& p, const btCollisionObjectWrapper*, int, int,
                           const btCollisionObjectWrapper*, int, int) override {
    if (!best || p.getDistance() < best->getDistance()) best = p;
    return 0;
  }
};

struct Contact {
  double depth;
  exactgeom::Point3<double> normal;
};

template <class A, class B>
std::optional<Contact> collide(const A& a, const B& b) {
  const auto sa = shape(a), sb = shape(b);
  btCollisionObject oa, ob;
  oa.setCollisionShape(sa.get());
  ob.setCollisionShape(sb.get());
  oa.setWorldTransform(transform_of(a));
  ob.setWorldTransform(transform_of(b));
  Deepest cb;
  cb.m_closestDistanceThreshold = 0;
  World::get().world.contactPairTest(&oa, &ob, cb);
  if (!cb.best) return std::nullopt;
  const btVector3 n = -cb.best->m_normalWorldOnB;  // from a toward b
  return Contact{-double(cb.best->getDistance()), {double(n.x()), double(n.y()), double(n.z())}};
}

}  // namespace

int main(int argc, char** argv) {
  using namespace exactgeom;
  using namespace exactgeom::audit;
  const std::string type = sizeof(btScalar) == 4 ? " (float)" : " (double)";
  const std::string cc = "bullet/contactPairTest capsule-capsule" + type,
                    sc = "bullet/contactPairTest sphere-capsule" + type;
  // Bullet's contact is strict (distance < r1 + r2): the open question.
  const std::vector<AuditJob> jobs = {
      {cc, [&](const AuditOptions& o) {
         return audit_contact<BtCapsule, BtCapsule>(collide<BtCapsule, BtCapsule>, o, cc, Question::open_overlap);
       }},
      {sc, [&](const AuditOptions& o) {
         return audit_contact<BtBall, BtCapsule>(collide<BtBall, BtCapsule>, o, sc, Question::open_overlap);
       }}};
  // Real answers: wrong beyond 4 ULPs of btScalar at the scale r1 + r2 (the
  // normal: of 1). Touching counts as no contact in Bullet (strict <), so a
  // depth of 0 answered "none" is a rounding-level disagreement.
  return audit_main(argc, argv, jobs,
                    {.cases = 2000, .tolerance = {Unit::scale_ulps, sizeof(btScalar) == 4 ? 4 * 0x1p29 : 4},
                     .scale = Scale::radius_sum});
}

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

// What Bullet holds: centre o, unit axis u (basis column 1), half-height hh, radius r.
using BtCapsule = exactgeom::audit::CentredCapsule<btScalar>;
struct BtBall {
  btScalar c[3], r;
};

template <>
struct exactgeom::audit::shape_adapter<BtCapsule> {
  using exact_type = exactgeom::Capsule3<double>;
  using scalar = btScalar;
  static BtCapsule from_exact(const exact_type& c) { return BtCapsule::hold(c, 1); }
  static exactgeom::Capsule3<mpq_class> to_exact(const BtCapsule& h) { return h.exact(); }  // o -+ hh u, exactly
};
template <>
struct exactgeom::audit::shape_adapter<BtBall> {
  using exact_type = exactgeom::Sphere<double>;
  using scalar = btScalar;
  static BtBall from_exact(const exact_type& s) {
    return {{btScalar(s.center.x), btScalar(s.center.y), btScalar(s.center.z)}, btScalar(s.r)};
  }
};

namespace {

struct Deepest : btCollisionWorld::ContactResultCallback {
  std::optional<btManifoldPoint> best;
  btScalar addSingleResult(btManifoldPoint& p, const btCollisionObjectWrapper*, int, int,
                           const btCollisionObjectWrapper*, int, int) override {
    if (!best || p.getDistance() < best->getDistance()) best = p;
    return 0;
  }
};

struct World {
  btDefaultCollisionConfiguration config;
  btCollisionDispatcher dispatcher{&config};
  btDbvtBroadphase broadphase;
  btCollisionWorld world{&dispatcher, &broadphase, &config};
  World() {
    gContactBreakingThreshold = 0;     // no contact margin
    dispatcher.setDispatcherFlags(0);  // no per-shape relative threshold
  }
};

void place(btCollisionObject& obj, const BtCapsule& h) {
  const btVector3 u(h.u[0], h.u[1], h.u[2]);
  btVector3 p, w;
  btPlaneSpace1(u, p, w);
  btTransform t;  // btCapsuleShape's axis is local Y: basis column 1 is u
  t.setBasis(btMatrix3x3(p.x(), u.x(), w.x(), p.y(), u.y(), w.y(), p.z(), u.z(), w.z()));
  t.setOrigin(btVector3(h.o[0], h.o[1], h.o[2]));
  obj.setWorldTransform(t);
}
void place(btCollisionObject& obj, const BtBall& b) {
  btTransform t;
  t.setIdentity();
  t.setOrigin(btVector3(b.c[0], b.c[1], b.c[2]));
  obj.setWorldTransform(t);
}
std::unique_ptr<btConvexShape> shape(const BtCapsule& h) { return std::make_unique<btCapsuleShape>(h.r, 2 * h.hh); }
std::unique_ptr<btConvexShape> shape(const BtBall& b) { return std::make_unique<btSphereShape>(b.r); }

struct Contact {
  double depth;
  exactgeom::Point3<double> normal;
};

template <class A, class B>
std::optional<Contact> collide(const A& a, const B& b) {
  static World w;
  const auto sa = shape(a), sb = shape(b);
  btCollisionObject oa, ob;
  oa.setCollisionShape(sa.get());
  ob.setCollisionShape(sb.get());
  place(oa, a);
  place(ob, b);
  Deepest cb;
  cb.m_closestDistanceThreshold = 0;
  w.world.contactPairTest(&oa, &ob, cb);
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

// examples/audits/bullet_shapes.hpp: what the Bullet audits share -- the one
// collision world their queries run in (no contact margin, no relative
// threshold), and the sphere, capsule and box as Bullet holds them (the audit
// asks about those shapes: to_exact), with their transforms and collision
// shapes. For Bullet's float build (bullet.pc) and its double build
// (bullet-float64.pc): btScalar is either.
#pragma once

#include <btBulletCollisionCommon.h>

#include <memory>

#include <exactgeom/audit/types.hpp>

/// A sphere as Bullet holds it: centre and radius in btScalar.
struct BtBall {
  btScalar c[3], r;
};
/// A capsule: centre o, unit axis u (basis column 1), half-height hh, radius r.
using BtCapsule = exactgeom::audit::CentredCapsule<btScalar, 1>;  // btCapsuleShape's rest axis: y
/// A box: centre, rotation columns (its axes) and half extents.
using BtBox = exactgeom::audit::RotatedBox3<btScalar>;

template <>
struct exactgeom::audit::shape_adapter<BtBall> {
  using exact_type = exactgeom::Sphere<double>;
  using scalar = btScalar;
  static BtBall from_exact(const exact_type& s) {
    return {{btScalar(s.center.x), btScalar(s.center.y), btScalar(s.center.z)}, btScalar(s.r)};
  }
};

namespace audits::bullet {

/// One collision world for all queries (contactPairTest and convexSweepTest
/// need no object in it but the ones they are given).
struct World {
  btDefaultCollisionConfiguration config;
  btCollisionDispatcher dispatcher{&config};
  btDbvtBroadphase broadphase;
  btCollisionWorld world{&dispatcher, &broadphase, &config};
  World() {
    gContactBreakingThreshold = 0;     // no contact margin
    dispatcher.setDispatcherFlags(0);  // no per-shape relative threshold
  }
  static World& get() {
    static World w;
    return w;
  }
};

inline btTransform transform_of(const BtBall& b) {
  btTransform t;
  t.setIdentity();
  t.setOrigin(btVector3(b.c[0], b.c[1], b.c[2]));
  return t;
}
inline btTransform transform_of(const BtCapsule& h) {
  const btVector3 u(h.u[0], h.u[1], h.u[2]);
  btVector3 p, w;
  btPlaneSpace1(u, p, w);
  btTransform t;  // btCapsuleShape's axis is local Y: basis column 1 is u
  t.setBasis(btMatrix3x3(p.x(), u.x(), w.x(), p.y(), u.y(), w.y(), p.z(), u.z(), w.z()));
  t.setOrigin(btVector3(h.o[0], h.o[1], h.o[2]));
  return t;
}
inline btTransform transform_of(const BtBox& b) {
  const auto& a = b.axis;  // basis columns are the box's axes
  btTransform t;
  t.setBasis(btMatrix3x3(a[0][0], a[1][0], a[2][0], a[0][1], a[1][1], a[2][1], a[0][2], a[1][2], a[2][2]));
  t.setOrigin(btVector3(b.c[0], b.c[1], b.c[2]));
  return t;
}

/// The collision shapes: a sphere and a capsule hold their radius as their
/// margin (Bullet allows no other); a box gets margin 0, so its half extents
/// are its dimensions.
inline std::unique_ptr<btConvexShape> shape(const BtBall& b) { return std::make_unique<btSphereShape>(b.r); }
inline std::unique_ptr<btConvexShape> shape(const BtCapsule& h) {
  return std::make_unique<btCapsuleShape>(h.r, 2 * h.hh);
}
inline std::unique_ptr<btConvexShape> shape(const BtBox& b) {
  auto s = std::make_unique<btBoxShape>(btVector3(b.half[0], b.half[1], b.half[2]));
  s->setMargin(0);
  return s;
}

}  // namespace audits::bullet
